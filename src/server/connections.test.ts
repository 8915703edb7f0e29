/**
 * What a connection may hold (config/server.ts limits.connections, src/server/connections.ts),
 * against a real server (buildApp, listening on 127.0.0.1) and real sockets that read their
 * answers slowly or not at all. The limits are lowered per test (buildApp's connectionLimits)
 * so that a few sockets reach them; pages are made large enough that what the system's socket
 * buffers take is only a part of them. `npm run stress:slow-read` is the attack itself.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import server from '../../config/server';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../shared/siteManifest';
import { buildApp } from './app';
import type { ConnectionLimits } from './connections';

jest.setTimeout(20_000);

type App = Awaited<ReturnType<typeof buildApp>>;
const dirs: string[] = [];
const apps: App[] = [];
const sockets: net.Socket[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  for (const app of apps) await app.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A built site whose every page is `pageBytes` of HTML, with a file /assets/big.js of `fileBytes` (sent in blocks). */
function siteOf(pageBytes: number, fileBytes: number) {
  const dir = tempDir('connections-site');
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head></head><body><p>${'x'.repeat(pageBytes)}</p></body></html>`);
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'big.js'), Buffer.alloc(fileBytes, 0x20));
  const manifest: SiteManifest = { pages: [{ path: '/', file: 'index.html' }], fallbackFile: 'index.html', errorFile: 'index.html', frameOrigins: [], connectOrigins: [], inlineHashes: { scripts: [], styles: [] }, outcomes: [] };
  writeFileSync(path.join(dir, SITE_MANIFEST_FILE), JSON.stringify(manifest));
  return dir;
}

/** The server's side of each connection, by the client's port: a client that does not read never sees its close. */
const serverSide = new Map<string, net.Socket>();

async function start(limits: Partial<ConnectionLimits>, { pageBytes = 1000, fileBytes = 1000 } = {}) {
  const app = await buildApp({ dataDir: tempDir('connections-data'), clientDir: siteOf(pageBytes, fileBytes), connectionLimits: limits });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  app.server.on('connection', (socket: net.Socket) => serverSide.set(`${port}:${socket.remotePort}`, socket));
  return port;
}

const get = (target = '/') => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw client: what it has received, and whether the server closed it (the server's side of it is gone). */
interface Client {
  socket: net.Socket;
  received: () => Buffer;
  isClosed: () => boolean;
}

/**
 * Connects and writes `request`. `read`: 'all' reads everything as it comes, 'none' never reads
 * (the system's buffers fill up), or a number of bytes to read every 100 ms (a slow reader).
 */
function client(port: number, request: string, read: 'all' | 'none' | number): Promise<Client> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    sockets.push(socket);
    const chunks: Buffer[] = [];
    socket.on('error', () => {});
    if (read === 'all') socket.on('data', (chunk) => chunks.push(chunk));
    else if (read !== 'none') {
      socket.pause();
      const timer = setInterval(() => {
        const chunk = socket.read(Math.min(read, socket.readableLength)) as Buffer | null;
        if (chunk) chunks.push(chunk);
      }, 100);
      socket.on('close', () => clearInterval(timer));
    } else socket.pause();
    socket.on('connect', () => {
      socket.write(request);
      const key = `${port}:${socket.localPort}`;
      resolve({ socket, received: () => Buffer.concat(chunks), isClosed: () => serverSide.get(key)?.destroyed === true });
    });
  });
}

/** Resolves true once the server closed the client's connection, false if it is still open after `ms`. */
async function closedWithin(c: Client, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(20)) if (c.isClosed()) return true;
  return c.isClosed();
}
const statusLines = (bytes: Buffer) => bytes.toString('latin1').match(/HTTP\/1\.1 \d{3}/g) ?? [];

/** A visitor: a page on a fresh connection, read at once; its time in milliseconds. */
async function visit(port: number): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const answer = await fetch(`http://127.0.0.1:${port}/healthz`);
  await answer.arrayBuffer();
  return { status: answer.status, ms: performance.now() - started };
}

describe('pipelined requests (limits.connections.pipelined)', () => {
  const limit = server.limits.connections.pipelined;

  it(`answers ${limit} requests sent at once on one connection`, async () => {
    const port = await start({});
    const c = await client(port, get('/api/none').repeat(limit), 'all');
    await sleep(500);
    expect(statusLines(c.received())).toEqual(Array<string>(limit).fill('HTTP/1.1 404'));
    expect(c.isClosed()).toBe(false);
  });

  it(`closes a connection that sends ${limit + 1} or more before the first is answered, and answers other visitors`, async () => {
    const port = await start({});
    const c = await client(port, get('/').repeat(10), 'none');
    expect(await closedWithin(c, 2000)).toBe(true);
    expect((await visit(port)).status).toBe(200);
  });
});

describe('answer bytes a connection holds (limits.connections.unsentBytes, stallSeconds)', () => {
  // Larger than what the system's socket buffers take on this machine (a few MB on loopback).
  const pageBytes = 12 * 1024 * 1024;

  it('closes a connection that does not read a page larger than it may hold', async () => {
    const port = await start({ unsentBytes: 1024 * 1024 }, { pageBytes });
    const c = await client(port, get(), 'none');
    expect(await closedWithin(c, 2000)).toBe(true);
  });

  it('closes a connection whose answer made no progress for stallSeconds, and not one that reads', async () => {
    const port = await start({ unsentBytes: 64 * 1024 * 1024, stallSeconds: 1 }, { pageBytes });
    const stalled = await client(port, get(), 'none');
    const reader = await client(port, get(), 'all');
    expect(await closedWithin(stalled, 3000)).toBe(true);
    expect(reader.isClosed()).toBe(false);
    expect(reader.received().length).toBeGreaterThan(pageBytes);
  });
});

describe('answer bytes all connections hold together (limits.connections.unsentBytesTotal)', () => {
  it('closes the connection longest without progress first, and keeps one that reads slowly', async () => {
    // A page not read is held whole until the system has taken all of it (one write): 6 MB each.
    const pageBytes = 6 * 1024 * 1024;
    const port = await start({ unsentBytes: 64 * 1024 * 1024, unsentBytesTotal: 10 * 1024 * 1024 }, { pageBytes, fileBytes: 32 * 1024 * 1024 });
    // Reads a large file at about 640 kB/s: slow, but moving.
    const slow = await client(port, get('/assets/big.js'), 64 * 1024);
    const first = await client(port, get(), 'none');
    await sleep(1000);
    expect(first.isClosed()).toBe(false);
    // The two stuck pages together pass the limit.
    const second = await client(port, get(), 'none');
    expect(await closedWithin(first, 2000)).toBe(true);
    await sleep(500);
    expect(second.isClosed()).toBe(false);
    expect(slow.isClosed()).toBe(false);
    // A visitor who reads is answered at once all along.
    const { status, ms } = await visit(port);
    expect(status).toBe(200);
    expect(ms).toBeLessThan(2000);
  });
});

describe('connections open at once (limits.connections.max)', () => {
  it('makes room for a visitor by closing the connection longest without progress', async () => {
    const max = 10;
    const port = await start({ max });
    const quiet: Client[] = [];
    for (let i = 0; i < max; i++) {
      quiet.push(await client(port, '', 'all'));
      await sleep(20);
    }
    await sleep(200);
    expect(quiet.filter((c) => c.isClosed())).toHaveLength(0);
    expect((await visit(port)).status).toBe(200);
    expect(await closedWithin(quiet[0]!, 1000)).toBe(true);
    expect(quiet.slice(1).filter((c) => c.isClosed())).toHaveLength(0);
  });
});

describe('stopping', () => {
  it('closes at once a connection that never sent a request (one a browser opened ahead), and still answers a request under way', async () => {
    const port = await start({});
    const app = apps[apps.length - 1]!;
    const silent = await client(port, '', 'all');
    // Headers sent, the body not yet: a request under way when the server is asked to stop.
    const body = '{"Email":"stop@example.com","id":1,"Date":"today"}';
    const halfSent = await client(port, `POST /api/collections/subcribe/documents HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`, 'all');
    await sleep(200);
    const started = performance.now();
    const closing = app.close();
    expect(await closedWithin(silent, 1000)).toBe(true);
    halfSent.socket.write(body);
    await closing;
    // Node would have kept the silent connection (and the server) for its header timeout, a minute or more.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(statusLines(halfSent.received())).toEqual(['HTTP/1.1 201']);
  });
});
