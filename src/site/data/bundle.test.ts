/**
 * What the visitors' code holds: real `vite build`s of the browser code (into a temporary folder),
 * read through the build's manifest. The Firebase SDK is not part of a page load: with the Firebase
 * settings the SDK sits in chunks only the data port's dynamic import reaches (src/site/data/select.ts:
 * on the first save or file choice); without them it is not in the build at all. Of config/server.ts
 * neither build holds more than the part built in (src/site/model/serverSettings.ts): none of the
 * inbox's, the newsletter's or the mails' sentences.
 * The two builds run side by side (each its own process), each test reads its own.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import server from '../../../config/server';
import { firebaseKeys } from '../../deploy/firebaseSettings';
import { serverSettingsOf } from '../model/serverSettings';
import { copyOf } from '../../test/copyGuard';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

const root = path.resolve(__dirname, '../../..');
/** Text only the Firestore SDK contains (the address it talks to). */
const SDK_MARK = 'firestore.googleapis.com';

const outDirs: string[] = [];
afterAll(() => outDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A real `vite build` with these settings, in a process of its own: done when it exits. */
function vite(env: Record<string, string>): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bundle-'));
  outDirs.push(outDir);
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_FIREBASE_')));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      { cwd: root, env: { ...clean, ...env, NODE_ENV: 'production' }, maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) => (error ? reject(new Error(`vite build failed: ${error.message}\n${stderr}`)) : resolve(outDir)),
    );
  });
}

/** The build's scripts, and those the page loads without any dynamic import. */
function read(outDir: string) {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const text = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
  /** The files the page's entry loads without any dynamic import. */
  const atLoad = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (atLoad.has(chunk.file)) return;
    atLoad.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  // The page's scripts are those index.html names (vite's manifest lists them as chunks).
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const named = [...text('index.html').matchAll(/<script type="module"[^>]*\ssrc="\/([^"]+)"/g)].map((m) => m[1]!);
  expect(named.length).toBeGreaterThan(0);
  for (const file of named) visit(keyOfFile.get(file)!);
  const scripts = readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
  return { atLoad: [...atLoad], scripts, text };
}

const settings = Object.fromEntries(firebaseKeys.map((key) => [key, `test-${key.toLowerCase()}`]));
let withSettings: Promise<string>;
let withoutSettings: Promise<string>;
beforeAll(() => {
  withSettings = vite(settings);
  withoutSettings = vite({});
  // A failed build fails its own test (which awaits it), not the run before that test starts.
  for (const build of [withSettings, withoutSettings]) build.catch(() => undefined);
});

it('with the Firebase settings, the SDK loads only through the data port, never with the page', async () => {
  const result = read(await withSettings);
  const withSdk = result.scripts.filter((file) => result.text(file).includes(SDK_MARK));
  expect(withSdk.length).toBeGreaterThan(0);
  expect(result.atLoad.filter((file) => withSdk.includes(file))).toEqual([]);
  // The settings made it into the build (the Firebase adapter was chosen).
  expect(result.scripts.some((file) => result.text(file).includes(settings.VITE_FIREBASE_PROJECT_ID!))).toBe(true);
}, 120_000);

it('without them, no byte of the SDK is built', async () => {
  const result = read(await withoutSettings);
  expect(result.scripts.filter((file) => result.text(file).includes(SDK_MARK))).toEqual([]);
}, 120_000);

it('neither build holds a sentence of config/server.ts but those of the part built in', async () => {
  const builtIn = copyOf(serverSettingsOf(server));
  const sentences = [...copyOf(server)].filter((text) => !builtIn.has(text));
  expect(sentences.length).toBeGreaterThan(0);
  for (const build of [withSettings, withoutSettings]) {
    const result = read(await build);
    const found = result.scripts.flatMap((file) => sentences.filter((sentence) => result.text(file).includes(sentence)).map((sentence) => `${file}: ${sentence}`));
    expect(found).toEqual([]);
  }
}, 120_000);
