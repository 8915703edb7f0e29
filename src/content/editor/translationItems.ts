/**
 * A translation as an item of the editor's screens: its name ("Home in Deutsch"), where it is
 * seen live, and what its preview draws: the site in that language as published, with this
 * translation as edited (every text not translated falling back to the default language's).
 */
import type { ContentSnapshot } from '../model/contentApi';
import type { PageConfig } from '../model/pageSchema';
import type { FormConfig } from '../../site/forms/model/formSchema';
import { siteContentOf, type SiteContent } from '../../site/model/siteContent';
import { languageContents } from '../../site/model/languageContent';
import { withoutMarks } from '../../site/model/fallbackMarks';
import { checkOptionsOf, MOVED_FILE, SITE_FILE, type Edits } from './editedFiles';
import { livePathOf, previewTargetOf } from './itemNames';
import type { PreviewTarget } from './Preview';
import { languagesOf, translatedFileOf, translationFileOf, translationValueOf } from './translations';

/** Where a translation is seen on the site: its page's (or article's) address in its language, as the site draws it (the translation's own address where it has one). */
export function translationLivePath(snapshot: ContentSnapshot, edits: Edits, file: string): string {
  const target = translatedFileOf(file);
  const language = languagesOf(snapshot).find((l) => l.code === target?.code);
  if (!target || !language) return '/';
  const path = livePathOf(snapshot, {}, target.file);
  const versions = Object.values(contentIn(snapshot, edits, target.code).language?.versions ?? {}).find((all) => all[0]?.path === path);
  return versions?.find((v) => v.code === target.code)?.path ?? `${language.prefix}${path === '/' ? '' : path}`;
}

/**
 * The content as published, in a language, as the site draws it (src/site/model/languageContent.ts
 * languageContents): each translated file's texts (this language's as edited) in place of the
 * default's, its links and addresses the language's; a text not translated in the default
 * language's words (unmarked: the preview shows it as it is).
 */
export function contentIn(snapshot: ContentSnapshot, edits: Edits, code: string): SiteContent {
  const content = siteContentOf(checkOptionsOf(snapshot, {}));
  const files = [
    SITE_FILE,
    ...Object.keys(content.pages).map((id) => `config/pages/${id}.ts`),
    ...Object.keys(content.forms).map((id) => `config/forms/${id}.ts`),
    ...content.articles.map((article) => `config/articles/${article.id}.ts`),
    MOVED_FILE,
  ];
  const edited = Object.fromEntries(files.map((file) => [file, translationValueOf(snapshot, edits, translationFileOf(code, file))]));
  const drawn = languageContents({ ...content, translations: { ...content.translations, [code]: edited } }).find((l) => l.language.code === code)?.content;
  return drawn ? (JSON.parse(withoutMarks(JSON.stringify(drawn))) as SiteContent) : content;
}

/** What the preview of a translation draws: its page (the Home page for the parts on every page), article or form, in its language. */
export function translationPreview(snapshot: ContentSnapshot, edits: Edits, file: string): { target: PreviewTarget; content: SiteContent } | undefined {
  const target = translatedFileOf(file);
  if (!target) return undefined;
  const content = contentIn(snapshot, edits, target.code);
  // The pages in the language too: the parts on every page are previewed on the Home page.
  const pages = Object.entries(content.pages).map(([id, page]) => [`config/pages/${id}.ts`, page] as const);
  const own = Object.fromEntries([...pages, [target.file, valueIn(content, target.file)]]);
  const previewed = previewTargetOf(snapshot, own, content, target.file, translationLivePath(snapshot, edits, file));
  return previewed ? { target: previewed, content } : undefined;
}

/** A file's value in the content (in a language). */
function valueIn(content: SiteContent, file: string): unknown {
  if (file === SITE_FILE) return content.site;
  if (file === MOVED_FILE) return content.moved;
  const [, folder, id] = /^config\/(pages|forms|articles)\/(.+)\.ts$/.exec(file) ?? [];
  if (folder === 'pages') return content.pages[id!] as PageConfig | undefined;
  if (folder === 'forms') return content.forms[id!] as FormConfig | undefined;
  if (folder === 'articles') return content.articles.find((a) => a.id === id);
  return undefined;
}
