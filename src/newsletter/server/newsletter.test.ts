/**
 * The newsletter against real parts: our server over real HTTP on a real SQLite file, a real SMTP
 * server in this process (smtp-server, each mail kept as its bytes and parsed with postal-mime),
 * accounts signed in as the inbox does. Every mail's headers are read as a mail program reads
 * them, its DKIM signature checked by mailauth over the key's DNS record, and the one-click
 * unsubscribe is posted from outside a browser (plain HTTP, no cookie, no token but the link's).
 * Texts come from config/ (site.ts newsletterMail, server.ts newsletter.messages).
 */
import { createHmac } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import server from '../../../config/server';
import site from '../../../config/site';
import { UPLOADS_PATH } from '../../platform/uploads';
import { makeSite } from '../../test/contentSite';
import {
  NEWSLETTER_PICTURES,
  newsletterRoutes,
  UNSUBSCRIBE_PATH,
  type NewsletterDetail,
  type NewsletterList,
  type NewsletterPreview,
} from '../model/newsletterApi';
import { adminRoutes, pathOf, type Me } from '../../platform/inboxRoutes';
import { escapeHtml, fill } from '../../schema/text';
import { addAccount, Client, PASSWORD, startServer, type TestServer } from '../../test/adminServer';
import { dkimResolver, loadDkimVerify, makeDkimKey, seedSubscribers, subscriberState, type DkimKey } from '../../test/newsletter';
import { startSmtp, waitFor, type ReceivedMail, type SmtpReceiver } from '../../test/receivers';
import { readNotifySettings } from '../../leads/server/notify';
import { applyReport } from './reports';
import { renderNewsletter } from './render';
import { newsletterTokens, tokenKey } from './tokens';
import { sessionSecret } from '../../platform/server/accounts/secret';
import { SMTPServer } from 'smtp-server';
import type net from 'node:net';
import PostalMime from 'postal-mime';
import sharp from 'sharp';

const DOMAIN = 'agency.test';
const messages = server.newsletter.messages;
const words = site.newsletterMail;
const BODY = [
  { type: 'heading', level: 2, text: 'What we built this month' },
  {
    type: 'paragraph',
    content: [
      { text: 'A shop for a bakery, ' },
      { text: 'fast on phones', bold: true },
      { text: '. See ' },
      { text: 'our work', href: '/Portfolio' },
      { text: ' or ' },
      { text: 'a partner', href: 'https://partner.example.org/x' },
      { text: '.' },
    ],
  },
  { type: 'list', items: [[{ text: 'First <point> & more' }], [{ text: 'Second' }]] },
  { type: 'link', text: 'Talk to us', href: '/Contact' },
];

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

interface Site {
  server: TestServer;
  owner: Client;
  editor: Client;
  smtp: SmtpReceiver;
}

/** Our server sending through `smtp` (or a new receiver), signed with `dkim` when given, with an owner and an editor signed in. */
async function siteWith({
  dkim,
  smtp,
  pool = 1,
  realClock = false,
  siteDir,
}: { dkim?: DkimKey; smtp?: SmtpReceiver; pool?: number; realClock?: boolean; siteDir?: string } = {}): Promise<Site> {
  const receiver = smtp ?? (await startSmtp(0));
  if (!smtp) closers.push(() => receiver.close());
  const { settings, problems } = readNotifySettings({
    SMTP_URL: `smtp://127.0.0.1:${receiver.port}`,
    MAIL_FROM: `Agency Site <site@${DOMAIN}>`,
    NOTIFY_TO: 'sales@agency.test',
    PUBLIC_URL: 'https://www.agency.test',
    ...(dkim ? { ...dkim.env } : {}),
  });
  expect(problems).toEqual([]);
  const s = await startServer({
    ...(siteDir ? { siteDir } : {}),
    notifications: { settings, log: { warn: () => undefined } },
    newsletter: {
      pool: { connections: pool, messagesPerConnection: 100 },
      rate: { messages: 0, perSeconds: 1 },
      retry: { firstMs: 50, maxMs: 100, keepTryingMs: 10_000 },
      unreachable: { firstSeconds: 1, maxSeconds: 1 },
      ...(realClock ? { clock: Date.now } : {}),
    },
  });
  closers.push(() => s.close());
  await addAccount(s, 'owner@agency.test');
  await addAccount(s, 'writer@agency.test', PASSWORD, 'editor');
  const owner = new Client(s.base);
  const editor = new Client(s.base);
  expect((await owner.signIn('owner@agency.test')).status).toBe(204);
  expect((await editor.signIn('writer@agency.test')).status).toBe(204);
  return { server: s, owner, editor, smtp: receiver };
}

async function create(client: Client, name: string, body: unknown = BODY, subject = `News: ${name}`): Promise<NewsletterDetail> {
  const response = await client.change('POST', newsletterRoutes.newsletterCreate.path, { json: { subject, name, body } });
  expect([response.status, response.status === 200 ? '' : await response.text()]).toEqual([200, '']);
  return (await response.json()) as NewsletterDetail;
}

const detail = async (client: Client, id: number) => (await (await client.send('GET', pathOf('newsletter', { id: String(id) }))).json()) as NewsletterDetail;
/** Send (or Schedule, with `at`) as the page does: naming the revision it shows, read first unless given. */
const sendNow = async (client: Client, id: number, json: { at?: string; revision?: number } = {}) =>
  client.change('POST', pathOf('newsletterSend', { id: String(id) }), { json: { revision: (await detail(client, id)).revision, ...json } });
/** Save a change as the page does: naming the revision it was written over, read first unless given. */
const save = async (client: Client, id: number, change: Record<string, unknown>) =>
  client.change('PATCH', pathOf('newsletterSave', { id: String(id) }), { json: { revision: (await detail(client, id)).revision, ...change } });
const header = (mail: ReceivedMail, key: string) => mail.email.headers.find((h) => h.key === key.toLowerCase())?.value;
const tokenIn = (mail: ReceivedMail) =>
  /<https:\/\/www\.agency\.test\/api\/newsletter\/unsubscribe\/([^>]+)>/.exec(header(mail, 'List-Unsubscribe') ?? '')?.[1];

describe('sending', () => {
  let s: Site;
  let key: DkimKey;
  beforeAll(async () => {
    key = makeDkimKey();
    closers.push(async () => key.remove());
    s = await siteWith({ dkim: key });
  });

  it('only confirmed readers get it, each once, with List-Unsubscribe (https and mailto) and List-Unsubscribe-Post signed by DKIM (mailauth), the agency\u2019s address and a visible unsubscribe link; links to the site carry the campaign', async () => {
    const db = s.server.app.store.db;
    const readers = ['ada@example.net', 'Grace+news@example.org', 'alan@example.com'];
    seedSubscribers(db, [
      ...readers.map((email) => ({ email, state: 'confirmed' as const })),
      { email: 'waiting@example.net', state: 'waiting' },
      { email: 'gone@example.net', state: 'unsubscribed' },
      { email: 'bounced@example.net', state: 'bounced' },
    ]);
    const made = await create(s.owner, 'november-news');
    const sent = await sendNow(s.owner, made.id);
    expect(sent.status).toBe(200);
    // The answer is the state it is in once Send is pressed: its readers queued, being sent (never "to be sent").
    const answered = (await sent.json()) as NewsletterDetail;
    expect(answered.state).toBe('sending');
    expect(answered.figures.readers).toBe(readers.length);
    await waitFor('three mails', () => s.smtp.mails.length >= 3, { on: [s.smtp.changes] });
    await s.server.app.newsletter.queue!.idle();
    expect(
      s.smtp.mails
        .map((m) => m.envelope.to)
        .flat()
        .sort(),
    ).toEqual([...readers].sort());

    const dkimVerify = await loadDkimVerify();
    if (!dkimVerify) console.warn('mailauth is not installed (npm install --save-dev mailauth@4.9.5): the DKIM signatures are not checked here.');
    const ids = new Set<string>();
    for (const mail of s.smtp.mails) {
      ids.add(mail.email.messageId ?? '');
      expect(mail.email.messageId).toMatch(new RegExp(`^<nl_[0-9a-f]{20}@${DOMAIN}>$`));
      expect(mail.email.subject).toBe('News: november-news');
      // RFC 8058: an https address and a mailto:, and the one-click field.
      const token = tokenIn(mail)!;
      expect(newsletterTokens(sessionSecret(s.server.dataDir).secret).unsubscribe.read(decodeURIComponent(token))).toBeDefined();
      expect(header(mail, 'List-Unsubscribe')).toContain(`<mailto:${site.contact.email.href.replace(/^mailto:/, '')}?subject=unsubscribe%20${token}>`);
      expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      // Both parts: the agency's name and postal address, why, and the visible unsubscribe link.
      const link = `https://www.agency.test${UNSUBSCRIBE_PATH}/${token}`;
      for (const part of [mail.email.text!, mail.email.html!]) {
        expect(part).toContain(site.contact.address);
        expect(part).toContain(fill(words.why, { brand: site.brand.name }));
        expect(part).toContain(link);
      }
      expect(mail.email.html).toContain(`>${words.unsubscribe}</a>`);
      expect(mail.email.text).toContain(fill(words.unsubscribeText, { link }));
      // A site in one language: its mail as before languages, its lang as its pages' (index.html), no part marked in another.
      expect(mail.email.html).toMatch(/^<!doctype html>\n<html lang="en"><head>/);
      expect(mail.email.html).not.toMatch(/<td lang=/);
      // Links to the site carry the campaign; another site's link is left as it is; no picture counts openings.
      expect(mail.email.html).toContain(`href="${escapeHtml('https://www.agency.test/Portfolio?utm_source=newsletter&utm_campaign=november-news')}"`);
      expect(mail.email.text).toContain('our work (https://www.agency.test/Portfolio?utm_source=newsletter&utm_campaign=november-news)');
      expect(mail.email.html).toContain('href="https://partner.example.org/x"');
      expect(mail.email.html).not.toMatch(/<img/);
      expect(mail.email.html).toContain(escapeHtml('First <point> & more'));
      if (dkimVerify) {
        const verified = await dkimVerify(mail.raw, { resolver: dkimResolver(DOMAIN, key) });
        const signature = verified.results[0]!;
        expect([signature.status.result, signature.signingDomain, signature.selector]).toEqual(['pass', DOMAIN, key.selector]);
        expect(signature.signingHeaders?.keys.toLowerCase().split(/\s*:\s*/)).toEqual(
          expect.arrayContaining(['from', 'subject', 'list-unsubscribe', 'list-unsubscribe-post', 'message-id']),
        );
      }
    }
    expect(ids.size).toBe(3);
    const after = await detail(s.owner, made.id);
    expect([after.state, after.figures.readers, after.figures.sent, after.figures.waiting]).toEqual(['sent', 3, 3, 0]);
    const list = (await (await s.owner.send('GET', newsletterRoutes.newsletters.path)).json()) as NewsletterList;
    expect([list.mailOn, list.dkim, list.confirmed]).toEqual([true, true, 3]);
  });

  it('the one-click POST from outside a browser (no cookie, no CSRF token) unsubscribes; GET shows the button and changes nothing; a changed token unsubscribes nobody', async () => {
    const db = s.server.app.store.db;
    const mail = s.smtp.mails.find((m) => m.envelope.to.includes('alan@example.com'))!;
    const url = new URL(/<(https:[^>]+)>/.exec(header(mail, 'List-Unsubscribe')!)![1]!);
    const local = `${s.server.base}${url.pathname}`;
    // A link scanner follows the link: nothing changes.
    const page = await fetch(local);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<button type="submit">${site.unsubscribePage.button}</button>`);
    expect(subscriberState(db, 'alan@example.com')?.state).toBe('confirmed');
    // A changed token: nobody.
    const token = url.pathname.split('/').at(-1)!;
    const forged = token.replace(/^\d+/, (id) => String(Number(id) + 1));
    expect((await plainPost(`${s.server.base}${UNSUBSCRIBE_PATH}/${forged}`)).status).toBe(404);
    // The mail provider's one-click: multipart, as RFC 8058's example.
    const boundary = '---FormBoundary7MA4YWxkTrZu0gW';
    const answer = await plainPost(
      local,
      `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(site.unsubscribePage.done);
    expect(subscriberState(db, 'alan@example.com')?.state).toBe('unsubscribed');
    expect(subscriberState(db, 'ada@example.net')?.state).toBe('confirmed');
    // Again, urlencoded: the same answer.
    expect((await plainPost(local, 'List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded')).status).toBe(200);
    const made = (await (await s.owner.send('GET', newsletterRoutes.newsletters.path)).json()) as NewsletterList;
    expect(made.newsletters[0]!.figures.unsubscribed).toBe(1);
  });

  it('an editor writes, previews and tests; only an owner sends; a sent newsletter is not changed', async () => {
    const draft = await create(s.editor, 'editors-draft');
    const preview = await s.editor.change('POST', newsletterRoutes.newsletterPreview.path, { json: { subject: 'Preview', name: 'editors-draft', body: BODY } });
    const shown = (await preview.json()) as NewsletterPreview;
    expect(shown.html).toContain('utm_campaign=editors-draft');
    expect(shown.text).toContain(site.contact.address);
    // Not finished yet (no subject, an empty line): the text's problem is said, nothing drawn.
    const unfinished = (await (
      await s.editor.change('POST', newsletterRoutes.newsletterPreview.path, {
        json: { subject: '', name: '', body: [{ type: 'paragraph', content: [{ text: '' }] }] },
      })
    ).json()) as NewsletterPreview;
    expect([unfinished.html, unfinished.problem?.startsWith(messages.badBody.split('{error}')[0]!)]).toEqual(['', true]);
    const before = s.smtp.mails.length;
    expect((await s.editor.change('POST', pathOf('newsletterTest', { id: String(draft.id) }))).status).toBe(204);
    await waitFor('the test', () => s.smtp.mails.length === before + 1, { on: [s.smtp.changes] });
    expect(s.smtp.mails.at(-1)!.envelope.to).toEqual(['writer@agency.test']);
    expect(s.smtp.mails.at(-1)!.email.subject).toContain(draft.subject);
    // The editor may not send to the readers, nor take a schedule back.
    expect((await sendNow(s.editor, draft.id)).status).toBe(403);
    expect((await s.editor.change('POST', pathOf('newsletterUnschedule', { id: String(draft.id) }))).status).toBe(403);
    // A bad text is refused in the office's words; a name taken is refused.
    const bad = await save(s.editor, draft.id, { body: [{ type: 'paragraph', content: [] }] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message.startsWith(messages.badBody.split('{error}')[0]!)).toBe(true);
    const taken = await save(s.editor, draft.id, { name: 'november-news' });
    expect([taken.status, ((await taken.json()) as { message: string }).message]).toEqual([409, messages.nameTaken]);
    const sent = (await (await s.owner.send('GET', newsletterRoutes.newsletters.path)).json()) as NewsletterList;
    const first = sent.newsletters.find((n) => n.name === 'november-news')!;
    const change = await save(s.owner, first.id, { subject: 'Changed' });
    expect([change.status, ((await change.json()) as { message: string }).message]).toEqual([409, messages.notADraft]);
  });

  it('scheduled: sent when its time comes, to those confirmed then; back to draft before that', async () => {
    const db = s.server.app.store.db;
    const later = await create(s.owner, 'scheduled-one');
    const at = new Date(s.server.clock.now + 600_000).toISOString();
    const scheduled = await sendNow(s.owner, later.id, { at });
    expect(((await scheduled.json()) as NewsletterDetail).state).toBe('scheduled');
    expect((await s.owner.change('POST', pathOf('newsletterUnschedule', { id: String(later.id) }))).status).toBe(200);
    expect((await detail(s.owner, later.id)).state).toBe('draft');
    expect(((await (await sendNow(s.owner, later.id, { at })).json()) as NewsletterDetail).state).toBe('scheduled');
    seedSubscribers(db, [{ email: 'late@example.net', state: 'confirmed' }]);
    // Its time comes (the server's clock moves on), the queue looks.
    const before = s.smtp.mails.length;
    s.server.clock.now += 600_001;
    s.server.app.newsletter.queue!.wake();
    await waitFor('the scheduled newsletter', () => s.smtp.mails.length === before + 3, { on: [s.smtp.changes] });
    expect(
      s.smtp.mails
        .slice(before)
        .map((m) => m.envelope.to[0])
        .sort(),
    ).toEqual(['Grace+news@example.org', 'ada@example.net', 'late@example.net']);
    // A time in the past, or too far ahead: refused.
    const again = await create(s.owner, 'too-far');
    const far = await sendNow(s.owner, again.id, { at: new Date(s.server.clock.now + (server.newsletter.scheduleMaxDays + 1) * 86_400_000).toISOString() });
    expect([far.status, ((await far.json()) as { message: string }).message]).toEqual([
      400,
      fill(messages.badTime, { days: server.newsletter.scheduleMaxDays }),
    ]);
  });
});

const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

describe('what may be stored, and what the owner read', () => {
  let s: Site;
  let siteDir: string;
  const upload = `${'c0ffee'.repeat(3)}ab.webp`;
  beforeAll(async () => {
    siteDir = makeSite();
    closers.push(async () => rmSync(siteDir, { recursive: true, force: true }));
    mkdirSync(path.join(siteDir, 'public', UPLOADS_PATH), { recursive: true });
    writeFileSync(
      path.join(siteDir, 'public', UPLOADS_PATH, upload),
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ffffff' } })
        .webp()
        .toBuffer(),
    );
    s = await siteWith({ siteDir });
    seedSubscribers(s.server.app.store.db, [{ email: 'reader@example.net', state: 'confirmed' }]);
  });

  it('an account replaying 50 drafts near the largest size: refused past its count and its rate, nothing more kept', async () => {
    // A site of its own: its editor's saves are spent at the end.
    const s = await siteWith();
    const { perAccount, rate } = server.newsletter.drafts;
    // Paragraphs of 1,000 characters up to 20 kB under the largest text.
    const paragraph = { type: 'paragraph', content: [{ text: 'Large. '.repeat(143) }] };
    const count = Math.floor((server.newsletter.bodyMaxBytes - 20_000) / Buffer.byteLength(JSON.stringify(paragraph)));
    const body = Array.from({ length: count }, () => paragraph);
    const answers: { status: number; message?: string }[] = [];
    for (let i = 0; i < 50; i++) {
      const response = await s.editor.change('POST', newsletterRoutes.newsletterCreate.path, { json: { subject: `Flood ${i}`, name: `flood-${i}`, body } });
      answers.push(response.status === 200 ? { status: 200 } : { status: response.status, message: await messageOf(response) });
    }
    const kept = Math.min(perAccount, rate.requests);
    expect(answers.slice(0, kept).every((a) => a.status === 200)).toBe(true);
    const refused = answers.slice(kept);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect([
        { status: 409, message: fill(messages.tooManyDrafts, { max: perAccount }) },
        { status: 429, message: expect.stringMatching(new RegExp(`^${messages.savesTooFast.split('{seconds}')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)) },
      ]).toContainEqual(answer);
    }
    const db = s.server.app.store.db;
    expect(db.prepare("SELECT count(*) FROM newsletters WHERE created_by = 'writer@agency.test'").pluck().get()).toBe(kept);
    // Its changes are held to the same rate: the bucket is empty now.
    const first = (await (await s.editor.send('GET', newsletterRoutes.newsletters.path)).json()) as NewsletterList;
    const change = await save(s.editor, first.newsletters[0]!.id, { subject: 'Again' });
    expect(change.status).toBe(429);
    expect(Number(change.headers.get('retry-after'))).toBeGreaterThan(0);
    // Deleted, they make room again (another account's count is its own).
    for (const n of first.newsletters) expect((await s.editor.change('DELETE', pathOf('newsletterDelete', { id: String(n.id) }))).status).toBe(204);
    expect((await s.owner.change('POST', newsletterRoutes.newsletterCreate.path, { json: { subject: 'Owner', name: 'owner-one', body: BODY } })).status).toBe(
      200,
    );
  });

  it('Send names the revision the owner read: an editor\u2019s change made after it is refused and nothing is sent; the history keeps who changed it', async () => {
    const made = await create(s.owner, 'read-then-send');
    const read = await detail(s.owner, made.id);
    expect(read.changes).toEqual([{ revision: read.revision, kind: 'created', by: 'owner@agency.test', at: expect.any(Number) }]);
    const phishing = [{ type: 'paragraph', content: [{ text: 'Your account is locked: ' }, { text: 'sign in here', href: 'https://evil.example.net/' }] }];
    expect((await save(s.editor, made.id, { body: phishing })).status).toBe(200);
    expect((await save(s.editor, made.id, { subject: 'Urgent' })).status).toBe(200);
    const mailsBefore = s.smtp.mails.length;
    for (const json of [{ revision: read.revision }, { revision: read.revision, at: new Date(s.server.clock.now + 600_000).toISOString() }]) {
      const refused = await sendNow(s.owner, made.id, json);
      expect([refused.status, await messageOf(refused)]).toEqual([409, messages.changedSinceRead]);
    }
    const missing = await s.owner.change('POST', pathOf('newsletterSend', { id: String(made.id) }), { json: {} });
    expect([missing.status, await messageOf(missing)]).toEqual([400, messages.noRevision]);
    const now = await detail(s.owner, made.id);
    expect([now.state, now.subject, now.body]).toEqual(['draft', 'Urgent', phishing]);
    // The editor's two saves in a row are one line of the history, at the revision they made.
    expect(now.changes.map(({ kind, by, revision }) => ({ kind, by, revision }))).toEqual([
      { kind: 'created', by: 'owner@agency.test', revision: read.revision },
      { kind: 'edited', by: 'writer@agency.test', revision: now.revision },
    ]);
    expect(now.revision).toBeGreaterThan(read.revision);
    // Read again, it is the owner's to send: the history says so beside the editor's change.
    const sent = await sendNow(s.owner, made.id, { revision: now.revision });
    expect(sent.status).toBe(200);
    const after = (await sent.json()) as NewsletterDetail;
    expect(after.changes.map(({ kind, by }) => [kind, by])).toEqual([
      ['created', 'owner@agency.test'],
      ['edited', 'writer@agency.test'],
      ['scheduled', 'owner@agency.test'],
    ]);
    expect(after.updatedBy).toBe('writer@agency.test');
    await waitFor('its mail', () => s.smtp.mails.length > mailsBefore, { on: [s.smtp.changes] });
    expect(s.smtp.mails.at(-1)!.email.subject).toBe('Urgent');
  });

  it('Save names the revision it was written over: two accounts saving at once, the later is refused with the newer version, and every change keeps who made it', async () => {
    const made = await create(s.owner, 'saved-at-once');
    const opened = (await detail(s.owner, made.id)).revision;
    expect((await detail(s.editor, made.id)).revision).toBe(opened);
    const path = pathOf('newsletterSave', { id: String(made.id) });
    const editors = await s.editor.change('PATCH', path, { json: { revision: opened, subject: 'The editor\u2019s subject' } });
    expect(editors.status).toBe(200);
    const newer = (await editors.json()) as NewsletterDetail;
    // The owner's save over the revision both opened: refused, the newest version in the answer, the editor's kept.
    const owners = await s.owner.change('PATCH', path, { json: { revision: opened, subject: 'The owner\u2019s subject' } });
    const refused = (await owners.json()) as { message: string; newsletter: NewsletterDetail };
    expect([owners.status, refused.message]).toEqual([409, fill(messages.savedSinceOpened, { by: 'writer@agency.test' })]);
    expect([refused.newsletter.revision, refused.newsletter.subject, refused.newsletter.updatedBy]).toEqual([
      newer.revision,
      newer.subject,
      'writer@agency.test',
    ]);
    expect((await detail(s.owner, made.id)).subject).toBe(newer.subject);
    // A save that names no revision is refused too.
    const unnamed = await s.owner.change('PATCH', path, { json: { subject: 'No revision' } });
    expect([unnamed.status, await messageOf(unnamed)]).toEqual([400, messages.noRevision]);
    // Over the newest, the owner's save is kept: the history has each change with who made it.
    const again = await s.owner.change('PATCH', path, { json: { revision: newer.revision, subject: 'The owner\u2019s subject' } });
    expect(again.status).toBe(200);
    const after = (await again.json()) as NewsletterDetail;
    expect([after.subject, after.updatedBy]).toEqual(['The owner\u2019s subject', 'owner@agency.test']);
    expect(after.changes.map(({ kind, by, revision }) => ({ kind, by, revision }))).toEqual([
      { kind: 'created', by: 'owner@agency.test', revision: opened },
      { kind: 'edited', by: 'writer@agency.test', revision: newer.revision },
      { kind: 'edited', by: 'owner@agency.test', revision: after.revision },
    ]);
  });

  it('a picture is an upload of the site: an address of the server or any other file is refused; the public route finds an upload by its own row', async () => {
    const picture = (src: string) => [{ type: 'picture', image: { src, alt: 'A picture', width: 600, height: 400 } }];
    const refusal = (src: string) => fill(messages.badBody, { error: fill(messages.notAnUpload, { picture: `"${src}"` }) });
    for (const src of ['/api/admin/export?format=csv', `${UPLOADS_PATH}${'0'.repeat(20)}.webp`, '/images/blog/advice.svg']) {
      const refused = await s.editor.change('POST', newsletterRoutes.newsletterCreate.path, {
        json: { subject: 'Pictures', name: 'pictures', body: picture(src) },
      });
      expect([refused.status, await messageOf(refused)]).toEqual([400, refusal(src)]);
      const preview = (await (
        await s.editor.change('POST', newsletterRoutes.newsletterPreview.path, { json: { subject: 'Pictures', name: 'pictures', body: picture(src) } })
      ).json()) as NewsletterPreview;
      expect([preview.html, preview.problem]).toEqual(['', refusal(src)]);
    }
    const picturePath = `${NEWSLETTER_PICTURES}/${upload}`;
    expect((await fetch(`${s.server.base}${picturePath}`)).status).toBe(404);
    const made = await create(s.editor, 'pictures', picture(`${UPLOADS_PATH}${upload}`));
    const shown = await fetch(`${s.server.base}${picturePath}`);
    expect([shown.status, shown.headers.get('content-type')]).toEqual([200, 'image/webp']);
    // Taken out of its text, it is served no more.
    expect((await save(s.editor, made.id, { body: BODY })).status).toBe(200);
    expect((await fetch(`${s.server.base}${picturePath}`)).status).toBe(404);
  });

  it("an article's cover comes along: the draft's first picture, with its words for people who cannot see it, served to the readers", async () => {
    const cover = { src: `${UPLOADS_PATH}${upload}`, alt: 'A bakery counter', width: 1920, height: 1080 };
    const article = { id: 'covered', title: 'A covered article', summary: 'With its picture.', address: 'covered', cover, body: BODY };
    const response = await s.editor.change('POST', newsletterRoutes.newsletterCreate.path, { json: { fromArticle: article } });
    expect(response.status).toBe(200);
    const made = (await response.json()) as NewsletterDetail;
    expect(made.body[0]).toEqual({ type: 'picture', image: cover });
    expect((await fetch(`${s.server.base}${NEWSLETTER_PICTURES}/${upload}`)).status).toBe(200);
    const preview = (await (
      await s.editor.change('POST', newsletterRoutes.newsletterPreview.path, { json: { subject: made.subject, name: made.name, body: made.body } })
    ).json()) as NewsletterPreview;
    expect(preview.html).toContain(`alt="${cover.alt}"`);
  });

  it('marked ready by an editor: "ready" on every answer, listed to the owners with who is signed in and not to an editor; still written as a draft; sending it ends it', async () => {
    const made = await create(s.editor, 'ready-for-owner');
    const ready = (client: Client, value: unknown) => client.change('POST', pathOf('newsletterReady', { id: String(made.id) }), { json: { ready: value } });
    const listed = async (client: Client) => ((await (await client.send('GET', adminRoutes.me.path)).json()) as Me).newslettersReady;
    expect(await listed(s.owner)).toEqual([]);

    const marked = (await (await ready(s.editor, true)).json()) as NewsletterDetail;
    expect([marked.state, marked.readyBy]).toEqual(['ready', 'writer@agency.test']);
    expect((await detail(s.owner, made.id)).state).toBe('ready');
    const list = (await (await s.owner.send('GET', newsletterRoutes.newsletters.path)).json()) as NewsletterList;
    expect(list.newsletters.find((n) => n.id === made.id)?.state).toBe('ready');
    expect(await listed(s.owner)).toEqual([{ id: made.id, subject: made.subject, readyBy: 'writer@agency.test' }]);
    expect(await listed(s.editor)).toBeUndefined();
    expect((await ready(s.editor, 'yes')).status).toBe(400);

    // Still a draft: changed, it stays ready; taken back, it is a draft again.
    const changed = await save(s.editor, made.id, { subject: 'Ready, changed' });
    expect(((await changed.json()) as NewsletterDetail).state).toBe('ready');
    expect(((await (await ready(s.editor, false)).json()) as NewsletterDetail).state).toBe('draft');
    expect(await listed(s.owner)).toEqual([]);

    // Ready again, then sent by the owner: no longer ready, and a sent one cannot be marked.
    await ready(s.editor, true);
    expect((await sendNow(s.owner, made.id)).status).toBe(200);
    expect((await detail(s.owner, made.id)).state).not.toBe('ready');
    expect(await listed(s.owner)).toEqual([]);
    const late = await ready(s.editor, true);
    expect([late.status, await messageOf(late)]).toEqual([409, messages.notADraft]);
  });
});

/** A POST as a mail provider's server sends it: plain HTTP, no cookie. */
function plainPost(url: string, body = '', type?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { ...(type ? { 'content-type': type } : {}), 'content-length': Buffer.byteLength(body) } },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** An SMTP server refusing some recipients: `answers` says what RCPT TO gets per address (a code), once each, then taken. */
async function refusingSmtp(answers: Map<string, number[]>): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const { Changes } = await import('../../platform/server/changes');
  const changes = new Changes();
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = answers.get(address.address)?.shift();
      if (code) return callback(Object.assign(new Error(code >= 500 ? 'No such user here' : 'Try again later'), { responseCode: code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        void PostalMime.parse(raw).then((email) => {
          mails.push({ email, raw, envelope: { from: '', to: session.envelope.rcptTo.map((r) => r.address) } });
          callback();
          changes.notify();
        });
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as net.AddressInfo;
  const result = { port, mails, changes, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
  closers.push(result.close);
  return result;
}

describe('refusals, bounces and complaints', () => {
  it('a temporary refusal (4xx) is tried again later; a permanent one of the address (5xx) marks it bounced, never mailed again', async () => {
    const answers = new Map([
      ['later@example.net', [451, 451]],
      ['nobody@example.net', [550]],
    ]);
    // The queue's own clock runs (its retries come due by themselves), the rest of the server's stands.
    const s = await siteWith({ smtp: await refusingSmtp(answers), realClock: true });
    const db = s.server.app.store.db;
    seedSubscribers(
      db,
      ['later@example.net', 'nobody@example.net', 'fine@example.net'].map((email) => ({ email, state: 'confirmed' as const })),
    );
    const made = await create(s.owner, 'refusals');
    expect((await sendNow(s.owner, made.id)).status).toBe(200);
    await waitFor('the retried mail', () => s.smtp.mails.some((m) => m.envelope.to.includes('later@example.net')), { on: [s.smtp.changes] });
    await s.server.app.newsletter.queue!.idle();
    expect(s.smtp.mails.map((m) => m.envelope.to[0]).sort()).toEqual(['fine@example.net', 'later@example.net']);
    const row = db
      .prepare("SELECT attempts FROM newsletter_recipients r JOIN subscribers s ON s.id = r.subscriber_id WHERE s.email = 'later@example.net'")
      .get() as { attempts: number };
    expect(row.attempts).toBe(3);
    expect(subscriberState(db, 'nobody@example.net')?.state).toBe('bounced');
    const figures = (await detail(s.owner, made.id)).figures;
    expect([figures.sent, figures.failed, figures.bounced]).toEqual([2, 1, 1]);
    // The next newsletter skips the bounced address.
    const next = await create(s.owner, 'refusals-2');
    const before = s.smtp.mails.length;
    expect((await sendNow(s.owner, next.id)).status).toBe(200);
    await waitFor('the second newsletter', () => s.smtp.mails.length === before + 2, { on: [s.smtp.changes] });
    await s.server.app.newsletter.queue!.idle();
    expect((await detail(s.owner, next.id)).figures.readers).toBe(2);
  });

  it('with a pool of N connections, at most N readers are ever under way (a crash leaves at most N uncertain)', async () => {
    const s = await siteWith({ pool: 3 });
    seedSubscribers(
      s.server.app.store.db,
      Array.from({ length: 30 }, (_, i) => ({ email: `pool${i}@example.net`, state: 'confirmed' as const })),
    );
    const made = await create(s.owner, 'pooled');
    expect((await sendNow(s.owner, made.id)).status).toBe(200);
    await waitFor('30 mails', () => s.smtp.mails.length === 30, { on: [s.smtp.changes] });
    await s.server.app.newsletter.queue!.idle();
    expect(s.server.app.newsletter.queue!.maxUnderWay).toBe(3);
    expect(new Set(s.smtp.mails.map((m) => m.envelope.to[0])).size).toBe(30);
  });

  it('soft bounces of as many newsletters in a row as config says mark the address bounced; one that arrives between resets the run', async () => {
    // Against the queue's own tables (the mailbox's part is the Dovecot test's).
    const run = server.newsletter.softBouncesInARow;
    {
      const s = await startServer();
      closers.push(() => s.close());
      const db = s.app.store.db;
      const [id] = seedSubscribers(db, [{ email: 'soft@example.net', state: 'confirmed' }]);
      const now = Date.now();
      const ids: string[] = [];
      for (let n = 0; n < run + 1; n++) {
        const newsletter = Number(
          db
            .prepare(
              "INSERT INTO newsletters (name, subject, body, state, created_by, created_at, updated_by, updated_at) VALUES (?, 's', '[]', 'sent', 'o', 0, 'o', 0)",
            )
            .run(`soft-${n}`).lastInsertRowid,
        );
        const messageId = `nl_${String(n).padStart(20, '0')}`;
        db.prepare("INSERT INTO newsletter_recipients (newsletter_id, subscriber_id, message_id, state, next_at) VALUES (?, ?, ?, 'sent', 0)").run(
          newsletter,
          id,
          messageId,
        );
        ids.push(messageId);
      }
      const soft = (n: number, reportId: string) => applyReport(db, { kind: 'deliveryReport', action: 'delayed', status: '4.2.2' }, ids[n]!, reportId, now);
      // Newsletter 1 came back, 2 did not, then 3.. came back: the run restarts after 2.
      expect(soft(0, 'r0')).toBe('soft');
      for (let n = 2; n < run + 1; n++) expect(soft(n, `r${n}`)).toBe('soft');
      expect(subscriberState(db, 'soft@example.net')).toMatchObject({ state: 'confirmed', softBounces: run - 1 });
      // The same report read twice counts once; newsletter 2's report completes the run.
      expect(soft(2, 'r2')).toBe('ignored');
      expect(soft(1, 'r1')).toBe('soft');
      expect(subscriberState(db, 'soft@example.net')).toMatchObject({ state: 'bounced', softBounces: run + 1 });
    }
  });
});

it('the tokens: only the server makes one, for one subscriber and newsletter (unsubscribe) or until a time (confirmation), each purpose under its own key', () => {
  const tokens = newsletterTokens('a'.repeat(64));
  const token = tokens.unsubscribe.make({ subscriberId: 12, newsletterId: 3 });
  expect(tokens.unsubscribe.read(token)).toEqual({ subscriberId: 12, newsletterId: 3 });
  expect(newsletterTokens('b'.repeat(64)).unsubscribe.read(token)).toBeUndefined();
  expect(tokens.unsubscribe.read(token.replace('12.', '13.'))).toBeUndefined();
  expect(tokens.unsubscribe.read(`${token}x`)).toBeUndefined();
  expect(tokens.unsubscribe.read(token.slice(0, -1))).toBeUndefined();
  // One secret, two keys: neither purpose's key is the other's, nor the secret.
  expect(tokenKey('a'.repeat(64), 'confirm').equals(tokenKey('a'.repeat(64), 'unsubscribe'))).toBe(false);
  const confirm = tokens.confirm.make(12, Date.UTC(2030, 0, 1));
  expect(tokens.confirm.read(confirm)).toEqual({ subscriberId: 12, expiresAt: Date.UTC(2030, 0, 1) });
  expect(tokens.unsubscribe.read(confirm)).toBeUndefined();
  expect(tokens.confirm.read(token)).toBeUndefined();
  // A confirmation token signed with the unsubscribe key (the same shape otherwise) is refused.
  const [id, seconds] = confirm.split('.') as [string, string];
  const crossed = `${id}.${seconds}.${createHmac('sha256', tokenKey('a'.repeat(64), 'unsubscribe'))
    .update(`${id}.${seconds}`)
    .digest('base64url')}`;
  expect(tokens.confirm.read(crossed)).toBeUndefined();
});

it('the mail from the blocks: the site\u2019s pictures whole, an upload by the newsletter\u2019s own address (the inbox\u2019s in the preview), no SVG, no other site\u2019s picture; a part of a page is no link', () => {
  const upload = `/images/uploads/${'ab12'.repeat(5)}.webp`;
  const picture = (src: string, caption?: string) => ({
    type: 'picture' as const,
    image: { src, alt: 'A shop', width: 1200, height: 800 },
    ...(caption ? { caption } : {}),
  });
  const body = [
    picture(upload),
    picture('/images/blog/advice.svg', 'Kept caption'),
    picture('https://tracker.example.net/pixel.png'),
    {
      type: 'paragraph' as const,
      content: [
        { text: 'part', href: '#form' },
        { text: ' mail', href: 'mailto:hello@agency.test' },
      ],
    },
  ];
  const options = { subject: 'S', name: 'pics', body, site, publicUrl: 'https://www.agency.test', marker: '#m' };
  const mail = renderNewsletter(options);
  expect([...mail.html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1])).toEqual([`https://www.agency.test/api/newsletter/pictures/${'ab12'.repeat(5)}.webp`]);
  expect(mail.html).toContain('Kept caption');
  expect(mail.html).not.toContain('tracker.example.net');
  expect(mail.html).not.toContain('href="#form"');
  expect(mail.html).toContain('href="mailto:hello@agency.test"');
  expect(renderNewsletter({ ...options, pictures: 'inbox' }).html).toContain(`<img src="/api/admin/content/images/${'ab12'.repeat(5)}.webp"`);
});

describe('an article sent as a newsletter', () => {
  it('starts a draft from its title, summary, text and a button to its page; its name is the title\u2019s words, another\u2019s never', async () => {
    const s = await siteWith();
    const article = { id: 'choosing-a-partner', title: 'How to choose the right partner', summary: 'Goals first.', address: 'how-to-choose', body: BODY };
    const first = await s.owner.change('POST', newsletterRoutes.newsletterCreate.path, { json: { fromArticle: article } });
    const made = (await first.json()) as NewsletterDetail;
    expect([made.subject, made.name, made.article, made.state]).toEqual([article.title, 'how-to-choose-the-right-partner', article.id, 'draft']);
    expect(made.body[0]).toEqual({ type: 'paragraph', content: [{ text: article.summary, italic: true }] });
    expect(made.body.at(-1)).toEqual({ type: 'link', text: words.readOnSite, href: `${site.articles.path}/${article.address}` });
    const again = (await (
      await s.editor.change('POST', newsletterRoutes.newsletterCreate.path, { json: { fromArticle: article } })
    ).json()) as NewsletterDetail;
    expect(again.name).toBe('how-to-choose-the-right-partner-2');
  });
});
