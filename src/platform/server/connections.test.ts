/**
 * What a connection may hold (config/server.ts limits.connections, src/platform/server/connections.ts),
 * against a real server (buildApp, listening on 127.0.0.1) and real sockets that read their
 * answers slowly or not at all (src/test/rawClients.ts). The limits are lowered per test
 * (buildApp's connectionLimits) so that a few sockets reach them; pages are made large enough
 * that what the system's socket buffers take is only a part of them. The guard's clock is the
 * server's, which the test moves: a connection "without progress for stallSeconds" is reached by
 * moving it, and what the guard left open is seen after it has looked (its LOOKED_EVENT), never
 * after a wait. How soon all this happens is `npx tsx scripts/bench-connections.ts`;
 * `npm run stress:slow-read` is the attack itself.
 */
import server from '../../../config/server';
import { get, serve, statusLines, visit, type Served } from '../../test/rawClients';
import type { ConnectionLimits } from './connections';

const served: Served[] = [];
afterAll(async () => {
  for (const s of served) await s.close();
});
async function start(limits: Partial<ConnectionLimits>, site?: { pageBytes?: number; fileBytes?: number }) {
  const s = await serve(limits, site);
  served.push(s);
  return s;
}

describe('pipelined requests (limits.connections.pipelined)', () => {
  const limit = server.limits.connections.pipelined;

  it(`answers ${limit} requests sent at once on one connection, and keeps it open`, async () => {
    const s = await start({});
    const c = await s.client(get('/api/none').repeat(limit), 'all');
    expect(await c.answers(limit)).toEqual(Array<string>(limit).fill('HTTP/1.1 404'));
    // Still open: one more request on it is answered.
    c.socket.write(get('/api/none'));
    expect(await c.answers(limit + 1)).toHaveLength(limit + 1);
    expect(c.isClosed()).toBe(false);
  });

  it(`closes a connection that sends ${limit + 1} or more before the first is answered, and answers other visitors`, async () => {
    const s = await start({});
    const c = await s.client(get('/').repeat(10), 'none');
    await c.closed();
    expect((await visit(s.port)).status).toBe(200);
  });
});

describe('answer bytes a connection holds (limits.connections.unsentBytes, stallSeconds)', () => {
  // Larger than what the system's socket buffers take on this machine (a few MB on loopback).
  const pageBytes = 12 * 1024 * 1024;

  it('closes a connection that does not read a page larger than it may hold', async () => {
    const s = await start({ unsentBytes: 1024 * 1024 }, { pageBytes });
    const c = await s.client(get(), 'none');
    await c.closed();
    expect(c.isClosed()).toBe(true);
  });

  it('keeps a page smaller than it may hold that is not read, until stallSeconds without progress; and a reader is never closed', async () => {
    const stallSeconds = 2;
    const s = await start({ unsentBytes: 64 * 1024 * 1024, stallSeconds }, { pageBytes });
    const handed = s.handed('/');
    const stalled = await s.client(get(), 'none');
    await handed;
    const reader = await s.client(get(), 'all');
    // The reader has its whole page before the server's clock moves: the page is written in one
    // piece, whose progress the guard sees when the system has taken all of it (a reader slower
    // than the clock, as on a starved machine, would look stalled; a slow reader of a file sent
    // in blocks is kept: the next describe).
    await reader.receivedBytes(pageBytes);
    // The guard has looked with the page held: not yet stallSeconds, it stays.
    await s.looks(2);
    expect(stalled.isClosed()).toBe(false);
    await s.advance(stallSeconds * 1000 - 500);
    expect(stalled.isClosed()).toBe(false);
    // Past stallSeconds (on the server's clock): closed.
    const closed = stalled.closed();
    await s.advance(1000);
    await closed;
    // The reader got its whole page, and its connection is open.
    await reader.answers(1);
    expect(reader.isClosed()).toBe(false);
  });
});

describe('answer bytes all connections hold together (limits.connections.unsentBytesTotal)', () => {
  it('closes the connection longest without progress first, and keeps one that reads slowly', async () => {
    // A page not read is held whole until the system has taken all of it (one write): 6 MB each.
    const pageBytes = 6 * 1024 * 1024;
    const s = await start({ unsentBytes: 64 * 1024 * 1024, unsentBytesTotal: 10 * 1024 * 1024 }, { pageBytes, fileBytes: 32 * 1024 * 1024 });
    // Reads a large file at about 640 kB/s: slow, but moving.
    const slow = await s.client(get('/assets/big.js'), 64 * 1024);
    let handed = s.handed('/');
    const first = await s.client(get(), 'none');
    await handed;
    // One stuck page is under the limit: after the guard has looked, and a while later on its clock, it is open.
    await s.advance(1000);
    expect(first.isClosed()).toBe(false);
    // The two stuck pages together pass the limit: the older one goes.
    handed = s.handed('/');
    const second = await s.client(get(), 'none');
    await handed;
    await first.closed();
    await s.looks(2);
    expect(second.isClosed()).toBe(false);
    expect(slow.isClosed()).toBe(false);
    // A visitor who reads is answered all along.
    expect((await visit(s.port)).status).toBe(200);
    expect(slow.received().length).toBeGreaterThan(0);
  });
});

describe('connections open at once (limits.connections.max)', () => {
  it('makes room for a visitor by closing the connection longest without progress', async () => {
    const max = 10;
    const s = await start({ max });
    const quiet = [];
    for (let i = 0; i < max; i++) {
      quiet.push(await s.client('', 'all'));
      // Each one quiet since a moment later on the server's clock.
      s.clock.now += 10;
    }
    await s.looks(2);
    expect(quiet.filter((c) => c.isClosed())).toHaveLength(0);
    expect((await visit(s.port)).status).toBe(200);
    await quiet[0]!.closed();
    expect(quiet.slice(1).filter((c) => c.isClosed())).toHaveLength(0);
  });
});

describe('stopping', () => {
  it('closes at once a connection that never sent a request (one a browser opened ahead), and still answers a request under way', async () => {
    const s = await start({});
    const silent = await s.client('', 'all');
    // Headers sent, the body not yet: a request under way when the server is asked to stop.
    const body = '{"Email":"stop@example.com","id":1,"Date":"today"}';
    const target = '/api/collections/subcribe/documents';
    const arrived = new Promise<void>((resolve) => s.app.server.once('request', () => resolve()));
    const halfSent = await s.client(
      `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      'all',
    );
    await arrived;
    // The server hands it on to its routes on the next turn of its loop (httpServer.ts): after that one.
    await new Promise((resolve) => setImmediate(resolve));
    const closing = s.app.close();
    // Node would have kept the silent connection (and the server) for its header timeout, a minute or more:
    // it is closed before the request under way has even sent its body.
    await silent.closed();
    expect(halfSent.isClosed()).toBe(false);
    halfSent.socket.write(body);
    await closing;
    await halfSent.ended();
    expect(statusLines(halfSent.received())).toEqual(['HTTP/1.1 201']);
  });
});
