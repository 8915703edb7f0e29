/**
 * The inbox's accounts, made with the real command line (`npm run leads -- add-admin`, the
 * password on standard input) while the server runs: stored as scrypt hashes, usable to sign
 * in at once, removed with `remove-admin` (which ends their sessions and removes their drafts). Production's hashing cost
 * is pinned here; the other tests make their accounts at TEST_HASHING's (adminServer.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import server from '../../../../config/server';
import { fill } from '../../../schema/text';
import { adminRoutes } from '../../inboxRoutes';
import { Client, leads, startServer, TEST_HASHING, type TestServer } from '../../../test/adminServer';
import { openStore } from '../../../apps/server/siteStore';
import { hashParamsOf, hashPassword, passwordHashOf, PASSWORD_HASHING, setAdmin, unknownAccountHash, verifyPassword } from './accounts';

jest.setTimeout(60_000);

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

it('there is no account until add-admin makes one', async () => {
  expect((await new Client(s.base).signInState()).accounts).toBe(false);
  expect((await leads(['admins'], s.dataDir)).stdout).toBe('No accounts yet: npm run leads -- add-admin you@example.com\n');
});

it(`refuses a password under ${server.admin.passwordMinLength} characters, and an address that is not one`, async () => {
  const [short, notAnAddress] = await Promise.all([
    leads(['add-admin', 'owner@agency.test'], s.dataDir, `${'x'.repeat(server.admin.passwordMinLength - 1)}\n`),
    leads(['add-admin', 'not-an-address'], s.dataDir, 'a long enough password\n'),
  ]);
  expect(short.code).toBe(2);
  // Its sentence (scripts/leads.ts) names the lengths accepted: config's least, and the most.
  expect(short.stderr).toMatch(new RegExp(`\\b${server.admin.passwordMinLength} to ${server.admin.passwordMaxLength}\\b`));
  expect(notAnAddress.code).toBe(2);
  expect((await new Client(s.base).signInState()).accounts).toBe(false);
});

it("adds an account from standard input, stored as a scrypt hash at production's cost, usable at once", async () => {
  const added = await leads(['add-admin', 'Owner@Agency.test'], s.dataDir, 'a long enough password\n');
  expect(added).toMatchObject({ code: 0, stdout: `${fill(server.admin.accountAdded.owner, { email: 'Owner@Agency.test' })}\n` });
  const { password_hash: hash } = s.app.store.db.prepare('SELECT password_hash FROM admins').get() as { password_hash: string };
  expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  expect(hash).not.toContain('a long enough password');

  const client = new Client(s.base);
  expect((await client.signIn('owner@agency.test', 'a long enough password')).status).toBe(204);
  expect((await leads(['admins'], s.dataDir)).stdout).toBe('owner@agency.test\towner\n');
});

it('remove-admin removes an account, ends its sessions and removes its drafts; removing it again is refused', async () => {
  await setAdmin(s.app.store, 'second@agency.test', 'a long enough password', Date.now(), undefined, TEST_HASHING);
  const client = new Client(s.base);
  expect((await client.signIn('second@agency.test', 'a long enough password')).status).toBe(204);
  const drafts = s.app.store.db.prepare('SELECT count(*) FROM content_drafts WHERE author = ?').pluck();
  s.app.store.db
    .prepare("INSERT INTO content_drafts (author, file, value, base, updated_at) VALUES (?, 'config/site.ts', '{}', 'base', 0)")
    .run('second@agency.test');
  expect(drafts.get('second@agency.test')).toBe(1);
  const removed = await leads(['remove-admin', 'Second@agency.test'], s.dataDir);
  expect(removed).toMatchObject({ code: 0, stdout: 'Second@agency.test can no longer sign in; its sessions have ended and its drafts are removed.\n' });
  expect((await client.send('GET', adminRoutes.me.path)).status).toBe(401);
  expect(drafts.get('second@agency.test')).toBe(0);
  expect((await leads(['remove-admin', 'second@agency.test'], s.dataDir)).code).toBe(2);
});

it("hashes at OWASP's cost unless told otherwise: scrypt N = 2^17, r = 8, p = 1 (128 MiB)", async () => {
  expect(PASSWORD_HASHING).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  expect(await hashPassword('a password')).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
});

it('hashes with a salt of its own each time, and checks a password against its hash', async () => {
  const [a, b] = await Promise.all([hashPassword('the same password', TEST_HASHING), hashPassword('the same password', TEST_HASHING)]);
  expect(hashParamsOf(a)).toEqual(TEST_HASHING);
  expect(a).not.toBe(b);
  expect(await verifyPassword('the same password', a)).toBe(true);
  expect(await verifyPassword('the same passwort', a)).toBe(false);
  expect(await verifyPassword('the same password', 'plain text')).toBe(false);
});

it("an e-mail without an account is checked against a hash of the accounts' cost (the costliest; production's when there are none), which no password matches", async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'accounts-'));
  const store = openStore(dataDir);
  try {
    expect(hashParamsOf(unknownAccountHash(store))).toEqual(PASSWORD_HASHING);
    await setAdmin(store, 'cheap@agency.test', 'a long enough password', Date.now(), undefined, TEST_HASHING);
    const dummy = unknownAccountHash(store);
    expect(hashParamsOf(dummy)).toEqual(TEST_HASHING);
    // Made once for that cost: every unknown e-mail is checked against the same hash.
    expect(unknownAccountHash(store)).toBe(dummy);
    expect(await verifyPassword('a long enough password', dummy)).toBe(false);
    expect(await verifyPassword('a long enough password', passwordHashOf(store, 'cheap@agency.test')!)).toBe(true);
    const costlier = { ...TEST_HASHING, N: TEST_HASHING.N * 2 };
    await setAdmin(store, 'costlier@agency.test', 'a long enough password', Date.now(), undefined, costlier);
    expect(hashParamsOf(unknownAccountHash(store))).toEqual(costlier);
    // An account made as add-admin makes it: the check of an unknown e-mail costs production's.
    await setAdmin(store, 'owner@agency.test', 'a long enough password');
    expect(hashParamsOf(passwordHashOf(store, 'owner@agency.test')!)).toEqual(PASSWORD_HASHING);
    expect(hashParamsOf(unknownAccountHash(store))).toEqual(PASSWORD_HASHING);
  } finally {
    store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
