/**
 * A newsletter to 1,000 confirmed readers, the server sending it killed (SIGKILL: a crash, a power
 * cut) at each of the three points of a reader's send, one after the other on the same send, and
 * started again on the same data after each: every reader gets it, and exactly once, but the one
 * reader the mail server had taken a mail for when the database did not yet know it. That reader is
 * the one uncertain row a crash can leave with a pool of one connection (queue.ts): sent once more,
 * with the same Message-ID (their mail program drops the repeat).
 *
 * The server runs in a process of its own (src/test/newsletterServer.ts: our app without pages,
 * bundled as the build bundles the server, the bundle kept between runs: src/test/bundle.ts), its queue told where to kill
 * itself (its failpoint, FAILPOINTS=newsletter.<point>=<n>: after the n-th reader of that run
 * reached the point); the mails go to a real SMTP server in this process. What the other process
 * writes is read from the SQLite file as it goes. One send carries all three crashes, so the test
 * starts four servers and receives 1,001 mails in all.
 */
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exited } from '../../../scripts/lib/builtServer.mjs';
import { keptBundle } from '../../test/bundle';
import { seedSubscribers } from '../../test/newsletter';
import { Changes, waitFor } from '../../test/receivers';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { openStore } from '../../apps/server/siteStore';
import { databaseFile } from '../../platform/server/store/store';
import { addNewsletter, isProblem, scheduleNewsletter } from './newsletters';

// Four servers started and 1,001 mails: a hang, not a slow machine, is what the limit is for.
jest.setTimeout(300_000);

const READERS = 1000;
/** Each run is killed when this many of its readers reached the point (the last run sends the rest). */
const CRASH_AFTER = 250;
/** The queue's failpoints (queue.ts, docs/failpoints.md): `newsletter.<point>`. */
type CrashPoint = 'claimed' | 'accepted' | 'confirmed';
let serverBundle: string;
beforeAll(async () => {
  serverBundle = await keptBundle(path.join(__dirname, '..', '..', 'test', 'newsletterServer.ts'));
});

/** The server in its own process; resolves once it listens (or rejects if it ends first). */
async function startSender(dataDir: string, smtpPort: number, crashAt = ''): Promise<ChildProcess> {
  const child = spawn(process.execPath, [serverBundle], {
    env: { ...process.env, DATA_DIR: dataDir, SMTP_PORT: String(smtpPort), FAILPOINTS: crashAt, POOL: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('listening on') && resolve());
    // A crash point reached before it even listened is fine too: the test looks at how it ended.
    child.once('exit', (code, signal) =>
      signal === 'SIGKILL' ? resolve() : reject(new Error(`The sender exited (${code ?? signal}) before it listened: ${output.slice(-2000)}`)),
    );
  });
  return child;
}

/** 1,000 confirmed readers and a newsletter due now, written before the server starts. */
async function prepare(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'newsletter-crash-'));
  const store = openStore(dataDir);
  try {
    seedSubscribers(
      store.db,
      Array.from({ length: READERS }, (_, i) => ({ email: `reader${i}@example.net`, state: 'confirmed' as const })),
    );
    const made = addNewsletter(
      store.db,
      { subject: 'Crash news', name: 'crash-news', body: [{ type: 'paragraph', content: [{ text: 'Hello.' }] }] },
      'owner@agency.test',
      Date.now(),
    );
    if (isProblem(made)) throw new Error(made.message);
    const scheduled = scheduleNewsletter(store.db, made.id, Date.now(), 'owner@agency.test', Date.now(), made.revision);
    if (isProblem(scheduled)) throw new Error(scheduled.message);
  } finally {
    store.db.close();
  }
  return dataDir;
}

/** What `read` finds in the database as the other process left it (opened read-only, waiting out its writes). */
function inDatabase<T>(dataDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(databaseFile(dataDir), { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return read(db);
  } finally {
    db.close();
  }
}

/** The queue's rows by state, as the other process left them. */
const states = (dataDir: string): Record<string, number> =>
  inDatabase(dataDir, (db) =>
    Object.fromEntries(
      (db.prepare('SELECT state, count(*) AS n FROM newsletter_recipients GROUP BY state').all() as { state: string; n: number }[]).map((r) => [r.state, r.n]),
    ),
  );

/** The newsletter's own state (marked sent in a commit of its own, after its last reader's). */
const newsletterState = (dataDir: string): string | undefined =>
  inDatabase(dataDir, (db) => (db.prepare('SELECT state FROM newsletters').get() as { state: string } | undefined)?.state);

/** The reader whose row the other process left `sending`, if one. */
const sendingReader = (dataDir: string): string | undefined =>
  inDatabase(
    dataDir,
    (db) =>
      (
        db.prepare("SELECT s.email FROM newsletter_recipients r JOIN subscribers s ON s.id = r.subscriber_id WHERE r.state = 'sending'").get() as
          { email: string } | undefined
      )?.email,
  );

/** An SMTP server keeping each mail's recipient and Message-ID only (3,000 mails: no parsing beyond that header). */
async function startReceiver() {
  const mails: { to: string; messageId: string }[] = [];
  const changes = new Changes();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo[0]!.address, messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? '' });
        callback();
        changes.notify();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { port: (server.server.address() as AddressInfo).port, mails, changes, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

it('killed at each point of a reader\u2019s send in turn (claimed, accepted by the mail server, confirmed), restarted each time: every reader gets it, each once but the one uncertain reader, sent again with the same Message-ID', async () => {
  const smtp = await startReceiver();
  closers.push(() => smtp.close());
  const dataDir = await prepare();
  closers.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const distinct = () => new Set(smtp.mails.map((m) => m.to)).size;
  const received = (reader: string) => smtp.mails.filter((m) => m.to === reader).map((m) => m.messageId);

  // Each point: where the run stops, what the mail server had by then (beyond the runs before), and the reader left `sending`.
  const points: { point: CrashPoint; newlyReceived: number }[] = [
    // Marked sending, not yet sent: the mail server never had it.
    { point: 'claimed', newlyReceived: CRASH_AFTER - 1 },
    // Taken by the mail server, not yet marked sent: the uncertain reader (their mail arrived).
    { point: 'accepted', newlyReceived: CRASH_AFTER },
    // Marked sent, with the next reader marked sending in the same commit and not yet sent: nothing uncertain.
    { point: 'confirmed', newlyReceived: CRASH_AFTER },
  ];
  const left: Partial<Record<CrashPoint, string>> = {};
  let sent = 0;
  for (const [run, { point, newlyReceived }] of points.entries()) {
    const before = distinct();
    // The run before left one reader sending, sent again first in this one: after 'accepted', a second copy of a mail received already.
    const previous = run > 0 ? left[points[run - 1]!.point] : undefined;
    const repeat = previous !== undefined && received(previous).length > 0 ? 1 : 0;
    const sender = await startSender(dataDir, smtp.port, `newsletter.${point}=${CRASH_AFTER}`);
    expect(await exited(sender)).toEqual({ code: null, signal: 'SIGKILL' });
    // Where it stopped: the readers before the crash sent (at 'confirmed' all of them), one marked sending, the rest waiting.
    sent += point === 'confirmed' ? CRASH_AFTER : CRASH_AFTER - 1;
    expect({ point, states: states(dataDir) }).toEqual({ point, states: { sent, sending: 1, pending: READERS - sent - 1 } });
    expect({ point, received: distinct() - before }).toEqual({ point, received: newlyReceived - repeat });
    left[point] = sendingReader(dataDir);
  }

  // Started again on the same data: it goes on where it stopped, to the end.
  const last = await startSender(dataDir, smtp.port);
  closers.push(async () => {
    if (last.exitCode === null && last.signalCode === null) last.kill('SIGTERM');
    await exited(last);
  });
  await waitFor('every mail received', () => distinct() === READERS, { on: [smtp.changes], ms: 120_000 });
  // The newsletter is marked sent in a commit of its own, after its last reader's: waited for too.
  await waitFor('every reader marked sent, then the newsletter', () => states(dataDir).sent === READERS && newsletterState(dataDir) === 'sent', 30_000);

  const byReader = new Map<string, string[]>();
  for (const mail of smtp.mails) byReader.set(mail.to, [...(byReader.get(mail.to) ?? []), mail.messageId]);
  expect(byReader.size).toBe(READERS);
  // The reader left sending at 'claimed' and at 'confirmed' got it once; the one at 'accepted' twice, as one message (the same Message-ID).
  expect(Object.fromEntries(Object.entries(left).map(([point, reader]) => [point, byReader.get(reader!)!.length]))).toEqual({
    claimed: 1,
    accepted: 2,
    confirmed: 1,
  });
  const repeated = [...byReader].filter(([, ids]) => ids.length > 1);
  expect(repeated.map(([reader]) => reader)).toEqual([left.accepted]);
  expect(new Set(repeated[0]![1]).size).toBe(1);
  expect(smtp.mails.length).toBe(READERS + 1);
  const resent = inDatabase(dataDir, (db) => db.prepare('SELECT count(*) AS n FROM newsletter_recipients WHERE resent > 0').get() as { n: number });
  // Each row a crash left sending was sent again (at 'claimed' and 'confirmed', one never sent before: still once).
  expect([resent.n, newsletterState(dataDir)]).toEqual([3, 'sent']);
});
