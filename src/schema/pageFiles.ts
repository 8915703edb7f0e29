/** Where the prerendered HTML of each address is written, and read by our server and Firebase Hosting. */
export function htmlFileFor(address: string): string {
  return address === '/' ? 'index.html' : `${address.slice(1)}.html`;
}

/**
 * The page for addresses the site does not have: Home, marked noindex, answered with status
 * 404 (search engines then drop the address instead of indexing a copy of Home). Firebase
 * Hosting answers any address it has no file or rewrite for with its 404.html, status 404.
 */
export const FALLBACK_FILE = '404.html';
export const FALLBACK_RENDER_PATH = '/__no_such_page__';

/**
 * The pages shown at the addresses of removed pages (status 410, noindex; src/site/model/gonePages.ts):
 * one file for each set of words, in this folder of the built client folder, drawn at the same
 * name under FALLBACK's kind of address (`/__gone__/<name>`). The folder's own address is never
 * served as a page (our server answers a page only by its address; Caddy hides it).
 */
export const GONE_FOLDER = '__gone__';

/** The folder of the pages' variants with a plain post's outcome (src/render/outcomePages.ts), inside the built client folder. */
export const OUTCOMES_FOLDER = 'outcomes';

/** What the build writes for search engines (src/render/crawlers.ts), at the top of the built client folder. */
export const SITEMAP_FILE = 'sitemap.xml';
export const ROBOTS_FILE = 'robots.txt';

/** The articles' feed (Atom), under the articles' address: "/Blog/feed.xml", or "/feed.xml" when they are at the top (src/site/model/articles.ts feedPathOf). */
export const FEED_NAME = 'feed.xml';

/** The page our server answers (status 500) when it cannot send the page asked for. */
export const ERROR_FILE = '500.html';
export const ERROR_RENDER_PATH = '/__error__';
