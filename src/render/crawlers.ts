/**
 * What the build writes for search engines: sitemap.xml (main addresses only) and robots.txt
 * (the API and the agency's inbox are not for crawlers).
 */
import { ADMIN_PAGE } from '../schema/ownAddresses';
import { api } from '../platform/api';
import { SITEMAP_FILE } from '../schema/pageFiles';
import type { PagePath } from '../site/model/routing';
import { escapeXml, robotsValue } from '../schema/text';

/**
 * Each value is escaped for XML (escapeXml): the site's address and the pages' are checked, and
 * escaped all the same. `articles`: each article's page, with the day it was published as its lastmod.
 */
export function sitemapXml(
  siteUrl: string,
  pages: readonly PagePath[],
  lastModified: string,
  articles: readonly { path: string; date: string }[] = [],
): string {
  const mainPaths = [...new Set(pages.map((p) => p.canonical))];
  const entry = (p: string, day: string) => `  <url><loc>${escapeXml(`${siteUrl}${p}`)}</loc><lastmod>${escapeXml(day)}</lastmod></url>`;
  const urls = [...mainPaths.map((p) => entry(p, lastModified)), ...articles.map((a) => entry(a.path, a.date))];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Each value stays one value on its line (robotsValue): no text can add a rule. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: ${robotsValue(api.prefix)}\nDisallow: ${robotsValue(ADMIN_PAGE)}\n\nSitemap: ${robotsValue(`${siteUrl}/${SITEMAP_FILE}`)}\n`;
}
