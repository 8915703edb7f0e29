/**
 * The config checker over this project (npm run check, the build, the server): checkContent.ts
 * with public/ read from the disk. Every problem is one plain sentence:
 * `<file>: <key path> <what is wrong>. <what to do>.`
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkContent, problemSentence, type CheckOptions as ContentOptions, type Problem } from '../model/checkContent';

export interface CheckOptions extends ContentOptions {
  /** The folder the site serves files from. Default: `public` in the working directory. */
  publicDir?: string;
}

export interface CheckResult {
  problems: string[];
  /** The same problems, each with its file and key path apart (the content editor's server puts each on its field). */
  found: Problem[];
}

/** Checks the whole site config and returns every problem found, in file order. */
export function checkConfig(options: CheckOptions = {}): CheckResult {
  const root = path.resolve(options.publicDir ?? path.join(process.cwd(), 'public'));
  const publicFileExists = (urlPath: string): boolean => {
    const file = path.join(root, ...urlPath.split('/').filter(Boolean).map(decodeSafely));
    if (!file.startsWith(root + path.sep)) return false;
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  // One walk (checkContent.ts, which the editor's browser runs too): the sentences and the problems apart.
  const found = checkContent({ ...options, publicNames: options.publicNames ?? publicNamesOf(root) }, publicFileExists);
  return { problems: found.map(problemSentence), found };
}

/** The files and folders at the top of public/ (the build copies them beside the pages), dot files left out: no address may take one. */
export function publicNamesOf(root: string): string[] {
  try {
    return readdirSync(root).filter((name) => !name.startsWith('.'));
  } catch {
    return [];
  }
}

function decodeSafely(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
