/**
 * Signing in to the inbox, against our real server over real HTTP: the session cookie, the
 * session rows (sign-out, idle and absolute timeouts by the server's clock, removed accounts,
 * new passwords), CSRF on every change, wrong passwords slowed then refused (per account and
 * per address), the same answer, and the same check, whether or not the e-mail has an account,
 * and a stranger's tries served after the owner's (who is served in which order, not how fast:
 * scripts/bench-signin.ts measures that at production's hashing cost).
 *
 * The accounts are hashed at TEST_HASHING's cost (adminServer.ts), and so is every check.
 */
import crypto from 'node:crypto';
import server from '../../../../config/server';
import { ADMIN_API_PREFIX, CSRF_HEADER, SIGN_IN_API } from '../../signIn';
import { adminRoutes } from '../../inboxRoutes';
import { addAccount, Client, firstSettled, holdPasswordChecks, PASSWORD, startServer, TEST_HASHING, type TestServer } from '../../../test/adminServer';
import { hashParamsOf, passwordHashOf, removeAdmin, setAdmin } from './accounts';
import { hashSessionId } from './sessions';
import { SESSION_COOKIE, SIGN_IN_CSRF_COOKIE } from '../../../apps/server/admin/routes';

const admin = server.admin;
const MINUTE = 60_000;
const sessionRows = (s: TestServer) => s.app.store.db.prepare('SELECT id, email FROM sessions').all() as { id: string; email: string }[];

let s: TestServer;
beforeEach(async () => {
  s = await startServer();
  await addAccount(s, 'owner@agency.test');
});
afterEach(() => s.close());

describe('the session', () => {
  it('starts at sign-in with an HttpOnly, SameSite=Strict cookie for /api/, kept as a row named by a hash of its id', async () => {
    const client = new Client(s.base);
    const state = await client.signInState();
    expect(state.accounts).toBe(true);
    expect(client.lastSetCookies[0]).toMatch(new RegExp(`^${SIGN_IN_CSRF_COOKIE}=.*; Path=/api/session; HttpOnly; SameSite=Strict$`));

    const response = await client.signIn('Owner@Agency.test');
    expect(response.status).toBe(204);
    const cookie = client.lastSetCookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[^;]+; Path=/api/; HttpOnly; SameSite=Strict$`));
    // Over plain HTTP there is no Secure (the browser would not send it back).
    expect(cookie).not.toMatch(/Secure/);

    const id = decodeURIComponent(client.cookies.get(SESSION_COOKIE)!).split('.')[0]!;
    expect(sessionRows(s)).toEqual([{ id: hashSessionId(id), email: 'owner@agency.test' }]);
    expect(JSON.stringify(s.app.store.db.prepare('SELECT * FROM sessions').all())).not.toContain(id);
    expect(await client.me()).toMatchObject({ email: 'owner@agency.test' });
    // The inbox asks /api/session first: who is signed in, without a 401 when no one is.
    expect((await client.signInState()).email).toBe('owner@agency.test');
    expect((await new Client(s.base).signInState()).email).toBeUndefined();
  });

  it('is Secure when the request came over HTTPS through the trusted proxy', async () => {
    const client = new Client(s.base, { 'x-forwarded-proto': 'https' });
    expect((await client.signIn('owner@agency.test')).status).toBe(204);
    expect(client.lastSetCookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`))).toMatch(/; Secure/);
  });

  it('answers every /api/admin/ address with 401 and no-store without one', async () => {
    const response = await new Client(s.base).send('GET', adminRoutes.me.path);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: admin.messages.signInRequired });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('a session id made up by someone else is refused, and so is a forged signature', async () => {
    const client = new Client(s.base);
    await client.signIn('owner@agency.test');
    const real = client.cookies.get(SESSION_COOKIE)!;
    for (const forged of ['made-up', `${real.slice(0, -3)}abc`, real.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))]) {
      expect((await new Client(s.base, { cookie: `${SESSION_COOKIE}=${forged}` }).send('GET', adminRoutes.me.path)).status).toBe(401);
    }
  });

  it('ends at sign-out: the row is gone and the same cookie is 401', async () => {
    const client = new Client(s.base);
    await client.signIn('owner@agency.test');
    const cookie = `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}`;
    const out = await client.change(adminRoutes.signOut.method, adminRoutes.signOut.path);
    expect(out.status).toBe(204);
    expect(client.lastSetCookies[0]).toMatch(new RegExp(`^${SESSION_COOKIE}=; Max-Age=0; Path=/api/;`));
    expect(sessionRows(s)).toEqual([]);
    expect((await new Client(s.base, { cookie }).send('GET', adminRoutes.me.path)).status).toBe(401);
  });

  it(`ends after ${admin.idleMinutes} minutes without a request; each request counts as activity`, async () => {
    const client = new Client(s.base);
    await client.signIn('owner@agency.test');
    await client.me();
    // Reading the list changes nothing in the session: only the request itself counts.
    const read = () => client.send('GET', adminRoutes.leads.path);
    s.clock.now += (admin.idleMinutes - 1) * MINUTE;
    expect((await read()).status).toBe(200);
    s.clock.now += (admin.idleMinutes - 1) * MINUTE;
    expect((await read()).status).toBe(200);
    s.clock.now += admin.idleMinutes * MINUTE + 1;
    expect((await read()).status).toBe(401);
    expect(sessionRows(s)).toEqual([]);
  });

  it(`ends ${admin.absoluteHours} hours after signing in, however active`, async () => {
    const client = new Client(s.base);
    await client.signIn('owner@agency.test');
    const step = (admin.idleMinutes - 1) * MINUTE;
    const end = s.clock.now + admin.absoluteHours * 60 * MINUTE;
    while (s.clock.now + step <= end) {
      s.clock.now += step;
      expect((await client.send('GET', adminRoutes.me.path)).status).toBe(200);
    }
    s.clock.now = end + 1;
    expect((await client.send('GET', adminRoutes.me.path)).status).toBe(401);
  });

  it('ends when the account is removed (remove-admin) or given a new password (add-admin again)', async () => {
    await addAccount(s, 'second@agency.test');
    const first = new Client(s.base);
    const second = new Client(s.base);
    await first.signIn('owner@agency.test');
    await second.signIn('second@agency.test');
    expect(removeAdmin(s.app.store, 'OWNER@agency.test')).toBe(true);
    expect((await first.send('GET', adminRoutes.me.path)).status).toBe(401);
    expect((await second.send('GET', adminRoutes.me.path)).status).toBe(200);
    expect((await first.signIn('owner@agency.test')).status).toBe(401);

    await setAdmin(s.app.store, 'second@agency.test', 'a brand new password', Date.now(), undefined, TEST_HASHING);
    expect((await second.send('GET', adminRoutes.me.path)).status).toBe(401);
    expect((await second.signIn('second@agency.test')).status).toBe(401);
    expect((await second.signIn('second@agency.test', 'a brand new password')).status).toBe(204);
  });

  it('a new session id at each sign-in: one planted before is not kept', async () => {
    const client = new Client(s.base);
    await client.signIn('owner@agency.test');
    const first = client.cookies.get(SESSION_COOKIE);
    await client.signIn('owner@agency.test');
    expect(client.cookies.get(SESSION_COOKIE)).not.toBe(first);
  });

  it('the sign-in page says when there is no account yet', async () => {
    removeAdmin(s.app.store, 'owner@agency.test');
    expect((await new Client(s.base).signInState()).accounts).toBe(false);
  });
});

describe('CSRF', () => {
  it("a change without the session's token is refused (403), with a token of another session too; with it, it goes through", async () => {
    const client = new Client(s.base);
    await client.signIn('owner@agency.test');
    const other = new Client(s.base);
    await other.signIn('owner@agency.test');
    const otherToken = (await other.me()).csrfToken;
    const path = adminRoutes.signOut.path;
    for (const headers of [{}, { [CSRF_HEADER]: 'made-up' }, { [CSRF_HEADER]: otherToken }] as Record<string, string>[]) {
      const response = await client.send('POST', path, { headers });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: admin.messages.notFromInbox });
    }
    expect((await client.me()).email).toBe('owner@agency.test');
    expect((await client.change('POST', path)).status).toBe(204);
  });

  it('a request the browser marks as coming from another site is refused even with a right token', async () => {
    const client = new Client(s.base);
    await client.signIn('owner@agency.test');
    const { csrfToken } = await client.me();
    for (const site of ['cross-site', 'same-site', 'none']) {
      expect((await client.send('POST', adminRoutes.signOut.path, { headers: { [CSRF_HEADER]: csrfToken, 'sec-fetch-site': site } })).status).toBe(403);
    }
    expect((await client.me()).email).toBe('owner@agency.test');
  });

  it('a cross-site form post to the sign-in is refused: no token, no sign-in', async () => {
    const client = new Client(s.base);
    await client.signInState();
    const response = await client.send('POST', SIGN_IN_API, { json: { email: 'owner@agency.test', password: PASSWORD } });
    expect(response.status).toBe(403);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    const crossSite = await client.signIn('owner@agency.test', PASSWORD, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
  });
});

describe('wrong passwords', () => {
  const { perAccount, perAddress, firstDelaySeconds, maxDelaySeconds, windowMinutes } = admin.signIn;

  it(`for one account: slowed after ${perAccount.slowAfter}, refused (429, Retry-After) after ${perAccount.refuseAfter}, the right password too, until the window has passed`, async () => {
    const client = new Client(s.base);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await client.signIn('owner@agency.test', `wrong password ${i}`)).status);
    expect(statuses).toEqual([...Array<number>(perAccount.refuseAfter).fill(401), ...Array<number>(10 - perAccount.refuseAfter).fill(429)]);
    // Waits grow after slowAfter failures: 1 s, 2 s, 4 s ... at most maxDelaySeconds.
    const expected = Array.from(
      { length: perAccount.refuseAfter - perAccount.slowAfter },
      (_, i) => Math.min(maxDelaySeconds, firstDelaySeconds * 2 ** i) * 1000,
    );
    expect(s.waits).toEqual(expected);

    const refused = await client.signIn('owner@agency.test');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(windowMinutes * 60);
    expect(await refused.json()).toEqual({ message: admin.messages.tooManyAttempts.replace('{minutes}', String(windowMinutes)) });
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);

    // The same account from another address is not held up: the count is per account and address.
    expect((await new Client(s.base, { 'x-forwarded-for': '203.0.113.9' }).signIn('owner@agency.test')).status).toBe(204);

    s.clock.now += windowMinutes * MINUTE + 1;
    expect((await new Client(s.base).signIn('owner@agency.test')).status).toBe(204);
  });

  it(`from one address: refused after ${perAddress.refuseAfter}, whichever accounts it tries`, async () => {
    const attacker = new Client(s.base, { 'x-forwarded-for': '198.51.100.7' });
    const statuses: number[] = [];
    for (let i = 0; i <= perAddress.refuseAfter; i++) statuses.push((await attacker.signIn(`guess${i}@agency.test`, 'wrong password!')).status);
    expect(statuses.at(-2)).toBe(401);
    expect(statuses.at(-1)).toBe(429);
    expect(s.waits.length).toBe(perAddress.refuseAfter - perAddress.slowAfter);
    expect((await attacker.signIn('owner@agency.test')).status).toBe(429);
    // Someone else signs in as usual.
    expect((await new Client(s.base).signIn('owner@agency.test')).status).toBe(204);
  });

  it(`from one IPv6 network (a /${server.limits.ipv6ClientBits}): its addresses share one count`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= perAddress.refuseAfter; i++) {
      const address = `2001:db8:0:1::${(i % 3) + 1}`;
      statuses.push((await new Client(s.base, { 'x-forwarded-for': address }).signIn(`guess${i}@agency.test`, 'wrong password!')).status);
    }
    expect(statuses.at(-2)).toBe(401);
    expect(statuses.at(-1)).toBe(429);
    // The next network is another client.
    expect((await new Client(s.base, { 'x-forwarded-for': '2001:db8:0:2::1' }).signIn('owner@agency.test')).status).toBe(204);
  });

  it('tries sent all at once are each counted before any password is checked', async () => {
    const tries = await Promise.all(Array.from({ length: 8 }, (_, i) => new Client(s.base).signIn('owner@agency.test', `wrong ${i}`)));
    // Some are refused by the count, some because the client has too many waiting: none slips past.
    const checked = tries.filter((r) => r.status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(perAccount.refuseAfter);
    expect(tries.filter((r) => r.status === 429)).toHaveLength(8 - checked);
  });

  it("a right password starts the account's count again", async () => {
    const client = new Client(s.base);
    for (let i = 0; i < perAccount.refuseAfter - 1; i++) await client.signIn('owner@agency.test', 'wrong password!');
    expect((await client.signIn('owner@agency.test')).status).toBe(204);
    for (let i = 0; i < perAccount.refuseAfter - 1; i++) expect((await client.signIn('owner@agency.test', 'wrong password!')).status).toBe(401);
  });

  it(`waits before checking the password: the server's own wait, ${firstDelaySeconds} s by its timers, then the check`, async () => {
    // The server's default wait (no sleep given): setTimeout, here jest's, moved by the test.
    jest.useFakeTimers({
      doNotFake: ['Date', 'hrtime', 'performance', 'nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval'],
    });
    const real = await startServer({ sleep: undefined });
    try {
      await addAccount(real, 'owner@agency.test');
      const client = new Client(real.base);
      for (let i = 0; i < perAccount.slowAfter; i++) expect((await client.signIn('owner@agency.test', 'wrong password!')).status).toBe(401);
      await client.signInState();
      const queued = new Promise<void>((resolve) => real.app.passwordChecks.watch((event) => event === 'queued' && resolve()));
      const timers = jest.getTimerCount();
      let answered = false;
      const answer = client.signIn('owner@agency.test', 'wrong password!').then((r) => ((answered = true), r));
      // The try is at its wait once the server has set its timer (no event tells the test sooner).
      while (jest.getTimerCount() === timers) await new Promise((resolve) => setImmediate(resolve));
      jest.advanceTimersByTime(firstDelaySeconds * 1000 - 1);
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(real.app.passwordChecks.load).toBe(0);
      expect(answered).toBe(false);
      jest.advanceTimersByTime(1);
      await queued;
      expect((await answer).status).toBe(401);
    } finally {
      jest.useRealTimers();
      await real.close();
    }
  });
});

describe('an e-mail without an account', () => {
  it('gets the same answer as a wrong password, headers and all', async () => {
    const unknown = await new Client(s.base).signIn('nobody@agency.test', 'wrong password!');
    const known = await new Client(s.base).signIn('owner@agency.test', 'wrong password!');
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toBe(await known.text());
    const headersOf = (r: Response) => [...r.headers].filter(([name]) => !['date', 'set-cookie'].includes(name));
    expect(headersOf(unknown)).toEqual(headersOf(known));
  });

  it("costs the same check as a wrong password: one scrypt of the password, at the account's cost (so it takes as long)", async () => {
    // Watched, not replaced: Node's scrypt runs as ever (accounts.ts calls it through the module).
    const scrypt = jest.spyOn(crypto, 'scrypt');
    try {
      const checksOf = async (email: string, address: string) => {
        scrypt.mockClear();
        expect((await new Client(s.base, { 'x-forwarded-for': address }).signIn(email, 'wrong password!')).status).toBe(401);
        return (scrypt.mock.calls as unknown as [string, Buffer, number, crypto.ScryptOptions][]).map(([password, , keyBytes, { N, r, p }]) => ({
          password,
          keyBytes,
          N,
          r,
          p,
        }));
      };
      const known = await checksOf('owner@agency.test', '192.0.2.1');
      expect(known).toEqual([{ password: 'wrong password!', keyBytes: 32, ...hashParamsOf(passwordHashOf(s.app.store, 'owner@agency.test')!) }]);
      expect(await checksOf('nobody@agency.test', '192.0.2.2')).toEqual(known);
    } finally {
      scrypt.mockRestore();
    }
  });
});

it('the sign-in takes JSON only, without its token nothing else is looked at', async () => {
  const client = new Client(s.base);
  await client.signInState();
  const { csrfToken } = await client.signInState();
  for (const json of [{}, { email: 'owner@agency.test' }, { email: 'not an address', password: PASSWORD }, { email: 'owner@agency.test', password: 7 }]) {
    expect((await client.send('POST', SIGN_IN_API, { json, headers: { [CSRF_HEADER]: csrfToken } })).status).toBe(400);
  }
  // A password up to config's longest is checked (a wrong one: 401); one character more is refused unchecked.
  const longest = 'é'.repeat(admin.passwordMaxLength);
  expect(
    (await client.send('POST', SIGN_IN_API, { json: { email: 'owner@agency.test', password: longest }, headers: { [CSRF_HEADER]: csrfToken } })).status,
  ).toBe(401);
  expect(
    (await client.send('POST', SIGN_IN_API, { json: { email: 'owner@agency.test', password: `${longest}é` }, headers: { [CSRF_HEADER]: csrfToken } })).status,
  ).toBe(400);
  expect(ADMIN_API_PREFIX.startsWith(SIGN_IN_API)).toBe(false);
});

describe('a stranger against the owner', () => {
  const { perAccount } = admin.signIn;
  const { perClient, perNetwork } = admin.signIn.hashing;
  /** Tries at once from one /48 (scripts/bench-signin.ts sends 150, at production's hashing cost). */
  const TRIES = 5 * perNetwork;
  /** Which addresses the tries came from: those that joined the password checks' queue while `during` ran. */
  const queuedDuring = async (during: () => Promise<void>) => {
    const addresses: string[] = [];
    const stop = s.app.passwordChecks.watch((event, asker) => event === 'queued' && addresses.push(asker.address));
    try {
      await during();
    } finally {
      stop();
    }
    return addresses;
  };

  it("cannot lock the owner out: after the stranger's wrong passwords the owner, from an address without failures, signs in without a wait, behind none of the stranger's tries, while the stranger keeps failing", async () => {
    const stranger = new Client(s.base, { 'x-forwarded-for': '198.51.100.66' });
    for (let i = 0; i < perAccount.refuseAfter; i++) expect((await stranger.signIn('owner@agency.test', `guess ${i}`)).status).toBe(401);
    expect((await stranger.signIn('owner@agency.test', 'guess again')).status).toBe(429);
    // The right password from the stranger's address is refused too: the stranger learns nothing.
    expect((await stranger.signIn('owner@agency.test')).status).toBe(429);
    const waits = [...s.waits];

    let keepGoing = true;
    let strangerGot: number[] = [];
    const queued = await queuedDuring(async () => {
      const attack = (async () => {
        const statuses: number[] = [];
        while (keepGoing) statuses.push((await stranger.signIn('owner@agency.test', 'guess on')).status);
        return statuses;
      })();
      const owner = await new Client(s.base, { 'x-forwarded-for': '203.0.113.50' }).signIn('owner@agency.test');
      keepGoing = false;
      strangerGot = await attack;
      expect(owner.status).toBe(204);
    });
    // The stranger's tries were refused before any check: only the owner's joined the queue, and it did not wait.
    expect(queued).toEqual(['203.0.113.50']);
    expect(s.waits).toEqual(waits);
    expect(strangerGot.length).toBeGreaterThan(0);
    expect(new Set(strangerGot)).toEqual(new Set([429]));
  });

  it(`cannot make the owner wait behind a network: ${TRIES} sign-ins at once from ${TRIES} /64s of one /48, ${perNetwork} queued and the rest refused at once; the owner's right password from elsewhere is checked after one of them`, async () => {
    const strangers = Array.from({ length: TRIES }, (_, i) => new Client(s.base, { 'x-forwarded-for': `2001:db8:77:${(i + 1).toString(16)}::1` }));
    // The sign-in form's token first (as a browser has it), so that only the sign-ins race.
    await Promise.all(strangers.map((c) => c.signInState()));
    const owner = new Client(s.base, { 'x-forwarded-for': '203.0.113.77' });
    await owner.signInState();
    const checks = holdPasswordChecks(s);
    const attack = strangers.map((c, i) => c.signIn(`nobody${i}@agency.test`, 'wrong password!'));
    // While no check can end, the /48's tries beyond perNetwork are answered: refused at once, with Retry-After.
    const refused = await firstSettled(attack, TRIES - perNetwork);
    expect(refused.map((r) => r.status)).toEqual(refused.map(() => 429));
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused[0]!.json()).toEqual({ message: admin.messages.signInBusy.replace('{seconds}', refused[0]!.headers.get('retry-after')!) });
    await checks.queued(perNetwork);

    const answer = owner.signIn('owner@agency.test');
    await checks.queued(perNetwork + 1);
    await checks.open();
    expect((await answer).status).toBe(204);
    const answers = await Promise.all(attack);
    expect(answers.filter((r) => r.status === 401)).toHaveLength(perNetwork);
    // Networks in turn: the /48 had its first check, then the owner's network, then the /48's others.
    expect(checks.served.map((asker) => (asker.address === '203.0.113.77' ? 'owner' : 'stranger'))).toEqual([
      'stranger',
      'owner',
      ...Array<string>(perNetwork - 1).fill('stranger'),
    ]);
  });

  it('one client gets at most its share of checks waiting: the rest is refused at once, not queued', async () => {
    const client = new Client(s.base, { 'x-forwarded-for': '198.51.100.90' });
    await client.signInState();
    const checks = holdPasswordChecks(s);
    const answers = Array.from({ length: 6 }, (_, i) => client.signIn(`someone${i}@agency.test`, 'wrong password!'));
    // Answered while no check can end: refused at once.
    const atOnce = await firstSettled(answers, 6 - perClient);
    expect(atOnce.map((r) => r.status)).toEqual(atOnce.map(() => 429));
    await checks.queued(perClient);
    await checks.open();
    expect((await Promise.all(answers)).filter((r) => r.status === 401)).toHaveLength(perClient);
    expect(checks.served).toHaveLength(perClient);
  });
});
