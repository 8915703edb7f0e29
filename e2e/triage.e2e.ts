/**
 * Words, not codes, and triage, on a built server of this file's own with a real SMTP server:
 *
 * - a visitor whose clock is 25 years off sends the career form choosing the position whose
 *   label differs from its stored value (both read from config/forms): the mail, the lead's page
 *   and the CSV show that label (with the value beside it), and "Received" is our server's time of
 *   storing, in the agency's zone (config/admin.ts), the visitor's own Date kept as sent;
 * - the owner ticks leads and marks them read, ticks two and archives them, marks one spam (by
 *   the keyboard), deletes the rest after confirming;
 * - at 375 px the list and the lead's page fit the screen: status, the reply composer's button
 *   and the note within the screen's width (reachable without scrolling sideways),
 *   notifications listed, axe clean.
 */
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import path from 'node:path';
import admin from '../config/admin';
import forms from '../config/forms';
import server from '../config/server';
import { formatCellDate, formatDate } from '../src/platform/received';
import { fill } from '../src/schema/text';
import { adminRoutes } from '../src/platform/inboxRoutes';
import { waitFor, type SmtpReceiver } from '../src/test/receivers';
import { expect, test } from './fixtures';
import { proofHeaders } from '../src/test/proof';
import { addAccount, choose, signedInByRequest, SIGNED_OUT, tick, type SignedIn } from './helpers/admin';
import { field, formOf, submitButton, toastOf, toasts, uniqueSuffix } from './helpers/forms';
import { startMailingSite, type MailingSite } from './helpers/server';
import { expectNoAxeFindings, WCAG21_AND_BEST_PRACTICE } from './helpers/axe';

test.describe.configure({ mode: 'serial' });

const t = admin.list;
const career = forms.freelancer;
// The first choice whose label is not its stored value ("Web Desiner" for "React.js" today).
const choice = career.fields.find((f) => f.options?.some((o) => o.value !== '' && o.label && o.label !== o.value))!;
const picked = choice.options!.find((o) => o.value !== '' && o.label && o.label !== o.value)!;

let mailing: MailingSite | undefined;
let smtp: SmtpReceiver;
let base: string;
let dataDir: string;
let owner: SignedIn;

test.beforeAll(async () => {
  // A server of its own: slow on a busy machine.
  test.setTimeout(120_000);
  mailing = await startMailingSite('triage-e2e');
  ({ smtp, dataDir, base } = mailing);
  // The owner signs in once; the tests start signed in.
  owner = await signedInByRequest(await addAccount(dataDir), base);
});
// eslint-disable-next-line no-empty-pattern
test.use({ storageState: async ({}, use) => use(owner) });

/** The inbox, signed in already. */
/** The inbox, newest first (the leads a test just sent on its first page, whatever waits longer). */
async function openInbox(page: Page): Promise<void> {
  await page.goto(`${base}/admin?sort=receivedAt`);
  await expect(page.getByRole('heading', { name: t.heading, exact: true, level: 1 })).toBeVisible();
}

test.afterAll(() => mailing?.close());

/** When our server stored the lead whose `key` is `value` (documents.created_at). */
function storedAt(key: string, value: string): string {
  const db = new Database(path.join(dataDir, 'site.db'), { readonly: true });
  try {
    return (db.prepare('SELECT created_at FROM documents WHERE json_extract(data, ?) = ?').get(`$.${key}`, value) as { created_at: string }).created_at;
  } finally {
    db.close();
  }
}

const post = async (collection: string, document: Record<string, unknown>) =>
  fetch(`${base}/api/collections/${collection}/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await proofHeaders(base)) },
    body: JSON.stringify(document),
  }).then((r) => expect(r.status).toBe(201));

test("a career application: the label the visitor picked in the mail, on the lead page and in the CSV; Received is our server's time in the agency's zone", async ({
  page,
  browser,
}) => {
  const name = `Label Tester ${uniqueSuffix()}`;
  // The visitor's computer thinks it is 2001.
  const visitor = await browser.newContext({ storageState: SIGNED_OUT });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${base}/Career`);
  await expect(visitorPage.locator('html')).toHaveAttribute('data-app', 'started');
  // From here on (the form's code loads when the visitor comes near it, below).
  await visitorPage.clock.install({ time: new Date('2001-02-03T04:05:06Z') });
  const form = formOf(visitorPage, 'freelancer');
  await form.scrollIntoViewIfNeeded();
  await field(form, 'fullName').focus();
  await expect(form).toHaveAttribute('data-interactive', 'true');
  for (const [key, value] of Object.entries({ fullName: name, Email: 'label.tester@example.com', portfolioUrl: 'https://example.com', Messsage: 'Hello' }))
    await field(form, key).fill(value);
  await field(form, choice.name).selectOption(picked.value);
  const sending = Date.now();
  await submitButton(form).click();
  await expect(toasts(visitorPage).filter({ hasText: toastOf('freelancer', 'success') })).toHaveCount(1);
  const answered = Date.now();
  await visitor.close();

  // Our server's clock (this machine's), between the click and the answer; never the visitor's.
  const received = storedAt('fullName', name);
  expect(Date.parse(received)).toBeGreaterThanOrEqual(sending - 1_000);
  expect(Date.parse(received)).toBeLessThanOrEqual(answered + 1_000);
  const shown = `${picked.label} (${picked.value})`;

  await waitFor('the mail', () => smtp.mails.some((m) => m.email.text?.includes(name)));
  const mail = smtp.mails.find((m) => m.email.text?.includes(name))!.email.text!;
  expect(mail).toContain(`${choice.label}: ${shown}`);
  expect(mail).toContain(`${server.notifications.mail.received}: ${formatDate(received)}`);
  expect(mail).not.toContain('2001');

  await openInbox(page);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const fields = page.getByRole('region', { name: admin.lead.fieldsHeading });
  await expect(fields.getByText(shown, { exact: true })).toBeVisible();
  await expect(page.getByText(fill(admin.lead.received, { form: admin.forms.freelancer, date: formatDate(received) }), { exact: true })).toBeVisible();
  // The visitor's own Date, named as what their browser said: the time on their clock (their 2001) in
  // the inbox's words, never the browser's code; their device's time (id) is written as a date too.
  await expect(fields.getByText(/2001/)).toHaveCount(2);
  await expect(fields.getByText(/GMT[+-]\d{4}/)).toHaveCount(0);

  const csv = (await (await page.request.get(`${base}${adminRoutes.export.path}?form=freelancer&format=csv`)).body()).toString('utf8');
  const [header, row] = csv.split('\r\n');
  const valueColumn = fill(server.admin.exportValueColumn, { label: choice.label });
  expect(header).toContain(`"${choice.label}","${valueColumn}"`);
  // The name in the shared column (config/forms `columns`), the form's other fields by their labels.
  expect(header).toContain(`"${server.admin.exportColumns.name}"`);
  expect(header).toContain(`"${career.fields.find((f) => !Object.values(career.columns).includes(f.name))!.label}"`);
  expect(row).toContain(`"${picked.label}","${picked.value}"`);
  expect(row).toContain(`"${formatCellDate(received)}"`);
});

test('ticking leads: mark read, archive several, mark spam by the keyboard, delete after confirming', async ({ page }) => {
  // Many steps, each a request: long on a busy machine.
  test.slow();
  const s = uniqueSuffix();
  for (const i of [1, 2, 3])
    await post(forms.inquiry.collection, { Fname: `Bulk ${i} ${s}`, Email: `bulk${i}@example.com`, Number: '', Pname: 'A shop', id: i, Date: 'now' });
  await openInbox(page);
  await page.getByRole('searchbox', { name: t.search }).fill(s);
  const rows = page.getByRole('row').filter({ hasText: s });
  // The search has run: only these three (and the header row) are shown.
  await expect(page.getByRole('row')).toHaveCount(4);

  await tick(page.getByRole('checkbox', { name: t.selectAll }));
  await expect(page.getByText(fill(t.selected, { count: 3 }))).toBeVisible();
  await page.getByRole('button', { name: t.bulk.read }).click();
  await expect(page.getByText(fill(t.bulkDone.read, { count: 3 }))).toBeVisible();
  await expect(rows.getByText(admin.statuses.read, { exact: true })).toHaveCount(3);

  // Two ticked one by one, archived: done is gone from the default view (what needs the agency), the third still Read.
  await tick(rows.nth(1).getByRole('checkbox'));
  await tick(rows.nth(2).getByRole('checkbox'));
  await expect(page.getByText(fill(t.selected, { count: 2 }))).toBeVisible();
  await page.getByRole('button', { name: t.bulk.archive }).click();
  await expect(page.getByText(fill(t.bulkDone.archive, { count: 2 }))).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByText(admin.statuses.read, { exact: true })).toBeVisible();
  await choose(page, page.getByRole('combobox', { name: t.status }), admin.statuses.archived);
  await expect(rows).toHaveCount(2);
  await choose(page, page.getByRole('combobox', { name: t.status }), t.allStatuses);
  await expect(rows).toHaveCount(3);
  await expect(rows.getByText(admin.statuses.archived, { exact: true })).toHaveCount(2);

  // The keyboard: to a row's box, the space bar ticks it.
  await rows.first().getByRole('checkbox').focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(fill(t.selected, { count: 1 }))).toBeVisible();
  await page.getByRole('button', { name: t.bulk.spam }).click();
  await expect(page.getByText(fill(t.bulkDone.spam, { count: 1 }))).toBeVisible();
  await expect(rows).toHaveCount(2);

  await tick(page.getByRole('checkbox', { name: t.selectAll }));
  await page.getByRole('button', { name: t.bulk.delete }).click();
  const dialog = page.getByRole('dialog', { name: fill(t.deleteTitle, { count: 2 }) });
  await dialog.getByRole('button', { name: t.cancel }).click();
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: t.bulk.delete }).click();
  await dialog.getByRole('button', { name: t.deleteConfirm }).click();
  await expect(page.getByText(fill(t.bulkDone.delete, { count: 2 }))).toBeVisible();
  await expect(page.getByText(t.empty)).toBeVisible();

  await page.goto(`${base}/admin/spam`);
  await page.getByRole('searchbox', { name: t.search }).fill(s);
  await expect(page.getByRole('row').filter({ hasText: s })).toHaveCount(1);
});

test("at 375 px: the list stacks each lead, the lead page opens on its reply box; its status, reply button and note are within the screen's width, nothing scrolls sideways, axe clean", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const s = uniqueSuffix();
  const name = `Phone ${s} with a name long enough to wrap on a phone`;
  await post(forms.contact.collection, {
    Fullname: name,
    Company: 'Co',
    Number: '1',
    Email: `phone.${s}@example.com`,
    Your: '',
    Messsage: 'Hi',
    id: 1,
    Date: 'now',
  });
  await waitFor('the mail', () => smtp.mails.some((m) => m.email.text?.includes(s)));
  await openInbox(page);
  await page.getByRole('searchbox', { name: t.search }).fill(s);
  const lead = page.getByRole('row').filter({ hasText: s });
  await expect(lead.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(lead.getByText(admin.forms.contact, { exact: false })).toBeVisible();
  await expect(lead.getByText(admin.statuses.new, { exact: true })).toBeVisible();
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await sideways()).toBeLessThanOrEqual(0);

  await lead.getByRole('link', { name, exact: true }).click();
  // The reply box first (with the newest mail under it), then the status.
  await expect(page.getByRole('region', { name: admin.replies.heading })).toBeInViewport();
  await expect(page.getByRole('button', { name: admin.lead.markSpam })).toBeVisible();
  await expect(page.getByRole('region', { name: admin.lead.deliveriesHeading }).getByRole('button', { name: admin.lead.sendAgain })).toBeVisible();
  // The notification says what it told of: this new lead.
  await expect(page.getByRole('region', { name: admin.lead.deliveriesHeading })).toContainText(
    fill(admin.lead.deliveryChannel, { channel: admin.lead.channels.email, about: admin.lead.deliveryAbout.lead }),
  );
  // Each is reached by scrolling down only: wholly within the screen's width, the page never scrolled sideways.
  const reachable = [
    page.getByRole('combobox', { name: admin.lead.status }),
    page.getByRole('region', { name: admin.replies.heading }).getByRole('button', { name: admin.replies.send }),
    page.getByRole('textbox', { name: admin.lead.note }),
  ];
  for (const control of reachable) {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport({ ratio: 1 });
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  }
  expect(await sideways()).toBeLessThanOrEqual(0);
  await expectNoAxeFindings(page, 'the inbox at 375 px', { tags: WCAG21_AND_BEST_PRACTICE });
});
