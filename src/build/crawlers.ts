/**
 * What the build writes for search engines: sitemap.xml (main addresses only) and robots.txt
 * (the API and the agency's inbox are not for crawlers).
 */
import { ADMIN_PAGE } from '../shared/adminApi';
import { api } from '../shared/api';
import type { PagePath } from '../shared/routing';

export function sitemapXml(siteUrl: string, pages: readonly PagePath[], lastModified: string): string {
  const mainPaths = [...new Set(pages.map((p) => p.canonical))];
  const urls = mainPaths.map((p) => `  <url><loc>${siteUrl}${p}</loc><lastmod>${lastModified}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: ${api.prefix}\nDisallow: ${ADMIN_PAGE}\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
