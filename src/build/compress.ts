/**
 * .br and .gz copies of the built text files, pages included, so our server (and any static
 * host that looks for them: Caddy's precompressed, a CDN) sends them as they are, without
 * compressing per request. The pages' variants with a plain post's outcome, seldom asked for,
 * get a faster brotli.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { OUTCOMES_FOLDER } from './outcomePages';

const TEXT = /\.(js|css|html|svg|xml|txt|json|webmanifest)$/;
/** Smaller files gain nothing worth a second request for the compressed copy. */
const SMALLEST = 1024;

function* textFiles(folder: string): Generator<string> {
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) yield* textFiles(full);
    // Dot files (the site manifest) are not served.
    else if (TEXT.test(name) && !name.startsWith('.')) yield full;
  }
}

/** Writes the copies; returns the bytes before and after brotli. */
export function compressTextFiles(dir: string): { before: number; after: number } {
  let before = 0;
  let after = 0;
  for (const file of textFiles(dir)) {
    const bytes = readFileSync(file);
    if (bytes.length < SMALLEST) continue;
    const quality = path.relative(dir, file).startsWith(`${OUTCOMES_FOLDER}${path.sep}`) ? 5 : 11;
    const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    before += bytes.length;
    after += br.length;
  }
  return { before, after };
}
