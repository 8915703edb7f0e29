/**
 * The site as it runs on the agency's own server (docs/deploy-own-server.md): the
 * built server behind a real Caddy with the repository's own deploy/Caddyfile, over HTTPS
 * from Caddy's internal certificate authority, on 127.0.0.1. Pages and forms work over
 * HTTPS, HSTS is sent, a plain post's redirect stays on HTTPS, plain HTTP is redirected,
 * bodies over the limit are refused by Caddy, and the per-client rate limit counts the real
 * visitor: a forged X-Forwarded-For does not give a new budget.
 * Needs Caddy (Debian package `caddy`, installed by .ci/run); elsewhere it is skipped, saying so.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import server from '../config/server';
import { expect, test } from './fixtures';
import { needsCaddy, startCaddy, type RunningCaddy } from './helpers/caddy';
import { field, formOf, readCollectionIn, submitButton, toastOf, toasts, uniqueSuffix } from './helpers/forms';
import { exited, freePort, startServer } from './helpers/server';

needsCaddy();
test.describe.configure({ mode: 'serial' });

let site: ChildProcess;
let proxy: RunningCaddy | undefined;
let dataDir: string;
let origin: string;
let httpPort: number;
let api: APIRequestContext;

test.beforeAll(async () => {
  const sitePort = await freePort();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'proxy-data-'));
  // The limits as deployed (no RATE_LIMIT_FACTOR): the test counts to the real per-client limit.
  site = await startServer(sitePort, dataDir, { TRUST_PROXY: 'loopback' });
  proxy = await startCaddy({ config: 'deploy/Caddyfile', upstreamPort: sitePort });
  ({ origin, httpPort } = proxy);
  api = await playwrightRequest.newContext({ ignoreHTTPSErrors: true, baseURL: origin });
});

test.afterAll(async () => {
  await api?.dispose();
  await proxy?.stop();
  site?.kill('SIGTERM');
  if (site) await exited(site);
  rmSync(dataDir, { recursive: true, force: true });
});

test('pages come over HTTPS with HSTS, and plain HTTP is redirected to HTTPS', async () => {
  const page = await api.get('/Contact');
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain('<h1');
  expect(page.headers()['strict-transport-security']).toBe(`max-age=${server.headers.hstsMaxAgeSeconds}; includeSubDomains`);
  expect(page.headers()['content-security-policy']).toContain('upgrade-insecure-requests');

  const plain = await api.get(`http://127.0.0.1:${httpPort}/Contact`, { maxRedirects: 0 });
  expect([301, 308]).toContain(plain.status());
  expect(plain.headers().location).toBe(`${origin}/Contact`);
});

test('a form sent in the browser over HTTPS is stored', async ({ page }) => {
  const s = uniqueSuffix();
  await page.goto(`${origin}/`);
  const form = formOf(page, 'inquiry');
  await form.scrollIntoViewIfNeeded();
  await field(form, 'Fname').focus();
  await expect(form).toHaveAttribute('data-interactive', 'true');
  await field(form, 'Fname').fill(`Proxy ${s}`);
  await field(form, 'Email').fill(`proxy.${s}@example.com`);
  await field(form, 'Pname').fill('Shop');
  await submitButton(form).click();
  await expect(toasts(page).filter({ hasText: toastOf('inquiry', 'success') })).toHaveCount(1);
  const stored = await readCollectionIn(dataDir, 'Inquriy');
  expect(stored.filter((d) => d.Fname === `Proxy ${s}`)).toHaveLength(1);
});

test("a plain post's redirect stays on HTTPS, on this site", async () => {
  const answer = await api.post('/api/collections/subcribe/documents', {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Referer: `${origin}/Contact` },
    data: `Email=${encodeURIComponent(`plain.${uniqueSuffix()}@example.com`)}`,
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(303);
  const location = answer.headers().location!;
  expect(new URL(location, origin).href).toBe(`${origin}/Contact?sent=subcribe`);
});

test('an upload over the size limit is refused before it reaches the site', async () => {
  const tooBig = Buffer.alloc(7 * 1024 * 1024, 0x20);
  tooBig.write('%PDF-1.4');
  const answer = await api.put(`/api/files/Image/CvDeveloper/${crypto.randomUUID()}`, {
    headers: { 'Content-Type': 'application/pdf' },
    data: tooBig,
  });
  expect(answer.status()).toBe(413);
  // Caddy's refusal, not the site's (whose 413 is JSON in config/server.ts's words).
  expect(answer.headers()['content-type'] ?? '').not.toContain('application/json');
});

test("the editor's picture upload passes Caddy up to the site's own picture limit; nothing else does", async () => {
  // A phone photo of the largest size the site takes: Caddy lets it through, and the site
  // itself answers (here: no session, in its own JSON words).
  const photo = Buffer.alloc(server.admin.imageMaxBytes, 0x20);
  const upload = await api.post('/api/admin/content/images', { headers: { 'Content-Type': 'image/jpeg' }, data: photo });
  expect(upload.status()).not.toBe(413);
  expect(upload.headers()['content-type'] ?? '').toContain('application/json');
  // The same body to any other address is Caddy's refusal.
  const elsewhere = await api.post('/api/admin/content', { headers: { 'Content-Type': 'image/jpeg' }, data: photo });
  expect(elsewhere.status()).toBe(413);
  expect(elsewhere.headers()['content-type'] ?? '').not.toContain('application/json');
});

test('the per-client limit counts the real visitor; a forged X-Forwarded-For gains nothing', async () => {
  // This test's earlier posts came from the same address; the bucket holds the rest.
  const post = (forged?: string) =>
    api.post('/api/collections/subcribe/documents', {
      headers: { 'Content-Type': 'application/json', ...(forged ? { 'X-Forwarded-For': forged } : {}) },
      data: { Email: `limit.${uniqueSuffix()}@example.com`, id: Date.now(), Date: new Date().toString() },
    });
  const statuses: number[] = [];
  for (let i = 0; i < server.limits.perClient.requests + 2; i++) statuses.push((await post()).status());
  expect(statuses).toContain(429);
  // Every forged address is a new one: were it believed, each would get a fresh budget.
  for (let i = 0; i < 5; i++) expect((await post(`203.0.113.${i + 1}`)).status()).toBe(429);
});
