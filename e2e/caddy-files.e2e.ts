/**
 * Pages at scale, the first way (docs/deploy-own-server.md): Caddy's file_server sends the
 * built files straight from dist/client, with the repository's deploy/Caddyfile.files and the
 * snippets the build wrote (dist/caddy/pages.caddy), and passes only /api/* and /admin to our
 * server. The pages come with the same bytes and the same policy as from our server (and as
 * firebase.json names it), forms sent in the browser and without JavaScript are stored and
 * answered, a page's visit is counted by our server (its beacon, sent after the load event and
 * at most 1 kB, passes Caddy's /api proxy), and the inbox is our server's.
 * Needs Caddy (Debian package `caddy`, installed by .ci/run); elsewhere it is skipped, saying so.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import Database from 'better-sqlite3';
import forms from '../config/forms';
import { firebaseJson } from '../src/deploy/firebaseJson';
import { CACHE_CONTROL } from '../src/site/model/caching';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../src/site/model/siteManifest';
import { expect, test } from './fixtures';
import { needsCaddy, startCaddy, type RunningCaddy } from './helpers/caddy';
import { checkOf, field, formOf, readCollectionIn, sendPlain, submitButton, toasts, uniqueSuffix } from './helpers/forms';
import { exited, freePort, startServer } from './helpers/server';
import { pageViewOf } from './helpers/visits';

needsCaddy();
test.describe.configure({ mode: 'serial' });

const dist = path.resolve('dist');
let site: ChildProcess;
let proxy: RunningCaddy | undefined;
let dataDir: string;
let origin: string;
let siteOrigin: string;
let api: APIRequestContext;

test.beforeAll(async () => {
  const sitePort = await freePort();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'caddy-files-data-'));
  site = await startServer(sitePort, dataDir, { TRUST_PROXY: 'loopback', RATE_LIMIT_FACTOR: '1000' });
  siteOrigin = `http://127.0.0.1:${sitePort}`;
  proxy = await startCaddy({ config: 'deploy/Caddyfile.files', upstreamPort: sitePort, env: { SITE_DIST: dist } });
  origin = proxy.origin;
  api = await playwrightRequest.newContext({ ignoreHTTPSErrors: true, baseURL: origin });
});

test.afterAll(async () => {
  await api?.dispose();
  await proxy?.stop();
  site?.kill('SIGTERM');
  if (site) await exited(site);
  rmSync(dataDir, { recursive: true, force: true });
});

test('Caddy sends the pages the build wrote, with the same policy as our server and firebase.json for the same page', async () => {
  const manifest = JSON.parse(readFileSync(path.join(dist, 'client', SITE_MANIFEST_FILE), 'utf8')) as SiteManifest;
  const fromFirebase = firebaseJson(manifest)
    .hosting.headers.find((h) => h.source === '**')!
    .headers.find((h) => h.key === 'Content-Security-Policy')!.value;
  const ours = await playwrightRequest.newContext({ baseURL: siteOrigin });
  try {
    for (const { path: address, file } of manifest.pages) {
      const fromCaddy = await api.get(address, { headers: { 'Accept-Encoding': 'br' } });
      // Our server behind a proxy that says HTTPS, as in production.
      const fromOurs = await ours.get(address, { headers: { 'Accept-Encoding': 'br', 'X-Forwarded-Proto': 'https' } });
      expect([address, fromCaddy.status(), fromOurs.status()]).toEqual([address, 200, 200]);
      const policy = fromCaddy.headers()['content-security-policy'];
      expect([address, policy]).toEqual([address, fromOurs.headers()['content-security-policy']]);
      expect([address, policy]).toEqual([address, fromFirebase]);
      expect(policy).not.toContain('nonce');
      expect(fromCaddy.headers()['cache-control']).toBe(CACHE_CONTROL.page);
      // Both send the file the build wrote (Playwright hands over the decoded bytes).
      const html = readFileSync(path.join(dist, 'client', file));
      expect([address, (await fromCaddy.body()).equals(html), (await fromOurs.body()).equals(html)]).toEqual([address, true, true]);
    }
  } finally {
    await ours.dispose();
  }
  // Hashed files are kept for good; an unknown address is the fallback page, status 404, same policy.
  const asset = /src="(\/assets\/[^"]+\.js)"|"(\/assets\/[^"]+\.js)"/.exec(readFileSync(path.join(dist, 'client', 'index.html'), 'utf8'));
  const script = await api.get((asset?.[1] ?? asset?.[2])!);
  expect([script.status(), script.headers()['cache-control']]).toEqual([200, CACHE_CONTROL.hashed]);
  const unknown = await api.get('/no-such-page');
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()['content-security-policy']).toBe(fromFirebase);
  expect(await unknown.text()).toContain('noindex');
  // The site manifest and the outcome variants by their own names are not served.
  for (const hidden of [`/${SITE_MANIFEST_FILE}`, `/${manifest.outcomes[0]!.file}`]) expect([hidden, (await api.get(hidden)).status()]).toEqual([hidden, 404]);
});

test('a form sent in the browser behind Caddy is stored and answered', async ({ page }) => {
  const s = uniqueSuffix();
  await page.goto(`${origin}/`);
  const form = formOf(page, 'inquiry');
  await form.scrollIntoViewIfNeeded();
  await field(form, 'Fname').focus();
  await expect(form).toHaveAttribute('data-interactive', 'true');
  await field(form, 'Fname').fill(`Caddy ${s}`);
  await field(form, 'Email').fill(`caddy.${s}@example.com`);
  await field(form, 'Pname').fill('Shop');
  await submitButton(form).click();
  await expect(toasts(page).filter({ hasText: forms.inquiry.success.toast! })).toHaveCount(1);
  const stored = await readCollectionIn(dataDir, 'Inquriy');
  expect(stored.filter((d) => d.Fname === `Caddy ${s}`)).toHaveLength(1);
});

test("a page from Caddy's files still counts its visit: its beacon, after the load event and at most 1 kB, reaches our server through the /api proxy", async ({
  page,
}) => {
  // Our server's daily counts for this test's own source.
  const counts = () => {
    const db = new Database(path.join(dataDir, 'site.db'), { readonly: true });
    try {
      return db.prepare("SELECT page, campaign, views, visits, visitors FROM visits WHERE source = 'caddy-files' ORDER BY page").all();
    } finally {
      db.close();
    }
  };
  // The page's pictures are held (its load event waits for them) and the visitor presses a key
  // meanwhile: the page's runtime starts at once (the loader starts it at the first key), before
  // the load event; the pictures then come, and the beacon still waits for the load event.
  let letPicturesCome = () => {};
  const picturesHeld = new Promise<void>((resolve) => (letPicturesCome = resolve));
  await page.route(/\/images\//, async (route) => {
    await picturesHeld;
    await route.continue();
  });
  const first = await pageViewOf(page, async () => {
    await page.goto(`${origin}/Services?utm_source=caddy-files&utm_campaign=autumn`, { waitUntil: 'domcontentloaded' });
    await page.keyboard.press('Tab');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'started');
    letPicturesCome();
  });
  const scriptsStarted = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  );
  expect(Math.min(...scriptsStarted), 'the runtime started before the load event').toBeLessThan(first.timing.loadEventEnd);
  // Sent to the address the page came from: Caddy's, which passes /api/* to our server.
  expect(new URL(first.request.url()).origin).toBe(origin);
  expect(Object.fromEntries(first.body)).toEqual({ page: '/Services', landing: '1', utmSource: 'caddy-files', utmCampaign: 'autumn' });
  expect(first.timing.beaconStart).toBeGreaterThanOrEqual(first.timing.loadEventEnd);
  expect(first.bytes).toBeLessThanOrEqual(1024);
  expect(counts()).toEqual([{ page: '/Services', campaign: 'autumn', views: 1, visits: 1, visitors: 1 }]);

  // The same page again (the browser's copy, checked with Caddy): one more view, the same visit.
  await page.unroute(/\/images\//);
  const again = await pageViewOf(page, () => page.goto(`${origin}/Services`));
  expect(Object.fromEntries(again.body)).toMatchObject({ page: '/Services', landing: '0' });
  expect(counts()).toEqual([{ page: '/Services', campaign: 'autumn', views: 2, visits: 1, visitors: 1 }]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a plain post goes to our server, and Caddy shows its outcome from the prebuilt page', async ({ page }) => {
    // Two posts, each a whole page load through Caddy: long on a busy machine.
    test.slow();
    const s = uniqueSuffix();
    await page.goto(`${origin}/Contact`);
    const form = formOf(page, 'contact');
    await field(form, 'Fullname').fill(`Plain ${s}`);
    await field(form, 'Company').fill('Acme');
    await field(form, 'Email').fill(`plain.${s}@example.com`);
    await sendPlain(page, form);
    const check = checkOf('contact', 'Number');
    await expect(page).toHaveURL(`${origin}/Contact?invalid=Contact_cli&check=${check.index}`);
    await expect(page.getByRole('alert').filter({ hasText: check.message })).toBeVisible();

    await field(formOf(page, 'contact'), 'Fullname').fill(`Plain ${s}`);
    await field(formOf(page, 'contact'), 'Company').fill('Acme');
    await field(formOf(page, 'contact'), 'Number').fill('0123456789');
    await field(formOf(page, 'contact'), 'Email').fill(`plain.${s}@example.com`);
    await field(formOf(page, 'contact'), 'Messsage').fill('Hello');
    await sendPlain(page, formOf(page, 'contact'));
    await expect(page).toHaveURL(`${origin}/Contact?sent=Contact_cli`);
    await expect(page.getByRole('status').filter({ hasText: forms.contact.success.toast! })).toBeVisible();
    const stored = await readCollectionIn(dataDir, 'Contact_cli');
    expect(stored.filter((d) => d.Fullname === `Plain ${s}`)).toHaveLength(1);
  });
});

test("the inbox is our server's, behind Caddy", async () => {
  const inbox = await api.get('/admin');
  expect(inbox.status()).toBe(200);
  expect(inbox.headers()['cache-control']).toBe('no-store');
  expect(inbox.headers()['content-security-policy']).toMatch(/'nonce-[^']+'/);
});
