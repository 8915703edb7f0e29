/**
 * The page a visitor gets at the address of a page the office removed (src/site/model/gonePages.ts,
 * src/site/pages/GonePage.tsx), as the server renderer draws it for the render: in the site's layout
 * (its menu, with no page marked as the current one, its footer), the office's sentence as its one
 * headline and in its title, the site's line under it, the links the office chose (to pages the
 * site answers), not for search engines; an address removed before words came, or with none, shows
 * the site's words (config/site.ts `gone`). One page for each set of words. All compared with config/.
 */
import { getByRole, queryAllByRole } from '@testing-library/dom';
import { JSDOM } from 'jsdom';
import { renderPage } from '../entry-server';
import { gonePagesOf } from '../model/gonePages';
import type { SiteContent } from '../model/siteContent';
import { loadRealContent } from '../../test/realConfig';

Object.assign(globalThis, { __DATA_ADAPTER__: 'local' });

let content: SiteContent;
beforeAll(async () => {
  content = await loadRealContent();
}, 60_000);

async function draw(address: string, given: SiteContent) {
  const page = await renderPage(address, given);
  return new JSDOM(`<!doctype html><html lang="en"><head>${page.head}</head><body><div id="root">${page.body}</div></body></html>`).window.document;
}

test("the office's words, its links, in the site's layout, not for search engines; the site's words where it wrote none", async () => {
  const contact = content.site.navigation.links.find((l) => l.href !== '/')!;
  const office = { address: '/autumn-offer', message: 'This offer has ended', links: [{ label: contact.label, href: contact.href }] };
  const given = {
    ...content,
    moved: { moved: [], gone: [office, '/older-offer', { address: '/winter-offer', links: [{ label: 'Nowhere', href: '/no-such-page' }] }] },
  } as SiteContent;
  const pages = gonePagesOf(given);
  // The office's words on one page; the site's on the other (an address alone, and one whose only link leads to no page).
  expect(pages.map((p) => p.addresses)).toEqual([['/autumn-offer'], ['/older-offer', '/winter-offer']]);
  for (const page of pages) expect(page.file).toMatch(/^__gone__\/[0-9a-f]{8}\.html$/);

  for (const [page, words] of [
    [pages[0]!, { message: office.message, links: office.links }],
    [pages[1]!, { message: content.site.gone.message, links: content.site.gone.links }],
  ] as const) {
    const document = await draw(page.renderPath, given);
    const main = getByRole(document.body, 'main');
    expect([...document.querySelectorAll('h1')].map((h) => h.textContent)).toEqual([words.message]);
    expect(main.textContent).toContain(content.site.gone.text);
    expect(queryAllByRole(main, 'link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual(words.links.map((l) => [l.label, l.href]));
    expect(document.title).toBe(`${words.message} | ${content.site.brand.name}`);
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    // The site's layout: its menu (no page of it marked as the one shown) and its footer.
    const nav = getByRole(document.body, 'navigation', { name: content.site.navigation.label });
    expect(queryAllByRole(nav, 'link').map((a) => a.textContent)).toEqual(expect.arrayContaining(content.site.navigation.links.map((l) => l.label)));
    expect(nav.querySelectorAll('[aria-current="page"]')).toHaveLength(0);
    getByRole(document.body, 'contentinfo');
  }
});

test('no gone address, no such page; the same words twice, one page', () => {
  expect(gonePagesOf(content)).toEqual(content.moved.gone.length === 0 ? [] : expect.any(Array));
  const twice = gonePagesOf({ ...content, moved: { moved: [], gone: ['/a', '/b'] } });
  expect(twice).toHaveLength(1);
  expect(twice[0]!.addresses).toEqual(['/a', '/b']);
});
