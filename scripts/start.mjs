// `npm start`: builds the site if anything it is made from changed since the last build, then serves it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const sources = ['src', 'config', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json'];

function newest(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newest(path.join(target, name))), info.mtimeMs);
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (changed > built || !existsSync(path.join(root, 'dist', 'server', 'index.js'))) {
  console.log('Building the site (sources changed since the last build)…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
}

process.chdir(root);
await import(path.join(root, 'dist', 'server', 'index.js'));
