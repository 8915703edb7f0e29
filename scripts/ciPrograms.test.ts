/**
 * The suite starts only programs a clean machine has once `.ci/run` has run: Node's own (node,
 * npm, npx), git (CI cloned with it), the base system's (sh, tar, mount, umount, true), and the
 * Debian packages `.ci/run` installs, which the code starts by their paths (Chromium's headless
 * shell, Caddy, Dovecot: scripts/lib/chromium.mjs, src/test/caddy.ts, src/test/dovecot.ts).
 * A program installed by hand on one machine (ImageMagick's `convert`, say) passes there and fails
 * every clean CI: this test names it first, with the file that starts it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder } from './lib/filesUnder.mjs';

const root = path.resolve(__dirname, '..');
const ON_EVERY_CI_MACHINE = new Set(['node', 'npm', 'npx', 'git', 'sh', 'tar', 'mount', 'umount', 'true']);
/** What the tests run: the site's code and the tests' helpers, the browser tests, and the scripts' shared code and tests. */
const SUITE = ['src', 'e2e', 'scripts/lib'];
const CODE = /\.(ts|tsx|mjs|js)$/;
/** A program started by its name, its first argument a quoted word (child_process's execFile, execFileSync, spawn, spawnSync, execSync). */
const STARTED = /\b(?:execFileSync|execFile|spawnSync|spawn|execSync)\(\s*['"]([^'"\s]+)/g;

function programsStarted(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const files = [...SUITE.flatMap((dir) => filesUnder(root, dir, CODE)), ...filesUnder(root, 'scripts', /\.test\.ts$/)];
  for (const file of files)
    for (const [, program] of readFileSync(path.join(root, file), 'utf8').matchAll(STARTED)) {
      const where = found.get(program!) ?? [];
      found.set(program!, [...where, file]);
    }
  return found;
}

it('starts only programs every CI machine has, or that .ci/run installs', () => {
  const found = programsStarted();
  // The scan sees the programs the suite does start (it cannot pass by finding nothing).
  expect([...found.keys()]).toEqual(expect.arrayContaining(['git', 'npm']));
  const strangers = [...found]
    .filter(([program]) => !ON_EVERY_CI_MACHINE.has(program))
    .map(([program, files]) => `${program}: ${[...new Set(files)].join(', ')}`);
  expect(strangers).toEqual([]);
});
