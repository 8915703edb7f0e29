/**
 * The articles' feed keeps each entry's id when an article's address changes (a feed reader would
 * show it as a new article): the id is made from what never changes (the article's file name, or
 * its `feedId`), and the articles as shipped keep the ids the feed gave them at their addresses.
 */
import { JSDOM } from 'jsdom';
import { articlePages } from '../site/model/articles';
import type { SiteContent } from '../site/model/siteContent';
import { loadRealContent } from '../test/realConfig';
import { atomFeed } from './feed';

let content: SiteContent;
beforeAll(async () => {
  content = await loadRealContent();
}, 60_000);

/** Each entry's id and link, in the feed's order. */
function entriesOf(given: SiteContent): { id: string; link: string }[] {
  const { document } = new JSDOM(atomFeed(given.site, articlePages(given), '2026-11-25'), { contentType: 'application/xml' }).window;
  return [...document.querySelectorAll('entry')].map((entry) => ({
    id: entry.querySelector('id')!.textContent!,
    link: entry.querySelector('link')!.getAttribute('href')!,
  }));
}

test("an article's entry keeps its id when its address changes; only its link follows the address", () => {
  const before = entriesOf(content);
  expect(before.length).toBeGreaterThan(0);
  const renamed = { ...content, articles: content.articles.map((article) => ({ ...article, address: `${article.address}-renamed` })) };
  const after = entriesOf(renamed);
  expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
  expect(after.map((e) => e.link)).toEqual(before.map((e) => e.link.replace(/$/, '-renamed')));
  // Every entry its own id.
  expect(new Set(after.map((e) => e.id)).size).toBe(after.length);
});

test('the articles as shipped keep the ids the feed gave them at their addresses: no reader sees them as new', () => {
  for (const { id, link } of entriesOf(content)) expect(id).toBe(link);
});
