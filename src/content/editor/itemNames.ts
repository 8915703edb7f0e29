/**
 * The items the office publishes, each on its own: every content file is one (a page, an article,
 * a form, and config/site.ts, the parts on every page, together). What an item is called on the
 * screens, and what the preview draws of it.
 */
import admin from '../../../config/admin';
import type { ArticleConfig } from '../../site/model/articleSchema';
import type { PageConfig } from '../../site/model/pageSchema';
import type { FormConfig } from '../../site/forms/model/formSchema';
import type { ContentSnapshot } from '../model/contentApi';
import { sameValue } from '../model/contentDiff';
import { siteRoutes } from '../../site/model/routing';
import type { SiteContent } from '../../site/model/siteContent';
import { entriesOf } from './editorList';
import { articleIdOf, formIdOf, MOVED_FILE, pageIdOf, SITE_FILE, valueOf, type Edits } from './editedFiles';
import { fileNameOf } from '../model/officeSentences';
import { goneAddress, goneWordsOf } from '../../site/model/moved';
import { gonePagesOf } from '../../site/model/gonePages';
import type { GoneEntry } from '../../site/model/movedSchema';
import { isRecord } from './schemaValues';
import { fill } from '../../platform/inbox/format';
import { languagesOf, translatedFileOf } from './translations';
import type { PreviewTarget } from './Preview';

const t = admin.content;

export { itemKindOf } from './editedFiles';

/** The parts on every page (config/site.ts, by their names in the list) that these edits change. */
export function changedParts(snapshot: ContentSnapshot, edits: Edits): string[] {
  if (!Object.hasOwn(edits, SITE_FILE)) return [];
  const live = valueOf(snapshot, {}, SITE_FILE);
  const edited = edits[SITE_FILE];
  const differs = (key: string) => !sameValue(isRecord(live) ? live[key] : undefined, isRecord(edited) ? edited[key] : undefined);
  const named = Object.entries(t.siteParts).filter(([key]) => differs(key));
  // A change outside the parts the list names (a setting of the whole site) is called by the file's name.
  const keys = new Set([...Object.keys(isRecord(live) ? live : {}), ...Object.keys(isRecord(edited) ? edited : {})]);
  const others = [...keys].some((key) => !Object.hasOwn(t.siteParts, key) && differs(key));
  return [...named.map(([, label]) => label), ...(others || named.length === 0 ? [t.fileNames.site] : [])];
}

/** An item as the screens name it: a page's title and address, an article's title, a form's name, the parts on every page that changed. */
export function itemName(snapshot: ContentSnapshot, edits: Edits, file: string): string {
  // A translation: the item it translates, as published, and its language ("Home (/) in Deutsch").
  const translated = translatedFileOf(file);
  if (translated) {
    const language = languagesOf(snapshot).find((l) => l.code === translated.code);
    return fill(t.translations.screenTitle, { item: itemName(snapshot, {}, translated.file), language: language?.name ?? translated.code });
  }
  if (file === SITE_FILE) return changedParts(snapshot, edits).join(', ') || t.fileNames.site;
  const { pages, forms, articles } = entriesOf(snapshot, edits);
  return [...pages, ...forms, ...articles].find((entry) => entry.file === file)?.label ?? fileNameOf(file, valueOf(snapshot, edits, file));
}

/** The first removed page's address whose visitors read words of its own (config/moved.ts `gone`), in a moved file's value. */
function goneWithWords(moved: unknown): string | undefined {
  const gone = isRecord(moved) && Array.isArray(moved.gone) ? (moved.gone as GoneEntry[]) : [];
  const entry = gone.find((e) => Object.keys(goneWordsOf(e)).length > 0);
  return entry === undefined ? undefined : goneAddress(entry);
}

/** The address an item is seen at on the site (the Home page for the parts on every page and a form). */
export function livePathOf(snapshot: ContentSnapshot, edits: Edits, file: string): string {
  // The removed pages' words: at the first address whose visitors read words of their own.
  if (file === MOVED_FILE) return goneWithWords(valueOf(snapshot, edits, file)) ?? '/';
  const { pages, articles } = entriesOf(snapshot, edits);
  return [...pages, ...articles].find((entry) => entry.file === file)?.livePath ?? '/';
}

/**
 * What the preview draws for an item whose value is as in `edits` (over the snapshot) and the site
 * as in `content`: the page, the article (at `livePath`), the form alone, the words of the first
 * removed page that has words of its own (config/moved.ts), or for the parts on every page the
 * Home page; nothing for an item removed.
 */
export function previewTargetOf(snapshot: ContentSnapshot, edits: Edits, content: SiteContent, file: string, livePath: string): PreviewTarget | undefined {
  const value = valueOf(snapshot, edits, file);
  if (value === null || value === undefined) return undefined;
  const articleId = articleIdOf(file);
  const formId = formIdOf(file);
  const pageId = pageIdOf(file);
  if (articleId)
    return {
      kind: 'article',
      article: { ...(value as ArticleConfig), id: articleId },
      path: livePath,
      listPageId: siteRoutes(content.routes).resolvePath(content.site.articles.path).page,
    };
  if (formId) return { kind: 'form', form: value as FormConfig, formId };
  if (pageId) return { kind: 'page', page: value as PageConfig, pageId };
  if (file === MOVED_FILE) {
    const address = goneWithWords(content.moved);
    const gone = gonePagesOf(content).find((page) => address !== undefined && page.addresses.includes(address));
    if (gone) return { kind: 'gone', words: gone.words };
  }
  const homeFile = entriesOf(snapshot, edits).pages[0]?.file;
  return homeFile ? { kind: 'page', page: valueOf(snapshot, edits, homeFile) as PageConfig, pageId: pageIdOf(homeFile)! } : undefined;
}
