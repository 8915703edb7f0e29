/**
 * The files of config/ the editor knows, by the name a person knows them by ('config/pages/home.ts'):
 * which schema describes each, and the checker's options built from a snapshot of them (with the
 * values being edited in place of the live ones).
 */
import { formSchema } from '../../forms/model/formSchema';
import { adminSchema } from '../../config/adminSchema';
import { articleSchema } from '../../config/articleSchema';
import { checkContent, type CheckOptions, type Problem } from '../../config/checkContent';
import { pageSchema } from '../../config/pageSchema';
import { routesSchema } from '../../config/routesSchema';
import type { Schema } from '../../config/schema';
import { serverSchema } from '../../config/serverSchema';
import { siteSchema } from '../../config/siteSchema';
import type { ContentFile, ContentSnapshot } from '../../shared/contentApi';

export const SITE_FILE = 'config/site.ts';
export const ROUTES_FILE = 'config/routes.ts';
const PAGE = /^config\/pages\/([\w-]+)\.ts$/;
const FORM = /^config\/forms\/([\w-]+)\.ts$/;
const ARTICLE = /^config\/articles\/([\w-]+)\.ts$/;

const single: Readonly<Record<string, Schema<unknown>>> = {
  [SITE_FILE]: siteSchema,
  [ROUTES_FILE]: routesSchema,
  'config/admin.ts': adminSchema,
  'config/server.ts': serverSchema,
};

export function schemaOfFile(file: string): Schema<unknown> | undefined {
  if (Object.hasOwn(single, file)) return single[file];
  if (PAGE.test(file)) return pageSchema;
  if (FORM.test(file)) return formSchema;
  if (ARTICLE.test(file)) return articleSchema;
  return undefined;
}

export const pageIdOf = (file: string): string | undefined => PAGE.exec(file)?.[1];
export const formIdOf = (file: string): string | undefined => FORM.exec(file)?.[1];
export const articleIdOf = (file: string): string | undefined => ARTICLE.exec(file)?.[1];
export const articleFileOf = (id: string): string => `config/articles/${id}.ts`;

/** The snapshot's files with the edited values in place of theirs. */
export type Edits = Readonly<Record<string, unknown>>;

export function valueOf(snapshot: ContentSnapshot, edits: Edits, file: string): unknown {
  return Object.hasOwn(edits, file) ? edits[file] : snapshot.files.find((f) => f.file === file)?.value;
}

/** The files as they would be published: the snapshot's with their edits, a file removed (null) left out, a new one (an article) added. */
function currentFiles(snapshot: ContentSnapshot, edits: Edits): ContentFile[] {
  const known = new Set(snapshot.files.map((f) => f.file));
  const made = Object.keys(edits).filter((file) => !known.has(file) && edits[file] !== null).map((file) => ({ file, value: edits[file] }));
  return [...snapshot.files.map((f) => ({ file: f.file, value: Object.hasOwn(edits, f.file) ? edits[f.file] : f.value })), ...made].filter((f) => f.value !== null);
}

/** The checker's options for the content as it would be published. */
export function checkOptionsOf(snapshot: ContentSnapshot, edits: Edits): CheckOptions {
  const pages: Record<string, unknown> = {};
  const forms: Record<string, unknown> = {};
  const articles: Record<string, unknown> = {};
  const options: { -readonly [K in keyof CheckOptions]: CheckOptions[K] } = { pages, forms, articles };
  for (const { file, value } of currentFiles(snapshot, edits)) {
    const page = pageIdOf(file);
    const form = formIdOf(file);
    const article = articleIdOf(file);
    if (page) pages[page] = value;
    else if (form) forms[form] = value;
    else if (article) articles[article] = value;
    else if (file === SITE_FILE) options.site = value;
    else if (file === ROUTES_FILE) options.routes = value;
    else if (file === 'config/admin.ts') options.admin = value;
    else if (file === 'config/server.ts') options.server = value;
  }
  return options;
}

/** The checker's problems with the content as it would be published (the files named only: the ones being edited). */
export function problemsOf(snapshot: ContentSnapshot, edits: Edits, files: readonly string[]): Problem[] {
  const publicFiles = new Set(snapshot.publicFiles);
  return checkContent(checkOptionsOf(snapshot, edits), (path) => publicFiles.has(path)).filter((p) => files.includes(p.file));
}
