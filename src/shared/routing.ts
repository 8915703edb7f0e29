/**
 * Addresses to pages, from config/routes.ts. Pure functions: used by the router, the
 * prerenderer, our server (which answers every page address with its page) and the
 * Firebase Hosting generator. Page ids are checked against config/pages by type only:
 * nothing here loads a page's config (src/app/pageModules.ts does, in the browser).
 */
import routesFile from '../../config/routes';
import type pages from '../../config/pages';
import type { RoutesConfig } from '../config/routesSchema';
import { isPageAddress } from './addresses';
import { routeOfHref, routeTable } from './routeTable';

const routesConfig: RoutesConfig = routesFile;

export type PageId = keyof typeof pages;

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

// npm run check refuses a route naming a page config/pages/index.ts does not list.
const asPageId = (id: string) => id as PageId;

/**
 * The addresses of a routes file, main paths first, then aliases. An address that cannot be a
 * page's (src/shared/addresses.ts: npm run check refuses it) is never a route, never a file the
 * build writes, whatever reached config/routes.ts.
 */
export function pagePathsOf(routes: unknown): PagePath[] {
  return routeTable(routes)
    .filter(({ path, canonical }) => isPageAddress(path) && isPageAddress(canonical))
    .map(({ path, page, canonical }) => ({ path, page: asPageId(page), canonical }));
}

/** Every address the site answers, main paths first, then aliases. */
export const pagePaths: readonly PagePath[] = pagePathsOf(routesConfig);

export const fallbackPage: PageId = asPageId(routesConfig.fallback);

/** The page shown at an address: exact (case-sensitive) match, else the fallback page. */
export function resolvePath(pathname: string): PagePath & { matched: boolean } {
  // The router ignores one trailing slash (/Blog/ shows the blog), so does this.
  const path = pathname === '' ? '/' : pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const hit = pagePaths.find((p) => p.path === path);
  if (hit) return { ...hit, matched: true };
  return { path, page: fallbackPage, canonical: mainPathOf(fallbackPage), matched: false };
}

export function mainPathOf(page: PageId): string {
  const route = pagePaths.find((p) => p.page === page);
  return route ? route.canonical : '/';
}

/** The page a link target points at, or undefined for addresses outside the site. */
export function pageOfHref(href: string): PageId | undefined {
  return routeOfHref(pagePaths, href)?.page;
}
