/**
 * Answering a lead, end to end: the built server (dist/server/index.js) of this test's own, with
 * mail settings pointing at a real SMTP server in the test (smtp-server, mails parsed with
 * postal-mime). A visitor sends the contact form in the browser and gets the form's auto-reply,
 * once (a second post the same day gets none); the owner replies from the lead's page (the
 * form's first template of config/admin.ts); the visitor's mailbox gets it threaded after the
 * auto-reply, with the agency's address to answer to; the lead is Replied and its page lists both.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import admin from '../config/admin';
import forms from '../config/forms';
import site from '../config/site';
import { buildDocument } from '../src/forms/model/document';
import { api } from '../src/shared/api';
import { startSmtp, waitFor, type SmtpReceiver } from '../src/test/receivers';
import { validData } from '../src/test/formFixtures';
import { expect, fill, test } from './fixtures';
import { addAccount, signIn } from './helpers/admin';
import { field, formOf, submitButton, toastOf, toasts, uniqueSuffix } from './helpers/forms';
import { exited, startServer } from './helpers/server';

test.describe.configure({ mode: 'serial' });
test.setTimeout(60_000);

// This file's own ports (E2E_PORT + 1 and + 2).
const SITE_PORT = Number(process.env.E2E_PORT ?? 4173) + 1;
const SMTP_PORT = SITE_PORT + 1;
const base = `http://127.0.0.1:${SITE_PORT}`;
const contact = forms.contact;
const agency = site.contact.email.href.replace(/^mailto:/, '');

let server: ChildProcess;
let smtp: SmtpReceiver;
let dataDir: string;
test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'replies-e2e-'));
  smtp = await startSmtp(SMTP_PORT);
  server = await startServer(SITE_PORT, dataDir, {
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_FROM: 'Business Growth <site@agency.example>',
    NOTIFY_TO: 'sales@agency.example',
    PUBLIC_URL: base,
    RATE_LIMIT_FACTOR: '1000',
  });
});
test.afterAll(async () => {
  server?.kill('SIGTERM');
  if (server) await exited(server);
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const mailbox = (address: string) => smtp.mails.filter((m) => m.envelope.to.includes(address));

test('the visitor gets the auto-reply once; the owner replies from the lead’s page, threaded, and the lead is Replied', async ({ page }) => {
  const visitor = { ...validData.contact, Fullname: 'Alan Turing', Email: `alan.${uniqueSuffix()}@example.com` };
  const values = visitor as Record<string, string>;

  // The visitor sends the contact form.
  await page.goto(`${base}/Contact`);
  const form = formOf(page, 'contact');
  await form.scrollIntoViewIfNeeded();
  await field(form, 'Fullname').focus();
  await expect(form).toHaveAttribute('data-interactive', 'true');
  for (const key of ['Fullname', 'Company', 'Number', 'Email', 'Messsage']) await field(form, key).fill(values[key]!);
  await submitButton(form).click();
  await expect(toasts(page).filter({ hasText: toastOf('contact', 'success') })).toHaveCount(1);

  await waitFor('the auto-reply', () => mailbox(visitor.Email).length === 1);
  const autoReply = mailbox(visitor.Email)[0]!.email;
  expect(autoReply.subject).toBe(fill(contact.autoReply!.subject, { Fullname: visitor.Fullname }));
  expect(autoReply.text?.trim()).toBe(fill(contact.autoReply!.text, { Fullname: visitor.Fullname }).trim());

  // A second post the same day: its notification comes, no second auto-reply.
  const again = await fetch(base + api.documents(contact.collection), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(buildDocument(contact, { ...visitor, Messsage: 'One more thing.' })),
  });
  expect(again.status).toBe(201);
  await waitFor('both notifications', () => mailbox('sales@agency.example').length === 2);
  expect(mailbox(visitor.Email)).toHaveLength(1);

  // The owner opens the first lead.
  const db = new Database(path.join(dataDir, 'site.db'), { readonly: true });
  const { docId } = db.prepare("SELECT doc_id AS docId FROM documents WHERE collection = ? AND json_extract(data, '$.Email') = ? ORDER BY seq LIMIT 1").get(contact.collection, visitor.Email) as { docId: string };
  db.close();
  const account = await addAccount(dataDir);
  await signIn(page, account, base);
  await page.goto(`${base}/admin/leads/${docId}`);
  const fields = page.getByRole('region', { name: admin.lead.fieldsHeading });
  await expect(fields.getByRole('link', { name: visitor.Email })).toHaveAttribute('href', `mailto:${visitor.Email}`);
  await expect(fields.getByRole('link', { name: values.Number })).toHaveAttribute('href', `tel:${values.Number}`);

  // …and replies with the form's first template, filled with the lead's fields.
  const template = admin.replies.templates.contact[0]!;
  const filled = (text: string) => fill(text, values);
  const composer = page.getByRole('region', { name: admin.replies.heading });
  await expect(composer.getByLabel(admin.replies.subject)).toHaveValue(filled(template.subject));
  await expect(composer.getByLabel(admin.replies.text)).toHaveValue(filled(template.text));
  await composer.getByRole('button', { name: admin.replies.send }).click();
  await expect(composer.getByText(admin.replies.sent)).toBeVisible();
  await expect(page.getByRole('region', { name: admin.lead.status }).getByRole('combobox', { name: admin.lead.status })).toHaveText(admin.statuses.replied);

  await waitFor('the reply', () => mailbox(visitor.Email).length === 2);
  const reply = mailbox(visitor.Email)[1]!.email;
  expect(reply.subject).toBe(filled(template.subject));
  expect(reply.text?.trim()).toBe(filled(template.text).trim());
  expect(reply.inReplyTo).toBe(autoReply.messageId);
  expect(reply.replyTo).toEqual([{ name: '', address: agency }]);
  expect(reply.from?.address).toBe('site@agency.example');

  // The lead's page lists both, with who sent them and their state.
  const history = page.getByRole('list', { name: admin.replies.historyHeading }).getByRole('listitem');
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText(autoReply.subject!);
  await expect(history.nth(0)).toContainText(admin.replies.autoReply);
  await expect(history.nth(1)).toContainText(account.email);
  await expect(history.nth(1)).toContainText(filled(template.subject));
  // Marked sent once the SMTP server took it (a moment after it arrived).
  await expect(async () => {
    await page.reload();
    await expect(history.nth(1)).toContainText(admin.lead.deliveryStates.sent, { timeout: 1_000 });
  }).toPass();
});
