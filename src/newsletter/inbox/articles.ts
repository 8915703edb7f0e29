/**
 * The site's articles as published (the content editor's snapshot: what the site shows), newest
 * first, for "Send as newsletter", each with its translation files (the newsletter's words in each
 * language). An article not yet published is not offered: its page would not
 * be there for the newsletter's link. Without the content editor on this server: none.
 */
import { isLive, newestFirst, type ArticleConfig } from '../../site/model/articleSchema';
import { articleIdOf } from '../../content/model/contentSchemas';
import type { ArticleForNewsletter } from '../model/newsletterApi';
import { translatedFileOf, type TranslationFile } from '../../site/model/translation';
import { loadContent } from '../../content/editor/api';

export type SiteArticle = ArticleForNewsletter & { date: string };

export async function articlesOf(now = new Date()): Promise<SiteArticle[]> {
  const snapshot = await loadContent();
  // Each article's translation files (config/translations/<code>/articles/<id>.ts), by the article's file and the language's code.
  const translations = new Map<string, Record<string, TranslationFile>>();
  for (const { file, value } of snapshot.files) {
    const translated = translatedFileOf(file);
    if (translated && articleIdOf(translated.file))
      translations.set(translated.file, { ...translations.get(translated.file), [translated.code]: value as TranslationFile });
  }
  const articles = snapshot.files.flatMap(({ file, value }) => {
    const id = articleIdOf(file);
    const article = value as ArticleConfig;
    if (!id || !isLive(article, now)) return [];
    const inLanguages = translations.get(file);
    const { title, summary, address, cover, date } = article;
    return [{ id, title, summary, address, cover, body: [...article.body], date, ...(inLanguages ? { translations: inLanguages } : {}) }];
  });
  return newestFirst(articles);
}
