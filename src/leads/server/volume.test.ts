/**
 * The inbox with more leads than any answer may carry, against our real server over real HTTP
 * with a real SQLite file seeded by the fixture generator: every list answer is one page (the
 * server pages, sorts and counts in the database), an export streams every row of its view in
 * pieces of about CHUNK_CHARS while the server answers pages between them, a reader that stops
 * now and then is waited for (the server writes nothing more meanwhile: it never piles the file
 * up), and one that stops for stallSeconds gets a cut-off answer (no final chunk: a browser
 * reports the download as failed), never a short file that looks whole. A database that fails
 * midway cuts the answer off too.
 *
 * What is shown here does not depend on how many leads there are, only on there being more than
 * a page holds and an export larger than what the system's socket buffers take (about 4 MB on
 * loopback): 1,000 leads with long messages (an export of everything is about 12 MB). The
 * inbox at 100,000 leads, its memory and its times, is `npm run bench:inbox` (budgets:
 * EXPORT_LIMITS in src/test/serverWatch.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import forms from '../../../config/forms';
import server from '../../../config/server';
import { LEAD_SORTS, OPEN_VIEW, PAGE_SIZES, type LeadList } from '../model/adminApi';
import { adminRoutes } from '../../platform/inboxRoutes';
import { type Client, startSignedIn, type TestServer } from '../../test/adminServer';
import { seedDataDir } from '../../test/seedLeads';
import { readExport } from '../../test/serverWatch';
import { LOOKED_EVENT } from '../../platform/server/connections';
import { CHUNK_CHARS } from './leads';
import { SESSION_COOKIE } from '../../apps/server/admin/routes';

// A limit only stops a hang: thousands of leads written and three exports streamed outlast a minute beside a busy machine's other tests.
jest.setTimeout(300_000);

const LEADS = 1000;
/** Each career, contact and inquiry message: an export of everything is about 12 MB. */
const MESSAGE_CHARS = 16_000;
const STALL_SECONDS = 2;
const MAX_ANSWER_BYTES = 256 * 1024;

let s: TestServer;
let agency: Client;
let dataDir: string;
let seeded = 0;
beforeAll(async () => {
  // Seeded before the server starts (one transaction), so that no connection of the sign-in waits meanwhile.
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'volume-'));
  seeded = seedDataDir(dataDir, LEADS, { messageChars: MESSAGE_CHARS }).leads;
  // A smaller stallSeconds than the site's; the guard's clock is the server's, which the test moves.
  ({ server: s, client: agency } = await startSignedIn({ dataDir, connectionLimits: { unsentBytes: 512 * 1024, stallSeconds: STALL_SECONDS } }));
  s.app.server.on('connection', (socket: net.Socket) => sockets.push(socket));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await s?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const spamEvery = 50;
const inbox = LEADS - LEADS / spamEvery;
const cookie = () => `${SESSION_COOKIE}=${agency.cookies.get(SESSION_COOKIE)}`;
const exportUrl = (query: string) => `${s.base}${adminRoutes.export.path}?${query}`;
const count = (sql: string) => (s.app.store.db.prepare(sql).get() as { n: number }).n;

/** Resolves after the server's connection guard has looked at its connections `times` more times. */
const looks = (times = 1) =>
  new Promise<void>((resolve) => {
    let seen = 0;
    const onLook = () => {
      if (++seen < times) return;
      s.app.server.off(LOOKED_EVENT, onLook);
      resolve();
    };
    s.app.server.on(LOOKED_EVENT, onLook);
  });

/** Moves the server's clock on by `ms`, half a second per look of the guard (a jump over a second would be forgiven as the server's own delay). */
async function advance(ms: number) {
  for (let moved = 0; moved < ms; moved += 500) {
    await looks();
    s.clock.now += Math.min(500, ms - moved);
  }
  await looks(2);
}

/**
 * What the server does, in order, as seen inside it: each piece of an export written ('piece'),
 * each list answer finished ('list'). `rest()` resolves once the latest export has come to rest:
 * its connection holds bytes the system has not taken, and the server wrote no more of it while
 * the connection guard looked twice (it waits for its reader); with whether its answer was
 * written to the end by then.
 */
function watchInside() {
  const events: ('piece' | 'list')[] = [];
  let latest: http.ServerResponse | undefined;
  let onPiece: (() => void) | undefined;
  const isBlocked = () => (latest?.socket?.writableLength ?? 0) > 0;
  const onRequest = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const address = request.url?.split('?')[0];
    if (address === adminRoutes.leads.path) response.once('finish', () => events.push('list'));
    if (address !== adminRoutes.export.path) return;
    latest = response;
    const write = response.write.bind(response) as (...args: unknown[]) => boolean;
    response.write = ((...args: unknown[]) => {
      events.push('piece');
      const taken = write(...args);
      onPiece?.();
      return taken;
    }) as typeof response.write;
  };
  s.app.server.on('request', onRequest);
  return {
    events,
    pieces: () => events.filter((e) => e === 'piece').length,
    firstPiece: () => new Promise<void>((resolve) => (onPiece = resolve)),
    async rest(): Promise<{ ended: boolean }> {
      for (;;) {
        const before = events.length;
        await looks(2);
        if (events.length === before && isBlocked()) return { ended: latest!.writableEnded };
      }
    },
    stop: () => s.app.server.off('request', onRequest),
  };
}

/** The server's side of each connection, in the order they came. */
const sockets: net.Socket[] = [];
const newestConnection = () => sockets.filter((socket) => !socket.destroyed).at(-1)!;

it(`seeds ${LEADS} leads in one transaction, each with its row in the leads table`, () => {
  expect(seeded).toBe(LEADS);
  expect(count('SELECT count(*) AS n FROM documents')).toBe(LEADS);
  expect(count('SELECT count(*) AS n FROM leads WHERE collection IS NOT NULL')).toBe(LEADS);
});

describe('the list', () => {
  const get = async (query: string) => {
    const response = await agency.send('GET', `${adminRoutes.leads.path}?${query}`);
    expect(response.status).toBe(200);
    const bytes = Buffer.byteLength(await response.clone().text());
    return { bytes, answer: (await response.json()) as LeadList };
  };

  it('answers one page, under 256 kB, for every sort, direction and page size, first and last page', async () => {
    const largest = PAGE_SIZES.at(-1)!;
    // Several pages of the largest size: the list is paged, not sent whole.
    expect(inbox).toBeGreaterThan(largest * 5);
    for (const sort of LEAD_SORTS) {
      for (const direction of ['asc', 'desc']) {
        const first = await get(`spam=false&sort=${sort}&direction=${direction}&pageSize=${largest}`);
        expect(first.bytes).toBeLessThan(MAX_ANSWER_BYTES);
        expect(first.answer.leads).toHaveLength(largest);
        expect(first.answer.total).toBe(inbox);
        const lastPage = Math.ceil(inbox / largest) - 1;
        const last = await get(`spam=false&sort=${sort}&direction=${direction}&pageSize=${largest}&page=${lastPage}`);
        expect(last.answer.leads).toHaveLength(inbox - lastPage * largest);
      }
    }
    for (const pageSize of PAGE_SIZES) expect((await get(`spam=false&pageSize=${pageSize}`)).answer.leads).toHaveLength(pageSize);
  });

  it('is sorted by the database: names in order, and newest first by default', async () => {
    const { answer } = await get('spam=false&sort=name&direction=asc&pageSize=25');
    const names = answer.leads.map((l) => l.name).filter((n) => n !== '');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const newest = (await get('spam=false')).answer.leads.map((l) => Date.parse(l.receivedAt));
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    // Pages do not overlap.
    const one = (await get('spam=false&page=0')).answer.leads.map((l) => l.docId);
    const two = (await get('spam=false&page=1')).answer.leads.map((l) => l.docId);
    expect(new Set([...one, ...two]).size).toBe(one.length + two.length);
  });

  it('counts from the database: the view, its new leads, each form, the whole inbox', async () => {
    const { answer } = await get('spam=false');
    expect(answer.total).toBe(count('SELECT count(*) AS n FROM leads WHERE spam = 0'));
    // New sign-ups are not unread: their form awaits no answer (config/forms).
    const signUps = forms.newsletter.collection;
    expect(answer.unreadInView).toBe(count(`SELECT count(*) AS n FROM leads WHERE spam = 0 AND status = 'new' AND collection <> '${signUps}'`));
    expect(answer.unread).toBe(answer.unreadInView);
    // The default view (what needs the agency) holds every unread lead the inbox's number counts, and no sign-up.
    const open = (await get(`spam=false&status=${OPEN_VIEW}`)).answer;
    expect(open.total).toBe(count(`SELECT count(*) AS n FROM leads WHERE spam = 0 AND status IN ('new', 'read', 'answered') AND collection <> '${signUps}'`));
    expect(open.unreadInView).toBe(open.unread);
    expect(open.byForm.newsletter).toBeUndefined();
    expect(Object.values(answer.byForm).reduce((a, b) => a + b, 0)).toBe(answer.total);
    expect(Object.keys(answer.byForm).sort()).toEqual(Object.keys(forms).sort());
    const inquiries = await get('spam=false&form=inquiry');
    expect(inquiries.answer.total).toBe(answer.byForm.inquiry);
    // A search, paged and counted too.
    const found = await get('q=lead%20000124');
    expect(found.answer.total).toBe(1);
  });

  it('refuses a page size or sort it does not offer', async () => {
    for (const bad of ['pageSize=100000', 'pageSize=0', 'sort=data', 'direction=sideways', 'page=-1', 'page=x']) {
      expect((await agency.send('GET', `${adminRoutes.leads.path}?${bad}`)).status).toBe(400);
    }
  });
});

interface Raw {
  status: number;
  /** The body's bytes, as the chunks carried them. */
  body: Buffer;
  /** Each chunk's size, in bytes. */
  chunks: number[];
  /** Whether the last chunk (size 0) came: the answer ended properly. */
  complete: boolean;
}

/** An answer in HTTP/1.1's chunked framing, as it came on the wire (cut anywhere). */
function parseChunked(bytes: Buffer): Raw {
  const headEnd = bytes.indexOf('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(bytes.subarray(0, headEnd).toString('latin1'))?.[1] ?? 0);
  expect(bytes.subarray(0, headEnd).toString('latin1')).toMatch(/\r\ntransfer-encoding: chunked/i);
  const parts: Buffer[] = [];
  const chunks: number[] = [];
  for (let at = headEnd + 4; ;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (size === 0) return { status, body: Buffer.concat(parts), chunks, complete: true };
    if (lineEnd + 2 + size > bytes.length) {
      parts.push(bytes.subarray(lineEnd + 2));
      break;
    }
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    chunks.push(size);
    at = lineEnd + 2 + size + 2;
  }
  return { status, body: Buffer.concat(parts), chunks, complete: false };
}

/**
 * An export read on a raw connection (the server closes it after the answer). `stop` pauses the
 * reading at the first bytes and returns what to do before reading on; the answer's bytes are
 * read until the connection ends.
 */
function rawExport(query: string, stop?: (socket: net.Socket) => Promise<void>): Promise<Raw> {
  const { port } = new URL(s.base);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      if (!stop) return;
      const pausing = stop;
      stop = undefined;
      socket.pause();
      void pausing(socket).then(() => socket.resume());
    });
    socket.on('close', () => resolve(parseChunked(Buffer.concat(received))));
    socket.write(`GET ${adminRoutes.export.path}?${query} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie()}\r\nConnection: close\r\n\r\n`);
  });
}

describe('the export', () => {
  it(`streams every row of the view, row by row from the database, in pieces of ${CHUNK_CHARS} characters and a row`, async () => {
    const { body, chunks, complete, status } = await rawExport('form=inquiry&spam=false&format=csv');
    expect(status).toBe(200);
    expect(complete).toBe(true);
    const lines = body
      .toString('utf8')
      .split('\r\n')
      .filter((l) => l !== '');
    const expected = count("SELECT count(*) AS n FROM documents d JOIN leads l USING (doc_id) WHERE d.collection = 'Inquriy' AND l.spam = 0");
    expect(lines).toHaveLength(expected + 1);
    expect(lines[0]!.endsWith(`"${server.admin.exportInboxColumn}"`)).toBe(true);
    // Pieces of at least CHUNK_CHARS (a character is a byte or more), each at most that and one row.
    const longestRow = Math.max(...lines.map((l) => Buffer.byteLength(l) + 2));
    const bytesPerChar = body.length / body.toString('utf8').length;
    expect(chunks.length).toBeGreaterThan(10);
    for (const size of chunks.slice(0, -1)) expect(size).toBeGreaterThanOrEqual(CHUNK_CHARS);
    expect(Math.max(...chunks)).toBeLessThanOrEqual(Math.ceil(CHUNK_CHARS * Math.max(1, bytesPerChar) * 1.01) + longestRow);
  });

  it('streams three exports at once (everything as CSV and as JSON, the inbox without spam as JSON), each complete and counted row by row, answering pages between their pieces all along', async () => {
    const inside = watchInside();
    let exporting = true;
    let probes = 0;
    // The list, asked again as soon as it is answered, from the export's first bytes to its end.
    const started = inside.firstPiece();
    const probing = (async () => {
      await started;
      while (exporting) {
        expect((await agency.send('GET', `${adminRoutes.leads.path}?spam=false`)).status).toBe(200);
        probes++;
      }
    })();
    const [csv, json, inboxJson] = await Promise.all([
      readExport(exportUrl('format=csv'), cookie()),
      readExport(exportUrl('format=json'), cookie()),
      readExport(exportUrl('format=json&spam=false'), cookie()),
    ]);
    exporting = false;
    await probing;
    inside.stop();

    // Complete, and counted row by row: a CSV row per lead (spam too) under its header, a JSON row per lead of the view between [ and ].
    expect(csv).toMatchObject({ status: 200, complete: true, lines: LEADS + 1 });
    expect(json).toMatchObject({ status: 200, complete: true, lines: LEADS + 2 });
    expect(inboxJson).toMatchObject({ status: 200, complete: true, lines: inbox + 2 });
    // Inside the server: list answers between the pieces, in the first half of them and in the second.
    const { events } = inside;
    const pieces = inside.pieces();
    expect(pieces).toBeGreaterThan((csv.bytes + json.bytes + inboxJson.bytes) / (4 * CHUNK_CHARS));
    const pieceAt = events.flatMap((event, i) => (event === 'piece' ? [i] : []));
    const listsBetween = (from: number, to: number) => events.slice(from, to).filter((e) => e === 'list').length;
    expect(listsBetween(pieceAt[0]!, pieceAt[Math.floor(pieces / 2)]!)).toBeGreaterThan(0);
    expect(listsBetween(pieceAt[Math.floor(pieces / 2)]!, pieceAt.at(-1)!)).toBeGreaterThan(0);
    expect(probes).toBeGreaterThanOrEqual(2);
    // No run of pieces without a list answer between them is a large part of the exports (one read whole would be all of it).
    let run = 0;
    let longestRun = 0;
    for (const event of events.slice(events.indexOf('list'), events.lastIndexOf('list'))) {
      run = event === 'piece' ? run + 1 : 0;
      longestRun = Math.max(longestRun, run);
    }
    console.log(`three exports: ${pieces} pieces, ${events.length - pieces} list answers among them, at most ${longestRun} pieces in a row`);
    expect(longestRun).toBeLessThan(pieces / 10);
  });

  it('waits for a reader that stops: the server comes to rest with the file unfinished, and the reader gets all of it', async () => {
    const inside = watchInside();
    let rest: { ended: boolean; pieces: number } | undefined;
    const file = await new Promise<Buffer>((resolve, reject) => {
      http
        .get(exportUrl('format=json'), { agent: false, headers: { cookie: cookie() } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            if (rest) return;
            // Stops at the first bytes, until the server waits for it.
            response.pause();
            void inside.rest().then(({ ended }) => {
              rest = { ended, pieces: inside.pieces() };
              response.resume();
            });
          });
          response.on('end', () => (response.complete ? resolve(Buffer.concat(chunks)) : reject(new Error('cut off'))));
        })
        .on('error', reject);
    });
    inside.stop();
    // The server stopped writing before the end of the file: it was not piling it up.
    expect(rest).toMatchObject({ ended: false });
    expect(rest!.pieces).toBeLessThan(inside.pieces());
    expect(JSON.parse(file.toString('utf8'))).toHaveLength(LEADS);
  });

  it('a reader that stops is cut off after stallSeconds without progress, without the last chunk: visibly incomplete, never a short file that looks whole', async () => {
    const inside = watchInside();
    let openUntil = 0;
    let closedAfter = 0;
    const answer = await rawExport('format=csv', async () => {
      // The server waits for the reader, which has stopped: from now on, no progress.
      expect(await inside.rest()).toEqual({ ended: false });
      // The server's side of the connection: when it closes, the reader reads what had arrived.
      const connection = newestConnection();
      const closed = new Promise<void>((resolve) => connection.once('close', () => resolve()));
      const stoppedAt = s.clock.now;
      await advance(STALL_SECONDS * 1000 - 500);
      openUntil = connection.destroyed ? -1 : s.clock.now - stoppedAt;
      await advance(1000);
      await closed;
      closedAfter = s.clock.now - stoppedAt;
    });
    inside.stop();
    // Open for as long as stallSeconds allow on the server's clock, and closed once past it.
    expect(openUntil).toBeGreaterThanOrEqual(STALL_SECONDS * 1000 - 500);
    expect(closedAfter).toBeGreaterThan(STALL_SECONDS * 1000);
    expect(answer.status).toBe(200);
    expect(answer.complete).toBe(false);
    expect(answer.body.length).toBeGreaterThan(0);
    expect(answer.body.toString('utf8').split('\r\n').length).toBeLessThan(LEADS);
    // The server goes on answering others.
    expect((await agency.send('GET', `${adminRoutes.leads.path}?spam=false`)).status).toBe(200);
  });
});

// Last: it closes the database under the running server.
describe('a database that fails midway through an export', () => {
  it('cuts the answer off without its last chunk: the client sees a failed download, never a short file that looks whole', async () => {
    let closedDatabase = false;
    // The first part has arrived: the database goes away (closed under the server, as a failing
    // disk would leave it), and the reader reads on.
    const { body, complete, status } = await rawExport('format=csv', async () => {
      s.app.store.db.close();
      closedDatabase = true;
    });
    expect(closedDatabase).toBe(true);
    expect(status).toBe(200);
    expect(complete).toBe(false);
    // What came is the file's beginning (its header and some rows), far short of every lead.
    const lines = body.toString('utf8').split('\r\n');
    expect(lines[0]!.endsWith(`"${server.admin.exportInboxColumn}"`)).toBe(true);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.length).toBeLessThan(LEADS);
  });
});
