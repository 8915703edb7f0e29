/**
 * The site's pages as the link editor offers them: every address config/routes.ts knows (main
 * paths and aliases, read with the same route table as the site's router and the checker; the
 * pages the office made among them), each with its page's title, then each article's page with
 * its title, from the content being edited.
 */
import { articlePages } from '../model/articles';
import { routeOfHref, routeTable } from '../model/routeTable';
import type { SiteContent } from '../model/siteContent';
import type { SitePage } from './EditorEnv';
import { isRecord } from './model';

/** Every address of `routes`, titled by its page (`titleOf` a page id; the id when it has none). */
export function sitePages(routes: unknown, titleOf: (page: string) => unknown): SitePage[] {
  return routeTable(routes).map(({ path, page, canonical }) => {
    const title = titleOf(page);
    return { path, canonical, label: typeof title === 'string' && title.trim() !== '' ? title : page };
  });
}

/** Every page a link may lead to: the routes' addresses (the office's pages included), then each article's page. */
export function linkTargets(content: Pick<SiteContent, 'routes' | 'pages' | 'site' | 'articles'>): SitePage[] {
  const articles = articlePages(content).map(({ path, article }) => ({
    path,
    canonical: path,
    label: typeof article.title === 'string' && article.title.trim() !== '' ? article.title : article.id,
  }));
  return [...sitePages(content.routes, (page) => titleOfPage(content.pages[page])), ...articles];
}

/** The title a page config gives itself. */
export const titleOfPage = (value: unknown): unknown => (isRecord(value) ? value.title : undefined);

/** The page a link target points at (any address of the site, an alias too, with or without #part), or undefined. */
export const pageOfLink = (href: string, pages: readonly SitePage[]): SitePage | undefined => routeOfHref(pages, href);

/** How a link is shown: a page of the site (chosen from a list), or an address typed in full. An empty link starts as a page. */
export const linkModeOf = (href: string, pages: readonly SitePage[]): 'page' | 'address' => (href === '' || pageOfLink(href, pages) ? 'page' : 'address');
