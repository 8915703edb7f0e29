/**
 * Whether the build in dist/ is older than what it is made from. `npm run build` and `npm start`
 * both mark their build, so `npm start` after `npm run build` serves that build instead of
 * building again; `npm start` builds only when a source changed since the last build.
 */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the build is made from, relative to the project's folder. */
const BUILD_SOURCES = ['src', 'config', 'public', 'index.html', 'admin.html', 'vite.config.ts', 'vite.admin.config.ts', 'package.json', 'package-lock.json'];

const stampFile = (root: string) => path.join(root, 'dist', '.build-stamp');
const serverBundle = (root: string) => path.join(root, 'dist', 'server', 'index.js');

function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newest(path.join(target, name))), info.mtimeMs);
}

/** True when there is no build, or a source changed after the last one was marked. */
export function needsBuild(root: string): boolean {
  if (!existsSync(serverBundle(root))) return true;
  const built = existsSync(stampFile(root)) ? statSync(stampFile(root)).mtimeMs : 0;
  return Math.max(...BUILD_SOURCES.map((source) => newest(path.join(root, source)))) > built;
}

/** Marks the build just made as current (after it finished). */
export function markBuilt(root: string): void {
  writeFileSync(stampFile(root), new Date().toISOString());
}
