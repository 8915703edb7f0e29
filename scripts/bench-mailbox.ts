/**
 * npm run bench:mailbox
 *
 * A visitor's page time while the server reads a 10 MB mail from the agency's mailbox: our real
 * server (buildApp on 127.0.0.1, the real clock) over a one-page site, reading a real Dovecot
 * (src/test/dovecot.ts) that a test's SMTP server's auto-reply made a lead for; a visitor in a
 * process of its own (so that the server's thread, when held, cannot hold the visitor's clock
 * too) asks for the page over and over. Then a mail of just under mailbox.maxMailBytes answering
 * the auto-reply arrives (plain text of 67-character lines: seconds of postal-mime's time), and
 * the bench prints the page's times before and while it is read: once with the mail read on the
 * server's own thread (wholeMail.ts readMail, as the server did before), once in the parse thread
 * (parseThread.ts, as it does now); and the longest the server's own thread was held at once
 * meanwhile (a timer in the server's process every 5 ms: what every visitor waits at worst, apart
 * from the machine's own delays). Exits 1 when, with the parse thread, the server's thread was held
 * longer than BUDGET_MS at once. Run it on a quiet machine: on a busy one the visitor's pages
 * measure the machine too.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import server from '../config/server';
import { buildApp } from '../src/apps/server/app';
import { readMail } from '../src/leads/server/mailbox/wholeMail';
import { readMailboxSettings } from '../src/leads/server/mailbox/settings';
import { readNotifySettings } from '../src/leads/server/notify';
import { startDovecot } from '../src/test/dovecot';
import { validData } from '../src/test/formFixtures';
import { siteOf } from '../src/test/rawClients';
import { startSmtp, waitFor } from '../src/test/receivers';
import { submit } from '../src/test/adminServer';

/** The longest the server's thread may be held at once while the mail is read in its own thread, ms. */
const BUDGET_MS = 250;
/** The page's size (a home page's order of size). */
const PAGE_BYTES = 40_000;

const MB = 1024 * 1024;
const quiet = { warn: () => undefined };

/** The visitor: a process asking for `url` again as soon as each answer is in, printing each time as "start ms" lines. */
function visitor(url: string) {
  const code = `
    const url = ${JSON.stringify(url)};
    for (;;) {
      const start = Date.now(), t = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      process.stdout.write(start + ' ' + (performance.now() - t).toFixed(1) + '\\n');
    }`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const samples: { at: number; ms: number }[] = [];
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      const [at, ms] = line.split(' ').map(Number);
      samples.push({ at: at!, ms: ms! });
    }
  });
  return { samples, stop: () => child.kill() };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const describe = (values: number[]) =>
  `${values.length} pages, median ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, slowest ${Math.max(...values).toFixed(0)} ms`;

const dovecot = await startDovecot();
const smtp = await startSmtp(0);
const results: { mode: string; before: number[]; during: number[]; readMs: number; held: number }[] = [];
try {
  for (const mode of ['server thread', 'parse thread'] as const) {
    const root = mkdtempSync(path.join(os.tmpdir(), 'bench-mailbox-'));
    const clientDir = path.join(root, 'site');
    mkdirSync(clientDir);
    siteOf(clientDir, PAGE_BYTES, 1000);
    const { settings } = readNotifySettings({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Agency Site <site@agency.test>',
      NOTIFY_TO: 'owner@agency.test',
    });
    const app = await buildApp({
      dataDir: path.join(root, 'data'),
      clientDir,
      rateLimitFactor: 1000,
      notifications: { settings, log: quiet },
      mailbox: {
        settings: readMailboxSettings({ IMAP_URL: dovecot.url }).settings!,
        agency: [],
        log: quiet,
        ...(mode === 'server thread' ? { read: readMail } : {}),
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const email = `bench.${randomUUID().slice(0, 8)}@example.net`;
      const { docId } = await submit({ base } as Parameters<typeof submit>[0], 'contact', { ...validData.contact, Email: email });
      await waitFor('the auto-reply', () => smtp.mails.some((m) => m.envelope.to.includes(email)), { on: [smtp.changes] });
      const autoReply = smtp.mails.find((m) => m.envelope.to.includes(email))!.email;
      const kept = () => app.store.db.prepare('SELECT count(*) FROM lead_messages WHERE doc_id = ?').pluck().get(docId) === 1;

      const probe = visitor(`${base}/`);
      await waitFor('the visitor\u2019s first pages', () => probe.samples.length >= 200, { ms: 60_000 });
      const before = probe.samples.slice(100).map((s) => s.ms);
      // Just under mailbox.maxMailBytes of plain text, answering the auto-reply.
      const line = 'Thank you, here is everything about the project, line after line.\r\n';
      const raw = [
        `From: ${email}`,
        `To: ${dovecot.user}`,
        `Subject: Re: ${autoReply.subject}`,
        `Date: ${new Date().toUTCString()}`,
        `Message-ID: <${randomUUID()}@example.net>`,
        `In-Reply-To: ${autoReply.messageId}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        line.repeat(Math.floor((server.mailbox.maxMailBytes - 64 * 1024) / line.length)),
      ].join('\r\n');
      const start = Date.now();
      // The server's thread: the longest time between two turns of a 5 ms timer in its process.
      let held = 0;
      let last = performance.now();
      const ticks = setInterval(() => {
        const now = performance.now();
        held = Math.max(held, now - last);
        last = now;
      }, 5);
      dovecot.deliver(raw);
      await waitFor('the mail kept on its lead', kept, { ms: 120_000 });
      const end = Date.now();
      held = Math.max(held, performance.now() - last);
      clearInterval(ticks);
      // Every page under way meanwhile answered and counted: one begun after it.
      await waitFor('a page after the reading', () => probe.samples.some((s) => s.at > end), { ms: 60_000 });
      probe.stop();
      const row = app.store.db.prepare('SELECT too_large AS tooLarge, unreadable FROM lead_messages WHERE doc_id = ?').get(docId) as {
        tooLarge: number;
        unreadable: string | null;
      };
      if (row.tooLarge || row.unreadable) throw new Error(`The mail was not read whole (${row.unreadable ?? 'too large'}): no figure to give.`);
      // The pages asked for while the mail was read (each one under way at any moment of it).
      const during = probe.samples.filter((s) => s.at + s.ms >= start && s.at <= end).map((s) => s.ms);
      results.push({ mode, before, during, readMs: end - start, held });
      console.log(`The mail (${(Buffer.byteLength(raw) / MB).toFixed(1)} MB) read on the ${mode}: kept ${end - start} ms after it arrived.`);
      console.log(`  before it: ${describe(before)}`);
      console.log(`  while it was read: ${describe(during)}; the server's thread held at most ${held.toFixed(0)} ms at once`);
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  }
} finally {
  await smtp.close();
  await dovecot.remove();
}

const threaded = results.find((r) => r.mode === 'parse thread')!;
if (threaded.held > BUDGET_MS) {
  console.error(
    `With the parse thread, the server's thread was held ${threaded.held.toFixed(0)} ms at once while the mail was read, more than ${BUDGET_MS} ms.`,
  );
  process.exit(1);
}
process.exit(0);
