/**
 * For tests that start one of this checkout's TypeScript programs as a process of its own, again
 * and again: the program bundled once into one ES module, as the build bundles the server
 * (src/render/build.ts: esbuild, its packages left in node_modules), which Node then runs without
 * tsx's loader. tsx compiles and resolves module by module on every start (about 3 CPU-seconds a
 * start of our server, against about 1 for its bundle). The bundle is kept (keptBundle) in
 * node_modules/.cache/test-bundles, so that its packages resolve from node_modules.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, version as esbuildVersion } from 'esbuild';
import { SERVER_BUNDLE } from '../render/serverBundle';
import { projectDir } from './realConfig';

/*
 * A bundle kept between test files and runs, for a program tests start again and again (`npm
 * run leads`, the newsletter crash test's sender, release.test.ts's `npm run release`): made by
 * the first file that asks, then taken as it is by every later one while the files it was made
 * from are byte for byte the same. Beside it, the list of those files (the checkout's; its
 * packages are not in it) and a hash of their bytes; each call hashes them again (a few
 * milliseconds), so a change to any of them bundles anew. Files running at the same time may
 * both bundle: each writes a file of its own, named by its hash, and its list last.
 */
const KEPT_DIR = path.join(projectDir, 'node_modules', '.cache', 'test-bundles');
const HOUR = 3600 * 1000;

/** A hash of the files (relative to the project) and of how they are bundled. */
function hashOf(inputs: string[]): string {
  const hash = createHash('sha256').update(`esbuild ${esbuildVersion} ${JSON.stringify(SERVER_BUNDLE)}\0`);
  for (const input of inputs) {
    hash.update(`${input}\0`);
    try {
      hash.update(readFileSync(path.join(projectDir, input)));
    } catch {
      hash.update('\0gone');
    }
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

const kept = new Map<string, Promise<string>>();

/** The kept bundle of `entry` (a TypeScript file of this checkout): `node <file>` runs it. */
export function keptBundle(entry: string): Promise<string> {
  let file = kept.get(entry);
  if (!file) kept.set(entry, (file = keptBundleNow(entry)));
  return file;
}

async function keptBundleNow(entry: string): Promise<string> {
  const name = path
    .relative(projectDir, entry)
    .replace(/\.[cm]?[jt]sx?$/, '')
    .replace(/[^\w-]+/g, '_');
  const list = path.join(KEPT_DIR, `${name}.json`);
  try {
    const { inputs, hash } = JSON.parse(readFileSync(list, 'utf8')) as { inputs: string[]; hash: string };
    const file = path.join(KEPT_DIR, `${name}-${hash}.mjs`);
    if (hashOf(inputs) === hash && readdirSync(KEPT_DIR).includes(path.basename(file))) return file;
  } catch {
    // None kept yet (or its list half gone): bundled now.
  }
  mkdirSync(KEPT_DIR, { recursive: true });
  const temp = path.join(KEPT_DIR, `.${name}-${randomUUID()}.mjs`);
  try {
    const { metafile } = await build({ entryPoints: [entry], outfile: temp, absWorkingDir: projectDir, metafile: true, ...SERVER_BUNDLE });
    const inputs = Object.keys(metafile.inputs).sort();
    const hash = hashOf(inputs);
    const file = path.join(KEPT_DIR, `${name}-${hash}.mjs`);
    renameSync(temp, file);
    const listTemp = `${temp}.json`;
    writeFileSync(listTemp, JSON.stringify({ inputs, hash }));
    renameSync(listTemp, list);
    // Bundles of earlier sources go once they are an hour old (a run under way may still start one made meanwhile).
    for (const other of readdirSync(KEPT_DIR))
      if (other.startsWith(`${name}-`) && other !== path.basename(file) && Date.now() - statSync(path.join(KEPT_DIR, other)).mtimeMs > HOUR)
        rmSync(path.join(KEPT_DIR, other), { force: true });
    return file;
  } finally {
    rmSync(temp, { force: true });
  }
}
