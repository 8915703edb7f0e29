/**
 * The server's defences, on a fresh data folder with a real SQLite file: rate limits (per
 * client address and for everyone), the spam trap, submission keys (a retry is stored
 * once) and the security headers, including the page policy (by hash) and the pages' bytes.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import forms from '../../../config/forms';
import server from '../../../config/server';
import { buildDocument } from '../../site/forms/model/document';
import { EMPTY_STYLE_HASH } from '../../platform/headers';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../../site/model/siteManifest';
import { validData } from '../../test/formFixtures';
import { buildApp } from './app';
import { clientKey, createLimiter } from '../../platform/server/rateLimit';
import { openStore } from './siteStore';
import { databaseFile } from '../../platform/server/store/store';
import { realServedContent } from '../../test/realConfig';
import { api } from '../../platform/api';
import { solvePuzzle } from '../../test/proof';
import { newDataDir } from '../../test/adminServer';

type App = Awaited<ReturnType<typeof buildApp>>;
const inquiry = forms.inquiry;
const documentsUrl = (collection: string) => `/api/collections/${encodeURIComponent(collection)}/documents`;
const validInquiry = () => buildDocument(inquiry, validData.inquiry);
const trap = server.spamTrap.name;

const dirs: string[] = [];
const apps: App[] = [];
function tempDir(name: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  dirs.push(dir);
  return dir;
}
/** The rate limits' clock stands still: a slow machine must not refill a bucket while a test counts. */
const stoppedClock = () => 1_800_000_000_000;

/** A new site's database, copied (src/test/adminServer.ts newDataDir): the migrations are run once for the file, not per server. */
function dataDir() {
  const dir = newDataDir('hardening-');
  dirs.push(dir);
  return dir;
}

async function start(options: Partial<Parameters<typeof buildApp>[0]> = {}) {
  const app = await buildApp({ dataDir: dataDir(), clock: stoppedClock, ...options });
  apps.push(app);
  await app.ready();
  return app;
}
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const postJson = (app: App, body: unknown, { from = '127.0.0.1', headers = {} as Record<string, string>, collection = inquiry.collection } = {}) =>
  app.inject({
    method: 'POST',
    url: documentsUrl(collection),
    remoteAddress: from,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });

const postPlain = (app: App, fields: Record<string, string>, from = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: documentsUrl(inquiry.collection),
    remoteAddress: from,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'site.test', referer: 'http://site.test/Home' },
    payload: new URLSearchParams(fields).toString(),
  });

describe('the token bucket', () => {
  it('lets `requests` through at once, then one more per refill interval, per key', () => {
    let now = 0;
    const limiter = createLimiter({ requests: 3, perSeconds: 30 }, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(10); // one token comes back every 10 s
    expect(limiter.take('b')).toBe(0); // another client is not affected
    now = 9_000;
    expect(limiter.take('a')).toBe(1);
    now = 10_000;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
    now = 1_000_000;
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0, 10]);
  });

  it('forgets clients whose bucket is full again, so a flood of addresses cannot fill the memory', () => {
    let now = 0;
    const limiter = createLimiter({ requests: 2, perSeconds: 1 }, () => now);
    for (let i = 0; i < 10_000; i++) limiter.take(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.size).toBe(10_000);
    now = 5_000;
    limiter.take('192.0.2.1');
    expect(limiter.size).toBe(1);
  });
});

describe('rate limits (config/server.ts limits)', () => {
  const perClient = server.limits.perClient.requests;
  const everyone = server.limits.everyone.requests;

  it(`stores ${perClient} submissions from one address, then answers 429 with a Retry-After and stores nothing more`, async () => {
    const app = await start();
    for (let i = 0; i < perClient; i++) expect((await postJson(app, validInquiry(), { from: '198.51.100.7' })).statusCode).toBe(201);
    const refused = await postJson(app, validInquiry(), { from: '198.51.100.7' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: server.messages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(app.store.count(inquiry.collection)).toBe(perClient);
    // Uploads count against the same limit.
    const upload = await app.inject({
      method: 'PUT',
      url: '/api/files/Image/CvDeveloper/0f8c6a2e-3b1d-4c5e-9f7a-1b2c3d4e5f60',
      remoteAddress: '198.51.100.7',
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF-1.7\n'),
    });
    expect(upload.statusCode).toBe(429);
    // Someone else is still welcome.
    expect((await postJson(app, validInquiry(), { from: '198.51.100.8' })).statusCode).toBe(201);
  });

  it("sends a plain (no-JavaScript) post over the limit back to its page with the form's failure outcome", async () => {
    const app = await start();
    const values = Object.fromEntries(Object.entries(validData.inquiry).map(([k, v]) => [k, String(v)]));
    for (let i = 0; i < perClient; i++) expect((await postPlain(app, values, '198.51.100.9')).headers.location).toBe(`/Home?sent=${inquiry.collection}`);
    const refused = await postPlain(app, values, '198.51.100.9');
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe(`/Home?failed=${inquiry.collection}`);
    expect(app.store.count()).toBe(perClient);
  });

  it(`holds everyone together to ${everyone} submissions, however many addresses they come from`, async () => {
    const app = await start();
    const answers: number[] = [];
    for (let i = 0; i < everyone + 5; i++) answers.push((await postJson(app, validInquiry(), { from: `203.0.113.${i % 250}` })).statusCode);
    expect(answers.filter((s) => s === 201)).toHaveLength(everyone);
    expect(answers.slice(everyone)).toEqual([429, 429, 429, 429, 429]);
    expect(app.store.count()).toBe(everyone);
  });

  it('is raised by rateLimitFactor (RATE_LIMIT_FACTOR) for tests and benchmarks', async () => {
    const app = await start({ rateLimitFactor: 10 });
    for (let i = 0; i < perClient * 2; i++) expect((await postJson(app, validInquiry(), { from: '198.51.100.10' })).statusCode).toBe(201);
  });

  it(`counts an IPv6 network (a /${server.limits.ipv6ClientBits}) as one client: ${perClient + 2} posts from three of its addresses, over real HTTP`, async () => {
    const app = await start();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // Behind the site's proxy (Caddy passes the visitor's address), as the deploy runs it.
    const postFrom = async (address: string) => {
      const answer = await fetch(`http://127.0.0.1:${port}${documentsUrl(inquiry.collection)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify(validInquiry()),
      });
      await answer.arrayBuffer();
      return answer.status;
    };
    const network = ['2001:db8:85a3:8d3::1', '2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3:ffff:ffff:ffff:fffe'];
    const statuses: number[] = [];
    for (let i = 0; i < perClient + 2; i++) statuses.push(await postFrom(network[i % 3]!));
    expect(statuses).toEqual([...Array<number>(perClient).fill(201), 429, 429]);
    expect(app.store.count()).toBe(perClient);
    // The next network is another subscriber.
    expect(await postFrom('2001:db8:85a3:8d4::1')).toBe(201);
  });

  it('an IPv4 address written as IPv6 is that IPv4 address', async () => {
    const app = await start();
    for (let i = 0; i < perClient; i++)
      expect((await postJson(app, validInquiry(), { from: i % 2 ? '198.51.100.30' : '::ffff:198.51.100.30' })).statusCode).toBe(201);
    expect((await postJson(app, validInquiry(), { from: '::ffff:c633:641e' })).statusCode).toBe(429);
    expect((await postJson(app, validInquiry(), { from: '198.51.100.31' })).statusCode).toBe(201);
  });

  it.each([
    ['198.51.100.7', 64, '198.51.100.7'],
    ['::ffff:198.51.100.7', 64, '198.51.100.7'],
    ['::ffff:c633:6407', 64, '198.51.100.7'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', 64, '2001:db8:85a3:8d3:0:0:0:0/64'],
    ['2001:db8:85a3:8d3::1', 64, '2001:db8:85a3:8d3:0:0:0:0/64'],
    ['2001:DB8:85A3:8D3::1', 64, '2001:db8:85a3:8d3:0:0:0:0/64'],
    ['2001:db8::1', 64, '2001:db8:0:0:0:0:0:0/64'],
    ['fe80::1%eth0', 64, 'fe80:0:0:0:0:0:0:0/64'],
    ['::1', 64, '0:0:0:0:0:0:0:0/64'],
    ['2001:db8:85a3:8d3:1319::', 56, '2001:db8:85a3:800:0:0:0:0/56'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', 128, '2001:db8:85a3:8d3:1319:8a2e:370:7348/128'],
    ['64:ff9b::192.0.2.33', 96, '64:ff9b:0:0:0:0:0:0/96'],
    ['', 64, ''],
  ] as const)('keys the client %j, with IPv6 networks of %d bits, as %j', (address, bits, key) => {
    expect(clientKey(address, bits)).toBe(key);
  });

  it('trusts X-Forwarded-For only from a proxy on this machine', async () => {
    const app = await start();
    // A client far away cannot dodge its limit by claiming other addresses.
    for (let i = 0; i < perClient; i++) {
      expect((await postJson(app, validInquiry(), { from: '198.51.100.11', headers: { 'x-forwarded-for': `192.0.2.${i}` } })).statusCode).toBe(201);
    }
    expect((await postJson(app, validInquiry(), { from: '198.51.100.11', headers: { 'x-forwarded-for': '192.0.2.200' } })).statusCode).toBe(429);
    // Behind a local proxy, each visitor has their own limit.
    expect((await postJson(app, validInquiry(), { from: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.11' } })).statusCode).toBe(429);
    expect((await postJson(app, validInquiry(), { from: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.12' } })).statusCode).toBe(201);
  });
});

describe('the spam trap (config/server.ts spamTrap)', () => {
  it('answers a submission that filled it as if all went well, and stores it without the field, marked as spam', async () => {
    const app = await start({ rateLimitFactor: 100 });
    const document = validInquiry();
    const json = await postJson(app, { ...document, [trap]: 'http://spam.example' });
    expect(json.statusCode).toBe(201);
    const { id } = json.json() as { id: string };
    expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    const values = Object.fromEntries(Object.entries(validData.inquiry).map(([k, v]) => [k, String(v)]));
    const plain = await postPlain(app, { ...values, [trap]: 'buy now' });
    expect(plain.headers.location).toBe(`/Home?sent=${inquiry.collection}`);
    const stored = app.store.list(inquiry.collection);
    expect(stored).toHaveLength(2);
    expect(stored[0]).toEqual(document);
    for (const saved of stored) expect(Object.keys(saved)).not.toContain(trap);
    const marks = app.store.db.prepare('SELECT d.doc_id AS id, l.spam FROM documents d JOIN leads l USING (doc_id) ORDER BY d.seq').all();
    expect(marks).toEqual([
      { id, spam: 1 },
      { id: expect.any(String), spam: 1 },
    ]);
  });

  it('still checks a submission that filled it: one the form refuses is refused and not stored', async () => {
    const app = await start({ rateLimitFactor: 100 });
    const json = await postJson(app, { ...validInquiry(), Email: 'not an address', [trap]: 'http://spam.example' });
    expect(json.statusCode).toBe(400);
    expect(app.store.count()).toBe(0);
  });

  it("stores a person's submission, whose trap field is empty, without that field", async () => {
    const app = await start({ rateLimitFactor: 100 });
    const document = validInquiry();
    // As a page's script sends it: with the puzzle of the proof of work solved.
    const proof = solvePuzzle((await app.inject({ method: 'GET', url: api.proofChallenge })).json());
    expect((await postJson(app, { ...document, [trap]: '' }, { headers: { [api.proofHeader]: proof } })).statusCode).toBe(201);
    const values = Object.fromEntries(Object.entries(validData.inquiry).map(([k, v]) => [k, String(v)]));
    expect((await postPlain(app, { ...values, [trap]: '' })).headers.location).toBe(`/Home?sent=${inquiry.collection}`);
    const stored = app.store.list(inquiry.collection);
    expect(stored).toHaveLength(2);
    expect(stored[0]).toEqual(document);
    for (const saved of stored) expect(Object.keys(saved)).not.toContain(trap);
    // The plain post (no JavaScript) could solve no puzzle: kept, in the Spam folder.
    expect(app.store.db.prepare('SELECT spam FROM leads').all()).toEqual([{ spam: 0 }, { spam: 1 }]);
  });

  it('does not collide with any field of any form', () => {
    for (const form of Object.values(forms)) expect(form.fields.map((f) => f.name)).not.toContain(trap);
  });
});

describe('submission keys (Idempotency-Key)', () => {
  it('stores a retried submission once and answers the retry with the first id', async () => {
    const app = await start({ rateLimitFactor: 100 });
    const document = validInquiry();
    const key = '3f1c2a9e-6b7d-4e8f-9a0b-1c2d3e4f5a6b';
    const first = await postJson(app, document, { headers: { 'idempotency-key': key } });
    const retry = await postJson(app, document, { headers: { 'idempotency-key': key } });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(app.store.list(inquiry.collection)).toEqual([document]);
  });

  it('stores once when the same submission arrives many times at once (one group commit)', async () => {
    const app = await start({ rateLimitFactor: 100 });
    const key = 'b7e0c2d4-1a3b-4c5d-8e6f-7a8b9c0d1e2f';
    const answers = await Promise.all(Array.from({ length: 12 }, () => postJson(app, validInquiry(), { headers: { 'idempotency-key': key } })));
    const ids = new Set(answers.map((a) => (a.json() as { id: string }).id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(app.store.count()).toBe(1);
  });

  it('keeps keys apart per form, and stores submissions without a key as before', async () => {
    const app = await start({ rateLimitFactor: 100 });
    const key = 'same-key-for-two-forms';
    expect((await postJson(app, validInquiry(), { headers: { 'idempotency-key': key } })).statusCode).toBe(201);
    const newsletter = buildDocument(forms.newsletter, validData.newsletter);
    expect((await postJson(app, newsletter, { collection: forms.newsletter.collection, headers: { 'idempotency-key': key } })).statusCode).toBe(201);
    expect((await postJson(app, validInquiry())).statusCode).toBe(201);
    expect((await postJson(app, validInquiry())).statusCode).toBe(201);
    expect(app.store.count()).toBe(4);
  });

  it.each(['short', 'x'.repeat(65), 'has space in it', 'semi;colon-key', '../../etc/passwd'])('refuses the key %j with 400 and stores nothing', async (key) => {
    const app = await start({ rateLimitFactor: 100 });
    const answer = await postJson(app, validInquiry(), { headers: { 'idempotency-key': key } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: server.messages.badSubmissionKey });
    expect(app.store.count()).toBe(0);
  });

  it('adds the key column to a database made before keys existed, keeping its documents', async () => {
    const dataDir = tempDir('old-db');
    const old = new Database(databaseFile(dataDir));
    old.exec(`CREATE TABLE documents (seq INTEGER PRIMARY KEY AUTOINCREMENT, collection TEXT NOT NULL, doc_id TEXT NOT NULL UNIQUE,
      data TEXT NOT NULL CHECK (json_valid(data)), created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')));`);
    old.prepare('INSERT INTO documents (collection, doc_id, data) VALUES (?, ?, ?)').run('Inquriy', 'abc', JSON.stringify({ Fname: 'Old' }));
    old.close();
    const store = openStore(dataDir);
    try {
      expect(store.list('Inquriy')).toEqual([{ Fname: 'Old' }]);
      expect(await store.insertDurably('Inquriy', { Fname: 'New' }, { clientKey: 'a-fresh-key' })).toMatchObject({ replayed: false });
      expect(await store.insertDurably('Inquriy', { Fname: 'New' }, { clientKey: 'a-fresh-key' })).toMatchObject({ replayed: true });
      expect(store.count('Inquriy')).toBe(2);
    } finally {
      store.close();
    }
  });
});

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const TINY_STYLE = 'p{color:red}';
const TINY_SCRIPT = 'window.x=1';

/** A built site in miniature: a page with an inline style and script, as the prerenderer writes it, and its compressed copies. */
function tinySite() {
  const dir = tempDir('client');
  mkdirSync(path.join(dir, 'assets'));
  const html = `<!doctype html><html><head><style>${TINY_STYLE}</style></head><body><div id="root"><p>Hello</p></div><script>${TINY_SCRIPT}</script></body></html>`;
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(path.join(dir, 'index.html.gz'), gzipSync(html));
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  const manifest: SiteManifest = {
    pages: [
      { path: '/', file: 'index.html' },
      { path: '/Contact', file: 'index.html' },
    ],
    fallbackFile: 'index.html',
    errorFile: 'index.html',
    frameOrigins: ['https://www.openstreetmap.org'],
    connectOrigins: [],
    inlineHashes: { scripts: [sha256(TINY_SCRIPT)], styles: [sha256(TINY_STYLE)] },
    outcomes: [],
    content: realServedContent,
  };
  writeFileSync(path.join(dir, SITE_MANIFEST_FILE), JSON.stringify(manifest));
  return dir;
}

describe('security headers', () => {
  it('gives every page the policy of the build: its inline code by hash, no nonce, no inline scripts otherwise', async () => {
    const app = await start({ clientDir: tinySite() });
    const [a, b] = [await app.inject({ url: '/Contact' }), await app.inject({ url: '/' })];
    for (const page of [a, b]) {
      const csp = String(page.headers['content-security-policy']);
      expect(csp).not.toContain('nonce');
      expect(csp).toContain(`script-src 'self' ${sha256(TINY_SCRIPT)}`);
      expect(csp).toContain(`style-src 'self' ${sha256(TINY_STYLE)} ${EMPTY_STYLE_HASH}`);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("form-action 'self'");
      // The frames the build found in the pages (the contact page's map) are the only ones allowed.
      expect(csp).toContain('frame-src https://www.openstreetmap.org');
    }
    expect(a.headers['content-security-policy']).toBe(b.headers['content-security-policy']);
  });

  it('sends the page as the build wrote it, in the encoding the browser accepts, and 304 while it is unchanged', async () => {
    const dir = tinySite();
    const app = await start({ clientDir: dir });
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
      ['identity', ''],
    ] as const) {
      const page = await app.inject({ url: '/', headers: { 'accept-encoding': encoding } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(page.rawPayload.equals(readFileSync(path.join(dir, `index.html${suffix}`)))).toBe(true);
      const etag = String(page.headers.etag);
      const again = await app.inject({ url: '/', headers: { 'accept-encoding': encoding, 'if-none-match': etag } });
      expect([again.statusCode, again.body, again.headers.etag]).toEqual([304, '', etag]);
      expect(again.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    }
  });

  it('sends nosniff, a referrer policy, a permissions policy and no framing with every answer', async () => {
    const app = await start({ clientDir: tinySite() });
    for (const url of ['/', '/assets/app-abc123.js', documentsUrl('nope'), '/api/files/Image/CvDeveloper/x']) {
      const answer = await app.inject({ url });
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe(server.headers.referrerPolicy);
      expect(answer.headers['permissions-policy']).toBe(server.headers.permissionsPolicy);
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(String(answer.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS (and upgrades requests) only when the visitor came over HTTPS through a trusted proxy', async () => {
    const app = await start({ clientDir: tinySite() });
    const viaProxy = await app.inject({ url: '/', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toBe(`max-age=${server.headers.hstsMaxAgeSeconds}; includeSubDomains`);
    expect(String(viaProxy.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    const spoofed = await app.inject({ url: '/', remoteAddress: '198.51.100.20', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('a client that sends its request, then closes its sending side (half-close)', () => {
  /**
   * Writes the request and shuts down the socket's sending side at once (shutdown(SHUT_WR)), then
   * reads until the server closes: HTTP says a half-close does not end the client's interest.
   */
  function halfClosed(port: number, request: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      const timer = setTimeout(() => socket.destroy(new Error('no answer within 5 s')), 5000);
      socket.on('connect', () => socket.end(request));
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        clearTimeout(timer);
        const all = Buffer.concat(chunks);
        const cut = all.indexOf('\r\n\r\n');
        if (cut < 0) return resolve({ status: 0, headers: {}, body: all });
        const [statusLine = '', ...lines] = all.subarray(0, cut).toString('latin1').split('\r\n');
        const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body: all.subarray(cut + 4) });
      });
    });
  }

  let port: number;
  let app: App;
  beforeAll(async () => {
    app = await start({ clientDir: tinySite(), rateLimitFactor: 100 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  const get = (target: string, headers = '') => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`;

  it.each([
    ['brotli', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['no compression', 'identity', (bytes: Buffer) => bytes],
  ] as const)('gets the whole page, %s', async (_name, encoding, decode) => {
    const answer = await halfClosed(port, get('/Contact', `Accept-Encoding: ${encoding}\r\n`));
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(Number(answer.headers['content-length']));
    expect(decode(answer.body).toString()).toContain('<p>Hello</p>');
  });

  it('gets a built file whole, compressed or not', async () => {
    for (const encoding of ['br, gzip', 'identity']) {
      const answer = await halfClosed(port, get('/assets/app-abc123.js', `Accept-Encoding: ${encoding}\r\n`));
      expect([answer.status, answer.body.toString()]).toEqual([200, 'console.log(1)']);
    }
  });

  it('gets the answer to a form it posted, and the form is stored', async () => {
    const document = validInquiry();
    const body = JSON.stringify(document);
    const answer = await halfClosed(
      port,
      `POST ${documentsUrl(inquiry.collection)} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body.toString())).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9]{20}$/) });
    expect(app.store.list(inquiry.collection).at(-1)).toEqual(document);
  });
});
