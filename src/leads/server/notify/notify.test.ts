/**
 * Notifications against real parts: the real server (buildApp, over real HTTP) on a real
 * SQLite file, a real SMTP server in this process receiving real mail (parsed with
 * postal-mime and compared field by field), and a real HTTP receiver checking each webhook's
 * Standard Webhooks signature with its own code. Failures are real too: a port nobody
 * listens on, a receiver answering 500. Only the retry schedule is shortened (its real
 * numbers are checked in schedule.test.ts).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import admin from '../../../../config/admin';
import forms from '../../../../config/forms';
import server from '../../../../config/server';
import siteConfig from '../../../../config/site';
import { buildDocument } from '../../../site/forms/model/document';
import type { FormConfig } from '../../../site/forms/model/formSchema';
import { api } from '../../../platform/api';
import { encodeAttribution, type Attribution, type AttributionKey } from '../../../site/model/attribution';
import { formatDate } from '../../../platform/received';
import { fill } from '../../../schema/text';
import { validData } from '../../../test/formFixtures';
import {
  Changes,
  freePort,
  startSmtp,
  startWebhookReceiver,
  waitFor,
  type ReceivedMail,
  type SmtpReceiver,
  type WebhookCall,
  type WebhookReceiver,
} from '../../../test/receivers';
import { buildApp } from '../../../apps/server/app';
import { openStore } from '../../../apps/server/siteStore';
import { deliveriesOf, readNotifySettings, type Delivery } from '.';
import { nextRetry, type RetrySchedule } from '../../../platform/server/mail/retry';
import { proofHeaders } from '../../../test/proof';
import { newDataDir } from '../../../test/adminServer';

type App = Awaited<ReturnType<typeof buildApp>>;

const SECRET_KEY = Buffer.from('a key of thirty-two bytes, for tests', 'utf8').subarray(0, 32);
const SECRET = `whsec_${SECRET_KEY.toString('base64')}`;
const PUBLIC_URL = 'https://leads.agency.example';
const FROM = 'Agency Site <site@agency.example>';
const TO = ['sales@agency.example', 'owner@agency.example'];
/** Short waits, so that a test sees several tries in a second or two. */
const FAST: RetrySchedule = { firstMs: 150, maxMs: 400, keepTryingMs: 60_000 };

const dirs: string[] = [];
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A data folder holding a new site's database, copied (src/test/adminServer.ts newDataDir): the migrations run once for the file, not per server. */
function tempDir(): string {
  const dir = newDataDir('notify-');
  dirs.push(dir);
  return dir;
}

interface Setup {
  smtpPort?: number;
  /** The site reads the agency's mailbox (the notifications reply to an address of their own). */
  repliesRead?: boolean;
  webhookUrl?: string;
  env?: Record<string, string>;
  schedule?: RetrySchedule;
  dataDir?: string;
}

interface Site {
  base: string;
  dataDir: string;
  stop: () => Promise<void>;
  /**
   * Told at each step of the notifications' worker: it reads its clock for every row it writes
   * (told once that write is done) and logs every failed try. A test waiting on the deliveries
   * table looks again at each.
   */
  worker: Changes;
  /** Added to the real time on the worker's clock (a test moves it on, past every retry). */
  clock: { offset: number };
}

/** The real server with notifications set up from environment-style settings, listening on a free port. */
async function startSite({ smtpPort, webhookUrl, env = {}, schedule = FAST, dataDir = tempDir(), repliesRead = false }: Setup): Promise<App & Site> {
  const { settings, problems } = readNotifySettings({
    PUBLIC_URL,
    ...(smtpPort === undefined ? {} : { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: FROM, NOTIFY_TO: TO.join(', ') }),
    ...(webhookUrl === undefined ? {} : { WEBHOOK_URL: webhookUrl, WEBHOOK_SECRET: SECRET }),
    ...env,
  });
  if (Object.keys(env).length === 0) expect(problems).toEqual([]);
  const worker = new Changes();
  const clock = { offset: 0 };
  const notifications = {
    settings,
    schedule,
    // Told after the write the time was read for (a microtask runs once the worker's synchronous step is over).
    clock: () => {
      queueMicrotask(worker.notify);
      return Date.now() + clock.offset;
    },
    log: { warn: () => worker.notify() },
    repliesRead,
  };
  const app = await buildApp({ dataDir, rateLimitFactor: 1000, notifications });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  let closed = false;
  const stop = async () => {
    if (!closed) await app.close();
    closed = true;
  };
  closers.push(stop);
  return Object.assign(app, { base: `http://127.0.0.1:${port}`, dataDir, stop, worker, clock });
}

async function smtp(port = 0): Promise<SmtpReceiver> {
  const receiver = await startSmtp(port);
  closers.push(() => receiver.close());
  // The agency's notifications only (the visitors' auto-replies: visitorMail.test.ts).
  return {
    port: receiver.port,
    close: receiver.close,
    changes: receiver.changes,
    get mails() {
      return receiver.mails.filter((m) => m.envelope.to.some((to) => TO.includes(to)));
    },
  };
}

async function webhookReceiver(port = 0): Promise<WebhookReceiver> {
  const receiver = await startWebhookReceiver(port);
  closers.push(() => receiver.close());
  return receiver;
}

/** Posts a document as the site's forms do (with where the visit came from, when given); resolves to the stored id. */
async function post(site: { base: string }, form: FormConfig, document: Record<string, unknown>, source?: Attribution): Promise<string> {
  const response = await fetch(`${site.base}/api/collections/${form.collection}/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await proofHeaders(site.base)), ...(source ? { [api.sourceHeader]: encodeAttribution(source) } : {}) },
    body: JSON.stringify(document),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Waits for `ready`, looked at again at each event of these receivers and servers (never on a timer). */
const until = (what: string, ready: () => boolean, ...from: ({ changes: Changes } | { worker: Changes })[]) =>
  waitFor(what, ready, { on: from.map((f) => ('worker' in f ? f.worker : f.changes)) });

const deliveries = (app: App, docId: string) => deliveriesOf(app.store, docId);
const delivery = (app: App, docId: string, channel: Delivery['channel']) => deliveries(app, docId).find((d) => d.channel === channel);

/** The subject config/forms gives this document (each value on one line). */
const subjectOf = (form: FormConfig, document: Record<string, unknown>) =>
  fill(
    form.notify.subject,
    Object.fromEntries(
      form.fields.map((f) => [
        f.name,
        String(document[f.name] ?? '')
          .replace(/\s+/g, ' ')
          .trim(),
      ]),
    ),
  );

/** The text of an HTML body as a reader sees it (tags gone, entities read). */
const htmlText = (html: string) =>
  html
    .replace(/<br>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&');

/** Verifies a Standard Webhooks signature with this test's own code: HMAC-SHA256 of "id.timestamp.body", base64, after "v1,". */
function signatureValid(call: WebhookCall, key: Buffer): boolean {
  const id = String(call.headers['webhook-id']);
  const timestamp = String(call.headers['webhook-timestamp']);
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${call.body}`).digest();
  return String(call.headers['webhook-signature'] ?? '')
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const inquiry = forms.inquiry;
const mailOf = (mails: ReceivedMail[], docId: string) => mails.filter((m) => m.email.text?.includes(`/admin/leads/${docId}`));

/** The notification's sender: the visitor's name via MAIL_FROM's name, at MAIL_FROM's address. */
const senderOf = (name: string) => ({ name: fill(server.notifications.mail.sender, { name, sender: 'Agency Site' }), address: 'site@agency.example' });

describe('the e-mail', () => {
  it("goes to NOTIFY_TO from MAIL_FROM (the visitor in its name), says what arrived and from whom, has every field by its label (escaped in HTML), then the agency's part headed as such; the visitor is in no header", async () => {
    const receiver = await smtp();
    const site = await startSite({ smtpPort: receiver.port });
    // The visitor's clock is years off: "Received" is our server's time all the same.
    const document = {
      ...buildDocument(inquiry, validData.inquiry, new Date(Date.UTC(2001, 0, 2, 3, 4, 5))),
      Fname: 'Ada <script>alert("x")</script> & Co',
      Pname: 'A shop\nwith two lines & <b>bold</b> claims',
    };
    const postedFrom = Date.now();
    const docId = await post(site, inquiry, document);
    const postedBy = Date.now();
    await until('the mail', () => receiver.mails.length === 1, receiver);
    await until('the delivery marked sent', () => delivery(site, docId, 'email')?.state === 'sent', site);
    const [{ email, envelope }] = receiver.mails as [ReceivedMail];
    const row = delivery(site, docId, 'email')!;

    expect(envelope).toEqual({ from: 'site@agency.example', to: TO });
    expect(email.from).toEqual(senderOf(document.Fname));
    expect(email.to).toEqual(TO.map((address) => ({ name: '', address })));
    // Without the agency's mailbox read (no IMAP_URL), no Reply-To: a reply from a mail program reaches nobody outside, and the mail says to answer from the inbox.
    expect(email.replyTo).toBeUndefined();
    expect(JSON.stringify([email.from, email.to, email.cc, email.replyTo])).not.toContain(validData.inquiry.Email);
    // What arrived and from whom: the form's notify.subject, also the mail's first line, in the text and the HTML.
    expect(email.subject).toBe(subjectOf(inquiry, document).replace(/\s+/g, ' '));
    expect(email.text?.split('\n')[0]).toBe(subjectOf(inquiry, document));
    expect(htmlText(email.html ?? '')).toContain(subjectOf(inquiry, document));
    expect(email.messageId).toBe(`<${row.id}@agency.example>`);

    const link = `${PUBLIC_URL}/admin/leads/${docId}`;
    const text = email.text ?? '';
    const html = email.html ?? '';
    for (const field of inquiry.fields) {
      const value = String(document[field.name as keyof typeof document]);
      expect(text).toContain(`${field.label}: ${value.replace(/\n/g, '\n  ')}`);
      expect(htmlText(html)).toContain(field.label);
      expect(htmlText(html)).toContain(value.split('\n')[0]);
    }
    const { created_at: storedAt } = site.store.db.prepare('SELECT created_at FROM documents WHERE doc_id = ?').get(docId) as { created_at: string };
    // Stored while the post was under way (to the second: SQLite's clock writes milliseconds).
    expect(Date.parse(storedAt)).toBeGreaterThanOrEqual(Math.floor(postedFrom / 1000) * 1000);
    expect(Date.parse(storedAt)).toBeLessThanOrEqual(postedBy);
    expect(text).toContain(`${server.notifications.mail.received}: ${formatDate(storedAt)}`);
    expect(text).not.toContain('2001');
    expect(text).toContain(`${server.notifications.mail.openLead}: ${link}`);
    expect(text).toContain(fill(server.notifications.mail.replyHintInbox, { name: document.Fname.replace(/\s+/g, ' ') }));
    // The part only for the agency: below the signature separator, under its heading (in the HTML too), after every field.
    const agencyPart = text.slice(text.indexOf('\n-- \n'));
    expect(agencyPart.split('\n')[2]).toBe(server.notifications.mail.agencyOnly);
    expect(agencyPart).toContain(`${server.notifications.mail.openLead}: ${link}`);
    expect(htmlText(html)).toContain(server.notifications.mail.agencyOnly);
    // What the visitor typed is text in the HTML, never markup.
    expect(html).not.toMatch(/<script|<b>/i);
    expect(html).toContain('Ada &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Co');
    expect(html).toContain('A shop<br>with two lines &#38; &#60;b&#62;bold&#60;/b&#62; claims');
    expect(html).toContain(`<a href="${link}">`);

    expect(row).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toEqual(expect.any(Number));
  });

  it('replies to an address of its own when the site reads the mailbox: the agency\'s address with "+r-" and a token only this mail carries, stored as its hash; the visitor is in no header', async () => {
    const all = await startSmtp(0);
    closers.push(() => all.close());
    const site = await startSite({ smtpPort: all.port, repliesRead: true });
    const contact = forms.contact;
    const notificationOf = (docId: string) =>
      all.mails.find((m) => m.envelope.to.some((a) => TO.includes(a)) && m.email.text?.includes(`/admin/leads/${docId}`))?.email;
    const agency = siteConfig.contact.email.href.replace(/^mailto:/, '');
    const [local, domain] = [agency.slice(0, agency.lastIndexOf('@')), agency.slice(agency.lastIndexOf('@') + 1)];
    const visitor = `lin.${Date.now()}@example.net`;
    const document = { ...buildDocument(contact, validData.contact), Email: visitor };
    const first = await post(site, contact, document);
    const second = await post(site, contact, { ...document, Fullname: 'Grace Hopper' });
    await until(
      'both notifications and the auto-reply',
      () => notificationOf(first) !== undefined && notificationOf(second) !== undefined && all.mails.some((m) => m.envelope.to.includes(visitor)),
      all,
    );
    const [one, two] = [notificationOf(first)!, notificationOf(second)!];
    // What arrived and from whom, not the auto-reply's subject.
    expect(one.subject).toBe(subjectOf(contact, document));
    const autoReply = all.mails.find((m) => m.envelope.to.includes(visitor))!.email;
    expect(one.subject).not.toBe(autoReply.subject);
    // One Reply-To: the agency's address with a token of this mail's own; the visitor's address is in no header, and no mail the visitor has is named.
    const token = (mail: typeof one) => {
      expect(mail.replyTo).toHaveLength(1);
      const address = mail.replyTo![0]!.address!;
      expect(address).toMatch(new RegExp(`^${local.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\+r-[a-z2-7]{26}@${domain.replace(/\./g, '\\.')}$`));
      return address.slice(address.indexOf('+r-') + 3, address.indexOf('@'));
    };
    const [t1, t2] = [token(one), token(two)];
    expect(t1).not.toBe(t2);
    for (const mail of [one, two]) {
      expect(JSON.stringify([mail.from, mail.to, mail.cc, mail.replyTo, mail.references, mail.inReplyTo])).not.toContain(visitor);
      expect(mail.text).toContain(fill(server.notifications.mail.replyHint, { name: mail === one ? validData.contact.Fullname! : 'Grace Hopper' }));
      expect(mail.references).toBeUndefined();
    }
    // Stored as its hash, with its lead and notification: never the token itself.
    const rows = site.store.db.prepare('SELECT hash, doc_id AS docId, delivery_id AS deliveryId FROM reply_tokens ORDER BY created_at').all() as {
      hash: string;
      docId: string;
      deliveryId: string;
    }[];
    expect(rows.map((r) => r.docId).sort()).toEqual([first, second].sort());
    expect(rows.find((r) => r.docId === first)).toEqual({
      hash: createHash('sha256').update(t1).digest('hex'),
      docId: first,
      deliveryId: delivery(site, first, 'email')!.id,
    });
    const raw =
      readFileSync(path.join(site.dataDir, 'site.db')).toString('latin1') +
      (existsSync(path.join(site.dataDir, 'site.db-wal')) ? readFileSync(path.join(site.dataDir, 'site.db-wal')).toString('latin1') : '');
    expect(raw).not.toContain(t1);
    // "Send again": the same Message-ID, a reply address of its own.
    const again = all.mails.length;
    expect(site.notifications.resendDelivery(delivery(site, first, 'email')!.id)).toBe(true);
    await until('the notification sent again', () => all.mails.length === again + 1, all);
    expect(all.mails.at(-1)!.email.messageId).toBe(one.messageId);
    expect(token(all.mails.at(-1)!.email)).not.toBe(t1);
  });

  /** Uploads a CV as the career form does; resolves with the address that goes into CvFile. */
  const uploadCv = async (site: { base: string }) => {
    const upload = await fetch(`${site.base}/api/files/Image/CvDeveloper/${crypto.randomUUID()}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: Buffer.from('%PDF-1.4\n% a CV\n'),
    });
    expect(upload.status).toBe(201);
    return ((await upload.json()) as { url: string }).url;
  };

  it("links the lead's own CV to the lead in the inbox (never by its download address), and leaves an address that is not http(s) inert", async () => {
    const receiver = await smtp();
    const site = await startSite({ smtpPort: receiver.port });
    const url = await uploadCv(site);
    const freelancer = forms.freelancer;
    // A choice whose label differs from its stored value (config/forms): the mail says what the visitor read.
    const choice = freelancer.fields.find((f) => f.options?.some((o) => o.value !== '' && o.label && o.label !== o.value))!;
    const picked = choice.options!.find((o) => o.value !== '' && o.label && o.label !== o.value)!;
    const document = { ...buildDocument(freelancer, validData.freelancer), CvFile: url, portfolioUrl: 'javascript:alert(1)', [choice.name]: picked.value };
    const docId = await post(site, freelancer, document);
    await until('the mail', () => receiver.mails.length === 1, receiver);
    const { email } = receiver.mails[0]!;

    const inboxLead = `${PUBLIC_URL}/admin/leads/${docId}`;
    const cvLabel = freelancer.fields.find((f) => f.name === 'CvFile')!.label;
    expect(email.text).toContain(`${cvLabel}: ${server.notifications.mail.cvInInbox}`);
    expect(email.html).toContain(`<a href="${inboxLead}">${server.notifications.mail.cvInInbox}</a>`);
    // The file's token address is nowhere in the mail.
    expect(email.text).not.toContain(url.split('?')[0]!);
    expect(email.html).not.toContain('token=');
    const portfolioLabel = freelancer.fields.find((f) => f.name === 'portfolioUrl')!.label;
    expect(email.text).toContain(`${portfolioLabel}: javascript:alert(1)`);
    expect(email.text).toContain(`${choice.label}: ${picked.label} (${picked.value})`);
    expect(htmlText(email.html ?? '')).toContain(`${picked.label} (${picked.value})`);
    expect(email.html).not.toContain('href="javascript');
    expect(email.html).toContain('javascript:alert(1)');
    expect(email.text?.split('\n')[0]).toBe(subjectOf(freelancer, document));
    await until('the delivery marked sent', () => delivery(site, docId, 'email')?.state === 'sent', site);
  });

  it("shows another lead's upload address as the text typed, as the inbox does, never as a CV in the inbox", async () => {
    const receiver = await smtp();
    const site = await startSite({ smtpPort: receiver.port });
    const url = await uploadCv(site);
    const freelancer = forms.freelancer;
    const owner = await post(site, freelancer, { ...buildDocument(freelancer, validData.freelancer), CvFile: url });
    const copier = await post(site, freelancer, { ...buildDocument(freelancer, validData.freelancer), fullName: 'Copy Cat', CvFile: url });
    await until('both mails', () => receiver.mails.length === 2, receiver);
    const mailOf = (docId: string) => receiver.mails.find(({ email }) => email.text?.includes(`${PUBLIC_URL}/admin/leads/${docId}`))!.email;
    const cvLabel = freelancer.fields.find((f) => f.name === 'CvFile')!.label;
    const { cvInInbox } = server.notifications.mail;
    // The first lead's upload is its own: the inbox has it.
    expect(mailOf(owner).text).toContain(`${cvLabel}: ${cvInInbox}`);
    // The second only names it: the text it sent, not linked, and no word of a CV in the inbox.
    const copied = mailOf(copier);
    expect(copied.text).toContain(`${cvLabel}: ${url}`);
    expect(copied.text).not.toContain(cvInInbox);
    expect(copied.html).not.toContain(cvInInbox);
    expect(copied.html).not.toMatch(/href="[^"]*\/api\/files\//);
  });

  it("shows a right-to-left override and invisible characters by their code in the subject, the sender's name and the body", async () => {
    const receiver = await smtp();
    const site = await startSite({ smtpPort: receiver.port });
    const document = { ...buildDocument(inquiry, validData.inquiry), Fname: 'Invoice \u202Egpj.exe\u200B', Pname: 'Pay \u2066now\u2069' };
    await post(site, inquiry, document);
    await until('the mail', () => receiver.mails.length === 1, receiver);
    const { email } = receiver.mails[0]!;
    expect(email.text?.split('\n')[0]).toContain('Invoice [U+202E]gpj.exe[U+200B]');
    expect(email.from?.name).toBe(senderOf('Invoice [U+202E]gpj.exe[U+200B]').name);
    for (const text of [email.subject ?? '', email.from?.name ?? '', email.text ?? '', htmlText(email.html ?? '')])
      expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B]/);
    expect(email.text).toContain('Pay [U+2066]now[U+2069]');
  });

  it('is tried again while the SMTP server is down, and delivered once when it is back', async () => {
    const port = await freePort();
    const site = await startSite({ smtpPort: port });
    const docId = await post(site, inquiry, buildDocument(inquiry, validData.inquiry));
    // The first try fails at once (nothing listens), and the delivery waits for its retry.
    await until('the first failed try', () => (delivery(site, docId, 'email')?.attempts ?? 0) >= 1, site);
    const failed = delivery(site, docId, 'email')!;
    expect(failed.state).toBe('pending');
    expect(failed.lastError).toMatch(/ECONNREFUSED/);

    const receiver = await smtp(port);
    await until('the mail', () => receiver.mails.length === 1, receiver);
    await until('the delivery marked sent', () => delivery(site, docId, 'email')?.state === 'sent', site);
    const sent = delivery(site, docId, 'email')!;
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    expect(sent.lastError).toBeNull();
    expect(receiver.mails[0]!.email.messageId).toBe(`<${sent.id}@agency.example>`);
    // Delivered once: the worker's clock moved past every retry the schedule could still make,
    // and a new lead wakes it. Once that lead is sent, the worker has been through every row due
    // by then: the first lead's mail was not sent again.
    site.clock.offset += FAST.keepTryingMs;
    const next = await post(site, inquiry, buildDocument(inquiry, validData.inquiry));
    await until('the next lead marked sent', () => delivery(site, next, 'email')?.state === 'sent', site);
    expect(mailOf(receiver.mails, next)).toHaveLength(1);
    expect(mailOf(receiver.mails, docId)).toHaveLength(1);
    expect(delivery(site, docId, 'email')).toEqual(sent);
  });

  it('waits in the database across a restart: a new server sends, at its start, what the stopped one could not', async () => {
    const port = await freePort();
    const first = await startSite({ smtpPort: port });
    const docId = await post(first, inquiry, buildDocument(inquiry, validData.inquiry));
    await until('a failed try', () => (delivery(first, docId, 'email')?.attempts ?? 0) >= 1, first);
    await first.stop();

    const receiver = await smtp(port);
    const second = await startSite({ smtpPort: port, dataDir: first.dataDir });
    await until('the mail', () => receiver.mails.length === 1, receiver);
    expect(mailOf(receiver.mails, docId)).toHaveLength(1);
    await until('the delivery marked sent', () => delivery(second, docId, 'email')?.state === 'sent', second);
  });
});

describe('the webhook', () => {
  it('posts the collection, the document and a one-line text, signed per Standard Webhooks', async () => {
    const receiver = await webhookReceiver();
    const site = await startSite({ webhookUrl: receiver.url });
    const document = { ...buildDocument(inquiry, validData.inquiry), Fname: 'Ada <!channel> & Co' };
    const before = Math.floor(Date.now() / 1000);
    const docId = await post(site, inquiry, document);
    await until('the webhook', () => receiver.calls.length === 1, receiver);
    await until('the delivery marked sent', () => delivery(site, docId, 'webhook')?.state === 'sent', site);
    const [call] = receiver.calls as [WebhookCall];
    const row = delivery(site, docId, 'webhook')!;

    expect(call.headers['content-type']).toBe('application/json');
    expect(call.headers['webhook-id']).toBe(row.id);
    const timestamp = Number(call.headers['webhook-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(call.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(signatureValid(call, SECRET_KEY)).toBe(true);
    // Any change to the body, the id or the time breaks it.
    expect(signatureValid({ ...call, body: call.body.replace('Ada', 'Eve') }, SECRET_KEY)).toBe(false);
    expect(signatureValid({ ...call, headers: { ...call.headers, 'webhook-timestamp': String(timestamp + 1) } }, SECRET_KEY)).toBe(false);
    expect(signatureValid(call, Buffer.alloc(32, 1))).toBe(false);

    const link = `${PUBLIC_URL}/admin/leads/${docId}`;
    const body = JSON.parse(call.body) as Record<string, unknown>;
    expect(body).toEqual({
      type: 'lead.created',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      text: fill(server.notifications.webhookText, {
        subject: subjectOf(inquiry, document).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
        link,
      }),
      collection: inquiry.collection,
      documentId: docId,
      link,
      document,
      // Posted without where it came from (src/leads/server/sources.ts).
      source: null,
    });
    expect(body.text).not.toMatch(/\n/);
    expect(row).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('keeps its webhook-id on every try: a receiver answering 500, then 200, gets it twice under one id and it is sent', async () => {
    const receiver = await webhookReceiver();
    receiver.answer = 500;
    const site = await startSite({ webhookUrl: receiver.url });
    const docId = await post(site, inquiry, buildDocument(inquiry, validData.inquiry));
    await until('the first try', () => receiver.calls.length === 1, receiver);
    await until('the failure written', () => delivery(site, docId, 'webhook')?.lastError !== null, site);
    expect(delivery(site, docId, 'webhook')).toMatchObject({ state: 'pending', attempts: 1, lastError: 'The receiver answered 500 Internal Server Error.' });
    receiver.answer = 200;
    await until('the delivery marked sent', () => delivery(site, docId, 'webhook')?.state === 'sent', site);
    const ids = new Set(receiver.calls.map((c) => c.headers['webhook-id']));
    expect(ids).toEqual(new Set([delivery(site, docId, 'webhook')!.id]));
    expect(receiver.calls.map((c) => c.status)).toEqual([500, 200]);
    for (const call of receiver.calls) expect(signatureValid(call, SECRET_KEY)).toBe(true);
  });

  it('is marked failed after the last try of the schedule, and "send again" sends it under the same id', async () => {
    const receiver = await webhookReceiver();
    receiver.answer = 503;
    const schedule: RetrySchedule = { firstMs: 30, maxMs: 60, keepTryingMs: 200 };
    let tries = 1;
    while (nextRetry(tries, schedule) !== undefined) tries++;
    const site = await startSite({ webhookUrl: receiver.url, schedule });
    const docId = await post(site, inquiry, buildDocument(inquiry, validData.inquiry));
    await until('the delivery marked failed', () => delivery(site, docId, 'webhook')?.state === 'failed', site);
    expect(delivery(site, docId, 'webhook')).toMatchObject({ attempts: tries, lastError: 'The receiver answered 503 Service Unavailable.' });
    expect(receiver.calls).toHaveLength(tries);

    receiver.answer = 200;
    const { id } = delivery(site, docId, 'webhook')!;
    expect(site.notifications.resendDelivery(id)).toBe(true);
    await until('the delivery sent again', () => delivery(site, docId, 'webhook')?.state === 'sent', site);
    expect(receiver.calls.at(-1)!.headers['webhook-id']).toBe(id);
    expect(site.notifications.resendDelivery('msg_nosuchdelivery')).toBe(false);
  });

  it('under way when the server stops, is finished and recorded before the database closes: never sent twice', async () => {
    // A receiver that answers only once the server has stopped taking requests (its onClose hooks come next).
    let answer: (() => void) | undefined;
    const arrived = new Changes();
    const held = http.createServer((request, response) => {
      request.resume();
      answer = () => response.writeHead(200).end('ok');
      arrived.notify();
    });
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => held.close(resolve)));
    const site = await startSite({ webhookUrl: `http://127.0.0.1:${(held.address() as AddressInfo).port}/hooks/leads` });
    const docId = await post(site, inquiry, buildDocument(inquiry, validData.inquiry));
    await waitFor('the call under way', () => answer !== undefined, { on: [arrived] });
    site.server.once('close', () => answer!());
    await site.stop();
    const store = openStore(site.dataDir, { readonly: true });
    try {
      expect(deliveriesOf(store, docId).find((d) => d.channel === 'webhook')).toMatchObject({ state: 'sent', attempts: 1 });
    } finally {
      store.close();
    }
  });
});

describe('where the lead came from, in the e-mail and the webhook', () => {
  const labels = admin.sources.labels;
  /** The mail's lines after "Received", by the inbox's labels (config/admin.ts), in the inbox's order. */
  const linesOf = (shown: [AttributionKey, string][]) => shown.map(([key, value]) => `${labels[key]}: ${value}`);
  /** The rows of the HTML body's table, as "label: value". */
  /** The mail's `count` lines after its "Received" line, and the one after them. */
  const afterReceived = (text: string, count: number) => {
    const lines = text.split('\n');
    const received = lines.findIndex((line) => line.startsWith(`${server.notifications.mail.received}: `));
    return lines.slice(received + 1, received + 1 + count + 1);
  };
  const htmlRows = (html: string) =>
    [...html.matchAll(/<tr><th[^>]*>(.*?)<\/th><td[^>]*>(.*?)<\/td><\/tr>/g)].map(([, label, value]) => `${htmlText(label!)}: ${htmlText(value!)}`);

  it('a visit from a campaign: its source, campaign, landing page, form page and device are lines of the mail and the `source` of the webhook', async () => {
    const mails = await smtp();
    const hooks = await webhookReceiver();
    const site = await startSite({ smtpPort: mails.port, webhookUrl: hooks.url });
    const from: Attribution = {
      landingPage: '/Services',
      formPage: '/',
      referrer: 'https://news.example.org',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'autumn',
      clickIds: ['gclid', 'fbclid'],
      device: 'phone',
    };
    const docId = await post(site, inquiry, buildDocument(inquiry, validData.inquiry), from);
    await until('the mail and the webhook', () => mailOf(mails.mails, docId).length === 1 && hooks.calls.length === 1, mails, hooks);

    const { text = '', html = '' } = mailOf(mails.mails, docId)[0]!.email;
    const expected = linesOf([
      ['source', 'newsletter'],
      ['landingPage', '/Services'],
      ['formPage', '/'],
      ['referrer', 'https://news.example.org'],
      ['utmSource', 'newsletter'],
      ['utmMedium', 'email'],
      ['utmCampaign', 'autumn'],
      // An advert by its network's name, never the click id.
      ['clickIds', `${admin.sources.adNetworks.gclid}, ${admin.sources.adNetworks.fbclid}`],
      ['device', admin.sources.devices.phone],
    ]);
    // Right after "Received", before the link to the lead; the same rows in the HTML.
    expect(afterReceived(text, expected.length)).toEqual([...expected, '']);
    expect(htmlRows(html).slice(-expected.length)).toEqual(expected);

    // The webhook's `source`: the grouping word and what was recorded, by the keys of src/site/model/attribution.ts.
    const body = JSON.parse(hooks.calls[0]!.body) as { documentId: string; source: unknown; document: Record<string, unknown> };
    expect(body.documentId).toBe(docId);
    expect(body.source).toEqual({ source: 'newsletter', ...from });
    // Never inside the document.
    expect(Object.keys(body.document).sort()).toEqual(Object.keys(buildDocument(inquiry, validData.inquiry)).sort());
  });

  it("a direct visit: the mail says so in the inbox's word, the webhook's `source` is empty, and only what was recorded is there", async () => {
    const mails = await smtp();
    const hooks = await webhookReceiver();
    const site = await startSite({ smtpPort: mails.port, webhookUrl: hooks.url });
    const from: Attribution = { landingPage: '/', formPage: '/', device: 'desktop' };
    const docId = await post(site, inquiry, buildDocument(inquiry, validData.inquiry), from);
    await until('the mail and the webhook', () => mailOf(mails.mails, docId).length === 1 && hooks.calls.length === 1, mails, hooks);

    const { text = '' } = mailOf(mails.mails, docId)[0]!.email;
    const expected = linesOf([
      ['source', admin.sources.direct],
      ['landingPage', '/'],
      ['formPage', '/'],
      ['device', admin.sources.devices.desktop],
    ]);
    expect(afterReceived(text, expected.length)).toEqual([...expected, '']);
    expect(JSON.parse(hooks.calls[0]!.body)).toMatchObject({ source: { source: '', ...from } });
    expect(Object.keys((JSON.parse(hooks.calls[0]!.body) as { source: object }).source).sort()).toEqual(['device', 'formPage', 'landingPage', 'source']);
  });
});

describe('which leads notify, and how', () => {
  it("follows each form's notify: the newsletter calls the webhook but sends no e-mail", async () => {
    const mails = await smtp();
    const hooks = await webhookReceiver();
    const site = await startSite({ smtpPort: mails.port, webhookUrl: hooks.url });
    expect(forms.newsletter.notify).toMatchObject({ email: false, webhook: true });
    const signUp = await post(site, forms.newsletter, buildDocument(forms.newsletter, validData.newsletter));
    const lead = await post(site, inquiry, buildDocument(inquiry, validData.inquiry));
    await until('both webhooks and the inquiry mail', () => hooks.calls.length === 2 && mails.mails.length === 1, mails, hooks);
    expect(deliveries(site, signUp).map((d) => d.channel)).toEqual(['webhook']);
    expect(
      deliveries(site, lead)
        .map((d) => d.channel)
        .sort(),
    ).toEqual(['email', 'webhook']);
    expect(mailOf(mails.mails, lead)).toHaveLength(1);
  });

  it('tells nobody of a lead caught by the spam trap, until the agency marks it "not spam"', async () => {
    const mails = await smtp();
    const hooks = await webhookReceiver();
    const site = await startSite({ smtpPort: mails.port, webhookUrl: hooks.url });
    const spamId = await post(site, inquiry, { ...buildDocument(inquiry, validData.inquiry), [server.spamTrap.name]: 'http://spam.example' });
    const realId = await post(site, inquiry, buildDocument(inquiry, validData.inquiry));
    // The spam has no delivery to send; the lead after it is told, and by then the spam would have been too.
    expect(deliveries(site, spamId)).toEqual([]);
    await until('the real lead told', () => deliveries(site, realId).filter((d) => d.state === 'sent').length === 2, site);
    expect(mails.mails).toHaveLength(1);
    expect(mailOf(mails.mails, realId)).toHaveLength(1);
    expect(hooks.calls).toHaveLength(1);
    expect(deliveries(site, spamId)).toEqual([]);
    expect(site.store.db.prepare('SELECT spam FROM leads WHERE doc_id = ?').get(spamId)).toEqual({ spam: 1 });

    // Still spam: queueing does nothing.
    site.notifications.queueNotifications(spamId);
    expect(deliveries(site, spamId)).toEqual([]);
    // "Not spam": the inbox clears the mark, then queues.
    site.store.db.prepare('UPDATE leads SET spam = 0 WHERE doc_id = ?').run(spamId);
    site.notifications.queueNotifications(spamId);
    await until('the lead told', () => mailOf(mails.mails, spamId).length === 1 && hooks.calls.length === 2, mails, hooks);
    // Queued twice, sent once.
    site.notifications.queueNotifications(spamId);
    expect(deliveries(site, spamId)).toHaveLength(2);
  });

  it('writes the deliveries in the transaction of the lead: the same rows, whatever happens after', async () => {
    const port = await freePort();
    const site = await startSite({ smtpPort: port, webhookUrl: `http://127.0.0.1:${port}/` });
    // One transaction: a lead whose insert fails leaves no delivery behind.
    site.store.onInsert(({ document }) => {
      if (document.Fname === 'Rolled back') throw new Error('the transaction fails');
    });
    expect(() => site.store.insert(inquiry.collection, { ...buildDocument(inquiry, validData.inquiry), Fname: 'Rolled back' })).toThrow(
      'the transaction fails',
    );
    expect(site.store.db.prepare('SELECT count(*) AS n FROM deliveries').get()).toEqual({ n: 0 });
    const docId = site.store.insert(inquiry.collection, buildDocument(inquiry, validData.inquiry));
    expect(deliveries(site, docId).map((d) => [d.channel, d.state])).toEqual([
      ['email', 'pending'],
      ['webhook', 'pending'],
    ]);
  });

  it('keeps the deliveries of a channel set up wrongly, waiting, and sends them once it is set right', async () => {
    const receiver = await smtp();
    // The webhook, set up right, shows the worker at work on this lead meanwhile.
    const hooks = await webhookReceiver();
    const wrong = await startSite({ smtpPort: receiver.port, webhookUrl: hooks.url, env: { NOTIFY_TO: 'sales at agency' } });
    const docId = await post(wrong, inquiry, buildDocument(inquiry, validData.inquiry));
    await until('the webhook marked sent', () => delivery(wrong, docId, 'webhook')?.state === 'sent', wrong);
    expect(delivery(wrong, docId, 'email')).toMatchObject({ state: 'pending', attempts: 0 });
    // Stopping waits for the worker's sends under way: no mail went out, whatever its pass did.
    await wrong.stop();
    expect(receiver.mails).toEqual([]);

    const right = await startSite({ smtpPort: receiver.port, dataDir: wrong.dataDir });
    await until('the mail', () => receiver.mails.length === 1, receiver);
    expect(mailOf(receiver.mails, docId)).toHaveLength(1);
    // Its first try: the wrongly set up server never tried it.
    await until('the delivery marked sent', () => delivery(right, docId, 'email')?.state === 'sent', right);
    expect(delivery(right, docId, 'email')).toMatchObject({ attempts: 1, lastError: null });
    expect(hooks.calls).toHaveLength(1);
  });

  it('without any setting, writes no deliveries: the site works as before', async () => {
    const dataDir = tempDir();
    const app = await buildApp({ dataDir, notifications: { settings: readNotifySettings({}).settings } });
    closers.push(() => app.close());
    const docId = app.store.insert(inquiry.collection, buildDocument(inquiry, validData.inquiry));
    app.notifications.queueNotifications(docId);
    expect(deliveriesOf(app.store, docId)).toEqual([]);
  });
});
