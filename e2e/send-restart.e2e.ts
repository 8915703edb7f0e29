/**
 * A visitor's send that meets a restart of the server, in a real browser against the built
 * server of its own (its own port and data folder), stopped while the submission is on its way
 * and started again: the form says it failed (the specification's message) and keeps what was
 * typed. Sent again as it was filled, it is the same submission (its key): stored once, and the
 * visitor is told it was sent; nothing is left for the outbox to send a second time. Left alone,
 * the outbox sends it on its timer (the page's clock is the test's): the form still on the page
 * then says it was sent and clears, so it invites no second send.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import site from '../config/site';
import { expect, test } from './fixtures';
import { field, openInquiryForm, readCollectionIn, submitButton, toastOf, toasts, uniqueSuffix } from './helpers/forms';
import { exited, freePort, startServer } from './helpers/server';

const OUTBOX = 'business-growth.outbox';
const COLLECTION = 'Inquriy';

let dataDir: string;
let port: number;
let server: ChildProcess | undefined;

test.use({ expectedConsoleErrors: /Could not save to|ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|Failed to fetch/ });

test.beforeEach(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'send-restart-e2e-'));
  port = await freePort();
  server = await startServer(port, dataDir);
});

test.afterEach(async ({ page }) => {
  await page.close();
  server?.kill('SIGTERM');
  if (server) await exited(server);
  rmSync(dataDir, { recursive: true, force: true });
});

/** The server stopped while the page's first submission is on its way (it never reaches it); resolves once that send has failed. */
async function restartMidSend(page: Page, form: Locator): Promise<void> {
  let reached = () => {};
  const onItsWay = new Promise<void>((resolve) => (reached = resolve));
  let letItGo = () => {};
  const held = new Promise<void>((resolve) => (letItGo = resolve));
  let first = true;
  await page.route('**/api/collections/**', async (route) => {
    if (route.request().method() !== 'POST' || !first) return route.fallback();
    first = false;
    reached();
    await held;
    await route.continue();
  });
  await submitButton(form).click();
  await onItsWay;
  server!.kill('SIGTERM');
  await exited(server!);
  letItGo();
  await expect(toasts(page).filter({ hasText: toastOf('inquiry', 'failure') })).toHaveCount(1);
  server = await startServer(port, dataDir);
}

const waiting = (page: Page) => page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[]).length, OUTBOX);
const storedOf = async (name: string) => (await readCollectionIn(dataDir, COLLECTION)).filter((document) => document.Fname === name);

test('sent again as it was filled after a restart, the submission is stored once and the visitor is told it was sent', async ({ page }) => {
  test.slow();
  await page.clock.install();
  const s = uniqueSuffix();
  const name = `Restart ${s}`;
  const form = await openInquiryForm(page, `http://127.0.0.1:${port}/`);
  await field(form, 'Fname').fill(name);
  await field(form, 'Email').fill(`restart.${s}@example.com`);
  await field(form, 'Pname').fill('Shop');
  await restartMidSend(page, form);
  // What was typed stays: the visitor sends it again.
  await expect(field(form, 'Fname')).toHaveValue(name);
  const sent = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/collections/'));
  await submitButton(form).click();
  expect((await sent).status()).toBe(201);
  await expect(toasts(page).filter({ hasText: toastOf('inquiry', 'success') })).toHaveCount(1);
  await expect(field(form, 'Fname')).toHaveValue('');
  // Nothing waits for the outbox: its timer, run on, sends nothing more.
  expect(await waiting(page)).toBe(0);
  await page.clock.runFor(site.constants.outbox.maxRetryMs);
  await page.reload();
  await expect.poll(() => waiting(page)).toBe(0);
  expect(await storedOf(name)).toHaveLength(1);
});

test('left alone after a restart, the submission is sent by the outbox: the form still on the page says it was sent and clears', async ({ page }) => {
  test.slow();
  await page.clock.install();
  const s = uniqueSuffix();
  const name = `Outbox ${s}`;
  const form = await openInquiryForm(page, `http://127.0.0.1:${port}/`);
  await field(form, 'Fname').fill(name);
  await field(form, 'Email').fill(`outbox.${s}@example.com`);
  await field(form, 'Pname').fill('Shop');
  await restartMidSend(page, form);
  expect(await waiting(page)).toBe(1);
  const sent = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/collections/'));
  await page.clock.runFor(site.constants.outbox.firstRetryMs);
  expect((await sent).status()).toBe(201);
  await expect(toasts(page).filter({ hasText: toastOf('inquiry', 'success') })).toHaveCount(1);
  await expect(field(form, 'Fname')).toHaveValue('');
  await expect(field(form, 'Email')).toHaveValue('');
  await expect.poll(() => waiting(page)).toBe(0);
  expect(await storedOf(name)).toHaveLength(1);
});
