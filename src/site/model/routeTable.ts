/**
 * The one reading of config/routes.ts as a table of addresses: every main path and every alias,
 * as config writes them (case kept), with the page each shows and that page's main address.
 * The site's router (routing.ts), the config checker (which links are pages of the site) and the
 * content editor (a link shown as a page of the site or as an address) all use it. It takes the
 * routes as a value, not by import: the checker and the editor read the routes being edited,
 * and a routes file with mistakes still gives the addresses it has.
 */
import type { Path } from '../../schema/schema';
import { siteLinkOf } from '../../schema/addresses';

export interface RouteAddress {
  /** An address the site answers: "/About-us", or an alias such as "/About-Us". */
  path: string;
  /** The page file it shows (config/pages, without .ts). */
  page: string;
  /** The page's main address (the same as `path` unless `path` is an alias). */
  canonical: string;
  /** Where config/routes.ts writes it: ['routes', 1, 'aliases', 0]. */
  where: Path;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every address of the routes, main paths first within each route, in the file's order. */
export function routeTable(routes: unknown): RouteAddress[] {
  if (!isRecord(routes) || !Array.isArray(routes.routes)) return [];
  return routes.routes.flatMap((route: unknown, i) => {
    if (!isRecord(route)) return [];
    const page = typeof route.page === 'string' ? route.page : '';
    const main = typeof route.path === 'string' ? route.path : undefined;
    const out: RouteAddress[] = main === undefined ? [] : [{ path: main, page, canonical: main, where: ['routes', i, 'path'] }];
    if (Array.isArray(route.aliases)) {
      route.aliases.forEach((alias: unknown, j) => {
        if (typeof alias === 'string') out.push({ path: alias, page, canonical: main ?? alias, where: ['routes', i, 'aliases', j] });
      });
    }
    return out;
  });
}

/**
 * The address a link target asks the site for ("/Contact#form" -> "/Contact"), or undefined for a
 * link that leaves the site ("//host/…" and "/\\host" are another site's to a browser).
 */
export function sitePathOf(href: string): string | undefined {
  return siteLinkOf(href)?.path;
}

/** The row of the table a link target points at (exact, case as written), or undefined for any other link. */
export function routeOfHref<R extends Pick<RouteAddress, 'path'>>(table: readonly R[], href: string): R | undefined {
  const path = sitePathOf(href);
  return path === undefined ? undefined : table.find((row) => row.path === path);
}
