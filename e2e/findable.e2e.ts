/**
 * What search engines, link previews and any client without JavaScript get, over real HTTP to
 * the built site: every address answers with its page as HTML (its headline), an unknown
 * address answers the fallback page with status 404, the organisation is described as JSON-LD,
 * sitemap.xml and robots.txt list the main addresses, and each kind of file is cached as long
 * as it should be. Everything is compared with config/.
 *
 * The head of each address's page (title, description, canonical address, noindex for an
 * unknown address, Open Graph and Twitter card tags) is checked on the server renderer's
 * output, which the build writes into these files: src/site/pages/renderedPages.test.ts. That the
 * answers are those files, byte for byte: e2e/pages-files.e2e.ts.
 */
import { readSiteContent } from '../src/content/server/configFolder';
import { articlePages } from '../src/site/model/articles';
import type { APIRequestContext } from '@playwright/test';
import { CACHE_CONTROL } from '../src/site/model/caching';
import { chatHref } from '../src/schema/links';
import { asHtml, expect, headlinePattern, test } from './fixtures';
import { addresses, headingOf, mainPaths, pageConfigs, routes, site, type PageId } from './helpers/content';

/** What `curl` gets: the status, the type and the body of an address (a redirect is not followed: it is an answer of its own). */
async function fetchAddress(request: APIRequestContext, path: string) {
  const answer = await request.get(path, { headers: { Accept: 'text/html' }, maxRedirects: 0 });
  return { status: answer.status(), type: answer.headers()['content-type'] ?? '', body: await answer.text() };
}

const absolute = (path: string) => `${site.brand.url}${path}`;

const mainPathOf = (page: PageId) => mainPaths.find((p) => p.page === page)!.path;
/** The page's title and canonical address, as the page file has them in its head. */
const titleTag = (page: PageId) => `<title>${asHtml(pageConfigs[page].title)}</title>`;
const canonicalTag = (page: PageId) => `<link rel="canonical" href="${absolute(mainPathOf(page))}"/>`;
const NOINDEX = /<meta name="robots" content="noindex"\/?>/;

test("every address answers itself (no redirect) with HTML: its page's headline, title and canonical address, indexable", async ({ request }) => {
  for (const { path, page } of addresses) {
    const answer = await fetchAddress(request, path);
    expect([path, answer.status, answer.type]).toEqual([path, 200, expect.stringMatching(/^text\/html/)]);
    expect([path, headlinePattern(headingOf(page)).test(answer.body)]).toEqual([path, true]);
    expect([path, answer.body.includes(titleTag(page)), answer.body.includes(canonicalTag(page)), NOINDEX.test(answer.body)]).toEqual([
      path,
      true,
      true,
      false,
    ]);
  }
});

test('an unknown address answers 404 with the fallback page, marked noindex, pointing to its main address', async ({ request }) => {
  const fallback = routes.fallback as PageId;
  const answer = await fetchAddress(request, '/no-such-page/at-all');
  expect(answer.status).toBe(404);
  expect(answer.type).toMatch(/^text\/html/);
  expect(answer.body).toMatch(headlinePattern(headingOf(fallback)));
  expect(answer.body).toMatch(NOINDEX);
  expect(answer.body).toContain(canonicalTag(fallback));
});

test('the share image and the logo that previews and the JSON-LD name are served', async ({ request }) => {
  for (const src of [site.brand.shareImage.src, site.brand.logo.src]) {
    const answer = await request.get(src);
    expect([src, answer.status()]).toEqual([src, 200]);
    expect(answer.headers()['content-type']).toMatch(/^image\//);
  }
});

test('the organisation is described as JSON-LD from config/site.ts on every page', async ({ request }) => {
  for (const { path } of mainPaths) {
    const { body } = await fetchAddress(request, path);
    const scripts = [...body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
    expect(scripts, `JSON-LD on ${path}`).toHaveLength(1);
    const data = JSON.parse(scripts[0]![1]!);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: site.brand.name,
      url: site.brand.url,
      logo: absolute(site.brand.logo.src),
      contactPoint: [
        { '@type': 'ContactPoint', telephone: site.contact.phone.href.replace(/^tel:/, ''), email: site.contact.email.href.replace(/^mailto:/, '') },
      ],
      sameAs: site.social.map((s) => chatHref(site, s)),
    });
  }
});

test("sitemap.xml lists each main address once (no aliases) and each article's page, and robots.txt points to it", async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/xml/);
  const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const articles = articlePages(await readSiteContent(process.cwd())).map((a) => absolute(a.path));
  expect(locations.sort()).toEqual([...mainPaths.map((p) => absolute(p.path)), ...articles].sort());

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain(`Sitemap: ${absolute('/sitemap.xml')}`);
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Disallow: \/api\/$/m);
});

test('hashed scripts are kept a year, pages are asked again on every visit, pictures a day', async ({ request }) => {
  const page = await request.get('/');
  expect(page.headers()['cache-control']).toBe(CACHE_CONTROL.page);
  const script = /<script type="module"[^>]*>[\s\S]*?import\("(\/assets\/[^"]+\.js)"\)/.exec(await page.text())?.[1];
  expect(script, 'the page loads a hashed script').toBeTruthy();
  expect((await request.get(script!)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await request.get(site.brand.logo.src)).headers()['cache-control']).toBe(CACHE_CONTROL.images);
  expect((await request.get('/sitemap.xml')).headers()['cache-control']).toBe(CACHE_CONTROL.other);
});

test("a page's file name leads to its address; the fallback page's file is not a page of its own", async ({ request }) => {
  for (const [file, address] of [
    ['/Product.html', '/Product'],
    ['/index.html', '/'],
    ['/About-Us.html', '/About-Us'],
  ]) {
    const answer = await request.get(file!, { maxRedirects: 0 });
    expect([file, answer.status(), answer.headers().location]).toEqual([file, 301, address]);
  }
  expect((await request.get('/404.html', { maxRedirects: 0 })).status()).toBe(404);
});
