/**
 * The site in its other languages (config/site.ts `languages`): which words of a config file are
 * written again in each language, how a translation file gives them, and a file's value in a
 * language. Which keys are words is decided by the schemas alone (src/schema/schema.ts
 * isTranslatable): nothing in config/ lists them.
 *
 * A translation file (docs/content-files.md "Translations") mirrors the file it translates under
 * config/translations/<code>/: config/translations/<code>/pages/contact.ts translates
 * config/pages/contact.ts. Each translated text is kept by its key path, with the default
 * language's text it was made from (`source`): when that text changes, the translation is stale
 * (still shown, marked for the office); when it moved (a section moved up), the translation whose
 * source is the text now at another path follows it.
 */
import { formatPath, isTranslatable, text, type CheckContext, type Path, type Schema } from '../../schema/schema';
import { addressProblem } from '../../schema/addresses';
import type { SiteConfig } from './siteSchema';

/** A language of the site: its tag, its own name, and the start of its addresses ('' for the default language). */
export interface LanguageInfo {
  code: string;
  name: string;
  prefix: string;
}

/** The site's languages, the default one first (its prefix ''). */
export function siteLanguages(site: Pick<SiteConfig, 'languages'>): LanguageInfo[] {
  const { default: first, others } = site.languages;
  return [{ code: first.code, name: first.name, prefix: '' }, ...others.map(({ code, name, prefix }) => ({ code, name, prefix }))];
}

/** One page in one language: the language, and the page's address in it. */
export interface LanguageVersion {
  readonly code: string;
  readonly name: string;
  readonly path: string;
}

/** What a language's content says of its language (SiteContent.language: languageContent.ts): set only on a site with more than one. */
export interface ContentLanguage {
  /** The language of this content, and the site's default one (the text left untranslated is in it). */
  readonly code: string;
  readonly defaultCode: string;
  /** This language's home page ("/" for the default, else its prefix). */
  readonly home: string;
  /** For each address of this content's pages and articles, the same page in every language, the default first. */
  readonly versions: Readonly<Record<string, readonly LanguageVersion[]>>;
}

/** One translated text: the words in the language, and the default language's text they were made from. */
interface TranslatedText {
  readonly text: string;
  readonly source: string;
}

/** A translation file's value (config/translations/<code>/<file under config/>). */
export interface TranslationFile {
  /** A page's or an article's own address in this language, after the language's prefix ("/Kontakt"). */
  readonly address?: string;
  /** Each translated text by its key path, as the checker writes it: "sections[0].heading". */
  readonly texts: Readonly<Record<string, TranslatedText>>;
}

/** A text of a config file that is written again in each language: its key path and its words in the default language. */
export interface TranslatableText {
  path: string;
  text: string;
}

type Visit = (path: Path, words: string, schema: Schema<unknown>) => string;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The value with each text the schema `picks` (a translatable text, a link) replaced by what
 * `visit` returns: the same value, not copied, where nothing changes.
 */
export function mapStrings(schema: Schema<unknown>, value: unknown, path: Path, picks: (leaf: Schema<unknown>) => boolean, visit: Visit): unknown {
  const meta = schema.meta;
  const mapTexts = (inner: Schema<unknown>, innerValue: unknown, innerPath: Path): unknown => mapStrings(inner, innerValue, innerPath, picks, visit);
  switch (meta.kind) {
    case 'text':
    case 'longText':
    case 'link':
      return typeof value === 'string' && value !== '' && picks(schema) ? visit(path, value, schema) : value;
    case 'object':
    case 'image': {
      if (!isRecord(value)) return value;
      let out: Record<string, unknown> | undefined;
      for (const [key, inner] of Object.entries(meta.shape)) {
        if (!Object.hasOwn(value, key)) continue;
        const next = mapTexts(inner, value[key], [...path, key]);
        if (next !== value[key]) (out ??= { ...value })[key] = next;
      }
      return out ?? value;
    }
    case 'list':
    case 'richText': {
      if (!Array.isArray(value)) return value;
      let out: unknown[] | undefined;
      value.forEach((item, i) => {
        const next = mapTexts(meta.item, item, [...path, i]);
        if (next !== item) (out ??= [...value])[i] = next;
      });
      return out ?? value;
    }
    case 'union': {
      const type = isRecord(value) ? value.type : undefined;
      if (typeof type !== 'string' || !Object.hasOwn(meta.variants, type)) return value;
      return mapTexts(meta.variants[type]!, value, path);
    }
    case 'record': {
      if (!isRecord(value)) return value;
      let out: Record<string, unknown> | undefined;
      for (const [key, item] of Object.entries(value)) {
        const next = mapTexts(meta.value, item, [...path, key]);
        if (next !== item) (out ??= { ...value })[key] = next;
      }
      return out ?? value;
    }
    default:
      return value;
  }
}

/** Every text of a file's value that is written again in each language, in the file's order. */
export function translatableTexts(schema: Schema<unknown>, value: unknown): TranslatableText[] {
  return textsWithSchemas(schema, value).map(({ path, text: words }) => ({ path, text: words }));
}

function textsWithSchemas(schema: Schema<unknown>, value: unknown): (TranslatableText & { schema: Schema<unknown> })[] {
  const found: (TranslatableText & { schema: Schema<unknown> })[] = [];
  mapStrings(schema, value, [], isTranslatable, (path, words, leaf) => {
    found.push({ path: formatPath(path), text: words, schema: leaf });
    return words;
  });
  return found;
}

/** Where a text of the file stands in a language: translated, translated from a text since changed, or not yet. */
export type TextState = 'translated' | 'stale' | 'missing';

/**
 * The translation of the text `words` at `path`: the one kept at its path when it was made from
 * these words; else one made from these words at another path (the text moved); else the one at
 * its path, made from other words (stale); else none.
 */
function translationOf(file: TranslationFile | undefined, path: string, words: string): { entry: TranslatedText; stale: boolean } | undefined {
  if (!file) return undefined;
  const texts = file.texts;
  const here = Object.hasOwn(texts, path) ? texts[path] : undefined;
  if (here && here.source === words) return { entry: here, stale: false };
  const moved = Object.values(texts).find((entry) => entry.source === words);
  if (moved) return { entry: moved, stale: false };
  return here ? { entry: here, stale: true } : undefined;
}

/** Each translatable text's state in a language, by its key path. */
export function translationStates(schema: Schema<unknown>, value: unknown, file?: TranslationFile): Map<string, TextState> {
  const states = new Map<string, TextState>();
  for (const { path, text: words } of translatableTexts(schema, value)) {
    const found = translationOf(file, path, words);
    states.set(path, found === undefined ? 'missing' : found.stale ? 'stale' : 'translated');
  }
  return states;
}

/**
 * The file's value in a language: each text with a translation replaced by it (a stale one too),
 * every other key as it is. `fallbacks`: the key paths of the texts left in the default language,
 * which the page marks with the default language's `lang`.
 */
export function translate<T>(
  schema: Schema<unknown>,
  value: T,
  file?: TranslationFile,
  /** What a text left in the default language becomes (the render marks it: src/render/languages.ts). */
  fallback: (words: string) => string = (words) => words,
): { value: T; fallbacks: Set<string> } {
  const fallbacks = new Set<string>();
  const translated = mapStrings(schema, value, [], isTranslatable, (path, words) => {
    const key = formatPath(path);
    const found = translationOf(file, key, words);
    if (found === undefined) {
      fallbacks.add(key);
      return fallback(words);
    }
    return found.entry.text;
  });
  return { value: translated as T, fallbacks };
}

/** The folder of the translation files, under config/, and the file a translation file translates. */
const TRANSLATIONS_FOLDER = 'config/translations';
const TRANSLATION_FILE = /^config\/translations\/([^/]+)\/(.+\.ts)$/;

/** The file a translation file translates, and its language, from its name: config/translations/<code>/pages/contact.ts -> the code, config/pages/contact.ts. */
export function translatedFileOf(file: string): { code: string; file: string } | undefined {
  const match = TRANSLATION_FILE.exec(file);
  return match ? { code: match[1]!, file: `config/${match[2]!}` } : undefined;
}

/** The translation file of a config file in a language: the code and config/pages/contact.ts -> config/translations/<code>/pages/contact.ts. */
export const translationFileOf = (code: string, file: string): string => `${TRANSLATIONS_FOLDER}/${code}/${file.replace(/^config\//, '')}`;

/** What the checker knows of the file a translation file translates. */
export interface TranslationTarget {
  /** The schema of the file translated, and its value in the default language. */
  readonly schema: Schema<unknown>;
  readonly value: unknown;
  /** Whether it is a page's or an article's file (only they have an address of their own). */
  readonly hasAddress: boolean;
}

const entryShape = { text: text(), source: text() };

/**
 * Checks a translation file against the file it translates: each key path a text of that file
 * that is written in each language (or the source of a text that moved there), each translation
 * checked as the text it translates is (its length, its {placeholders}); an address only for a
 * page or an article, an address of this site.
 */
export function checkTranslationFile(value: unknown, target: TranslationTarget, ctx: CheckContext): void {
  if (!isRecord(value)) return ctx.report([], 'should be a group of keys in {curly braces} with its texts.', { kind: 'wrongKind' });
  for (const key of Object.keys(value)) {
    if (key !== 'texts' && key !== 'address')
      ctx.report([key], 'is not a known key here. Rename or remove it. The keys allowed here are: address, texts.', { kind: 'unknownKey' });
  }
  if (value.address !== undefined) {
    if (!target.hasAddress) {
      ctx.report(['address'], 'is set, but only a page or an article has an address of its own in a language. Remove it.', { kind: 'notTranslatable' });
    } else if (typeof value.address !== 'string') {
      ctx.report(['address'], 'should be an address in quotes like "/Kontakt".', { kind: 'wrongKind' });
    } else {
      const problem = addressProblem(value.address, { publicNames: ctx.publicNames ?? [] });
      if (problem) ctx.report(['address'], `${JSON.stringify(value.address)} ${problem}`, { kind: 'badAddress', values: { value: value.address, problem } });
    }
  }
  const texts = value.texts;
  if (!isRecord(texts)) {
    if (texts === undefined) ctx.report(['texts'], 'is missing. Add it: it should be a group of the translated texts by their key paths.', { kind: 'missing' });
    else ctx.report(['texts'], 'should be a group of the translated texts by their key paths.', { kind: 'wrongKind' });
    return;
  }
  const here = new Map(textsWithSchemas(target.schema, target.value).map((found) => [found.path, found]));
  const sources = new Map([...here.values()].map((found) => [found.text, found]));
  for (const [key, entry] of Object.entries(texts)) {
    const path: Path = ['texts', key];
    if (!isRecord(entry)) {
      ctx.report(path, 'should be a group of keys { text, source }: the translation and the text it was made from.', { kind: 'wrongKind' });
      continue;
    }
    for (const name of Object.keys(entry)) {
      if (!(name in entryShape))
        ctx.report([...path, name], 'is not a known key here. Rename or remove it. The keys allowed here are: text, source.', { kind: 'unknownKey' });
    }
    entryShape.source.check(entry.source, [...path, 'source'], ctx);
    const translated = here.get(key) ?? (typeof entry.source === 'string' ? sources.get(entry.source) : undefined);
    if (translated === undefined) {
      ctx.report(
        path,
        `is not a text of ${ctx.file.replace(/^config\/translations\/[^/]+\//, 'config/')} that is written in each language (a link, a number, a key, a picture's file, or a place that holds no text now). Remove it.`,
        { kind: 'notTranslatable' },
      );
      continue;
    }
    translated.schema.check(entry.text, [...path, 'text'], ctx);
  }
}
