/**
 * What the build writes for search engines: sitemap.xml (main addresses only) and robots.txt
 * (the API and the agency's inbox are not for crawlers).
 */
import { ADMIN_PAGE } from '../schema/ownAddresses';
import { api } from '../platform/api';
import { SITEMAP_FILE } from '../schema/pageFiles';
import type { LanguageVersion } from '../site/model/translation';
import { escapeXml, robotsValue } from '../schema/text';

/**
 * Each value is escaped for XML (escapeXml): the site's address and the pages' are checked, and
 * escaped all the same. `articles`: each article's page, with the day it was published as its lastmod.
 */
export function sitemapXml(
  siteUrl: string,
  /** Each page's main address (an article's with the day it was published, else lastModified), once each. */
  pages: readonly { path: string; date?: string }[],
  lastModified: string,
  /** On a site in more than one language: each page's versions in every language, by its address (each listed as an alternate). */
  versions?: Readonly<Record<string, readonly LanguageVersion[]>>,
): string {
  const paths = new Set<string>();
  const alternates = (p: string) => {
    const all = versions?.[p];
    if (!all || all.length === 0) return '';
    const link = (code: string, address: string) => `<xhtml:link rel="alternate" hreflang="${escapeXml(code)}" href="${escapeXml(`${siteUrl}${address}`)}"/>`;
    return all.map((v) => link(v.code, v.path)).join('') + link('x-default', all[0]!.path);
  };
  const urls = pages.flatMap(({ path: p, date }) => {
    if (paths.has(p)) return [];
    paths.add(p);
    return [`  <url><loc>${escapeXml(`${siteUrl}${p}`)}</loc><lastmod>${escapeXml(date ?? lastModified)}</lastmod>${alternates(p)}</url>`];
  });
  const xhtml = versions ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${urls.join('\n')}\n</urlset>\n`;
}

/** Each value stays one value on its line (robotsValue): no text can add a rule. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: ${robotsValue(api.prefix)}\nDisallow: ${robotsValue(ADMIN_PAGE)}\n\nSitemap: ${robotsValue(`${siteUrl}/${SITEMAP_FILE}`)}\n`;
}
