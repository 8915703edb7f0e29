/**
 * A full data disk, for real: the data folder is a small tmpfs (2 MB) that the test fills with
 * a file, and a real server (buildApp, listening on 127.0.0.1) answers over real HTTP. Nothing
 * is lost (what a form sent is refused in a way the browser keeps and sends again), nothing is
 * left behind (no cut-off file, no temporary file), the pages stay up, and the site takes
 * submissions again by itself once there is room.
 *
 * Mounting needs root: elsewhere these tests are skipped with a message (CI runs as root, and
 * there they must run).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync, writeSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import forms from '../../../config/forms';
import server from '../../../config/server';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../../site/model/siteManifest';
import { buildDocument } from '../../site/forms/model/document';
import { validData } from '../../test/formFixtures';
import { buildApp } from './app';
import { openStore } from './siteStore';
import { realServedContent } from '../../test/realConfig';
import { proofHeaders } from '../../test/proof';

type App = Awaited<ReturnType<typeof buildApp>>;

/** Whether this machine lets the test mount a tmpfs (root, and mounting allowed). */
function canMount(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(path.join(os.tmpdir(), 'full-disk-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe]);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

const mountable = canMount();
if (!mountable) {
  // CI runs as root on a machine that allows tmpfs mounts: there these tests must run.
  if (process.env.CI) throw new Error('The full-disk tests need to mount a tmpfs (run as root): mount -t tmpfs failed');
  console.warn('Skipped the full-disk tests: mounting a tmpfs needs root (CI runs them).');
}
const onTmpfs = mountable ? describe : describe.skip;

let dataDir: string;
let app: App | undefined;
const cleanups: (() => void)[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'full-disk-'));
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Makes the data folder a fresh 4 MB tmpfs: room for a new database (its write-ahead log after
 * every migration is about 1 MB) and for the 1 MB upload once the filler is gone.
 */
function mountSmallDisk() {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dataDir]);
  // Lazily if need be: a file a failed test left open must not leave the mount behind.
  cleanups.push(() => execFileSync('umount', ['--lazy', dataDir]));
}

/** Fills the data disk until `room` bytes are left (0: until a write fails); returns how to undo it. */
function fillDisk(room = 0): () => void {
  const filler = path.join(dataDir, 'filler');
  const fd = openSync(filler, 'w');
  const block = Buffer.alloc(16 * 1024);
  try {
    for (;;) {
      const { bavail, bsize } = statfsSync(dataDir);
      const free = bavail * bsize - room;
      if (free <= 0) break;
      writeSync(fd, block, 0, Math.min(block.length, free));
    }
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return () => rmSync(filler, { force: true });
}

async function listen(options: Partial<Parameters<typeof buildApp>[0]> = {}) {
  app = await buildApp({ dataDir, rateLimitFactor: 100, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Every file under the data folder but the database's own and the filler. */
function leftBehind(): string[] {
  return (
    readdirSync(dataDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dataDir, path.join(e.parentPath, e.name)))
      // The database, the disk's filler, and the inbox's key (written at start, src/platform/server/accounts/secret.ts).
      .filter((f) => !/^(site\.db(-wal|-shm)?|filler|session-secret)$/.test(f))
  );
}

const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);
const upload = (base: string, id: string, bytes: Buffer) =>
  fetch(`${base}/api/files/Image/CvDeveloper/${id}`, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: new Uint8Array(bytes) });
/** Sends the inquiry as a page's script does: with the puzzle of the proof of work solved. */
const postInquiry = async (base: string) =>
  fetch(`${base}/api/collections/${forms.inquiry.collection}/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await proofHeaders(base)) },
    body: JSON.stringify(buildDocument(forms.inquiry, validData.inquiry)),
  });
const unavailable = { message: server.messages.unavailable };

/** A built site in miniature, off the data disk. */
function tinySite() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'full-disk-site-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body><p>Hello</p></body></html>');
  const manifest: SiteManifest = {
    pages: [
      { path: '/', file: 'index.html' },
      { path: '/Contact', file: 'index.html' },
    ],
    fallbackFile: 'index.html',
    errorFile: 'index.html',
    frameOrigins: [],
    connectOrigins: [],
    inlineHashes: { scripts: [], styles: [] },
    outcomes: [],
    content: realServedContent,
  };
  writeFileSync(path.join(dir, SITE_MANIFEST_FILE), JSON.stringify(manifest));
  return dir;
}

onTmpfs('a data disk that fills up while the site runs', () => {
  it('refuses an upload that does not fit with 503, leaves no file behind, and takes it once there is room', async () => {
    mountSmallDisk();
    const base = await listen();
    const id = randomUUID();
    const cv = pdf(1024 * 1024);
    const free = fillDisk(300 * 1024);

    const refused = await upload(base, id, cv);
    expect([refused.status, await refused.json()]).toEqual([503, unavailable]);
    expect(leftBehind()).toEqual([]);

    free();
    const stored = await upload(base, id, cv);
    expect(stored.status).toBe(201);
    const { url } = (await stored.json()) as { url: string };
    expect(Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer()).equals(cv)).toBe(true);
  });

  it('refuses a form with 503 (the browser keeps it) while the disk is full, and stores it once there is room', async () => {
    mountSmallDisk();
    const base = await listen();
    expect((await postInquiry(base)).status).toBe(201);
    const free = fillDisk();

    const refused = await postInquiry(base);
    expect([refused.status, await refused.json()]).toEqual([503, unavailable]);
    free();
    expect((await postInquiry(base)).status).toBe(201);
    expect(app!.store.count(forms.inquiry.collection)).toBe(2);
  });
});

onTmpfs('a data disk that is full when the site starts', () => {
  it('starts, serves its pages, answers the forms with their failure outcome, and recovers by itself when space returns, notifications included', async () => {
    mountSmallDisk();
    // A database closed cleanly: its WAL's shared-memory file is gone, and SQLite needs room to make it again.
    const before = openStore(dataDir);
    before.insert(forms.inquiry.collection, buildDocument(forms.inquiry, validData.inquiry));
    before.close();
    const free = fillDisk();

    // Notifications set up (the e-mail's settings waiting to be fixed: nothing is sent): they start with the database.
    // The server's clock is the test's: it moves only when the test moves it.
    const clock = { now: Date.now() };
    const base = await listen({
      clock: () => clock.now,
      clientDir: tinySite(),
      notifications: { settings: { publicUrl: 'http://127.0.0.1', waiting: ['email'] } },
    });
    expect((await fetch(`${base}/Contact`)).status).toBe(200);
    expect((await fetch(`${base}/healthz`)).status).toBe(503);
    const json = await postInquiry(base);
    expect([json.status, await json.json()]).toEqual([503, unavailable]);
    const plain = await fetch(`${base}/api/collections/${forms.inquiry.collection}/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `${base}/Contact` },
      body: new URLSearchParams(validData.inquiry as Record<string, string>).toString(),
      redirect: 'manual',
    });
    expect([plain.status, plain.headers.get('location')]).toEqual([303, `/Contact?failed=${forms.inquiry.collection}`]);
    expect((await upload(base, randomUUID(), pdf(1000))).status).toBe(503);

    free();
    // The health check (and any form) tries again, at most once a second: not yet within it.
    clock.now += 999;
    expect((await fetch(`${base}/healthz`)).status).toBe(503);
    clock.now += 1;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await postInquiry(base)).status).toBe(201);
    expect(app!.store.count(forms.inquiry.collection)).toBe(2);
    // The agency's notification and the visitor's auto-reply, both waiting for the e-mail setting.
    expect(app!.store.db.prepare('SELECT channel, state FROM deliveries ORDER BY channel').all()).toEqual([
      { channel: 'email', state: 'pending' },
      { channel: 'visitor', state: 'pending' },
    ]);
    expect(leftBehind()).toEqual([]);
  });
});

describe('at start', () => {
  it('removes the temporary files of uploads a crash cut off, and keeps the uploaded files', async () => {
    const folder = path.join(dataDir, 'files', 'Image', 'CvDeveloper');
    mkdirSync(folder, { recursive: true });
    const kept = randomUUID();
    writeFileSync(path.join(folder, kept), pdf(100));
    writeFileSync(path.join(folder, `${randomUUID()}.0a1b2c3d4e5f.part`), pdf(50));
    writeFileSync(path.join(folder, `${randomUUID()}.5f4e3d2c1b0a.part`), '');
    await listen();
    expect(readdirSync(folder)).toEqual([kept]);
    expect(readFileSync(path.join(folder, kept))).toEqual(pdf(100));
  });
});
