/**
 * The site's own addresses, replayed as an editor would through our real server's content API
 * (over real HTTP, on a site folder of its own that is a real git work tree):
 *
 * - the articles' base path (`articles.path` in config/site.ts) taking one of the site's own
 *   names is refused in any case, and with the articles at "/", an article at `index`, `admin`,
 *   `api`, `assets`, `images`, `404` or `500` (its page would be that address) is refused too, by
 *   the server's check and its publish, each with the checker's sentence, nothing written (the
 *   editor's own check in the browser: src/content/editor/reservedAddresses.test.ts);
 * - through a hole in the checker (the test opens one), such an article is published; undoing it
 *   leaves a config `npm start` takes (before, its undo wrote `gone: ['/admin']` into
 *   config/moved.ts, which the start refuses);
 * - a publish, or an undo, whose config/moved.ts the start would refuse (a hole in working it out,
 *   opened by the test) is refused with the start's sentence, and writes nothing;
 * - undoing a page's removal brings back the redirects (301) from its earlier addresses, outside a
 *   git work tree (the revisions as snapshots, which keep config/moved.ts before and after them).
 * On a built site served over HTTP (the code build's files after such a publish, and the 301 back
 * after an undo in a git work tree): src/content/server/releaseWrites.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import server from '../../../config/server';
import type { MovedConfig } from '../../site/model/movedSchema';
import type * as CheckModule from './checkConfig';
import { checkConfigFolder } from './configFolder';
import { madeFromConfig } from '../../deploy/deployFiles';
import type * as MovedModule from '../../site/model/moved';
import { contentRoutes, type ContentProblem, type ContentSnapshot, type HistoryPlan, type Revision } from '../model/contentApi';
import { movedAnswer } from '../../site/model/siteManifest';
import { fill } from '../../schema/text';
import { startEditing, type Client, type TestServer } from '../../test/adminServer';
import { gitIn, makeSite } from '../../test/contentSite';
import { loadContent } from './site';

jest.setTimeout(120_000);

/** Holes the test opens on purpose, as an attacker would use one: in the checker, and in working out config/moved.ts. */
const mockHoles = { checker: false, goneAlso: [] as string[] };
jest.mock('./checkConfig', () => {
  const actual = jest.requireActual<typeof CheckModule>('./checkConfig');
  return {
    ...actual,
    checkConfig: (options: Parameters<typeof actual.checkConfig>[0]) => (mockHoles.checker ? { problems: [], found: [] } : actual.checkConfig(options)),
  };
});
jest.mock('../../site/model/moved', () => {
  const actual = jest.requireActual<typeof MovedModule>('../../site/model/moved');
  return {
    ...actual,
    movedAfter: (...args: Parameters<typeof actual.movedAfter>) => {
      const moved = actual.movedAfter(...args);
      return mockHoles.goneAlso.length > 0 ? { ...moved, gone: [...mockHoles.goneAlso, ...moved.gone] } : moved;
    },
  };
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const SITE = 'config/site.ts';
const messages = server.admin.messages;
/** What `npm start` checks before it serves anything (src/render/checkProject.ts checkProject: these two), on a site folder. */
const startCheck = (siteDir: string) => checkConfigFolder({ configDir: path.join(siteDir, 'config'), publicDir: path.join(siteDir, 'public') }, madeFromConfig);

/** The editor's calls on one server. */
function editorOf(client: () => Client) {
  const snapshot = async () => (await (await client().send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
  const valueOf = (snap: ContentSnapshot, file: string) => clone(snap.files.find((f) => f.file === file)!.value) as Json;
  const post = (route: 'contentCheck' | 'contentPublish', json: unknown) => client().change('POST', contentRoutes[route].path, { json });
  const at = (route: 'contentUndoPreview' | 'contentUndo', id: string) => contentRoutes[route].path.replace(':revisionId', encodeURIComponent(id));
  return {
    snapshot,
    valueOf,
    check: async (changes: { file: string; value: unknown }[]) =>
      ((await (await post('contentCheck', { changes })).json()) as { problems: ContentProblem[] }).problems,
    publish: async (changes: { file: string; value: unknown }[]) => post('contentPublish', { baseRevision: (await snapshot()).revision, changes }),
    /** Undoes a revision as the revisions screen does: its preview, then the confirmation on the content the preview showed. */
    async undo(id: string) {
      const plan = (await (await client().send('GET', at('contentUndoPreview', id))).json()) as HistoryPlan;
      expect(plan.refusals).toEqual([]);
      return client().change('POST', at('contentUndo', id), { json: { baseRevision: plan.baseRevision } });
    },
  };
}

/** An article as the site has them, at another address, to be made as a new file. */
const articleAt = (snap: ContentSnapshot, address: string) => ({
  ...(clone(snap.files.find((f) => f.file.startsWith('config/articles/'))!.value) as Json),
  address,
});
const withArticlesAt = (site: Json, base: string) => ({ ...site, articles: { ...site.articles, path: base } });

describe('on a git work tree', () => {
  let siteDir: string;
  let s: TestServer;
  let editor: Client;
  const calls = editorOf(() => editor);
  const head = () => gitIn(siteDir, 'rev-parse', 'HEAD').trim();

  beforeAll(async () => {
    siteDir = makeSite({ git: true });
    ({ server: s, editor } = await startEditing(siteDir, { role: 'editor' }));
  });
  afterAll(() => s.close());
  afterEach(() => {
    mockHoles.checker = false;
    mockHoles.goneAlso = [];
  });

  it.each([
    ['/admin', "is used by the site's own inbox, so no page can have it. Choose another address."],
    ['/ADMIN', "is used by the site's own inbox, so no page can have it. Choose another address."],
    ['/Api', "is used by the site's server (its forms and the inbox), so no page can have it. Choose another address."],
    ['/Assets', "is used by the site's scripts and styles, so no page can have it. Choose another address."],
    ['/images', "is used by the site's pictures, so no page can have it. Choose another address."],
    ['/Index', "is used by the home page's file, so no page can have it. Choose another address."],
  ])("the articles at %j are refused with the checker's sentence", async (base, sentence) => {
    const snap = await calls.snapshot();
    const site = withArticlesAt(calls.valueOf(snap, SITE), base);
    expect(await calls.check([{ file: SITE, value: site }])).toMatchObject([
      { file: SITE, path: ['articles', 'path'], developer: `${SITE}: articles.path ${JSON.stringify(base)} ${sentence}` },
    ]);
  });

  it('the articles at "/" with an article at index, admin, api, assets, images, 404 or 500 are refused, and the publish writes nothing', async () => {
    const snap = await calls.snapshot();
    const site = withArticlesAt(calls.valueOf(snap, SITE), '/');
    const names = ['index', 'admin', 'api', 'assets', 'images', '404', '500'];
    const changes = [{ file: SITE, value: site }, ...names.map((name) => ({ file: `config/articles/taken-${name}.ts`, value: articleAt(snap, name) }))];
    const before = { head: head(), site: readFileSync(path.join(siteDir, SITE), 'utf8') };

    const published = await calls.publish(changes);
    expect(published.status).toBe(400);
    const { problems } = (await published.json()) as { problems: ContentProblem[] };
    const ofArticles = problems.filter((p) => p.file.startsWith('config/articles/'));
    expect(ofArticles.map((p) => [p.file, p.path, p.developer!.split(', which ')[0]])).toEqual(
      names.map((name) => [
        `config/articles/taken-${name}.ts`,
        ['address'],
        `config/articles/taken-${name}.ts: address "${name}" makes the address "/${name}"`,
      ]),
    );
    // Each with the sentence of what uses that address.
    expect(ofArticles.find((p) => p.file.endsWith('taken-admin.ts'))!.developer).toBe(
      `config/articles/taken-admin.ts: address "admin" makes the address "/admin", which is used by the site's own inbox, so no page can have it. Choose another address.`,
    );
    expect(problems).toHaveLength(names.length);
    expect({ head: head(), site: readFileSync(path.join(siteDir, SITE), 'utf8') }).toEqual(before);
    expect(gitIn(siteDir, 'status', '--porcelain', 'config')).toBe('');
  });

  it('an article published through a hole in the checker at "/admin", undone, leaves a config the start takes', async () => {
    const snap = await calls.snapshot();
    mockHoles.checker = true;
    const attack = await calls.publish([
      { file: SITE, value: withArticlesAt(calls.valueOf(snap, SITE), '/') },
      { file: 'config/articles/taken-over.ts', value: articleAt(snap, 'admin') },
    ]);
    expect(attack.status).toBe(200);
    const { revision } = (await attack.json()) as { revision: Revision };
    mockHoles.checker = false;
    // The start refuses what the hole let through.
    expect(await startCheck(siteDir)).toEqual([
      expect.stringContaining('config/articles/taken-over.ts: address "admin" makes the address "/admin", which is used by'),
    ]);

    const undone = await calls.undo(revision.id);
    expect([undone.status, undone.status === 200 ? '' : await undone.text()]).toEqual([200, '']);
    expect(await startCheck(siteDir)).toEqual([]);
    // The article's address was never a page: neither moved nor gone.
    const moved = (await loadContent({ siteDir })).options.moved as MovedConfig | undefined;
    expect(JSON.stringify(moved ?? {})).not.toContain('/admin');
  });

  it("a publish and an undo whose config/moved.ts the start would refuse are refused with the start's sentence, and write nothing", async () => {
    const snap = await calls.snapshot();
    const home = calls.valueOf(snap, 'config/pages/home.ts');
    const first = await calls.publish([{ file: 'config/pages/home.ts', value: { ...home, title: `${home.title as string}, changed` } }]);
    expect(first.status).toBe(200);
    const { revision } = (await first.json()) as { revision: Revision };
    const before = head();

    mockHoles.goneAlso = ['/admin'];
    const developer = `config/moved.ts: gone[0] "/admin" is used by the site's own inbox, so no page can have it. Choose another address.`;
    const refusal = {
      file: 'config/moved.ts',
      path: [],
      message: fill(messages.wouldNotStart, { problem: developer }),
      field: fill(messages.wouldNotStart, { problem: developer }),
      developer,
    };
    const published = await calls.publish([{ file: 'config/pages/home.ts', value: { ...home, title: `${home.title as string}, again` } }]);
    expect([published.status, ((await published.json()) as { problems: ContentProblem[] }).problems]).toEqual([400, [refusal]]);
    const undone = await calls.undo(revision.id);
    expect([undone.status, ((await undone.json()) as { problems: ContentProblem[] }).problems]).toEqual([400, [refusal]]);
    expect(head()).toBe(before);
    expect(gitIn(siteDir, 'status', '--porcelain', 'config')).toBe('');
    expect(await startCheck(siteDir)).toEqual([]);
  });
});

describe('outside git (the revisions are snapshots)', () => {
  let siteDir: string;
  let s: TestServer;
  let editor: Client;
  const calls = editorOf(() => editor);
  beforeAll(async () => {
    siteDir = makeSite();
    ({ server: s, editor } = await startEditing(siteDir, { role: 'editor' }));
  });
  afterAll(() => s.close());

  // A page of the office made at /offer, moved to /spring-offer, removed (both gone), and its removal undone: /offer leads to it again (301), as before the removal.
  it("undoing a page's removal brings back the redirects from its earlier addresses", async () => {
    const file = 'config/pages/spring-offer.ts';
    const movedNow = async () => ((await loadContent({ siteDir })).options.moved ?? { moved: [], gone: [] }) as MovedConfig;
    const snap = await calls.snapshot();
    const page = {
      title: 'Spring offer',
      description: 'A page for the spring campaign.',
      address: '/offer',
      inMenu: false,
      sections: calls.valueOf(snap, 'config/pages/contact.ts').sections.slice(0, 1),
    };
    const ok = async (answer: Response) => {
      expect([answer.status, answer.status === 200 ? '' : await answer.text()]).toEqual([200, '']);
      return ((await answer.json()) as { revision: Revision }).revision;
    };
    await ok(await calls.publish([{ file, value: page }]));
    await ok(await calls.publish([{ file, value: { ...page, address: '/spring-offer' } }]));
    const renamed = await movedNow();
    expect(movedAnswer(renamed, '/offer')).toEqual({ status: 301, location: '/spring-offer' });

    const removal = await ok(await calls.publish([{ file, value: null }]));
    expect(await movedNow()).toEqual({ moved: [], gone: ['/offer', '/spring-offer'] });

    await ok(await calls.undo(removal.id));
    expect(await movedNow()).toEqual(renamed);
    expect(movedAnswer(await movedNow(), '/offer', 'utm_source=news')).toEqual({ status: 301, location: '/spring-offer?utm_source=news' });
    expect(movedAnswer(await movedNow(), '/spring-offer')).toBeUndefined();
    expect(calls.valueOf(await calls.snapshot(), file)).toMatchObject({ address: '/spring-offer' });
  });
});
