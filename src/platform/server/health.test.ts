/**
 * GET /healthz over real HTTP on a real data folder: 200 while the database and the files
 * folder take writes; 503, saying nothing more, when the data folder is read-only (once the
 * last answer, kept for a second of the server's clock, which the test moves, is over).
 * (Run as root, chmod does not stop writes: the test then makes the folder read-only with
 * a read-only bind mount where it may, and says it skipped otherwise.)
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import server from '../../../config/server';
import { buildApp } from '../../apps/server/app';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'health-'));
});
afterEach(() => {
  chmodSync(dataDir, 0o755);
  rmSync(dataDir, { recursive: true, force: true });
});

async function healthz(app: Awaited<ReturnType<typeof buildApp>>) {
  const { port } = app.server.address() as AddressInfo;
  const answer = await fetch(`http://127.0.0.1:${port}/healthz`);
  return { status: answer.status, body: await answer.text(), cache: answer.headers.get('cache-control') };
}

test('healthy: 200 "ok", not cached', async () => {
  const app = await buildApp({ dataDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    expect(await healthz(app)).toEqual({ status: 200, body: server.messages.healthy, cache: 'no-store' });
  } finally {
    await app.close();
  }
});

/** Makes `dir` read-only for everyone, root included; returns how to undo it, or null where not allowed. */
function makeReadOnly(dir: string): (() => void) | null {
  if (process.getuid?.() !== 0) {
    chmodSync(path.join(dir, 'files'), 0o555);
    chmodSync(dir, 0o555);
    return () => {
      chmodSync(dir, 0o755);
      chmodSync(path.join(dir, 'files'), 0o755);
    };
  }
  try {
    execFileSync('mount', ['--bind', dir, dir]);
    execFileSync('mount', ['-o', 'remount,bind,ro', dir]);
    return () => execFileSync('umount', [dir]);
  } catch {
    return null;
  }
}

test('a read-only data folder: 503 "unavailable", no details, once the last answer (kept for a second) is over', async () => {
  const clock = { now: Date.now() };
  const app = await buildApp({ dataDir, clock: () => clock.now });
  await app.listen({ port: 0, host: '127.0.0.1' });
  mkdirSync(path.join(dataDir, 'files'), { recursive: true });
  expect((await healthz(app)).status).toBe(200);
  const undo = makeReadOnly(dataDir);
  if (!undo) {
    await app.close();
    // CI runs as root on a machine that allows the bind mount: there the check must run.
    if (process.env.CI) throw new Error('Could not make the data folder read-only (mount --bind, then remount,ro)');
    console.warn('Skipped: this machine allows neither chmod nor a read-only bind mount to stop writes.');
    return;
  }
  try {
    // The last answer is kept for a second: within it, still the one before.
    clock.now += 999;
    expect((await healthz(app)).status).toBe(200);
    clock.now += 1;
    expect(await healthz(app)).toEqual({ status: 503, body: server.messages.unhealthy, cache: 'no-store' });
  } finally {
    undo();
    await app.close();
  }
});
