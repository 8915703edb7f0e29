/**
 * A newsletter to 1,000 confirmed readers, the server sending it killed (SIGKILL: a crash, a power
 * cut) at three points of the send, then started again on the same data: every reader gets it, and
 * exactly once, but at the one point where the mail server had taken a mail the database did not
 * yet know of. That reader is the one uncertain row a crash can leave with a pool of one connection
 * (queue.ts): sent once more, with the same Message-ID (their mail program drops the repeat).
 *
 * The server runs in a process of its own (src/test/newsletterServer.ts: our app without pages),
 * its queue told where to kill itself (NEWSLETTER_CRASH_AT); the mails go to a real SMTP server in
 * this process. What the other process writes is read from the SQLite file as it goes.
 */
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { exited } from '../../../scripts/lib/builtServer.mjs';
import { seedSubscribers } from '../../test/newsletter';
import { Changes, waitFor } from '../../test/receivers';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { databaseFile, openStore } from '../store';
import { addNewsletter, isProblem, scheduleNewsletter } from './newsletters';
import type { CrashPoint } from './queue';

// Two servers started and 2,000 mails each: a hang, not a slow machine, is what the limit is for.
jest.setTimeout(300_000);

const READERS = 1000;
const CRASH_AFTER = 400;
const tsx = pathToFileURL(require.resolve('tsx')).href;
const serverScript = path.join(__dirname, '..', '..', 'test', 'newsletterServer.ts');

/** The server in its own process; resolves once it listens (or rejects if it ends first). */
async function startSender(dataDir: string, smtpPort: number, crashAt = ''): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', tsx, serverScript], {
    env: { ...process.env, DATA_DIR: dataDir, SMTP_PORT: String(smtpPort), NEWSLETTER_CRASH_AT: crashAt, POOL: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('listening on') && resolve());
    // A crash point reached before it even listened is fine too: the test looks at how it ended.
    child.once('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`The sender exited (${code ?? signal}) before it listened: ${output.slice(-2000)}`))));
  });
  return child;
}

/** 1,000 confirmed readers and a newsletter due now, written before the server starts. */
async function prepare(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'newsletter-crash-'));
  const store = openStore(dataDir);
  try {
    seedSubscribers(store.db, Array.from({ length: READERS }, (_, i) => ({ email: `reader${i}@example.net`, state: 'confirmed' as const })));
    const made = addNewsletter(store.db, { subject: 'Crash news', name: 'crash-news', body: [{ type: 'paragraph', content: [{ text: 'Hello.' }] }] }, 'owner@agency.test', Date.now());
    if (isProblem(made)) throw new Error(made.message);
    const scheduled = scheduleNewsletter(store.db, made.id, Date.now(), 'owner@agency.test', Date.now());
    if (isProblem(scheduled)) throw new Error(scheduled.message);
  } finally {
    store.db.close();
  }
  return dataDir;
}

/** The queue's rows by state, as the other process left them. */
function states(dataDir: string): Record<string, number> {
  const db = new Database(databaseFile(dataDir), { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return Object.fromEntries((db.prepare('SELECT state, count(*) AS n FROM newsletter_recipients GROUP BY state').all() as { state: string; n: number }[]).map((r) => [r.state, r.n]));
  } finally {
    db.close();
  }
}

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
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

it.each<[CrashPoint, string, number]>([
  ['claimed', 'marked sending, not yet sent: sent after the restart, once', 0],
  ['accepted', 'taken by the mail server, not yet marked sent: the one uncertain reader, sent again with the same Message-ID', 1],
  ['confirmed', 'marked sent (with the next marked sending, not yet sent): nothing uncertain', 0],
])('killed when reader %s (%s): every reader gets it, each once but the uncertain one', async (point, _what, twice) => {
  const smtp = await startReceiver();
  closers.push(() => smtp.close());
  const dataDir = await prepare();
  closers.push(async () => rmSync(dataDir, { recursive: true, force: true }));

  const first = await startSender(dataDir, smtp.port, `${point}:${CRASH_AFTER}`);
  expect(await exited(first)).toEqual({ code: null, signal: 'SIGKILL' });
  const cut = states(dataDir);
  // Where it stopped: the readers before the crash sent, one marked sending (at 'confirmed', the next one), the rest waiting.
  expect(cut).toEqual(point === 'confirmed' ? { sent: CRASH_AFTER, sending: 1, pending: READERS - CRASH_AFTER - 1 } : { sent: CRASH_AFTER - 1, sending: 1, pending: READERS - CRASH_AFTER });
  expect(new Set(smtp.mails.map((m) => m.to)).size).toBe(point === 'claimed' ? CRASH_AFTER - 1 : CRASH_AFTER);

  // Started again on the same data: it goes on where it stopped.
  const second = await startSender(dataDir, smtp.port);
  closers.push(async () => {
    if (second.exitCode === null && second.signalCode === null) second.kill('SIGTERM');
    await exited(second);
  });
  await waitFor('every mail received', () => new Set(smtp.mails.map((m) => m.to)).size === READERS, { on: [smtp.changes], ms: 120_000 });
  await waitFor('every reader marked sent', () => states(dataDir).sent === READERS, 30_000);

  const byReader = new Map<string, string[]>();
  for (const mail of smtp.mails) byReader.set(mail.to, [...(byReader.get(mail.to) ?? []), mail.messageId]);
  expect(byReader.size).toBe(READERS);
  const repeated = [...byReader].filter(([, ids]) => ids.length > 1);
  expect(repeated.length).toBe(twice);
  // Each reader's copies are one message: the same Message-ID (a repeat is dropped by it).
  for (const [, ids] of repeated) expect(new Set(ids).size).toBe(1);
  expect(smtp.mails.length).toBe(READERS + twice);
  const db = new Database(databaseFile(dataDir), { readonly: true });
  const resent = db.prepare('SELECT count(*) AS n FROM newsletter_recipients WHERE resent > 0').get() as { n: number };
  const newsletter = db.prepare('SELECT state FROM newsletters').get() as { state: string };
  db.close();
  // The row left sending was sent again (at 'confirmed', one never sent before: still once).
  expect([resent.n, newsletter.state]).toEqual([1, 'sent']);
});
