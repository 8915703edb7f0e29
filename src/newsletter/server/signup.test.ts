/**
 * The newsletter's double opt-in against real parts: our server over real HTTP on a real SQLite
 * file, the form's own route (a sign-up as the footer's box posts it), a real SMTP server in this
 * process (smtp-server, mails parsed with postal-mime), and the confirmation page fetched and its
 * form posted as a browser does. The words come from config/ (site.ts newsletter and footer,
 * server.ts newsletter); the clock is the server's, moved by the test.
 */
import forms from '../../../config/forms';
import server from '../../../config/server';
import site from '../../../config/site';
import { api } from '../../platform/api';
import { proofHeaders } from '../../test/proof';
import { encodeAttribution } from '../../site/model/attribution';
import { personKey } from '../../leads/model/person';
import { fill } from '../../schema/text';
import { validData } from '../../test/formFixtures';
import { startServer, submit, type TestServer } from '../../test/adminServer';
import { mailSettingsTo, type SmtpReceiver, startSmtp, waitFor } from '../../test/receivers';
import { dropUnconfirmed } from './subscribers';
import { unreadCount } from '../../leads/server/inbox';
import { selectLeads } from '../../leads/server/leads';
import { digestOf } from '../../leads/server/notify/digest';

jest.setTimeout(60_000);

const DAY = 86_400_000;
const newsletter = forms.newsletter;
const words = site.newsletter;
const PUBLIC_URL = 'https://www.agency.example';

let smtp: SmtpReceiver;
let s: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  const settings = mailSettingsTo(smtp.port, { PUBLIC_URL });
  s = await startServer({ notifications: { settings, log: { warn: () => undefined } } });
});
afterAll(async () => {
  await s?.close();
  await smtp?.close();
});

let n = 0;
/** An address of its own for each use, written as a person may type it (capitals and a +tag). */
const someone = (name: string) => `${name}.${process.pid}.${++n}+News@Example.com`;

const mailsTo = (address: string) => smtp.mails.filter((m) => m.envelope.to.some((to) => personKey(to) === personKey(address)));

interface Row {
  id: number;
  person: string;
  email: string;
  doc_id: string | null;
  state: string;
  signed_up_at: number;
  page: string | null;
  consent_words: string;
  source: string;
  campaign: string | null;
  confirmed_at: number | null;
}
const rowsOf = (address: string) => s.app.store.db.prepare('SELECT * FROM subscribers WHERE person = ?').all(personKey(address)) as Row[];

/** Signs up as the footer's box does: the form's JSON, and where the visit came from beside it. */
async function signUp(address: string, source = { landingPage: '/Blog', formPage: '/Blog', utmSource: 'linkedin', utmCampaign: 'spring' }) {
  return submit(s, 'newsletter', { Email: address }, { [api.sourceHeader]: encodeAttribution(source) });
}

/** The confirmation link of the one mail to this address, on this test's server (the mail's link starts with PUBLIC_URL). */
async function linkFor(address: string): Promise<{ link: string; local: string; token: string }> {
  await waitFor('the confirmation mail', () => mailsTo(address).length === 1, { on: [smtp.changes] });
  const text = mailsTo(address)[0]!.email.text ?? '';
  const link = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}${api.newsletterConfirm}\\?token=[A-Za-z0-9._-]+`).exec(text)?.[0];
  if (!link) throw new Error(`No confirmation link in: ${text}`);
  const url = new URL(link);
  return { link, local: `${s.base}${url.pathname}${url.search}`, token: url.searchParams.get('token')! };
}

/** The confirmation page's button pressed: its form posted as the browser posts it (same origin); a header given as '' is left out. */
const press = (token: string, headers: Record<string, string> = {}) =>
  fetch(s.base + api.newsletterConfirm, {
    method: 'POST',
    headers: Object.fromEntries(
      Object.entries({ 'content-type': 'application/x-www-form-urlencoded', origin: s.base, 'sec-fetch-site': 'same-origin', ...headers }).filter(
        ([, value]) => value !== '',
      ),
    ),
    body: new URLSearchParams({ token }).toString(),
    redirect: 'manual',
  });

/** The text of a page's heading. */
const headingOf = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];

describe('a sign-up in the newsletter box', () => {
  it('is stored as the specification says, with a waiting subscriber and their consent beside it, and gets one confirmation mail in the agency’s words, none again that day', async () => {
    const address = someone('Ada.Lovelace');
    const { docId } = await signUp(address);

    // The document: exactly the specification's keys, as today.
    const stored = s.app.store.list(newsletter.collection).at(-1)!;
    expect(Object.keys(stored).sort()).toEqual(['Date', 'Email', 'id']);
    expect(stored.Email).toBe(address);

    // Beside it, one subscriber: waiting, with the consent (when, on which page, the words shown, where from).
    const { heading, text } = site.footer.newsletter;
    expect(rowsOf(address)).toEqual([
      expect.objectContaining({
        person: personKey(address),
        email: address,
        doc_id: docId,
        state: 'waiting',
        signed_up_at: s.clock.now,
        page: '/Blog',
        consent_words: [heading, text, fill(site.privacyNote.text, { link: site.privacyNote.link.label })].join('\n'),
        source: 'linkedin',
        campaign: 'spring',
        confirmed_at: null,
      }),
    ]);

    // One mail: config's subject and words, the button's words over the link, nothing the visitor typed.
    const { link } = await linkFor(address);
    const [mail] = mailsTo(address);
    expect(mail!.email.subject).toBe(words.confirmMail.subject);
    const body = mail!.email.text ?? '';
    expect(body).toContain(words.confirmMail.text);
    expect(body).toContain(`${words.confirmMail.button}\n${link}`);
    expect(body).toContain(fill(words.confirmMail.after, { days: server.newsletter.unconfirmedDays }));
    // Whole, as a site in one language has always written it: nothing else in it, nothing moved.
    expect(body.trimEnd()).toBe(
      [words.confirmMail.text, `${words.confirmMail.button}\n${link}`, fill(words.confirmMail.after, { days: server.newsletter.unconfirmedDays })].join('\n\n'),
    );
    expect(mail!.email.html).toBeUndefined();
    for (const typed of [address, address.split('@')[0]!, 'Lovelace']) {
      expect(body).not.toContain(typed);
      expect(mail!.email.subject).not.toContain(typed);
    }

    // The same person again the same day (another case, no +tag): stored as a sign-up, one row still, no second mail.
    const again = await signUp(address.replace('+News', '').toUpperCase());
    const later = someone('Later');
    await signUp(later);
    await waitFor('the later sign-up’s mail', () => mailsTo(later).length === 1, { on: [smtp.changes] });
    expect(mailsTo(address)).toHaveLength(1);
    expect(rowsOf(address)).toEqual([expect.objectContaining({ state: 'waiting', doc_id: again.docId })]);
    expect(s.app.store.list(newsletter.collection).filter((doc) => personKey(String(doc.Email)) === personKey(address))).toHaveLength(2);
  });

  it('sent 15 spellings of one Gmail inbox (dots, googlemail.com, case, +tags) mails that inbox once that day: one mailbox, one subscriber', async () => {
    const name = `victimjoe${process.pid}x${++n}`;
    const spellings = Array.from({ length: 15 }, (_u, i) => {
      const dotted = [...name].map((c, j) => (j > 0 && (i >> j) % 2 === 1 ? `.${c}` : c)).join('');
      return `${i % 3 === 0 ? dotted.toUpperCase() : dotted}${i % 4 === 1 ? `+n${i}` : ''}@${i % 2 === 0 ? 'googlemail.com' : 'gmail.com'}`;
    });
    expect(new Set(spellings).size).toBe(15);
    for (const spelling of spellings) await signUp(spelling);
    const after = someone('AfterTheSpellings');
    await signUp(after);
    await waitFor('the next sign-up’s mail', () => mailsTo(after).length === 1, { on: [smtp.changes] });
    const inbox = smtp.mails.filter((m) =>
      m.envelope.to.some((to) =>
        to
          .toLowerCase()
          .replace(/[.]|\+[^@]*/g, '')
          .startsWith(name),
      ),
    );
    expect(inbox).toHaveLength(1);
    expect(s.app.store.db.prepare('SELECT count(*) FROM subscribers WHERE person = ?').pluck().get(`${name}@gmail.com`)).toBe(1);
  });

  it('is listed under its form but waits for nobody: not unread, not waiting (not first in the list), not counted, not in the daily mail', async () => {
    const unread = unreadCount(s.app.store, s.app.served.forms);
    const { docId } = await signUp(someone('Grace.Hopper'));
    const [row] = selectLeads(s.app.store, { docId });
    expect(row).toMatchObject({ collection: newsletter.collection, unread: false, waitingSince: null });
    expect(selectLeads(s.app.store, { collection: newsletter.collection }).map((lead) => lead.docId)).toContain(docId);
    expect(unreadCount(s.app.store, s.app.served.forms)).toBe(unread);
    expect(digestOf(s.app.store.db, s.app.served.forms, 'owner@agency.example', s.clock.now, PUBLIC_URL)?.text ?? '').not.toContain(docId);
    // A client's form beside it still waits for the agency.
    const contact = await submit(s, 'contact', { ...validData.contact, Email: someone('Client') });
    expect(selectLeads(s.app.store, { docId: contact.docId })[0]).toMatchObject({ unread: true, waitingSince: expect.any(String) });
    expect(unreadCount(s.app.store, s.app.served.forms)).toBe(unread + 1);
  });

  it('caught by the spam trap is stored as today and makes no subscriber and no mail', async () => {
    const address = someone('Robot');
    // With its puzzle solved: the trap alone puts it in the Spam folder.
    const response = await fetch(s.base + api.documents(newsletter.collection), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await proofHeaders(s.base)) },
      body: JSON.stringify({ Email: address, id: Date.now(), Date: new Date().toString(), [server.spamTrap.name]: 'http://spam.example' }),
    });
    expect(response.status).toBe(201);
    const later = someone('AfterTheRobot');
    await signUp(later);
    await waitFor('the next sign-up’s mail', () => mailsTo(later).length === 1, { on: [smtp.changes] });
    expect(rowsOf(address)).toEqual([]);
    expect(mailsTo(address)).toEqual([]);
  });
});

describe('the confirmation link', () => {
  it('opened (GET) shows one button and confirms nobody, however often; the button (POST) confirms, not from another site', async () => {
    const address = someone('Grace.Hopper');
    await signUp(address);
    const { local, token } = await linkFor(address);

    // A link scanner follows the link, twice: a page with one button, nobody confirmed.
    for (let i = 0; i < 2; i++) {
      const opened = await fetch(local);
      expect(opened.status).toBe(200);
      const html = await opened.text();
      expect(headingOf(html)).toBe(words.confirmPage.heading);
      expect(html.match(/<button/g)).toHaveLength(1);
      expect(html).toContain(`<form method="post" action="${api.newsletterConfirm}">`);
      expect(html).toContain(`value="${token}"`);
      expect(html).not.toContain(address);
      expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
      // Nothing runs; its one style by the answer's nonce; posting only to itself; never framed, kept or indexed.
      const policy = opened.headers.get('content-security-policy')!;
      expect(policy).toMatch(
        /^default-src 'none'; style-src 'nonce-[A-Za-z0-9+/=]+'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'$/,
      );
      expect(html).toContain(`<style nonce="${/'nonce-([^']+)'/.exec(policy)![1]}">`);
      expect(html).not.toMatch(/<script/i);
      expect(opened.headers.get('cache-control')).toBe('no-store');
      expect(opened.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(rowsOf(address)[0]).toMatchObject({ state: 'waiting', confirmed_at: null });
    }
    expect((await fetch(local, { method: 'HEAD' })).status).toBe(200);
    expect(rowsOf(address)[0]!.state).toBe('waiting');

    // The button's form posted from another site (the browser's Sec-Fetch-Site, or the Origin of one that sends none): the page again, nobody confirmed.
    for (const headers of [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: s.base, 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example', 'sec-fetch-site': '' },
      { origin: 'null', 'sec-fetch-site': '' },
    ]) {
      const refused = await press(token, headers);
      expect(refused.status).toBe(403);
      expect(headingOf(await refused.text())).toBe(words.confirmPage.heading);
    }
    expect(rowsOf(address)[0]!.state).toBe('waiting');

    // The button: confirmed, at the server's time, and the page says so.
    s.clock.now += 60_000;
    const pressed = await press(token);
    expect(pressed.status).toBe(200);
    const done = await pressed.text();
    expect(headingOf(done)).toBe(words.confirmed.heading);
    expect(done).not.toMatch(/<button/);
    expect(rowsOf(address)[0]).toMatchObject({ state: 'confirmed', confirmed_at: s.clock.now });

    // Pressed again, or the link opened again: confirmed already, said so; nothing changes.
    expect(headingOf(await (await press(token)).text())).toBe(words.confirmed.heading);
    expect(headingOf(await (await fetch(local)).text())).toBe(words.confirmed.heading);
    expect(rowsOf(address)[0]).toMatchObject({ state: 'confirmed', confirmed_at: s.clock.now });
    // Signing up again once confirmed: the row stays confirmed, and no other mail comes.
    await signUp(address);
    const other = someone('AfterConfirmed');
    await signUp(other);
    await waitFor('the other sign-up’s mail', () => mailsTo(other).length === 1, { on: [smtp.changes] });
    expect(mailsTo(address)).toHaveLength(1);
    expect(rowsOf(address)[0]!.state).toBe('confirmed');
  });

  it('refuses a changed, cut or made-up token, and one past its time, with a page in words; nobody is confirmed', async () => {
    const address = someone('Alan.Turing');
    await signUp(address);
    const { token } = await linkFor(address);
    const [id, seconds, mac] = token.split('.') as [string, string, string];
    const otherId = String(Number(id) + 1000);
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const forged = [`${id}.${seconds}.${flipped}`, `${otherId}.${seconds}.${mac}`, `${id}.${Number(seconds) + 86_400}.${mac}`, token.slice(0, -3), 'x', ''];
    for (const bad of forged) {
      const opened = await fetch(`${s.base}${api.newsletterConfirm}?token=${encodeURIComponent(bad)}`);
      expect(opened.status).toBe(400);
      const html = await opened.text();
      expect(headingOf(html)).toBe(words.wrongLink.heading);
      expect(html).toContain(words.wrongLink.text);
      expect(html).not.toMatch(/<button/);
      const pressed = await press(bad);
      expect(pressed.status).toBe(400);
      expect(headingOf(await pressed.text())).toBe(words.wrongLink.heading);
    }
    expect(rowsOf(address)[0]!.state).toBe('waiting');

    // Past its time (the sign-up's unconfirmedDays; the server's clock only moves on): the row still
    // waits until the housekeeping deletes it, and the link refuses.
    s.clock.now = rowsOf(address)[0]!.signed_up_at + server.newsletter.unconfirmedDays * DAY;
    const expired = { heading: words.expired.heading, text: fill(words.expired.text, { days: server.newsletter.unconfirmedDays }) };
    for (const answer of [await fetch(`${s.base}${api.newsletterConfirm}?token=${token}`), await press(token)]) {
      expect(answer.status).toBe(410);
      const html = await answer.text();
      expect(headingOf(html)).toBe(expired.heading);
      expect(html).toContain(expired.text);
    }
    expect(rowsOf(address)[0]!.state).toBe('waiting');
  });
});

describe('sign-ups never confirmed', () => {
  it('are deleted after unconfirmedDays (their documents stay, under the form’s own retention); confirmed ones stay', async () => {
    const waiting = someone('Never.Confirmed');
    const confirmed = someone('Confirmed');
    await signUp(waiting);
    await signUp(confirmed);
    const { token } = await linkFor(confirmed);
    expect((await press(token)).status).toBe(200);
    const signedUpAt = rowsOf(waiting)[0]!.signed_up_at;
    const documents = s.app.store.count(newsletter.collection);

    // At the end's moment: kept (the earlier tests' sign-ups, a period older, go).
    dropUnconfirmed(s.app.store.db, signedUpAt + server.newsletter.unconfirmedDays * DAY);
    expect(rowsOf(waiting)).toHaveLength(1);

    // The server's own housekeeping, at its start a moment after the end (a second server on the same data, its clock moved on).
    const later = await startServer({ dataDir: s.dataDir, clock: () => signedUpAt + server.newsletter.unconfirmedDays * DAY + 1 });
    try {
      const states = later.app.store.db.prepare('SELECT person, state FROM subscribers WHERE person IN (?, ?)').all(personKey(waiting), personKey(confirmed));
      expect(states).toEqual([{ person: personKey(confirmed), state: 'confirmed' }]);
      expect(later.app.store.count(newsletter.collection)).toBe(documents);
    } finally {
      await later.close();
    }
  });
});
