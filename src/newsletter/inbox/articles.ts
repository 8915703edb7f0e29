/**
 * The site's articles as published (the content editor's snapshot: what the site shows), newest
 * first, for "Send as newsletter". An article not yet published is not offered: its page would not
 * be there for the newsletter's link. Without the content editor on this server: none.
 */
import { isLive, newestFirst, type ArticleConfig } from '../../site/model/articleSchema';
import { articleIdOf } from '../../content/model/contentSchemas';
import type { ArticleForNewsletter } from '../model/newsletterApi';
import { loadContent } from '../../content/editor/api';

export type SiteArticle = ArticleForNewsletter & { date: string };

export async function articlesOf(now = new Date()): Promise<SiteArticle[]> {
  const snapshot = await loadContent();
  const articles = snapshot.files.flatMap(({ file, value }) => {
    const id = articleIdOf(file);
    const article = value as ArticleConfig;
    return id && isLive(article, now)
      ? [{ id, title: article.title, summary: article.summary, address: article.address, cover: article.cover, body: [...article.body], date: article.date }]
      : [];
  });
  return newestFirst(articles);
}
