/**
 * Staying signed in on the owner's phone, against our real server over real HTTP with a clock the
 * test moves: the sign-in's remember box makes a session that lasts while it is used
 * (each request moves its end, rememberedDays without one ends it; its cookie outlives the
 * browser and goes with each answer); the actions that expose or destroy data (PASSWORD_AGAIN_ROUTES
 * and the list's bulk delete) ask for the password again once it was typed more than
 * passwordAgainMinutes ago, with a refusal of their own, and go through once it is typed (checked
 * and throttled as at the sign-in); signing out on all devices ends every session of the account.
 */
import server from '../../../../config/server';
import { PASSWORD_AGAIN } from '../../signIn';
import { adminRoutes, PASSWORD_AGAIN_ROUTES, pathOf, type AdminRoute } from '../../inboxRoutes';
import { addAccount, Client, holdPasswordChecks, PASSWORD, startServer, submit, type TestServer } from '../../../test/adminServer';
import { validData } from '../../../test/formFixtures';
import { SESSION_COOKIE } from '../../../apps/server/admin/routes';
import { accountOfLiveSession, sweepSessions } from './sessions';

const admin = server.admin;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const OWNER = 'owner@agency.test';

let s: TestServer;
beforeEach(async () => {
  s = await startServer();
  await addAccount(s, OWNER);
});
afterEach(() => s.close());

const sessionLine = (client: Client) => client.lastSetCookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
const sessionRows = () => s.app.store.db.prepare('SELECT count(*) FROM sessions').pluck().get() as number;
const signedIn = async (remember?: boolean) => {
  const client = new Client(s.base);
  expect((await client.signIn(OWNER, PASSWORD, {}, remember)).status).toBe(204);
  return client;
};

describe('a remembered device', () => {
  it(`stays signed in while it is used (${admin.rememberedDays} days from each request), and its cookie outlives the browser with each answer`, async () => {
    const phone = await signedIn(true);
    // A cookie with an end (the browser keeps it when it closes), rememberedDays from now.
    const ends = (line: string | undefined) => Date.parse(/Expires=([^;]+)/.exec(line ?? '')?.[1] ?? '');
    const first = ends(sessionLine(phone));
    expect(first - Date.now()).toBeGreaterThan((admin.rememberedDays - 1) * DAY);

    // Used every few weeks for months: past the idle timeout and the absolute one of other sessions.
    for (let i = 0; i < 4; i++) {
      s.clock.now += (admin.rememberedDays - 1) * DAY;
      const me = await phone.send('GET', adminRoutes.me.path);
      expect(me.status).toBe(200);
      // Each answer gives the cookie again, its end moved.
      expect(ends(sessionLine(phone))).toBeGreaterThanOrEqual(first);
      expect(sweepSessions(s.app.store, s.clock.now)).toBe(0);
    }
    // Idle for its days: it has ended, and its row goes.
    s.clock.now += admin.rememberedDays * DAY + 1;
    expect(sweepSessions(s.app.store, s.clock.now)).toBe(1);
    expect((await phone.send('GET', adminRoutes.me.path)).status).toBe(401);
  });

  it(`ends after ${admin.rememberedDays} days without a request, read at its next request`, async () => {
    const phone = await signedIn(true);
    s.clock.now += admin.rememberedDays * DAY + 1;
    expect((await phone.send('GET', adminRoutes.me.path)).status).toBe(401);
    expect(sessionRows()).toBe(0);
  });

  it(`without it: a cookie for this browser session only, and the session ends after ${admin.idleMinutes} idle minutes`, async () => {
    const laptop = await signedIn(false);
    expect(sessionLine(laptop)).not.toMatch(/Expires=|Max-Age=/);
    for (let i = 0; i < 2; i++) {
      expect((await laptop.send('GET', adminRoutes.me.path)).status).toBe(200);
      expect(sessionLine(laptop) ?? '').not.toMatch(/Expires=|Max-Age=/);
    }
    s.clock.now += admin.idleMinutes * MINUTE + 1;
    expect((await laptop.send('GET', adminRoutes.me.path)).status).toBe(401);
  });

  it('a stream that outlives its request (the live updates) is told its session is alive by the same rule: a remembered device past the idle minutes still is', async () => {
    const idOf = (remembered: boolean) =>
      s.app.store.db
        .prepare("SELECT id FROM sessions WHERE coalesce(json_extract(data, '$.remembered'), 0) = ?")
        .pluck()
        .get(remembered ? 1 : 0) as string;
    await signedIn(true);
    await signedIn(false);
    const alive = () => [accountOfLiveSession(s.app.store, idOf(true), s.clock.now), accountOfLiveSession(s.app.store, idOf(false), s.clock.now)];
    expect(alive()).toEqual([OWNER, OWNER]);
    s.clock.now += admin.idleMinutes * MINUTE + 1;
    expect(alive()).toEqual([OWNER, undefined]);
    s.clock.now += admin.rememberedDays * DAY;
    expect(alive()).toEqual([undefined, undefined]);
    expect(accountOfLiveSession(s.app.store, 'no such session', s.clock.now)).toBeUndefined();
  });

  it('a sign-in whose "remember" is not true or false is refused', async () => {
    const client = new Client(s.base);
    const { csrfToken } = await client.signInState();
    const response = await client.send('POST', '/api/session', {
      json: { email: OWNER, password: PASSWORD, remember: 'yes' },
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(response.status).toBe(400);
  });
});

describe(`the password again, after ${admin.passwordAgainMinutes} minutes`, () => {
  interface Lead {
    docId: string;
    email: string;
  }
  /** Each action that asks for it, done on a lead (a person) of its own; answers the response. */
  const actions: Record<string, (client: Client, lead: Lead) => Promise<Response>> = {
    erasurePreview: (client, { email }) => client.change('POST', adminRoutes.erasurePreview.path, { json: { email } }),
    erase: (client, { email }) => client.change('POST', adminRoutes.erase.path, { json: { email, confirm: email.toUpperCase() } }),
    export: (client) => client.send('GET', `${adminRoutes.export.path}?format=csv`),
    subscribersExport: (client) => client.send('GET', `${adminRoutes.subscribersExport.path}?state=confirmed`),
    deleteLead: (client, { docId }) => client.change('DELETE', pathOf('deleteLead', { docId })),
    bulkDelete: (client, { docId }) => client.change('POST', adminRoutes.bulk.path, { json: { action: 'delete', docIds: [docId] } }),
    // What changes how the account signs in (src/platform/server/accounts/secondFactor.ts).
    totpStart: (client) => client.change(adminRoutes.totpStart.method, adminRoutes.totpStart.path),
    totpRemove: (client) => client.change(adminRoutes.totpRemove.method, adminRoutes.totpRemove.path),
    passkeyOptions: (client) => client.change(adminRoutes.passkeyOptions.method, adminRoutes.passkeyOptions.path),
    passkeyRemove: (client) => client.change(adminRoutes.passkeyRemove.method, pathOf('passkeyRemove', { passkeyId: 'none' })),
    recoveryCodes: (client) => client.change(adminRoutes.recoveryCodes.method, adminRoutes.recoveryCodes.path),
    secondFactorRequired: (client) =>
      client.change(adminRoutes.secondFactorRequired.method, adminRoutes.secondFactorRequired.path, { json: { required: false } }),
  };
  let people = 0;
  const newLead = async (): Promise<Lead> => {
    const email = `person${++people}@example.com`;
    return { docId: (await submit(s, 'inquiry', { ...validData.inquiry, Email: email })).docId, email };
  };

  it('covers every route that asks for it (a new one is tested here too)', () => {
    expect(PASSWORD_AGAIN_ROUTES.filter((route) => !(route in actions))).toEqual([]);
  });

  for (const [name, act] of Object.entries(actions)) {
    it(`${name}: refused with its own answer, then done once the password is typed again`, async () => {
      const lead = await newLead();
      const { docId } = lead;
      const phone = await signedIn(true);
      // Within the minutes: done at once (on a lead of its own).
      s.clock.now += admin.passwordAgainMinutes * MINUTE;
      expect((await act(phone, await newLead())).status).toBeLessThan(300);

      s.clock.now += 1;
      const refused = await act(phone, lead);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ message: admin.messages.passwordAgain, reason: PASSWORD_AGAIN });
      // Nothing was done: the lead is there.
      expect((await phone.send('GET', pathOf('lead', { docId }))).status).toBe(200);
      expect((await phone.send('GET', adminRoutes.recentPassword.path)).status).toBe(403);

      const wrong = await phone.change('POST', adminRoutes.confirmPassword.path, { json: { password: 'not the password' } });
      expect(wrong.status).toBe(403);
      expect(await wrong.json()).toEqual({ message: admin.messages.wrongPasswordAgain });
      expect((await act(phone, lead)).status).toBe(403);

      expect((await phone.change('POST', adminRoutes.confirmPassword.path, { json: { password: PASSWORD } })).status).toBe(204);
      expect((await phone.send('GET', adminRoutes.recentPassword.path)).status).toBe(204);
      expect((await act(phone, lead)).status).toBeLessThan(300);
    });
  }

  it('the other actions never ask for it: reading, archiving, replying to a status', async () => {
    const { docId } = await submit(s, 'inquiry', validData.inquiry);
    const phone = await signedIn(true);
    s.clock.now += 20 * DAY;
    expect((await phone.send('GET', adminRoutes.leads.path)).status).toBe(200);
    expect((await phone.send('GET', pathOf('lead', { docId }))).status).toBe(200);
    expect((await phone.change('POST', adminRoutes.bulk.path, { json: { action: 'archive', docIds: [docId] } })).status).toBe(200);
    const asking = (Object.keys(adminRoutes) as AdminRoute[]).filter((route) => PASSWORD_AGAIN_ROUTES.includes(route));
    expect(asking.sort()).toEqual([...PASSWORD_AGAIN_ROUTES].sort());
  });

  it(`wrong passwords typed again are throttled as at the sign-in: refused after ${admin.signIn.perAccount.refuseAfter}`, async () => {
    const phone = await signedIn(true);
    s.clock.now += admin.passwordAgainMinutes * MINUTE + 1;
    const statuses: number[] = [];
    for (let i = 0; i <= admin.signIn.perAccount.refuseAfter; i++)
      statuses.push((await phone.change('POST', adminRoutes.confirmPassword.path, { json: { password: `wrong ${i}` } })).status);
    expect(statuses).toEqual([...Array<number>(admin.signIn.perAccount.refuseAfter).fill(403), 429]);
    expect(s.waits.length).toBe(admin.signIn.perAccount.refuseAfter - admin.signIn.perAccount.slowAfter);
    // The right one too, until the window has passed; the sign-in from this address as well.
    expect((await phone.change('POST', adminRoutes.confirmPassword.path, { json: { password: PASSWORD } })).status).toBe(429);
    expect((await new Client(s.base).signIn(OWNER)).status).toBe(429);
  });
});

describe('signing out', () => {
  it("signing out on all devices ends every session of the account, remembered ones too; another account's stays", async () => {
    await addAccount(s, 'second@agency.test');
    const phone = await signedIn(true);
    const laptop = await signedIn(false);
    const here = await signedIn(false);
    const second = new Client(s.base);
    expect((await second.signIn('second@agency.test')).status).toBe(204);

    expect((await here.change('POST', adminRoutes.signOutEverywhere.path)).status).toBe(204);
    for (const client of [here, phone, laptop]) expect((await client.send('GET', adminRoutes.me.path)).status).toBe(401);
    expect((await second.send('GET', adminRoutes.me.path)).status).toBe(200);
    expect(sessionRows()).toBe(1);
  });

  it('"Sign out" ends this session only', async () => {
    const phone = await signedIn(true);
    const laptop = await signedIn(false);
    expect((await laptop.change('POST', adminRoutes.signOut.path)).status).toBe(204);
    expect((await laptop.send('GET', adminRoutes.me.path)).status).toBe(401);
    expect((await phone.send('GET', adminRoutes.me.path)).status).toBe(200);
  });

  it('a session ended on all devices is not written back by a request of it that was under way', async () => {
    const phone = await signedIn(true);
    const laptop = await signedIn(false);
    s.clock.now += admin.passwordAgainMinutes * MINUTE + 1;
    const { csrfToken } = await phone.me();
    // The phone's password typed again waits in the queue of checks (which changes its session
    // afterwards) while the laptop signs out everywhere.
    const hold = holdPasswordChecks(s);
    const again = phone.send('POST', adminRoutes.confirmPassword.path, {
      json: { password: PASSWORD },
      headers: { 'x-csrf-token': csrfToken, 'sec-fetch-site': 'same-origin' },
    });
    await hold.queued(1);
    expect((await laptop.change('POST', adminRoutes.signOutEverywhere.path)).status).toBe(204);
    await hold.open();
    hold.stop();
    expect((await again).status).toBe(204);
    expect(sessionRows()).toBe(0);
    expect((await phone.send('GET', adminRoutes.me.path)).status).toBe(401);
  });
});
