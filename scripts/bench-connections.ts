/**
 * npx tsx scripts/bench-connections.ts
 *
 * How soon the server deals with connections that hold too much (config/server.ts
 * limits.connections, src/platform/server/connections.ts), and with bodies larger than allowed, measured
 * on our real server (buildApp on 127.0.0.1, the real clock) with raw sockets that read slowly
 * or not at all (src/test/rawClients.ts, as src/platform/server/connections.test.ts uses them; that test
 * shows the behaviour, on the server's clock; this measures its times). Prints one line per
 * figure and exits 1, with a sentence each, past a budget:
 *
 * - a connection sending more than limits.pipelined requests at once is closed within CLOSE_MS;
 * - one that does not read a page larger than unsentBytes is closed within CLOSE_MS;
 * - one whose answer makes no progress is closed within stallSeconds and CLOSE_MS;
 * - with stuck pages over unsentBytesTotal, the oldest is closed within CLOSE_MS, and a visitor
 *   who reads is answered within VISIT_MS meanwhile;
 * - a stopping server with a connection that never sent a request stops within STOP_MS;
 * - an endless upload (chunked, past the CV's size limit) is refused and its connection closed within REFUSE_MS.
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import server from '../config/server';
import { get, serve, visit, type Served } from '../src/test/rawClients';

/** A connection over a limit is closed within this, ms. */
const CLOSE_MS = 2000;
/** A visitor who reads is answered within this while stuck connections are dealt with, ms. */
const VISIT_MS = 2000;
/** A server asked to stop, with a connection a browser opened ahead, has stopped within this, ms. */
const STOP_MS = 5000;
/** An endless upload is answered 413 and its connection closed within this, ms. */
const REFUSE_MS = 5000;

const figures: string[] = [];
const failures: string[] = [];
function record(name: string, ms: number, budget: number) {
  figures.push(`${name}: ${ms.toFixed(0)} ms (budget ${budget} ms)`);
  console.log(figures.at(-1));
  if (ms > budget) failures.push(`${name} took ${ms.toFixed(0)} ms, more than ${budget} ms.`);
}
const since = (started: number) => performance.now() - started;

async function withServer(limits: Parameters<typeof serve>[0], site: Parameters<typeof serve>[1], run: (s: Served) => Promise<void>) {
  const s = await serve(limits, { ...site, realClock: true });
  try {
    await run(s);
  } finally {
    await s.close();
  }
}

const bigPage = 12 * 1024 * 1024;

await withServer({}, {}, async (s) => {
  const started = performance.now();
  const c = await s.client(get('/').repeat(server.limits.connections.pipelined + 1), 'none');
  await c.closed();
  record(`pipelining (${server.limits.connections.pipelined + 1} requests at once) closed`, since(started), CLOSE_MS);
});

await withServer({ unsentBytes: 1024 * 1024 }, { pageBytes: bigPage }, async (s) => {
  const started = performance.now();
  const c = await s.client(get(), 'none');
  await c.closed();
  record('a 12 MB page not read, over unsentBytes (1 MB), closed', since(started), CLOSE_MS);
});

const stallSeconds = 1;
await withServer({ unsentBytes: 64 * 1024 * 1024, stallSeconds }, { pageBytes: bigPage }, async (s) => {
  const handed = s.handed('/');
  const c = await s.client(get(), 'none');
  await handed;
  const started = performance.now();
  await c.closed();
  record(
    `a page not read, without progress for stallSeconds (${stallSeconds} s), closed after its answer was written`,
    since(started),
    stallSeconds * 1000 + CLOSE_MS,
  );
});

await withServer(
  { unsentBytes: 64 * 1024 * 1024, unsentBytesTotal: 10 * 1024 * 1024 },
  { pageBytes: 6 * 1024 * 1024, fileBytes: 32 * 1024 * 1024 },
  async (s) => {
    const slow = await s.client(get('/assets/big.js'), 64 * 1024);
    let handed = s.handed('/');
    const first = await s.client(get(), 'none');
    await handed;
    handed = s.handed('/');
    await s.client(get(), 'none');
    await handed;
    const started = performance.now();
    await first.closed();
    record('two stuck 6 MB pages over unsentBytesTotal (10 MB): the older closed', since(started), CLOSE_MS);
    const visitor = await visit(s.port);
    record(`a visitor meanwhile (status ${visitor.status})`, visitor.ms, VISIT_MS);
    if (visitor.status !== 200) failures.push(`The visitor was answered ${visitor.status}.`);
    if (slow.isClosed()) failures.push('The slow reader was closed.');
  },
);

{
  const s = await serve({}, { realClock: true });
  const silent = await s.client('', 'all');
  const started = performance.now();
  await s.close();
  record('stopping with a connection that never sent a request', since(started), STOP_MS);
  if (!silent.isClosed()) failures.push('The silent connection was still open after the server stopped.');
}

await withServer({}, {}, async (s) => {
  const socket = net.connect(s.port, '127.0.0.1');
  socket.on('error', () => {});
  const block = Buffer.alloc(64 * 1024, 0x20);
  const frame = (bytes: Buffer) => Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
  let answer = '';
  let answered = false;
  const started = performance.now();
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('data', (chunk: Buffer) => {
    answered = true;
    answer += chunk.toString('latin1');
  });
  const pump = () => {
    while (!answered && !socket.destroyed) if (!socket.write(frame(block))) return void socket.once('drain', pump);
  };
  socket.on('connect', () => {
    socket.write(
      `PUT /api/files/Image/CvDeveloper/${randomUUID()} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/pdf\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    socket.write(frame(Buffer.from('%PDF-1.4\n')));
    pump();
  });
  await closed;
  const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
  record(`an endless chunked upload refused (status ${status}) and closed`, since(started), REFUSE_MS);
  if (status !== '413') failures.push(`The endless upload was answered ${status}, not 413.`);
});

for (const failure of failures) console.error(failure);
if (failures.length > 0) process.exitCode = 1;
