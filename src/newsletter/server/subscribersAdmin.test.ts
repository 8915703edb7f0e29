/**
 * The newsletter's subscribers in the inbox, against our real server over real HTTP and a real
 * SQLite file, signed in as the inbox is: the states with their counts, paged and searched by the
 * database, the CSV (formula-safe, as the leads' is), an owner unsubscribing someone by hand, and
 * only owners (an editor is refused). Sign-ups come through the form's own route; this server has
 * no mail settings, so the inbox says that nobody gets the confirmation mail.
 */
import admin from '../../../config/admin';
import server from '../../../config/server';
import { PAGE_SIZES } from '../../leads/model/adminApi';
import { adminRoutes, pathOf } from '../../platform/inboxRoutes';
import { api } from '../../platform/api';
import { encodeAttribution } from '../../site/model/attribution';
import { personKey } from '../../leads/model/person';
import type { SubscriberList, SubscriberSummary } from '../model/subscribers';
import { addAccount, Client, startSignedIn, submit, type TestServer } from '../../test/adminServer';
import { parseCsv } from '../../test/csv';

jest.setTimeout(60_000);

let s: TestServer;
let owner: Client;
beforeAll(async () => {
  ({ server: s, client: owner } = await startSignedIn());
});
afterAll(() => s?.close());

const signUp = (email: string, source?: Parameters<typeof encodeAttribution>[0]) =>
  submit(s, 'newsletter', { Email: email }, source ? { [api.sourceHeader]: encodeAttribution(source) } : {});
const list = async (query: Record<string, string>) => {
  const response = await owner.send('GET', `${adminRoutes.subscribers.path}?${new URLSearchParams(query).toString()}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SubscriberList;
};
const idOf = (email: string) => s.app.store.db.prepare('SELECT id FROM subscribers WHERE person = ?').pluck().get(personKey(email)) as number;
/** Confirmed as the confirmation page's button does it (its own tests: signup.test.ts). */
const confirm = (email: string) =>
  s.app.store.db.prepare("UPDATE subscribers SET state = 'confirmed', confirmed_at = ? WHERE person = ?").run(s.clock.now, personKey(email));

it('lists each state with its count, a page at a time from the database, searched by address; the CSV holds the view, formula-safe', async () => {
  const size = PAGE_SIZES[0];
  const many = Array.from({ length: size + 5 }, (_, i) => `reader${String(i).padStart(3, '0')}@paged.example`);
  for (const email of many) await signUp(email);
  // A campaign whose name a spreadsheet would run, from a visit's link.
  await signUp('=cmd@formula.example', { formPage: '/', utmSource: 'newsletter', utmCampaign: '=HYPERLINK("https://evil.example","x")' });
  for (const email of many.slice(0, 3)) confirm(email);

  const waiting = await list({ state: 'waiting' });
  expect(waiting.counts).toEqual({ waiting: size + 3, confirmed: 3, unsubscribed: 0, bounced: 0 });
  expect(waiting.total).toBe(size + 3);
  expect(waiting.subscribers).toHaveLength(size);
  // The latest sign-up leads; the next page holds the rest.
  expect(waiting.subscribers[0]!.email).toBe('=cmd@formula.example');
  const second = await list({ state: 'waiting', page: '1' });
  expect(second.offset).toBe(size);
  expect(second.subscribers.map((row) => row.email)).toEqual(many.slice(3, 6).reverse());
  // No mail settings on this server: the inbox says nobody gets the confirmation mail.
  expect(waiting.mailOn).toBe(false);

  // The default view: the confirmed ones.
  const confirmed = await list({});
  expect(confirmed.subscribers.map((row) => row.email)).toEqual(many.slice(0, 3).reverse());
  expect(confirmed.subscribers[0]).toEqual(
    expect.objectContaining({
      state: 'confirmed',
      confirmedAt: s.clock.now,
      signedUpAt: s.clock.now,
      page: null,
      source: '',
      campaign: null,
    } satisfies Partial<SubscriberSummary>),
  );

  // Search: a part of the address, any case; every state's count follows it.
  const found = await list({ state: 'waiting', q: 'READER02' });
  expect(found.subscribers.map((row) => row.email)).toEqual(many.slice(20, 30).reverse());
  expect(found.counts).toEqual({ waiting: 10, confirmed: 0, unsubscribed: 0, bounced: 0 });

  // A view the server does not know.
  for (const query of [{ state: 'everyone' }, { pageSize: '1000' }, { page: '-1' }, { q: 'x'.repeat(300) }] as Record<string, string>[]) {
    expect((await owner.send('GET', `${adminRoutes.subscribers.path}?${new URLSearchParams(query).toString()}`)).status).toBe(400);
  }

  // The CSV of the waiting ones matching "formula": the campaign made inert for a spreadsheet.
  const exported = await owner.send('GET', `${adminRoutes.subscribersExport.path}?${new URLSearchParams({ state: 'waiting', q: 'formula' }).toString()}`);
  expect(exported.status).toBe(200);
  expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="subscribers-waiting-formula-\d{4}-\d{2}-\d{2}\.csv"$/);
  const text = await exported.text();
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  const c = admin.subscribers.columns;
  expect(header).toEqual([c.email, c.state, c.signedUpAt, c.page, c.source, c.campaign, c.confirmedAt, c.unsubscribedAt, c.bouncedAt, c.consentWords]);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.slice(0, 6)).toEqual([
    "'=cmd@formula.example",
    admin.subscribers.states.waiting,
    expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    '/',
    'newsletter',
    `'=HYPERLINK("https://evil.example","x")`,
  ]);
  // Every waiting one, more than a page: the export is not paged.
  const all = parseCsv((await (await owner.send('GET', `${adminRoutes.subscribersExport.path}?state=waiting`)).text()).replace(/^\uFEFF/, ''));
  expect(all).toHaveLength(1 + size + 3);
});

it('an owner unsubscribes someone by hand; once unsubscribed, a new sign-up waits for its own confirmation', async () => {
  const email = 'ends.by.hand@example.com';
  await signUp(email);
  confirm(email);
  const id = String(idOf(email));
  s.clock.now += 1000;
  const done = await owner.change('POST', pathOf('unsubscribe', { subscriberId: id }));
  expect(done.status).toBe(200);
  expect(await done.json()).toEqual(expect.objectContaining({ email, state: 'unsubscribed', unsubscribedAt: s.clock.now }));
  // Again: nothing to do; no such subscriber.
  const again = await owner.change('POST', pathOf('unsubscribe', { subscriberId: id }));
  expect(again.status).toBe(409);
  expect(await again.json()).toEqual({ message: server.admin.messages.notSubscribed });
  for (const unknown of ['999999999', 'abc', '0']) {
    const missing = await owner.change('POST', pathOf('unsubscribe', { subscriberId: unknown }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: server.admin.messages.unknownSubscriber });
  }
  // Without the session's CSRF token: refused, nothing changes.
  await signUp('no.csrf@example.com');
  expect(
    (await owner.send('POST', pathOf('unsubscribe', { subscriberId: String(idOf('no.csrf@example.com')) }), { headers: { 'sec-fetch-site': 'same-origin' } }))
      .status,
  ).toBe(403);
  expect((await list({ state: 'waiting', q: 'no.csrf' })).total).toBe(1);

  // They sign up again: waiting for a new confirmation, the same row (one per person).
  await signUp(email.toUpperCase());
  const row = (await list({ state: 'waiting', q: 'ends.by.hand' })).subscribers;
  expect(row).toEqual([expect.objectContaining({ id: Number(id), email: email.toUpperCase(), state: 'waiting', confirmedAt: null })]);
});

it('is for owners only: an editor is refused every subscribers route', async () => {
  await addAccount(s, 'editor@agency.test', undefined, 'editor');
  const editor = new Client(s.base);
  expect((await editor.signIn('editor@agency.test')).status).toBe(204);
  await signUp('for.owners@example.com');
  for (const [route, send] of [
    ['subscribers', () => editor.send('GET', adminRoutes.subscribers.path)],
    ['subscribersExport', () => editor.send('GET', adminRoutes.subscribersExport.path)],
    ['unsubscribe', () => editor.change('POST', pathOf('unsubscribe', { subscriberId: String(idOf('for.owners@example.com')) }))],
  ] as const) {
    const refused = await send();
    expect([route, refused.status]).toEqual([route, 403]);
    expect(await refused.json()).toEqual({ message: server.admin.messages.ownersOnly });
  }
  expect((await list({ state: 'waiting', q: 'for.owners' })).total).toBe(1);
});
