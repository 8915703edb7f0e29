/**
 * The newsletter's double opt-in in a real browser, against the built server (dist/server/index.js)
 * of this test's own, with mail settings pointing at a real SMTP server in the test. A visitor
 * signs up in the footer's box: nothing is shown (the specification), the sign-up is stored with
 * the specification's keys, and one confirmation mail arrives. Its link opens our server's page
 * (axe finds nothing; looked at at 375 and 1280 px); its one button confirms. The owner's
 * subscribers screen then lists the person as confirmed (looked at at 375 and 1280 px). Sign-ups
 * from one network past its share of the day: the inbox says their confirmations are held, and the
 * owner sends one from the subscribers screen (both looked at at 375 and 1280 px).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import admin from '../config/admin';
import site from '../config/site';
import { api } from '../src/platform/api';
import { proofHeaders } from '../src/test/proof';
import { waitFor, type SmtpReceiver } from '../src/test/receivers';
import { animationsDone, expect, test } from './fixtures';
import { expectNoAxeFindings, WCAG21_AND_BEST_PRACTICE } from './helpers/axe';
import { addAccount, signIn } from './helpers/admin';
import { field, formOf, submitButton, submitEnded, toasts, uniqueSuffix } from './helpers/forms';
import serverConfig from '../config/server';
import forms from '../config/forms';
import { fill } from '../src/schema/text';
import { startMailingSite, type MailingSite } from './helpers/server';
import { screenshots } from './helpers/shots';

test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

const shot = screenshots('newsletter-signup', { fullPage: true });
const words = site.newsletter;

let mailing: MailingSite | undefined;
let smtp: SmtpReceiver;
let dataDir: string;
let base: string;
test.beforeAll(async () => {
  mailing = await startMailingSite('newsletter-signup-e2e');
  ({ smtp, dataDir, base } = mailing);
});
test.afterAll(() => mailing?.close());

/** The data folder's database, read-only, for one question. */
function ask<T>(sql: string, ...params: unknown[]): T {
  const db = new Database(path.join(dataDir, 'site.db'), { readonly: true });
  try {
    return db.prepare(sql).get(...params) as T;
  } finally {
    db.close();
  }
}

test('a sign-up in the footer shows nothing; the confirmation mail’s link opens a page whose one button confirms; the owner sees them confirmed', async ({
  page,
}) => {
  const email = `reader.${uniqueSuffix()}@example.com`;

  // The visitor signs up in the footer's box on the Blog page.
  await page.goto(`${base}/Blog`);
  const form = formOf(page, 'newsletter');
  await form.scrollIntoViewIfNeeded();
  await field(form, 'Email').focus();
  await expect(form).toHaveAttribute('data-interactive', 'true');
  await field(form, 'Email').fill(email);
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/collections/'));
  await submitButton(form).click();
  expect((await saved).status()).toBe(201);
  // Nothing shown, as the specification says: the field cleared, no toast, no alert.
  await expect(field(form, 'Email')).toHaveValue('');
  await submitEnded(form);
  await expect(toasts(page)).toHaveCount(0);
  await expect(form.getByRole('alert')).toHaveCount(0);

  // Stored with the specification's keys, and a subscriber waiting with the page it came from.
  const stored = ask<{ data: string }>("SELECT data FROM documents WHERE collection = 'subcribe' ORDER BY seq DESC LIMIT 1");
  expect(Object.keys(JSON.parse(stored.data) as object).sort()).toEqual(['Date', 'Email', 'id']);
  expect(ask('SELECT state, page FROM subscribers WHERE email = ?', email)).toEqual({ state: 'waiting', page: '/Blog' });

  // One mail, with its link.
  await waitFor('the confirmation mail', () => smtp.mails.some((m) => m.envelope.to.includes(email)), { on: [smtp.changes] });
  const mail = smtp.mails.find((m) => m.envelope.to.includes(email))!;
  expect(mail.email.subject).toBe(words.confirmMail.subject);
  const link = new RegExp(`${base.replace(/\./g, '\\.')}${api.newsletterConfirm}\\?token=[A-Za-z0-9._-]+`).exec(mail.email.text ?? '')?.[0];
  expect(link).toBeTruthy();

  // The link: a page with one button; opening it confirmed nobody.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1, name: words.confirmPage.heading })).toBeVisible();
    await expect(page.getByRole('button')).toHaveCount(1);
    await expectNoAxeFindings(page, `the confirmation page at ${width} px`, { tags: WCAG21_AND_BEST_PRACTICE });
    await shot(page, `confirm-${width}`);
  }
  expect(ask('SELECT state FROM subscribers WHERE email = ?', email)).toEqual({ state: 'waiting' });

  // The button confirms.
  await page.getByRole('button', { name: words.confirmPage.button }).click();
  await expect(page.getByRole('heading', { level: 1, name: words.confirmed.heading })).toBeVisible();
  await expectNoAxeFindings(page, 'the confirmed page', { tags: WCAG21_AND_BEST_PRACTICE });
  await shot(page, 'confirmed-1280');
  expect(ask('SELECT state FROM subscribers WHERE email = ?', email)).toEqual({ state: 'confirmed' });

  // The owner's subscribers screen lists them as confirmed.
  const account = await addAccount(dataDir);
  await signIn(page, account, base);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${base}/admin/subscribers`);
    await expect(page.getByRole('heading', { level: 1, name: admin.subscribers.heading })).toBeVisible();
    await expect(page.getByRole('tab', { name: new RegExp(`^${admin.subscribers.states.confirmed}`), selected: true })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText(email)).toBeVisible();
    await animationsDone(page);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      `the subscribers screen at ${width} px scrolls sideways`,
    ).toBeLessThanOrEqual(0);
    await expectNoAxeFindings(page, `the subscribers screen at ${width} px`, { tags: WCAG21_AND_BEST_PRACTICE });
    await shot(page, `subscribers-${width}`);
  }
});

test.describe('visitor mail held for a network', () => {
  // The owner's second press of the button the same day is refused (409), as it should be.
  test.use({ expectedConsoleErrors: /the server responded with a status of 409/ });

  test('sign-ups from one network past its share of the day: the inbox says their confirmation is held; the owner sends it from the subscribers screen, once', async ({
    page,
  }) => {
    // Posted through a proxy on this machine (as the site runs behind one): each from its own address of one IPv4 /24.
    const share = serverConfig.notifications.autoReply.perNetworkPerDay;
    const suffix = uniqueSuffix();
    const addresses = Array.from({ length: share + 1 }, (_u, i) => `flood.${i}.${suffix}@example.com`);
    for (const [i, email] of addresses.entries()) {
      const response = await fetch(`${base}${api.documents(forms.newsletter.collection)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(await proofHeaders(base)), 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({ Email: email, id: Date.now(), Date: new Date().toString() }),
      });
      expect(response.status).toBe(201);
    }
    const held = addresses.at(-1)!;
    await waitFor('the share’s confirmations', () => addresses.slice(0, -1).every((email) => smtp.mails.some((m) => m.envelope.to.includes(email))), {
      on: [smtp.changes],
    });
    expect(smtp.mails.some((m) => m.envelope.to.includes(held))).toBe(false);

    const account = await addAccount(dataDir);
    await signIn(page, account, base);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${base}/admin`);
      const notice = page.getByTestId('visitor-mail-held');
      await expect(notice).toContainText(fill(admin.list.visitorMailForOwner, { count: '1' }));
      await animationsDone(page);
      await expectNoAxeFindings(page, `the inbox with visitor mail held at ${width} px`, { tags: WCAG21_AND_BEST_PRACTICE });
      await shot(page, `inbox-held-${width}`);
    }

    // The subscribers screen: the held one says why; its button sends the confirmation, once.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${base}/admin/subscribers?state=waiting&q=${encodeURIComponent(held)}`);
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText(held)).toBeVisible();
    await expect(panel.getByTestId('confirmation-mail')).toHaveText(admin.subscribers.confirmationStates.owner);
    await expectNoAxeFindings(page, 'the waiting subscribers at 1280 px', { tags: WCAG21_AND_BEST_PRACTICE });
    await shot(page, 'subscribers-held-1280');
    await panel.getByRole('button', { name: fill(admin.subscribers.resendNamed, { email: held }) }).click();
    await expect(page.getByText(fill(admin.subscribers.resent, { email: held }))).toBeVisible();
    await waitFor('the confirmation the owner sent', () => smtp.mails.some((m) => m.envelope.to.includes(held)), { on: [smtp.changes] });
    await expect(panel.getByTestId('confirmation-mail')).not.toHaveText(admin.subscribers.confirmationStates.owner);
    // Pressed again the same day: refused in the server's words, and nothing more is sent.
    await panel.getByRole('button', { name: fill(admin.subscribers.resendNamed, { email: held }) }).click();
    await expect(page.getByText(serverConfig.admin.messages.confirmationToday)).toBeVisible();
    expect(smtp.mails.filter((m) => m.envelope.to.includes(held))).toHaveLength(1);
    await page.setViewportSize({ width: 375, height: 800 });
    await animationsDone(page);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      'the waiting subscribers at 375 px scroll sideways',
    ).toBeLessThanOrEqual(0);
    await expectNoAxeFindings(page, 'the waiting subscribers at 375 px', { tags: WCAG21_AND_BEST_PRACTICE });
    await shot(page, 'subscribers-held-375');
  });
});
