// `npm test`'s first stage when better-sqlite3's addon is not built (after `npm ci --ignore-scripts`):
// the addon, a minute of one core to compile.
//
// .ci/run starts that compile before `npm ci`, from a copy of the locked version in a folder of
// its own (SQLITE_ADDON_BUILD; npm ci empties node_modules/ first), so that it uses the core npm
// ci leaves idle, or puts there the addon it kept from an earlier compile on this machine. This
// waits for it (the folder's `status` file, its exit code) and puts its addon in place. Without
// that folder, or when its compile failed or is of another version, the addon is compiled here as
// npm would (`npm rebuild better-sqlite3`).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, watch } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');
const installed = path.join(root, 'node_modules', 'better-sqlite3');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Whether the installed better-sqlite3 opens a database (its addon built and loadable). */
export function sqliteBuilt() {
  try {
    const Database = createRequire(path.join(root, 'package.json'))('better-sqlite3');
    new Database(':memory:').close();
    return true;
  } catch {
    return false;
  }
}

/** Resolves with the compile's exit code once `dir/status` is written. */
function compiled(dir) {
  const status = path.join(dir, 'status');
  return new Promise((resolve) => {
    const read = () => {
      if (!existsSync(status)) return false;
      const code = readFileSync(status, 'utf8').trim();
      if (code === '') return false;
      watcher.close();
      resolve(Number(code));
      return true;
    };
    const watcher = watch(dir, () => read());
    read();
  });
}

const versionOf = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;

/** The addon of the compile in `dir`, when it succeeded for the installed version: put in place; answers whether it loads. */
async function fromEarlierCompile(dir) {
  const copy = path.join(dir, 'package');
  console.log(`better-sqlite3: waiting for its compile in ${dir} (started by .ci/run alongside npm ci)`);
  const code = await compiled(dir);
  if (code !== 0) {
    console.log(`better-sqlite3: that compile failed (exit code ${code}; its output in ${path.join(dir, 'log')})`);
    return false;
  }
  if (versionOf(copy) !== versionOf(installed)) {
    console.log(`better-sqlite3: that compile is of ${versionOf(copy)}, ${versionOf(installed)} is installed`);
    return false;
  }
  cpSync(path.join(copy, 'build'), path.join(installed, 'build'), { recursive: true });
  return sqliteBuilt();
}

// Run as a script (npm test's native stage), not imported (scripts/test.mjs reads sqliteBuilt).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dir = process.env.SQLITE_ADDON_BUILD;
  if (dir && existsSync(dir) && (await fromEarlierCompile(dir))) {
    console.log('better-sqlite3: its addon is in place');
  } else {
    console.log('better-sqlite3: compiling its addon (npm rebuild better-sqlite3)');
    const { status } = spawnSync(npm, ['rebuild', 'better-sqlite3'], { cwd: root, stdio: 'inherit' });
    process.exitCode = status === 0 && sqliteBuilt() ? 0 : 1;
  }
}
