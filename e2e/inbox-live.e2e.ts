/**
 * The inbox follows the leads by itself, in Chromium: the built server of this file's own, with a
 * real SMTP server and a real IMAP server (Dovecot, src/test/dovecot.ts). With the list open in
 * one page and a lead open in another, a client answers from their mail program and the site
 * reads it from the mailbox: without a reload, the list puts her first (she waits for the agency
 * now; the others do not), the tab's title counts her, and her lead shows the answer. Then both
 * screens at 1280 and 375 px: nothing wider than the screen, axe finds nothing; with E2E_SHOTS=1
 * the screenshots are kept in test-results/inbox-live/ to be looked at.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import admin from '../config/admin';
import forms from '../config/forms';
import { buildDocument } from '../src/site/forms/model/document';
import { api } from '../src/platform/api';
import { proofHeaders } from '../src/test/proof';
import { escapeRegExp } from '../src/schema/text';
import { CSRF_HEADER } from '../src/platform/signIn';
import { adminRoutes, pathOf } from '../src/platform/inboxRoutes';
import { validData } from '../src/test/formFixtures';
import { hasDovecot, noDovecot, startDovecot, type RunningDovecot } from '../src/test/dovecot';
import { startSmtp, waitFor, type SmtpReceiver } from '../src/test/receivers';
import { animationsDone, expect, fill, test } from './fixtures';
import { addAccount, signIn, type Account } from './helpers/admin';
import { exited, freePort, startServer } from './helpers/server';
import { expectNoAxeFindings, WCAG21_AND_BEST_PRACTICE } from './helpers/axe';
import { screenshots } from './helpers/shots';

test.skip(!hasDovecot && !process.env.CI, noDovecot);

let server: ChildProcess;
let smtp: SmtpReceiver;
let dovecot: RunningDovecot;
let dataDir: string;
let base: string;
let account: Account;
const suffix = randomUUID().slice(0, 8);
const people = [
  { name: 'Ada Lovelace', email: `ada.${suffix}@example.net` },
  { name: 'Bob Marley', email: `bob.${suffix}@example.net` },
];
const ids: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'inbox-live-e2e-'));
  [smtp, dovecot] = await Promise.all([startSmtp(0), startDovecot()]);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer(port, dataDir, {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Agency Site <site@agency.test>',
    NOTIFY_TO: 'sales@agency.test',
    PUBLIC_URL: base,
    IMAP_URL: dovecot.url,
    RATE_LIMIT_FACTOR: '1000',
  });
  for (const person of people) {
    const response = await fetch(base + api.documents(forms.contact.collection), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await proofHeaders(base)) },
      body: JSON.stringify(buildDocument(forms.contact, { ...validData.contact, Fullname: person.name, Email: person.email })),
    });
    expect(response.status).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  await waitFor('the auto-replies', () => people.every((person) => smtp.mails.some((m) => m.envelope.to.includes(person.email))), { on: [smtp.changes] });
  account = await addAccount(dataDir);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  if (server) await exited(server);
  await smtp?.close();
  await dovecot?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The list's rows, in the order shown (their lead ids). */
const rowsOf = (page: Page) => page.locator('[role="row"][data-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')));

const shot = screenshots('inbox-live', { fullPage: true });

/** At rest: nothing wider than the screen, axe finds nothing; a screenshot to look at (E2E_SHOTS=1). */
async function checkScreen(page: Page, name: string, width: number): Promise<void> {
  await animationsDone(page);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    `${name} at ${width} px scrolls sideways`,
  ).toBeLessThanOrEqual(0);
  await expectNoAxeFindings(page, `${name} at ${width} px`, { tags: WCAG21_AND_BEST_PRACTICE });
  await shot(page, `${name}-${width}`);
}

test('with the list open and a lead open in another page, a client\u2019s answer puts her first in the list, counts in the title and shows on her lead, without a reload', async ({
  page,
}) => {
  test.slow();
  const [ada, bob] = ids as [string, string];
  await signIn(page, account, base);
  // The agency answered both (archived: nobody waits), Ada first: the last activity first puts Bob above her.
  const { csrfToken } = (await (await page.request.get(`${base}${adminRoutes.me.path}`)).json()) as { csrfToken: string };
  for (const docId of [ada, bob]) {
    const archived = await page.request.patch(`${base}${pathOf('updateLead', { docId })}`, {
      headers: { [CSRF_HEADER]: csrfToken },
      data: { status: 'archived' },
    });
    expect(archived.status()).toBe(200);
  }
  await page.goto(`${base}/admin?status=all`);
  await expect.poll(() => rowsOf(page)).toEqual([bob, ada]);
  await expect(page).toHaveTitle(admin.title);

  const lead = await page.context().newPage();
  await lead.goto(`${base}/admin/leads/${ada}`);
  const mails = lead.getByRole('list', { name: admin.replies.historyHeading }).getByRole('listitem');
  await expect(mails).toHaveCount(1);
  // Neither page loads again from here on: each keeps this mark.
  for (const open of [page, lead]) await open.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));

  // Ada answers the auto-reply from her mail program; the site reads it from the mailbox.
  const autoReply = smtp.mails.find((m) => m.envelope.to.includes(people[0]!.email))!.email;
  const client = await dovecot.client();
  try {
    await client.append(
      'INBOX',
      [
        `From: ${people[0]!.name} <${people[0]!.email}>`,
        `To: ${dovecot.user}`,
        `Subject: Re: ${autoReply.subject}`,
        `Date: ${new Date().toUTCString()}`,
        `Message-ID: <${randomUUID()}@mail.example.net>`,
        `In-Reply-To: ${autoReply.messageId}`,
        `References: ${autoReply.messageId}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Wednesday works for me, after two.',
        '',
      ].join('\r\n'),
    );
  } finally {
    await client.logout();
  }

  // The list: Ada waits for the agency now, so she comes first; the title counts her.
  await expect.poll(() => rowsOf(page), { timeout: 30_000 }).toEqual([ada, bob]);
  await expect(page.locator(`[role="row"][data-id="${ada}"]`)).toContainText(
    new RegExp(escapeRegExp(fill(admin.list.waiting, { time: '\u0000' })).replace('\u0000', '.+')),
  );
  await expect(page).toHaveTitle(fill(admin.titleWithUnread, { count: 1 }));
  // Her lead: the answer, said to be new.
  await expect(mails).toHaveCount(2);
  await expect(mails.nth(1)).toContainText('Wednesday works for me, after two.');
  await expect(lead.getByText(admin.lead.unreadNotice)).toBeVisible();
  await expect(lead).toHaveTitle(fill(admin.titleWithUnread, { count: 1 }));
  for (const open of [page, lead]) expect(await open.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);

  for (const width of [1280, 375]) {
    for (const open of [page, lead]) await open.setViewportSize({ width, height: width > 800 ? 800 : 740 });
    await checkScreen(page, 'live-list', width);
    await checkScreen(lead, 'live-lead', width);
  }
});
