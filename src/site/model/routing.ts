/**
 * Addresses to pages, from the routes of the content (config/routes.ts as a value): the router
 * the pages are drawn with, the renderer, our server (which answers every page address with its
 * page, from the content it serves) and the Firebase Hosting generator. Pure functions over the
 * routes given: nothing here reads a config file.
 */
import { articlePath } from './articleSchema';
import type { RoutesConfig } from './routesSchema';
import { isPageAddress } from '../../schema/addresses';
import { routeOfHref, routeTable } from './routeTable';

/** A page's id: its file's name in config/pages (without .ts). */
export type PageId = string;

export interface PagePath {
  path: string;
  page: PageId;
  /** The page's main address (differs from `path` for an alias). */
  canonical: string;
}

/** What the router keeps on each page's route (read back by useCurrentPage and the tests). */
export interface RouteHandle {
  page: PageId;
  canonical: string;
}

/** The addresses of the site's routes, and the page each shows. */
export interface SiteRoutes {
  /** Every address the site answers, main paths first, then aliases. */
  readonly pagePaths: readonly PagePath[];
  readonly fallbackPage: PageId;
  /** The page shown at an address: exact (case-sensitive) match, else the fallback page. */
  resolvePath(pathname: string): PagePath & { matched: boolean };
  /** A page's main address ('/' for a page no route shows). */
  mainPathOf(page: PageId): string;
  /** The page a link target points at, or undefined for addresses outside the site. */
  pageOfHref(href: string): PageId | undefined;
}

/**
 * The addresses of a routes file, main paths first, then aliases. An address that cannot be a
 * page's (src/schema/addresses.ts: npm run check refuses it) is never a route, never a file the
 * render writes, whatever reached config/routes.ts.
 */
export function pagePathsOf(routes: unknown): PagePath[] {
  return routeTable(routes)
    .filter(({ path, canonical }) => isPageAddress(path) && isPageAddress(canonical))
    .map(({ path, page, canonical }) => ({ path, page, canonical }));
}

export function siteRoutes(routes: RoutesConfig): SiteRoutes {
  const pagePaths: readonly PagePath[] = pagePathsOf(routes);
  const fallbackPage: PageId = routes.fallback;
  const mainPathOf = (page: PageId) => pagePaths.find((p) => p.page === page)?.canonical ?? '/';
  return {
    pagePaths,
    fallbackPage,
    mainPathOf,
    resolvePath(pathname) {
      // The router ignores one trailing slash (/Blog/ shows the blog), so does this.
      const path = pathname === '' ? '/' : pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
      const hit = pagePaths.find((p) => p.path === path);
      if (hit) return { ...hit, matched: true };
      return { path, page: fallbackPage, canonical: mainPathOf(fallbackPage), matched: false };
    },
    pageOfHref: (href) => routeOfHref(pagePaths, href)?.page,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a page file says of its own address (a page the office made): the optional keys of src/site/model/pageSchema.ts. */
interface OwnAddress {
  address?: unknown;
}

/**
 * The pages that carry their own address (the office's pages: config/routes.ts stays the
 * developers' list), as routes: each page whose `address` no route of config/routes.ts already
 * shows, and which no route names, in the order of `pages`. The checker refuses the clashes left out.
 */
export function officeRoutes(routes: unknown, pages: Readonly<Record<string, unknown>>): { path: string; page: PageId }[] {
  const table = routeTable(routes);
  const taken = new Set(table.map((row) => row.path));
  const routed = new Set(table.map((row) => row.page));
  const out: { path: string; page: PageId }[] = [];
  for (const [page, config] of Object.entries(pages)) {
    const address = isRecord(config) ? (config as OwnAddress).address : undefined;
    if (typeof address !== 'string' || routed.has(page) || taken.has(address) || !isPageAddress(address)) continue;
    taken.add(address);
    out.push({ path: address, page });
  }
  return out;
}

/** The routes of config/routes.ts with the office's pages after them: what the site answers (siteContentOf gives it as `routes`). */
export function withOfficePages(routes: RoutesConfig, pages: Readonly<Record<string, unknown>>): RoutesConfig {
  const office = officeRoutes(routes, pages);
  return office.length === 0 ? routes : { ...routes, routes: [...routes.routes, ...office] };
}

/** The kinds of thing with an address of its own, and how a content value lists them: adding a kind is one line here. */
const ADDRESS_KINDS: Record<string, (content: AddressedContent) => { id: string; address: string }[]> = {
  page: (content) => [
    ...pagePathsOf(content.routes)
      .filter((p) => p.path === p.canonical)
      .map((p) => ({ id: p.page, address: p.path })),
    ...officeRoutes(content.routes, content.pages ?? {}).map((r) => ({ id: r.page, address: r.path })),
  ],
  // Each article at <site.articles.path>/<its address>, by its file's name.
  article: (content) => {
    const base =
      isRecord(content.site) && isRecord(content.site.articles) && typeof content.site.articles.path === 'string' ? content.site.articles.path : undefined;
    if (base === undefined) return [];
    // Never one whose address cannot be a page's (as articlePages leaves it out): it is no page, so never moved or gone.
    return Object.entries(content.articles ?? {}).flatMap(([id, article]) => {
      const address = isRecord(article) && typeof article.address === 'string' ? articlePath(base, { address: article.address }) : undefined;
      return address !== undefined && isPageAddress(address) ? [{ id, address }] : [];
    });
  },
};

/** What contentAddresses reads of the content (the routes as the site answers them: office pages included). */
export interface AddressedContent {
  routes?: unknown;
  pages?: Readonly<Record<string, unknown>>;
  /** config/site.ts (where the articles' pages are) and the articles by id, as the loader gives them. */
  site?: unknown;
  articles?: Readonly<Record<string, unknown>>;
}

/** One thing of the site at its main address: `page:<id>` or `article:<id>`. */
export interface ContentAddress {
  key: string;
  address: string;
}

/** Every page (and, by ADDRESS_KINDS, every other kind) of some content at its main address: what config/moved.ts is worked out from. */
export function contentAddresses(content: AddressedContent): ContentAddress[] {
  return Object.entries(ADDRESS_KINDS).flatMap(([kind, list]) => list(content).map(({ id, address }) => ({ key: `${kind}:${id}`, address })));
}

/** Whether search engines may list a page (its `searchable`, default yes). */
export const isSearchable = (page: unknown) => !(isRecord(page) && page.searchable === false);

/** The menu's links: config/site.ts's, then the office's pages that ask to be in it (their menu label, else their title). */
export function menuLinks(content: {
  site: { navigation: { links: readonly { label: string; href: string }[] } };
  routes: unknown;
  pages: Readonly<Record<string, unknown>>;
}): { label: string; href: string }[] {
  const links = [...content.site.navigation.links];
  const office = new Set(officeRoutes({ routes: [] }, content.pages).map((r) => r.page));
  for (const { path, page } of pagePathsOf(content.routes)) {
    const config = content.pages[page];
    if (!office.has(page) || !isRecord(config) || config.inMenu !== true || links.some((l) => l.href === path)) continue;
    const label = typeof config.menuLabel === 'string' ? config.menuLabel : typeof config.title === 'string' ? config.title : path;
    links.push({ label, href: path });
  }
  return links;
}
