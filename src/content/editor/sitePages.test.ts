/**
 * Which links the content editor shows as a page of the site: every address config/routes.ts
 * knows (main paths and aliases, case as written, with or without a #part), read with the same
 * route table as the site's router; anything else is an address typed in full.
 */
import { loadRealConfig } from '../../test/realConfig';
import routes from '../../../config/routes';
import { siteRoutes } from '../../site/model/routing';
import { linkModeOf, pageOfLink, sitePages, titleOfPage, typedLink } from './sitePages';

let pages: ReturnType<typeof sitePages>;
const titles: Record<string, unknown> = {};
beforeAll(async () => {
  for (const [id, page] of Object.entries((await loadRealConfig()).pages)) titles[id] = titleOfPage(page);
  pages = sitePages(routes, (page) => titles[page]);
});

const addresses = routes.routes.flatMap((r) => [r.path, ...(r.aliases ?? [])]);

test('the editor knows every address of config/routes.ts, aliases too, and nothing more', () => {
  expect(pages.map((p) => p.path)).toEqual(addresses);
});

test.each(addresses)('%s is a page of the site, the page the site shows there', (address) => {
  const route = routes.routes.find((r) => r.path === address || (r.aliases ?? []).includes(address))!;
  expect(linkModeOf(address, pages)).toBe('page');
  expect(linkModeOf(`${address}#part`, pages)).toBe('page');
  expect(linkModeOf(`${address}?a=1`, pages)).toBe('page');
  const page = pageOfLink(address, pages)!;
  // The same page as the site's router shows at that address, named by its title.
  expect(page.canonical).toBe(route.path);
  expect(page.canonical).toBe(siteRoutes(routes).resolvePath(address).canonical);
  expect(page.label).toBe(titles[route.page]);
});

test('any other link is an address: outside the site, or a path config/routes.ts does not write so', () => {
  const unknown = addresses.map((a) => `${a}x`).filter((a) => !addresses.includes(a));
  const otherCase = addresses.map((a) => (a.toLowerCase() === a ? a.toUpperCase() : a.toLowerCase())).filter((a) => !addresses.includes(a));
  expect(otherCase.length).toBeGreaterThan(0);
  for (const link of [...unknown, ...otherCase, 'https://example.com/About-us', 'mailto:a@example.com', 'tel:+15550100199']) {
    expect([link, linkModeOf(link, pages)]).toEqual([link, 'address']);
  }
  // A new, empty link starts on the list of pages.
  expect(linkModeOf('', pages)).toBe('page');
});

describe('typedLink: what is typed in a link box, read against the pages', () => {
  // The main addresses with capitals and no alias in small letters.
  const main = routes.routes.filter((r) => r.path !== r.path.toLowerCase() && !(r.aliases ?? []).includes(r.path.toLowerCase())).map((r) => r.path);

  test.each(main)('%s typed in small letters, with or without its /, with a #part, is that page at its true address', (address) => {
    for (const typed of [address.toLowerCase(), address.slice(1).toLowerCase(), ` ${address.toUpperCase()} `]) {
      expect(typedLink(typed, pages)).toEqual({ kind: 'page', href: address, page: pageOfLink(address, pages) });
    }
    expect(typedLink(`${address.toLowerCase()}#part`, pages)).toMatchObject({ kind: 'page', href: `${address}#part` });
  });

  test('an alias written as config/routes.ts writes it stays as written; in another case it is an address of that page', () => {
    for (const route of routes.routes) {
      for (const alias of route.aliases ?? []) {
        expect(typedLink(alias, pages)).toMatchObject({ kind: 'page', href: alias });
        const other = alias.toUpperCase();
        const found = typedLink(other, pages);
        expect(found).toMatchObject({ kind: 'page', page: { canonical: route.path } });
        expect([route.path, ...(route.aliases ?? [])]).toContain(found.kind === 'page' ? found.href : undefined);
      }
    }
  });

  test('an address of the site that is no page is said to be none; whole addresses are taken as written; words are no link', () => {
    expect(typedLink('/no-such-page', pages)).toEqual({ kind: 'notAPage' });
    expect(typedLink('no-such-page', pages)).toEqual({ kind: 'notAPage' });
    expect(typedLink('https://example.com/Services', pages)).toEqual({ kind: 'address', href: 'https://example.com/Services' });
    expect(typedLink('mailto:a@example.com', pages)).toEqual({ kind: 'address', href: 'mailto:a@example.com' });
    expect(typedLink('www.example.com', pages)).toEqual({ kind: 'withHttps', href: 'https://www.example.com' });
    expect(typedLink('two words', pages)).toEqual({ kind: 'notALink' });
    expect(typedLink('//evil.example/x', pages)).toEqual({ kind: 'notALink' });
    expect(typedLink('  ', pages)).toEqual({ kind: 'empty' });
    // Without the pages at hand (the newsletter's box), an address of the site is taken as written.
    expect(typedLink('/anything', undefined)).toEqual({ kind: 'address', href: '/anything' });
  });
});
