/**
 * The rate limits in a real browser against a server of the test's own, started with the
 * limits of config/server.ts turned down (RATE_LIMIT_FACTOR) so that one visitor reaches
 * them: the refused submission is shown as the form's failure outcome and waits in the
 * browser; a plain (no-JavaScript) post over the limit comes back with the failure outcome.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import server from '../config/server';
import { expect, test } from './fixtures';
import { field, formOf, openInquiryForm, sendPlain, submitButton, toastOf, toasts, uniqueSuffix } from './helpers/forms';
import { exited, freePort, startServer } from './helpers/server';

// One submission per address, whatever config/server.ts says (the factor scales it down to 1).
const factor = 1 / server.limits.perClient.requests;
let port: number;
let dataDir: string;
let site: ChildProcess;

test.describe.configure({ mode: 'serial' });

test.beforeEach(async () => {
  port = await freePort();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'limits-'));
  site = await startServer(port, dataDir, { RATE_LIMIT_FACTOR: String(factor) });
});

test.afterEach(async ({ page }) => {
  // The page first: it may still be asking the server for something (its icon).
  await page.close();
  site.kill('SIGTERM');
  await exited(site);
  rmSync(dataDir, { recursive: true, force: true });
});

test.describe('with JavaScript', () => {
  test.use({ expectedConsoleErrors: /Could not save to|the server responded with a status of 429/ });

  test("a submission over the limit shows the server's own sentence (not the form's generic failure) and waits in the browser", async ({ page }) => {
    const s = uniqueSuffix();
    const form = await openInquiryForm(page, `http://127.0.0.1:${port}/`);
    const send = async (n: number) => {
      await field(form, 'Fname').fill(`Limit ${s} ${n}`);
      await field(form, 'Email').fill(`limit.${s}.${n}@example.com`);
      await field(form, 'Pname').fill('Shop');
      const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/collections/'));
      await submitButton(form).click();
      return (await answer).status();
    };
    expect(await send(1)).toBe(201);
    await expect(toasts(page).filter({ hasText: toastOf('inquiry', 'success') })).toHaveCount(1);
    expect(await send(2)).toBe(429);
    await expect(toasts(page).filter({ hasText: server.messages.tooManyRequests })).toHaveCount(1);
    await expect(toasts(page).filter({ hasText: toastOf('inquiry', 'failure') })).toHaveCount(0);
    const waiting = await page.evaluate(() => JSON.parse(localStorage.getItem('business-growth.outbox') ?? '[]') as { document: { Fname: string } }[]);
    expect(waiting.map((w) => w.document.Fname)).toEqual([`Limit ${s} 2`]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a plain post over the limit comes back with the form's failure outcome", async ({ page }) => {
    const s = uniqueSuffix();
    const send = async (n: number) => {
      await page.goto(`http://127.0.0.1:${port}/`);
      const form = formOf(page, 'inquiry');
      await field(form, 'Fname').fill(`Plain ${s} ${n}`);
      await field(form, 'Email').fill(`plain.${s}.${n}@example.com`);
      await field(form, 'Pname').fill('Shop');
      await sendPlain(page, form);
    };
    await send(1);
    await expect(page).toHaveURL(/\?sent=Inquriy$/);
    await send(2);
    await expect(page).toHaveURL(/\?failed=Inquriy$/);
    await expect(page.getByRole('alert').filter({ hasText: toastOf('inquiry', 'failure') })).toBeVisible();
  });
});
