/**
 * The site's pages as the link editor offers them: every address config/routes.ts knows (main
 * paths and aliases, read with the same route table as the site's router and the checker; the
 * pages the office made among them), each with its page's title, then each article's page with
 * its title, from the content being edited.
 */
import { articlePages } from '../../site/model/articles';
import { routeOfHref, routeTable } from '../../site/model/routeTable';
import type { SiteContent } from '../../site/model/siteContent';
import type { SitePage } from './EditorEnv';
import { isRecord } from './schemaValues';
import { isLinkTarget, withHttps } from './richText/linkTarget';
import { siteLinkOf } from '../../schema/addresses';

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

/** What a link box makes of what was typed in it (typedLink). */
export type TypedLink =
  | { kind: 'empty' }
  /** A page of the site: `href` its address as the site writes it (case mended, a / added), with the #part or ?query typed. */
  | { kind: 'page'; href: string; page: SitePage }
  /** A whole address (https://, mailto:, tel:). */
  | { kind: 'address'; href: string }
  /** A web address typed without its https:// ("www.example.com"), offered with it. */
  | { kind: 'withHttps'; href: string }
  /** An address of this site (it starts with /) that is no page of it. */
  | { kind: 'notAPage' }
  /** Nothing a browser could open. */
  | { kind: 'notALink' };

/**
 * What a person typed in a link box, read against the site's pages: an address of the site is
 * found whatever its case and with or without its first / ("services", "/services" → "/Services"),
 * the address as written first (an alias too), else the page's main address; an address of this site that is no page of it is said to be none at
 * once (a word without / too: "servces"), as is anything a browser cannot open.
 */
export function typedLink(typed: string, pages: readonly SitePage[] | undefined): TypedLink {
  const text = typed.trim();
  if (text === '') return { kind: 'empty' };
  // Without the site's pages at hand, an address of the site is taken as it is written (the checker then says whether it is one).
  if (!pages)
    return isLinkTarget(text) ? { kind: 'address', href: text } : withHttps(text) ? { kind: 'withHttps', href: withHttps(text)! } : { kind: 'notALink' };
  const site = siteLinkOf(text) ?? (isLinkTarget(text) || withHttps(text) !== undefined || /\s/.test(text) ? undefined : siteLinkOf(`/${text}`));
  if (site) {
    const near = pages.filter((p) => p.path.toLowerCase() === site.path.toLowerCase());
    const page = near.find((p) => p.path === site.path) ?? near.find((p) => p.path === p.canonical) ?? near[0];
    return page ? { kind: 'page', href: `${page.path}${site.rest}`, page } : { kind: 'notAPage' };
  }
  if (isLinkTarget(text)) return { kind: 'address', href: text };
  const https = withHttps(text);
  return https === undefined ? { kind: 'notALink' } : { kind: 'withHttps', href: https };
}
