/**
 * Addresses to pages, from the routes of the content (config/routes.ts as a value): the router
 * the pages are drawn with, the renderer, our server (which answers every page address with its
 * page, from the content it serves) and the Firebase Hosting generator. Pure functions over the
 * routes given: nothing here reads a config file.
 */
import type { RoutesConfig } from '../config/routesSchema';
import { isPageAddress } from './addresses';
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
 * page's (src/shared/addresses.ts: npm run check refuses it) is never a route, never a file the
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
