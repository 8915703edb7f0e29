/**
 * For the content editor's tests: a site folder of its own in a temporary folder (a copy of
 * config/ and public/, optionally everything the build needs, optionally a git work tree with
 * one commit), so that a test publishes into it and never into this checkout; and, for the
 * tests that need a site already built and served, the build of this checkout's site made once
 * and copied into each folder (builtSite, addBuild).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  watch,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeLiveCaddy } from '../deploy/caddy';
import { runScript } from './runScript';
import { projectDir } from './realConfig';

/** What the build reads besides config/ and public/ (node_modules is linked, not copied), and the npm scripts (build, release). */
export const BUILD_PARTS = [
  'src',
  'scripts',
  'index.html',
  'admin.html',
  'vite.config.ts',
  'vite.admin.config.ts',
  'package.json',
  'tsconfig.json',
  'tsconfig.node.json',
  'firestore.rules',
  'storage.rules',
];
const notATest = (source: string) => !source.endsWith('.test.ts') && !source.endsWith('.test.tsx');

/** Who a developer's commits are by, for git and the commands that run it. */
export const DEVELOPER = { GIT_AUTHOR_NAME: 'Dev', GIT_AUTHOR_EMAIL: 'dev@agency.test', GIT_COMMITTER_NAME: 'Dev', GIT_COMMITTER_EMAIL: 'dev@agency.test' };

export function gitIn(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...DEVELOPER } });
}

/** `modules`: node_modules linked in (what a build runs with: by default with the sources, `buildable`). */
export function makeSite({ git = false, buildable = false, modules = buildable }: { git?: boolean; buildable?: boolean; modules?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-'));
  for (const part of ['config', 'public', ...(buildable ? BUILD_PARTS : [])]) {
    cpSync(path.join(projectDir, part), path.join(dir, part), { recursive: true, filter: notATest });
  }
  if (modules) symlinkSync(path.join(projectDir, 'node_modules'), path.join(dir, 'node_modules'));
  if (git) {
    gitIn(dir, 'init', '--quiet', '--initial-branch=main');
    cpSync(path.join(projectDir, '.gitignore'), path.join(dir, '.gitignore'));
    // The linked node_modules is not a folder to git: keep it out by name.
    writeFileSync(path.join(dir, '.git', 'info', 'exclude'), 'node_modules\n');
    gitIn(dir, 'add', '.');
    gitIn(dir, 'commit', '--quiet', '-m', 'The site');
  }
  return dir;
}

/**
 * makeSite's folder (buildable) with the site built in its dist/, as `npm run build` leaves it
 * there: the build of this checkout's site, made once (builtSite) and copied. `buildable: false`:
 * config/, public/ and the build only, for a test whose server publishes and never builds again
 * (the sources are about 750 files more to copy, commit and remove). Its packages are linked in either way.
 */
export async function makeBuiltSite({ git = false, buildable = true }: { git?: boolean; buildable?: boolean } = {}): Promise<string> {
  const dir = makeSite({ git, buildable, modules: true });
  await addBuild(dir);
  return dir;
}

/** Copies the build of this checkout's site (builtSite) into `siteDir`/dist, its Caddy pointer naming that folder. */
export async function addBuild(siteDir: string): Promise<void> {
  const dist = path.join(siteDir, 'dist');
  cpSync(await builtSite(), dist, { recursive: true });
  // The one file of a build that names its own folder (src/deploy/caddy.ts): the build writes it naming itself.
  writeLiveCaddy(dist, dist);
}

/*
 * The build of the site as this checkout has it, made once (by the first test file that asks,
 * with the real build: npm run build's script, in a process of its own) and kept in the system's
 * temporary folder under a hash of everything it is made from, so every test file and every
 * later run on the same sources copies it instead of building again. A change to any of its
 * sources (or to package-lock.json, Node's version, a VITE_ setting) names another build.
 * Test files running at the same time take turns: one builds, the others wait for its folder.
 */
const CACHE_DIR = path.join(os.tmpdir(), 'site-build-cache');
/** A kept build not used for this long is removed when another is made. */
const KEEP_UNUSED_MS = 24 * 3600 * 1000;

function filesOf(dir: string): string[] {
  const info = statSync(dir);
  if (!info.isDirectory()) return [dir];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => filesOf(path.join(dir, name)))
    .filter(notATest);
}

let sourcesKey: string | undefined;

/** A hash of what the build is made from (the sources do not change while a test file runs: hashed once). */
function buildKey(): string {
  sourcesKey ??= hashSources();
  return sourcesKey;
}

function hashSources(): string {
  const hash = createHash('sha256');
  hash.update(`node ${process.version}\0`);
  for (const [name, value] of Object.entries(process.env).sort()) if (name.startsWith('VITE_')) hash.update(`${name}=${value}\0`);
  for (const part of ['config', 'public', ...BUILD_PARTS, 'package-lock.json']) {
    const full = path.join(projectDir, part);
    if (!existsSync(full)) continue;
    for (const file of filesOf(full))
      hash
        .update(`${path.relative(projectDir, file)}\0`)
        .update(readFileSync(file))
        .update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the lock file `file` (naming this process), or answers the process holding it; one left by a process that is gone is taken over. */
function takeBuildLock(file: string): { taken: true } | { taken: false; holder: number } {
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return { taken: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder = NaN;
      try {
        holder = Number(readFileSync(file, 'utf8'));
      } catch {
        continue; // Released meanwhile: try again.
      }
      // Still being written by its holder (no pid yet), or held by a running process: theirs.
      if (!holder) return { taken: false, holder: 0 };
      if (isRunning(holder)) return { taken: false, holder };
      rmSync(file, { force: true });
    }
  }
}

/** Resolves at the next change in CACHE_DIR naming `names`, or once the process `holder` is gone (no event says that: it is asked every second). */
function nextChange(names: string[], holder: number): { changed: Promise<void>; stop(): void } {
  let stop = () => {};
  const changed = new Promise<void>((resolve) => {
    const watcher = watch(CACHE_DIR, (_event, name) => name && names.includes(String(name)) && done());
    const alive = setInterval(() => holder && !isRunning(holder) && done(), 1000);
    function done() {
      watcher.close();
      clearInterval(alive);
      resolve();
    }
    stop = done;
  });
  return { changed, stop };
}

let built: Promise<string> | undefined;

/** The folder of the kept build (client/, ssr/, server/, caddy/) of this checkout's site; made first if there is none. */
export function builtSite(): Promise<string> {
  built ??= keptFolder('', buildOnce);
  return built;
}

/**
 * A folder made from this checkout's sources (as builtSite's build is) by `make`, once, and kept
 * beside the build under the same hash (and `kind`): every test file and every later run on the
 * same sources takes it as it is. `make` writes the folder it is given whole (renamed into place
 * last). Test files running at the same time take turns, as for the build.
 */
export async function keptFolder(kind: string, make: (done: string) => Promise<void>): Promise<string> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const key = kind ? `${buildKey()}-${kind}` : buildKey();
  const done = path.join(CACHE_DIR, key);
  const lockPath = path.join(CACHE_DIR, `${key}.lock`);
  for (;;) {
    if (existsSync(done)) {
      const now = new Date();
      utimesSync(done, now, now);
      return done;
    }
    const lock = takeBuildLock(lockPath);
    if (lock.taken) {
      try {
        if (!existsSync(done)) {
          await make(done);
          sweepCache(done);
        }
      } finally {
        rmSync(lockPath, { force: true });
      }
      return done;
    }
    // Another test file is making it: wait for its folder (or for its lock to go), then look again.
    const waiting = nextChange([key, `${key}.lock`], lock.holder);
    // Done or released between the lock's answer and the watch's start: no event will come for it.
    if (existsSync(done) || !existsSync(lockPath)) waiting.stop();
    await waiting.changed;
  }
}

/** Kept folders of other sources not used for a day go. */
function sweepCache(done: string): void {
  for (const name of readdirSync(CACHE_DIR)) {
    const dir = path.join(CACHE_DIR, name);
    if (dir === done || name.endsWith('.lock')) continue;
    try {
      if (Date.now() - statSync(dir).mtimeMs > KEEP_UNUSED_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Removed by another run meanwhile.
    }
  }
}

async function buildOnce(done: string): Promise<void> {
  // Built in a site folder's own dist/ (its scripts find node_modules from there), then moved here whole.
  const site = makeSite({ buildable: true });
  try {
    // The real `npm run build`, in the site folder's own process (the site's scripts and sources are copies of this checkout's).
    const built = await runScript('scripts/build.ts', [], { cwd: site, env: { NODE_ENV: 'production', JEST_WORKER_ID: undefined }, timeout: 600_000 });
    if (built.code !== 0) throw new Error(`The site's build failed:\n${built.stderr || built.stdout}`);
    renameSync(path.join(site, 'dist'), done);
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
}
