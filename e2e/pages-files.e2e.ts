/**
 * Pages are files: our server answers every page with the bytes the build wrote (identity,
 * brotli, gzip), revalidated by ETag; the page policy is made of the hashes of the inline code
 * the build wrote (no nonce, no 'unsafe-inline' for scripts), and every inline script and style
 * element of every built page matches one of them. (That the browser refuses nothing on any
 * page, with everything on it hydrated, is checked as each page hydrates: e2e/hydration.e2e.ts.)
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../src/site/model/siteManifest';
import { expect, test } from './fixtures';

const clientDir = path.resolve('dist/client');
const manifest = (): SiteManifest => JSON.parse(readFileSync(path.join(clientDir, SITE_MANIFEST_FILE), 'utf8')) as SiteManifest;

/** GET with these headers; the answer's status, headers and bytes as they came (not decoded). */
function get(baseURL: string, address: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(new URL(address, baseURL), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
  ['identity', ''],
] as const;

/** Every page file of the build: each address's, the fallback and error pages, the outcome variants. */
function pageFiles(site: SiteManifest): string[] {
  return [...new Set([...site.pages.map((p) => p.file), site.fallbackFile, site.errorFile, ...site.outcomes.map((o) => o.file)])];
}

const INLINE = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/gi;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

test('every page answer is the file the build wrote, in each encoding, with an ETag that revalidates', async ({ baseURL }) => {
  const site = manifest();
  const answers = [
    ...site.pages.map((p) => ({ address: p.path, file: p.file, status: 200 })),
    { address: '/no-such-page', file: site.fallbackFile, status: 404 },
    ...site.outcomes.map((o) => ({ address: `${o.path}?${new URLSearchParams(o.query).toString()}`, file: o.file, status: 200 })),
  ];
  expect(site.outcomes.length).toBeGreaterThan(0);
  for (const { address, file, status } of answers) {
    for (const [encoding, suffix] of ENCODINGS) {
      const answer = await get(baseURL!, address, { 'accept-encoding': encoding });
      const label = `${address} (${encoding})`;
      expect([label, answer.status, answer.headers['content-encoding']]).toEqual([label, status, encoding === 'identity' ? undefined : encoding]);
      expect([label, answer.body.equals(readFileSync(path.join(clientDir, file + suffix)))]).toEqual([label, true]);
      if (status !== 200) continue;
      const etag = answer.headers.etag!;
      const again = await get(baseURL!, address, { 'accept-encoding': encoding, 'if-none-match': etag });
      expect([label, again.status, again.body.length, again.headers.etag]).toEqual([label, 304, 0, etag]);
    }
  }
});

test('the page policy names every inline script and style of every built page by hash, with no nonce and no inline scripts otherwise', async ({ baseURL }) => {
  const site = manifest();
  const answer = await get(baseURL!, '/', {});
  const csp = String(answer.headers['content-security-policy']);
  const directive = (name: string) =>
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([n]) => n === name)
      ?.slice(1) ?? [];
  expect(csp).not.toContain('nonce');
  expect(directive('script-src')).not.toContain("'unsafe-inline'");
  expect(directive('style-src')).not.toContain("'unsafe-inline'");
  const files = pageFiles(site);
  // Every page file of the build is one the test looks at (none missed from the manifest).
  const onDisk = readdirSync(clientDir, { recursive: true })
    .map((f) => String(f).split(path.sep).join('/'))
    .filter((f) => f.endsWith('.html') && f !== 'admin.html');
  expect(new Set(files)).toEqual(new Set(onDisk));
  let count = 0;
  for (const file of files) {
    for (const [, tag, attributes, text] of readFileSync(path.join(clientDir, file), 'utf8').matchAll(INLINE)) {
      if (/\ssrc=/.test(attributes!)) continue;
      count++;
      expect([file, tag, directive(tag === 'script' ? 'script-src' : 'style-src').includes(sha256(text!))]).toEqual([file, tag, true]);
      expect(attributes).not.toContain('nonce');
    }
  }
  expect(count).toBeGreaterThan(files.length * 3);
});
