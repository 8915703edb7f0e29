/**
 * What the content editor lists, and the address of each one's screen: the pages (in the order of
 * config/routes.ts), the parts on every page, the forms, the articles.
 */
import admin from '../../../config/admin';
import { addressFromTitle, articlePath } from '../../site/model/articleSchema';
import type { ContentSnapshot } from '../model/contentApi';
import { routeTable } from '../../site/model/routeTable';
import { officeRoutes } from '../../site/model/routing';
import { articleIdOf, currentFiles, formIdOf, pageIdOf, pagesOf, ROUTES_FILE, SITE_FILE, valueOf, type Edits } from './editedFiles';
import { isRecord } from './schemaValues';
import { formTitleOf } from '../model/newForm';

const t = admin.content;

/** What the list offers: a file, or one part of config/site.ts. */
export interface Entry {
  file: string;
  at?: string;
  label: string;
  /** The live page it shows on. */
  livePath: string;
}

/** The pages (in the order of config/routes.ts), the parts on every page, the forms, the articles (newest first; new ones being written too). */
export function entriesOf(snapshot: ContentSnapshot, edits: Edits = {}): { pages: Entry[]; parts: Entry[]; forms: Entry[]; articles: Entry[] } {
  const routes = valueOf(snapshot, edits, ROUTES_FILE);
  // The site's own pages' addresses, then the pages made here at their own address (a page made and not yet published among them).
  const table = [...routeTable(routes), ...officeRoutes(routes, pagesOf(snapshot, edits)).map((r) => ({ ...r, canonical: r.path }))];
  const pages = currentFiles(snapshot, edits)
    .filter((f) => pageIdOf(f.file))
    .map((f) => {
      const id = pageIdOf(f.file)!;
      const title = isRecord(f.value) && typeof f.value.title === 'string' ? f.value.title : id;
      const path = table.find((r) => r.page === id)?.canonical ?? '/';
      return { file: f.file, label: `${title} (${path})`, livePath: path };
    })
    .sort((a, b) => table.findIndex((r) => r.path === a.livePath) - table.findIndex((r) => r.path === b.livePath));
  const hasSite = snapshot.files.some((f) => f.file === SITE_FILE);
  const parts = hasSite ? Object.entries(t.siteParts).map(([key, label]) => ({ file: SITE_FILE, at: key, label, livePath: '/' })) : [];
  const forms = currentFiles(snapshot, edits)
    .filter((f) => formIdOf(f.file))
    .map((f) => ({ file: f.file, label: formTitleOf(formIdOf(f.file)!, f.value), livePath: '/' }));
  const site = valueOf(snapshot, edits, SITE_FILE);
  const base = isRecord(site) && isRecord(site.articles) && typeof site.articles.path === 'string' ? site.articles.path : '/';
  const articleFiles = [...new Set([...snapshot.files.map((f) => f.file), ...Object.keys(edits)])].filter((file) => articleIdOf(file));
  const articles = articleFiles
    .map((file) => {
      const value = valueOf(snapshot, edits, file) ?? snapshot.files.find((f) => f.file === file)?.value;
      const article = isRecord(value) ? value : {};
      const title = typeof article.title === 'string' && article.title.trim() !== '' ? article.title : articleIdOf(file)!;
      const date = typeof article.date === 'string' ? article.date : '';
      const isNew = !snapshot.files.some((f) => f.file === file);
      return {
        file,
        label: isNew ? `${title} (${t.articles.newLabel})` : title,
        livePath: articlePath(base, { address: typeof article.address === 'string' ? article.address : '' }),
        date,
      };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.file.localeCompare(b.file))
    .map(({ date: _date, ...entry }) => entry);
  return { pages, parts, forms, articles };
}

/** A new article's file name: made from its title, different from every article's there is. */
export function newArticleId(title: string, taken: readonly string[]): string {
  const base = addressFromTitle(title) || 'article';
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

export const editAddress = (entry: Pick<Entry, 'file' | 'at'>) =>
  `/content/edit?${new URLSearchParams({ file: entry.file, ...(entry.at ? { at: entry.at } : {}) })}`;
