/**
 * The office's content as data: what the pages are drawn from (config/site.ts, config/routes.ts,
 * config/pages, config/forms), read by the config loader (src/content/server/configFolder.ts) and handed
 * to whatever draws or serves it. The code is built once per release; a publish draws the pages
 * again from new content with the same code, so nothing drawn reads these files by import: the
 * server renderer, the editor's preview and our server take the content as a value.
 */
import { newestFirst, type Article } from './articleSchema';
import type { PageConfig } from './pageSchema';
import type { MovedConfig } from './movedSchema';
import type { RoutesConfig } from './routesSchema';
import type { SiteConfig } from './siteSchema';
import type { FormConfig } from '../forms/model/formSchema';
import { withOfficePages } from './routing';
import { translatedFileOf, type ContentLanguage, type TranslationFile } from './translation';

export interface SiteContent {
  site: SiteConfig;
  /** The addresses the site answers: config/routes.ts, then the pages of the office at their own `address` (routing.ts withOfficePages). */
  routes: RoutesConfig;
  /** Each page's config by its id (the file's name in config/pages). */
  pages: Readonly<Record<string, PageConfig>>;
  /** Each form's config by the name pages place it with (config/forms/index.ts). */
  forms: Readonly<Record<string, FormConfig>>;
  /** Addresses that were pages' (config/moved.ts, written by each publish): moved ones lead to the new address, gone ones answer 410. */
  moved: MovedConfig;
  /** The articles (config/articles, each with its file's name as id), newest first by date. */
  articles: readonly Article[];
  /**
   * The translation files (config/translations/<code>) by language, then by the file they translate
   * ("de-DE" -> "config/pages/contact.ts" -> its texts); left out when there are none.
   */
  translations?: Readonly<Record<string, Readonly<Record<string, TranslationFile>>>>;
  /** On a site in more than one language, the language this content is in and its pages in the others (languageContent.ts); left out otherwise. */
  language?: ContentLanguage;
}

/** The content of a config folder that loaded and checked without a problem (its values taken as the types say). */
export function siteContentOf(options: {
  site?: unknown;
  routes?: unknown;
  pages?: unknown;
  forms?: unknown;
  moved?: unknown;
  articles?: unknown;
  translations?: Readonly<Record<string, unknown>>;
}): SiteContent {
  const { site, routes, pages, forms, moved } = options;
  if (!site || !routes || !pages || !forms) throw new Error('The content is incomplete: run npm run check');
  const byId = (options.articles ?? {}) as Readonly<Record<string, Omit<Article, 'id'>>>;
  const articles = newestFirst(Object.entries(byId).map(([id, article]) => ({ ...article, id })));
  return {
    site,
    routes: withOfficePages(routes as RoutesConfig, pages as Record<string, unknown>),
    pages,
    forms,
    moved: (moved ?? NOTHING_MOVED) as MovedConfig,
    articles,
    ...translationsByLanguage(options.translations ?? {}),
  } as unknown as SiteContent;
}

/** The translation files by language and by the file they translate; nothing when there are none (a site in one language). */
function translationsByLanguage(files: Readonly<Record<string, unknown>>): Pick<SiteContent, 'translations'> {
  const translations: Record<string, Record<string, TranslationFile>> = {};
  for (const [name, value] of Object.entries(files)) {
    const translated = translatedFileOf(name);
    if (translated) (translations[translated.code] ??= {})[translated.file] = value as TranslationFile;
  }
  return Object.keys(translations).length > 0 ? { translations } : {};
}

/** No address moved or gone (a site with no config/moved.ts yet). */
export const NOTHING_MOVED: MovedConfig = { moved: [], gone: [] };

/**
 * A short fingerprint of a content value (the same content, the same fingerprint): written beside
 * the pages drawn from it (RELEASE_FILE), so our server can tell at start whether the pages it
 * would serve are the content recorded.
 */
export function contentFingerprint(content: SiteContent): string {
  const text = JSON.stringify(content);
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return `${(a >>> 0).toString(16).padStart(8, '0')}${(b >>> 0).toString(16).padStart(8, '0')}`;
}

/** Written beside a release's client/ once its pages are all drawn: { content: contentFingerprint }. */
export const RELEASE_FILE = 'release.json';
