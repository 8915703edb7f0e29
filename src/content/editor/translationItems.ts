/**
 * A translation as an item of the editor's screens: its name ("Home in Deutsch"), where it is
 * seen live, and what its preview draws: the site in that language as published, with this
 * translation as edited (every text not translated falling back to the default language's).
 */
import type { ContentSnapshot } from '../model/contentApi';
import type { PageConfig } from '../model/pageSchema';
import type { FormConfig } from '../../site/forms/model/formSchema';
import { siteContentOf, type SiteContent } from '../../site/model/siteContent';
import { translate, type TranslationFile } from '../../site/model/translation';
import { checkOptionsOf, schemaOfFile, SITE_FILE, type Edits } from './editedFiles';
import { livePathOf, previewTargetOf } from './itemNames';
import type { PreviewTarget } from './Preview';
import { languagesOf, translatedFileOf, translationFileOf, translationValueOf } from './translations';

/** Where a translation is seen on the site: its page under the language's prefix (at its own address there, where it has one). */
export function translationLivePath(snapshot: ContentSnapshot, edits: Edits, file: string): string {
  const target = translatedFileOf(file);
  const language = languagesOf(snapshot).find((l) => l.code === target?.code);
  if (!target || !language) return '/';
  // As the site draws it (src/site/model/languageContent.ts): the translation's own address, else the default one, under the prefix.
  const own = translationValueOf(snapshot, edits, file).address;
  const path = own !== undefined && own !== '/' ? own : livePathOf(snapshot, {}, target.file);
  return `${language.prefix}${path === '/' ? '' : path}`;
}

/** The content as published, in a language: each translated file's texts (this one's as edited) in place of the default's. */
export function contentIn(snapshot: ContentSnapshot, edits: Edits, code: string): SiteContent {
  const content = siteContentOf(checkOptionsOf(snapshot, {}));
  const fileIn = (file: string): TranslationFile => translationValueOf(snapshot, edits, translationFileOf(code, file));
  const inLanguage = <T>(file: string, value: T): T => {
    const schema = schemaOfFile(file);
    return schema ? (translate(schema, value, fileIn(file)).value as T) : value;
  };
  const pages = Object.fromEntries(Object.entries(content.pages).map(([id, page]) => [id, inLanguage(`config/pages/${id}.ts`, page)]));
  const forms = Object.fromEntries(Object.entries(content.forms).map(([id, form]) => [id, inLanguage(`config/forms/${id}.ts`, form)]));
  const articles = content.articles.map((article) => ({ ...inLanguage(`config/articles/${article.id}.ts`, article), id: article.id }));
  return { ...content, site: inLanguage(SITE_FILE, content.site), pages, forms, articles };
}

/** What the preview of a translation draws: its page (the Home page for the parts on every page), article or form, in its language. */
export function translationPreview(snapshot: ContentSnapshot, edits: Edits, file: string): { target: PreviewTarget; content: SiteContent } | undefined {
  const target = translatedFileOf(file);
  if (!target) return undefined;
  const content = contentIn(snapshot, edits, target.code);
  // The pages in the language too: the parts on every page are previewed on the Home page.
  const pages = Object.entries(content.pages).map(([id, page]) => [`config/pages/${id}.ts`, page] as const);
  const own = Object.fromEntries([...pages, [target.file, valueIn(content, target.file)]]);
  const previewed = previewTargetOf(snapshot, own, content, target.file, livePathOf(snapshot, {}, target.file));
  return previewed ? { target: previewed, content } : undefined;
}

/** A file's value in the content (in a language). */
function valueIn(content: SiteContent, file: string): unknown {
  if (file === SITE_FILE) return content.site;
  const [, folder, id] = /^config\/(pages|forms|articles)\/(.+)\.ts$/.exec(file) ?? [];
  if (folder === 'pages') return content.pages[id!] as PageConfig | undefined;
  if (folder === 'forms') return content.forms[id!] as FormConfig | undefined;
  if (folder === 'articles') return content.articles.find((a) => a.id === id);
  return undefined;
}
