/**
 * What every address's page says, as the server renderer draws it (src/site/entry-server.tsx, the
 * code the build prerenders every page file with): its one headline, the head that search
 * engines and link previews read (title, description, canonical address, robots, Open Graph and
 * Twitter card tags, theme colour), the navbar link marked as the current page, and the links
 * that leave the site (https, a new tab, a safe rel, a name that says so). All compared with
 * config/.
 *
 * The browser tests keep what only a browser shows: that each address answers with these files
 * over HTTP (e2e/findable.e2e.ts, e2e/pages-files.e2e.ts), that they hydrate and stay so
 * (e2e/hydration.e2e.ts), and how they look and behave (e2e/routes.e2e.ts, e2e/pages.e2e.ts...).
 */
import { getByRole, queryAllByRole } from '@testing-library/dom';
import { JSDOM } from 'jsdom';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import routesFile from '../../../config/routes';
import site from '../../../config/site';
import type { PageConfig } from '../model/pageSchema';
import type { RoutesConfig } from '../model/routesSchema';
import { renderPage } from '../entry-server';
import { PRERENDERED_STYLES_KEY } from '../islands/emotionCache';
import { chatHref, whatsappHref } from '../../schema/links';
import type { RenderedPage } from '../model/pageRender';
import { loadRealContent } from '../../test/realConfig';
import { makeSite } from '../../test/contentSite';
import { readSiteContent } from '../../content/server/configFolder';

// The build's choice of data adapter (vite.config.ts defines it; the privacy page names it): the pages visitors get use our own server's.
Object.assign(globalThis, { __DATA_ADAPTER__: 'local' });

const routes: RoutesConfig = routesFile;
type PageId = string;

/** Every address the site answers, with the page it shows (aliases included). */
const addresses = routes.routes.flatMap((route) => [route.path, ...(route.aliases ?? [])].map((path) => ({ path, page: route.page as PageId })));
/** Addresses no route names: the fallback page. */
const unknown = ['/no-such-page', '/about-us/deeper/path', '/no-such-page/at-all'];
const mainPathOf = (page: PageId) => routes.routes.find((r) => r.page === page)!.path;
const absolute = (path: string) => `${site.brand.url}${path}`;

let pages: Record<string, PageConfig>;
/** Each address's page as the renderer draws it, read as a browser without JavaScript reads the page file. */
const drawn = new Map<string, { page: RenderedPage; document: Document }>();

beforeAll(async () => {
  pages = {};
  const content = await loadRealContent();
  pages = { ...content.pages };
  for (const path of [...addresses.map((a) => a.path), ...unknown]) {
    const page = await renderPage(path, content);
    const { document } = new JSDOM(`<!doctype html><html lang="en"><head>${page.head}</head><body><div id="root">${page.body}</div></body></html>`).window;
    drawn.set(path, { page, document });
  }
}, 120_000);

function documentOf(path: string): Document {
  const found = drawn.get(path);
  if (!found) throw new Error(`${path} was not drawn`);
  return found.document;
}

/** The first section's heading, which every page shows as its h1. */
function headingOf(page: PageId): string {
  const first = pages[page]!.sections[0] as { heading?: string } | undefined;
  if (!first?.heading) throw new Error(`The ${page} page's first section has no heading`);
  return first.heading;
}

/** The label of the navbar link that leads to a page, if one does. */
function navLabelOf(page: PageId): string | undefined {
  return site.navigation.links.find((l) => addresses.find((a) => a.path === l.href)?.page === page)?.label;
}

/** The head as a crawler reads it. */
function headOf(document: Document) {
  const meta = (selector: string) => {
    const found = document.head.querySelectorAll(selector);
    if (found.length > 1) throw new Error(`${found.length} × ${selector} in the head`);
    return found[0]?.getAttribute('content') ?? null;
  };
  return {
    titles: [...document.head.querySelectorAll('title')].map((t) => t.textContent),
    description: meta('meta[name="description"]'),
    canonical: [...document.head.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
    robots: meta('meta[name="robots"]'),
    og: {
      title: meta('meta[property="og:title"]'),
      description: meta('meta[property="og:description"]'),
      url: meta('meta[property="og:url"]'),
      image: meta('meta[property="og:image"]'),
      imageAlt: meta('meta[property="og:image:alt"]'),
      siteName: meta('meta[property="og:site_name"]'),
    },
    twitter: { card: meta('meta[name="twitter:card"]'), title: meta('meta[name="twitter:title"]'), image: meta('meta[name="twitter:image"]') },
    themeColor: meta('meta[name="theme-color"]'),
  };
}

/** The head a page's address should have: `indexable` false for the fallback page shown at an unknown address. */
function expectedHead(page: PageId, indexable: boolean) {
  const config = pages[page]!;
  const canonical = absolute(mainPathOf(page));
  return {
    titles: [config.title],
    description: config.description,
    canonical: [canonical],
    robots: indexable ? null : 'noindex',
    og: {
      title: config.title,
      description: config.description,
      url: canonical,
      image: absolute(site.brand.shareImage.src),
      imageAlt: site.brand.shareImage.alt,
      siteName: site.brand.name,
    },
    twitter: { card: 'summary_large_image', title: config.title, image: absolute(site.brand.shareImage.src) },
    themeColor: site.brand.colors.primaryDark,
  };
}

/** The site's navbar (the one shown on wide screens: the small screens' menu panel is drawn when opened). */
function navbar(document: Document): HTMLElement {
  const navs = queryAllByRole(document.body, 'navigation', { name: site.navigation.label });
  expect(navs).toHaveLength(1);
  return navs[0]!;
}

const cases = [
  ...addresses.map(({ path, page }) => ({ path, page, indexable: true })),
  ...unknown.map((path) => ({ path, page: routes.fallback as PageId, indexable: false })),
];

describe.each(cases)('$path', ({ path, page, indexable }) => {
  test(`shows the ${page} page's one headline`, () => {
    const h1s = [...documentOf(path).querySelectorAll('h1')].map((h) => h.textContent);
    expect(h1s).toEqual([headingOf(page)]);
  });

  test(`has the ${page} page's title, description, canonical address and preview tags${indexable ? '' : ', marked noindex'}`, () => {
    expect(headOf(documentOf(path))).toEqual(expectedHead(page, indexable));
  });

  test('marks the navbar link of its page (a link) as the current page, and no other', () => {
    const current = [...navbar(documentOf(path)).querySelectorAll('[aria-current="page"]')];
    const label = navLabelOf(page);
    // None on a page the navbar does not link to (the privacy page, linked from the footer).
    expect(current.map((c) => [c.tagName, c.textContent])).toEqual(label === undefined ? [] : [['A', label]]);
  });

  test("has no element in one of MUI's states, and no CSS rule that needs one (no MUI code runs on a page to give one)", () => {
    const document = documentOf(path);
    const inAState = [...document.querySelectorAll('[class]')].flatMap((e) => [...e.classList].filter((c) => /^Mui-[a-z]|^Mui[A-Z]\w*-loading$/.test(c)));
    expect(inAState).toEqual([]);
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('');
    // The CSS read: the rule of a MUI button's own class is there.
    const button = [...document.querySelector('.MuiButton-root')!.classList].find((c) => c.startsWith('css-'));
    expect(css).toContain(`.${button}{`);
    // A rule's selector, read from its start (just after a brace, or the CSS's start): the same
    // selectors as from anywhere, without trying each position in between (tens of milliseconds a page).
    expect(css.match(/(?<=^|[{}])[^{}]*\.(?:Mui-[a-z]\w*|Mui[A-Z]\w*-loading)\b[^{}]*\{/g) ?? []).toEqual([]);
  });

  test("lists as already in the page only styles its islands' own code draws (no other code of the page runs in the browser)", () => {
    const document = documentOf(path);
    const list = document.querySelector<HTMLStyleElement>(`style[data-emotion^="${PRERENDERED_STYLES_KEY} "]`)!.dataset.emotion!.split(' ').slice(1);
    // Every page has an island (the menu's) drawn with emotion's own styles.
    expect(document.querySelector('[data-island]')).not.toBeNull();
    expect(list.length).toBeGreaterThan(0);
    // An element with a listed style is drawn by an island's code: inside an island, not in one of its slots (drawn here only, with MUI).
    const elsewhere = list.flatMap((id) =>
      [...document.getElementsByClassName(`css-${id}`)]
        .filter((e) => !e.parentElement?.closest('[data-island], [data-slot]')?.matches('[data-island]'))
        .map((e) => `${id} on <${e.tagName}>`),
    );
    expect(elsewhere).toEqual([]);
  });
});

test('every page has a title and a description of its own', () => {
  const all = Object.values(pages);
  expect(new Set(all.map((p) => p.title)).size).toBe(all.length);
  expect(new Set(all.map((p) => p.description)).size).toBe(all.length);
});

describe('links that leave the site', () => {
  /** https, a new tab, and a rel that keeps the new tab from reaching back. */
  function expectNewTab(link: Element, href: string): void {
    expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual([href, '_blank']);
    expect([href, (link.getAttribute('rel') ?? '').split(/\s+/)]).toEqual([href, expect.arrayContaining(['noopener', 'noreferrer'])]);
  }

  test.each(routes.routes.map((r) => r.path))('on %s: every one is https and opens safely in a new tab', (path) => {
    const links = [...documentOf(path).querySelectorAll('a[href^="http"], a[href^="//"]')];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const href = link.getAttribute('href')!;
      expect([path, href]).toEqual([path, expect.stringMatching(/^https:\/\//)]);
      expectNewTab(link, href);
    }
  });

  test('the Product page NFC button opens the NFC card site in a new tab, and says so', () => {
    const split = pages.product!.sections.find((s) => s.type === 'split');
    const action = split && split.type === 'split' ? split.actions?.[0] : undefined;
    if (!action) throw new Error('config/pages/product.ts has no button');
    expect(action.href).toMatch(/^https:\/\//);
    const main = getByRole(documentOf(mainPathOf('product')).body, 'main');
    // Screen-reader users are told it opens a new tab.
    expectNewTab(getByRole(main, 'link', { name: `${action.label} ${site.ui.newTabHint}` }), action.href);
  });

  test('the social links (footer and contact bar) and the chat button open in a new tab, and say so', () => {
    const body = documentOf('/').body;
    const footer = getByRole(body, 'contentinfo');
    const bar = getByRole(body, 'complementary', { name: site.ui.contactBarLabel });
    for (const social of site.social) {
      expectNewTab(
        getByRole(getByRole(footer, 'list', { name: site.footer.socialLabel }), 'link', { name: new RegExp(`^${social.label}`) }),
        chatHref(site, social),
      );
      expectNewTab(getByRole(bar, 'link', { name: new RegExp(`^${social.label}`) }), chatHref(site, social));
    }
    // The chat button (MUI's floating button) sits in the footer landmark (where it shows is the browser test's: e2e/pages.e2e.ts).
    const chat = [...body.querySelectorAll('a.MuiFab-root')];
    expect(chat.map((c) => footer.contains(c))).toEqual([true]);
    expect(queryAllByRole(footer, 'link', { name: `${site.chat.label} ${site.ui.newTabHint}` })).toContain(chat[0]);
    expectNewTab(chat[0]!, chatHref(site, site.chat));
  });

  test("every WhatsApp link (the contact bar's, the footer's, the chat button's, the About page's) is a chat with the site's one phone number, and follows it when it changes", async () => {
    const whatsappLinks = (document: Document) =>
      [...document.querySelectorAll('a[href^="https://wa.me/"]')].map((a) => new URL(a.getAttribute('href')!).pathname);
    const now = [...whatsappLinks(documentOf('/')), ...whatsappLinks(documentOf(mainPathOf('about')))];
    // The contact bar's, the footer's and the chat button's (site.social's WhatsApp item and site.chat have no link of their own), and the About page's button.
    expect(now.length).toBeGreaterThanOrEqual(4);
    for (const at of now) expect(`https://wa.me${at}`).toBe(whatsappHref(site.contact.phone.href));
    // The phone number changed once, in config/site.ts, as the editor writes it: every link follows, the About page's too (its file reads it).
    const dir = makeSite();
    try {
      const file = path.join(dir, 'config', 'site.ts');
      const source = readFileSync(file, 'utf8');
      const { label, href } = site.contact.phone;
      const edited = source.replace(JSON.stringify(label).slice(1, -1), '+44 7700 900123').replace(href, 'tel:+447700900123');
      expect(edited).not.toBe(source);
      writeFileSync(file, edited);
      const content = await readSiteContent(dir);
      const rendered = async (at: string) => {
        const page = await renderPage(at, content);
        return new JSDOM(`<!doctype html><html lang="en"><head>${page.head}</head><body><div id="root">${page.body}</div></body></html>`).window.document;
      };
      const after = [...whatsappLinks(await rendered('/')), ...whatsappLinks(await rendered(mainPathOf('about')))];
      expect(after).toEqual(now.map(() => '/447700900123'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the About page's WhatsApp link opens a chat with the prefilled message in a new tab", () => {
    const main = getByRole(documentOf(mainPathOf('about')).body, 'main');
    const links = queryAllByRole(main, 'link', { name: /WhatsApp/ });
    expect(links).toHaveLength(1);
    const href = links[0]!.getAttribute('href')!;
    expect(href.startsWith(`${whatsappHref(site.contact.phone.href)}?text=`)).toBe(true);
    expect(new URL(href).searchParams.get('text')).toBe(site.whatsapp.message);
    expectNewTab(links[0]!, href);
  });
});

test('the footer has the columns with their links, the newsletter box and the copyright of this year', () => {
  const footer = getByRole(documentOf('/').body, 'contentinfo');
  for (const column of site.footer.columns) {
    getByRole(footer, 'heading', { name: column.heading });
    for (const link of column.links) {
      const found = queryAllByRole(footer, 'link', { name: link.label });
      expect([link.label, found.length > 0]).toEqual([link.label, true]);
      expect(found[0]!.getAttribute('href')).toBe(link.href);
    }
  }
  getByRole(footer, 'heading', { name: site.footer.newsletter.heading });
  expect(footer.textContent).toContain(String(new Date().getFullYear()));
});
