/**
 * The articles' feed (Atom 1.0, RFC 4287), written by the render beside the pages at
 * "<articles.path>/feed.xml" and linked from every page's head. Every value is escaped for XML
 * (escapeXml), whatever an editor wrote.
 */
import { articlePath, type Article } from '../site/model/articleSchema';
import type { SiteConfig } from '../site/model/siteSchema';
import { feedPathOf } from '../site/model/articles';
import { escapeXml } from '../schema/text';

/**
 * An article's entry id: the address the feed first knew it at, kept when its address changes (a
 * feed reader takes a new id for a new article). Made from its `feedId`, else its file's name
 * (the article's id, which never changes: the editor names a new article's file after its first
 * address, so the id is that address's). The editor never writes it: no edit, undo or restore
 * of the article's address changes it.
 */
const feedEntryId = (site: SiteConfig, article: Pick<Article, 'id' | 'feedId'>): string =>
  `${site.brand.url}${articlePath(site.articles.path, { address: article.feedId ?? article.id })}`;

/** A day as an Atom date (midnight UTC of that day). */
const atomDate = (day: string) => `${day}T00:00:00Z`;

export function atomFeed(site: SiteConfig, articles: readonly { path: string; article: Article }[], today: string): string {
  const base = site.brand.url;
  const feedUrl = `${base}${feedPathOf(site)}`;
  const updated = articles.reduce((latest, { article }) => (article.date > latest ? article.date : latest), articles[0]?.article.date ?? today);
  const x = escapeXml;
  const entries = articles.map(({ path, article }) =>
    [
      '  <entry>',
      `    <title>${x(article.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${x(`${base}${path}`)}"/>`,
      `    <id>${x(feedEntryId(site, article))}</id>`,
      `    <published>${x(atomDate(article.date))}</published>`,
      `    <updated>${x(atomDate(article.date))}</updated>`,
      `    <author><name>${x(article.author)}</name></author>`,
      `    <summary>${x(article.summary)}</summary>`,
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${x(site.articles.feedTitle)}</title>`,
    `  <subtitle>${x(site.articles.feedDescription)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${x(feedUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${x(`${base}${site.articles.path}`)}"/>`,
    `  <id>${x(feedUrl)}</id>`,
    `  <updated>${x(atomDate(updated))}</updated>`,
    `  <author><name>${x(site.brand.name)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
