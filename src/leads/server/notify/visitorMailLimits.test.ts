/**
 * Visitor mail that no stranger can use up, against real parts: our server over real HTTP on a real
 * SQLite file, a real SMTP server in this process, posts from many client networks as a proxy on
 * this machine names them (X-Forwarded-For), and an owner signed in as the inbox does. The limits
 * come from config/server.ts notifications.autoReply; the notifications' clock is moved a day on
 * by the test (a form posted then wakes the worker, as a visitor would).
 */
import server from '../../../../config/server';
import site from '../../../../config/site';
import { type LeadDetail, type VisitorMailHeld } from '../../model/adminApi';
import { pathOf } from '../../../platform/inboxRoutes';
import type { SubscriberList, SubscriberSummary } from '../../../newsletter/model/subscribers';
import { personKey } from '../../model/person';
import { api } from '../../../platform/api';
import { validData } from '../../../test/formFixtures';
import { startSignedIn, submit, type Client, type TestServer } from '../../../test/adminServer';
import { mailSettingsTo, type SmtpReceiver, startSmtp, waitFor } from '../../../test/receivers';

jest.setTimeout(300_000);

const DAY = 86_400_000;
const limits = server.notifications.autoReply;
const messages = server.admin.messages;

let smtp: SmtpReceiver;
let s: TestServer;
let owner: Client;
/** The notifications' clock: the real time, moved a day on by a test. */
const clock = { offset: 0 };

beforeEach(async () => {
  clock.offset = 0;
  smtp = await startSmtp();
  const settings = mailSettingsTo(smtp.port);
  ({ server: s, client: owner } = await startSignedIn({
    // Each of the 300 posts solves a puzzle first: small ones (the proof is checked all the same;
    // config's size is pinned by proofOfWork.test.ts), not a third of a minute of one core in searching.
    proofMaxNumber: 1000,
    // The network's share as configured (the test server raises the forms' limits for its many posts from one address).
    notifications: { settings, clock: () => Date.now() + clock.offset, log: { warn: () => undefined }, rateLimitFactor: 1 },
  }));
});
afterEach(async () => {
  await s?.close();
  await smtp?.close();
});

let n = 0;
const someone = (name: string) => `${name}.${process.pid}.${++n}@example.com`;
const mailsTo = (address: string) => smtp.mails.filter((m) => m.envelope.to.some((to) => personKey(to) === personKey(address)));
const from = (client: string) => ({ 'x-forwarded-for': client });
/** An IPv6 network of its own (a /64) for each i. */
const network6 = (i: number) => `2001:db8:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::${(i % 7) + 1}`;

const subscriberOf = async (address: string, state = 'waiting'): Promise<SubscriberSummary> => {
  const response = await owner.send('GET', `${pathOf('subscribers')}?state=${state}&q=${encodeURIComponent(address.split('@')[0]!)}`);
  const list = (await response.json()) as SubscriberList;
  return list.subscribers.find((row) => personKey(row.email) === personKey(address))!;
};
const held = async () => (await (await owner.send('GET', pathOf('visitorMail'))).json()) as NonNullable<VisitorMailHeld>;

it('300 sign-ups of made-up addresses from 300 networks leave the auto-reply of a real lead at once, and a real sign-up its confirmation the next day, shown as held meanwhile', async () => {
  const flood = Array.from({ length: 300 }, (_u, i) => `made.up.${process.pid}.${i}@example.net`);
  for (const [i, address] of flood.entries()) await submit(s, 'newsletter', { Email: address }, from(network6(i)));
  // The day's share of confirmations is sent; the rest is held for the next day, none dropped.
  await waitFor('the day’s confirmations', () => smtp.mails.length >= limits.confirmationsPerDay, { on: [smtp.changes], ms: 240_000 });

  // A real lead still gets its auto-reply, now: the day keeps its share for them.
  const lead = someone('Real.Client');
  await submit(s, 'contact', { ...validData.contact, Email: lead }, from('192.0.2.10'));
  await waitFor('the real lead’s auto-reply', () => mailsTo(lead).length === 1, { on: [smtp.changes] });

  // A real sign-up: stored, its confirmation held for the next day, and shown as held.
  const real = someone('Real.Reader');
  const { docId } = await submit(s, 'newsletter', { Email: real }, from('198.51.100.7'));
  expect(await subscriberOf(real)).toMatchObject({ state: 'waiting', confirmation: 'day' });
  // Its lead's page shows the mail held, and until when: the next day's start.
  const detail = (await (await owner.send('GET', pathOf('lead', { docId }))).json()) as LeadDetail;
  const nextDay = (Math.floor((Date.now() + clock.offset) / DAY) + 1) * DAY;
  expect(detail.mails).toEqual([expect.objectContaining({ kind: 'autoReply', state: 'pending', heldUntil: expect.any(Number) })]);
  expect(Math.floor((detail.mails[0] as { heldUntil: number }).heldUntil / DAY) * DAY).toBe(nextDay);
  expect(await held()).toMatchObject({ confirmations: flood.length - limits.confirmationsPerDay + 1, autoReplies: 0, forOwner: 0 });
  expect(mailsTo(real)).toEqual([]);

  // The next day the held mails go, within that day's count: the real reader's among them.
  clock.offset = DAY;
  await submit(s, 'contact', { ...validData.contact, Email: someone('Next.Day') }, from('192.0.2.11'));
  await waitFor('the real sign-up’s confirmation', () => mailsTo(real).length === 1, { on: [smtp.changes], ms: 240_000 });
  expect(mailsTo(real)[0]!.email.subject).toBe(site.newsletter.confirmMail.subject);
  expect(await subscriberOf(real)).toMatchObject({ confirmation: expect.stringMatching(/^(sent|pending)$/) });
  expect(flood.every((address) => mailsTo(address).length <= 1)).toBe(true);
});

it('a network over its share of the day: its sign-ups are kept but not mailed until an owner sends one, once, never to a confirmed subscriber; its auto-replies are not sent, another network’s are', async () => {
  const network = (i: number) => `203.0.113.${i + 1}`;
  const signUps = Array.from({ length: limits.perNetworkPerDay + 1 }, (_u, i) => someone(`Same.Net${i}`));
  for (const [i, address] of signUps.entries()) await submit(s, 'newsletter', { Email: address }, from(network(i)));
  const last = signUps.at(-1)!;
  await waitFor('the share’s confirmations', () => signUps.slice(0, -1).every((address) => mailsTo(address).length === 1), { on: [smtp.changes] });
  expect(await subscriberOf(last)).toMatchObject({ state: 'waiting', confirmation: 'owner' });
  expect(await held()).toMatchObject({ forOwner: 1 });

  // An auto-reply from that network: not sent; from another network: sent.
  const flooded = someone('From.The.Flood');
  const elsewhere = someone('From.Elsewhere');
  await submit(s, 'contact', { ...validData.contact, Email: flooded }, from('203.0.113.200'));
  await submit(s, 'contact', { ...validData.contact, Email: elsewhere }, from('2001:db8:ffff:1::1'));
  await waitFor('the other network’s auto-reply', () => mailsTo(elsewhere).length === 1, { on: [smtp.changes] });
  expect(mailsTo(flooded)).toEqual([]);
  expect(await held()).toMatchObject({ refusedToday: 1 });

  // The owner sends the held one: it goes, once; a second press the same day is refused.
  const row = await subscriberOf(last);
  const resend = () => owner.change('POST', pathOf('resendConfirmation', { subscriberId: String(row.id) }));
  const sent = await resend();
  expect(sent.status).toBe(200);
  expect(((await sent.json()) as SubscriberSummary).confirmation).not.toBe('owner');
  await waitFor('the confirmation sent by the owner', () => mailsTo(last).length === 1, { on: [smtp.changes] });
  const again = await resend();
  expect(again.status).toBe(409);
  expect(await again.json()).toEqual({ message: messages.confirmationToday });
  expect(await held()).toMatchObject({ forOwner: 0 });

  // A confirmed subscriber is refused, and gets nothing.
  const text = mailsTo(signUps[0]!)[0]!.email.text ?? '';
  const token = new URL(new RegExp(`https://www\\.agency\\.example${api.newsletterConfirm}\\?token=[A-Za-z0-9._-]+`).exec(text)![0]).searchParams.get('token')!;
  const confirmed = await fetch(s.base + api.newsletterConfirm, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.base, 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({ token }).toString(),
  });
  expect(confirmed.status).toBe(200);
  const confirmedRow = await subscriberOf(signUps[0]!, 'confirmed');
  const refused = await owner.change('POST', pathOf('resendConfirmation', { subscriberId: String(confirmedRow.id) }));
  expect(refused.status).toBe(409);
  expect(await refused.json()).toEqual({ message: messages.notWaiting });
  expect(mailsTo(signUps[0]!)).toHaveLength(1);
});
