/**
 * For tests that start one of this checkout's TypeScript programs as a process of its own, again
 * and again: the program bundled once into one ES module, as the build bundles the server
 * (src/render/build.ts: esbuild, its packages left in node_modules), which Node then runs without
 * tsx's loader. tsx compiles and resolves module by module on every start (about 3 CPU-seconds a
 * start of our server, against about 1 for its bundle). The bundle is written in a folder of its
 * own in the project (`.tmp-bundle-…`, so that its packages resolve from node_modules).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { SERVER_BUNDLE } from '../render/serverBundle';
import { projectDir } from './realConfig';

export interface Bundle {
  /** The bundle: `node <file>` runs it. */
  file: string;
  /** Deletes the bundle's folder. */
  remove(): void;
}

/** `entry` (a TypeScript file of this checkout) bundled with what it imports of the checkout. */
export async function bundled(entry: string): Promise<Bundle> {
  const dir = mkdtempSync(path.join(projectDir, '.tmp-bundle-'));
  const file = path.join(dir, `${path.basename(entry, path.extname(entry))}.mjs`);
  try {
    await build({
      entryPoints: [entry],
      outfile: file,
      ...SERVER_BUNDLE,
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
