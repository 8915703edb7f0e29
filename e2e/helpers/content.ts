/**
 * The office's content as the browser tests read it: the site, the routes and each page's
 * config, and what follows from them (every address, a page's h1 and navbar label). A browser
 * test that compares what a page shows with the content imports it from here: the config
 * modules, read as they are on disk when the tests run (src/test/contentSeam.test.ts checks that
 * this seam gives what the site reads, on an edited copy too).
 */
import routesFile from '../../config/routes';
import site from '../../config/site';
import about from '../../config/pages/about';
import blog from '../../config/pages/blog';
import career from '../../config/pages/career';
import contact from '../../config/pages/contact';
import home from '../../config/pages/home';
import product from '../../config/pages/product';
import privacy from '../../config/pages/privacy';
import services from '../../config/pages/services';
import type { RoutesConfig } from '../../src/site/model/routesSchema';
import type { Page } from '@playwright/test';
import admin from '../../config/admin';
import { itemKindOf } from '../../src/content/editor/editedFiles';

const routes: RoutesConfig = routesFile;

export { site, routes };

export const pageConfigs = { home, about, product, services, blog, career, contact, privacy } as const;
export type PageId = keyof typeof pageConfigs;

/** Every address the site answers, with the page it shows (aliases included). */
export const addresses: { path: string; page: PageId }[] = routes.routes.flatMap((route) =>
  [route.path, ...(route.aliases ?? [])].map((path) => ({ path, page: route.page as PageId })),
);

/** The main address of each page. */
export const mainPaths: { path: string; page: PageId }[] = routes.routes.map((route) => ({ path: route.path, page: route.page as PageId }));

/** The page a site-internal link points at (by path or alias). */
function pageOfHref(href: string): PageId | undefined {
  return addresses.find((a) => a.path === href)?.page;
}

/** The label of the navbar link that belongs to a page. */
export function navLabelOf(page: PageId): string {
  const link = site.navigation.links.find((l) => pageOfHref(l.href) === page);
  if (!link) throw new Error(`No navbar link leads to the ${page} page`);
  return link.label;
}

/** The first section's heading, which every page shows as its h1. */
export function headingOf(page: PageId): string {
  const first = pageConfigs[page].sections[0] as { heading?: string } | undefined;
  if (!first?.heading) throw new Error(`The ${page} page's first section has no heading`);
  return first.heading;
}

/** The Publish button on an item's screen in the editor, named for the kind of item (config/admin.ts publishItems): it publishes that item alone. */
export function publishButton(page: Page, file: string) {
  return page
    .getByRole('region', { name: admin.content.publish, exact: true })
    .getByRole('button', { name: admin.content.publishItems.button[itemKindOf(file)], exact: true });
}
