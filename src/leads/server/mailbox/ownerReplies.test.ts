/**
 * The owner's replies from a mail program, sent on to the client through the site, against real
 * parts: our server over real HTTP on a real SQLite file, a real SMTP server in this process
 * (every mail the site sends, parsed with postal-mime) and a real IMAP server (Dovecot,
 * src/test/dovecot.ts) into which each reply is delivered as the agency's mail server delivers it.
 * Replies are written as Gmail, Outlook and Apple Mail write them (src/test/replySamples.ts), in
 * HTML and in text, each quoting the real notification. Each reading is asked for (readNow: a
 * reading that starts after the delivery); nothing waits a fixed time.
 */
import { randomUUID } from 'node:crypto';
import admin from '../../../../config/admin';
import forms from '../../../../config/forms';
import server from '../../../../config/server';
import type { LeadDetail, LeadList, UnsentReply, VisitorMail } from '../../model/adminApi';
import { pathOf } from '../../../platform/inboxRoutes';
import { api } from '../../../platform/api';
import { proofHeaders } from '../../../test/proof';
import { encodeAttribution } from '../../../site/model/attribution';
import { bareSubject } from '../../model/replyDraft';
import { fill } from '../../../schema/text';
import { buildDocument } from '../../../site/forms/model/document';
import { validData } from '../../../test/formFixtures';
import { addAccount, Client, startServer, type TestServer } from '../../../test/adminServer';
import { hasDovecot, noDovecot, startDovecot, type RunningDovecot } from '../../../test/dovecot';
import { startSmtp, waitFor, type ReceivedMail, type SmtpReceiver } from '../../../test/receivers';
import { replyBodies, replyMime, type Answered, type MailProgram } from '../../../test/replySamples';
import { leadEventsOf } from '../leadEvents';
import { readNotifySettings } from '../notify';
import { describeLead } from '../notify/lead';
import { mailText } from '../notify/mail';
import { splitMail } from './replyText';
import { readMailboxSettings } from './settings';
import { wordsToSend } from './ownerReplies';
import { MailboxReader } from './reader';
import { refusalSentence, type RefusalReason } from './replyTokens';

const run = hasDovecot || process.env.CI ? describe : describe.skip;
if (!hasDovecot && !process.env.CI) console.warn(noDovecot);

const NOTIFY_TO = ['sales@agency.test', 'boss@agency.test'];
const MAIL_FROM = 'site@agency.test';
const CAMPAIGN = 'autumn-offer-2024';

let dovecot: RunningDovecot;
let smtp: SmtpReceiver;
let site: TestServer;
let owner: Client;
/** Added to the reader's clock (a token's end is tested by moving it). */
const clock = { offset: 0 };

beforeAll(async () => {
  if (!hasDovecot && !process.env.CI) return;
  [dovecot, smtp] = await Promise.all([startDovecot(), startSmtp(0)]);
  const { settings } = readNotifySettings({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: `Agency Site <${MAIL_FROM}>`,
    NOTIFY_TO: NOTIFY_TO.join(', '),
    PUBLIC_URL: 'https://leads.agency.test',
  });
  site = await startServer({
    notifications: { settings, log: { warn: () => undefined } },
    // The reader reads when asked (readNow): its own polls wait for ever, IDLE is off.
    mailbox: {
      settings: readMailboxSettings({ IMAP_URL: dovecot.url }).settings!,
      agency: [dovecot.user, MAIL_FROM, ...NOTIFY_TO],
      idle: false,
      wait: (_ms, woken) => woken,
      clock: () => Date.now() + clock.offset,
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

const to = (address: string) => smtp.mails.filter((m) => m.envelope.to.some((a) => a.toLowerCase() === address.toLowerCase()));
const lead = async (docId: string) => (await (await owner.send('GET', pathOf('lead', { docId }))).json()) as LeadDetail;
const search = async (words: string) =>
  ((await (await owner.send('GET', `${pathOf('leads')}?q=${encodeURIComponent(words)}`)).json()) as LeadList).leads.map((l) => l.docId);
const visitorMails = () => site.app.store.db.prepare('SELECT count(*) FROM visitor_mails').pluck().get() as number;
/** Delivers a mail into the agency's mailbox, as its mail server does, and has the site read it (a reading that starts after it). */
async function deliverAndRead(raw: string): Promise<void> {
  dovecot.deliver(raw);
  await site.app.mailboxReader!.readNow();
}

/** A visitor's inquiry from a campaign, its auto-reply and its notification. */
async function newLead(
  name: string,
): Promise<{ docId: string; visitor: string; autoReply: ReceivedMail['email']; notification: Answered & { replyTo: string; html: string; text: string } }> {
  const visitor = `${name.toLowerCase().replace(/\W+/g, '.')}.${randomUUID().slice(0, 8)}@example.net`;
  const document = buildDocument(forms.inquiry, { ...validData.inquiry, Fname: name, Email: visitor });
  const response = await fetch(site.base + api.documents(forms.inquiry.collection), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(await proofHeaders(site.base)),
      [api.sourceHeader]: encodeAttribution({ landingPage: '/offers/autumn', formPage: '/', utmSource: 'newsletter', utmCampaign: CAMPAIGN, device: 'phone' }),
    },
    body: JSON.stringify(document),
  });
  expect(response.status).toBe(201);
  const docId = ((await response.json()) as { id: string }).id;
  const notificationOf = () => smtp.mails.find((m) => m.envelope.to.includes(NOTIFY_TO[0]!) && m.email.text?.includes(docId))?.email;
  await waitFor('the auto-reply and the notification', () => to(visitor).length === 1 && notificationOf() !== undefined, { on: [smtp.changes] });
  const mail = notificationOf()!;
  return {
    docId,
    visitor,
    autoReply: to(visitor)[0]!.email,
    notification: {
      from: `${mail.from!.name} <${mail.from!.address}>`,
      date: new Date(),
      subject: mail.subject!,
      messageId: mail.messageId!,
      text: mail.text!,
      html: mail.html!,
      replyTo: mail.replyTo![0]!.address!,
    },
  };
}

/** A reply of the owner's to the notification, as `program` writes it (HTML and text, or text alone). */
const ownerReply = (
  program: MailProgram,
  answered: Answered & { replyTo: string },
  words: string,
  { html = true, from = NOTIFY_TO[0]!, replyTo = answered.replyTo, messageId = `<${randomUUID()}@mail.agency.test>` } = {},
) => replyMime(program, answered, words, { from: `Owner <${from}>`, to: `"Ada" <${replyTo}>`, messageId, html });

run('the owner\u2019s replies from a mail program', () => {
  it('Gmail, Outlook and Apple Mail replies, in HTML and in text, to the notification\u2019s reply address: the client gets only the owner\u2019s words, once each, threaded, from the site; the lead is Replied; the search finds words of mails both ways', async () => {
    const { docId, visitor, autoReply, notification } = await newLead('Ada Lovelace');
    // The notification shows what only the agency needs (where she came from, the inbox's link), under its heading.
    expect(notification.text).toContain(CAMPAIGN);
    expect(notification.text).toContain(server.notifications.mail.agencyOnly);
    expect(notification.text).toContain(`/admin/leads/${docId}`);

    // She answers the auto-reply from her mail program, quoting it.
    const answerId = `<${randomUUID()}@mail.example.net>`;
    await deliverAndRead(
      [
        `From: Ada <${visitor}>`,
        `To: ${dovecot.user}`,
        `Subject: Re: ${autoReply.subject}`,
        `Date: ${new Date().toUTCString()}`,
        `Message-ID: ${answerId}`,
        `In-Reply-To: ${autoReply.messageId}`,
        `References: ${autoReply.messageId}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Wednesday suits me.',
        '',
        `On ${new Date().toUTCString()} Agency Site <${MAIL_FROM}> wrote:`,
        '> Zanzibarian words of the auto-reply.',
        '',
      ].join('\r\n'),
    );

    const replies: [MailProgram, boolean, string][] = [
      ['gmail', true, 'Thank you, Ada: we can start in March.\n\nBest,\nJane'],
      ['outlook', true, 'Could we talk on Thursday at ten?'],
      ['apple', true, 'Perfect, see you then.'],
      ['gmail', false, 'One more thing: bring the sketches.'],
      ['outlook', false, 'And the budget, please.'],
    ];
    let last = answerId;
    for (const [program, html, words] of replies) {
      const raw = ownerReply(program, notification, words, { html });
      const before = to(visitor).length;
      await deliverAndRead(raw);
      await waitFor(`the ${program} reply sent on`, () => to(visitor).length === before + 1, { on: [smtp.changes] });
      const sent = to(visitor).at(-1)!;
      // Her words alone, from the site, answering to the agency's address, under the conversation's subject, after the last mail.
      expect(sent.email.text?.trim()).toBe(words);
      expect(sent.envelope.from).toBe(notification.replyTo.replace(/\+r-[a-z2-7]+@/, '@'));
      expect(sent.email.from?.address).toBe(MAIL_FROM);
      expect(sent.email.replyTo?.map((r) => r.address)).toEqual([notification.replyTo.replace(/\+r-[a-z2-7]+@/, '@')]);
      expect(sent.email.subject).toBe(fill(admin.replies.threadSubject, { subject: bareSubject(autoReply.subject!) }));
      expect(sent.email.inReplyTo).toBe(last);
      expect(sent.email.references?.split(/\s+/)).toEqual(expect.arrayContaining([autoReply.messageId, answerId]));
      last = sent.email.messageId!;
      // Nothing of the agency's part, of the notification or of its reply address.
      for (const secret of [CAMPAIGN, '/admin', server.notifications.mail.agencyOnly, notification.subject, '+r-', 'newsletter'])
        expect(sent.raw).not.toContain(secret);

      // The same mail again (a second copy, a replay), and its copy in the Sent folder: nothing more is sent.
      const count = visitorMails();
      dovecot.deliver(raw);
      dovecot.deliver(raw, 'Sent');
      await site.app.mailboxReader!.readNow();
      expect(visitorMails()).toBe(count);
    }
    expect(to(visitor)).toHaveLength(1 + replies.length);

    const detail = await lead(docId);
    expect(detail.status).toBe('replied');
    expect(leadEventsOf(site.app.store.db, docId).filter((e) => e.kind === 'replied')).toHaveLength(replies.length);
    // The conversation: both sides with their text, in order; her quote folded; the owner's mails themselves are not kept as mails.
    expect(detail.mails.map((m) => m.kind)).toEqual(['autoReply', 'answer', ...replies.map(() => 'reply')]);
    const answer = detail.mails[1]!;
    expect(answer.kind === 'answer' && [answer.text, answer.quoted.includes('Zanzibarian')]).toEqual(['Wednesday suits me.', true]);
    expect(detail.mails.slice(2).map((m) => [(m as VisitorMail).via, (m as VisitorMail).author, (m as VisitorMail).text])).toEqual(
      replies.map(([, , words]) => ['mail', NOTIFY_TO[0], words]),
    );
    expect((detail.mails[0] as VisitorMail).text).toBe(to(visitor)[0]!.email.text?.trim());
    // The search reads the mails' words both ways, never their quotes.
    expect(await search('wednesday')).toEqual([docId]);
    expect(await search('thursday at ten')).toEqual([docId]);
    expect(await search('zanzibarian')).toEqual([]);
  });

  it('sends nothing without a token the site made, from an address the notification did not go to, for an out-of-office, or past the token\u2019s end; a reply whose words cannot be told apart is not sent, kept on the lead, and its writer is told why', async () => {
    const { docId, visitor, notification } = await newLead('Grace Hopper');
    const count = visitorMails();
    const reasons = () => site.app.store.db.prepare('SELECT reason FROM mail_replies WHERE doc_id = ? ORDER BY id').pluck().all(docId) as RefusalReason[];
    const told = (reason: RefusalReason) => smtp.mails.filter((m) => m.envelope.to.includes(NOTIFY_TO[0]!) && m.email.text?.includes(refusalSentence(reason)));

    // A token the site never made (the agency's address with a made-up tag): nothing sent, nothing kept, nobody told.
    await deliverAndRead(
      ownerReply('gmail', notification, 'Send this to the client.', { replyTo: notification.replyTo.replace(/\+r-[a-z2-7]+@/, `+r-${'a'.repeat(26)}@`) }),
    );
    // The right token, from someone else: nothing sent, nobody mailed (the sender may be anyone), kept on the lead.
    await deliverAndRead(ownerReply('gmail', notification, 'Pay to this account.', { from: 'mallory@example.net' }));
    expect(reasons()).toEqual(['notARecipient']);
    expect(to('mallory@example.net')).toEqual([]);

    // The owner's out-of-office answering the notification: never sent on, nobody told.
    await deliverAndRead(
      ownerReply('outlook', notification, 'I am out of the office until Monday.').replace(
        'MIME-Version: 1.0',
        'Auto-Submitted: auto-replied\r\nMIME-Version: 1.0',
      ),
    );
    expect(reasons()).toEqual(['notARecipient']);

    // From the owner, but the words cannot be told apart: none (only the quote), words between the quoted lines, the notification pasted unquoted.
    await deliverAndRead(ownerReply('gmail', notification, ''));
    await deliverAndRead(
      [
        `From: ${NOTIFY_TO[1]}`,
        `To: ${notification.replyTo}`,
        `Subject: Re: ${notification.subject}`,
        `Message-ID: <${randomUUID()}@mail.agency.test>`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        `On ${new Date().toUTCString()} Agency Site <${MAIL_FROM}> wrote:`,
        `> ${notification.text.split('\n')[0]}`,
        '',
        'Hello Grace!',
        '',
        `> ${notification.text.split('\n')[2]}`,
        '',
        'We build those.',
        '',
      ].join('\r\n'),
    );
    await deliverAndRead(
      [
        `From: ${NOTIFY_TO[0]}`,
        `To: ${notification.replyTo}`,
        `Subject: Re: ${notification.subject}`,
        `Message-ID: <${randomUUID()}@mail.agency.test>`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Yes, we can.',
        '',
        notification.text,
        '',
      ].join('\r\n'),
    );
    // Past the token's end.
    clock.offset = (server.notifications.replies.tokenDays + 1) * 86_400_000;
    try {
      await deliverAndRead(ownerReply('outlook', notification, 'Late, but yes.'));
    } finally {
      clock.offset = 0;
    }
    expect(reasons()).toEqual(['notARecipient', 'empty', 'ambiguous', 'ambiguous', 'expired']);
    expect(visitorMails()).toBe(count);
    expect(to(visitor)).toHaveLength(1);

    // Each writer is told why, in a mail threaded on theirs, with the lead's link; never the stranger.
    await waitFor(
      'the mails telling why',
      () =>
        told('empty').length === 1 &&
        told('ambiguous').length === 1 &&
        told('expired').length === 1 &&
        smtp.mails.some((m) => m.envelope.to.includes(NOTIFY_TO[1]!) && m.email.text?.includes(refusalSentence('ambiguous'))),
      { on: [smtp.changes] },
    );
    const notice = told('expired')[0]!.email;
    expect(notice.from?.address).toBe(MAIL_FROM);
    expect(notice.text).toContain(`/admin/leads/${docId}`);
    expect(notice.text).toContain('Late, but yes.');
    // The inbox shows each on the lead, with why and the words as read.
    const unsent = (await lead(docId)).mails.filter((m): m is UnsentReply => m.kind === 'notSent');
    expect(unsent.map((m) => m.reason)).toEqual(
      ['notARecipient', 'empty', 'ambiguous', 'ambiguous', 'expired'].map((r) => refusalSentence(r as RefusalReason)),
    );
    expect(unsent.at(-1)!.text).toBe('Late, but yes.');
    expect((await lead(docId)).status).not.toBe('replied');
  });

  it('where the mailbox\u2019s server is trusted (IMAP_TRUSTED_AUTHSERV), the token is not enough: a reply is sent on only when that server proved its sender', async () => {
    const { docId, visitor, notification } = await newLead('Mary Somerville');
    const receiver = 'mx.agency-mail.test';
    /** The lines the receiving server writes on top of a mail: its results, then its Received line. */
    const received = (results: string) =>
      [
        `Authentication-Results: ${receiver}; ${results}`,
        `Received: from mail.agency.test (mail.agency.test [198.51.100.7]) by ${receiver} with ESMTPS id 5R; ${new Date().toUTCString()}`,
        '',
      ].join('\r\n');
    const trusted = new MailboxReader(site.app.store, {
      notifications: site.app.notifications,
      served: site.app.served,
      settings: readMailboxSettings({ IMAP_URL: dovecot.url, IMAP_TRUSTED_AUTHSERV: receiver }).settings!,
      dataDir: site.dataDir,
      agency: [dovecot.user, MAIL_FROM, ...NOTIFY_TO],
      idle: false,
      wait: (_ms, woken) => woken,
      log: { warn: () => undefined },
      timeoutMs: 5_000,
      replies: { publicUrl: 'https://leads.agency.test' },
    });
    const reasons = () => site.app.store.db.prepare('SELECT reason FROM mail_replies WHERE doc_id = ? ORDER BY id').pluck().all(docId);
    try {
      // From the address the notification went to, with its token, but: no results, a failing one, and a passing one the sender wrote itself (below the Received line).
      dovecot.deliver(ownerReply('gmail', notification, 'Pay to this new account.'));
      dovecot.deliver(received('dkim=fail header.d=agency.test') + ownerReply('gmail', notification, 'Pay to this new account.'));
      dovecot.deliver(
        received('dmarc=none') +
          `Authentication-Results: ${receiver}; dmarc=pass header.from=agency.test\r\n` +
          ownerReply('gmail', notification, 'Pay to this new account.'),
      );
      await trusted.readNow();
      expect(reasons()).toEqual(['notProved', 'notProved', 'notProved']);
      expect(to(visitor)).toHaveLength(1);
      // Proved (DMARC for the From address's domain): sent on.
      dovecot.deliver(received('dmarc=pass header.from=agency.test') + ownerReply('outlook', notification, 'Yes, we can start in March.'));
      await trusted.readNow();
      await waitFor('the proved reply sent on', () => to(visitor).length === 2, { on: [smtp.changes] });
      expect(to(visitor)[1]!.email.text?.trim()).toBe('Yes, we can start in March.');
      // (The one sent on is recorded without a reason.)
      expect(reasons()).toEqual(['notProved', 'notProved', 'notProved', null]);
    } finally {
      await trusted.stop();
    }
  });
});

describe('the words sent on', () => {
  const document = buildDocument(forms.inquiry, { ...validData.inquiry, Fname: 'Ada Lovelace' });
  const lead = describeLead(forms.inquiry, 'AAAAAAAAAAAAAAAAAAAA', document, 'https://leads.agency.test', Date.UTC(2024, 0, 2), {
    source: { source: 'newsletter', utmSource: 'newsletter', utmCampaign: CAMPAIGN, landingPage: '/offers/autumn', device: 'phone' },
    ownsUpload: () => false,
  });
  const agency = lead.agencyLines.map((entry) => `${entry.label}: ${entry.value}`);
  const campaign = agency.find((line) => line.includes(CAMPAIGN))!;
  const send = (text: string, unsure = false) => wordsToSend({ text, quoted: '', ...(unsure ? { unsure: 'interleaved' as const } : {}) }, lead);

  it('takes out every line of the agency’s part, and refuses what still holds a trace of it or of the notification', () => {
    // Its lines, whole, as a mail program left them (quoted or bold): taken out.
    expect(
      send(
        [
          'Yes, March.',
          '',
          server.notifications.mail.agencyOnly,
          ...agency.map((line) => `> *${line}*`),
          `${server.notifications.mail.openLead}: ${lead.link}`,
        ].join('\n'),
      ),
    ).toEqual({ text: 'Yes, March.' });
    // A trace left inside the words: the inbox's address, the heading, a line of it cut differently.
    expect(send(`Yes, see ${lead.link}`)).toEqual({ reason: 'agencyLines' });
    expect(send(`Yes. ${server.notifications.mail.agencyOnly}.`)).toEqual({ reason: 'agencyLines' });
    expect(send(`Yes.\n${campaign.replace(': ', ':\n')} and more`)).toEqual({ reason: 'agencyLines' });
    // Lines of the notification (its first line, a field): its quote was not told apart.
    expect(send(`Yes.\n\n${lead.subject}`)).toEqual({ reason: 'ambiguous' });
    expect(send(`Yes.\n\n${lead.lines[0]!.label}: ${lead.lines[0]!.value}`)).toEqual({ reason: 'ambiguous' });
    expect(send('Yes.', true)).toEqual({ reason: 'ambiguous' });
    expect(send(`\n${agency[0]}\n`)).toEqual({ reason: 'empty' });
    expect(send('x'.repeat(admin.replies.textMaxLength + 1))).toEqual({ reason: 'tooLong' });
    // The visitor's name or project in the owner's own sentence is no line of the notification.
    expect(send(`Dear Ada Lovelace, about ${document.Pname}: yes.`)).toEqual({ text: `Dear Ada Lovelace, about ${document.Pname}: yes.` });
  });

  it('refuses an Outlook reply with answers typed into the quoted notification (no quote marks there), and sends one without', () => {
    const text = mailText(lead, 'reply');
    const answered: Answered = {
      from: 'Agency Site <site@agency.test>',
      date: new Date(),
      subject: lead.subject,
      messageId: '<msg_x@agency.test>',
      text,
      html: `<html><body>${text
        .split('\n')
        .map((line) => `<p>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`)
        .join('')}</body></html>`,
    };
    const { text: plain, html } = replyBodies('outlook', answered, 'See my answers below.');
    const field = lead.lines[0]!.label;
    const answer = 'Yes, we can start in March, gladly.';
    // In HTML and in its text part alike.
    for (const [bodies, inline] of [
      [
        { text: plain, html },
        { text: plain, html: html.replace(`<p>${field}`, `<p>${answer}</p><p>${field}`) },
      ],
      [{ text: plain }, { text: plain.replace(`\n${field}`, `\n${answer}\n${field}`) }],
    ] as const) {
      expect(wordsToSend(splitMail(bodies), lead)).toEqual({ text: 'See my answers below.' });
      expect(wordsToSend(splitMail(inline), lead)).toEqual({ reason: 'ambiguous' });
    }
  });
});
