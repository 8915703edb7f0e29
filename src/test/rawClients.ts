/**
 * Raw clients of our real server (buildApp, listening on 127.0.0.1) that read their answers at
 * once, slowly or not at all, for src/platform/server/connections.test.ts and `npx tsx
 * scripts/bench-connections.ts`. Each client is known on both sides: its socket, and the
 * server's side of it (a client that does not read never sees its close), so a test waits for
 * the server closing it (an event) instead of looking for it every few milliseconds. The server's
 * connection guard says when it has looked at the connections (LOOKED_EVENT): what it has not
 * closed after a look it left open.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../site/model/siteManifest';
import { realServedContent } from './realConfig';
import { buildApp } from '../apps/server/app';
import { LOOKED_EVENT, type ConnectionLimits } from '../platform/server/connections';

type App = Awaited<ReturnType<typeof buildApp>>;

/** A built site whose every page is `pageBytes` of HTML, with a file /assets/big.js of `fileBytes` (sent in blocks). */
export function siteOf(dir: string, pageBytes: number, fileBytes: number) {
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head></head><body><p>${'x'.repeat(pageBytes)}</p></body></html>`);
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'big.js'), Buffer.alloc(fileBytes, 0x20));
  const manifest: SiteManifest = {
    pages: [{ path: '/', file: 'index.html' }],
    fallbackFile: 'index.html',
    errorFile: 'index.html',
    frameOrigins: [],
    connectOrigins: [],
    inlineHashes: { scripts: [], styles: [] },
    outcomes: [],
    content: realServedContent,
  };
  writeFileSync(path.join(dir, SITE_MANIFEST_FILE), JSON.stringify(manifest));
}

/** A raw client: what it has received, and the server's side of its connection. */
interface Client {
  socket: net.Socket;
  /** The server's side of the connection. */
  server: net.Socket;
  received: () => Buffer;
  /** Whether the server closed the connection (its side is gone). */
  isClosed: () => boolean;
  /** Resolves once the server has closed the connection. */
  closed: () => Promise<void>;
  /** Resolves once the client's socket is closed (it has read everything the server sent). */
  ended: () => Promise<void>;
  /** Resolves once the client has received `count` status lines (answers) in all. */
  answers: (count: number) => Promise<string[]>;
  /** Resolves once the client has received at least `bytes` bytes in all. */
  receivedBytes: (bytes: number) => Promise<void>;
}

export interface Served {
  app: App;
  port: number;
  /** The server's clock (the connection guard's too): starts at the real time, moves only when told. */
  clock: { now: number };
  /**
   * Connects and writes `request`. `read`: 'all' reads everything as it comes, 'none' never reads
   * (the system's buffers fill up), or a number of bytes to read every 100 ms (a slow reader).
   * Resolves once the server has the connection too.
   */
  client(request: string, read: 'all' | 'none' | number): Promise<Client>;
  /** Resolves after the connection guard has looked at the connections `count` more times. */
  looks(count?: number): Promise<void>;
  /** Moves the clock on by `ms`, in steps the guard looks at one by one (a jump over 1 s would be the server's own delay, forgiven). */
  advance(ms: number): Promise<void>;
  /** Resolves with the server's answer to a request for `target` that has arrived, once the answer is handed to the system whole. */
  handed(target: string): Promise<void>;
  close(): Promise<void>;
}

export const get = (target = '/') => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
export const statusLines = (bytes: Buffer) => bytes.toString('latin1').match(/HTTP\/1\.1 \d{3}/g) ?? [];

/** The step advance() moves the clock by: under the guard's "the server was busy" second. */
const STEP_MS = 500;

/**
 * Our server with these connection limits (the rest from config/server.ts), on a free port, over
 * a site of pages of `pageBytes`. Its clock is `clock.now` unless `realClock` (a benchmark's).
 */
export async function serve(limits: Partial<ConnectionLimits>, { pageBytes = 1000, fileBytes = 1000, realClock = false } = {}): Promise<Served> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'raw-clients-'));
  const clientDir = path.join(root, 'site');
  mkdirSync(clientDir);
  siteOf(clientDir, pageBytes, fileBytes);
  mkdirSync(path.join(root, 'data'));
  const clock = { now: Date.now() };
  const app = await buildApp({ dataDir: path.join(root, 'data'), clientDir, connectionLimits: limits, ...(realClock ? {} : { clock: () => clock.now }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  // The server's side of each connection, by the client's port.
  const serverSide = new Map<number, net.Socket>();
  const waiting = new Map<number, (socket: net.Socket) => void>();
  app.server.on('connection', (socket: net.Socket) => {
    serverSide.set(socket.remotePort!, socket);
    waiting.get(socket.remotePort!)?.(socket);
  });
  const sockets: net.Socket[] = [];

  const looks = (count = 1) =>
    new Promise<void>((resolve) => {
      let seen = 0;
      const onLook = () => {
        if (++seen < count) return;
        app.server.off(LOOKED_EVENT, onLook);
        resolve();
      };
      app.server.on(LOOKED_EVENT, onLook);
    });

  const client = (request: string, read: 'all' | 'none' | number) =>
    new Promise<Client>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      sockets.push(socket);
      const chunks: Buffer[] = [];
      let length = 0;
      const onData: (() => void)[] = [];
      socket.on('error', () => {});
      const take = (chunk: Buffer | null) => {
        if (!chunk) return;
        chunks.push(chunk);
        length += chunk.length;
        for (const listener of [...onData]) listener();
      };
      if (read === 'all') socket.on('data', take);
      else if (read !== 'none') {
        socket.pause();
        const timer = setInterval(() => take(socket.read(Math.min(read, socket.readableLength)) as Buffer | null), 100);
        socket.on('close', () => clearInterval(timer));
      } else socket.pause();
      socket.on('connect', () => {
        const local = socket.localPort!;
        const ready = (server: net.Socket) => {
          waiting.delete(local);
          socket.write(request);
          const received = () => Buffer.concat(chunks);
          /** Resolves with what `value` finds, asked again as each piece of data comes, once it finds something. */
          const until = <T>(value: () => T | undefined) =>
            new Promise<T>((done) => {
              const check = () => {
                const found = value();
                if (found === undefined) return;
                onData.splice(onData.indexOf(check), 1);
                done(found);
              };
              onData.push(check);
              check();
            });
          resolve({
            socket,
            server,
            received,
            isClosed: () => server.destroyed,
            closed: () => new Promise<void>((done) => (server.destroyed ? done() : server.once('close', () => done()))),
            ended: () => new Promise<void>((done) => (socket.closed ? done() : socket.once('close', () => done()))),
            answers: (count) =>
              until(() => {
                const lines = statusLines(received());
                return lines.length < count ? undefined : lines;
              }),
            receivedBytes: async (bytes) => void (await until(() => (length < bytes ? undefined : length))),
          });
        };
        const known = serverSide.get(local);
        if (known) ready(known);
        else waiting.set(local, ready);
      });
    });

  return {
    app,
    port,
    clock,
    client,
    looks,
    async advance(ms) {
      for (let moved = 0; moved < ms; moved += STEP_MS) {
        await looks();
        clock.now += Math.min(STEP_MS, ms - moved);
      }
      await looks(2);
    },
    handed: (target) =>
      new Promise<void>((resolve) => {
        const onRequest = (request: { url?: string }, response: NodeJS.EventEmitter) => {
          if (request.url !== target) return;
          app.server.off('request', onRequest);
          // Emitted when the whole answer has been written (the system may not have taken it yet).
          response.once('prefinish', () => resolve());
        };
        app.server.on('request', onRequest);
      }),
    async close() {
      for (const socket of sockets) socket.destroy();
      await app.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A visitor: a page on a fresh connection, read at once; its status and time in milliseconds. */
export async function visit(port: number, target = '/healthz'): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const answer = await fetch(`http://127.0.0.1:${port}${target}`);
  await answer.arrayBuffer();
  return { status: answer.status, ms: performance.now() - started };
}
