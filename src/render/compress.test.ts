/**
 * The compressed copies of a build's text files, and a publish's shortcut: a file whose bytes
 * are the same in the earlier build takes that build's copies, and a build's file whose bytes an
 * earlier build compressed takes the copies it kept; any other is compressed anew (never an
 * earlier copy of other bytes).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { compressTextFiles } from './compress';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'compress-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const text = (seed: string) => Array.from({ length: 400 }, (_, i) => `${seed} line ${i}\n`).join('');

function buildWith(name: string, files: Record<string, string>): string {
  const dir = path.join(root, name);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

const unpacked = (dir: string, file: string) => [
  brotliDecompressSync(readFileSync(path.join(dir, `${file}.br`))).toString(),
  gunzipSync(readFileSync(path.join(dir, `${file}.gz`))).toString(),
];

it('takes the copies of unchanged files from the earlier build, and compresses the changed ones anew', () => {
  const earlier = buildWith('earlier', { 'assets/app-1.js': text('app'), 'index.html': text('old page') });
  expect(compressTextFiles(earlier).reused).toBe(0);
  // The earlier copy made otherwise (brotli's fastest): taken as it is, it shows.
  const earlierBr = brotliCompressSync(readFileSync(path.join(earlier, 'assets/app-1.js')), { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
  writeFileSync(path.join(earlier, 'assets/app-1.js.br'), earlierBr);

  const next = buildWith('next', { 'assets/app-1.js': text('app'), 'index.html': text('new page'), 'assets/new-2.js': text('new') });
  const result = compressTextFiles(next, { earlier });
  expect(result.reused).toBe(1);
  expect(readFileSync(path.join(next, 'assets/app-1.js.br')).equals(earlierBr)).toBe(true);
  for (const file of ['assets/app-1.js', 'index.html', 'assets/new-2.js'])
    expect(unpacked(next, file)).toEqual([readFileSync(path.join(next, file), 'utf8'), readFileSync(path.join(next, file), 'utf8')]);
});

it('compresses files with the same bytes once (a page and its aliases), and each of other bytes on its own', () => {
  const page = text('home page');
  const build = buildWith('aliases', { 'index.html': page, 'home.html': page, 'Home.html': page, 'about.html': text('about page') });
  const result = compressTextFiles(build);
  expect(result.reused).toBe(2);
  for (const file of ['index.html', 'home.html', 'Home.html', 'about.html'])
    expect(unpacked(build, file)).toEqual([readFileSync(path.join(build, file), 'utf8'), readFileSync(path.join(build, file), 'utf8')]);
  expect(unpacked(build, 'about.html')[0]).not.toBe(page);
});

it("takes the copies a build before kept of the same bytes (copied, not linked), and keeps the new ones' for the next", () => {
  const keep = path.join(root, 'kept');
  const first = buildWith('first', { 'assets/app-1.js': text('app'), 'assets/old-1.js': text('old') });
  expect(compressTextFiles(first, { keep }).reused).toBe(0);
  // A kept copy made otherwise (brotli's fastest): taken as it is, it shows.
  const [keptBr] = readdirSync(keep).filter(
    (name) => name.endsWith('.br') && readFileSync(path.join(keep, name)).equals(readFileSync(path.join(first, 'assets/app-1.js.br'))),
  );
  const fastest = brotliCompressSync(readFileSync(path.join(first, 'assets/app-1.js')), { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
  writeFileSync(path.join(keep, keptBr!), fastest);

  const next = buildWith('next', { 'assets/app-1.js': text('app'), 'assets/new-2.js': text('new') });
  expect(compressTextFiles(next, { keep }).reused).toBe(1);
  expect(readFileSync(path.join(next, 'assets/app-1.js.br')).equals(fastest)).toBe(true);
  expect(statSync(path.join(next, 'assets/app-1.js.br')).ino).not.toBe(statSync(path.join(keep, keptBr!)).ino);
  for (const file of ['assets/app-1.js', 'assets/new-2.js'])
    expect(unpacked(next, file)).toEqual([readFileSync(path.join(next, file), 'utf8'), readFileSync(path.join(next, file), 'utf8')]);
  // The new file's copies are kept too: a third build takes both.
  const third = buildWith('third', { 'assets/app-1.js': text('app'), 'assets/new-2.js': text('new') });
  expect(compressTextFiles(third, { keep }).reused).toBe(2);
});
