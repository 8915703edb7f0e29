/**
 * What every field editor may ask of the screen around it: the file being edited, the checker's
 * sentences by key path, the site's pages and forms, the live region that announces list changes,
 * and the picture upload.
 */
import { createContext, useContext } from 'react';
import type { Path, Schema } from '../../schema/schema';
import type { ContentImage } from '../model/contentApi';
import type { AdminRole } from '../../platform/roles';
import type { UploadOptions } from './api';
import { pathKey } from './schemaValues';

export interface SitePage {
  /** An address of the site, as config/routes.ts writes it: "/About-us", or an alias such as "/About-Us". */
  path: string;
  /** The page's main address ("/About-us" for both). */
  canonical: string;
  /** What a person knows the page by (its title). */
  label: string;
}

/** A question of the form edited: `at`, its place in `fields`; its answers (a question of choices); `condition`, the question its showWhen names. */
export interface Question {
  name: string;
  label: string;
  at: number;
  kind?: string;
  options: readonly { value: string; label: string }[];
  condition?: string;
}

export interface EditorEnv {
  file: string;
  /** The part of the file the screen draws (a page's section opened on its own: ['sections', 2]); [] for the whole file. */
  root: Path;
  /** The account's role: an editor sees what only an owner changes (ownerOnly in the schemas) read-only. */
  role: AdminRole;
  /** Inside a group only an owner changes, drawn for an editor: every box in it is read-only. */
  locked?: boolean;
  /** The values the file works out in its code (ContentFile.fromCode), by pathKey: read-only, said under their boxes. */
  fromCode?: ReadonlySet<string>;
  /** The checker's sentences, by pathKey of the key they are about. */
  problems: ReadonlyMap<string, readonly string[]>;
  /** Every address a link may lead to: config/routes.ts's (aliases too), the office's pages, the articles (src/content/editor/sitePages.ts). */
  pages: readonly SitePage[];
  formIds: readonly string[];
  /** Each form's name as the office knows it (a form made in the editor by its title), by id; default: config/admin.ts `forms`. */
  formNames?: Readonly<Record<string, string>>;
  /** The questions of the form edited (its `fields`), by key, named by their labels: what a check or a condition names. */
  questions?: readonly Question[];
  /** Says a change to screen-reader users (a list item added, removed or moved). */
  announce(message: string): void;
  /**
   * Uploads a picture (checked, re-encoded) resized for `width` × `height` CSS pixels, cut to that
   * shape around `options.focus`; without `height`, `width` wide in its own shape. `options.onProgress`
   * hears how much of it has been sent.
   */
  uploadImage(file: File, width: number, height?: number, options?: UploadOptions): Promise<ContentImage>;
  /**
   * Where a section of a long page opens on its own (the edit screen's address of it): given, the
   * page's sections are drawn as an outline (their kind and heading), each opened apart.
   */
  openSection?: (index: number) => string;
}

export const EditorEnvContext = createContext<EditorEnv | null>(null);

export function useEditorEnv(): EditorEnv {
  const env = useContext(EditorEnvContext);
  if (!env) throw new Error('A field editor outside <SchemaForm>.');
  return env;
}

/**
 * Whether a box shows its value without letting it be changed: part of the data contract (a
 * developer's change), or something only an owner changes (ownerOnly) drawn for an editor, or
 * inside such a group.
 */
export function useLocked(schema: Schema<unknown>): boolean {
  const env = useEditorEnv();
  return schema.meta.contract === true || env.locked === true || ownerLocked(schema, env);
}

/** Only an owner changes this value, and the account is not an owner's. */
export const ownerLocked = (schema: Schema<unknown>, env: Pick<EditorEnv, 'role'>): boolean => schema.meta.owner !== undefined && env.role !== 'owner';

/** The checker's sentences for this key and every key inside it. */
export function useProblemsWithin(path: Path): number {
  const { problems } = useEditorEnv();
  const prefix = pathKey(path).slice(0, -1);
  let count = 0;
  for (const [key, list] of problems) if (key === `${prefix}]` || key.startsWith(`${prefix},`)) count += list.length;
  return count;
}

/** The checker's sentences for exactly this key. */
export function useProblems(path: Path): readonly string[] {
  return useEditorEnv().problems.get(pathKey(path)) ?? [];
}

/** Groups the sentences under the boxes (`field`, whole: "Heading is empty: write a heading.") by the key they are about. */
export function problemsByPath(problems: ReadonlyArray<{ path: Path; field: string }>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { path, field } of problems) {
    const key = pathKey(path);
    out.set(key, [...(out.get(key) ?? []), field]);
  }
  return out;
}
