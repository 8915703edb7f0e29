/**
 * The build our server serves (siteBuild.ts): pages a shared cache (a CDN in front of the site)
 * may keep and must revalidate, the endpoints and the inbox it must never keep, the same page
 * policy as firebase.json's and Caddy's, and the switch to a new build at run time, with no
 * visitor seeing an error.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { caddySnippets } from '../../deploy/caddy';
import { firebaseJson } from '../../deploy/firebaseJson';
import { CACHE_CONTROL } from '../model/caching';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../model/siteManifest';
import { buildApp } from '../../apps/server/app';
import { realServedContent } from '../../test/realConfig';

const dirs: string[] = [];
const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
function tempDir(name: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A built site in miniature: one page (with an outcome variant), its compressed copies, a hashed script. */
function builtSite(text: string) {
  const dir = tempDir('site-build');
  const html = `<!doctype html><html><head></head><body><p>${text}</p></body></html>`;
  const outcome = html.replace('<body>', '<body>\n<div role="status">sent</div>');
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'outcomes', 'index'), { recursive: true });
  for (const [file, bytes] of [
    ['index.html', html],
    ['outcomes/index/sent-subcribe.html', outcome],
  ]) {
    writeFileSync(path.join(dir, file!), bytes!);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(bytes!));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(bytes!));
  }
  writeFileSync(path.join(dir, 'assets', `app-${text}.js`), 'console.log(1)');
  const manifest: SiteManifest = {
    pages: [{ path: '/', file: 'index.html' }],
    fallbackFile: 'index.html',
    errorFile: 'index.html',
    frameOrigins: [],
    connectOrigins: [],
    inlineHashes: { scripts: [], styles: [] },
    outcomes: [{ path: '/', query: [['sent', 'subcribe']], file: 'outcomes/index/sent-subcribe.html' }],
    content: realServedContent,
  };
  writeFileSync(path.join(dir, SITE_MANIFEST_FILE), JSON.stringify(manifest));
  return dir;
}

async function start(clientDir: string) {
  const app = await buildApp({ dataDir: tempDir('site-build-data'), clientDir });
  apps.push(app);
  return app;
}

describe('a cache in front of our server (a CDN)', () => {
  it('may keep pages but revalidates them by ETag; hashed files for good; outcome pages never', async () => {
    const app = await start(builtSite('one'));
    const page = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['cache-control']).toBe(CACHE_CONTROL.page);
    expect(page.headers['cache-control']).toMatch(/^public, max-age=0, must-revalidate$/);
    expect(page.headers.vary).toBe('Accept-Encoding');
    const again = await app.inject({ url: '/', headers: { 'accept-encoding': 'br', 'if-none-match': String(page.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // Another encoding is another representation, with a tag of its own.
    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip', 'if-none-match': String(page.headers.etag) } });
    expect(gzip.statusCode).toBe(200);
    expect((await app.inject({ url: '/assets/app-one.js' })).headers['cache-control']).toBe(CACHE_CONTROL.hashed);
    const outcome = await app.inject({ url: '/?sent=subcribe' });
    expect([outcome.statusCode, outcome.headers['cache-control'], outcome.body]).toEqual([
      200,
      CACHE_CONTROL.pageWithOutcome,
      expect.stringContaining('role="status"'),
    ]);
  });

  it('never keeps what the endpoints or the inbox answer, refusals included', async () => {
    const app = await start(builtSite('one'));
    const answers = [
      await app.inject({ url: '/api/no-such-endpoint' }),
      await app.inject({ method: 'POST', url: '/api/collections/nope/documents', payload: {} }),
      await app.inject({ method: 'POST', url: '/api/collections/subcribe/documents', headers: { 'content-type': 'application/json' }, payload: '{' }),
      await app.inject({ url: '/admin' }),
      await app.inject({ url: '/admin/leads/x' }),
    ];
    for (const answer of answers)
      expect([answer.statusCode, answer.headers['cache-control']]).toEqual([answer.statusCode, expect.stringContaining('no-store')]);
  });
});

describe('one policy for every host of the files', () => {
  it('our server, firebase.json and the Caddy snippets send the same page policy for the same build', async () => {
    const dir = builtSite('one');
    const manifest = JSON.parse(readFileSync(path.join(dir, SITE_MANIFEST_FILE), 'utf8')) as SiteManifest;
    manifest.inlineHashes = { scripts: ["'sha256-c2NyaXB0'"], styles: ["'sha256-c3R5bGU='"] };
    writeFileSync(path.join(dir, SITE_MANIFEST_FILE), JSON.stringify(manifest));
    const app = await start(dir);
    // Over HTTPS, as behind Caddy or a CDN (a proxy on this machine is believed).
    const page = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '127.0.0.1' });
    const ours = String(page.headers['content-security-policy']);
    const hosting = firebaseJson(manifest)
      .hosting.headers.find((h) => h.source === '**')!
      .headers.find((h) => h.key === 'Content-Security-Policy')!.value;
    const caddy = /Content-Security-Policy "([^"]+)"/.exec(caddySnippets(manifest))?.[1];
    expect(ours).toContain("script-src 'self' 'sha256-c2NyaXB0';");
    expect(ours).not.toContain('nonce');
    expect([hosting, caddy]).toEqual([ours, ours]);
  });
});

describe('switching to a new build at run time', () => {
  it('answers from the new build from the next request on, and keeps the current one when the new one cannot be read', async () => {
    const app = await start(builtSite('one'));
    expect((await app.inject({ url: '/' })).body).toContain('<p>one</p>');
    app.siteBuilds!.switchTo(builtSite('two'));
    expect((await app.inject({ url: '/' })).body).toContain('<p>two</p>');
    expect((await app.inject({ url: '/assets/app-two.js' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/assets/app-one.js' })).statusCode).toBe(404);

    const broken = builtSite('three');
    rmSync(path.join(broken, 'index.html'));
    expect(() => app.siteBuilds!.switchTo(broken)).toThrow(/index\.html/);
    const still = await app.inject({ url: '/' });
    expect([still.statusCode, still.body]).toEqual([200, expect.stringContaining('<p>two</p>')]);
  });
});

describe('a page that cannot be sent', () => {
  it("is answered with the build's error page, status 500, under the page policy, never kept by a cache", async () => {
    const app = await start(builtSite('one'));
    const build = app.siteBuilds!.current();
    build.pageFor = () => {
      throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
    };
    const answer = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(answer.statusCode).toBe(500);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-security-policy']).toBe(build.policy(false));
    expect(answer.headers['cache-control']).toBe(CACHE_CONTROL.pageWithOutcome);
    expect(answer.rawPayload).toEqual(build.errorPageFor('/').br!.body);
  });
});

describe("a page's file name", () => {
  it('leads to its address (301), and never to another host, whatever a manifest names', async () => {
    const dir = builtSite('files');
    const manifest = JSON.parse(readFileSync(path.join(dir, SITE_MANIFEST_FILE), 'utf8')) as SiteManifest;
    // A manifest written from routes the checker would refuse (src/schema/addresses.ts): "//0x7f000001" is another host to a browser.
    manifest.pages.push({ path: '/Product', file: 'Product.html' }, { path: '//0x7f000001', file: '0x7f000001.html' });
    for (const file of ['Product.html', '0x7f000001.html']) writeFileSync(path.join(dir, file), '<!doctype html><title>x</title>');
    writeFileSync(path.join(dir, SITE_MANIFEST_FILE), JSON.stringify(manifest));
    const app = await start(dir);
    const product = await app.inject({ url: '/Product.html' });
    expect([product.statusCode, product.headers.location]).toEqual([301, '/Product']);
    const hostile = await app.inject({ url: '//0x7f000001.html' });
    expect(hostile.statusCode).not.toBe(301);
    expect(hostile.headers.location).toBeUndefined();
  });
});

describe("a removed page's address", () => {
  it('answers 410 with the page of its words (its own file, with or without a trailing slash), the fallback page where the build made none; never its file by its own name', async () => {
    const dir = builtSite('home');
    const manifest = JSON.parse(readFileSync(path.join(dir, SITE_MANIFEST_FILE), 'utf8')) as SiteManifest;
    manifest.content = { ...manifest.content, moved: { moved: [], gone: [{ address: '/autumn-offer', message: 'Ended' }, '/older'] } };
    manifest.gone = [{ path: '/autumn-offer', file: '__gone__/0a1b2c3d.html' }];
    mkdirSync(path.join(dir, '__gone__'));
    writeFileSync(path.join(dir, '__gone__', '0a1b2c3d.html'), '<!doctype html><html><body><h1>Ended</h1></body></html>');
    writeFileSync(path.join(dir, SITE_MANIFEST_FILE), JSON.stringify(manifest));
    const app = await start(dir);
    for (const url of ['/autumn-offer', '/autumn-offer/', '/autumn-offer?utm_source=news']) {
      const gone = await app.inject({ url });
      expect([url, gone.statusCode, gone.body]).toEqual([url, 410, expect.stringContaining('<h1>Ended</h1>')]);
      expect(gone.headers['cache-control']).toBe(CACHE_CONTROL.page);
    }
    const older = await app.inject({ url: '/older' });
    expect([older.statusCode, older.body]).toEqual([410, expect.stringContaining('<p>home</p>')]);
    expect((await app.inject({ url: '/__gone__/0a1b2c3d.html' })).statusCode).toBe(404);
    // An unknown address stays the fallback page, 404.
    expect((await app.inject({ url: '/no-such-page' })).statusCode).toBe(404);
  });
});
