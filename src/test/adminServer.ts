/**
 * For the inbox's tests: our real server on a free port over real HTTP, with a fresh data
 * folder and a clock the test moves, and a small client that keeps cookies the way a browser
 * does (it sends every cookie it was given; SameSite is the browser's business, and a test of
 * a cross-site request sends the cookie on purpose).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import forms from '../../config/forms';
import serverConfig from '../../config/server';
import { buildDocument, type FormDocument } from '../site/forms/model/document';
import type { FormValues } from '../site/forms/model/buildSchema';
import { api } from '../platform/api';
import { buildApp, type AppOptions } from '../apps/server/app';
import { setAdmin } from '../platform/server/accounts/accounts';
import { openStore } from '../apps/server/siteStore';
import { databaseFile } from '../platform/server/store/store';
import { exited, startServer as startBuilt } from '../../scripts/lib/builtServer.mjs';
import { freePort } from './freePort';
import { TEST_HASHING } from './testHashing';
import { proofHeaders } from './proof';
import type { Asker } from '../platform/server/accounts/hashGate';
import { CSRF_HEADER, SIGN_IN_API, type SignInState } from '../platform/signIn';
import { adminRoutes, type Me } from '../platform/inboxRoutes';
import type { AdminRole } from '../platform/roles';

type App = Awaited<ReturnType<typeof buildApp>>;

export interface TestServer {
  app: App;
  base: string;
  dataDir: string;
  /** The server's clock: starts at the real time, moves only when a test moves it. */
  clock: { now: number };
  /** The sign-in's waits, in milliseconds, as asked for (the test's sleep does not wait). */
  waits: number[];
  close(): Promise<void>;
}

/** A new site's database as its first start leaves it (every migration run), made once per test file: newDataDir's copies. */
let migrated: Buffer | undefined;

/**
 * A new data folder (in the system's temporary folder, named from `prefix`) holding a copy of a
 * new site's database, every migration run: a server started on it finds what it would have made
 * itself, without running the migrations again (each a transaction and a disk flush).
 */
export function newDataDir(prefix = 'inbox-'): string {
  if (!migrated) {
    const first = mkdtempSync(path.join(os.tmpdir(), 'migrated-'));
    try {
      openStore(first).close();
      migrated = readFileSync(databaseFile(first));
    } finally {
      rmSync(first, { recursive: true, force: true });
    }
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  writeFileSync(databaseFile(dataDir), migrated);
  return dataDir;
}

export async function startServer(options: Partial<AppOptions> = {}): Promise<TestServer> {
  // A data folder of its own, or one given (a second server on the same data).
  const dataDir = options.dataDir ?? newDataDir();
  const clock = { now: Date.now() };
  const waits: number[] = [];
  // The tests send many forms from one address: the forms' rate limits are raised (the sign-in's are not).
  const app = await buildApp({ dataDir, clock: () => clock.now, sleep: async (ms) => void waits.push(ms), rateLimitFactor: 1000, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    base: `http://127.0.0.1:${port}`,
    dataDir,
    clock,
    waits,
    async close() {
      await app.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const PASSWORD = 'correct horse battery staple';

/** Sends a form as the site's pages do (POST JSON to its collection, with a solved puzzle of the proof of work, and `headers` too); resolves with the stored document and its id. */
export async function submit(
  server: TestServer,
  form: keyof typeof forms,
  values: FormValues,
  headers: Record<string, string> = {},
): Promise<{ docId: string; document: FormDocument }> {
  const document = buildDocument(forms[form], values);
  const response = await fetch(server.base + api.documents(forms[form].collection), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [api.submissionKeyHeader]: randomUUID(), ...(await proofHeaders(server.base)), ...headers },
    body: JSON.stringify(document),
  });
  if (response.status !== 201) throw new Error(`The form was answered ${response.status}: ${await response.text()}`);
  return { docId: ((await response.json()) as { id: string }).id, document };
}

/** A small PDF holding `text`. */
export { pdfWith } from './pdf';

/** Uploads a CV as the career form does; resolves with the download URL that goes into CvFile. */
export async function uploadCv(server: TestServer, bytes: Buffer): Promise<string> {
  const response = await fetch(`${server.base}${api.files}Image/CvDeveloper/${randomUUID()}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/pdf' },
    body: bytes as unknown as NonNullable<RequestInit['body']>,
  });
  if (response.status !== 201) throw new Error(`The upload was answered ${response.status}`);
  return ((await response.json()) as { url: string }).url;
}

export { leads } from './leadsCommand';

export { TEST_HASHING };

/** An account made as add-admin makes one, hashed at TEST_HASHING's cost. */
export async function addAccount(server: TestServer, email: string, password = PASSWORD, role?: AdminRole): Promise<void> {
  await setAdmin(server.app.store, email, password, Date.now(), role, TEST_HASHING);
}

/**
 * Holds the server's password checks (its hashing queue, hashGate.ts) in a state the test knows:
 * checks of the test's own take every place the queue runs at once (config's `concurrent`), so
 * that tries sent meanwhile wait, until `open()`. `queued(n)` resolves once n tries have joined
 * the queue since the hold began; `served` lists the tries whose checks started, in order.
 */
export function holdPasswordChecks(server: TestServer) {
  const gate = server.app.passwordChecks;
  if (gate.load > 0) throw new Error(`${gate.load} password checks are running or waiting: the hold would wait behind them`);
  const served: Asker[] = [];
  let joined = 0;
  const waiters: { n: number; resolve: () => void }[] = [];
  const HOLDER = 'the test holding the checks';
  const unwatch = gate.watch((event, asker) => {
    if (asker.knownBrowser?.startsWith(HOLDER)) return;
    if (event === 'started') served.push(asker);
    else {
      joined++;
      for (const waiter of waiters.filter((w) => joined >= w.n)) waiter.resolve();
    }
  });
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  // Each holder a known browser of its own: a client and a network of its own, served at once.
  const holders = Array.from({ length: serverConfig.admin.signIn.hashing.concurrent }, (_, i) =>
    gate.run({ address: '192.0.2.255', failures: 0, knownBrowser: `${HOLDER} ${i}` }, () => opened),
  );
  return {
    served,
    /** Resolves once `n` tries have joined the queue (refused ones never join). */
    queued: (n: number) => new Promise<void>((resolve) => (joined >= n ? resolve() : waiters.push({ n, resolve }))),
    /** Lets the checks run; resolves once the test's own have ended. */
    async open() {
      open();
      await Promise.all(holders);
    },
    /** Stops watching (the served list stays as it is). */
    stop: unwatch,
  };
}

/** The first `n` of `promises` to settle, in the order they settled. */
export function firstSettled<T>(promises: Promise<T>[], n: number): Promise<T[]> {
  const settled: T[] = [];
  return new Promise<T[]>((resolve, reject) => {
    for (const promise of promises) {
      promise.then((value) => {
        if (settled.length < n && settled.push(value) === n) resolve(settled);
      }, reject);
    }
    if (n === 0) resolve(settled);
  });
}

/**
 * Our server (startServer's, with `options`) and a client signed in to it as the inbox does, as
 * `email`: an owner unless `role` says otherwise. Closing the server runs `onClose` after it.
 */
export async function startSignedIn({
  email = 'owner@agency.test',
  role,
  onClose,
  ...options
}: Partial<AppOptions> & { email?: string; role?: AdminRole; onClose?: () => void } = {}): Promise<{ server: TestServer; client: Client }> {
  const server = await startServer(options);
  await addAccount(server, email, PASSWORD, role);
  const client = new Client(server.base);
  const signedIn = await client.signIn(email);
  const close = async () => {
    await server.close();
    onClose?.();
  };
  if (signedIn.status !== 204) {
    await close();
    throw new Error(`The sign-in was answered ${signedIn.status}`);
  }
  return { server: { ...server, close }, client };
}

/**
 * For the content editor's tests: our server editing the site folder `siteDir` (with this
 * checkout's tools), and an account signed in to it as the inbox does, an owner unless `role`
 * says otherwise. Closing the server deletes `remove` too (the site folder unless told).
 */
export async function startEditing(
  siteDir: string,
  { remove = siteDir, ...options }: Partial<AppOptions> & { role?: AdminRole; remove?: string } = {},
): Promise<{ server: TestServer; editor: Client }> {
  const { server, client } = await startSignedIn({
    siteDir,
    ...options,
    email: 'editor@agency.test',
    onClose: () => rmSync(remove, { recursive: true, force: true }),
  });
  return { server, editor: client };
}

export interface Sent {
  json?: unknown;
  body?: string | Uint8Array;
  headers?: Record<string, string>;
}

/** A client that keeps the cookies it is given. */
export class Client {
  readonly cookies = new Map<string, string>();
  /** The Set-Cookie lines of the last answer, as sent. */
  lastSetCookies: string[] = [];

  constructor(
    readonly base: string,
    readonly headers: Record<string, string> = {},
  ) {}

  async send(method: string, address: string, { json, body, headers = {} }: Sent = {}): Promise<Response> {
    const all: Record<string, string> = { ...this.headers, ...headers };
    if (this.cookies.size > 0 && !('cookie' in all)) all.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (json !== undefined) all['content-type'] = 'application/json';
    const response = await fetch(this.base + address, {
      method,
      headers: all,
      body: json !== undefined ? JSON.stringify(json) : (body as RequestInit['body']),
      redirect: 'manual',
    });
    this.lastSetCookies = response.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** The sign-in page's state (and its CSRF cookie). */
  async signInState(): Promise<SignInState> {
    return (await (await this.send('GET', SIGN_IN_API)).json()) as SignInState;
  }

  /** Signs in as the sign-in page does: its CSRF token first, then the form (the remember box ticked when `remember`). */
  async signIn(email: string, password = PASSWORD, headers: Record<string, string> = {}, remember?: boolean): Promise<Response> {
    const { csrfToken } = await this.signInState();
    return this.send('POST', SIGN_IN_API, {
      json: { email, password, ...(remember === undefined ? {} : { remember }) },
      headers: { [CSRF_HEADER]: csrfToken, ...headers },
    });
  }

  /** Signed in: who, and the session's CSRF token. */
  async me(): Promise<Me> {
    const response = await this.send(adminRoutes.me.method, adminRoutes.me.path);
    if (response.status !== 200) throw new Error(`GET me answered ${response.status}`);
    return (await response.json()) as Me;
  }

  /** A request that changes something, with the session's CSRF token, as the inbox sends it. */
  async change(method: string, address: string, sent: Sent = {}): Promise<Response> {
    const { csrfToken } = await this.me();
    return this.send(method, address, { ...sent, headers: { [CSRF_HEADER]: csrfToken, 'sec-fetch-site': 'same-origin', ...sent.headers } });
  }
}

/** The editor account of the built-server tests (startBuiltEditing): its password is PASSWORD. */
export const EDITOR = 'editor@agency.test';

/** A data folder of its own (in the system's temporary folder, named from `prefix`) holding EDITOR's account, hashed at TEST_HASHING's cost. */
export async function editorDataDir(prefix: string): Promise<string> {
  const dataDir = newDataDir(prefix);
  const store = openStore(dataDir);
  try {
    await setAdmin(store, EDITOR, PASSWORD, Date.now(), 'editor', TEST_HASHING);
  } finally {
    store.db.close();
  }
  return dataDir;
}

export interface BuiltEditing {
  child: ChildProcess;
  base: string;
  /** Signed in as EDITOR. */
  editor: Client;
}

/**
 * The site folder's own built server (its dist/, as `npm start` serves it) in a child process on a
 * free port, editing that folder, killing itself right after the publish's step `crashAt` names
 * (its failpoint `publish.<step>`: src/platform/server/failpoints.ts; `<step>=<n>`: at its n-th time
 * there); resolves once EDITOR (of `dataDir`: editorDataDir) is signed in.
 */
export async function startBuiltEditing(siteDir: string, dataDir: string, crashAt = ''): Promise<BuiltEditing> {
  const port = await freePort();
  const child = await startBuilt({
    dist: path.join(siteDir, 'dist'),
    port,
    dataDir,
    cwd: siteDir,
    env: { SITE_DIR: siteDir, RATE_LIMIT_FACTOR: '1000', FAILPOINTS: crashAt ? `publish.${crashAt}` : '' },
  });
  const base = `http://127.0.0.1:${port}`;
  const editor = new Client(base);
  const signedIn = await editor.signIn(EDITOR);
  if (signedIn.status !== 204) {
    await stopChild(child);
    throw new Error(`sign-in answered ${signedIn.status}`);
  }
  return { child, base, editor };
}

/** Stops a child server that still runs (SIGTERM) and resolves once it has exited; nothing for one already gone. */
export async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await exited(child);
}
