/**
 * How a render puts a file in its folder: the file it writes always replaces the name, never
 * writes into what the name held. A release's folder holds hard links to the code build's files
 * (render.ts linkCode) and to an earlier release's pages (its render index): writing into such a
 * name would write into the code build (or the release served now) through the link. So the new
 * bytes go to a file of their own beside it and take the name in one step (rename), and a file
 * shared under another name is linked beside it and renamed the same way. The code build's
 * files stay read-only to every release, whatever name a page's file has; and a name outside
 * the folder (a "..", an absolute path) is refused, never written.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, linkSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The full name of `file` (a path with "/" between folders) inside `dir`; throws for a name outside it. */
export function inside(dir: string, file: string): string {
  const root = path.resolve(dir);
  const full = path.resolve(root, ...file.split('/'));
  if (!full.startsWith(root + path.sep)) throw new Error(`"${file}" is not a file inside ${dir}: nothing was written there`);
  return full;
}

/** A name beside `full` no other file has (a dot file: never served, never compressed). */
const besides = (full: string) => path.join(path.dirname(full), `.${path.basename(full)}.${randomBytes(6).toString('hex')}.new`);

/** Puts `make(temporary)`'s file at `full`, replacing whatever was there (a link included). */
function replaceWith(full: string, make: (temporary: string) => void): void {
  mkdirSync(path.dirname(full), { recursive: true });
  const temporary = besides(full);
  try {
    make(temporary);
    renameSync(temporary, full);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Writes `data` as `file` in `dir` (replacing the name, never writing through it). */
export function writeOwn(dir: string, file: string, data: string | Uint8Array): void {
  replaceWith(inside(dir, file), (temporary) => writeFileSync(temporary, data, { flag: 'wx' }));
}

/** The file `source` (a full name) also as `file` in `dir`: a hard link, or a copy where links cannot be made; replacing the name, never writing through it. */
export function shareOwn(source: string, dir: string, file: string): void {
  replaceWith(inside(dir, file), (temporary) => {
    try {
      linkSync(source, temporary);
    } catch {
      copyFileSync(source, temporary);
    }
  });
}
