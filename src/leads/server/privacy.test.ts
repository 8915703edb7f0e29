/**
 * Deleting for real, against our real server over real HTTP: after erasing everything for an
 * e-mail address (or deleting one lead), a marker the visitor typed is found in no byte of the
 * database file, its write-ahead log, a backup taken afterwards (the online backup of
 * `npm run leads -- backup`, through a connection of its own, as that command opens one; the
 * command itself: src/leads/server/leads.test.ts), or the files folder; other people's leads stay.
 * And retention: leads and CVs past their form's period go at start and at each daily check.
 *
 * The erasure tests share one server (each person has an address and marker of its own); each
 * retention test, which counts and ages everything stored, has its own.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Mail from 'nodemailer/lib/mailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import PostalMime, { type Email } from 'postal-mime';
import forms from '../../../config/forms';
import server from '../../../config/server';
import { type ErasureCounts, type ErasureDone, type ErasurePreview, type ErasureRecord, type LeadDetail, type OutsidePlace } from '../model/adminApi';
import { adminRoutes, pathOf } from '../../platform/inboxRoutes';
import { personKey } from '../model/person';
import { type Client, pdfWith, startServer, startSignedIn, submit, uploadCv, type TestServer } from '../../test/adminServer';
import { validData } from '../../test/formFixtures';
import { startSmtp, startWebhookReceiver, waitFor, type SmtpReceiver, type WebhookReceiver } from '../../test/receivers';
import { openStore } from '../../apps/server/siteStore';
import { databaseFile } from '../../platform/server/store/store';
import { uploadNamedBy } from './cvFiles';
import { fileOnDisk, splitStoragePath } from '../../platform/server/files';
import { recordLeadEvent } from './leadEvents';
import { OwnerReplies } from './mailbox/ownerReplies';
import { readMail } from './mailbox/wholeMail';
import { keepMail, leadOfHeaders, messageIdOf } from './mailbox/record';
import { issueReplyAddress } from './mailbox/replyTokens';
import { readNotifySettings } from './notify';
import { autoReplyMarksOf } from './notify/visitorMail';
import { newsletterRoutes, type NewsletterDetail } from '../../newsletter/model/newsletterApi';
import { confirmSubscriber } from '../../newsletter/server/subscribers';
import { enforceRetention } from './privacy';

jest.setTimeout(60_000);

const DAY = 24 * 60 * 60 * 1000;

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/** The files under `dir` whose bytes hold `marker` (as UTF-8). */
const holding = (dir: string, marker: string) => filesUnder(dir).filter((file) => readFileSync(file).includes(Buffer.from(marker, 'utf8')));

let s: TestServer;
let agency: Client;

/** Our server and the agency signed in to it: for all the tests of the block this is called in, or for each. */
function withServer(each: boolean) {
  const [before, after] = each ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    ({ server: s, client: agency } = await startSignedIn());
  });
  after(() => s.close());
}

/** A person who sent two forms (one with a CV), with a note and a notification about them, each holding the marker. */
async function personWithMarker(marker: string, email: string) {
  const cvUrl = await uploadCv(s, pdfWith(`CV ${marker}`));
  const application = await submit(s, 'freelancer', {
    ...validData.freelancer,
    fullName: `Grace ${marker}`,
    Email: email,
    CvFile: cvUrl,
    Messsage: `Hello ${marker}`,
  });
  const signUp = await submit(s, 'newsletter', { Email: email.toUpperCase() });
  await agency.change('PATCH', `/api/admin/leads/${application.docId}`, { json: { note: `Call ${marker} back` } });
  s.app.store.db
    .prepare("INSERT INTO deliveries (id, doc_id, channel, state, attempts, next_at, last_error, created_at) VALUES (?, ?, 'email', 'failed', 1, 0, ?, 0)")
    .run(randomBytes(8).toString('hex'), application.docId, `550 no mailbox for ${marker}`);
  return { cvUrl, application, signUp };
}

/** A mail as a mail program sends it (nodemailer's own composer), parsed as the mailbox reader parses it. */
async function mailOf(options: Mail.Options): Promise<{ email: Email; raw: Buffer }> {
  const raw = await new MailComposer(options).compile().build();
  return { email: await PostalMime.parse(raw), raw };
}

const NOTIFY_TO = 'sales@agency.test';

describe('erasing a person known under four forms of one address', () => {
  let smtp: SmtpReceiver;
  let hooks: WebhookReceiver;
  beforeAll(async () => {
    smtp = await startSmtp();
    hooks = await startWebhookReceiver();
    const { settings } = readNotifySettings({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Agency Site <site@agency.test>',
      NOTIFY_TO,
      WEBHOOK_URL: hooks.url,
    });
    ({ server: s, client: agency } = await startSignedIn({ notifications: { settings, log: { warn: () => undefined } } }));
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
    await hooks?.close();
  });

  it('shows every item, asks for the address again, deletes them all to the last byte, keeps a record without the address and lists what is left outside', async () => {
    const marker = `margaret.holt.${randomBytes(5).toString('hex')}`;
    const MARKER = marker.toUpperCase();
    // One person: lower case, upper case, a +tag, both; in four forms.
    const forms4 = [`${marker}@example.com`, `${MARKER}@EXAMPLE.COM`, `${marker}+quote@example.com`, ` ${MARKER}+Site@Example.com`];
    const cvUrl = await uploadCv(s, pdfWith(`CV of ${marker}`));
    const contact = await submit(
      s,
      'contact',
      { ...validData.contact, Fullname: 'Margaret Holt', Email: forms4[0]!, Messsage: `Call me, ${marker}` },
      { referer: `${s.base}/Contact` },
    );
    const inquiry = await submit(s, 'inquiry', { ...validData.inquiry, Fname: 'Margaret Holt', Email: forms4[1]!, Pname: `A shop for ${MARKER}` });
    const application = await submit(s, 'freelancer', {
      ...validData.freelancer,
      fullName: 'Margaret Holt',
      Email: forms4[2]!,
      CvFile: cvUrl,
      Messsage: `Hire ${marker}`,
    });
    const signUp = await submit(s, 'newsletter', { Email: forms4[3]!.trim() });
    const other = await submit(s, 'inquiry', { ...validData.inquiry, Fname: 'Someone Else', Email: 'someone.else@example.com' });
    await agency.change('PATCH', pathOf('updateLead', { docId: inquiry.docId }), { json: { note: `Margaret (${marker}) wants a quote` } });
    recordLeadEvent(s.app.store.db, { docId: contact.docId, kind: 'read', actor: 'owner@agency.test', at: s.clock.now });

    // The auto-reply (once a day for the person, whatever form of the address), the newsletter's
    // confirmation mail, the notifications and the webhook calls go out; the owner replies.
    await waitFor('the auto-reply', () => smtp.mails.some((m) => m.envelope.to.includes(forms4[0]!)), { on: [smtp.changes] });
    expect(
      (await agency.change('POST', pathOf('reply', { docId: contact.docId }), { json: { subject: 'Your site', text: `Dear ${marker}, yes.` } })).status,
    ).toBe(200);
    const allSent = () => (s.app.store.db.prepare("SELECT count(*) FROM deliveries WHERE state <> 'sent'").pluck().get() as number) === 0;
    await waitFor('every notification, call and mail sent', allSent);
    // Her answer (with an attachment, quoting the auto-reply) and the agency's reply from a mail program, read from the mailbox.
    const autoReply = smtp.mails.find((m) => m.envelope.to.includes(forms4[0]!))!;
    const answers = { inReplyTo: autoReply.email.messageId, references: autoReply.email.messageId };
    // The agency's address (config/site.ts contact.email): the Reply-To of the site's mails.
    const agencyMailbox = s.app.served.agencyAddress()!;
    for (const [from, text, attachment] of [
      [
        forms4[2]!,
        `Wednesday suits me. ${MARKER}\n\nOn Tue, 2 Jan 2024 at 10:00, Agency <site@agency.test> wrote:\n> Your words, ${marker}, are kept as the quote.`,
        pdfWith(`portfolio of ${marker}`),
      ],
      [agencyMailbox, `See you on Wednesday, ${marker}.`, undefined],
    ] as const) {
      const { email, raw } = await mailOf({
        from,
        to: agencyMailbox,
        subject: `Re: ${autoReply.email.subject}`,
        text,
        ...answers,
        ...(attachment ? { attachments: [{ filename: `portfolio-${marker}.pdf`, content: attachment }] } : {}),
      });
      const lead = leadOfHeaders(s.app.store.db, email)!;
      expect(lead.docId).toBe(contact.docId);
      const ours = from === agencyMailbox;
      expect(
        keepMail(s.app.store.db, {
          notifications: s.app.notifications,
          forms: s.app.served.forms,
          ...lead,
          folder: ours ? 'Sent' : 'INBOX',
          sentFolder: ours,
          agency: [agencyMailbox],
          trust: { authservIds: [], relays: [] },
          mail: await readMail(raw, email),
          messageId: messageIdOf(email, raw),
          now: s.clock.now,
          position: { uidValidity: '1', uid: 1 },
          dataDir: s.dataDir,
        }),
      ).toBe(true);
    }
    expect(s.app.store.db.prepare('SELECT quoted FROM lead_messages WHERE doc_id = ? AND direction = ?').pluck().get(contact.docId, 'in')).toContain(marker);
    // Her answer is told to the owner (notify/answers.ts): its mail waits a few minutes for others; it is due now, and goes
    // out with the reply sent on below (which wakes the worker).
    const answerMails = s.app.store.db.prepare('SELECT delivery_id FROM answer_mails').pluck().all() as string[];
    expect(answerMails).toHaveLength(1);
    s.app.store.db.prepare('UPDATE deliveries SET next_at = 0 WHERE id = ?').run(answerMails[0]);
    // The owner's replies from a mail program to a notification's reply address (ownerReplies.ts): one sent on to her, one
    // not (no words above the quote: kept on the lead with its quote); the reply address's token is kept beside the lead.
    const replyAddress = issueReplyAddress(s.app.store.db, s.app.served, {
      docId: inquiry.docId,
      deliveryId: 'msg_BBBBBBBBBBBBBBBBBBBB',
      sentTo: [NOTIFY_TO],
      now: s.clock.now,
    })!;
    const relay = new OwnerReplies(s.app.store, {
      notifications: s.app.notifications,
      served: s.app.served,
      publicUrl: s.base,
      clock: () => s.clock.now,
      log: { warn: () => undefined },
      trust: { authservIds: [], relays: [] },
      agency: [],
    });
    const relayed = [];
    for (const text of [
      `Dear Margaret, we can start in March (${marker}).`,
      `On Tue, 2 Jan 2024 at 10:00, Agency <site@agency.test> wrote:\n> A shop for ${MARKER}`,
    ]) {
      const { email, raw } = await mailOf({ from: NOTIFY_TO, to: replyAddress, subject: 'Re: New inquiry from Margaret Holt', text });
      relayed.push(await relay.take(email, messageIdOf(email, raw), () => readMail(raw, email)));
    }
    await relay.stop();
    expect(relayed).toEqual(['sent', 'refused']);
    expect(s.app.store.db.prepare('SELECT quoted FROM mail_replies WHERE doc_id = ? AND outcome = ?').pluck().get(inquiry.docId, 'refused')).toContain(MARKER);
    await waitFor('the reply sent on', allSent);
    await agency.change('POST', pathOf('markSpam', { docId: signUp.docId }));
    // She confirmed her subscription, and a newsletter went out to her (the only reader).
    const subscriberId = s.app.store.db.prepare('SELECT id FROM subscribers WHERE person = ?').pluck().get(personKey(forms4[0]!)) as number;
    expect(confirmSubscriber(s.app.store.db, subscriberId, s.clock.now)?.state).toBe('confirmed');
    const newsletter = (await (
      await agency.change('POST', newsletterRoutes.newsletterCreate.path, {
        json: { subject: 'Our March news', name: 'march-news', body: [{ type: 'paragraph', content: [{ text: 'Hello.' }] }] },
      })
    ).json()) as NewsletterDetail;
    expect((await agency.change('POST', pathOf('newsletterSend', { id: String(newsletter.id) }), { json: { revision: newsletter.revision } })).status).toBe(
      200,
    );
    await waitFor(
      'the newsletter sent to her',
      () => s.app.store.db.prepare("SELECT count(*) FROM newsletter_recipients WHERE subscriber_id = ? AND state = 'sent'").pluck().get(subscriberId) === 1,
    );
    expect(smtp.mails.filter((m) => m.email.subject === 'Our March news').map((m) => m.envelope.to.map(personKey))).toEqual([[personKey(forms4[0]!)]]);
    expect(holding(s.dataDir, marker).length).toBeGreaterThan(0);

    // First, every item, found from any form of the address.
    const preview = (await (
      await agency.change('POST', adminRoutes.erasurePreview.path, { json: { email: `  ${MARKER}+anything@example.com ` } })
    ).json()) as ErasurePreview;
    // What the server itself wrote about her leads (events, notifications), counted in its tables.
    const hers = JSON.stringify([contact, inquiry, application, signUp].map((lead) => lead.docId));
    const countOf = (sql: string) => s.app.store.db.prepare(`${sql} AND doc_id IN (SELECT value FROM json_each(?))`).pluck().get(hers) as number;
    const sentVia = (channel: string) => countOf(`SELECT count(*) FROM deliveries WHERE channel = '${channel}' AND state = 'sent'`);
    // Each lead notified as its form says (config/forms notify), at least.
    const notifying = [contact, inquiry, application, signUp].map((lead) => forms[formOf(lead.docId)].notify);
    expect(sentVia('email')).toBeGreaterThanOrEqual(notifying.filter((notify) => notify.email).length);
    expect(sentVia('webhook')).toBeGreaterThanOrEqual(notifying.filter((notify) => notify.webhook).length);
    expect(preview.counts).toEqual({
      leads: 4,
      notes: 1,
      mailsReceived: 3,
      // The auto-reply, the reply from the inbox, the one sent on from a mail program, the newsletter's confirmation.
      mailsSent: 4,
      files: 2,
      sources: 1,
      events: countOf('SELECT count(*) FROM lead_events WHERE 1'),
      notifications: countOf("SELECT count(*) FROM deliveries WHERE channel <> 'visitor'"),
      spamMarks: 1,
      // Today's marks: the auto-reply's and the newsletter confirmation's.
      autoReplyMarks: 2,
      subscriptions: 1,
      newsletterMails: 1,
    } satisfies ErasureCounts);
    expect(preview.addresses.sort()).toEqual(forms4.map((a) => a.trim()).sort());
    expect(preview.leads.map((lead) => [lead.docId, lead.form, lead.spam])).toEqual([
      [contact.docId, 'contact', false],
      [inquiry.docId, 'inquiry', false],
      [application.docId, 'freelancer', false],
      [signUp.docId, 'newsletter', true],
    ]);
    expect(preview.mails.map((mail) => mail.kind).sort()).toEqual([
      'answer',
      'autoReply',
      'autoReply',
      'mailProgram',
      'mailProgram',
      'newsletter',
      'relayed',
      'reply',
    ]);
    expect(preview.mails.find((mail) => mail.kind === 'newsletter')?.subject).toBe('Our March news');
    // Her subscription (one row, whatever form of the address she signed up with).
    const subscribed = s.app.store.db.prepare('SELECT count(*) FROM subscribers WHERE person = ?').pluck();
    expect(subscribed.get(personKey(forms4[0]!))).toBe(1);
    expect(preview.files.map((file) => [file.kind, file.name])).toEqual(
      expect.arrayContaining([
        ['cv', ''],
        ['attachment', `portfolio-${marker}.pdf`],
      ]),
    );

    // The second step needs the address again: none, or another person's, erases nothing.
    for (const json of [
      { email: forms4[0] },
      { email: forms4[0], confirm: 'someone.else@example.com' },
      { email: forms4[0], confirm: `${marker}x@example.com` },
    ]) {
      const refused = await agency.change('POST', adminRoutes.erase.path, { json });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ message: server.admin.messages.eraseNotConfirmed });
    }
    expect((await agency.send('GET', pathOf('lead', { docId: contact.docId }))).status).toBe(200);

    const outside = { email: sentVia('email'), webhook: sentVia('webhook') };
    const erased = await agency.change('POST', adminRoutes.erase.path, { json: { email: forms4[1], confirm: forms4[3] } });
    expect(erased.status).toBe(200);
    const done = (await erased.json()) as ErasureDone;
    expect(done.counts).toEqual(preview.counts);
    expect(done.at).toBe(new Date(s.clock.now).toISOString());
    expect(done.outside).toEqual([
      { place: 'notificationMailbox', addresses: [NOTIFY_TO], mails: outside.email },
      { place: 'webhook', receiver: new URL(hooks.url).origin, calls: outside.webhook },
      // Her answer; the agency's reply read from the mailbox, and its two to the reply address.
      { place: 'agencyMailbox', address: agencyMailbox, answers: 1, replies: 3 },
      // The notifications, the auto-reply, the confirmation, the reply from the inbox and the one sent on went out through MAIL_FROM's account.
      { place: 'sender', address: 'site@agency.test', mails: outside.email + 4 },
      // The newsletter: in her mailbox, and maybe in the Sent folder of MAIL_FROM's account.
      { place: 'newsletter', address: 'site@agency.test', mails: 1 },
      { place: 'backups', before: done.at },
    ] satisfies OutsidePlace[]);

    // At once, while the server runs: no byte of her in the database, its log, the files, or a backup taken now.
    // In lower case too: the search's text of a lead (leadKeys.ts) holds its values so.
    for (const text of [marker, MARKER]) expect(holding(s.dataDir, text)).toEqual([]);
    expect(readFileSync(`${databaseFile(s.dataDir)}-wal`).length).toBe(0);
    // The reply addresses' tokens (nothing she typed is in them, so the byte search cannot see them) and the replies to them went with her leads.
    for (const table of ['reply_tokens', 'mail_replies'])
      expect({
        table,
        rows: s.app.store.db.prepare(`SELECT count(*) FROM ${table} WHERE doc_id IN (SELECT value FROM json_each(?))`).pluck().get(hers),
      }).toEqual({ table, rows: 0 });
    // And which of her answers the owner's mail told of.
    expect(
      s.app.store.db
        .prepare('SELECT count(*) FROM answer_mails WHERE delivery_id IN (SELECT value FROM json_each(?))')
        .pluck()
        .get(JSON.stringify(answerMails)),
    ).toBe(0);
    const backups = mkdtempSync(path.join(os.tmpdir(), 'backups-'));
    try {
      const backup = path.join(backups, 'after.db');
      const reader = openStore(s.dataDir);
      try {
        await reader.backup(backup);
      } finally {
        reader.close();
      }
      expect(statSync(backup).size).toBeGreaterThan(0);
      expect(holding(backups, marker)).toEqual([]);
    } finally {
      rmSync(backups, { recursive: true, force: true });
    }
    expect(s.app.store.getFile(uploadNamedBy(cvUrl)!.path)).toBeUndefined();
    expect(filesUnder(path.join(s.dataDir, 'files'))).toEqual([]);
    // Her subscription is gone, and her row of the newsletter's send queue (the newsletter stays, for its figures);
    // today's auto-reply marks are hers no more; the other person's stays.
    expect(subscribed.get(personKey(forms4[0]!))).toBe(0);
    expect(s.app.store.db.prepare('SELECT count(*) FROM newsletter_recipients WHERE subscriber_id = ?').pluck().get(subscriberId)).toBe(0);
    expect(s.app.store.db.prepare('SELECT count(*) FROM newsletters WHERE id = ?').pluck().get(newsletter.id)).toBe(1);
    expect(autoReplyMarksOf(s.app.store.db, personKey(forms4[0]!))).toBe(0);
    expect(autoReplyMarksOf(s.app.store.db, personKey('someone.else@example.com'))).toBe(1);

    // The record: when, by whom, how many of each kind; the address nowhere (the byte search above).
    const records = (await (await agency.send('GET', adminRoutes.erasures.path)).json()) as ErasureRecord[];
    expect(records).toEqual([{ at: done.at, by: 'owner@agency.test', counts: done.counts }]);
    // The others' leads are untouched, and nothing of hers is found now.
    expect(((await (await agency.send('GET', pathOf('lead', { docId: other.docId }))).json()) as LeadDetail).name).toBe('Someone Else');
    const after = (await (await agency.change('POST', adminRoutes.erasurePreview.path, { json: { email: forms4[0] } })).json()) as ErasurePreview;
    expect(Object.values(after.counts).every((n) => n === 0)).toBe(true);
    expect((await agency.change('POST', adminRoutes.erase.path, { json: { email: forms4[0], confirm: forms4[0] } })).status).toBe(200);
    expect(((await (await agency.send('GET', adminRoutes.erasures.path)).json()) as ErasureRecord[]).length).toBe(1);
  });
});

/** The form a stored lead came from (by its collection). */
function formOf(docId: string): keyof typeof forms {
  const collection = s.app.store.db.prepare('SELECT collection FROM documents WHERE doc_id = ?').pluck().get(docId) as string;
  return (Object.keys(forms) as (keyof typeof forms)[]).find((name) => forms[name].collection === collection)!;
}

describe('erasure', () => {
  withServer(false);

  it("erasing an address leaves another lead's CV, even when an erased lead names that file", async () => {
    const cvUrl = await uploadCv(s, pdfWith('the CV of the first applicant'));
    const owner = await submit(s, 'freelancer', { ...validData.freelancer, Email: 'first@example.com', CvFile: cvUrl });
    await submit(s, 'freelancer', { ...validData.freelancer, fullName: 'Copy Cat', Email: 'copier@example.com', CvFile: cvUrl });
    const erased = await agency.change('POST', adminRoutes.erase.path, { json: { email: 'copier@example.com', confirm: 'Copier@example.com' } });
    expect(((await erased.json()) as ErasureDone).counts).toMatchObject({ leads: 1, files: 0 });
    // The file is the first applicant's: on the disk, in the database, and downloaded from their lead.
    const { path: storagePath } = uploadNamedBy(cvUrl)!;
    const parts = splitStoragePath(storagePath)!;
    expect(existsSync(fileOnDisk(s.dataDir, parts.prefix, parts.id))).toBe(true);
    expect(s.app.store.getFile(storagePath)).toBeDefined();
    const download = await agency.send('GET', pathOf('cv', { docId: owner.docId }));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdfWith('the CV of the first applicant'))).toBe(true);
  });

  it("erasing a dotted googlemail.com spelling takes the undotted gmail.com one's leads and subscription: one mailbox, one person", async () => {
    const contact = await submit(s, 'contact', { ...validData.contact, Email: 'victimjoe@gmail.com' });
    const signUp = await submit(s, 'newsletter', { Email: 'VictimJoe+news@gmail.com' });
    const stranger = await submit(s, 'contact', { ...validData.contact, Email: 'victim.joe@example.com' });
    const subscribers = s.app.store.db.prepare('SELECT count(*) FROM subscribers WHERE person = ?').pluck();
    expect(subscribers.get(personKey('victimjoe@gmail.com'))).toBe(1);
    const preview = await agency.change('POST', adminRoutes.erasurePreview.path, { json: { email: 'victim.joe@googlemail.com' } });
    expect(((await preview.json()) as ErasurePreview).counts).toMatchObject({ leads: 2, subscriptions: 1 });
    const erased = await agency.change('POST', adminRoutes.erase.path, { json: { email: 'victim.joe@googlemail.com', confirm: 'Victim.Joe@GoogleMail.com' } });
    expect(((await erased.json()) as ErasureDone).counts).toMatchObject({ leads: 2, subscriptions: 1 });
    for (const { docId } of [contact, signUp]) expect((await agency.send('GET', `/api/admin/leads/${docId}`)).status).toBe(404);
    expect(subscribers.get(personKey('victimjoe@gmail.com'))).toBe(0);
    // Dots fold for Gmail only: the same name at another service is someone else, and stays.
    expect((await agency.send('GET', `/api/admin/leads/${stranger.docId}`)).status).toBe(200);
  });

  it('deleting one lead leaves no byte of it either', async () => {
    const marker = `DELETE-ME-${randomBytes(6).toString('hex')}`;
    const { application, signUp } = await personWithMarker(marker, 'grace@example.com');
    expect(holding(s.dataDir, marker.toLowerCase()).length).toBeGreaterThan(0);
    expect((await agency.change('DELETE', `/api/admin/leads/${application.docId}`)).status).toBe(200);
    expect(holding(s.dataDir, marker)).toEqual([]);
    expect(holding(s.dataDir, marker.toLowerCase())).toEqual([]);
    // The same person's other lead stays until it is deleted too.
    expect((await agency.send('GET', `/api/admin/leads/${signUp.docId}`)).status).toBe(200);
  });

  it("an erasure needs an address, and the same person's a second time", async () => {
    for (const route of [adminRoutes.erasurePreview, adminRoutes.erase]) {
      for (const json of [{}, { email: '' }, { email: 7 }, { email: 'x'.repeat(255) }]) {
        const response = await agency.change(route.method, route.path, { json });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ message: server.admin.messages.badEmail });
      }
    }
    for (const confirm of [undefined, 7, '', 'x'.repeat(255), 'other@example.com']) {
      const response = await agency.change('POST', adminRoutes.erase.path, { json: { email: 'person@example.com', confirm } });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: server.admin.messages.eraseNotConfirmed });
    }
  });
});

describe('retention', () => {
  withServer(true);
  const { retention } = forms.freelancer;
  const age = (docId: string, days: number) =>
    s.app.store.db.prepare('UPDATE documents SET created_at = ? WHERE doc_id = ?').run(new Date(s.clock.now - days * DAY).toISOString(), docId);
  const ageFile = (url: string, days: number) =>
    s.app.store.db.prepare('UPDATE files SET created_at = ? WHERE path = ?').run(new Date(s.clock.now - days * DAY).toISOString(), uploadNamedBy(url)!.path);

  it(`deletes each form's leads after its days, and CVs after cvDays (freelancers: ${retention.days} and ${retention.cvDays})`, async () => {
    const marker = `OLD-${randomBytes(6).toString('hex')}`;
    const oldCv = await uploadCv(s, pdfWith(`old CV ${marker}`));
    const old = await submit(s, 'freelancer', { ...validData.freelancer, fullName: `Old ${marker}`, CvFile: oldCv });
    const keptCv = await uploadCv(s, pdfWith('a CV past its days, on a lead still kept'));
    const kept = await submit(s, 'freelancer', { ...validData.freelancer, CvFile: keptCv });
    const fresh = await submit(s, 'inquiry', validData.inquiry);
    const orphan = await uploadCv(s, pdfWith('a CV whose form was never sent'));
    age(old.docId, retention.days + 1);
    ageFile(oldCv, retention.days + 1);
    age(kept.docId, retention.cvDays! + 1);
    ageFile(keptCv, retention.cvDays! + 1);
    ageFile(orphan, retention.cvDays! + 1);
    age(fresh.docId, forms.inquiry.retention.days - 1);

    expect(enforceRetention(s.app.store, s.app.served.forms, s.dataDir, s.clock.now)).toEqual({ leads: 1, forms: 1, files: 3 });
    expect((await agency.send('GET', `/api/admin/leads/${old.docId}`)).status).toBe(404);
    expect(((await (await agency.send('GET', `/api/admin/leads/${kept.docId}`)).json()) as LeadDetail).cv).toEqual({ state: 'deleted' });
    expect((await agency.send('GET', `/api/admin/leads/${fresh.docId}`)).status).toBe(200);
    expect((await agency.send('GET', `/api/admin/leads/${kept.docId}/cv`)).status).toBe(404);
    expect(holding(s.dataDir, marker)).toEqual([]);
    expect(filesUnder(path.join(s.dataDir, 'files'))).toEqual([]);
  });

  it('runs when the server starts', async () => {
    const { docId } = await submit(s, 'inquiry', validData.inquiry);
    age(docId, forms.inquiry.retention.days + 1);
    expect(s.app.store.count(forms.inquiry.collection)).toBe(1);
    // A second server on the same data, as after a restart.
    const again = await startServer({ dataDir: s.dataDir });
    try {
      expect(s.app.store.count(forms.inquiry.collection)).toBe(0);
    } finally {
      await again.close();
    }
  });
});
