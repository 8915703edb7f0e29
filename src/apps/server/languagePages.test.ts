/**
 * A site in two languages (src/test/germanSite.ts) served by our server and by Caddy serving the
 * built files itself (deploy/Caddyfile.files, with the snippets the build wrote): an unknown
 * address under the German prefix answers the German page for unknown addresses (404), a removed
 * page's address under it the German page of its words (410), a page that cannot be sent under
 * it the German error page (500); the English ones stay English. Firebase Hosting answers only
 * its one 404.html (docs/deploy-firebase.md). Caddy's half needs Caddy (skipped where it is not
 * installed, never in CI).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import site from '../../../config/site';
import { writeLiveCaddy } from '../../deploy/caddy';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../../site/model/siteManifest';
import { getFresh } from '../../test/behindCaddy';
import { hasCaddy, noCaddy, runCaddy, type RunningCaddyProcess } from '../../test/caddy';
import { freePort } from '../../test/freePort';
import { GONE, german, renderGermanSite, type GermanSite } from '../../test/germanSite';
import { GERMAN } from '../../test/secondLanguage';
import { projectDir } from '../../test/realConfig';
import { buildApp } from './app';

jest.setTimeout(600_000);

const DEFAULT = site.languages.default.code;
let built: GermanSite | undefined;
const client = (...parts: string[]) => path.join(built!.outDir, 'client', ...parts);

describe("an address under a language's prefix that is no page", () => {
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let caddy: RunningCaddyProcess | undefined;
  let dataDir: string;
  const answers: Record<string, (address: string) => Promise<Response>> = {};
  beforeAll(async () => {
    built = await renderGermanSite();
    const outDir = built.outDir;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'languages-server-'));
    app = await buildApp({ dataDir, clientDir: client() });
    const server = await app.listen({ port: 0, host: '127.0.0.1' });
    answers['our server'] = (address) => getFresh(`${server}${address}`);
    if (!hasCaddy) return;
    // Caddy serving the files itself (deploy/Caddyfile.files) with the snippets this build wrote.
    writeLiveCaddy(outDir, outDir);
    const [port, httpPort] = [await freePort(), await freePort()];
    const origin = `http://127.0.0.1:${port}`;
    caddy = runCaddy(path.join(projectDir, 'deploy', 'Caddyfile.files'), {
      SITE_ADDRESS: origin,
      BIND: 'bind 127.0.0.1',
      HTTP_PORT: String(httpPort),
      UPSTREAM: new URL(server).host,
      SITE_DIST: outDir,
    });
    await caddy.started();
    answers.Caddy = (address) => getFresh(`${origin}${address}`);
  });
  afterAll(async () => {
    await caddy?.stop();
    await app?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    built?.remove();
  });
  const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

  it("answers the language's own page for unknown addresses (404), and a removed page's address with the page of its words in that language (410)", async () => {
    const manifest = JSON.parse(readFileSync(client(SITE_MANIFEST_FILE), 'utf8')) as SiteManifest;
    expect(manifest.languageErrorPages).toEqual([{ prefix: GERMAN.prefix, fallbackFile: 'de/404.html', errorFile: 'de/500.html' }]);
    const germanGone = manifest.gone!.find((g) => g.path === `${GERMAN.prefix}${GONE}`)!.file;
    const englishGone = manifest.gone!.find((g) => g.path === GONE)!.file;
    expect(germanGone).not.toBe(englishGone);
    if (!hasCaddy) console.warn(noCaddy);
    for (const [host, get] of Object.entries(answers)) {
      for (const address of ['/de/No-such-page', '/de/Kontakt/nothing']) {
        const answer = await get(address);
        const html = await answer.text();
        expect([host, address, answer.status, langOf(html)]).toEqual([host, address, 404, GERMAN.code]);
        expect(html).toBe(readFileSync(client('de', '404.html'), 'utf8'));
      }
      const english = await get('/No-such-page');
      expect([host, english.status, langOf(await english.text())]).toEqual([host, 404, DEFAULT]);
      const gone = await get(`${GERMAN.prefix}${GONE}`);
      const goneHtml = await gone.text();
      expect([host, gone.status, langOf(goneHtml)]).toEqual([host, 410, GERMAN.code]);
      expect(goneHtml).toContain(german(site.gone.message));
      const englishGonePage = await get(GONE);
      expect([host, englishGonePage.status]).toEqual([host, 410]);
      expect(await englishGonePage.text()).toContain(site.gone.message);
    }
    // The German page for unknown addresses is its Home, kept from search engines.
    const fallback = new JSDOM(readFileSync(client('de', '404.html'), 'utf8')).window.document;
    expect(fallback.title).toBe(new JSDOM(readFileSync(client('de.html'), 'utf8')).window.document.title);
    expect(fallback.querySelector('meta[name="robots"]')?.getAttribute('content')).toMatch(/noindex/);
  });

  it("answers a page that cannot be sent under the prefix with the language's error page (500)", async () => {
    const build = app!.siteBuilds!.current();
    build.pageFor = () => {
      throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
    };
    const german500 = await app!.inject({ url: '/de/Kontakt' });
    expect([german500.statusCode, langOf(german500.body)]).toEqual([500, GERMAN.code]);
    expect(german500.body).toContain(german(site.ui.errorScreen.heading));
    const english500 = await app!.inject({ url: '/Contact' });
    expect([english500.statusCode, langOf(english500.body)]).toEqual([500, DEFAULT]);
    expect(english500.body).toContain(site.ui.errorScreen.heading);
  });
});
