/**
 * A client's answer tells the owner, against real parts: our server over real HTTP on a real
 * SQLite file, a real SMTP server in this process (every mail the site sends, parsed) and a real
 * IMAP server (Dovecot, src/test/dovecot.ts) the answers are put into as a mail program's. The
 * answer marks its lead unread and waiting, counts in the inbox's number, and is mailed to the
 * notification address once; three answers within digestMinutes are one mail. The notifications'
 * clock is moved past the minutes (a new lead wakes the worker); the reader wakes on IDLE's news.
 */
import { randomUUID } from 'node:crypto';
import server from '../../../../config/server';
import { type LeadDetail, type LeadList } from '../../model/adminApi';
import { pathOf } from '../../../platform/inboxRoutes';
import { fill } from '../../../schema/text';
import { validData } from '../../../test/formFixtures';
import { addAccount, Client, startServer, submit, type TestServer } from '../../../test/adminServer';
import { hasDovecot, noDovecot, startDovecot, type RunningDovecot } from '../../../test/dovecot';
import { startSmtp, waitFor, type ReceivedMail, type SmtpReceiver } from '../../../test/receivers';
import { inboxLink } from '../leads';
import { readMailboxSettings } from '../mailbox/settings';
import { readNotifySettings } from '.';
import { answerMail, type Answer } from './answers';
import { formatDate } from '../../../platform/received';

const run = hasDovecot || process.env.CI ? describe : describe.skip;
if (!hasDovecot && !process.env.CI) console.warn(noDovecot);

const words = server.notifications.answers;
const NOTIFY_TO = 'sales@agency.test';
const PUBLIC_URL = 'https://leads.agency.test';

let dovecot: RunningDovecot;
let smtp: SmtpReceiver;
let site: TestServer;
let owner: Client;
/** Added to the real time on the notifications' clock. */
const clock = { offset: 0 };

beforeAll(async () => {
  if (!hasDovecot && !process.env.CI) return;
  [dovecot, smtp] = await Promise.all([startDovecot(), startSmtp(0)]);
  const { settings } = readNotifySettings({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Agency Site <site@agency.test>', NOTIFY_TO, PUBLIC_URL });
  site = await startServer({
    notifications: { settings, clock: () => Date.now() + clock.offset, log: { warn: () => undefined } },
    // The reader reads at start and on IDLE's news of a mail; its polls never come (their wait never ends by itself).
    mailbox: {
      settings: readMailboxSettings({ IMAP_URL: dovecot.url }).settings!,
      agency: [dovecot.user, NOTIFY_TO, 'site@agency.test'],
      clock: () => Date.now() + clock.offset,
      wait: (_ms, woken) => woken,
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

const to = (address: string) => smtp.mails.filter((m) => m.envelope.to.includes(address));
/** The owner's mails of answers (their Message-ID is an answer delivery's). */
const answerMails = () => to(NOTIFY_TO).filter((m) => m.email.messageId?.startsWith('<ans_'));
const lead = async (docId: string) => (await (await owner.send('GET', pathOf('lead', { docId }))).json()) as LeadDetail;
/** The inbox, any status, in its own order. */
const list = async () => (await (await owner.send('GET', `${pathOf('leads')}?spam=false&sort=activity&direction=desc&pageSize=100`)).json()) as LeadList;
const place = (answer: LeadList, docId: string) => answer.leads.findIndex((row) => row.docId === docId);

/** A person sends the contact form; resolves with their lead and the auto-reply they got. */
async function person(name: string) {
  const address = `${name.split(' ')[0]!.toLowerCase()}.${randomUUID().slice(0, 8)}@example.net`;
  const { docId } = await submit(site, 'contact', { ...validData.contact, Fullname: name, Email: address });
  await waitFor(`${name}'s auto-reply`, () => to(address).length === 1, { on: [smtp.changes] });
  return { name, address, docId, autoReply: to(address)[0]!.email };
}
type Person = Awaited<ReturnType<typeof person>>;

/** They answer a mail the site sent them, from their mail program (quoting it); resolves once the site kept it. */
async function answers(who: Person, text: string, answered: ReceivedMail['email'] = who.autoReply): Promise<void> {
  const kept = site.app.store.db.prepare("SELECT count(*) FROM lead_messages WHERE direction = 'in'").pluck();
  const before = kept.get() as number;
  const raw = [
    `From: ${who.name} <${who.address}>`,
    `To: ${dovecot.user}`,
    `Subject: Re: ${answered.subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${randomUUID()}@mail.example.net>`,
    `In-Reply-To: ${answered.messageId}`,
    `References: ${answered.messageId}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '',
    `On ${new Date().toUTCString()}, Agency Site wrote:`,
    `> ${answered.text?.split('\n')[0] ?? ''}`,
    '',
  ].join('\r\n');
  const client = await dovecot.client();
  try {
    await client.append('INBOX', raw);
  } finally {
    await client.logout();
  }
  await waitFor('the answer kept', () => (kept.get() as number) > before, { on: [site.app.mailboxReader!.changes] });
}

/** The notifications' clock moved past the minutes answers are gathered for; a new lead wakes the worker, which has sent every row due once that lead's own notification is out. */
async function minutesPass(): Promise<void> {
  clock.offset += words.digestMinutes * 60_000 + 1000;
  const { docId } = await submit(site, 'contact', { ...validData.contact, Email: `wake.${randomUUID().slice(0, 8)}@example.net` });
  await waitFor('the waking lead\u2019s notification', () => to(NOTIFY_TO).some((m) => m.email.text?.includes(docId)), { on: [smtp.changes] });
}

run('a client\u2019s answer', () => {
  it('marks the lead unread and waiting, counts in the inbox\u2019s number, and is mailed to the owner once, with its first lines and the lead\u2019s link', async () => {
    const ada = await person('Ada Lovelace');
    const bob = await person('Bob Marley');
    // The owner opens each lead and replies, Ada first: nothing is unread, nobody waits.
    for (const who of [ada, bob]) {
      expect((await owner.change('PATCH', pathOf('updateLead', { docId: who.docId }), { json: { read: true } })).status).toBe(200);
      expect(
        (
          await owner.change('POST', pathOf('reply', { docId: who.docId }), {
            json: { subject: `Re: ${who.autoReply.subject}`, text: 'Dear friend, shall we meet on Wednesday?' },
          })
        ).status,
      ).toBe(200);
      await waitFor('the reply', () => to(who.address).length === 2, { on: [smtp.changes] });
    }
    let detail = await lead(ada.docId);
    expect(detail).toMatchObject({ status: 'replied', unread: false, waitingSince: null });
    const before = await list();
    // Nobody waits: the last activity first (Bob was answered last).
    expect(place(before, bob.docId)).toBeLessThan(place(before, ada.docId));

    await answers(ada, 'Wednesday works for me, after 2 pm.\nBring the drawings.', to(ada.address)[1]!.email);
    detail = await lead(ada.docId);
    expect(detail).toMatchObject({ status: 'answered', unread: true });
    expect(Date.parse(detail.waitingSince!)).toBeGreaterThan(Date.parse(detail.receivedAt));
    const after = await list();
    expect(after.unread).toBe(before.unread + 1);
    // She waits for the agency now: before those who do not.
    expect(place(after, ada.docId)).toBeLessThan(place(after, bob.docId));
    // Told a few minutes later, with the others of those minutes: not yet.
    expect(answerMails()).toEqual([]);

    await minutesPass();
    expect(answerMails()).toHaveLength(1);
    const mail = answerMails()[0]!.email;
    expect(mail.subject).toBe(fill(words.subject, { name: 'Ada Lovelace', words: 'Wednesday works for me, after 2 pm. Bring the drawings.' }));
    expect(mail.text).toContain('Wednesday works for me, after 2 pm.\n  Bring the drawings.');
    expect(mail.text).toContain(fill(words.openLead, { link: inboxLink(PUBLIC_URL, ada.docId) }));
    // Only what they wrote: not the mail they quote.
    expect(mail.text).not.toContain('shall we meet');
    expect(mail.headers.find((h) => h.key === 'auto-submitted')?.value).toBe('auto-generated');
    expect(mail.replyTo).toBeUndefined();
    // The lead's notifications list it, sent.
    expect((await lead(ada.docId)).deliveries.filter((d) => d.id.startsWith('ans_')).map((d) => d.state)).toEqual(['sent']);
    // Each says what it tells of: the lead's own mail, and this answer's.
    expect((await lead(ada.docId)).deliveries.map((d) => [d.id.startsWith('ans_'), d.about])).toEqual(
      expect.arrayContaining([
        [false, 'lead'],
        [true, 'answer'],
      ]),
    );

    // Once: the worker passing again sends nothing more.
    await minutesPass();
    expect(answerMails()).toHaveLength(1);

    // Opened: read, still Answered, still waiting; archived: nobody waits.
    const unread = (await list()).unread;
    const opened = (await (await owner.change('PATCH', pathOf('updateLead', { docId: ada.docId }), { json: { read: true } })).json()) as LeadDetail;
    expect(opened).toMatchObject({ status: 'answered', unread: false, waitingSince: detail.waitingSince });
    expect((await list()).unread).toBe(unread - 1);
    const archived = (await (await owner.change('PATCH', pathOf('updateLead', { docId: ada.docId }), { json: { status: 'archived' } })).json()) as LeadDetail;
    expect(archived).toMatchObject({ status: 'archived', unread: false, waitingSince: null });
  });

  it('three answers within the minutes are one mail, naming the three', async () => {
    const before = answerMails().length;
    const people = [await person('Grace Hopper'), await person('Alan Turing'), await person('Katherine Johnson')];
    for (const [i, who] of people.entries()) await answers(who, `Answer number ${i + 1}: yes, let us talk.`);
    for (const who of people) expect(await lead(who.docId)).toMatchObject({ status: 'answered', unread: true });
    expect(answerMails()).toHaveLength(before);

    await minutesPass();
    expect(answerMails()).toHaveLength(before + 1);
    const mail = answerMails().at(-1)!.email;
    expect(mail.subject).toBe(fill(words.subjectSeveral, { count: 3, names: 'Grace Hopper, Alan Turing, Katherine Johnson' }));
    for (const [i, who] of people.entries()) {
      expect(mail.text).toContain(`Answer number ${i + 1}: yes, let us talk.`);
      expect(mail.text).toContain(inboxLink(PUBLIC_URL, who.docId));
    }
    await minutesPass();
    expect(answerMails()).toHaveLength(before + 1);
  });

  it('leaves out the answers the agency replied to before the mail was due; none left, no mail and no waiting row', async () => {
    const before = answerMails().length;
    const margaret = await person('Margaret Holt');
    for (const text of ['Tuesday is fine.', 'Or Thursday.', 'Either, really.']) await answers(margaret, text);
    // The owner replies within the minutes: the lead is Replied, and nothing is left to tell.
    expect(
      (
        await owner.change('POST', pathOf('reply', { docId: margaret.docId }), {
          json: { subject: `Re: ${margaret.autoReply.subject}`, text: 'Thursday at ten, then.' },
        })
      ).status,
    ).toBe(200);
    await minutesPass();
    expect(answerMails()).toHaveLength(before);
    expect((await lead(margaret.docId)).deliveries.filter((d) => d.id.startsWith('ans_'))).toEqual([]);

    // Answered again after the reply, beside another client replied to in the meantime: only the new answer is told.
    const paul = await person('Paul Dirac');
    await answers(paul, 'Send me the quote, please.');
    await answers(margaret, 'One more thing: bring the plans.');
    expect(
      (await owner.change('POST', pathOf('reply', { docId: paul.docId }), { json: { subject: `Re: ${paul.autoReply.subject}`, text: 'Here it is.' } })).status,
    ).toBe(200);
    await minutesPass();
    expect(answerMails()).toHaveLength(before + 1);
    const mail = answerMails().at(-1)!.email;
    expect(mail.subject).toBe(fill(words.subject, { name: 'Margaret Holt', words: 'One more thing: bring the plans.' }));
    expect(mail.text).not.toContain(inboxLink(PUBLIC_URL, paul.docId));
    expect(mail.text).not.toContain('Thursday');
    expect((await lead(paul.docId)).deliveries.filter((d) => d.id.startsWith('ans_'))).toEqual([]);
  });
});

describe('the mail of answers', () => {
  const answer = (docId: string, name: string, text: string, sentAt: number): Answer => ({
    id: `ans_${sentAt}`,
    docId,
    attempts: 0,
    nextAt: 0,
    name,
    form: 'Contact',
    sentAt,
    text,
  });
  const at = Date.UTC(2025, 5, 3, 22, 44);

  it('one person\u2019s several answers: one heading and one link, then the answers, and a subject of one person', () => {
    const said = ['Wednesday works.', 'After 2 pm.', 'Bring the drawings.'];
    const mail = answerMail(
      said.map((text, i) => answer('doc1', 'Margaret Holt', text, at + i * 10_000)),
      PUBLIC_URL,
    );
    expect(mail.subject).toBe(fill(words.subjectOnePerson, { name: 'Margaret Holt', count: 3, words: 'Bring the drawings.' }));
    // It comes from the site's sending account, with no Reply-To: its first line says Reply reaches nobody.
    expect(mail.text.split('\n')[0]).toBe(server.notifications.replyReachesNobody);
    const link = inboxLink(PUBLIC_URL, 'doc1');
    expect(mail.text.split(link)).toHaveLength(2);
    expect(mail.text.split('Margaret Holt')).toHaveLength(2);
    expect(mail.text).toContain(fill(words.headingSeveral, { name: 'Margaret Holt', count: 3, form: 'Contact' }));
    for (const [i, text] of said.entries()) {
      expect(mail.text).toContain(fill(words.answeredAt, { at: formatDate(at + i * 10_000) }));
      expect(mail.text).toContain(text);
    }
    // The answers, then the link.
    expect(mail.text.indexOf('Bring the drawings.')).toBeLessThan(mail.text.indexOf(link));
  });

  it('several people: a block each, and a subject naming them', () => {
    const mail = answerMail(
      [answer('doc1', 'Ada Lovelace', 'Yes.', at), answer('doc2', 'Alan Turing', 'No.', at + 1), answer('doc1', 'Ada Lovelace', 'Well, maybe.', at + 2)],
      PUBLIC_URL,
    );
    expect(mail.subject).toBe(fill(words.subjectSeveral, { count: 3, names: 'Ada Lovelace, Alan Turing' }));
    expect(mail.text.split(inboxLink(PUBLIC_URL, 'doc1'))).toHaveLength(2);
    expect(mail.text.split(inboxLink(PUBLIC_URL, 'doc2'))).toHaveLength(2);
    expect(mail.text).toContain(fill(words.headingSeveral, { name: 'Ada Lovelace', count: 2, form: 'Contact' }));
    expect(mail.text).toContain(fill(words.heading, { name: 'Alan Turing', form: 'Contact', at: formatDate(at + 1) }));
  });
});
