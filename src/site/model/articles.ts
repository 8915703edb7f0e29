/**
 * The articles of some content as the site shows them: which are live at a moment (an article
 * with `expires` leaves the site then), the address of each one's page, and a date in words.
 * Pure functions over the content given: the render, the page renderers and the checker use them.
 */
import { articlePath, isLive, type Article } from './articleSchema';
import { isPageAddress } from '../../schema/addresses';
import { goneAddress } from './moved';
import { FEED_NAME } from '../../schema/pageFiles';
import { siteRoutes } from './routing';
import type { SiteContent } from './siteContent';

/**
 * The content with only the articles live at `now` (the render draws the site from it). An
 * expired article's address is gone (410, like a removed one's: the site manifest carries it to
 * our server, Caddy and firebase.json), and an old address that led to it is gone with it;
 * config/moved.ts itself is not changed (a later `expires` brings the article back).
 */
export function liveContent(content: SiteContent, now: Date): SiteContent {
  // An article whose address cannot be a page's is never on the site (articlePages), nor in its lists.
  const articles = content.articles.filter((article) => isLive(article, now) && isPageAddress(articlePath(content.site.articles.path, article)));
  if (articles.length === content.articles.length) return content;
  const live = new Set([...articlePages({ ...content, articles }).map((a) => a.path), ...siteRoutes(content.routes).pagePaths.map((p) => p.path)]);
  const expired = articlePages(content)
    .map((a) => a.path)
    .filter((address) => !live.has(address));
  const leadsToExpired = content.moved.moved.filter(({ to }) => expired.includes(to)).map(({ from }) => from);
  const moved = {
    moved: content.moved.moved.filter(({ to }) => !expired.includes(to)),
    // An address gone already keeps its words; the expired ones (and those that led to them) have the site's.
    gone: [
      ...content.moved.gone,
      ...[...new Set([...leadsToExpired, ...expired])].filter((address) => !content.moved.gone.some((entry) => goneAddress(entry) === address)),
    ].sort((a, b) => goneAddress(a).localeCompare(goneAddress(b))),
  };
  return { ...content, articles, moved };
}

/**
 * The address of each article's page ("/Blog/<address>"), in the content's order (newest first).
 * An address that cannot be a page's (src/schema/addresses.ts: npm run check refuses it, a
 * reserved name under articles at "/" included) is never a page, a file the render writes, or
 * an address of config/moved.ts, whatever reached the article's file: that article is left out.
 */
export function articlePages(content: Pick<SiteContent, 'site' | 'articles'>): { path: string; article: Article }[] {
  return content.articles.flatMap((article) => {
    const path = articlePath(content.site.articles.path, article);
    return isPageAddress(path) ? [{ path, article }] : [];
  });
}

/** The day of an article in words, in the site's language ("2 November 2026"); the day as written when the language is unknown. */
export function dateInWords(date: string, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  } catch {
    return date;
  }
}

/** The article's social picture (1200×630, made from its cover by the render), by its address on the site. */
const SOCIAL_FOLDER = 'images/social';
export const SOCIAL_SIZE = { width: 1200, height: 630 } as const;
export const socialPictureOf = (article: Pick<Article, 'id'>, hash: string): string => `/${SOCIAL_FOLDER}/${article.id}-${hash}.jpg`;

/** The feed of the articles (Atom), under the articles' address: "/Blog/feed.xml". */
export const feedPathOf = (site: Pick<SiteContent['site'], 'articles'>): string => `${site.articles.path === '/' ? '' : site.articles.path}/${FEED_NAME}`;
