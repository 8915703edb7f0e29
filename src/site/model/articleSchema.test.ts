/**
 * The checker over config/articles: an article is typed blocks, never markup (a block or a key
 * the schema does not describe is refused), its address is one short path part of its own (not
 * another article's, not a page's), its dates are real. Each mistake is made in a copy of a real
 * article; the sentences are pinned.
 */
import { rmSync } from 'node:fs';
import { loadRealConfig, makePublicDir, type Json, type RealConfig } from '../../test/realConfig';
import { addressFromTitle } from './articleSchema';
import { checkConfig } from '../../content/server/checkConfig';

let real: RealConfig;
let publicDir: string;
let id: string;
let file: string;

beforeAll(async () => {
  real = await loadRealConfig();
  publicDir = makePublicDir(real);
  id = Object.keys(real.articles)[0]!;
  file = `config/articles/${id}.ts`;
});
afterAll(() => rmSync(publicDir, { recursive: true, force: true }));

/** The problems after `mutate` changed a copy of the first article (and may add others). */
function problemsAfter(mutate: (article: Json, articles: Record<string, Json>) => void): string[] {
  const copy = structuredClone(real);
  mutate(copy.articles[id]!, copy.articles);
  return checkConfig({ site: copy.site, routes: copy.routes, pages: copy.pages, forms: copy.forms, articles: copy.articles, publicDir }).problems;
}

test('the real articles are all good', () => {
  expect(problemsAfter(() => {})).toEqual([]);
});

test('markup is refused: a block of HTML, an html key, a style on a run', () => {
  expect(
    problemsAfter((article) => {
      article.body = [
        { type: 'html', html: '<b>bold</b>' },
        { type: 'paragraph', content: [{ text: 'x' }], html: '<script>alert(1)</script>' },
        { type: 'paragraph', content: [{ text: 'y', style: 'color:red' }] },
      ];
    }),
  ).toEqual([
    `${file}: body[0].type is "html", which is not a kind of block. Use one of: heading, paragraph, list, quote, picture, link.`,
    `${file}: body[1].html is not a known key here. Rename or remove it. The keys allowed here are: type, content.`,
    `${file}: body[2].content[0].style is not a known key here. Rename or remove it. The keys allowed here are: text, bold, italic, href.`,
  ]);
});

test('a body has blocks, each with its text; a link in a run is a page of the site or a full address', () => {
  expect(
    problemsAfter((article) => {
      article.body = [
        { type: 'heading', level: 4, text: ' ' },
        { type: 'paragraph', content: [] },
        { type: 'paragraph', content: [{ text: 'go', href: 'javascript:alert(1)' }] },
        { type: 'list', items: [[{ text: 'ok' }], []] },
      ];
    }),
  ).toEqual([
    `${file}: body[0].level is 4, but it should be at most 3.`,
    `${file}: body[0].text is empty. Write the text between the quotes, or remove the key if it is optional.`,
    `${file}: body[1].content has 0 items, but it needs at least 1.`,
    `${file}: body[2].content[0].href "javascript:alert(1)" does not look like a valid URL. Make sure it starts with https:// (or mailto: or tel:), or with / for a page of this site.`,
    `${file}: body[3].items[1] has 0 items, but it needs at least 1.`,
  ]);
  expect(problemsAfter((article) => (article.body = []))).toEqual([`${file}: body is empty. Write at least one block (a paragraph, a heading…).`]);
});

test("an address is one short part of lower case letters, digits and dashes, not another article's, not a page's", () => {
  const bad = (address: string) => problemsAfter((article) => (article.address = address));
  expect(bad('My Article')).toEqual([
    `${file}: address "My Article" is not a valid address. Use only lower case letters (a-z), digits and single dashes between words, like "my-first-article".`,
  ]);
  expect(bad('a/b')).toEqual([
    `${file}: address "a/b" is not a valid address. Use only lower case letters (a-z), digits and single dashes between words, like "my-first-article".`,
  ]);
  expect(bad('feed.xml')).toHaveLength(1);
  expect(bad('x'.repeat(81))).toEqual([`${file}: address "${'x'.repeat(57)}..." is longer than 80 characters. Shorten it.`]);

  const other = Object.keys(real.articles)[1]!;
  const taken = real.articles[other]!.address as string;
  expect(problemsAfter((article) => (article.address = taken))).toEqual([
    expect.stringMatching(new RegExp(`^config/articles/(${id}|${other})\\.ts: address "${taken}" is already the address of the article "`)),
  ]);

  // An address that makes a page's address: a route the site has under the articles' path.
  const base = (real.site.articles as Json).path as string;
  const routes = structuredClone(real.routes) as { routes: Json[] };
  routes.routes.push({ path: `${base}/offer`, page: 'home' });
  const copy = structuredClone(real);
  copy.articles[id]!.address = 'offer';
  const { problems } = checkConfig({ site: copy.site, routes, pages: copy.pages, forms: copy.forms, articles: copy.articles, publicDir });
  expect(problems).toContain(`${file}: address "offer" makes the address "${base}/offer", which a page of the site already has. Choose another address.`);
});

test('the date is a real day; expires is a date and time with its offset', () => {
  expect(problemsAfter((article) => (article.date = '2026-02-30'))).toEqual([
    `${file}: date "2026-02-30" is not a date. Write it as year-month-day, like "2026-11-25".`,
  ]);
  expect(problemsAfter((article) => (article.expires = 'tomorrow'))).toEqual([
    `${file}: expires "tomorrow" is not a date and time. Write it like "2026-12-01T09:00:00Z" (year-month-day, T, hours:minutes, then Z or the offset from UTC).`,
  ]);
  expect(problemsAfter((article) => (article.expires = '2026-12-01T09:00:00+01:00'))).toEqual([]);
});

test('the address made from a title', () => {
  expect(addressFromTitle('Plan Your Shop')).toBe('plan-your-shop');
  expect(addressFromTitle('  Café & Crème: 10 tips!  ')).toBe('cafe-creme-10-tips');
  expect(addressFromTitle('<script>')).toBe('script');
});
