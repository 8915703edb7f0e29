/**
 * What comes back about a newsletter, through the mailbox the site already reads: a real IMAP
 * server (Debian's Dovecot, src/test/dovecot.ts) holding the reports mail servers send, read by
 * the site's own reader (src/leads/server/mailbox/reader.ts); the newsletter sent for real through a
 * real SMTP server in this process. A delivery report (RFC 3464) of a permanent failure marks the
 * address bounced, a temporary one is counted; a feedback report (ARF) unsubscribes; a mail to the
 * List-Unsubscribe mailto: address unsubscribes; none of them, nor a reader's answer to the
 * newsletter, joins a lead, though the reader sent a form too.
 */
import { randomUUID } from 'node:crypto';
import siteConfig from '../../../config/site';
import { newsletterRoutes, type NewsletterDetail } from '../model/newsletterApi';
import { type LeadDetail } from '../../leads/model/adminApi';
import { pathOf } from '../../platform/inboxRoutes';
import { validData } from '../../test/formFixtures';
import { addAccount, Client, startServer, submit, type TestServer } from '../../test/adminServer';
import { hasDovecot, noDovecot, startDovecot, type RunningDovecot } from '../../test/dovecot';
import { seedSubscribers, subscriberState } from '../../test/newsletter';
import { startSmtp, waitFor, type ReceivedMail, type SmtpReceiver } from '../../test/receivers';
import { readNotifySettings } from '../../leads/server/notify';
import { readMailboxSettings } from '../../leads/server/mailbox/settings';

const run = hasDovecot || process.env.CI ? describe : describe.skip;
if (!hasDovecot && !process.env.CI) console.warn(noDovecot);

let dovecot: RunningDovecot;
let smtp: SmtpReceiver;
let site: TestServer;
let owner: Client;

beforeAll(async () => {
  if (!hasDovecot && !process.env.CI) return;
  dovecot = await startDovecot();
  smtp = await startSmtp(0);
  const { settings } = readNotifySettings({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Agency Site <site@agency.test>',
    NOTIFY_TO: 'sales@agency.test',
    PUBLIC_URL: 'https://www.agency.test',
  });
  const mailbox = readMailboxSettings({ IMAP_URL: dovecot.url });
  // The reader reads when the test says (readNow); its own waits never end by themselves.
  site = await startServer({
    notifications: { settings, log: { warn: () => undefined } },
    mailbox: {
      settings: mailbox.settings!,
      agency: [dovecot.user, 'site@agency.test'],
      wait: (_ms, woken) => woken,
      idle: false,
      log: { warn: () => undefined },
      timeoutMs: 5_000,
    },
    newsletter: { rate: { messages: 0, perSeconds: 1 } },
  });
  await addAccount(site, 'owner@agency.test');
  owner = new Client(site.base);
  expect((await owner.signIn('owner@agency.test')).status).toBe(204);
});

afterAll(async () => {
  await site?.close();
  await smtp?.close();
  await dovecot?.remove();
});

const header = (mail: ReceivedMail, key: string) => mail.email.headers.find((h) => h.key === key)?.value ?? '';

/** A delivery report as Postfix writes one: the failed recipient, its status, and the headers of the mail returned. */
function deliveryReport(mail: ReceivedMail, action: string, status: string) {
  const recipient = mail.envelope.to[0]!;
  return [
    'From: MAILER-DAEMON@mx.example.net (Mail Delivery System)',
    'To: site@agency.test',
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: <${randomUUID()}@mx.example.net>`,
    `Date: ${new Date().toUTCString()}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="R"',
    '',
    '--R',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    "I'm sorry to have to inform you that your message could not be delivered.",
    '',
    '--R',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${status.startsWith('5') ? '550 5.1.1 User unknown' : '452 4.2.2 Mailbox full'}`,
    '',
    '--R',
    'Content-Type: text/rfc822-headers',
    '',
    `From: ${header(mail, 'from')}`,
    `To: ${recipient}`,
    `Subject: ${mail.email.subject}`,
    `Message-ID: ${mail.email.messageId}`,
    '',
    '--R--',
    '',
  ].join('\r\n');
}

/** A feedback report (ARF, RFC 5965) as a mailbox provider sends one when the reader presses "Report spam". */
function complaint(mail: ReceivedMail) {
  return [
    'From: feedback@fbl.example.net',
    'To: site@agency.test',
    'Subject: Complaint about a message from agency.test',
    `Message-ID: <${randomUUID()}@fbl.example.net>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="F"',
    '',
    '--F',
    'Content-Type: text/plain',
    '',
    'This is an abuse report for a message received from agency.test.',
    '',
    '--F',
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: FBL/1.0',
    'Version: 1',
    `Original-Rcpt-To: ${mail.envelope.to[0]}`,
    '',
    '--F',
    'Content-Type: message/rfc822',
    '',
    mail.raw.split(/\r?\n\r?\n/)[0],
    '',
    '(body left out)',
    '',
    '--F--',
    '',
  ].join('\r\n');
}

/** A plain mail from a reader (an answer, the mailto: unsubscribe a mail program sends). */
function fromReader(from: string, subject: string, inReplyTo?: string) {
  return [
    `From: ${from}`,
    'To: hello@agency.test',
    `Subject: ${subject}`,
    `Message-ID: <${randomUUID()}@mail.example.net>`,
    `Date: ${new Date().toUTCString()}`,
    ...(inReplyTo ? [`In-Reply-To: ${inReplyTo}`, `References: ${inReplyTo}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Thanks, lovely newsletter!',
    '',
  ].join('\r\n');
}

async function append(raw: string): Promise<void> {
  const client = await dovecot.client();
  try {
    await client.append('INBOX', raw);
  } finally {
    await client.logout();
  }
}

run('reports from the agency\u2019s mailbox', () => {
  it('a hard bounce marks the address bounced, a soft one is counted, a complaint and a mailto: unsubscribe unsubscribe; none of them, nor an answer to the newsletter, joins a lead', async () => {
    const db = site.app.store.db;
    const people = ['hard@example.net', 'soft@example.net', 'complains@example.net', 'mailto@example.net', validData.contact.Email!];
    seedSubscribers(
      db,
      people.map((email) => ({ email, state: 'confirmed' as const })),
    );
    // One reader sent a form too: their lead must not get the newsletter's mail.
    const { docId } = await submit(site, 'contact', validData.contact);
    await waitFor('the auto-reply', () => smtp.mails.some((m) => m.envelope.to.includes(validData.contact.Email!)), { on: [smtp.changes] });
    const mailsBefore = ((await (await owner.send('GET', pathOf('lead', { docId }))).json()) as LeadDetail).mails.length;

    const created = await owner.change('POST', newsletterRoutes.newsletterCreate.path, {
      json: { subject: 'Our news', name: 'bounce-news', body: [{ type: 'paragraph', content: [{ text: 'Hello.' }] }] },
    });
    const newsletter = (await created.json()) as NewsletterDetail;
    expect((await owner.change('POST', pathOf('newsletterSend', { id: String(newsletter.id) }), { json: { revision: newsletter.revision } })).status).toBe(200);
    const sent = (address: string) => smtp.mails.find((m) => m.envelope.to.includes(address) && m.email.subject === 'Our news');
    await waitFor('the newsletter to everyone', () => people.every((p) => sent(p)), { on: [smtp.changes] });
    await site.app.newsletter.queue!.idle();
    // Each leaves with the agency's mailbox (which the site reads) as its envelope's sender: the reports below come home there, whatever MAIL_FROM is.
    const agency = siteConfig.contact.email.href.replace(/^mailto:/, '');
    for (const person of people) expect(sent(person)!.envelope.from).toBe(agency);

    await append(deliveryReport(sent('hard@example.net')!, 'failed', '5.1.1'));
    await append(deliveryReport(sent('soft@example.net')!, 'delayed', '4.2.2'));
    await append(complaint(sent('complains@example.net')!));
    const token = /unsubscribe%20([^>]+)>/.exec(header(sent('mailto@example.net')!, 'list-unsubscribe'))![1]!;
    await append(fromReader('mailto@example.net', `unsubscribe ${decodeURIComponent(token)}`));
    await append(fromReader(validData.contact.Email!, 'Re: Our news', sent(validData.contact.Email!)!.email.messageId));
    await site.app.mailboxReader!.readNow();

    expect(subscriberState(db, 'hard@example.net')).toMatchObject({ state: 'bounced' });
    expect(subscriberState(db, 'soft@example.net')).toMatchObject({ state: 'confirmed', softBounces: 1 });
    expect(subscriberState(db, 'complains@example.net')).toMatchObject({ state: 'unsubscribed' });
    expect(subscriberState(db, 'mailto@example.net')).toMatchObject({ state: 'unsubscribed' });
    expect(subscriberState(db, validData.contact.Email!)).toMatchObject({ state: 'confirmed' });
    const figures = ((await (await owner.send('GET', pathOf('newsletter', { id: String(newsletter.id) }))).json()) as NewsletterDetail).figures;
    expect([figures.sent, figures.bounced, figures.complaints, figures.unsubscribed]).toEqual([5, 2, 1, 1]);
    // The reader's answer to the newsletter, and every report, stayed off their lead.
    const lead = (await (await owner.send('GET', pathOf('lead', { docId }))).json()) as LeadDetail;
    expect(lead.mails.length).toBe(mailsBefore);

    // Read again from the start (the mailbox's position lost): each report still counts once.
    db.prepare('DELETE FROM mailbox_folders').run();
    await site.app.mailboxReader!.readNow();
    expect(subscriberState(db, 'soft@example.net')).toMatchObject({ softBounces: 1 });
  });
});
