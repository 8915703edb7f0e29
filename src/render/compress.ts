/**
 * .br and .gz copies of the built text files, pages included, so our server (and any static
 * host that looks for them: Caddy's precompressed, a CDN) sends them as they are, without
 * compressing per request. The pages' variants with a plain post's outcome, seldom asked for,
 * get a faster brotli. Given an earlier build's folder (a publish from the content editor), a
 * file with the same path and the same bytes there takes its copies as they are: most of a
 * publish's scripts are unchanged, and brotli at its best is the build's slowest step. Within
 * one call, files with the same bytes (a page and its aliases: /, /home, /Home) are compressed
 * once and the others take those copies. A build (given a folder of kept copies, build.ts:
 * node_modules/.cache/precompressed) also takes the copies an earlier build made of the same
 * bytes: a build after a change of a text remakes only those of the chunks and pages it changed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
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

/*
 * The copies builds keep (a folder of files named by a hash of the bytes they are the copies of,
 * brotli's quality and zlib's versions), so that a build takes those of a file an earlier build
 * compressed: each a file of its own, written under another name and renamed (builds running
 * at the same time each write their own). A copy unused for a week goes when a build ends.
 */
const KEPT_FOR_MS = 7 * 24 * 3600 * 1000;
const ZLIB_VERSIONS = `${process.versions.zlib} ${process.versions.brotli}`;

/** The kept copies' names (without .br/.gz) for these bytes at this level. */
const keptName = (keep: string, bytes: Buffer, level: number) =>
  path.join(keep, createHash('sha256').update(`${level} ${ZLIB_VERSIONS}\0`).update(bytes).digest('hex').slice(0, 40));

/** The kept copies of these bytes, if both are there (marked as used now). */
function keptCopies(name: string): { br: Buffer; gz: Buffer } | undefined {
  try {
    const copies = { br: readFileSync(`${name}.br`), gz: readFileSync(`${name}.gz`) };
    const now = new Date();
    for (const copy of [`${name}.br`, `${name}.gz`]) utimesSync(copy, now, now);
    return copies;
  } catch {
    // None kept (or removed meanwhile by another build's sweep): compressed anew.
    return undefined;
  }
}

/** Keeps the copies for a later build; where they cannot be written (a read-only folder, a full disk), the build goes on without. */
function keepCopies(name: string, br: Buffer, gz: Buffer): void {
  for (const [copy, bytes] of [
    [`${name}.gz`, gz],
    [`${name}.br`, br],
  ] as const) {
    const temporary = `${copy}.${randomBytes(6).toString('hex')}.new`;
    try {
      mkdirSync(path.dirname(name), { recursive: true });
      writeFileSync(temporary, bytes);
      renameSync(temporary, copy);
    } catch {
      rmSync(temporary, { force: true });
      return;
    }
  }
}

/** Removes the kept copies (and any half-written one) not used for a week. */
function sweepKept(keep: string): void {
  for (const name of existsSync(keep) ? readdirSync(keep) : []) {
    try {
      if (Date.now() - statSync(path.join(keep, name)).mtimeMs > KEPT_FOR_MS) rmSync(path.join(keep, name), { force: true });
    } catch {
      // Removed by another build meanwhile.
    }
  }
}

/** Where compressed copies may be taken from, and how hard to compress the rest. */
export interface CompressOptions {
  /** A build folder: a file there with the same bytes gives its copies. */
  earlier?: string;
  /** Brotli's quality for all but the outcome pages (its best unless given). */
  quality?: number;
  /** A folder of copies kept between builds: taken from when the bytes are the same, and those made here are kept there too. */
  keep?: string;
}

/** Writes the copies of the files given (paths relative to dir), taking them from `earlier` where the file there is the same, or from a file of this call with the same bytes, or from the copies kept in `keep`; returns the bytes before and after brotli, and how many were taken. */
export function compressFiles(
  dir: string,
  files: Iterable<string>,
  { earlier, quality = BEST, keep }: CompressOptions = {},
): { before: number; after: number; reused: number } {
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
    const kept = keep ? keptName(keep, bytes, level) : undefined;
    const same = sameIn(earlier, relative, bytes) ?? compressed.get(key);
    // Each copy replaces its name (a release's may be a link to the code build's: ownFiles.ts), never written through.
    if (same) {
      shareOwn(`${same}.br`, dir, `${relative}.br`);
      shareOwn(`${same}.gz`, dir, `${relative}.gz`);
      after += statSync(`${file}.br`).size;
      reused++;
      continue;
    }
    // Copied (not linked) from the kept ones: a build's files share nothing with another's.
    const keptCopy = kept ? keptCopies(kept) : undefined;
    if (keptCopy) {
      writeOwn(dir, `${relative}.br`, keptCopy.br);
      writeOwn(dir, `${relative}.gz`, keptCopy.gz);
      compressed.set(key, file);
      after += keptCopy.br.length;
      reused++;
      continue;
    }
    const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: level, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    const gz = gzipSync(bytes, { level: 9 });
    writeOwn(dir, `${relative}.br`, br);
    writeOwn(dir, `${relative}.gz`, gz);
    if (kept) keepCopies(kept, br, gz);
    compressed.set(key, file);
    after += br.length;
  }
  if (keep) sweepKept(keep);
  return { before, after, reused };
}

/** The copies of every text file of the folder (the code build's), at brotli's best. */
export function compressTextFiles(dir: string, { earlier, keep }: Omit<CompressOptions, 'quality'> = {}): { before: number; after: number; reused: number } {
  return compressFiles(
    dir,
    [...textFiles(dir)].map((file) => path.relative(dir, file).split(path.sep).join('/')),
    { earlier, keep },
  );
}
