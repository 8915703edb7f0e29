/**
 * `npm start`: checks config/ (stopping with its sentences when something is wrong), builds
 * the site if anything it is made from changed since the last build, then serves it.
 */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSite } from '../src/build/build';
import { checkProject, report } from '../src/build/checkProject';
import { readCommandLine } from './lib/commandLine.mjs';

// It takes no options: anything on its command line is refused before it does anything.
readCommandLine(process.argv.slice(2), { command: 'npm start' });

// npm runs scripts from the project's folder.
const root = process.cwd();
const stamp = path.join(root, 'dist', '.build-stamp');
const serverBundle = path.join(root, 'dist', 'server', 'index.js');
const sources = ['src', 'config', 'public', 'index.html', 'admin.html', 'vite.config.ts', 'vite.admin.config.ts', 'package.json', 'package-lock.json'];

function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newest(path.join(target, name))), info.mtimeMs);
}

const problems = await checkProject();
if (problems.length > 0) {
  console.error(report(problems));
  console.error('\nThe site was not started: fix the config first (npm run check checks it again).');
  process.exit(1);
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (changed > built || !existsSync(serverBundle)) {
  console.log('Building the site (sources changed since the last build)…');
  await buildSite({ root });
  writeFileSync(stamp, new Date().toISOString());
}

await import(serverBundle);
