/**
 * A full data disk, in a real browser against the built server started on it (a 2 MB tmpfs
 * filled to the last byte before the start): the site is up, a submission is refused with
 * the form's failure message and waits in the browser, and once there is room again the next
 * visit stores it, once. Mounting needs root: elsewhere the test is skipped (CI runs as root).
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { field, openInquiryForm, readCollectionIn, submitButton, toastOf, toasts, uniqueSuffix } from './helpers/forms';
import { exited, freePort, startServer } from './helpers/server';

const OUTBOX = 'business-growth.outbox';
const isRoot = process.getuid?.() === 0;
let dataDir: string;
let site: ChildProcess | undefined;

test.beforeEach(() => {
  // CI runs as root: there this test must run.
  if (!isRoot && process.env.CI) throw new Error('The full-disk browser test needs root to mount a tmpfs');
  test.skip(!isRoot, 'Mounting a tmpfs needs root (CI runs this test)');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'full-disk-e2e-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dataDir]);
});

test.afterEach(async ({ page }) => {
  if (!dataDir) return;
  await page.close();
  site?.kill('SIGTERM');
  if (site) await exited(site);
  execFileSync('umount', ['--lazy', dataDir]);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Fills the data disk to its last byte; returns how to free it. */
function fillDisk(): () => void {
  const filler = path.join(dataDir, 'filler');
  const fd = openSync(filler, 'w');
  try {
    for (;;) writeSync(fd, Buffer.alloc(16 * 1024));
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return () => rmSync(filler);
}

test.use({ expectedConsoleErrors: /Could not save to|the server responded with a status of 503/ });

test('the site starts on a full data disk; a submission waits in the browser and is stored once there is room', async ({ page }) => {
  // A server of its own started and a page loaded twice: long on a busy machine.
  test.slow();
  const free = fillDisk();
  const port = await freePort();
  site = await startServer(port, dataDir);
  const s = uniqueSuffix();

  const form = await openInquiryForm(page, `http://127.0.0.1:${port}/`);
  await field(form, 'Fname').fill(`Full disk ${s}`);
  await field(form, 'Email').fill(`full.${s}@example.com`);
  await field(form, 'Pname').fill('Shop');
  const refused = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/collections/'));
  await submitButton(form).click();
  expect((await refused).status()).toBe(503);
  await expect(toasts(page).filter({ hasText: toastOf('inquiry', 'failure') })).toHaveCount(1);
  const waiting = () =>
    page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '[]') as { document: { Fname: string } }[]).map((w) => w.document.Fname), OUTBOX);
  expect(await waiting()).toEqual([`Full disk ${s}`]);

  // Room again: the site takes writes again without a restart (its health check says so once
  // it has opened the database, which it tries at most once a second), and the visitor's next
  // visit sends what waited.
  free();
  await expect.poll(async () => (await page.request.get(`http://127.0.0.1:${port}/healthz`)).status(), { message: 'the site takes writes again' }).toBe(200);
  const sent = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/collections/'));
  await page.reload();
  expect((await sent).status()).toBe(201);
  await expect.poll(waiting).toEqual([]);
  const stored = (await readCollectionIn(dataDir, 'Inquriy')).filter((d) => d.Fname === `Full disk ${s}`);
  expect(stored).toHaveLength(1);
});
