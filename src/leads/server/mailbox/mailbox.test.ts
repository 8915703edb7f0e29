/**
 * Answers come back, against real parts: our server over real HTTP on a real SQLite file, a real
 * SMTP server in this process (the site's mails, parsed with postal-mime) and a real IMAP server
 * (Debian's Dovecot, started from a config file in a folder of its own, src/test/dovecot.ts). The
 * reader waits on a clock this test moves (its polls and its back-off), and wakes by itself on
 * IDLE's news of a mail: nothing here waits a fixed time. Strangers' mails too: ones that cannot
 * be read, and ones forging the agency's address.
 */
import { randomUUID } from 'node:crypto';
import server from '../../../../config/server';
import type { ConversationMail, LeadDetail, LeadList, MailboxStatus, ReceivedMail } from '../../model/adminApi';
import { pathOf } from '../../../platform/inboxRoutes';
import { validData } from '../../../test/formFixtures';
import { addAccount, Client, startServer, submit, type TestServer } from '../../../test/adminServer';
import { Changes } from '../../../platform/server/changes';
import { hasDovecot, noDovecot, startDovecot, type RunningDovecot } from '../../../test/dovecot';
import { readerTime } from '../../../test/readerTime';
import { startSmtp, waitFor, type SmtpReceiver } from '../../../test/receivers';
import { readNotifySettings } from '../notify';
import { readMailboxSettings } from './settings';
import { backoffMs, MailboxReader } from './reader';

const run = hasDovecot || process.env.CI ? describe : describe.skip;
if (!hasDovecot && !process.env.CI) console.warn(noDovecot);

const NOTIFY_TO = 'sales@agency.test';
/** The authserv-id of the server that receives the agency's mail (IMAP_TRUSTED_AUTHSERV): its Authentication-Results prove the agency's own mails. */
const RECEIVER = 'mx.agency-mail.test';
/** The lines that server writes on top of a mail it received: its results (passing DMARC for the agency's domain by default), then its Received line. */
const received = (results = 'dmarc=pass header.from=agency.test', by = RECEIVER) => [
  `Authentication-Results: ${by}; ${results}`,
  `Received: from out.agency.test (out.agency.test [198.51.100.7]) by ${RECEIVER} with ESMTPS id 4Q; ${new Date().toUTCString()}`,
];

let dovecot: RunningDovecot;
let smtp: SmtpReceiver;
let site: TestServer;
let owner: Client;
const time = readerTime();

beforeAll(async () => {
  if (!hasDovecot && !process.env.CI) return;
  dovecot = await startDovecot();
  smtp = await startSmtp(0);
  const { settings } = readNotifySettings({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Agency Site <site@agency.test>', NOTIFY_TO });
  const mailbox = readMailboxSettings({ IMAP_URL: dovecot.url, IMAP_TRUSTED_AUTHSERV: RECEIVER });
  site = await startServer({
    notifications: { settings, log: { warn: () => undefined } },
    mailbox: {
      settings: mailbox.settings!,
      agency: [dovecot.user, NOTIFY_TO, 'site@agency.test'],
      wait: (ms, woken) => time.wait(ms, woken),
      log: { warn: () => undefined },
      timeoutMs: 5_000,
    },
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

const reader = () => site.app.mailboxReader!;
const to = (address: string) => smtp.mails.filter((m) => m.envelope.to.some((a) => a.toLowerCase() === address.toLowerCase()));
const lead = async (docId: string) => (await (await owner.send('GET', pathOf('lead', { docId }))).json()) as LeadDetail;
const kinds = (mails: ConversationMail[]) => mails.map((m) => m.kind);
/** Resolves at the reader's next reading. */
const nextReading = () =>
  new Promise<void>((resolve) => {
    const stop = reader().changes.subscribe(() => {
      stop();
      resolve();
    });
  });

/** The lead's page once it shows what `ready` wants: looked at again after each reading of the mailbox (never on a timer). */
async function leadWhen(docId: string, what: string, ready: (detail: LeadDetail) => boolean): Promise<LeadDetail> {
  for (let readings = 0; readings < 20; readings++) {
    const next = nextReading();
    const detail = await lead(docId);
    if (ready(detail)) return detail;
    await next;
  }
  throw new Error(`The lead never showed ${what}`);
}

type MailFields = Parameters<typeof mail>[0];

/** A mail as a mail program writes it (under `top`: the lines the servers on its way wrote above it). */
function mail({
  from,
  to: recipient,
  subject,
  inReplyTo,
  references,
  text,
  messageId = `<${randomUUID()}@mail.example.net>`,
  extra = '',
  date = new Date(),
  top = [],
}: {
  from: string;
  to: string;
  subject: string;
  inReplyTo?: string;
  references?: string[];
  text: string;
  messageId?: string;
  extra?: string;
  date?: Date;
  top?: string[];
}) {
  return [
    ...top,
    `From: ${from}`,
    `To: ${recipient}`,
    `Subject: ${subject}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: ${messageId}`,
    ...(inReplyTo ? [`In-Reply-To: ${inReplyTo}`] : []),
    ...(references ? [`References: ${references.join(' ')}`] : []),
    'MIME-Version: 1.0',
    ...(extra ? [extra] : ['Content-Type: text/plain; charset=utf-8']),
    '',
    text,
    '',
  ].join('\r\n');
}

/**
 * A mail in the thread of one of ours (the auto-reply) as a mail program writes it: "Re:" and its
 * subject, in reply to it and naming it in References, to the mailbox the reader reads (a
 * visitor's answer). `fields` gives the rest (from, text) and may set any of those differently
 * (the agency's own mail to the visitor: `to`).
 */
function answerTo(
  ours: { subject?: string; messageId?: string },
  fields: Omit<MailFields, 'to' | 'subject'> & Partial<Pick<MailFields, 'to' | 'subject'>>,
): string {
  return mail({ to: dovecot.user, subject: `Re: ${ours.subject}`, inReplyTo: ours.messageId, references: [ours.messageId!], ...fields });
}

async function append(raw: string, folder = 'INBOX'): Promise<void> {
  const client = await dovecot.client();
  try {
    await client.append(folder, raw);
  } finally {
    await client.logout();
  }
}

run('the agency\u2019s mailbox', () => {
  it('a visitor\u2019s answers (to the auto-reply, to the owner\u2019s reply) and the agency\u2019s reply from a mail program join the lead in order; the lead is Answered; a mail about no lead is left untouched', async () => {
    const visitor = `ada.${randomUUID().slice(0, 8)}@example.net`;
    const { docId } = await submit(site, 'contact', { ...validData.contact, Email: visitor });
    await waitFor('the auto-reply and the notification', () => to(visitor).length === 1 && smtp.mails.some((m) => m.email.text?.includes(docId)), {
      on: [smtp.changes],
    });
    const autoReply = to(visitor)[0]!.email;
    const notification = smtp.mails.find((m) => m.envelope.to.includes(NOTIFY_TO) && m.email.text?.includes(docId))!.email;
    // The notification is the agency's own: it names no mail the visitor has (a reply to it goes through the site: ownerReplies.test.ts).
    expect(notification.references).toBeUndefined();
    expect(notification.subject).not.toBe(autoReply.subject);

    // An unrelated mail, and one that only looks related (its subject, its sender): left alone.
    const unrelated = mail({ from: 'someone@elsewhere.example.net', to: dovecot.user, subject: autoReply.subject!, text: 'Hello, unrelated.' });
    const lookalike = mail({
      from: visitor,
      to: dovecot.user,
      subject: `Re: ${autoReply.subject}`,
      text: 'No thread headers.',
      references: ['<msg_AAAAAAAAAAAAAAAAAAAA@agency.test>'],
    });
    await append(unrelated);
    await append(lookalike);

    // The visitor answers the auto-reply: the reader, woken by IDLE's news, keeps it on the lead.
    const answerId = `<${randomUUID()}@mail.example.net>`;
    const answer = answerTo(autoReply, {
      from: `Ada <${visitor}>`,
      text: 'Yes please, call me on Monday.\n\n> quoted',
      messageId: answerId,
    });
    await append(answer);
    let detail = await leadWhen(docId, 'the first answer on the lead', (d) => d.mails.some((m) => m.kind === 'answer'));
    expect(kinds(detail.mails)).toEqual(['autoReply', 'answer']);
    expect(detail.status).toBe('answered');
    const first = detail.mails[1]!;
    expect(first).toMatchObject({ kind: 'answer', fromAddress: visitor, fromName: 'Ada', subject: `Re: ${autoReply.subject}` });
    expect(first.kind === 'answer' && first.text).toContain('Yes please, call me on Monday.');

    // The owner replies from the inbox: threaded after the visitor's answer.
    const reply = await owner.change('POST', pathOf('reply', { docId }), { json: { subject: `Re: ${autoReply.subject}`, text: 'Monday at ten, then.' } });
    expect(reply.status).toBe(200);
    await waitFor('the reply', () => to(visitor).length === 2, { on: [smtp.changes] });
    const replyMail = to(visitor)[1]!.email;
    expect(replyMail.inReplyTo).toBe(answerId);
    expect(replyMail.references?.split(/\s+/)).toEqual([autoReply.messageId, replyMail.inReplyTo]);

    // The agency writes to the visitor from a mail program, on the conversation (a moment later: a Date has whole seconds): found in the Sent folder, kept as the agency's.
    await append(
      mail({
        from: `Owner <${NOTIFY_TO}>`,
        to: visitor,
        subject: `Re: ${autoReply.subject}`,
        inReplyTo: replyMail.messageId,
        references: [autoReply.messageId!, replyMail.messageId!],
        text: 'And bring the plans.',
        date: new Date(Date.now() + 1000),
      }),
      'Sent',
    );
    // The Sent folder is read at the next poll (IDLE watches the inbox): the poll's time comes.
    time.pass();
    detail = await leadWhen(docId, 'the mail program\u2019s reply', (d) => d.mails.some((m) => m.kind === 'mailProgram'));
    expect(kinds(detail.mails)).toEqual(['autoReply', 'answer', 'reply', 'mailProgram']);
    expect(new Set(detail.mails.map((m) => m.subject.replace(/^Re: /, '')))).toEqual(new Set([autoReply.subject]));
    expect(detail.status).toBe('replied');

    // The visitor answers the owner's reply: Answered again, in order.
    await append(
      mail({
        from: visitor,
        to: dovecot.user,
        subject: `Re: ${autoReply.subject}`,
        inReplyTo: replyMail.messageId,
        references: [autoReply.messageId!, replyMail.messageId!],
        text: 'See you Monday.',
        date: new Date(Date.now() + 2000),
      }),
    );
    detail = await leadWhen(docId, 'the second answer', (d) => d.mails.filter((m) => m.kind === 'answer').length === 2);
    expect(kinds(detail.mails)).toEqual(['autoReply', 'answer', 'reply', 'mailProgram', 'answer']);
    expect(detail.status).toBe('answered');
    // The default view (what needs the agency) has it; the inbox says when the mailbox was read.
    const open = (await (await owner.send('GET', `${pathOf('leads')}?status=open&spam=false`)).json()) as LeadList;
    expect(open.leads.map((l) => l.docId)).toContain(docId);
    expect((await (await owner.send('GET', pathOf('mailbox'))).json()) as MailboxStatus).toEqual({ readAt: expect.any(Number), alarm: null, back: null });

    // Nothing was changed in the mailbox: every mail still there, none marked seen or moved.
    const client = await dovecot.client();
    try {
      await client.mailboxOpen('INBOX', { readOnly: true });
      const all = await client.fetchAll('1:*', { uid: true, flags: true, envelope: true });
      expect(all.map((m) => m.envelope?.subject)).toEqual([
        autoReply.subject,
        `Re: ${autoReply.subject}`,
        `Re: ${autoReply.subject}`,
        `Re: ${autoReply.subject}`,
      ]);
      expect(all.every((m) => !m.flags?.has('\\Seen'))).toBe(true);
    } finally {
      await client.logout();
    }
    // Only the lead's mails were kept.
    expect(site.app.store.db.prepare('SELECT count(*) FROM lead_messages').pluck().get()).toBe(3);
  });

  it('the mailbox offline for a minute, then back: tried again later and later, no mail lost, none twice; an attachment kept as a CV is', async () => {
    const visitor = `grace.${randomUUID().slice(0, 8)}@example.net`;
    const { docId } = await submit(site, 'contact', { ...validData.contact, Fullname: 'Grace Hopper', Email: visitor });
    await waitFor('the auto-reply', () => to(visitor).length === 1, { on: [smtp.changes] });
    const autoReply = to(visitor)[0]!.email;
    const answer = (text: string, extra = '') =>
      answerTo(autoReply, {
        from: visitor,
        text,
        extra,
      });

    await append(answer('Before the outage.'));
    await leadWhen(docId, 'the answer before the outage', (d) => d.mails.some((m) => m.kind === 'answer'));

    // The mailbox goes away: each try fails, and the next waits longer, up to the limit.
    await dovecot.stop();
    const failedBefore = reader().failuresInARow;
    await waitFor('a failed reading', () => reader().failuresInARow > failedBefore, { on: [reader().changes] }).catch(async () => {
      await reader()
        .readNow()
        .catch(() => undefined);
    });
    const asked = time.asked.length;
    let waited = 0;
    while (waited < 60_000) {
      const failures = reader().failuresInARow;
      time.pass();
      await waitFor('another failed try', () => reader().failuresInARow > failures, { on: [reader().changes] });
      waited += backoffMs(reader().failuresInARow - 1);
    }
    const waits = time.asked.slice(asked);
    expect(waits.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]!);
    expect(waits.at(-1)).toBeGreaterThan(waits[0]!);
    // A minute's outage is recorded, but no alarm yet (that waits for mailbox.alarm.afterMinutes).
    expect(site.app.store.db.prepare('SELECT failing_since FROM mailbox_status').pluck().get()).toEqual(expect.any(Number));
    expect((await (await owner.send('GET', pathOf('mailbox'))).json()) as MailboxStatus).toMatchObject({ alarm: null });

    // Meanwhile the mail server delivers two answers into the mailbox: one with a CV, one with a file that is not one.
    const pdf = Buffer.from('%PDF-1.4\n% a CV\n').toString('base64');
    const boundary = 'b1';
    const withFiles = [`Content-Type: multipart/mixed; boundary="${boundary}"`].join('\r\n');
    const body = [
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'During the outage, with my CV.',
      `--${boundary}`,
      'Content-Type: application/pdf; name="cv.pdf"',
      'Content-Disposition: attachment; filename="cv.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      pdf,
      `--${boundary}`,
      'Content-Type: application/pdf; name="not-a-pdf.pdf"',
      'Content-Disposition: attachment; filename="not-a-pdf.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('MZ an executable').toString('base64'),
      `--${boundary}--`,
    ].join('\r\n');
    dovecot.deliver(answer(body, withFiles));
    dovecot.deliver(
      mail({
        from: visitor,
        to: dovecot.user,
        subject: 'Re: html',
        inReplyTo: autoReply.messageId,
        text: '<p>Only <b>HTML</b><script>alert(1)</script></p>',
        extra: 'Content-Type: text/html; charset=utf-8',
      }),
    );

    // Back: the next try reads both, once.
    await dovecot.start();
    time.pass();
    const detail = await leadWhen(docId, 'the answers of the outage', (d) => d.mails.filter((m) => m.kind === 'answer').length === 3);
    const answers = detail.mails.filter((m): m is ReceivedMail => m.kind === 'answer');
    expect(answers[0]!.text).toBe('Before the outage.');
    // The two delivered meanwhile (in either order: one Date second).
    const withCv = answers.find((m) => m.text.startsWith('During the outage, with my CV.'))!;
    const html = answers.find((m) => m.text.startsWith('Only HTML'))!;
    // HTML is never kept as markup.
    expect(html.text).not.toMatch(/<|script|alert/);
    expect(withCv.attachments).toEqual([
      { name: 'cv.pdf', size: expect.any(Number), kept: true },
      { name: 'not-a-pdf.pdf', size: expect.any(Number), kept: false },
    ]);
    const download = await owner.send('GET', pathOf('attachment', { messageId: withCv.id, n: '0' }));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).toString('base64')).toBe(pdf);
    expect((await owner.send('GET', pathOf('attachment', { messageId: withCv.id, n: '1' }))).status).toBe(404);
    expect((await (await owner.send('GET', pathOf('mailbox'))).json()) as MailboxStatus).toMatchObject({ alarm: null, back: null, readAt: expect.any(Number) });
    expect(site.app.store.db.prepare('SELECT failing_since FROM mailbox_status').pluck().get()).toBeNull();

    // Read again from the first mail (as after the server renumbered its mails): nothing is kept twice.
    const kept = site.app.store.db.prepare('SELECT count(*) FROM lead_messages').pluck().get() as number;
    site.app.store.db.prepare('DELETE FROM mailbox_folders').run();
    await reader().readNow();
    expect(site.app.store.db.prepare('SELECT count(*) FROM lead_messages').pluck().get()).toBe(kept);
    expect((await lead(docId)).mails.filter((m) => m.kind === 'answer')).toHaveLength(3);
  });

  it('two forms from one person (another case, a +tag): one card with both, the auto-reply and the reply; the people view has one row', async () => {
    const local = `lin.${randomUUID().slice(0, 8)}`;
    const first = await submit(site, 'contact', { ...validData.contact, Email: `${local}@example.net` });
    await waitFor('the auto-reply', () => to(`${local}@example.net`).length === 1, { on: [smtp.changes] });
    const second = await submit(site, 'inquiry', { ...validData.inquiry, Email: `${local.toUpperCase()}+web@Example.net` });
    const autoReply = to(`${local}@example.net`)[0]!.email;

    // The second submission's card: both submissions, and the auto-reply the person got for the first.
    let card = await lead(second.docId);
    expect(card.person.submissions.map((s) => s.docId)).toEqual([second.docId, first.docId]);
    expect(card.mails.map((m) => [m.kind, m.subject])).toEqual([['autoReply', autoReply.subject]]);

    // A reply from the second submission is threaded after the auto-reply of the first.
    const sent = await owner.change('POST', pathOf('reply', { docId: second.docId }), { json: { subject: `Re: ${autoReply.subject}`, text: 'Hello again.' } });
    expect(sent.status).toBe(200);
    const address = `${local.toUpperCase()}+web@Example.net`;
    await waitFor('the reply', () => to(address).length === 1, { on: [smtp.changes] });
    expect(to(address)[0]!.email.inReplyTo).toBe(autoReply.messageId);
    card = await lead(first.docId);
    expect(card.mails.map((m) => m.kind)).toEqual(['autoReply', 'reply']);
    expect(card.person.submissions.map((s) => s.status)).toEqual(['replied', 'new']);

    // The list as people: one row for the two, saying so.
    const people = (await (await owner.send('GET', `${pathOf('leads')}?view=people&q=${encodeURIComponent(local)}`)).json()) as LeadList;
    expect(people.total).toBe(1);
    expect(people.leads).toEqual([expect.objectContaining({ docId: second.docId, submissions: 2 })]);
    const submissions = (await (await owner.send('GET', `${pathOf('leads')}?q=${encodeURIComponent(local)}`)).json()) as LeadList;
    expect(submissions.total).toBe(2);
  });

  it('a mail over mailbox.maxMailBytes is kept by its headers only; an attachment over attachments.maxBytes is named, not kept', async () => {
    const visitor = `big.${randomUUID().slice(0, 8)}@example.net`;
    const { docId } = await submit(site, 'contact', { ...validData.contact, Email: visitor });
    await waitFor('the auto-reply', () => to(visitor).length === 1, { on: [smtp.changes] });
    const autoReply = to(visitor)[0]!.email;
    const { maxMailBytes, attachments } = server.mailbox;
    const answer = (text: string, extra?: string) =>
      answerTo(autoReply, {
        from: visitor,
        text,
        ...(extra ? { extra } : {}),
      });
    // A PDF (by its first bytes) one byte over the limit, base64 in lines of 76.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(attachments.maxBytes - 8, 0x20)]);
    const boundary = 'big1';
    dovecot.deliver(
      answer(
        [
          `--${boundary}`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          'With a large CV.',
          `--${boundary}`,
          'Content-Type: application/pdf; name="large.pdf"',
          'Content-Disposition: attachment; filename="large.pdf"',
          'Content-Transfer-Encoding: base64',
          '',
          pdf.toString('base64').replace(/.{76}/g, '$&\r\n'),
          `--${boundary}--`,
        ].join('\r\n'),
        `Content-Type: multipart/mixed; boundary="${boundary}"`,
      ),
    );
    dovecot.deliver(answer(`Too large to keep.\r\n${'x'.repeat(998)}\r\n`.repeat(Math.ceil(maxMailBytes / 1000) + 1)));
    const detail = await leadWhen(docId, 'both answers', (d) => d.mails.filter((m) => m.kind === 'answer').length === 2);
    const answers = detail.mails.filter((m): m is ReceivedMail => m.kind === 'answer');
    const withPdf = answers.find((m) => m.text.startsWith('With a large CV.'))!;
    expect(pdf.length).toBeGreaterThan(attachments.maxBytes);
    expect(withPdf.attachments).toEqual([{ name: 'large.pdf', size: pdf.length, kept: false }]);
    const tooLarge = answers.find((m) => m !== withPdf)!;
    expect(tooLarge).toMatchObject({ tooLarge: true, text: '', attachments: [] });
  });

  it('mails that cannot be read (MIME nested 300 deep, headers over the bound) are kept by their headers with a note, 20,000 nested <div> and broken encodings are read within bounds, and the answer after them reaches its lead; a restart reads none again', async () => {
    const visitor = `poison.${randomUUID().slice(0, 8)}@example.net`;
    const { docId } = await submit(site, 'contact', { ...validData.contact, Email: visitor });
    await waitFor('the auto-reply', () => to(visitor).length === 1, { on: [smtp.changes] });
    const autoReply = to(visitor)[0]!.email;
    const { maxHeaderBytes } = server.mailbox.reading;
    const threaded = (subject: string, text: string, extra?: string) =>
      answerTo(autoReply, {
        from: `Mallory <${visitor}>`,
        subject: `Re: ${autoReply.subject} (${subject})`,
        text,
        ...(extra ? { extra } : {}),
      });
    // MIME parts nested 300 deep (20 kB): over postal-mime's own 256, and over mailbox.reading.maxMimeDepth.
    const depth = 300;
    const nested = Array.from({ length: depth }, (_, i) => `Content-Type: multipart/mixed; boundary="n${i}"\r\n\r\n--n${i}`).join('\r\n');
    const closing = Array.from({ length: depth }, (_, i) => `--n${depth - 1 - i}--`).join('\r\n');
    const poison = {
      nested: threaded(
        'nested',
        `${nested.slice(nested.indexOf('--n0'))}\r\nContent-Type: text/plain\r\n\r\nDeep inside.\r\n${closing}`,
        nested.slice(0, nested.indexOf('\r\n\r\n')),
      ),
      // A header block over the bound (a long header after the thread's): what ties it to its lead is read, the mail is not.
      headers: threaded(
        'headers',
        'After long headers.',
        `Content-Type: text/plain; charset=utf-8\r\nX-Padding: ${'x'.repeat(900)}\r\n`.repeat(Math.ceil(maxHeaderBytes / 900) + 1).trimEnd(),
      ),
      divs: threaded('divs', `${'<div>'.repeat(20_000)}Deepest words.${'</div>'.repeat(20_000)}`, 'Content-Type: text/html; charset=utf-8'),
      base64: threaded('base64', '!!!! this is not base64 @@@ ====xx', 'Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64'),
      charset: threaded('charset', 'Qapla\u2019 in no known charset.', 'Content-Type: text/plain; charset=x-klingon-42'),
    };
    for (const raw of Object.values(poison)) dovecot.deliver(raw);
    const answerId = `<${randomUUID()}@mail.example.net>`;
    dovecot.deliver(
      answerTo(autoReply, {
        from: visitor,
        text: 'The real answer, after them.',
        messageId: answerId,
      }),
    );

    // One reading reads them all (before the mailbox was made safe it failed here, on the first, and on every try after).
    await reader().readNow();
    const answers = (await lead(docId)).mails.filter((m): m is ReceivedMail => m.kind === 'answer');
    const about = (name: string) => answers.find((m) => m.subject.endsWith(`(${name})`));
    expect(answers.find((m) => m.text === 'The real answer, after them.')).toBeDefined();
    // Kept by their headers: who sent it, its subject, and a note (no text, no attachments).
    for (const name of ['nested', 'headers'])
      expect(about(name)).toMatchObject({ fromAddress: visitor, fromName: 'Mallory', unreadable: true, tooLarge: false, text: '', attachments: [] });
    // Read within bounds: the HTML made text without what is nested past the bound; broken encodings as text.
    for (const name of ['divs', 'base64', 'charset']) expect(about(name)).toMatchObject({ unreadable: false });
    expect(about('divs')!.text).not.toMatch(/<|Deepest words/);
    expect(about('charset')!.text).toContain('Qapla');
    expect(answers).toHaveLength(6);

    // The reading moved past them for good: a restart (a new reader on the same database) reads nothing again.
    const client = await dovecot.client();
    let lastUid: number;
    try {
      await client.mailboxOpen('INBOX', { readOnly: true });
      lastUid = Math.max(...(await client.fetchAll('1:*', { uid: true })).map((m) => m.uid));
    } finally {
      await client.logout();
    }
    expect(site.app.store.db.prepare("SELECT last_uid FROM mailbox_folders WHERE folder = 'INBOX'").pluck().get()).toBe(lastUid);
    const kept = site.app.store.db.prepare('SELECT count(*) FROM lead_messages').pluck().get();
    const restarted = new MailboxReader(site.app.store, {
      notifications: site.app.notifications,
      served: site.app.served,
      settings: readMailboxSettings({ IMAP_URL: dovecot.url }).settings!,
      dataDir: site.dataDir,
      agency: [],
      idle: false,
      wait: (_ms, woken) => woken,
      timeoutMs: 5_000,
    });
    try {
      expect(await restarted.readNow()).toBe(0);
    } finally {
      await restarted.stop();
    }
    expect(site.app.store.db.prepare('SELECT count(*) FROM lead_messages').pluck().get()).toBe(kept);
    expect((await (await owner.send('GET', pathOf('mailbox'))).json()) as MailboxStatus).toMatchObject({ alarm: null });
  });

  it('a mail from the agency\u2019s address is the agency\u2019s only when the receiving server proves it: forged ones are the visitor\u2019s, marked suspicious, and the lead stays open', async () => {
    const visitor = `eve.${randomUUID().slice(0, 8)}@example.net`;
    const { docId } = await submit(site, 'contact', { ...validData.contact, Email: visitor });
    await waitFor('the auto-reply', () => to(visitor).length === 1, { on: [smtp.changes] });
    const autoReply = to(visitor)[0]!.email;
    const fromAgency = (from: string, text: string, top: string[], seconds = 1) =>
      answerTo(autoReply, {
        from,
        to: visitor,
        text,
        top,
        date: new Date(Date.now() + seconds * 1000),
      });
    // Forged: an agency address with a +tag and nothing proving it; the agency's address with passing results of a server
    // not trusted; and with the trusted server's results written by the sender itself (below the receiving server's Received line).
    const forged = [
      fromAgency(`Agency <${NOTIFY_TO.replace('@', '+x@')}>`, 'Forged, plain.', received('none')),
      fromAgency(`Agency <${NOTIFY_TO}>`, 'Forged, another server\u2019s results.', received('dmarc=pass header.from=agency.test', 'mx.elsewhere.example')),
      fromAgency(`Agency <${NOTIFY_TO}>`, 'Forged, results of its own.', [
        ...received('none'),
        `Authentication-Results: ${RECEIVER}; dmarc=pass header.from=agency.test`,
      ]),
    ];
    for (const raw of forged) dovecot.deliver(raw);
    await reader().readNow();
    let detail = await lead(docId);
    expect(kinds(detail.mails)).toEqual(['autoReply', 'answer', 'answer', 'answer']);
    expect(detail.mails.slice(1).map((m) => m.kind === 'answer' && m.suspicious)).toEqual([true, true, true]);
    expect(detail.status).toBe('answered');
    const open = (await (await owner.send('GET', `${pathOf('leads')}?status=open&spam=false`)).json()) as LeadList;
    expect(open.leads.map((l) => l.docId)).toContain(docId);

    // Proved by the receiving server (DMARC for the agency's domain): the agency's, and the lead is Replied.
    dovecot.deliver(fromAgency(`Owner <${NOTIFY_TO}>`, 'Really ours.', received(), 2));
    await reader().readNow();
    detail = await lead(docId);
    expect(kinds(detail.mails)).toEqual(['autoReply', 'answer', 'answer', 'answer', 'mailProgram']);
    expect(detail.mails.at(-1)).toMatchObject({ kind: 'mailProgram', text: 'Really ours.', suspicious: false });
    expect(detail.status).toBe('replied');
  });

  it('automatic mails on an unopened New lead (each header that marks one, a bounce, a delivery report and a complaint found by the mail they return) are kept as automatic and change nothing: status, unread mark, waiting time, counts, notifications', async () => {
    const visitor = `otto.${randomUUID().slice(0, 8)}@example.net`;
    const { docId } = await submit(site, 'contact', { ...validData.contact, Fullname: 'Otto Away', Email: visitor });
    await waitFor('the auto-reply and the notification', () => to(visitor).length === 1 && smtp.mails.some((m) => m.email.text?.includes(docId)), {
      on: [smtp.changes],
    });
    const autoReply = to(visitor)[0]!.email;
    const db = site.app.store.db;
    const state = () => db.prepare('SELECT status, unread, waiting_since AS waitingSince, active_at AS activeAt FROM leads WHERE doc_id = ?').get(docId);
    const counts = async () => {
      const { unread, unreadInView, total } = (await (await owner.send('GET', `${pathOf('leads')}?status=open&spam=false`)).json()) as LeadList;
      return { unread, unreadInView, total, deliveries: db.prepare('SELECT count(*) FROM deliveries').pluck().get(), mails: smtp.mails.length };
    };
    const events = () => db.prepare('SELECT kind, data FROM lead_events WHERE doc_id = ? ORDER BY id').all(docId) as { kind: string; data: string }[];
    const before = { state: state(), counts: await counts(), events: events() };
    expect(before.state).toMatchObject({ status: 'new' });

    const threaded = (subject: string, lines: string[], from = `Otto <${visitor}>`) =>
      answerTo(autoReply, {
        from,
        subject: `Re: ${autoReply.subject} (${subject})`,
        text: 'I am away until Monday.',
        extra: [...lines, 'Content-Type: text/plain; charset=utf-8'].join('\r\n'),
      });
    const headers: [string, string[], string][] = [
      ['auto-replied', ['Auto-Submitted: auto-replied'], 'outOfOffice'],
      ['auto-generated', ['Auto-Submitted: auto-generated'], 'other'],
      ['x-autoreply', ['X-Autoreply: yes'], 'outOfOffice'],
      ['x-autorespond', ['X-Autorespond: yes'], 'outOfOffice'],
      ['precedence auto_reply', ['Precedence: auto_reply'], 'outOfOffice'],
      ['precedence bulk', ['Precedence: bulk'], 'list'],
      ['precedence list', ['Precedence: list'], 'list'],
      ['precedence junk', ['Precedence: junk'], 'other'],
      ['list-id', ['List-Id: Otto\u2019s list <otto.lists.example.net>'], 'list'],
      ['list-unsubscribe', ['List-Unsubscribe: <mailto:leave@lists.example.net>'], 'list'],
      ['null return path', ['Return-Path: <>'], 'other'],
    ];
    for (const [name, lines] of headers) dovecot.deliver(threaded(name, lines));
    // A bounce not in the report format, threaded; and, as mail servers send them, a delivery report and a complaint that
    // name their lead only inside, in the headers of the mail they return (the auto-reply).
    dovecot.deliver(threaded('bounce', [], 'Mail Delivery System <MAILER-DAEMON@mx.example.net>'));
    const report = (subject: string, type: string, parts: string[]) =>
      [
        'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
        `To: ${dovecot.user}`,
        `Subject: ${subject}`,
        `Date: ${new Date().toUTCString()}`,
        `Message-ID: <${randomUUID()}@mx.example.net>`,
        'MIME-Version: 1.0',
        `Content-Type: multipart/report; report-type=${type}; boundary="R"`,
        '',
        '--R',
        'Content-Type: text/plain',
        '',
        `${subject}.`,
        ...parts.flatMap((part) => ['--R', part]),
        '--R--',
        '',
      ].join('\r\n');
    const returned = [`From: ${autoReply.from?.address}`, `To: ${visitor}`, `Subject: ${autoReply.subject}`, `Message-ID: ${autoReply.messageId}`, ''];
    dovecot.deliver(
      report('Undelivered Mail Returned to Sender', 'delivery-status', [
        [
          'Content-Type: message/delivery-status',
          '',
          'Reporting-MTA: dns; mx.example.net',
          '',
          `Final-Recipient: rfc822; ${visitor}`,
          'Action: failed',
          'Status: 5.2.2',
          '',
        ].join('\r\n'),
        ['Content-Type: text/rfc822-headers', '', ...returned].join('\r\n'),
      ]),
    );
    dovecot.deliver(
      report('Complaint', 'feedback-report', [
        ['Content-Type: message/feedback-report', '', 'Feedback-Type: abuse', 'Version: 1', `Original-Rcpt-To: <${visitor}>`, ''].join('\r\n'),
        ['Content-Type: message/rfc822', '', ...returned, 'Hello'].join('\r\n'),
      ]),
    );
    const expected = headers.length + 3;
    const kept = () => db.prepare('SELECT count(*) FROM lead_messages WHERE doc_id = ?').pluck().get(docId) as number;
    await reader().readNow();
    await waitFor('every automatic mail on the lead', () => kept() === expected, { on: [reader().changes] });

    // Nothing changed: the lead is New, unread, waiting since it arrived; the counts, the deliveries and the mails sent are the same.
    expect(state()).toEqual(before.state);
    expect(await counts()).toEqual(before.counts);
    // Only an 'automatic' event for each.
    const added = events().slice(before.events.length);
    expect(added.map((e) => e.kind)).toEqual(Array(expected).fill('automatic'));

    // The conversation shows them, each as automatic of its kind.
    const detail = await lead(docId);
    const automatic = detail.mails.filter((m): m is ReceivedMail => 'automatic' in m && m.automatic !== null);
    expect(automatic).toHaveLength(expected);
    const kindOf = (subject: string) => automatic.find((m) => m.subject.endsWith(`(${subject})`) || m.subject === subject)?.automatic;
    for (const [name, , kind] of headers) expect([name, kindOf(name)]).toEqual([name, kind]);
    expect(kindOf('bounce')).toBe('deliveryReport');
    expect(kindOf('Undelivered Mail Returned to Sender')).toBe('deliveryReport');
    expect(kindOf('Complaint')).toBe('feedbackReport');
    // The one that changed something says so: the delivery report of a permanent failure marked the auto-reply not delivered.
    expect(automatic.filter((m) => m.returned > 0).map((m) => [m.subject, m.returned])).toEqual([['Undelivered Mail Returned to Sender', 1]]);
    expect(automatic.find((m) => m.subject.endsWith('(auto-replied)'))!.text).toBe('I am away until Monday.');

    // A person's answer after them is one: the lead is Answered.
    dovecot.deliver(
      answerTo(autoReply, {
        from: visitor,
        text: 'Back now: yes, please.',
      }),
    );
    const answered = await leadWhen(docId, 'the person\u2019s answer', (d) => d.mails.some((m) => m.kind === 'answer' && !m.automatic));
    expect(answered.status).toBe('answered');
  });

  it('a mail not read within its deadline (in the parse thread) is kept by its headers with a note; the next is read whole by a new thread', async () => {
    const visitor = `slow.${randomUUID().slice(0, 8)}@example.net`;
    const { docId } = await submit(site, 'contact', { ...validData.contact, Email: visitor });
    await waitFor('the auto-reply', () => to(visitor).length === 1, { on: [smtp.changes] });
    const autoReply = to(visitor)[0]!.email;
    const answer = (text: string) => answerTo(autoReply, { from: visitor, text });
    // A folder only this test's reader reads (as its Sent folder): the server's own reader does not take the mails first.
    const client = await dovecot.client();
    try {
      await client.mailboxCreate('Slow');
      await client.append('Slow', answer('Over the deadline.'));
      await client.append('Slow', answer('Within it.'));
    } finally {
      await client.logout();
    }
    // The first mail's time is up at once (the moment the thread is asked); the second's never.
    let mails = 0;
    const deadline = () => (++mails === 1 ? Promise.resolve() : new Promise<void>(() => undefined));
    const slow = new MailboxReader(site.app.store, {
      notifications: site.app.notifications,
      served: site.app.served,
      settings: readMailboxSettings({ IMAP_URL: dovecot.url, IMAP_SENT: 'Slow' }).settings!,
      dataDir: site.dataDir,
      agency: [],
      idle: false,
      wait: (_ms, woken) => woken,
      timeoutMs: 5_000,
      parseDeadline: deadline,
      log: { warn: () => undefined },
    });
    try {
      await slow.readNow();
    } finally {
      await slow.stop();
    }
    const answers = (await lead(docId)).mails.filter((m): m is ReceivedMail => m.kind === 'answer');
    expect(answers).toEqual([
      expect.objectContaining({ unreadable: true, text: '', fromAddress: visitor }),
      expect.objectContaining({ unreadable: false, text: 'Within it.' }),
    ]);
  });

  it('with IMAP_MOVE_TO, a mail kept on a lead is moved to that folder (made when missing); a mail about no lead stays where it is', async () => {
    const visitor = `moe.${randomUUID().slice(0, 8)}@example.net`;
    const { docId } = await submit(site, 'contact', { ...validData.contact, Email: visitor });
    await waitFor('the auto-reply', () => to(visitor).length === 1, { on: [smtp.changes] });
    const autoReply = to(visitor)[0]!.email;
    // Another reader of the same mailbox and database, which moves (the server's own is not woken meanwhile: IDLE off, its poll held).
    const { settings } = readMailboxSettings({ IMAP_URL: dovecot.url, IMAP_MOVE_TO: 'Leads' });
    const mover = new MailboxReader(site.app.store, {
      notifications: site.app.notifications,
      served: site.app.served,
      settings: settings!,
      dataDir: site.dataDir,
      agency: [dovecot.user, NOTIFY_TO],
      idle: false,
      wait: (_ms, woken) => woken,
      timeoutMs: 5_000,
    });
    await reader().stop();
    try {
      const answerId = `<${randomUUID()}@mail.example.net>`;
      dovecot.deliver(
        answerTo(autoReply, {
          from: visitor,
          text: 'Moved, please.',
          messageId: answerId,
        }),
      );
      const unrelatedId = `<${randomUUID()}@elsewhere.example.net>`;
      dovecot.deliver(mail({ from: 'someone@elsewhere.example.net', to: dovecot.user, subject: 'Unrelated', text: 'Stay.', messageId: unrelatedId }));
      expect(await mover.readNow()).toBe(1);
      expect((await lead(docId)).mails.map((m) => m.kind)).toEqual(['autoReply', 'answer']);
      const client = await dovecot.client();
      try {
        const ids = async (folder: string) => {
          await client.mailboxOpen(folder, { readOnly: true });
          return (await client.fetchAll('1:*', { envelope: true })).map((m) => m.envelope?.messageId);
        };
        expect(await ids('Leads')).toEqual([answerId]);
        const inbox = await ids('INBOX');
        expect(inbox).toContain(unrelatedId);
        expect(inbox).not.toContain(answerId);
      } finally {
        await client.logout();
      }
    } finally {
      await mover.stop();
    }
  });

  it('a mailbox refusing the password: the reading fails, to be tried again later; since when and why are recorded (the alarm waits for its time), never the password', async () => {
    const wrong = new URL(dovecot.url);
    wrong.password = 'not-the-password';
    const { settings } = readMailboxSettings({ IMAP_URL: wrong.href });
    const refused = new MailboxReader(site.app.store, {
      notifications: site.app.notifications,
      served: site.app.served,
      settings: settings!,
      dataDir: site.dataDir,
      agency: [],
      idle: false,
      wait: (_ms, woken) => woken,
      timeoutMs: 5_000,
      log: { warn: () => undefined },
    });
    const kept = site.app.store.db.prepare('SELECT count(*) FROM lead_messages').pluck().get();
    try {
      await expect(refused.readNow()).rejects.toBeDefined();
      expect(refused.failuresInARow).toBe(1);
      const status = site.app.store.db.prepare('SELECT failing_since AS failingSince, error, next_try_at AS nextTryAt FROM mailbox_status').get() as {
        failingSince: number;
        error: string;
        nextTryAt: number;
      };
      expect(status.failingSince).toEqual(expect.any(Number));
      expect(status.error).toMatch(/\S/);
      expect(status.error).not.toContain('not-the-password');
      expect(status.nextTryAt - status.failingSince).toBeGreaterThanOrEqual(backoffMs(1) - 1000);
      expect((await (await owner.send('GET', pathOf('mailbox'))).json()) as MailboxStatus).toMatchObject({ alarm: null });
      expect(site.app.store.db.prepare('SELECT count(*) FROM lead_messages').pluck().get()).toBe(kept);
    } finally {
      await refused.stop();
    }
  });
});

run('a mailbox back after an outage is read at once, not at the end of the back-off; knocks never add tries to a server that answers', () => {
  let own: RunningDovecot;
  beforeAll(async () => {
    own = await startDovecot();
  });
  afterAll(async () => {
    await own?.remove();
  });

  /** A reader of `own` whose back-off never ends by itself (only a wake ends it), knocking at the server every few milliseconds. */
  const backedOff = (url: string, probed: (answered: boolean) => void = () => undefined) =>
    new MailboxReader(site.app.store, {
      notifications: site.app.notifications,
      served: site.app.served,
      settings: readMailboxSettings({ IMAP_URL: url }).settings!,
      dataDir: site.dataDir,
      agency: [],
      idle: false,
      wait: (_ms, woken) => woken,
      timeoutMs: 5_000,
      probeMs: 20,
      probed,
      log: { warn: () => undefined },
    });

  it('the mail server is down, then starts again: read again by itself as soon as it answers', async () => {
    await own.stop();
    const reader = backedOff(own.url);
    try {
      reader.start();
      await waitFor('a failed reading', () => reader.failuresInARow > 0, { on: [reader.changes] });
      await own.start();
      // The back-off would wait for ever here: only the knock that gets an answer ends it.
      await waitFor('a reading that works, by itself', () => reader.failuresInARow === 0, { on: [reader.changes] });
    } finally {
      await reader.stop();
    }
  });

  it('a server that answers but refuses the password: the knocks are answered, and the reader is not tried again before its back-off ends', async () => {
    const wrong = new URL(own.url);
    wrong.password = 'not-the-password';
    let knocks = 0;
    const knocked = new Changes();
    const reader = backedOff(wrong.href, (answered) => {
      if (answered) knocks++;
      knocked.notify();
    });
    try {
      reader.start();
      await waitFor('the refused reading', () => reader.failuresInARow === 1, { on: [reader.changes] });
      await waitFor('five answered knocks', () => knocks >= 5, { on: [knocked] });
      expect(reader.failuresInARow).toBe(1);
    } finally {
      await reader.stop();
    }
  });
});

it('the reader tries again after the first wait, then twice as late each time, never more than the limit apart', () => {
  const { firstSeconds, maxSeconds } = server.mailbox.retry;
  expect([1, 2, 3].map(backoffMs)).toEqual([firstSeconds * 1000, firstSeconds * 2000, firstSeconds * 4000]);
  expect(backoffMs(50)).toBe(maxSeconds * 1000);
});
