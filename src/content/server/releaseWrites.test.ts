/**
 * A release never writes into the code build, on our real server serving a built site folder of
 * its own (a git work tree, the build a copy of this checkout's) over real HTTP. A release's
 * folder links the code build's files (the inbox's admin.html, the scripts, the pictures): the
 * test opens a hole in the checker, as an attacker would use one, and publishes the articles at
 * "/" with an article at every name the site keeps for itself and at addresses leading out of
 * the release's folder. Every file of the code build (dist/ but the releases and Caddy's pointer
 * at the live one) has the same bytes after as before; /admin is still the inbox, / still the
 * home page, and /assets, /images and /index are no pages. Undone (the hole closed), the config
 * is one `npm start` takes.
 * And first, a page of the office renamed and removed, and its removal undone: its earlier
 * address answers 301 to it again, as before the removal (not 410).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type * as CheckModule from './checkConfig';
import { checkConfigFolder } from './configFolder';
import { madeFromConfig } from '../../deploy/deployFiles';
import { RESERVED_NAMES } from '../../schema/addresses';
import { contentRoutes, type ContentSnapshot, type HistoryPlan, type Revision } from '../model/contentApi';
import { LIVE_CADDY_FILE } from '../../deploy/caddy';
import { startEditing, type Client, type TestServer } from '../../test/adminServer';
import { makeBuiltSite } from '../../test/contentSite';

// Real builds on a machine that may be busy: a hang, not a slow build, is what a timeout is for.
jest.setTimeout(900_000);

/** The hole in the checker the test opens on purpose (every check passes while it is open). */
const mockHole = { open: false };
jest.mock('./checkConfig', () => {
  const actual = jest.requireActual<typeof CheckModule>('./checkConfig');
  return {
    ...actual,
    checkConfig: (options: Parameters<typeof actual.checkConfig>[0]) => (mockHole.open ? { problems: [], found: [] } : actual.checkConfig(options)),
  };
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

let siteDir: string;
let s: TestServer;
let editor: Client;

beforeAll(async () => {
  siteDir = await makeBuiltSite({ git: true, buildable: false });
  ({ server: s, editor } = await startEditing(siteDir, { role: 'editor', clientDir: path.join(siteDir, 'dist', 'client') }));
});
afterAll(async () => {
  mockHole.open = false;
  await s?.close();
});

const snapshot = async () => (await (await editor.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
const valueOf = (snap: ContentSnapshot, file: string) => clone(snap.files.find((f) => f.file === file)!.value) as Json;
const publish = async (changes: { file: string; value: unknown }[]) =>
  editor.change('POST', contentRoutes.contentPublish.path, { json: { baseRevision: (await snapshot()).revision, changes } });
const revisionOf = async (answer: Response) => {
  expect([answer.status, answer.status === 200 ? '' : await answer.text()]).toEqual([200, '']);
  return ((await answer.json()) as { revision: Revision }).revision;
};
async function undo(id: string): Promise<Response> {
  const at = (route: 'contentUndoPreview' | 'contentUndo') => contentRoutes[route].path.replace(':revisionId', encodeURIComponent(id));
  const plan = (await (await editor.send('GET', at('contentUndoPreview'))).json()) as HistoryPlan;
  expect(plan.refusals).toEqual([]);
  return editor.change('POST', at('contentUndo'), { json: { baseRevision: plan.baseRevision } });
}
const get = (address: string) => fetch(s.base + address, { redirect: 'manual' });

/** Every file of the code build (dist/, but the releases' folder and Caddy's pointer at the live one, which a publish moves by design), by its hash. */
function codeBuildFiles(): Record<string, string> {
  const dist = path.join(siteDir, 'dist');
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (relative.startsWith('releases/') || relative === LIVE_CADDY_FILE) continue;
    files[relative] = createHash('sha256')
      .update(readFileSync(path.join(dist, relative)))
      .digest('hex');
  }
  return files;
}

/** The inbox's page as sent, but its nonce (a fresh one per answer). */
const inboxPage = async () => (await (await get('/admin')).text()).replace(/nonce="[^"]*"/g, 'nonce=""');
const h1 = async (address: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(await (await get(address)).text())?.[1];

it("undoing a page's removal: its earlier address answers 301 to it again", async () => {
  const file = 'config/pages/summer-offer.ts';
  const page = {
    title: 'Summer offer',
    description: 'A page for the summer campaign.',
    address: '/summer',
    inMenu: false,
    sections: valueOf(await snapshot(), 'config/pages/contact.ts').sections.slice(0, 1),
  };
  await revisionOf(await publish([{ file, value: page }]));
  await revisionOf(await publish([{ file, value: { ...page, address: '/summer-offer' } }]));
  const moved = await get('/summer?utm_source=news');
  expect([moved.status, moved.headers.get('location')]).toEqual([301, '/summer-offer?utm_source=news']);
  const removal = await revisionOf(await publish([{ file, value: null }]));
  expect([(await get('/summer')).status, (await get('/summer-offer')).status]).toEqual([410, 410]);

  await revisionOf(await undo(removal.id));
  const again = await get('/summer?utm_source=news');
  expect([again.status, again.headers.get('location')]).toEqual([301, '/summer-offer?utm_source=news']);
  expect((await get('/summer-offer')).status).toBe(200);
});

it('a publish through a hole in the checker writing every name the site keeps leaves the code build byte for byte as it was', async () => {
  const before = codeBuildFiles();
  expect(Object.keys(before)).toEqual(expect.arrayContaining(['client/admin.html', 'client/index.html', 'code.json', 'server/render-worker.js']));
  const inbox = await inboxPage();
  const home = await h1('/');
  const snap = await snapshot();
  const site = valueOf(snap, 'config/site.ts');
  const article = valueOf(snap, snap.files.find((f) => f.file.startsWith('config/articles/'))!.file);
  // Every name of the one list, the public/ folder's, their capitals, and addresses out of the release's folder into the code build's.
  const publicNames = readdirSync(path.join(siteDir, 'public'));
  const addresses = [
    ...new Set([
      ...RESERVED_NAMES.map((r) => r.name),
      ...publicNames,
      'Admin',
      'ADMIN.html',
      '../../../client/index',
      '../../../client/admin',
      'x/../../../../client/404',
      '../../../ssr/entry-server',
    ]),
  ];
  const articles = addresses.map((address, i) => ({
    file: `config/articles/reserved-${i}.ts`,
    value: { ...article, title: `Taken over: ${address}`, address },
  }));

  mockHole.open = true;
  const answer = await publish([{ file: 'config/site.ts', value: { ...site, articles: { ...site.articles, path: '/' } } }, ...articles]);
  mockHole.open = false;
  expect(codeBuildFiles()).toEqual(before);
  const revision = await revisionOf(answer);

  expect(await inboxPage()).toBe(inbox);
  expect(await h1('/')).toBe(home);
  for (const address of ['/assets', '/images', '/index', '/Admin', '/404']) expect([address, (await get(address)).status]).toEqual([address, 404]);
  for (const address of ['/admin', '/admin/content']) expect((await (await get(address)).text()).replace(/nonce="[^"]*"/g, 'nonce=""')).toBe(inbox);

  // Undone, the hole closed: the config is one the start takes.
  await revisionOf(await undo(revision.id));
  expect(await checkConfigFolder({ configDir: path.join(siteDir, 'config'), publicDir: path.join(siteDir, 'public') }, madeFromConfig)).toEqual([]);
  expect(codeBuildFiles()).toEqual(before);
});
