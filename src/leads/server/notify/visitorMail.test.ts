/**
 * E-mails to the visitor against real parts: our server over real HTTP on a real SQLite file,
 * a real SMTP server in this process (smtp-server, mails parsed with postal-mime), accounts
 * signed in with a session and CSRF token as the inbox does. Failures are real too: the SMTP
 * port closed, then opened. The texts come from config/ (forms' autoReply, admin.ts replies).
 */
import admin from '../../../../config/admin';
import forms from '../../../../config/forms';
import server from '../../../../config/server';
import site from '../../../../config/site';
import { buildDocument } from '../../../site/forms/model/document';
import { type LeadDetail } from '../../model/adminApi';
import { pathOf } from '../../../platform/inboxRoutes';
import { conversationSubject } from '../mailbox/conversation';
import { api } from '../../../platform/api';
import { proofHeaders } from '../../../test/proof';
import { fill } from '../../../schema/text';
import { validData } from '../../../test/formFixtures';
import { addAccount, Client, PASSWORD, startServer, submit, TEST_HASHING, type TestServer } from '../../../test/adminServer';
import { freePort, startSmtp, waitFor, type SmtpReceiver } from '../../../test/receivers';
import { setAdmin } from '../../../platform/server/accounts/accounts';
import { readNotifySettings } from '.';

const contact = forms.contact;
const autoReply = contact.autoReply!;
const FAST = { firstMs: 100, maxMs: 200, keepTryingMs: 60_000 };
const agency = site.contact.email.href.replace(/^mailto:/, '');

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** Our server with mail settings pointing at `smtpPort`, and its notifications' clock. */
async function siteWithMail(smtpPort: number): Promise<TestServer & { day: { offset: number } }> {
  // The notifications' clock runs; a test moves it a day on.
  const day = { offset: 0 };
  const { settings } = readNotifySettings({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Agency Site <site@agency.example>',
    NOTIFY_TO: 'sales@agency.example',
  });
  const s = await startServer({ notifications: { settings, schedule: FAST, clock: () => Date.now() + day.offset, log: { warn: () => undefined } } });
  closers.push(() => s.close());
  return Object.assign(s, { day });
}

async function smtp(port = 0): Promise<SmtpReceiver> {
  const receiver = await startSmtp(port);
  closers.push(() => receiver.close());
  return receiver;
}

const to = (receiver: SmtpReceiver, address: string) => receiver.mails.filter((m) => m.envelope.to.includes(address));

async function owner(s: TestServer): Promise<Client> {
  await addAccount(s, 'owner@agency.test');
  const client = new Client(s.base);
  expect((await client.signIn('owner@agency.test')).status).toBe(204);
  return client;
}

it('auto-replies once a day per address, with only the name cut short, never to spam', async () => {
  const receiver = await smtp();
  const s = await siteWithMail(receiver.port);
  const max = server.notifications.autoReply.nameMaxLength;
  const name = `<script>alert(1)</script> Ada ${'x'.repeat(5000)} https://evil.example`;
  // The form's own limit stops such a name at the door; the auto-reply does not rely on it.
  s.app.store.insert(contact.collection, { ...buildDocument(contact, validData.contact), Fullname: name, Messsage: 'Buy cheap pills at https://evil.example' });
  await waitFor('the auto-reply', () => to(receiver, validData.contact.Email!).length === 1);
  const { email, raw } = to(receiver, validData.contact.Email!)[0]!;
  const shown = `script alert script Ada ${'x'.repeat(max - 'script alert script Ada '.length)}`;
  expect(email.subject).toBe(fill(autoReply.subject, { Fullname: shown }));
  expect(email.text?.trim()).toBe(fill(autoReply.text, { Fullname: shown }).trim());
  expect(email.html).toBeUndefined();
  expect(raw).not.toMatch(/<script|evil|pills|Bletchley/);
  expect(email.replyTo).toEqual([{ name: '', address: agency }]);
  // Its bounce comes home to the mailbox the site reads, not to MAIL_FROM's.
  expect(to(receiver, validData.contact.Email!)[0]!.envelope.from).toBe(agency);

  // The same address again (another form, another case, a +tag): no second one today.
  await submit(s, 'inquiry', { ...validData.inquiry, Email: validData.contact.Email!.toUpperCase() });
  await submit(s, 'contact', { ...validData.contact, Email: validData.contact.Email!.replace('@', '+again@') });
  // Caught by the spam trap: none, whatever the address.
  const trap = { ...buildDocument(contact, validData.contact), Email: 'trapped@example.com', [server.spamTrap.name]: 'http://spam.example' };
  // With its puzzle solved: the trap alone puts it in the Spam folder.
  const trapped = await fetch(s.base + api.documents(contact.collection), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await proofHeaders(s.base)) },
    body: JSON.stringify(trap),
  });
  expect(trapped.status).toBe(201);
  // A later lead gets its own (by then the ones above would have come too).
  await submit(s, 'contact', { ...validData.contact, Email: 'later@example.com' });
  await waitFor('the later auto-reply', () => to(receiver, 'later@example.com').length === 1);
  expect(to(receiver, 'trapped@example.com')).toEqual([]);
  expect(
    receiver.mails.filter((m) => m.envelope.to.includes(validData.contact.Email!) || m.envelope.to.includes(validData.contact.Email!.toUpperCase())),
  ).toHaveLength(1);
  // The address is kept nowhere but in the leads: the day's keys are salted hashes.
  const keys = s.app.store.db.prepare('SELECT key, day FROM auto_reply_keys').all() as { key: string }[];
  expect(keys).toHaveLength(2);
  expect(JSON.stringify(keys)).not.toMatch(/example/);

  // The next day: one again, and yesterday's keys and salt are gone.
  s.day.offset = 86_400_000;
  await submit(s, 'contact', validData.contact);
  await waitFor('the next day’s auto-reply', () => to(receiver, validData.contact.Email!).length === 2);
  expect(s.app.store.db.prepare('SELECT count(*) AS n FROM auto_reply_days').get()).toEqual({ n: 1 });
});

it('refuses a reply to an editor (403) and a draft the shared check refuses (400); an owner’s reply, sent during an SMTP outage, arrives when it is back', async () => {
  const port = await freePort();
  const s = await siteWithMail(port);
  const { docId } = await submit(s, 'contact', validData.contact);
  const address = pathOf('reply', { docId });
  const draft = { subject: 'About your website', text: 'Dear Alan,\n\nWhen could we call?' };

  await setAdmin(s.app.store, 'editor@agency.test', PASSWORD, Date.now(), 'editor', TEST_HASHING);
  const editor = new Client(s.base);
  expect((await editor.signIn('editor@agency.test')).status).toBe(204);
  expect((await editor.change('POST', address, { json: draft })).status).toBe(403);

  const ownerClient = await owner(s);
  const noCsrf = await ownerClient.send('POST', address, { json: draft, headers: { 'sec-fetch-site': 'same-origin' } });
  expect(noCsrf.status).toBe(403);
  const badSubject = await ownerClient.change('POST', address, { json: { ...draft, subject: 'Hi\r\nBcc: all@example.com' } });
  expect(badSubject.status).toBe(400);
  expect((await ownerClient.change('POST', address, { json: { ...draft, text: 'x'.repeat(admin.replies.textMaxLength + 1) } })).status).toBe(400);

  // The SMTP server is down: the reply waits in the queue, retried.
  const answer = await ownerClient.change('POST', address, { json: draft });
  expect(answer.status).toBe(200);
  const lead = (await answer.json()) as { status: string; mails: { kind: string; author: string | null; subject: string; state: string }[] };
  expect(lead.status).toBe('replied');
  expect(lead.mails.map((m) => [m.kind, m.author, m.subject])).toEqual([
    ['autoReply', null, fill(autoReply.subject, { Fullname: validData.contact.Fullname! })],
    ['reply', 'owner@agency.test', draft.subject],
  ]);
  const stateOf = (kind: string) =>
    s.app.store.db
      .prepare(
        'SELECT d.state, d.attempts, d.last_error AS lastError FROM deliveries d JOIN visitor_mails m ON m.delivery_id = d.id WHERE m.doc_id = ? AND m.kind = ?',
      )
      .get(docId, kind) as { state: string; attempts: number; lastError: string | null };
  await waitFor('a failed try', () => stateOf('reply').attempts >= 1);
  expect(stateOf('reply')).toMatchObject({ state: 'pending', lastError: expect.stringMatching(/ECONNREFUSED/) });

  const receiver = await smtp(port);
  // Both wait, each on its own retries: the auto-reply and the reply, in either order.
  await waitFor('the auto-reply and the reply', () => to(receiver, validData.contact.Email!).length === 2);
  await waitFor('the reply marked sent', () => stateOf('reply').state === 'sent');
  const visitor = to(receiver, validData.contact.Email!);
  const replyMail = visitor.find((m) => m.email.subject === draft.subject)!;
  const autoMail = visitor.find((m) => m.email.subject !== draft.subject)!;
  expect(replyMail.envelope.to).toEqual([validData.contact.Email]);
  expect(replyMail.email.text?.trim()).toBe(draft.text);
  expect(replyMail.email.inReplyTo).toBe(autoMail.email.messageId);
  expect(replyMail.email.references).toBe(autoMail.email.messageId);
  expect(replyMail.email.replyTo).toEqual([{ name: '', address: agency }]);
  // A reply to an address that does not exist: the report comes back to the agency's mailbox, where the lead finds it.
  expect(replyMail.envelope.from).toBe(agency);
  // Once each: the auto-reply and the reply (the agency's notification went to NOTIFY_TO).
  expect(visitor).toHaveLength(2);
});

it("a newsletter sign-up's confirmation is no part of the person's conversation: their next lead's auto-reply takes no thread from it, and a reply none of its subject", async () => {
  const port = await freePort();
  const receiver = await smtp(port);
  const s = await siteWithMail(port);
  const email = validData.contact.Email!;
  // The same person (another case, a +tag) signs up first, then asks.
  const [user, domain] = email.split('@') as [string, string];
  await submit(s, 'newsletter', { ...validData.newsletter, Email: `${user.toUpperCase()}+news@${domain}` });
  await waitFor('the confirmation', () => receiver.mails.length === 1);
  const confirmation = receiver.mails[0]!;
  const { docId } = await submit(s, 'contact', validData.contact);
  await waitFor('the auto-reply', () => to(receiver, email).length === 1);
  const autoMail = to(receiver, email)[0]!;
  expect(autoMail.email.subject).toBe(fill(autoReply.subject, { Fullname: validData.contact.Fullname! }));
  expect(autoMail.email.inReplyTo).toBeUndefined();
  expect(autoMail.email.references).toBeUndefined();

  // The lead's page lists every mail with the person, the confirmation too; the conversation's
  // subject (a reply from a mail program takes it: ownerReplies.ts) is the auto-reply's, and the
  // owner's reply follows the auto-reply alone.
  const ownerClient = await owner(s);
  const lead = (await (await ownerClient.send('GET', pathOf('lead', { docId }))).json()) as LeadDetail;
  expect(lead.mails.map((m) => m.subject)).toContain(confirmation.email.subject);
  expect(conversationSubject(s.app.store.db, s.app.served.forms, docId)).toBe(autoMail.email.subject);
  const subject = fill(admin.replies.threadSubject, { subject: autoMail.email.subject! });
  expect((await ownerClient.change('POST', pathOf('reply', { docId }), { json: { subject, text: 'When could we call?' } })).status).toBe(200);
  await waitFor('the reply', () => to(receiver, email).length === 2);
  const replyMail = to(receiver, email)[1]!;
  expect(replyMail.email.inReplyTo).toBe(autoMail.email.messageId);
  expect(replyMail.email.references).toBe(autoMail.email.messageId);
});
