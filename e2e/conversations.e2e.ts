/**
 * The owner's screens of a conversation, in Chromium at 1280 and 375 px: the built server of this
 * file's own, with a real SMTP server and a real IMAP server (Dovecot, src/test/dovecot.ts). One
 * person sends two forms (another case, a +tag) and answers the auto-reply from their mail
 * program, quoting it: the person's card lists both submissions and the conversation both ways,
 * each mail with its text, her quote folded under her words behind a button; on a phone the
 * reply box and the newest mail come first, above the status and the fields, and the reply is
 * one tap from the top; the settings still at their examples are shown; the
 * notification mail lays out within 375 px; every wide table says when it scrolls. Axe finds
 * nothing on each screen; with E2E_SHOTS=1 the screenshots are kept in test-results/conversations/
 * to be looked at.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import admin from '../config/admin';
import forms from '../config/forms';
import { buildDocument } from '../src/site/forms/model/document';
import { api } from '../src/platform/api';
import { proofHeaders } from '../src/test/proof';
import { validData } from '../src/test/formFixtures';
import { hasDovecot, noDovecot, startDovecot, type RunningDovecot } from '../src/test/dovecot';
import { startSmtp, waitFor, type SmtpReceiver } from '../src/test/receivers';
import { animationsDone, expect, fill, test } from './fixtures';
import { addAccount, signIn, type Account } from './helpers/admin';
import { exited, freePort, startServer } from './helpers/server';
import { expectNoAxeFindings, WCAG21_AND_BEST_PRACTICE } from './helpers/axe';
import { screenshots } from './helpers/shots';

test.describe.configure({ mode: 'serial' });
test.skip(!hasDovecot && !process.env.CI, noDovecot);

const NOTIFY_TO = 'sales@agency.test';
let server: ChildProcess;
let smtp: SmtpReceiver;
let dovecot: RunningDovecot;
let dataDir: string;
let base: string;
let account: Account;
const visitor = `lin.${randomUUID().slice(0, 8)}`;
const first = `${visitor}@example.net`;
const second = `${visitor.toUpperCase()}+web@Example.net`;
const ids: string[] = [];
/** A line of the auto-reply as her mail program quotes it: folded under her words. */
const QUOTED = 'The words of the mail she answered, quoted.';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'conversations-e2e-'));
  [smtp, dovecot] = await Promise.all([startSmtp(0), startDovecot()]);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer(port, dataDir, {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Agency Site <site@agency.test>',
    NOTIFY_TO,
    PUBLIC_URL: base,
    IMAP_URL: dovecot.url,
    RATE_LIMIT_FACTOR: '1000',
  });
  // One person, two forms: the contact form, then the inquiry with another case and a +tag.
  for (const [form, email] of [
    ['contact', first],
    ['inquiry', second],
  ] as const) {
    const response = await fetch(base + api.documents(forms[form].collection), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await proofHeaders(base)) },
      body: JSON.stringify(buildDocument(forms[form], { ...(validData[form] as Record<string, string>), Email: email })),
    });
    expect(response.status).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  await waitFor(
    'the auto-reply and the notifications',
    () => smtp.mails.filter((m) => m.envelope.to.includes(NOTIFY_TO)).length === 2 && smtp.mails.some((m) => m.envelope.to.includes(first)),
    { on: [smtp.changes] },
  );
  // They answer the auto-reply from their mail program; the site reads it from the mailbox.
  const autoReply = smtp.mails.find((m) => m.envelope.to.includes(first))!.email;
  const client = await dovecot.client();
  try {
    await client.append(
      'INBOX',
      [
        `From: Lin <${first}>`,
        `To: ${dovecot.user}`,
        `Subject: Re: ${autoReply.subject}`,
        `Date: ${new Date().toUTCString()}`,
        `Message-ID: <${randomUUID()}@mail.example.net>`,
        `In-Reply-To: ${autoReply.messageId}`,
        `References: ${autoReply.messageId}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Thank you! The budget is £4,000; could you call on Monday?',
        '',
        `On ${new Date().toUTCString()} Agency Site <site@agency.test> wrote:`,
        `> ${QUOTED}`,
        '',
      ].join('\r\n'),
    );
  } finally {
    await client.logout();
  }
  // Kept by the server's reader (another process: its database is looked at until it is).
  const kept = () => {
    const db = new Database(path.join(dataDir, 'site.db'), { readonly: true });
    try {
      return db.prepare('SELECT count(*) FROM lead_messages').pluck().get() as number;
    } finally {
      db.close();
    }
  };
  await waitFor('the answer kept on the lead', () => kept() === 1, 60_000);
  account = await addAccount(dataDir);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  if (server) await exited(server);
  await smtp?.close();
  await dovecot?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

const shot = screenshots('conversations', { fullPage: true });

/** At rest: nothing wider than the screen, every table that scrolls says so, axe finds nothing; a screenshot to look at (E2E_SHOTS=1). */
async function checkScreen(page: Page, name: string, width: number): Promise<void> {
  await animationsDone(page);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    `${name} at ${width} px scrolls sideways`,
  ).toBeLessThanOrEqual(0);
  const wideTables = await page.locator('table').evaluateAll((tables) =>
    tables.map((table) => {
      const box = table.parentElement!;
      return { scrolls: box.scrollWidth > box.clientWidth, cue: box.previousElementSibling?.getAttribute('data-testid') === 'wide-table-cue' };
    }),
  );
  for (const table of wideTables) if (table.scrolls) expect(table.cue, `a table of ${name} at ${width} px scrolls without saying so`).toBe(true);
  await expectNoAxeFindings(page, `${name} at ${width} px`, { tags: WCAG21_AND_BEST_PRACTICE });
  await shot(page, `${name}-${width}`);
}

for (const width of [1280, 375]) {
  test(`at ${width} px: the person's card lists both submissions and the conversation both ways; the reply is one tap from the top; the example settings are shown`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: width > 800 ? 800 : 740 });
    await signIn(page, account, base);
    // The settings still at their examples: said, folded, one tap to the sentences.
    const placeholders = page.getByTestId('placeholders');
    await expect(placeholders).toContainText(admin.placeholders);
    await placeholders.getByRole('button', { name: new RegExp(fill(admin.placeholdersShow, { count: '\\d+' })) }).click();
    await expect(placeholders.getByRole('listitem').first()).toBeVisible();
    await placeholders.getByRole('button', { name: admin.placeholdersHide }).click();
    // The inbox says when it last read the mailbox (the answer above was read from it).
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(page.getByTestId('mailbox-status')).toHaveText(
      new RegExp(`^${escape(fill(admin.list.mailboxRead, { at: '\u0000' })).replace('\u0000', '.+')}$`),
    );
    await page.goto(`${base}/admin/leads/${ids[1]}`);
    const submissions = page.getByRole('region', { name: admin.lead.personHeading }).getByRole('listitem');
    await expect(submissions).toHaveCount(2);
    await expect(submissions.nth(0)).toContainText(admin.lead.thisOne);
    await expect(submissions.nth(1).getByRole('link')).toHaveAttribute('href', `/admin/leads/${ids[0]}`);
    const mails = page.getByRole('list', { name: admin.replies.historyHeading }).getByRole('listitem');
    await expect(mails).toHaveCount(2);
    // Both sides with their text: the oldest first on a wide screen, the newest first on a phone.
    const [autoReplyItem, answerItem] = width > 800 ? [mails.nth(0), mails.nth(1)] : [mails.nth(1), mails.nth(0)];
    await expect(autoReplyItem).toContainText(admin.replies.autoReply);
    const autoReply = smtp.mails.find((m) => m.envelope.to.includes(first))!.email;
    await expect(autoReplyItem).toContainText(autoReply.text!.trim().split('\n').at(-1)!);
    await expect(answerItem).toContainText('£4,000');
    // Her quote is folded under her words, one tap away.
    await expect(answerItem.getByText(QUOTED)).toBeHidden();
    const fold = answerItem.getByRole('button', { name: admin.replies.showQuoted });
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    await fold.click();
    await expect(answerItem.getByText(QUOTED)).toBeVisible();
    await expect(answerItem.getByRole('button', { name: admin.replies.hideQuoted })).toHaveAttribute('aria-expanded', 'true');
    // On a phone the reply box and the latest mail are at the top, above the status and what they sent.
    const top = async (name: string) => (await page.getByRole('region', { name }).boundingBox())!.y;
    if (width < 800) {
      expect(await top(admin.replies.heading)).toBeLessThan(await top(admin.replies.historyHeading));
      expect(await top(admin.replies.historyHeading)).toBeLessThan(await top(admin.lead.status));
      expect(await top(admin.replies.historyHeading)).toBeLessThan(await top(admin.lead.fieldsHeading));
    }
    // The lead the answer came to is Answered; this one, opened, is Read.
    await expect(submissions.nth(1)).toContainText(admin.statuses.answered);
    // The reply's subject is the conversation's.
    const subject = page.getByRole('textbox', { name: admin.replies.subject });
    await expect(subject).toHaveValue(new RegExp(`^${fill(admin.replies.threadSubject, { subject: '' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    await checkScreen(page, 'person-card', width);
    // One tap from the top: the reply's subject takes the focus, in sight.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('navigation', { name: admin.lead.jumpLabel }).getByRole('link', { name: admin.replies.heading }).click();
    await expect(subject).toBeFocused();
    await expect(subject).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('navigation', { name: admin.lead.jumpLabel }).getByRole('link', { name: admin.lead.note }).click();
    await expect(page.getByRole('textbox', { name: admin.lead.note })).toBeFocused();

    // The list as people: one row for the two submissions.
    await page.goto(`${base}/admin?view=people&q=${encodeURIComponent(visitor)}`);
    await expect(page.getByText(fill(admin.list.submissions, { count: 2 }))).toBeVisible();
    await checkScreen(page, 'people', width);

    // Insights: every table that is wider than the screen says so.
    await page.goto(`${base}/admin/insights`);
    await expect(page.getByRole('region', { name: admin.insights.byLandingPage })).toBeVisible();
    await checkScreen(page, 'insights', width);
  });
}

test('the notification mail is readable at 375 px: a viewport, one column, nothing wider than the screen', async ({ page }) => {
  const mail = smtp.mails.find((m) => m.envelope.to.includes(NOTIFY_TO) && m.email.text?.includes(ids[0]!))!.email;
  await page.setViewportSize({ width: 375, height: 740 });
  await page.setContent(mail.html!);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // One column: each label stands above its value.
  const [label, value] = await page
    .locator('tr')
    .first()
    .locator('th, td')
    .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect()));
  expect(value!.top).toBeGreaterThanOrEqual(label!.bottom - 1);
  await shot(page, 'notification-375');
});

test('a reply from the inbox whose mail comes back (a delivery report in the mailbox) says on the lead that it did not reach them, no longer Sent', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, account, base);
  await page.goto(`${base}/admin/leads/${ids[0]}`);
  const words = `A reply to a dead address ${randomUUID().slice(0, 8)}.`;
  const composer = page.getByRole('region', { name: admin.replies.heading });
  await composer.getByRole('textbox', { name: admin.replies.text }).fill(words);
  await composer.getByRole('button', { name: admin.replies.send }).click();
  await waitFor('the reply in the receiver', () => smtp.mails.some((m) => m.email.text?.includes(words)), { on: [smtp.changes] });
  const reply = smtp.mails.find((m) => m.email.text?.includes(words))!.email;
  const item = page.getByRole('list', { name: admin.replies.historyHeading }).getByRole('listitem').filter({ hasText: words });
  // Marked sent once the SMTP server took it, a moment after it arrived there: the open page says so by itself.
  await expect(item).toContainText(admin.lead.deliveryStates.sent);
  await expect(item.getByTestId('mail-returned')).toHaveCount(0);
  // Her mail server sends it back, as mail servers do: a delivery report naming the reply's Message-ID in the headers it returns.
  dovecot.deliver(
    [
      'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
      `To: ${dovecot.user}`,
      'Subject: Undelivered Mail Returned to Sender',
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <${randomUUID()}@mx.example.net>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="R"',
      '',
      '--R',
      'Content-Type: text/plain',
      '',
      'The mail could not be delivered.',
      '--R',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.net',
      '',
      `Final-Recipient: rfc822; ${first}`,
      'Action: failed',
      'Status: 5.1.1',
      '',
      '--R',
      'Content-Type: text/rfc822-headers',
      '',
      `From: ${reply.from?.address}`,
      `To: ${first}`,
      `Subject: ${reply.subject}`,
      `Message-ID: ${reply.messageId}`,
      '',
      '--R--',
      '',
    ].join('\r\n'),
  );
  // The open lead follows by itself: the reply says it was not delivered, and why, in the owner's words.
  await expect(item.getByTestId('mail-returned')).toBeVisible({ timeout: 60_000 });
  await expect(item).toContainText(admin.replies.returnedState);
  await expect(item).not.toContainText(admin.lead.deliveryStates.sent);
  // The report's own line says what it changed (the reply marked not delivered), never that it changed nothing.
  const report = page
    .getByRole('list', { name: admin.replies.historyHeading })
    .getByRole('listitem')
    .filter({ hasText: 'Undelivered Mail Returned to Sender' });
  await expect(report).toContainText(admin.replies.automaticReturnedLine.split('{what}')[1]!);
  await expect(report).not.toContainText(admin.replies.automaticLine.split('{what}')[1]!);
  await checkScreen(page, 'reply-returned', 1280);
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(item.getByTestId('mail-returned')).toBeVisible();
  await checkScreen(page, 'reply-returned', 375);
});
