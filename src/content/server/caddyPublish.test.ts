/**
 * A publish where Caddy sends the built files itself (deploy/Caddyfile.files, the repository's
 * own file, with a real Caddy): before it, Caddy serves the site's build; the office publishes
 * a new headline, a picture uploaded in the editor and a new description of the agency (which the pages carry in inline code, so
 * the page policy changes too); as soon as the publish answers, Caddy serves the new build's
 * pages under the new build's policy (every inline script and style of the page it sends is in
 * the policy it sends), the new page's scripts, and the picture's sizes as our server does (AVIF, kept a year). Our server tells Caddy through its admin
 * socket (src/content/server/caddyAdmin.ts), with dist/caddy/live.caddy pointing at the new build.
 * When Caddy cannot be told (it is down), the publish is refused with a sentence and everything
 * is put back: Caddy, started again, serves the build it served before, whole.
 * Needs Caddy (Debian package `caddy`; CADDY_PATH overrides it); elsewhere it is skipped, never in CI.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contentRoutes, type ContentSnapshot } from '../model/contentApi';
import sharp from 'sharp';
import { CACHE_CONTROL } from '../../site/model/caching';
import { pagePolicy } from '../../platform/headers';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../../site/model/siteManifest';
import type { Client, TestServer } from '../../test/adminServer';
import { editBehindCaddy, getFresh, withCaddy, type EditedBehindCaddy } from '../../test/behindCaddy';
import server from '../../../config/server';
import { LIVE_CADDY_FILE } from '../../deploy/caddy';
import { releasesDir } from './liveBuild';

// Real builds on a machine that may be busy: a hang, not a slow build, is what a timeout is for.
jest.setTimeout(900_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;');
const manifestOf = (clientDir: string) => JSON.parse(readFileSync(path.join(clientDir, SITE_MANIFEST_FILE), 'utf8')) as SiteManifest;
/** The hashes of a page's inline scripts and style elements (as the browser computes them) that its policy does not name. */
function unnamedInlineCode(html: string, policy: string): string[] {
  const code = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>|<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => (m[1] ?? m[2])!);
  expect(code.length).toBeGreaterThan(0);
  return code.map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`).filter((hash) => !policy.includes(hash));
}

withCaddy('Caddy serving the files itself', () => {
  let siteDir: string;
  let s: TestServer | undefined;
  let editor: Client;
  let front: EditedBehindCaddy | undefined;
  let origin: string;

  const snapshot = async () => (await (await editor.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
  const valueOf = (snap: ContentSnapshot, file: string) => JSON.parse(JSON.stringify(snap.files.find((f) => f.file === file)!.value)) as Json;

  beforeAll(async () => {
    // The site built in dist/ (a copy of the one build of this checkout that the tests share).
    front = await editBehindCaddy();
    ({ siteDir, server: s, editor, origin } = front);
  });
  afterAll(async () => {
    await front?.close();
  });

  it("serves a publish's pages under its policy as soon as the publish answers", async () => {
    const before = await getFresh(`${origin}/`);
    const beforeHtml = await before.text();
    const beforePolicy = before.headers.get('content-security-policy')!;
    expect(beforePolicy).toBe(pagePolicy(manifestOf(path.join(siteDir, 'dist', 'client')), { https: true }));
    expect(unnamedInlineCode(beforeHtml, beforePolicy)).toEqual([]);

    const snap = await snapshot();
    const homePage = valueOf(snap, 'config/pages/home.ts');
    const site = valueOf(snap, 'config/site.ts');
    const heading = 'Published while Caddy serves the files';
    expect(h1(beforeHtml)).not.toBe(escapeHtml(heading));
    homePage.sections[0].heading = heading;
    // With a picture uploaded in the editor: Caddy sends its sizes as our server does.
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#345678' } })
      .jpeg()
      .toBuffer();
    const uploaded = await editor.change('POST', `${contentRoutes.contentImage.path}?width=400&height=300`, {
      body: photo,
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(uploaded.status).toBe(201);
    homePage.sections[0].image = { ...homePage.sections[0].image, ...((await uploaded.json()) as Json) };
    // A description of its own, within a description's length (src/schema/schema.ts TEXT_LIMITS).
    site.brand.description = 'A web agency, with a description published from the editor while Caddy serves the files.';
    expect(site.brand.description).not.toBe(valueOf(snap, 'config/site.ts').brand.description);
    const published = await editor.change('POST', contentRoutes.contentPublish.path, {
      json: {
        baseRevision: snap.revision,
        changes: [
          { file: 'config/pages/home.ts', value: homePage },
          { file: 'config/site.ts', value: site },
        ],
      },
    });
    expect(published.status).toBe(200);

    const after = await getFresh(`${origin}/`);
    const afterHtml = await after.text();
    const afterPolicy = after.headers.get('content-security-policy')!;
    expect(h1(afterHtml)).toBe(escapeHtml(heading));
    const live = readFileSync(path.join(releasesDir(siteDir), 'LIVE'), 'utf8').trim();
    expect(afterPolicy).toBe(pagePolicy(manifestOf(path.join(releasesDir(siteDir), live, 'client')), { https: true }));
    // The description is in the page's inline code: the policy had to change with it, and names all of it.
    expect(afterPolicy).not.toBe(beforePolicy);
    expect(unnamedInlineCode(afterHtml, afterPolicy)).toEqual([]);
    // (The new page under the old policy would have code the browser refuses.)
    expect(unnamedInlineCode(afterHtml, beforePolicy)).not.toEqual([]);
    const avif = /(\/images\/uploads\/[0-9a-f]{20}-\d+\.avif) \d+w/.exec(afterHtml)?.[1];
    expect(avif).toBeDefined();
    const sent = async (base: string) => {
      const answer = await getFresh(base + avif!);
      return {
        status: answer.status,
        type: answer.headers.get('content-type'),
        cache: answer.headers.get('cache-control'),
        bytes: (await answer.arrayBuffer()).byteLength > 0,
      };
    };
    expect(await sent(origin)).toEqual({ status: 200, type: 'image/avif', cache: CACHE_CONTROL.uploads, bytes: true });
    expect(await sent(s!.base)).toEqual(await sent(origin));
    const script = /"(\/assets\/[^"]+\.js)"/.exec(afterHtml)?.[1];
    expect(script).toBeDefined();
    expect((await getFresh(origin + script!)).status).toBe(200);
  });

  it('the inbox and the editor load after five publishes in a row, with every file they name; so do the files of a page loaded before them', async () => {
    const filesNamedIn = (html: string) => [...new Set([...html.matchAll(/"(\/assets\/[^"]+)"/g)].map((m) => m[1]!))];
    const loadedBefore = filesNamedIn(await (await getFresh(`${origin}/`)).text());
    expect(loadedBefore.length).toBeGreaterThan(0);
    for (let n = 1; n <= 5; n++) {
      const snap = await snapshot();
      const homePage = valueOf(snap, 'config/pages/home.ts');
      homePage.sections[0].heading = `Publish ${n} of five in a row`;
      const published = await editor.change('POST', contentRoutes.contentPublish.path, {
        json: { baseRevision: snap.revision, changes: [{ file: 'config/pages/home.ts', value: homePage }] },
      });
      expect(published.status).toBe(200);
    }
    for (const address of ['/admin', '/admin/content']) {
      const page = await getFresh(origin + address);
      expect({ address, status: page.status }).toEqual({ address, status: 200 });
      const files = filesNamedIn(await page.text());
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect({ address, file, status: (await getFresh(origin + file)).status }).toEqual({ address, file, status: 200 });
    }
    for (const file of loadedBefore) expect({ file, status: (await getFresh(origin + file)).status }).toEqual({ file, status: 200 });
  });

  it('refuses a publish Caddy cannot be told of, and puts everything back as it was', async () => {
    const served = await getFresh(`${origin}/`);
    const servedHtml = await served.text();
    const servedPolicy = served.headers.get('content-security-policy')!;
    const live = readFileSync(path.join(releasesDir(siteDir), 'LIVE'), 'utf8');
    const liveCaddy = readFileSync(path.join(siteDir, 'dist', LIVE_CADDY_FILE), 'utf8');
    const homeFile = readFileSync(path.join(siteDir, 'config', 'pages', 'home.ts'), 'utf8');
    const before = await snapshot();
    await front!.stopCaddy();

    const homePage = valueOf(before, 'config/pages/home.ts');
    homePage.sections[0].heading = 'Published while Caddy is down';
    const refused = await editor.change('POST', contentRoutes.contentPublish.path, {
      json: { baseRevision: before.revision, changes: [{ file: 'config/pages/home.ts', value: homePage }] },
    });
    expect(refused.status).toBe(503);
    const { message } = (await refused.json()) as { message: string };
    const sentence = server.admin.messages.frontRefused;
    expect(message.startsWith(sentence.slice(0, sentence.indexOf('{error}')))).toBe(true);

    // Nothing published: the files, the revision, our server's page, the build recorded and Caddy's pointer are as they were.
    expect(readFileSync(path.join(siteDir, 'config', 'pages', 'home.ts'), 'utf8')).toBe(homeFile);
    expect((await snapshot()).revision).toBe(before.revision);
    expect(h1(await (await getFresh(`${s!.base}/`)).text())).toBe(h1(servedHtml));
    expect(readFileSync(path.join(releasesDir(siteDir), 'LIVE'), 'utf8')).toBe(live);
    expect(readFileSync(path.join(siteDir, 'dist', LIVE_CADDY_FILE), 'utf8')).toBe(liveCaddy);

    // Caddy, started again, serves the build it served before: its page, its policy, its scripts.
    await front!.startCaddy();
    const again = await getFresh(`${origin}/`);
    const againHtml = await again.text();
    expect(h1(againHtml)).toBe(h1(servedHtml));
    expect(again.headers.get('content-security-policy')).toBe(servedPolicy);
    const script = /"(\/assets\/[^"]+\.js)"/.exec(againHtml)?.[1];
    expect((await getFresh(origin + script!)).status).toBe(200);
  });
});
