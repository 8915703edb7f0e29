import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FALLBACK_FILE } from '../schema/pageFiles';
import { siteRoutes } from '../site/model/routing';
import routes from '../../config/routes';
import { CACHE_CONTROL, cacheControlFor } from '../site/model/caching';
import { pagePolicy } from '../platform/headers';
import { FIREBASE_CONNECT_ORIGINS } from './firebaseSettings';
import server from '../../config/server';
import { siteManifestOf } from '../render/render';
import { loadRealContent } from '../test/realConfig';
import { articlePages } from '../site/model/articles';
import { DEPLOY_CHECK_COMMAND, firebaseJson } from './firebaseJson';
import { GERMAN, withGerman } from '../test/secondLanguage';

const { pagePaths } = siteRoutes(routes);

/** A Firebase build's manifest, as the build writes it (its hashes made up: they come from the pages). */
const builtManifest = async () =>
  siteManifestOf(await loadRealContent(), {
    inlineHashes: { scripts: ["'sha256-c2NyaXB0'"], styles: ["'sha256-c3R5bGU='"] },
    outcomes: [],
    connectOrigins: FIREBASE_CONNECT_ORIGINS,
  });

it('makes every part of a Firebase deploy check first that the deploy files are what config/ and the build make now', async () => {
  const site = firebaseJson(await builtManifest());
  for (const part of [site.hosting, site.firestore, site.storage]) expect(part.predeploy).toEqual([DEPLOY_CHECK_COMMAND]);
  // The command names the project's own script, with the option that writes nothing.
  const [npm, run, script, separator, option] = DEPLOY_CHECK_COMMAND.split(' ');
  const scripts = (JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  expect([npm, run, separator, option]).toEqual(['npm', 'run', '--', '--check']);
  expect(scripts[script!]).toBe('tsx scripts/firebase-config.ts');
});

it('names the Firestore and Cloud Storage rules files, which exist at the project root', async () => {
  const { firestore, storage } = firebaseJson(await builtManifest());
  expect(firestore.rules).toBe('firestore.rules');
  expect(storage.rules).toBe('storage.rules');
  for (const file of [firestore.rules, storage.rules]) expect([file, existsSync(path.join(__dirname, '../..', file))]).toEqual([file, true]);
});

it('sends every address to its own prerendered page and leaves anything else to Hosting\'s 404 page, the fallback page', async () => {
  const { rewrites } = (firebaseJson(await builtManifest())).hosting;
  expect(rewrites).toEqual(
    expect.arrayContaining([
      { source: '/About-Us', destination: '/About-Us.html' },
      { source: '/contact', destination: '/contact.html' },
      { source: '/home', destination: '/home.html' },
    ]),
  );
  // Hosting answers an address with no file and no rewrite with 404.html and status 404.
  expect(FALLBACK_FILE).toBe('404.html');
  expect(rewrites.filter((r) => r.source.includes('*'))).toEqual([]);
  // Every address but / (index.html), and each article's page.
  const content = await loadRealContent();
  const articles = articlePages(content);
  expect(articles.length).toBeGreaterThan(0);
  for (const { path: address } of articles) expect(rewrites).toContainEqual({ source: address, destination: `${address}.html` });
  expect(rewrites).toHaveLength(pagePaths.length - 1 + articles.length);
});

it('sends the security headers of config/server.ts with every answer, and the pages\' policy: the build\'s hashes, the SDK and the map, nothing else', async () => {
  const manifest = await builtManifest();
  const all = (firebaseJson(manifest)).hosting.headers.find((h) => h.source === '**')!.headers;
  const byName = Object.fromEntries(all.map((h) => [h.key, h.value]));
  expect(byName).toMatchObject({
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': server.headers.referrerPolicy,
    'Permissions-Policy': server.headers.permissionsPolicy,
    'X-Frame-Options': 'DENY',
    'Strict-Transport-Security': `max-age=${server.headers.hstsMaxAgeSeconds}; includeSubDomains`,
  });
  const csp = byName['Content-Security-Policy']!;
  expect(csp).toBe(pagePolicy(manifest, { https: true }));
  expect(csp).toContain("script-src 'self' 'sha256-c2NyaXB0'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain(`connect-src 'self' ${FIREBASE_CONNECT_ORIGINS.join(' ')}`);
  expect(csp).toContain('frame-src https://www.openstreetmap.org');
  expect(csp).not.toContain('nonce');
});

it('caches as our server does: hashed assets a year, every page address and HTML file revalidated, pictures a day, uploaded ones a year', async () => {
  const { headers } = (firebaseJson(await builtManifest())).hosting;
  const cacheOf = (source: string) => headers.find((h) => h.source === source)?.headers.find((h) => h.key === 'Cache-Control')?.value;
  expect(cacheOf('/assets/**')).toBe('public, max-age=31536000, immutable');
  expect(cacheOf('/images/**')).toBe(CACHE_CONTROL.images);
  // The uploads' rule after the pictures' (Hosting applies the last rule that sets a header): as our server answers them.
  expect(cacheOf('/images/uploads/**')).toBe(cacheControlFor('images/uploads/0123456789abcdef0123-320.avif'));
  expect(cacheOf('/images/uploads/**')).toBe('public, max-age=31536000, immutable');
  expect(headers.findIndex((h) => h.source === '/images/uploads/**')).toBeGreaterThan(headers.findIndex((h) => h.source === '/images/**'));
  // Hosting matches the address asked for, not the file a rewrite serves.
  for (const source of ['**/*.html', ...pagePaths.map((p) => p.path)]) expect([source, cacheOf(source)]).toEqual([source, CACHE_CONTROL.page]);
});

it("sends a page's old addresses to its address now (301), and shows a gone one the page of its words, marked noindex (Hosting answers no 410, and no 404 but 404.html)", async () => {
  const content = await loadRealContent();
  const moved = { moved: [{ from: '/offer', to: '/spring-offer' }], gone: ['/old-offer', { address: '/autumn-offer', message: 'Over' }] };
  const manifest = siteManifestOf({ ...content, moved }, { inlineHashes: { scripts: [], styles: [] }, outcomes: [], connectOrigins: FIREBASE_CONNECT_ORIGINS });
  const site = firebaseJson(manifest);
  expect(site.hosting.redirects).toEqual([{ source: '/offer', destination: '/spring-offer', type: 301 }]);
  const files = Object.fromEntries(manifest.gone!.map((g) => [g.path, g.file]));
  // Two sets of words: two pages.
  expect(new Set(Object.values(files)).size).toBe(2);
  for (const address of ['/old-offer', '/autumn-offer']) {
    expect(site.hosting.rewrites).toContainEqual({ source: address, destination: `/${files[address]!}` });
    expect(site.hosting.headers.find((h) => h.source === address)?.headers).toEqual([
      { key: 'Cache-Control', value: CACHE_CONTROL.page },
      { key: 'X-Robots-Tag', value: 'noindex' },
    ]);
  }
  expect(firebaseJson(await builtManifest()).hosting.redirects).toEqual([]);
});

/**
 * What Hosting shows at an address by firebase.json, in its order (its documentation's "Priority
 * order of Hosting responses", without the files it would find first: every page's address is a
 * rewrite here): a redirect, else the first rewrite whose glob matches (`**` any part of the path,
 * `*` one segment), else 404.html with status 404.
 */
function hostingAnswer(site: ReturnType<typeof firebaseJson>, address: string): { file: string; status: number } | { redirect: string } {
  const glob = (source: string) => new RegExp(`^${source.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\0').replace(/\*/g, '[^/]*').replace(/\0/g, '.*')}$`);
  const redirect = site.hosting.redirects.find((r) => glob(r.source).test(address));
  if (redirect) return { redirect: redirect.destination };
  const rewrite = site.hosting.rewrites.find((r) => glob(r.source).test(address));
  return rewrite ? { file: rewrite.destination, status: 200 } : { file: `/${FALLBACK_FILE}`, status: 404 };
}

it("shows an unknown address under another language's prefix that language's page for unknown addresses, as our server and Caddy do (Hosting with 200: its only 404 is 404.html); any other the default one, with 404", async () => {
  const content = await loadRealContent();
  const german = { ...content, site: withGerman(content.site), moved: { moved: [], gone: ['/old-offer'] } };
  const languagePages = ['/de', '/de/Kontakt'];
  const manifest = siteManifestOf(german, { inlineHashes: { scripts: [], styles: [] }, outcomes: [], connectOrigins: FIREBASE_CONNECT_ORIGINS }, languagePages);
  const site = firebaseJson(manifest);
  const germanFallback = manifest.languageErrorPages!.find((l) => l.prefix === GERMAN.prefix)!.fallbackFile;
  expect(germanFallback).not.toBe(FALLBACK_FILE);
  // Unknown under the prefix, at any depth: the German page.
  for (const address of [`${GERMAN.prefix}/nothing-here`, `${GERMAN.prefix}/a/b/c`]) expect([address, hostingAnswer(site, address)]).toEqual([address, { file: `/${germanFallback}`, status: 200 }]);
  // Elsewhere, an address that only starts with the prefix's letters among them: Hosting's 404.
  for (const address of ['/nothing-here', `${GERMAN.prefix}sign`, `/x${GERMAN.prefix}/y`]) expect([address, hostingAnswer(site, address)]).toEqual([address, { file: `/${FALLBACK_FILE}`, status: 404 }]);
  // A German page and a German gone address keep their own files: the catch-all comes after them.
  for (const address of languagePages) expect(hostingAnswer(site, address)).toEqual({ file: `/${manifest.pages.find((p) => p.path === address)!.file}`, status: 200 });
  const goneDe = manifest.gone!.find((g) => g.path === `${GERMAN.prefix}/old-offer`)!;
  expect(hostingAnswer(site, goneDe.path)).toEqual({ file: `/${goneDe.file}`, status: 200 });
  // Revalidated as a page, as our server answers it.
  expect(site.hosting.headers.find((h) => h.source === `${GERMAN.prefix}/**`)?.headers).toEqual([{ key: 'Cache-Control', value: CACHE_CONTROL.page }]);
  // A site in one language has no such rewrite.
  expect(firebaseJson(await builtManifest()).hosting.rewrites.filter((r) => r.source.includes('*'))).toEqual([]);
});
