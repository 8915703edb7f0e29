/**
 * From lead to answer, end to end, as one journey: the built server (dist/server/index.js) of
 * this test's own, with mail settings pointing at a real SMTP server in the test (smtp-server,
 * mails parsed with postal-mime). A visitor whose tab has seen the site lands on the home page from a campaign's link
 * (`?utm_source=newsletter&utm_campaign=autumn`), follows the menu's link to the contact page
 * and sends its form; each page's beacon is counted. The visitor gets the form's auto-reply,
 * once (a second post the same day gets none). The owner opens the lead: its page shows the
 * source, the campaign, the landing page and the form page; the owner replies from it (the
 * form's first template of config/admin.ts), the page showing it waiting while the SMTP server holds
 * it and sent once it leaves, without a reload; the visitor's mailbox gets the reply threaded
 * after the auto-reply (In-Reply-To and References name the auto-reply's Message-ID), with the
 * agency's address to answer to; the lead is Replied and its page lists both e-mails.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import admin from '../config/admin';
import forms from '../config/forms';
import site from '../config/site';
import { buildDocument } from '../src/site/forms/model/document';
import { api } from '../src/platform/api';
import { proofHeaders } from '../src/test/proof';
import { waitFor, type HoldingSmtp } from '../src/test/receivers';
import { validData } from '../src/test/formFixtures';
import { expect, fill, test } from './fixtures';
import { addAccount, signIn, sourceShown } from './helpers/admin';
import { formPlaces, sendForm, uniqueSuffix } from './helpers/forms';
import { startMailingSite, type MailingSite } from './helpers/server';
import { pageViewOf } from './helpers/visits';

test.describe.configure({ mode: 'serial' });
test.setTimeout(60_000);

const contact = forms.contact;
const agency = site.contact.email.href.replace(/^mailto:/, '');

let mailing: MailingSite | undefined;
let smtp: HoldingSmtp;
let dataDir: string;
let base: string;
test.beforeAll(async () => {
  mailing = await startMailingSite('replies-e2e', { env: { RATE_LIMIT_FACTOR: '1000' } });
  ({ smtp, dataDir, base } = mailing);
});
test.afterAll(() => mailing?.close());

const mailbox = (address: string) => smtp.mails.filter((m) => m.envelope.to.includes(address));

test('from a campaign to the contact form, the auto-reply once, the owner sees the source and replies from the lead’s page, threaded; the lead is Replied', async ({
  page,
}) => {
  const visitor = { ...validData.contact, Fullname: 'Alan Turing', Email: `alan.${uniqueSuffix()}@example.com` };
  const values = visitor as Record<string, string>;

  // The tab has seen the site before, without a campaign (as the office's own tab has when it tries its link).
  const before = await pageViewOf(page, () => page.goto(`${base}${formPlaces.contact.path}`));
  expect(Object.fromEntries(before.body)).toMatchObject({ page: formPlaces.contact.path, landing: '1' });
  // The visitor lands from the newsletter's autumn campaign (a new visit of its own), and follows the menu to the contact page.
  const landing = await pageViewOf(page, () => page.goto(`${base}/?utm_source=newsletter&utm_campaign=autumn`));
  expect(Object.fromEntries(landing.body)).toMatchObject({ page: '/', landing: '1', utmSource: 'newsletter', utmCampaign: 'autumn' });
  const toContact = site.navigation.links.find((link) => link.href === formPlaces.contact.path)!;
  const moved = await pageViewOf(page, () =>
    page.getByRole('navigation', { name: site.navigation.label }).getByRole('link', { name: toContact.label, exact: true }).click(),
  );
  expect(new URL(page.url()).pathname).toBe(formPlaces.contact.path);
  expect(Object.fromEntries(moved.body)).toMatchObject({ page: formPlaces.contact.path, landing: '0', utmSource: 'newsletter', utmCampaign: 'autumn' });

  // …and sends the contact form.
  await sendForm(page, 'contact', Object.fromEntries(['Fullname', 'Company', 'Number', 'Email', 'Messsage'].map((key) => [key, values[key]!])));

  await waitFor('the auto-reply', () => mailbox(visitor.Email).length === 1);
  const autoReply = mailbox(visitor.Email)[0]!.email;
  expect(autoReply.subject).toBe(fill(contact.autoReply!.subject, { Fullname: visitor.Fullname }));
  expect(autoReply.text?.trim()).toBe(fill(contact.autoReply!.text, { Fullname: visitor.Fullname }).trim());

  // A second post the same day: its notification comes, no second auto-reply.
  const again = await fetch(base + api.documents(contact.collection), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await proofHeaders(base)) },
    body: JSON.stringify(buildDocument(contact, { ...visitor, Messsage: 'One more thing.' })),
  });
  expect(again.status).toBe(201);
  await waitFor('both notifications', () => mailbox('sales@agency.example').length === 2);
  expect(mailbox(visitor.Email)).toHaveLength(1);

  // The owner opens the first lead.
  const db = new Database(path.join(dataDir, 'site.db'), { readonly: true });
  const { docId } = db
    .prepare("SELECT doc_id AS docId FROM documents WHERE collection = ? AND json_extract(data, '$.Email') = ? ORDER BY seq LIMIT 1")
    .get(contact.collection, visitor.Email) as { docId: string };
  db.close();
  const account = await addAccount(dataDir);
  await signIn(page, account, base);
  await page.goto(`${base}/admin/leads/${docId}`);
  const fields = page.getByRole('region', { name: admin.lead.fieldsHeading });
  await expect(fields.getByRole('link', { name: visitor.Email })).toHaveAttribute('href', `mailto:${visitor.Email}`);
  await expect(fields.getByRole('link', { name: values.Number })).toHaveAttribute('href', `tel:${values.Number}`);
  // Where it came from: the campaign's source and name, the first page of the visit, the form's page.
  expect(await sourceShown(page, 'source')).toBe('newsletter');
  expect(await sourceShown(page, 'utmSource')).toBe('newsletter');
  expect(await sourceShown(page, 'utmCampaign')).toBe('autumn');
  expect(await sourceShown(page, 'landingPage')).toBe('/');
  expect(await sourceShown(page, 'formPage')).toBe(formPlaces.contact.path);

  // …and replies with the form's first template, filled with the lead's fields.
  const template = admin.replies.templates.contact[0]!;
  const filled = (text: string) => fill(text, values);
  const composer = page.getByRole('region', { name: admin.replies.heading });
  // The conversation's subject (the auto-reply's), so one conversation has one subject; the template's text.
  const subject = fill(admin.replies.threadSubject, { subject: autoReply.subject! });
  await expect(composer.getByLabel(admin.replies.subject)).toHaveValue(subject);
  await expect(composer.getByLabel(admin.replies.text)).toHaveValue(filled(template.text));
  // The SMTP server holds the reply a while: the page shows it waiting, then sent as it leaves, by itself.
  const release = smtp.hold();
  await composer.getByRole('button', { name: admin.replies.send }).click();
  await expect(composer.getByText(admin.replies.sent)).toBeVisible();
  const history = page.getByRole('list', { name: admin.replies.historyHeading }).getByRole('listitem');
  await expect(history.nth(1)).toContainText(admin.lead.deliveryStates.pending);
  release();
  await expect(page.getByRole('region', { name: admin.lead.status }).getByRole('combobox', { name: admin.lead.status })).toHaveText(admin.statuses.replied);

  await waitFor('the reply', () => mailbox(visitor.Email).length === 2);
  const reply = mailbox(visitor.Email)[1]!.email;
  expect(reply.subject).toBe(subject);
  expect(reply.text?.trim()).toBe(filled(template.text).trim());
  // Threaded after the auto-reply, the one e-mail sent to them before (src/leads/server/notify/visitorMail.ts).
  expect(autoReply.messageId).toMatch(/^<.+@agency\.example>$/);
  expect(reply.messageId).not.toBe(autoReply.messageId);
  expect(reply.inReplyTo).toBe(autoReply.messageId);
  expect(reply.references).toBe(autoReply.messageId);
  expect(reply.replyTo).toEqual([{ name: '', address: agency }]);
  expect(reply.from?.address).toBe('site@agency.example');

  // The lead's page lists both, with who sent them and their state.
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText(autoReply.subject!);
  await expect(history.nth(0)).toContainText(admin.replies.autoReply);
  await expect(history.nth(1)).toContainText(account.email);
  await expect(history.nth(1)).toContainText(subject);
  // Marked sent once the SMTP server took it (a moment after it arrived): the open page says so, not reloaded.
  await expect(history.nth(1)).toContainText(admin.lead.deliveryStates.sent);
  const states = () => {
    const db = new Database(path.join(dataDir, 'site.db'), { readonly: true });
    try {
      return (db.prepare('SELECT state FROM deliveries WHERE doc_id = ?').all(docId) as { state: string }[]).map((d) => d.state);
    } finally {
      db.close();
    }
  };
  await waitFor('every e-mail of the lead marked sent', () => states().length >= 3 && states().every((state) => state === 'sent'));
  await page.reload();
  // Written to once, the next reply starts blank in the conversation's subject (the templates under Start from).
  await expect(composer.getByLabel(admin.replies.subject)).toHaveValue(subject);
  await expect(composer.getByLabel(admin.replies.text)).toHaveValue('');
  await expect(composer.getByRole('combobox', { name: admin.replies.template })).toHaveText(admin.replies.blank);
  // Replied as our server keeps it (the page read again), and in the inbox's list (the second post is still New).
  await expect(page.getByRole('region', { name: admin.lead.status }).getByRole('combobox', { name: admin.lead.status })).toHaveText(admin.statuses.replied);
  // Every status: the replied one is done for now, out of the default view.
  await page.goto(`${base}/admin?q=${encodeURIComponent(visitor.Email)}&status=all`);
  const rows = page.getByRole('row').filter({ hasText: visitor.Fullname });
  await expect(rows).toHaveCount(2);
  await expect(rows.getByText(admin.statuses.replied, { exact: true })).toHaveCount(1);
  await expect(rows.getByText(admin.statuses.new, { exact: true })).toHaveCount(1);
});
