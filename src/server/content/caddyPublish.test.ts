/**
 * A publish where Caddy sends the built files itself (deploy/Caddyfile.files, the repository's
 * own file, with a real Caddy): before it, Caddy serves the site's build; the office publishes
 * a new headline and a new description of the agency (which the pages carry in inline code, so
 * the page policy changes too); as soon as the publish answers, Caddy serves the new build's
 * pages under the new build's policy (every inline script and style of the page it sends is in
 * the policy it sends), and the new page's scripts. Our server tells Caddy through its admin
 * socket (src/server/caddyAdmin.ts), with dist/caddy/live.caddy pointing at the new build.
 * Needs Caddy (Debian package `caddy`; CADDY_PATH overrides it); elsewhere it is skipped, never in CI.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { contentRoutes, type ContentSnapshot } from '../../shared/contentApi';
import { pagePolicy } from '../../shared/headers';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../../shared/siteManifest';
import { startEditing, type Client, type TestServer } from '../../test/adminServer';
import { caddyHome, hasCaddy, noCaddy, runCaddy, type RunningCaddyProcess } from '../../test/caddy';
import { makeSite } from '../../test/contentSite';
import { projectDir } from '../../test/realConfig';
import { releasesDir } from '../liveBuild';
import { buildInto } from './site';

jest.setTimeout(900_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
if (!hasCaddy && !process.env.CI) console.warn(`Skipped: ${noCaddy}`);
const withCaddy = hasCaddy || process.env.CI ? describe : describe.skip;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
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
  let proxy: RunningCaddyProcess | undefined;
  let origin: string;

  beforeAll(async () => {
    siteDir = makeSite({ git: true, buildable: true });
    const home = caddyHome();
    await buildInto({ siteDir, toolsDir: projectDir }, path.join(siteDir, 'dist'));
    const socket = `unix/${path.join(home, 'admin.sock')}`;
    const config = path.join(projectDir, 'deploy', 'Caddyfile.files');
    ({ server: s, editor } = await startEditing(siteDir, { clientDir: path.join(siteDir, 'dist', 'client'), caddyAdmin: { socket, config } }));
    const [port, httpPort] = [await freePort(), await freePort()];
    origin = `http://127.0.0.1:${port}`;
    proxy = runCaddy(
      config,
      {
        SITE_ADDRESS: origin,
        BIND: 'bind 127.0.0.1',
        HTTP_PORT: String(httpPort),
        UPSTREAM: new URL(s.base).host,
        SITE_DIST: path.join(siteDir, 'dist'),
        CADDY_ADMIN: socket,
      },
      home,
    );
    for (let tries = 0; ; tries++) {
      try {
        await fetch(`${origin}/`);
        break;
      } catch (error) {
        if (tries > 200 || proxy.exited()) throw new Error(`Caddy did not start: ${proxy.log()}`, { cause: error });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  afterAll(async () => {
    await proxy?.stop();
    await s?.close();
  });

  it("serves a publish's pages under its policy as soon as the publish answers", async () => {
    const before = await fetch(`${origin}/`);
    const beforeHtml = await before.text();
    const beforePolicy = before.headers.get('content-security-policy')!;
    expect(beforePolicy).toBe(pagePolicy(manifestOf(path.join(siteDir, 'dist', 'client')), { https: true }));
    expect(unnamedInlineCode(beforeHtml, beforePolicy)).toEqual([]);

    const snap = (await (await editor.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
    const valueOf = (file: string) => JSON.parse(JSON.stringify(snap.files.find((f) => f.file === file)!.value)) as Json;
    const homePage = valueOf('config/pages/home.ts');
    const site = valueOf('config/site.ts');
    const heading = 'Published while Caddy serves the files';
    expect(h1(beforeHtml)).not.toBe(escapeHtml(heading));
    homePage.sections[0].heading = heading;
    site.brand.description = `${site.brand.description as string} Now with a description published from the editor.`;
    const published = await editor.change('POST', contentRoutes.contentPublish.path, {
      json: { baseRevision: snap.revision, changes: [{ file: 'config/pages/home.ts', value: homePage }, { file: 'config/site.ts', value: site }] },
    });
    expect(published.status).toBe(200);

    const after = await fetch(`${origin}/`);
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
    const script = /"(\/assets\/[^"]+\.js)"/.exec(afterHtml)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(origin + script!)).status).toBe(200);
  });
});
