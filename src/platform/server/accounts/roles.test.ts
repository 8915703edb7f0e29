/**
 * Roles, against our real server over real HTTP with accounts made by the real command line:
 * an editor (`add-admin --role editor`) signs in, edits content and writes newsletters but gets 403
 * on every route of the inbox's table that is not the content editor's, the newsletter's writing
 * (not its sending), me, sign-out or the password typed again;
 * an owner (the default, and every account made before roles existed) may use them all.
 * `me` tells each its role, and an owner the settings still at their example values (an editor none).
 */
import { mkdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import server from '../../../../config/server';
import { fill } from '../../../schema/text';
import { adminRoutes, roleMayUse, type AdminRoute } from '../../inboxRoutes';
import { contentRoutes } from '../../../content/model/contentApi';
import { NEWSLETTER_OWNER_ROUTES, newsletterRoutes } from '../../../newsletter/model/newsletterApi';
import { Client, leads, PASSWORD, startServer, submit, type TestServer } from '../../../test/adminServer';
import { validData } from '../../../test/formFixtures';
import { databaseFile } from '../store/store';
import { migrate } from '../store/migrate';
import { migrations } from '../../../apps/server/siteStore';

jest.setTimeout(60_000);

const routeNames = Object.keys(adminRoutes) as AdminRoute[];
// Every account signs out (here or on all its devices), types its password again and sets up its
// own second step at sign-in (only an owner requires one of every account).
// An editor writes newsletters, previews and tests them; an owner sends them.
const writing = (Object.keys(newsletterRoutes) as AdminRoute[]).filter((name) => !(NEWSLETTER_OWNER_ROUTES as readonly string[]).includes(name));
const everyone = new Set<AdminRoute>([
  'me',
  'signOut',
  'signOutEverywhere',
  'confirmPassword',
  'recentPassword',
  'secondFactor',
  'totpStart',
  'totpConfirm',
  'totpRemove',
  'passkeyOptions',
  'passkeyAdd',
  'passkeyRemove',
  'recoveryCodes',
  ...(Object.keys(contentRoutes) as AdminRoute[]),
  ...writing,
]);
const ownersOnly = routeNames.filter((name) => !everyone.has(name));
const addressOf = (name: AdminRoute) => adminRoutes[name].path.replace(/:(\w+)/g, 'x1');

let s: TestServer;
/** The settings still at their examples, as the server is given them at its start (src/apps/server/index.ts finds them). */
const placeholders = ['config/site.ts: a setting still at its example value.', 'config/site.ts: another one.'];
/** add-admin with a role that is not one (run beside the two accounts' own). */
let wrong: Awaited<ReturnType<typeof leads>>;
beforeAll(async () => {
  s = await startServer({ placeholders });
  // Three commands at once, as three people could (SQLite lets each write in turn).
  const [editor, owner, refused] = await Promise.all([
    leads(['add-admin', 'editor@agency.test', '--role', 'editor'], s.dataDir, `${PASSWORD}\n`),
    leads(['add-admin', 'owner@agency.test'], s.dataDir, `${PASSWORD}\n`),
    leads(['add-admin', 'x@agency.test', '--role', 'admin'], s.dataDir, `${PASSWORD}\n`),
  ]);
  // Each account is told what its role may do: an editor is not told of the inbox's leads.
  expect(editor.stdout).toBe(`${fill(server.admin.accountAdded.editor, { email: 'editor@agency.test' })}\n`);
  expect(owner.stdout).toBe(`${fill(server.admin.accountAdded.owner, { email: 'owner@agency.test' })}\n`);
  expect(server.admin.accountAdded.editor).not.toBe(server.admin.accountAdded.owner);
  wrong = refused;
});
afterAll(() => s.close());

it('the command line refuses a role that does not exist (one sentence, exit code 2, no account made), and lists each account with its role', async () => {
  expect(wrong).toEqual({ code: 2, stdout: '', stderr: '--role must be one of: owner, editor.\n' });
  expect((await leads(['admins'], s.dataDir)).stdout).toBe('editor@agency.test\teditor\nowner@agency.test\towner\n');
});

it("the table gives editors the content routes, the newsletter's writing, me, sign-out, the password typed again and their own second step only", () => {
  expect(ownersOnly.length).toBeGreaterThanOrEqual(10);
  for (const name of routeNames) expect(roleMayUse('editor', name)).toBe(everyone.has(name));
  for (const name of routeNames) expect(roleMayUse('owner', name)).toBe(true);
});

it('an editor is told its role by me (and no settings to change), and gets 403 on every leads, export, CV, erasure, delivery and newsletter-sending route', async () => {
  const editor = new Client(s.base);
  expect((await editor.signIn('editor@agency.test')).status).toBe(204);
  const me = await editor.me();
  expect(me).toMatchObject({ email: 'editor@agency.test', role: 'editor', placeholders: [] });
  // No leads, so no count of the unread ones.
  expect(me).not.toHaveProperty('unread');
  for (const name of ownersOnly) {
    const { method } = adminRoutes[name];
    const response =
      method === 'GET' ? await editor.send(method, addressOf(name)) : await editor.change(method, addressOf(name), { json: { email: 'a@b.test' } });
    expect([name, response.status]).toEqual([name, 403]);
    expect(await response.json()).toEqual({ message: server.admin.messages.ownersOnly });
  }
  // The content routes are not refused for the role (whatever else they answer).
  expect((await editor.send('GET', contentRoutes.content.path)).status).not.toBe(403);
  expect((await editor.send('GET', newsletterRoutes.newsletters.path)).status).toBe(200);
});

it("an owner is told by me how many leads are unread, the inbox list's count, a new lead's included", async () => {
  const owner = new Client(s.base);
  expect((await owner.signIn('owner@agency.test')).status).toBe(204);
  const before = (await owner.me()).unread;
  expect(before).toEqual(expect.any(Number));
  await submit(s, 'inquiry', validData.inquiry);
  const after = await owner.me();
  expect(after.unread).toBe(before! + 1);
  const list = (await (await owner.send('GET', `${adminRoutes.leads.path}?spam=false`)).json()) as { unread: number };
  expect(after.unread).toBe(list.unread);
});

it('an owner is told the settings still at their examples by me, uses the same routes (no 403), and a role changed on the server applies to an open session', async () => {
  const owner = new Client(s.base);
  expect((await owner.signIn('owner@agency.test')).status).toBe(204);
  expect(await owner.me()).toMatchObject({ role: 'owner', placeholders });
  for (const name of ownersOnly) {
    const { method } = adminRoutes[name];
    const response =
      method === 'GET' ? await owner.send(method, addressOf(name)) : await owner.change(method, addressOf(name), { json: { email: 'a@b.test' } });
    expect([name, response.status]).not.toEqual([name, 403]);
  }
  s.app.store.db.prepare("UPDATE admins SET role = 'editor' WHERE email = 'owner@agency.test'").run();
  expect((await owner.send('GET', adminRoutes.leads.path)).status).toBe(403);
  s.app.store.db.prepare("UPDATE admins SET role = 'owner' WHERE email = 'owner@agency.test'").run();
});

it('accounts made before roles existed are owners', () => {
  const dir = `${s.dataDir}-old`;
  mkdirSync(dir);
  const db = new Database(databaseFile(dir));
  migrate(db, migrations.slice(0, -1));
  db.prepare("INSERT INTO admins (email, password_hash, created_at) VALUES ('old@agency.test', 'x', 1)").run();
  expect(migrate(db, migrations)).toBe(1);
  expect(db.prepare('SELECT role FROM admins').get()).toEqual({ role: 'owner' });
  expect(() => db.prepare("UPDATE admins SET role = 'god'").run()).toThrow(/CHECK/);
  db.close();
});
