/**
 * The inbox's live updates (live.ts) over real HTTP: our real server listening on a free port, a
 * real SQLite file, streams read as a browser's EventSource reads them (text/event-stream, parsed
 * here). A screen is told of a new lead and of each change, never of what the visitor wrote; an
 * account has at most its bound of streams; a screen that comes back with Last-Event-ID gets
 * what it missed; signing out and the server's stop close the streams (the stop does not wait on
 * them). Every wait is for a message, never a time.
 */
import server from '../../../config/server';
import { LIVE_EVENTS } from '../model/adminApi';
import { adminRoutes, pathOf } from '../../platform/inboxRoutes';
import { fill } from '../../schema/text';
import { validData } from '../../test/formFixtures';
import { addAccount, Client, startServer, submit, type TestServer } from '../../test/adminServer';
import { Changes, waitFor } from '../../test/receivers';
import { leadEventsOf } from './leadEvents';

interface Message {
  id?: string;
  event: string;
  data: unknown;
}

/** A screen's stream: its answer, the messages so far (parsed as EventSource does), and whether it ended. */
async function listen(client: Client, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(client.base + adminRoutes.live.path, { headers: { cookie, ...headers }, signal: abort.signal });
  const messages: Message[] = [];
  const changes = new Changes();
  let raw = '';
  let ended = false;
  if (response.ok) {
    void (async () => {
      const decoder = new TextDecoder();
      let pending = '';
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const text = decoder.decode(chunk, { stream: true });
        raw += text;
        pending += text;
        for (let end = pending.indexOf('\n\n'); end >= 0; end = pending.indexOf('\n\n')) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':') && line.includes(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
          );
          if (fields.event) messages.push({ ...(fields.id ? { id: fields.id } : {}), event: fields.event, data: JSON.parse(fields.data ?? 'null') });
        }
        changes.notify();
      }
    })()
      .catch(() => undefined)
      .finally(() => {
        ended = true;
        changes.notify();
      });
  }
  return {
    response,
    messages,
    raw: () => raw,
    ended: () => ended,
    /** Resolves once a message satisfies `wanted` (the first such). */
    async next(what: string, wanted: (message: Message) => boolean): Promise<Message> {
      await waitFor(what, () => messages.some(wanted), { on: [changes] });
      return messages.find(wanted)!;
    },
    until: (what: string, ready: () => boolean) => waitFor(what, ready, { on: [changes] }),
    close: () => abort.abort(),
  };
}
type Listening = Awaited<ReturnType<typeof listen>>;

const about = (docId: string, kind: string) => (message: Message) =>
  message.event === LIVE_EVENTS.lead && (message.data as { lead: string; kind: string }).lead === docId && (message.data as { kind: string }).kind === kind;

let s: TestServer;
let owner: Client;
const open: Listening[] = [];
beforeAll(async () => {
  s = await startServer();
  await addAccount(s, 'owner@agency.test');
  await addAccount(s, 'other@agency.test');
  await addAccount(s, 'editor@agency.test', undefined, 'editor');
  owner = new Client(s.base);
  expect((await owner.signIn('owner@agency.test')).status).toBe(204);
});
afterEach(async () => {
  for (const stream of open.splice(0)) stream.close();
  await waitFor('the server to let the streams go', () => s.app.liveUpdates!.count() === 0, 5000);
});
afterAll(() => s.close());

const watch = async (client = owner, headers: Record<string, string> = {}) => {
  const stream = await listen(client, headers);
  open.push(stream);
  return stream;
};

it('a screen is told of a new lead, of each change and of the inbox\u2019s number, and never of what the visitor wrote', async () => {
  const screen = await watch();
  expect(screen.response.status).toBe(200);
  expect(screen.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(screen.response.headers.get('cache-control')).toBe('no-store');
  const first = await screen.next('the inbox\u2019s number', (m) => m.event === LIVE_EVENTS.unread);
  const before = (first.data as { unread: number }).unread;

  const values = { ...validData.contact, Fullname: 'Zelda Quarrington', Email: 'zelda.quarrington@example.net', Messsage: 'A secret project about marmalade' };
  const { docId } = await submit(s, 'contact', values);
  const stored = await screen.next('the new lead', about(docId, 'stored'));
  expect(Number(stored.id)).toBeGreaterThan(0);
  await screen.until('the number with it', () =>
    screen.messages.some((m) => m.event === LIVE_EVENTS.unread && (m.data as { unread: number }).unread === before + 1),
  );

  expect((await owner.change('PATCH', pathOf('updateLead', { docId }), { json: { read: true } })).status).toBe(200);
  const read = await screen.next('the lead read', about(docId, 'read'));
  expect(Number(read.id)).toBeGreaterThan(Number(stored.id));
  await screen.until(
    'the number after it',
    () => screen.messages.at(-1)?.event === LIVE_EVENTS.unread && (screen.messages.at(-1)!.data as { unread: number }).unread === before,
  );
  expect((await owner.change('PATCH', pathOf('updateLead', { docId }), { json: { status: 'archived' } })).status).toBe(200);
  await screen.next('the lead archived', about(docId, 'updated'));

  // Ids, kinds and counts: nothing the visitor typed.
  for (const value of [values.Fullname, values.Email, 'marmalade', 'Zelda']) expect(screen.raw()).not.toContain(value);
});

it('a known person’s new submission (another case, a +tag) is unread and waits for the agency again, its event saying so', async () => {
  const screen = await watch();
  const { docId: first } = await submit(s, 'contact', { ...validData.contact, Email: 'Known.Person@example.net' });
  expect((await owner.change('PATCH', pathOf('updateLead', { docId: first }), { json: { status: 'archived' } })).status).toBe(200);
  const { docId: again } = await submit(s, 'inquiry', { ...validData.inquiry, Email: 'known.person+quote@EXAMPLE.net' });
  await screen.next('the new submission', about(again, 'stored'));
  const row = (docId: string) => s.app.store.db.prepare('SELECT unread, waiting_since IS NOT NULL AS waiting FROM leads WHERE doc_id = ?').get(docId);
  expect(row(first)).toEqual({ unread: 0, waiting: 0 });
  expect(row(again)).toEqual({ unread: 1, waiting: 1 });
  expect(leadEventsOf(s.app.store.db, first).find((event) => event.kind === 'stored')?.data).toEqual({});
  expect(leadEventsOf(s.app.store.db, again).find((event) => event.kind === 'stored')?.data).toEqual({ again: true });
});

it('only owners: an editor gets 403, no session 401', async () => {
  const editor = new Client(s.base);
  expect((await editor.signIn('editor@agency.test')).status).toBe(204);
  const refused = await watch(editor);
  expect(refused.response.status).toBe(403);
  expect(await refused.response.json()).toEqual({ message: server.admin.messages.ownersOnly });
  expect((await watch(new Client(s.base))).response.status).toBe(401);
});

it(`an account has at most ${server.admin.live.perAccount} streams open: one more is refused until one closes; another account has its own`, async () => {
  const { perAccount } = server.admin.live;
  const screens = await Promise.all(Array.from({ length: perAccount }, () => watch()));
  expect(screens.map((screen) => screen.response.status)).toEqual(screens.map(() => 200));
  await Promise.all(screens.map((screen) => screen.next('the first number', (m) => m.event === LIVE_EVENTS.unread)));
  expect(s.app.liveUpdates!.count('owner@agency.test')).toBe(perAccount);

  const refused = await watch();
  expect(refused.response.status).toBe(429);
  expect(await refused.response.json()).toEqual({ message: fill(server.admin.messages.tooManyScreens, { max: perAccount }) });
  const other = new Client(s.base);
  expect((await other.signIn('other@agency.test')).status).toBe(204);
  expect((await watch(other)).response.status).toBe(200);

  screens[0]!.close();
  await waitFor('the closed stream let go', () => s.app.liveUpdates!.count('owner@agency.test') === perAccount - 1, 5000);
  expect((await watch()).response.status).toBe(200);
});

it('a screen that comes back with the last id it saw is sent what it missed, in order; an id it cannot have seen gets reset', async () => {
  const screen = await watch();
  const { docId: seen } = await submit(s, 'inquiry', validData.inquiry);
  const last = await screen.next('a lead', about(seen, 'stored'));
  screen.close();
  await waitFor('the stream let go', () => s.app.liveUpdates!.count('owner@agency.test') === 0, 5000);

  // Missed while away: two leads, and one of them read.
  const { docId: a } = await submit(s, 'inquiry', validData.inquiry);
  const { docId: b } = await submit(s, 'contact', validData.contact);
  expect((await owner.change('PATCH', pathOf('updateLead', { docId: a }), { json: { read: true } })).status).toBe(200);

  const back = await watch(owner, { 'last-event-id': last.id! });
  await back.next('what it missed', about(a, 'read'));
  const missed = back.messages.filter((m) => m.event === LIVE_EVENTS.lead).map((m) => [(m.data as { lead: string }).lead, (m.data as { kind: string }).kind]);
  expect(missed).toEqual([
    [a, 'stored'],
    [b, 'stored'],
    [a, 'read'],
  ]);
  const ids = back.messages.filter((m) => m.id !== undefined).map((m) => Number(m.id));
  expect(ids).toEqual([...ids].sort((x, y) => x - y));
  expect(ids[0]).toBeGreaterThan(Number(last.id));

  for (const id of ['999999999', 'not-a-number']) {
    const lost = await watch(owner, { 'last-event-id': id });
    await lost.next('a reset', (m) => m.event === LIVE_EVENTS.reset);
    expect(lost.messages.filter((m) => m.event === LIVE_EVENTS.lead)).toEqual([]);
  }
});

it('a lead deleted (it leaves no event) is told as a change of the leads; signing out closes the session\u2019s streams', async () => {
  const client = new Client(s.base);
  expect((await client.signIn('owner@agency.test')).status).toBe(204);
  const screen = await watch(client);
  const elsewhere = await watch();
  const { docId } = await submit(s, 'contact', validData.contact);
  await screen.next('the new lead', about(docId, 'stored'));
  expect((await client.change('DELETE', pathOf('deleteLead', { docId }))).status).toBe(200);
  await screen.next('the leads changed', (m) => m.event === LIVE_EVENTS.leads);

  expect((await client.change('POST', adminRoutes.signOut.path)).status).toBe(204);
  await screen.until('the stream closed', screen.ended);
  // The owner's other session keeps its stream.
  expect(elsewhere.ended()).toBe(false);
  expect(s.app.liveUpdates!.count('owner@agency.test')).toBe(1);
});

it('signing out on all devices closes every stream of the account at once; another account keeps its own', async () => {
  const phone = new Client(s.base);
  expect((await phone.signIn('other@agency.test', undefined, {}, true)).status).toBe(204);
  const desk = new Client(s.base);
  expect((await desk.signIn('other@agency.test')).status).toBe(204);
  const screens = [await watch(phone), await watch(desk)];
  const owners = await watch();
  await Promise.all([...screens, owners].map((screen) => screen.next('the first number', (m) => m.event === LIVE_EVENTS.unread)));

  expect((await desk.change('POST', adminRoutes.signOutEverywhere.path)).status).toBe(204);
  await Promise.all(screens.map((screen) => screen.until('the stream closed', screen.ended)));
  expect(owners.ended()).toBe(false);
  expect(s.app.liveUpdates!.count('other@agency.test')).toBe(0);
});

it('the server\u2019s stop closes the open streams and does not wait on them', async () => {
  const other = await startServer();
  try {
    await addAccount(other, 'owner@agency.test');
    const client = new Client(other.base);
    expect((await client.signIn('owner@agency.test')).status).toBe(204);
    const screens = await Promise.all([listen(client), listen(client)]);
    await Promise.all(screens.map((screen) => screen.next('the first number', (m) => m.event === LIVE_EVENTS.unread)));
    await other.close();
    await Promise.all(screens.map((screen) => screen.until('the stream closed', screen.ended)));
  } finally {
    await other.close().catch(() => undefined);
  }
});
