/**
 * .br and .gz copies of the built text files, pages included, so our server (and any static
 * host that looks for them: Caddy's precompressed, a CDN) sends them as they are, without
 * compressing per request. The pages' variants with a plain post's outcome, seldom asked for,
 * get a faster brotli. Given an earlier build's folder (a publish from the content editor), a
 * file with the same path and the same bytes there takes its copies as they are: most of a
 * publish's scripts are unchanged, and brotli at its best is the build's slowest step. Within
 * one call, files with the same bytes (a page and its aliases: /, /home, /Home) are compressed
 * once and the others take those copies.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { OUTCOMES_FOLDER } from './outcomePages';
import { shareOwn, writeOwn } from './ownFiles';

const TEXT = /\.(js|css|html|svg|xml|txt|json|webmanifest)$/;
/** Smaller files gain nothing worth a second request for the compressed copy. */
const SMALLEST = 1024;
/** Brotli's best, unless a call says otherwise (a publish's pages: src/render/renderWorker.ts). */
const BEST = 11;
/**
 * Brotli's quality for the pages a publish draws: 10, a step below its best (11, which the build
 * keeps for its pages and code): a third of the CPU for about 2 % more bytes (the home page
 * 14.3 kB instead of 14.0, within docs/performance.md's 14.6 kB), and a publish is waited for.
 */
export const PUBLISH_BROTLI = 10;

function* textFiles(folder: string): Generator<string> {
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) yield* textFiles(full);
    // Dot files (the site manifest) are not served.
    else if (TEXT.test(name) && !name.startsWith('.')) yield full;
  }
}

/** Whether the earlier build has this file with the same bytes, and both its copies. */
function sameIn(earlier: string | undefined, relative: string, bytes: Buffer): string | undefined {
  if (!earlier) return undefined;
  const file = path.join(earlier, relative);
  if (!existsSync(`${file}.br`) || !existsSync(`${file}.gz`)) return undefined;
  try {
    return readFileSync(file).equals(bytes) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the copies of the files given (paths relative to dir), taking them from `earlier` (a build folder) where the file there is the same, or from a file of this call with the same bytes; returns the bytes before and after brotli, and how many were taken. `quality`: brotli's for all but the outcome pages. */
export function compressFiles(dir: string, files: Iterable<string>, earlier?: string, quality = BEST): { before: number; after: number; reused: number } {
  let before = 0;
  let after = 0;
  let reused = 0;
  /** The files of this call compressed so far, by a hash of their bytes (and their quality). */
  const compressed = new Map<string, string>();
  for (const relative of files) {
    if (!TEXT.test(relative) || path.basename(relative).startsWith('.')) continue;
    const file = path.join(dir, relative);
    const bytes = readFileSync(file);
    if (bytes.length < SMALLEST) continue;
    before += bytes.length;
    const level = relative.startsWith(`${OUTCOMES_FOLDER}/`) ? 5 : quality;
    const key = `${level} ${createHash('sha256').update(bytes).digest('hex')}`;
    const same = sameIn(earlier, relative, bytes) ?? compressed.get(key);
    // Each copy replaces its name (a release's may be a link to the code build's: ownFiles.ts), never written through.
    if (same) {
      shareOwn(`${same}.br`, dir, `${relative}.br`);
      shareOwn(`${same}.gz`, dir, `${relative}.gz`);
      after += statSync(`${file}.br`).size;
      reused++;
      continue;
    }
    const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: level, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    writeOwn(dir, `${relative}.br`, br);
    writeOwn(dir, `${relative}.gz`, gzipSync(bytes, { level: 9 }));
    compressed.set(key, file);
    after += br.length;
  }
  return { before, after, reused };
}

/** The copies of every text file of the folder (the code build's). */
export function compressTextFiles(dir: string, earlier?: string): { before: number; after: number; reused: number } {
  return compressFiles(
    dir,
    [...textFiles(dir)].map((file) => path.relative(dir, file).split(path.sep).join('/')),
    earlier,
  );
}
