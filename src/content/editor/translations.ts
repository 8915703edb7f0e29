/**
 * The site in its other languages, as the editor lists and edits it: each page, article, form and
 * the parts on every page (config/site.ts) has one translation file per other language
 * (src/site/model/translation.ts), an item of its own (drafted, previewed, published and undone
 * alone). Its texts are translated from the default language's texts as published: a draft of the
 * default language is not what a translation is made from (it may never be published).
 */
import type { ContentSnapshot } from '../model/contentApi';
import {
  siteLanguages,
  translatableTexts,
  translationFileOf,
  translationStates,
  type LanguageInfo,
  type TextState,
  type TranslationFile,
} from '../../site/model/translation';
import { articleIdOf, formIdOf, MOVED_FILE, pageIdOf, SITE_FILE, schemaOfFile, valueOf, type Edits } from './editedFiles';
import { isRecord } from './schemaValues';

export { translatedFileOf, translationFileOf } from '../../site/model/translation';

/** Whether a content file has translations: the site's texts, a removed page's words (config/moved.ts), a page, a form, an article. */
const isTranslated = (file: string): boolean =>
  file === SITE_FILE || file === MOVED_FILE || [pageIdOf, formIdOf, articleIdOf].some((idOf) => idOf(file) !== undefined);

/** The site's languages as published (the default first). */
export function languagesOf(snapshot: ContentSnapshot): LanguageInfo[] {
  const site = valueOf(snapshot, {}, SITE_FILE);
  return isRecord(site) ? siteLanguages(site as Parameters<typeof siteLanguages>[0]) : [];
}

/** The published files that have translations (the site's texts, the removed pages' words, each page, form and article). */
export const translatedFiles = (snapshot: ContentSnapshot): string[] => snapshot.files.map((f) => f.file).filter(isTranslated);

/** A translation file's value as edited (or published), or an empty one: nothing translated yet. */
export function translationValueOf(snapshot: ContentSnapshot, edits: Edits, file: string): TranslationFile {
  const value = valueOf(snapshot, edits, file);
  return isRecord(value) && isRecord(value.texts) ? (value as unknown as TranslationFile) : { texts: {} };
}

/** One text to translate: where it is (its key path as the checker writes it), the default language's text, and its translation's state. */
export interface TextRow {
  path: string;
  source: string;
  state: TextState;
  /** The translation as written (absent: none). */
  text?: string;
  /** The default text it was translated from, when that is not the text now (stale). */
  was?: string;
}

/** Every text of an item (its file, as published) with its translation into the language of `translation` (as edited). */
export function textRows(snapshot: ContentSnapshot, edits: Edits, sourceFile: string, translation: string): TextRow[] {
  const schema = schemaOfFile(sourceFile);
  const value = valueOf(snapshot, {}, sourceFile);
  if (!schema || value === undefined || value === null) return [];
  const file = translationValueOf(snapshot, edits, translation);
  const states = translationStates(schema, value, file);
  return translatableTexts(schema, value).map(({ path, text }) => {
    const own = file.texts[path];
    const state = states.get(path) ?? 'missing';
    return {
      path,
      source: text,
      state,
      ...(own ? { text: own.text } : {}),
      ...(own && state === 'stale' ? { was: own.source } : {}),
    };
  });
}

/** How many of an item's texts need translating (missing or stale) in one language. */
export interface TranslationCount {
  language: LanguageInfo;
  /** The translation's file (an item of its own). */
  file: string;
  left: number;
  total: number;
}

/** For an item (its file), each other language's count of texts still to translate. */
export function translationCounts(snapshot: ContentSnapshot, edits: Edits, sourceFile: string): TranslationCount[] {
  return languagesOf(snapshot)
    .slice(1)
    .map((language) => {
      const file = translationFileOf(language.code, sourceFile);
      const rows = textRows(snapshot, edits, sourceFile, file);
      return { language, file, left: rows.filter((row) => row.state !== 'translated').length, total: rows.length };
    });
}

/**
 * The translation file with the translation of one text set (its source: the default text it is
 * made from now), or taken out when `text` is empty (the page shows the default text again).
 */
export function withTranslation(file: TranslationFile, path: string, text: string, source: string): TranslationFile {
  const { [path]: _old, ...others } = file.texts;
  return { ...file, texts: text === '' ? others : { ...others, [path]: { text, source } } };
}

/** The translation file with the page's own address in its language (empty: the default address, under the language's prefix). */
export function withAddress(file: TranslationFile, address: string): TranslationFile {
  const { address: _old, ...rest } = file;
  return address === '' ? rest : { ...rest, address };
}
