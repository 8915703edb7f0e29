/**
 * The inbox's accounts, made with the real command line (`npm run leads -- add-admin`, the
 * password on standard input) while the server runs: stored as scrypt hashes, usable to sign
 * in at once, removed with `remove-admin` (which ends their sessions).
 */
import server from '../../../config/server';
import { adminRoutes } from '../../shared/adminApi';
import { Client, leads, startServer, type TestServer } from '../../test/adminServer';
import { hashPassword, verifyPassword } from './accounts';

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
  const short = await leads(['add-admin', 'owner@agency.test'], s.dataDir, `${'x'.repeat(server.admin.passwordMinLength - 1)}\n`);
  expect(short.code).toBe(2);
  // Its sentence (scripts/leads.ts) names the lengths accepted: config's least, and the most.
  expect(short.stderr).toMatch(new RegExp(`\\b${server.admin.passwordMinLength} to ${server.admin.passwordMaxLength}\\b`));
  expect((await leads(['add-admin', 'not-an-address'], s.dataDir, 'a long enough password\n')).code).toBe(2);
  expect((await new Client(s.base).signInState()).accounts).toBe(false);
});

it('adds an account from standard input, stored as a scrypt hash; remove-admin removes it and ends its sessions', async () => {
  const added = await leads(['add-admin', 'Owner@Agency.test'], s.dataDir, 'a long enough password\n');
  expect(added).toMatchObject({ code: 0, stdout: 'Owner@Agency.test (owner) can now sign in to the inbox at /admin.\n' });
  const { password_hash: hash } = s.app.store.db.prepare('SELECT password_hash FROM admins').get() as { password_hash: string };
  expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  expect(hash).not.toContain('a long enough password');

  const client = new Client(s.base);
  expect((await client.signIn('owner@agency.test', 'a long enough password')).status).toBe(204);
  expect((await leads(['admins'], s.dataDir)).stdout).toBe('owner@agency.test\towner\n');

  const removed = await leads(['remove-admin', 'owner@agency.test'], s.dataDir);
  expect(removed).toMatchObject({ code: 0, stdout: 'owner@agency.test can no longer sign in; its sessions have ended.\n' });
  expect((await client.send('GET', adminRoutes.me.path)).status).toBe(401);
  expect((await leads(['remove-admin', 'owner@agency.test'], s.dataDir)).code).toBe(2);
});

it('hashes with a salt of its own each time, and checks a password against its hash', async () => {
  const [a, b] = await Promise.all([hashPassword('the same password'), hashPassword('the same password')]);
  expect(a).not.toBe(b);
  expect(await verifyPassword('the same password', a)).toBe(true);
  expect(await verifyPassword('the same passwort', a)).toBe(false);
  expect(await verifyPassword('the same password', 'plain text')).toBe(false);
});
