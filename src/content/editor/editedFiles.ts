/**
 * The files of config/ the editor knows, by the name a person knows them by ('config/pages/home.ts'):
 * which schema describes each, and the checker's options built from a snapshot of them (with the
 * values being edited in place of the live ones).
 */
import { checkContent, type CheckOptions, type Problem } from '../model/checkContent';
import { articleIdOf, formIdOf, MOVED_FILE, pageIdOf, ROUTES_FILE, SITE_FILE } from '../model/contentSchemas';
import { officeWordsOf, toFillOf } from '../model/officeSentences';
import type { ContentFile, ContentProblem, ContentSnapshot } from '../model/contentApi';
import { isRecord } from './schemaValues';
import { pathsAfter } from '../model/contentDiff';
import type { Path } from '../../schema/schema';
import { translatedFileOf } from '../../site/model/translation';

export { articleFileOf, articleIdOf, formIdOf, MOVED_FILE, pageIdOf, ROUTES_FILE, schemaOfFile, SITE_FILE } from '../model/contentSchemas';

/** What kind of item (published on its own) a file is: a page, an article, a form, or the parts on every page (config/site.ts). */
export type ItemKind = 'page' | 'article' | 'form' | 'part' | 'translation';
export function itemKindOf(file: string): ItemKind {
  return translatedFileOf(file) ? 'translation' : pageIdOf(file) ? 'page' : articleIdOf(file) ? 'article' : formIdOf(file) ? 'form' : 'part';
}

/** The snapshot's files with the edited values in place of theirs. */
export type Edits = Readonly<Record<string, unknown>>;

export function valueOf(snapshot: ContentSnapshot, edits: Edits, file: string): unknown {
  return Object.hasOwn(edits, file) ? edits[file] : snapshot.files.find((f) => f.file === file)?.value;
}

/**
 * The key paths of the values the file works out in its code (ContentFile.fromCode, read from the
 * published file), where they are in its draft: a section moved takes its read-only boxes with it.
 */
export function fromCodeOf(snapshot: ContentSnapshot, edits: Edits, file: string): Path[] {
  const published = snapshot.files.find((f) => f.file === file);
  if (!published?.fromCode) return [];
  return Object.hasOwn(edits, file) ? pathsAfter(published.value, edits[file], published.fromCode) : published.fromCode;
}

/** The files as they would be published: the snapshot's with the edited values, pages and articles made here added, files removed (null) left out. */
export function currentFiles(snapshot: ContentSnapshot, edits: Edits): ContentFile[] {
  const known = new Set(snapshot.files.map((f) => f.file));
  return [
    ...snapshot.files.map((f) => ({ file: f.file, value: Object.hasOwn(edits, f.file) ? edits[f.file] : f.value })),
    ...Object.entries(edits)
      .filter(([file]) => !known.has(file) && (pageIdOf(file) || articleIdOf(file) || formIdOf(file) || translatedFileOf(file)))
      .map(([file, value]) => ({ file, value })),
  ].filter((f) => f.value !== null);
}

/** Every page's value as it would be published, by its id. */
export function pagesOf(snapshot: ContentSnapshot, edits: Edits): Record<string, unknown> {
  return Object.fromEntries(currentFiles(snapshot, edits).flatMap((f) => (pageIdOf(f.file) ? [[pageIdOf(f.file)!, f.value]] : [])));
}

/** The checker's options for the content as it would be published. */
export function checkOptionsOf(snapshot: ContentSnapshot, edits: Edits): CheckOptions {
  const pages: Record<string, unknown> = {};
  const forms: Record<string, unknown> = {};
  const articles: Record<string, unknown> = {};
  const translations: Record<string, unknown> = {};
  // The top-level names of public/: no address may take one (src/schema/addresses.ts), as npm run check holds.
  const publicNames = [...new Set(snapshot.publicFiles.map((file) => file.split('/')[1]!).filter(Boolean))];
  const options: { -readonly [K in keyof CheckOptions]: CheckOptions[K] } = { pages, forms, articles, translations, publicNames };
  for (const { file, value } of currentFiles(snapshot, edits)) {
    if (translatedFileOf(file)) {
      translations[file] = value;
      continue;
    }
    const page = pageIdOf(file);
    const form = formIdOf(file);
    const article = articleIdOf(file);
    if (page) pages[page] = value;
    else if (form) forms[form] = value;
    else if (article) articles[article] = value;
    else if (file === SITE_FILE) options.site = value;
    else if (file === ROUTES_FILE) options.routes = value;
    else if (file === MOVED_FILE) options.moved = value;
    else if (file === 'config/admin.ts') options.admin = value;
    else if (file === 'config/server.ts') options.server = value;
  }
  return options;
}

/**
 * The checker's problems with the content as it would be published (the files named only: the
 * ones being edited), in the office's words, as our server answers them (src/content/model/officeSentences.ts).
 */
export function problemsOf(snapshot: ContentSnapshot, edits: Edits, files: readonly string[]): ContentProblem[] {
  const publicFiles = new Set(snapshot.publicFiles);
  return checkContent(checkOptionsOf(snapshot, edits), (path) => publicFiles.has(path))
    .filter((p) => files.includes(p.file))
    .map((p) => inOfficeWords(p, valueOf(snapshot, edits, p.file)));
}

/** These files' edits alone: every other file as published. */
function editsOnly(edits: Edits, files: readonly string[]): Edits {
  return Object.fromEntries(files.filter((file) => Object.hasOwn(edits, file)).map((file) => [file, edits[file]]));
}

const problemKey = (p: Problem) => `${p.file}\n${JSON.stringify(p.path)}\n${p.message}`;
/** The checker's problems with the content as published, by snapshot (read once). */
const liveProblems = new WeakMap<ContentSnapshot, Set<string>>();

/**
 * The checker's problems with publishing these files' edits and nothing else (every other file as
 * published, as our server checks a publish): on the files themselves, and on any other file they
 * make wrong (an article's address that a page has, a link to a page removed), in the office's words.
 */
export function publishProblems(snapshot: ContentSnapshot, edits: Edits, files: readonly string[]): ContentProblem[] {
  const only = editsOnly(edits, files);
  const publicFiles = new Set(snapshot.publicFiles);
  const has = (path: string) => publicFiles.has(path);
  let live = liveProblems.get(snapshot);
  if (!live) liveProblems.set(snapshot, (live = new Set(checkContent(checkOptionsOf(snapshot, {}), has).map(problemKey))));
  return checkContent(checkOptionsOf(snapshot, only), has)
    .filter((p) => files.includes(p.file) || !live.has(problemKey(p)))
    .map((p) => inOfficeWords(p, valueOf(snapshot, only, p.file)));
}

/**
 * Of these files' edits, those that can be published together now, and the others, each with the
 * problems that keep it back: an item with problems is left, and the rest checked again together,
 * until what is left to publish has none.
 */
export function readyToPublish(
  snapshot: ContentSnapshot,
  edits: Edits,
  files: readonly string[],
): { ready: string[]; left: { file: string; problems: ContentProblem[] }[] } {
  let ready = files.filter((file) => Object.hasOwn(edits, file));
  const left = new Map<string, ContentProblem[]>();
  while (ready.length > 0) {
    const problems = publishProblems(snapshot, edits, ready);
    if (problems.length === 0) break;
    const wrong = new Set(problems.map((p) => p.file).filter((file) => ready.includes(file)));
    // Problems only elsewhere, that these items make together: none of them goes.
    if (wrong.size === 0) for (const file of ready) left.set(file, problems);
    else
      for (const file of wrong)
        left.set(
          file,
          problems.filter((p) => p.file === file),
        );
    ready = wrong.size === 0 ? [] : ready.filter((file) => !wrong.has(file));
  }
  return { ready, left: files.filter((file) => left.has(file)).map((file) => ({ file, problems: left.get(file)! })) };
}

/** A checker's problem as the editor shows it: the sentence with its place, and the one under its box. */
export function inOfficeWords(problem: Problem, value: unknown): ContentProblem {
  const said = officeWordsOf(problem, value);
  return { file: problem.file, path: [...problem.path], message: said.sentence, field: said.field, ...toFillOf(problem.words) };
}

/** A page's list of what each form collects (the privacy notice) names the form `id`. */
function listsForm(page: unknown, id: string): boolean {
  const sections = isRecord(page) && Array.isArray(page.sections) ? page.sections : [];
  return sections.some(
    (section: unknown) =>
      isRecord(section) &&
      isRecord(section.forms) &&
      Array.isArray(section.forms.items) &&
      section.forms.items.some((item: unknown) => isRecord(item) && item.form === id),
  );
}

/**
 * The files one item's Publish sends: the item's own, and for a form made here and not yet
 * published, the privacy page's edit that adds its line (the site checks that every form has one,
 * so the two go live together).
 */
export function itemFilesOf(snapshot: ContentSnapshot, edits: Edits, file: string): string[] {
  const id = formIdOf(file);
  if (id === undefined || snapshot.files.some((f) => f.file === file)) return [file];
  const published = new Map(snapshot.files.map((f) => [f.file, f.value]));
  const withLine = Object.keys(edits).filter((other) => pageIdOf(other) && listsForm(edits[other], id) && !listsForm(published.get(other), id));
  return [file, ...withLine];
}
