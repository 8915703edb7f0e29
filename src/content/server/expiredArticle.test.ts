/**
 * An article past its date to leave the site (`expires`) is gone like a removed one, through the
 * real parts: our server editing a built site in a git work tree, and a real Caddy serving the
 * built files itself (deploy/Caddyfile.files). The office gives a published article an `expires`
 * a minute ahead and renames it (its old address leads to the new one); when the moment comes
 * (the test moves the server's clock and fires its timer: nothing waits for real time) both
 * addresses answer 410 Gone with the noindex page, and the article is out of /Blog, the sitemap
 * and the Atom feed; config/moved.ts is not touched (a later date brings it back).
 * Needs Caddy (Debian package `caddy`; CADDY_PATH overrides it); elsewhere it is skipped, never in CI.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { firebaseJson } from '../../deploy/firebaseJson';
import { articlePath } from '../../site/model/articleSchema';
import { feedPathOf } from '../../site/model/articles';
import { contentRoutes, type ContentSnapshot } from '../model/contentApi';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../../site/model/siteManifest';
import type { Client, TestServer } from '../../test/adminServer';
import { editBehindCaddy, getFresh, withCaddy, type EditedBehindCaddy } from '../../test/behindCaddy';
import { gitIn } from '../../test/contentSite';
import { loadRealConfig } from '../../test/realConfig';
import { releasesDir } from './liveBuild';
import type { Timers } from '../../platform/server/timers';

// Real builds on a machine that may be busy: a hang, not a slow build, is what a timeout is for.
jest.setTimeout(900_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const MINUTE = 60_000;

/** The server's timer, held by the test: fired when the test says (after moving the clock). */
function heldTimers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  const timers: Timers = { set: (run) => (pending.set(++next, run), next), clear: (handle) => void pending.delete(handle as number) };
  return {
    timers,
    fire() {
      const all = [...pending.values()];
      pending.clear();
      for (const run of all) run();
    },
  };
}

withCaddy('an article past its `expires`, served by our server and by Caddy', () => {
  let siteDir: string;
  let s: TestServer | undefined;
  let editor: Client;
  let front: EditedBehindCaddy | undefined;
  let caddy: string;
  const held = heldTimers();

  const snapshot = async () => (await (await editor.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
  const valueOf = (snap: ContentSnapshot, file: string) => JSON.parse(JSON.stringify(snap.files.find((f) => f.file === file)!.value)) as Json;
  const publish = async (changes: { file: string; value: unknown }[]) => {
    const snap = await snapshot();
    return editor.change('POST', contentRoutes.contentPublish.path, { json: { baseRevision: snap.revision, changes } });
  };
  const both = (address: string) => front!.both(address);
  const liveManifest = () => {
    const live = readFileSync(path.join(releasesDir(siteDir), 'LIVE'), 'utf8').trim();
    return JSON.parse(readFileSync(path.join(releasesDir(siteDir), live, 'client', SITE_MANIFEST_FILE), 'utf8')) as SiteManifest;
  };
  const text = async (address: string) => (await getFresh(caddy + address)).text();

  beforeAll(async () => {
    front = await editBehindCaddy({ scheduleTimers: held.timers });
    ({ siteDir, server: s, editor, origin: caddy } = front);
  });
  afterAll(async () => {
    await front?.close();
  });

  it('answers 410 at its address and at the one before once the moment comes, and leaves /Blog, the sitemap and the feed', async () => {
    const real = await loadRealConfig();
    const base = (real.site.articles as { path: string }).path;
    const feed = feedPathOf({ articles: { path: base } } as Parameters<typeof feedPathOf>[0]);
    const [id] = Object.keys(real.articles);
    const file = `config/articles/${id}.ts`;
    const article = valueOf(await snapshot(), file);
    const oldAddress = articlePath(base, article as { address: string });
    const newAddress = articlePath(base, { address: `${article.address as string}-again` });
    // Written as the office writes a moment: to the second.
    const expires = new Date(s!.clock.now + MINUTE).toISOString().replace(/\.\d+Z$/, 'Z');
    const published = await publish([{ file, value: { ...article, address: `${article.address as string}-again`, expires } }]);
    expect([published.status, published.status === 200 ? '' : await published.text()]).toEqual([200, '']);

    // Until then it is on the site, and its old address leads to it.
    for (const answer of await both(newAddress)) expect(answer.status).toBe(200);
    for (const answer of await both(oldAddress)) {
      expect(answer.status).toBe(301);
      expect(answer.headers.get('location')).toBe(newAddress);
    }
    expect(await text('/sitemap.xml')).toContain(`${newAddress}</loc>`);
    expect(await text(feed)).toContain(`${newAddress}"`);
    const movedBefore = readFileSync(path.join(siteDir, 'config', 'moved.ts'), 'utf8');
    const head = gitIn(siteDir, 'rev-parse', 'HEAD');

    // The moment comes: the server draws the site again by itself.
    s!.clock.now += MINUTE;
    held.fire();
    await s!.app.contentScheduler!.idle();

    for (const address of [newAddress, oldAddress]) {
      for (const answer of await both(address)) {
        expect(answer.status).toBe(410);
        expect(await answer.text()).toContain('<meta name="robots" content="noindex"/>');
      }
    }
    expect(await text('/sitemap.xml')).not.toContain(`${newAddress}</loc>`);
    expect(await text(feed)).not.toContain(newAddress);
    expect(await text(base)).not.toContain(`href="${newAddress}"`);
    expect(liveManifest().content.moved).toEqual({ moved: [], gone: [oldAddress, newAddress].sort((a, b) => a.localeCompare(b)) });
    expect(firebaseJson(liveManifest()).hosting.redirects).toEqual([]);
    // Nothing written or recorded: the content did not change, what it shows now did.
    expect(readFileSync(path.join(siteDir, 'config', 'moved.ts'), 'utf8')).toBe(movedBefore);
    expect(gitIn(siteDir, 'rev-parse', 'HEAD')).toBe(head);
  });
});
