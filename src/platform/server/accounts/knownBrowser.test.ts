/**
 * The known browser (OWASP's device cookie), against our real server over real HTTP, attacked as
 * an outsider would: a browser that signed in before is served ahead of a queue of strangers'
 * first tries from many IPv4 addresses and IPv6 /48s, and is not refused by a stranger's wrong
 * passwords from its own address; a forged cookie, another account's, an expired one or one
 * made before the account changed gives nothing; a stolen one gives its own few guesses only.
 * Who is served first is checked by the order of the password checks, not by time
 * (scripts/bench-signin.ts measures the owner's wait at production's hashing cost); the accounts
 * are hashed at TEST_HASHING's cost (adminServer.ts).
 */
import { signerFactory } from '@fastify/cookie';
import { randomBytes } from 'node:crypto';
import server from '../../../../config/server';
import { SIGN_IN_API } from '../../signIn';
import { adminRoutes } from '../../inboxRoutes';
import { addAccount, Client, holdPasswordChecks, startServer, TEST_HASHING, type TestServer } from '../../../test/adminServer';
import { removeAdmin, setAdmin } from './accounts';
import { KNOWN_BROWSER_COOKIE } from './knownBrowser';
import { SIGN_IN_CSRF_COOKIE } from '../../../apps/server/admin/routes';

const { knownBrowser, perAccount, windowMinutes } = server.admin.signIn;
const DAY = 24 * 60 * 60 * 1000;
const OWNER = 'owner@agency.test';
const EDITOR = 'editor@agency.test';
/** The owner's usual address (an office's one IPv4 address, shared with whoever else is there). */
const OFFICE = '203.0.113.10';
/**
 * How many strangers' first tries fill the queue (each from a network of its own; hashGate.test.ts
 * queues thousands without a server; scripts/bench-signin.ts 150, at production's hashing cost).
 */
const STRANGERS = 24;

let s: TestServer;
beforeEach(async () => {
  s = await startServer();
  await addAccount(s, OWNER);
});
afterEach(() => s.close());

/** A browser at `address`, holding the known-browser cookie given. */
function from(address: string, cookie?: string): Client {
  const browser = new Client(s.base, { 'x-forwarded-for': address });
  if (cookie) browser.cookies.set(KNOWN_BROWSER_COOKIE, cookie);
  return browser;
}
/** A browser at `address` that has signed in as `email`: its known-browser cookie. */
async function knownCookie(email = OWNER, address = OFFICE, password?: string): Promise<string> {
  const browser = from(address);
  expect((await browser.signIn(email, password)).status).toBe(204);
  return browser.cookies.get(KNOWN_BROWSER_COOKIE)!;
}
/** A stranger at `address` sends wrong passwords for the owner until refused. */
async function lockOut(address: string) {
  const stranger = from(address);
  for (let i = 0; i < perAccount.refuseAfter; i++) expect((await stranger.signIn(OWNER, `guess ${i}`)).status).toBe(401);
  expect((await stranger.signIn(OWNER)).status).toBe(429);
}
/** The editor's cookie made to name the owner: its signature kept, or none. */
function asOwner(editorCookie: string): { claim: string; signature: string } {
  const [purpose, body, signature] = decodeURIComponent(editorCookie).split('.');
  const claim = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
  return { claim: `${purpose}.${Buffer.from(JSON.stringify({ ...claim, account: OWNER })).toString('base64url')}`, signature: signature! };
}
/** Forgeries an outsider (or another account) can make: nothing of them is signed by the inbox's key for the owner. */
function forgeries(editorCookie: string, csrfCookie: string): Record<string, string> {
  const { claim, signature } = asOwner(editorCookie);
  return {
    "the editor's cookie with its account changed, its signature kept": `${claim}.${signature}`,
    'a claim for the owner signed with a key of its own': signerFactory(randomBytes(32).toString('hex')).sign(claim),
    'a claim for the owner without a signature': claim,
    "the sign-in form's own signed cookie (signed by the inbox's key)": csrfCookie,
  };
}

it(`the cookie is given at a right password only: HttpOnly, SameSite=Strict, for ${SIGN_IN_API} only, for ${knownBrowser.days} days, Secure over HTTPS`, async () => {
  const browser = from(OFFICE);
  expect((await browser.signIn(OWNER, 'wrong password!')).status).toBe(401);
  expect((await browser.signIn('nobody@agency.test')).status).toBe(401);
  expect(browser.cookies.has(KNOWN_BROWSER_COOKIE)).toBe(false);
  expect((await browser.signIn(OWNER)).status).toBe(204);
  const line = browser.lastSetCookies.find((l) => l.startsWith(`${KNOWN_BROWSER_COOKIE}=`));
  expect(line).toMatch(
    new RegExp(`^${KNOWN_BROWSER_COOKIE}=[^;]+; Max-Age=${knownBrowser.days * 24 * 60 * 60}; Path=${SIGN_IN_API}; HttpOnly; SameSite=Strict$`),
  );
  const https = new Client(s.base, { 'x-forwarded-proto': 'https' });
  await https.signIn(OWNER);
  expect(https.lastSetCookies.find((l) => l.startsWith(`${KNOWN_BROWSER_COOKIE}=`))).toMatch(/; Secure/);
});

it(`a stranger's wrong passwords from the owner's address do not refuse the owner's known browser (signed out or not); a forged cookie, another account's, an expired one, or one from before a new password or the account made again is refused like no cookie`, async () => {
  await addAccount(s, EDITOR);
  const expired = await knownCookie(OWNER, '192.0.2.1');
  s.clock.now += knownBrowser.days * DAY - 5 * 60_000;
  const owner = from(OFFICE);
  expect((await owner.signIn(OWNER)).status).toBe(204);
  // Signing out ends the session, not the known browser.
  expect((await owner.change(adminRoutes.signOut.method, adminRoutes.signOut.path)).status).toBe(204);
  expect(owner.lastSetCookies.some((l) => l.startsWith(`${KNOWN_BROWSER_COOKIE}=`))).toBe(false);
  const editor = await knownCookie(EDITOR);
  const csrf = from(OFFICE);
  await csrf.signInState();

  await lockOut(OFFICE);
  expect((await owner.signIn(OWNER)).status).toBe(204);
  expect((await from(OFFICE).signIn(OWNER)).status).toBe(429);
  expect((await from(OFFICE, editor).signIn(OWNER)).status).toBe(429);
  for (const [forgery, cookie] of Object.entries(forgeries(editor, csrf.cookies.get(SIGN_IN_CSRF_COOKIE)!))) {
    expect([forgery, (await from(OFFICE, cookie).signIn(OWNER)).status]).toEqual([forgery, 429]);
  }
  // Its days over, a cookie is no cookie (the lockout still runs).
  s.clock.now += 6 * 60_000;
  expect((await from(OFFICE, expired).signIn(OWNER)).status).toBe(429);

  // A new password, or the account removed and made again: the cookies given before are worth nothing.
  await setAdmin(s.app.store, OWNER, 'another long password', Date.now(), undefined, TEST_HASHING);
  expect((await owner.signIn(OWNER, 'another long password')).status).toBe(429);
  const before = await knownCookie(OWNER, '203.0.113.11', 'another long password');
  expect(removeAdmin(s.app.store, OWNER)).toBe(true);
  await addAccount(s, OWNER);
  expect((await from(OFFICE, before).signIn(OWNER)).status).toBe(429);
  expect((await from(OFFICE, await knownCookie(OWNER, '203.0.113.12')).signIn(OWNER)).status).toBe(204);
});

it(`a stolen cookie gives its thief ${knownBrowser.perBrowser.refuseAfter} guesses a window, from any address, and costs the owner nothing else`, async () => {
  const stolen = await knownCookie();
  const statuses: number[] = [];
  for (let i = 0; i <= knownBrowser.perBrowser.refuseAfter; i++) statuses.push((await from(`198.51.100.${i + 1}`, stolen).signIn(OWNER, `guess ${i}`)).status);
  expect(statuses).toEqual([...Array<number>(knownBrowser.perBrowser.refuseAfter).fill(401), 429]);
  expect(s.waits).toHaveLength(knownBrowser.perBrowser.refuseAfter - knownBrowser.perBrowser.slowAfter);
  // The cookie is refused, the right password too (OWASP: a device cookie in lockout is refused) …
  expect((await from('198.51.100.99', stolen).signIn(OWNER)).status).toBe(429);
  // … not the owner without it (nothing was counted on an address).
  expect((await from(OFFICE).signIn(OWNER)).status).toBe(204);
  s.clock.now += windowMinutes * 60_000 + 1;
  expect((await from(OFFICE, stolen).signIn(OWNER)).status).toBe(204);
});

it(`the known browser is served first, behind the check being run only, while strangers fill the queue with first tries from ${STRANGERS} IPv4 addresses and IPv6 /48s; without the cookie (or with a worthless one) the owner waits behind them all`, async () => {
  await addAccount(s, EDITOR);
  const expired = await knownCookie(OWNER, '192.0.2.1');
  s.clock.now += knownBrowser.days * DAY - 60_000;
  const owner = await knownCookie();
  const editor = await knownCookie(EDITOR);
  s.clock.now += 2 * 60_000;

  const strangerAddresses = Array.from({ length: STRANGERS }, (_, i) => (i % 2 ? `198.18.${i >> 8}.${(i & 255) + 1}` : `2001:db8:${(i + 1).toString(16)}::1`));
  const strangers = strangerAddresses.map((address) => from(address));
  await Promise.all(strangers.map((c) => c.signInState()));
  // A check of the test's own runs until it opens them: every try below waits in the queue.
  const checks = holdPasswordChecks(s);
  const attack = strangers.map((c, i) => c.signIn(`nobody${i}@agency.test`, 'wrong password!').then((r) => r.status));
  await checks.queued(STRANGERS);

  // Each from an address of its own without failures: only the cookie differs.
  const others = { 'no cookie': undefined, expired, "the editor's": editor, forged: `${asOwner(editor).claim}.${asOwner(editor).signature}` };
  const otherAddresses = Object.keys(others).map((_, i) => `192.0.2.${i + 10}`);
  const waiting = Object.values(others).map((cookie, i) =>
    from(otherAddresses[i]!, cookie)
      .signIn(OWNER)
      .then((r) => r.status),
  );
  const known = from(OFFICE, owner).signIn(OWNER);
  await checks.queued(STRANGERS + otherAddresses.length + 1);
  await checks.open();

  expect((await known).status).toBe(204);
  expect(await Promise.all(waiting)).toEqual(otherAddresses.map(() => 204));
  expect(await Promise.all(attack)).toEqual(strangers.map(() => 401));
  // The known browser waited behind the check being run (the test's) only; the others behind
  // every stranger, as a sign-in without the cookie always does (strangers in the order they came).
  const served = checks.served.map(({ address, knownBrowser: cookie }) => ({ address, known: cookie !== undefined }));
  expect(served[0]).toEqual({ address: OFFICE, known: true });
  expect(
    served
      .slice(1, STRANGERS + 1)
      .map((a) => a.address)
      .sort(),
  ).toEqual([...strangerAddresses].sort());
  expect(
    served
      .slice(STRANGERS + 1)
      .map((a) => a.address)
      .sort(),
  ).toEqual([...otherAddresses].sort());
  expect(served.slice(1).every((a) => !a.known)).toBe(true);
});
