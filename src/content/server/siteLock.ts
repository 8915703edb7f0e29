/**
 * One change to the site folder at a time, between processes: a publish from the browser (our
 * server, publish.ts) and `npm run release` (scripts/release.ts) each hold this lock while they
 * change the folder's files and its history, and the other is refused with a sentence meanwhile.
 * The lock is a file in the folder's git directory (`.git/site-update.lock`: never committed,
 * never built), naming who holds it; one left by a process that is gone (a crash) is taken over.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

export type LockHolder = { what: 'publish' | 'release'; pid: number; since: string };
export type Lock = { taken: true; release(): void } | { taken: false; heldBy: LockHolder | undefined };

/** The lock file of the git work tree `siteDir`. */
export function lockFile(siteDir: string): string {
  return path.resolve(
    siteDir,
    execFileSync('git', ['rev-parse', '--git-path', 'site-update.lock'], { cwd: siteDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim(),
  );
}

function holderOf(file: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    return typeof holder.pid === 'number' ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the process that wrote the lock still runs (a lock written half, by a crash, counts as held for its first 10 s). */
function stillHeld(file: string, holder: LockHolder | undefined): boolean {
  if (!holder) {
    try {
      return Date.now() - statSync(file).mtimeMs < 10_000;
    } catch {
      return false;
    }
  }
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock for `what`, or says who holds it. */
export function takeLock(file: string, what: LockHolder['what']): Lock {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, JSON.stringify({ what, pid: process.pid, since: new Date().toISOString() } satisfies LockHolder));
      } finally {
        closeSync(fd);
      }
      let released = false;
      return {
        taken: true,
        release: () => {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(file);
      if (stillHeld(file, holder)) return { taken: false, heldBy: holder };
      // Left by a process that is gone: taken over.
      rmSync(file, { force: true });
    }
  }
  return { taken: false, heldBy: holderOf(file) };
}
