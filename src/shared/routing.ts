/**
 * Addresses to pages, from the routes of the content (config/routes.ts as a value): the router
 * the pages are drawn with, the renderer, our server (which answers every page address with its
 * page, from the content it serves) and the Firebase Hosting generator. Pure functions over the
 * routes given: nothing here reads a config file.
 */
import type { RoutesConfig } from '../config/routesSchema';
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

export function siteRoutes(routes: RoutesConfig): SiteRoutes {
  const pagePaths: readonly PagePath[] = routeTable(routes).map(({ path, page, canonical }) => ({ path, page, canonical }));
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
