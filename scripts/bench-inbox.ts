/**
 * npm run bench:inbox [-- --leads 100000 --message-chars 1050 --mails 20]   (BENCH_PORT=… for a fixed port)
 *
 * The inbox at volume, measured: a fresh data folder seeded with 100,000 leads and their
 * conversations, 20 mails each (the fixture generator, one transaction each), our real server in
 * its own process, reading a real mailbox (Dovecot, src/test/dovecot.ts), signed in over HTTP.
 * Prints the seeding times; the list's answer sizes and times (first page in the inbox's own order
 * by attention, whose first answer must come within ATTENTION_BUDGET_MS; by date and by name, the
 * last page, searches), a lead's page with its conversation, and the insights'; then a
 * CSV and a JSON export of everything (about 100 MB
 * each with the default message length), and then three exports at once (those two and the
 * inbox without spam as JSON), read as fast as possible, counted row by row, while the server's memory is
 * sampled (from /proc) and the list and /healthz are probed every 50 ms by a process of its own
 * (so the reading of the export does not delay the probe's own clock). The server reports what
 * happened inside it meanwhile: each list answer's time from request to answer, its event loop's
 * longest delay (a synchronous step holding everyone), and its garbage collections (the watching
 * is src/test/serverWatch.ts). Exits 1, with a sentence each, when an export does not end
 * properly, the server's memory rises more than 100 MB over its rest, the list's probe p99 or the
 * server's own CPU time for a list answer at p99 exceeds 100 ms (EXPORT_LIMITS there), or the
 * server works STALL_CPU_MS or more without a turn of its event loop. (volume.test.ts shows the
 * behaviour behind these figures on 1,000 leads: pages answered between an export's pieces, a
 * reader waited for; these are its figures at 100,000.) Last, the live updates: 20 open screens
 * (streams of four accounts) while 100 clients' answers arrive in the mailbox one after the
 * other, each screen told of each answer (exits 1 when one is lost or told out of order), and
 * how long after the mailbox took it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LiveLead } from '../src/leads/model/adminApi';
import type { RunningDovecot } from '../src/test/dovecot';
import type { Inside } from '../src/test/serverWatch';
import { readCommandLine, refuse } from './lib/commandLine.mjs';

const PASSWORD = 'a long bench password';
/** The longest the server may work without a turn of its event loop while exports stream (CPU time of one stall). */
const STALL_CPU_MS = 250;
/** The list's first page in the inbox's own order (by attention), its first answer at most this long. */
const ATTENTION_BUDGET_MS = 100;
/** The live updates: this many open screens (streams), of this many accounts, told of this many answers. */
const SCREENS = 20;
const ACCOUNTS = 4;
const ANSWERS = 100;

// --serve and --probe start this file's own child processes (the server, the prober).
const { values: options } = readCommandLine(process.argv.slice(2), {
  command: 'npm run bench:inbox',
  options: {
    leads: { type: 'string', value: 'count' },
    'message-chars': { type: 'string', value: 'count' },
    mails: { type: 'string', value: 'count' },
    serve: { type: 'boolean' },
    probe: { type: 'boolean' },
  },
});
/** A whole number option, at least 1; its default when not given. */
const count = (name: 'leads' | 'message-chars' | 'mails', fallback: number) => {
  const value = options[name] as string | undefined;
  if (value === undefined) return fallback;
  if (!/^[1-9]\d*$/.test(value)) refuse(`--${name} takes a whole number of at least 1, like --${name} ${fallback}. Nothing was done.`);
  return Number(value);
};

// What it runs (our server, its store, the mailbox) is loaded once its command line is read: a
// mistyped option is answered at once.
const { LIVE_EVENTS } = await import('../src/leads/model/adminApi');
const { CSRF_HEADER, SIGN_IN_API } = await import('../src/platform/signIn');
const { adminRoutes, pathOf } = await import('../src/platform/inboxRoutes');
const { setAdmin } = await import('../src/platform/server/accounts/accounts');
const { SESSION_COOKIE } = await import('../src/apps/server/admin/routes');
const { buildApp } = await import('../src/apps/server/app');
const { openStore } = await import('../src/apps/server/siteStore');
const { databaseFile } = await import('../src/platform/server/store/store');
const { readMailboxSettings } = await import('../src/leads/server/mailbox/settings');
const { hasDovecot, noDovecot, startDovecot } = await import('../src/test/dovecot');
const { seedLeads, seedMails } = await import('../src/test/seedLeads');
const { describeInside, EXPORT_LIMITS, ms, percentile, probe, readExport, rssMb, sampleMemory, watchServer } = await import('../src/test/serverWatch');

/** This file in a Node process of its own, TypeScript loaded by tsx's hooks (no wrapper process: its pid is its own). */
const own = (mode: string, env: NodeJS.ProcessEnv) =>
  spawn(process.execPath, ['--import', 'tsx', import.meta.filename, mode], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });

/** Asks a process of ours and waits for its answer (over the IPC channel). */
const ask = <T>(child: ChildProcess, message: string) =>
  new Promise<T>((resolve) => {
    child.once('message', (answer) => resolve(answer as T));
    child.send(message);
  });

async function startServer(dataDir: string, imapUrl: string): Promise<{ child: ChildProcess; base: string }> {
  const child = own('--serve', { DATA_DIR: dataDir, PUBLIC_URL: 'https://bench.example', BENCH_IMAP_URL: imapUrl });
  const port = await new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  return { child, base: `http://127.0.0.1:${port}` };
}

/** Signs in as the inbox does (the sign-in's CSRF token and cookie first); returns the cookies to send. */
async function signIn(base: string, email: string): Promise<string> {
  const state = await fetch(`${base}${SIGN_IN_API}`);
  const jar = state.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const { csrfToken } = (await state.json()) as { csrfToken: string };
  const answer = await fetch(`${base}${SIGN_IN_API}`, {
    method: 'POST',
    headers: { cookie: jar, 'content-type': 'application/json', [CSRF_HEADER]: csrfToken },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (answer.status !== 204) throw new Error(`could not sign in: ${answer.status}`);
  const session = answer.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  return session!.split(';')[0]!;
}

async function timed(base: string, cookie: string, query: string, address: string = adminRoutes.leads.path) {
  const started = performance.now();
  const response = await fetch(`${base}${address}?${query}`, { headers: { cookie } });
  const bytes = Buffer.byteLength(await response.text());
  return { ms: performance.now() - started, bytes, status: response.status };
}

async function bench() {
  const leads = count('leads', 100_000);
  const messageChars = count('message-chars', 1050);
  const mails = count('mails', 20);
  if (!hasDovecot) refuse(`npm run bench:inbox reads a real mailbox: ${noDovecot}. Nothing was done.`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-inbox-'));
  let dovecot: RunningDovecot | undefined;
  try {
    const store = openStore(dataDir);
    const seeded = seedLeads(store, leads, { messageChars });
    const conversations = seedMails(store, mails);
    const accounts = Array.from({ length: ACCOUNTS }, (_, i) => (i === 0 ? 'owner@bench.example' : `owner${i + 1}@bench.example`));
    for (const account of accounts) await setAdmin(store, account, PASSWORD);
    // The leads the clients answer: their person and the auto-reply they answer (not spam, spread over the leads).
    const answered = store.db
      .prepare(
        "SELECT l.doc_id AS docId, l.person, d.id AS deliveryId FROM leads l JOIN deliveries d ON d.doc_id = l.doc_id AND d.channel = 'visitor' WHERE l.spam = 0 AND l.person IS NOT NULL AND l.seq % ? = 7 LIMIT ?",
      )
      .all(Math.max(1, Math.floor(leads / ANSWERS / 2)), ANSWERS) as { docId: string; person: string; deliveryId: string }[];
    store.close();
    console.log(`seeded ${leads} leads (messages ${messageChars} characters) in ${(seeded.ms / 1000).toFixed(2)} s, one transaction`);
    console.log(
      `seeded ${conversations.mails} mails (${mails} a lead: the auto-reply, then the visitor's and the agency's by turns) in ${(conversations.ms / 1000).toFixed(2)} s, one transaction; database ${(statSync(databaseFile(dataDir)).size / 1e6).toFixed(0)} MB`,
    );

    dovecot = await startDovecot();
    const { child, base } = await startServer(dataDir, dovecot.url);
    try {
      const cookie = await signIn(base, 'owner@bench.example');
      const failures: string[] = [];

      // The inbox's own order: who waits for the agency first, longest first, then the last activity.
      // Its first answer works the view's counts out: the server's own CPU time for it is the budget's
      // (what the server controls; on a busy machine the wall time is mostly the wait for a core).
      await ask(child, 'reset');
      const first = await timed(base, cookie, 'spam=false&status=open&sort=activity&direction=desc');
      const firstInside = await ask<Inside>(child, 'report');
      const firstCpu = firstInside.answersCpu[0] ?? NaN;
      console.log(
        `list, first page by attention, what needs the agency (25): ${first.bytes} bytes, status ${first.status}, first answer ${ms(first.ms)} ` +
          `(inside the server ${ms(firstInside.answers[0] ?? NaN)}, its CPU time ${ms(firstCpu)}; budget ${ATTENTION_BUDGET_MS} ms of CPU time)`,
      );
      if (!(firstCpu <= ATTENTION_BUDGET_MS))
        failures.push(
          `The list's first page by attention took ${ms(firstCpu)} of the server's CPU time for its first answer, more than ${ATTENTION_BUDGET_MS} ms.`,
        );

      const views: [string, string][] = [
        ['first page by attention, what needs the agency (25)', 'spam=false&status=open&sort=activity&direction=desc'],
        ['first page by attention, any status (100)', 'spam=false&sort=activity&direction=desc&pageSize=100'],
        ['page 300 by attention, any status (100)', 'spam=false&sort=activity&direction=desc&pageSize=100&page=300'],
        ['first page, newest first (25)', 'spam=false'],
        ['first page, by name (100)', 'spam=false&sort=name&direction=asc&pageSize=100'],
        ['last page, by e-mail (100)', `spam=false&sort=email&direction=desc&pageSize=100&page=${Math.floor((leads * 0.98) / 100) - 1}`],
        ['one form, by status (100)', 'spam=false&form=contact&sort=status&pageSize=100'],
        ['a search, one lead (25)', 'q=lead%20012345'],
        ['a search, one letter (25)', 'spam=false&q=a'],
        ['a search, every lead (25)', 'spam=false&q=example.com'],
        ['a search in the messages, by name (100)', 'spam=false&q=message%201&sort=name&pageSize=100'],
      ];
      for (const [name, query] of views) {
        // The first answer works the view out; the next ones (the same view again, its next
        // pages) find the counts and a search's leads kept while no lead changes.
        const first = await timed(base, cookie, query);
        const runs = [];
        for (let i = 0; i < 7; i++) runs.push(await timed(base, cookie, query));
        console.log(
          `list, ${name}: ${runs[0]!.bytes} bytes, first ${ms(first.ms)}, then median ${ms(
            percentile(
              runs.map((r) => r.ms),
              50,
            ),
          )}, max ${ms(Math.max(...runs.map((r) => r.ms)))}`,
        );
      }
      // The insights of every lead's source and landing page (4 weeks), as the inbox's Insights tab asks.
      const insights = [];
      for (let i = 0; i < 5; i++) insights.push(await timed(base, cookie, 'weeks=4', adminRoutes.insights.path));
      console.log(
        `insights, 4 weeks: ${insights[0]!.bytes} bytes, status ${insights[0]!.status}, first ${ms(insights[0]!.ms)}, then median ${ms(
          percentile(
            insights.slice(1).map((r) => r.ms),
            50,
          ),
        )}`,
      );
      // A lead's page: the lead, its person's submissions and the conversation of its mails.
      const pages = [];
      for (let i = 0; i < 8; i++) pages.push(await timed(base, cookie, '', pathOf('lead', { docId: answered[i]!.docId })));
      console.log(
        `a lead's page with its ${mails} mails: ${pages[0]!.bytes} bytes, status ${pages[0]!.status}, first ${ms(pages[0]!.ms)}, then median ${ms(
          percentile(
            pages.slice(1).map((r) => r.ms),
            50,
          ),
        )}`,
      );

      await new Promise((r) => setTimeout(r, 1000));
      const rest = rssMb(child.pid!);
      console.log(`server memory at rest: ${rest.toFixed(0)} MB`);

      // Each export alone, then three at once (everything as CSV and as JSON, the inbox without spam as JSON).
      const phases: [string, string[]][] = [
        ['csv', ['format=csv']],
        ['json', ['format=json']],
        ['three at once', ['format=csv', 'format=json', 'format=json&spam=false']],
      ];
      for (const [format, queries] of phases) {
        await ask(child, 'reset');
        const prober = own('--probe', { BENCH_BASE: base, BENCH_COOKIE: cookie });
        await new Promise((resolve) => prober.once('message', resolve));
        const memory = sampleMemory(child.pid!);
        const started = performance.now();
        const results = await Promise.all(queries.map((query) => readExport(`${base}${adminRoutes.export.path}?${query}`, cookie)));
        const result = {
          bytes: results.reduce((n, r) => n + r.bytes, 0),
          lines: results.reduce((n, r) => n + r.lines, 0),
          complete: results.every((r) => r.complete),
          seconds: (performance.now() - started) / 1000,
        };
        const samples = memory.stop();
        const probes = await ask<Record<string, number[]>>(prober, 'stop');
        const inside = await ask<Inside>(child, 'report');
        const peak = Math.max(...samples);
        console.log(
          `export ${format}: ${(result.bytes / 1e6).toFixed(1)} MB, ${result.lines} lines, complete ${result.complete}, ${result.seconds.toFixed(1)} s (${(result.bytes / 1e6 / result.seconds).toFixed(1)} MB/s); ` +
            `server memory peak ${peak.toFixed(0)} MB (+${(peak - rest).toFixed(0)} MB over rest)`,
        );
        for (const [name, times] of Object.entries(probes)) {
          console.log(
            `  probe ${name} during the export: ${times.length} answers, p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, max ${ms(Math.max(...times))}`,
          );
        }
        for (const line of describeInside(inside)) console.log(`  ${line}`);
        const { memoryOverRestMb, pageP99Ms } = EXPORT_LIMITS;
        if (!result.complete) failures.push(`The ${format} export did not end properly.`);
        if (peak - rest > memoryOverRestMb)
          failures.push(`During the ${format} export the server's memory rose ${(peak - rest).toFixed(0)} MB over its rest, more than ${memoryOverRestMb} MB.`);
        const listP99 = percentile(probes.list!, 99);
        if (listP99 > pageP99Ms) {
          failures.push(
            `During the ${format} export the list's probe took ${ms(listP99)} at p99, more than ${pageP99Ms} ms (see the stalls above: on a busy machine the server mostly waits for a core).`,
          );
        }
        // What the server controls: its own CPU time during each list answer (p99), and no step of its own holding everyone.
        const cpuP99 = percentile(inside.answersCpu, 99);
        if (cpuP99 > pageP99Ms)
          failures.push(`During the ${format} export the server's own CPU time for a list answer was ${ms(cpuP99)} at p99, more than ${pageP99Ms} ms.`);
        const held = inside.stalls.filter((stall) => stall.cpuMs >= STALL_CPU_MS);
        if (held.length > 0)
          failures.push(
            `During the ${format} export the server worked ${held.map((stall) => ms(stall.cpuMs)).join(', ')} without a turn of its event loop, ${STALL_CPU_MS} ms or more.`,
          );
      }
      // Last, so that the server's rest before the exports is measured as it always was.
      failures.push(...(await liveUpdates(base, dovecot, accounts, answered, dataDir)));
      for (const failure of failures) console.error(failure);
      if (failures.length > 0) process.exitCode = 1;
    } finally {
      child.kill();
    }
  } finally {
    await dovecot?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One open screen's stream (the inbox's live updates), read as EventSource reads it: when each lead was told answered. */
async function openScreen(base: string, cookie: string) {
  const abort = new AbortController();
  const response = await fetch(`${base}${adminRoutes.live.path}`, { headers: { cookie }, signal: abort.signal });
  if (response.status !== 200) throw new Error(`a screen's stream was answered ${response.status}`);
  const answered = new Map<string, number>();
  /** The same moments by the clock the server writes (Date.now), to compare with when it kept each answer. */
  const answeredAt = new Map<string, number>();
  const ids: number[] = [];
  let told = 0;
  let ready!: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  const reading = (async () => {
    const decoder = new TextDecoder();
    let pending = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      const now = performance.now();
      pending += decoder.decode(chunk, { stream: true });
      for (let end = pending.indexOf('\n\n'); end >= 0; end = pending.indexOf('\n\n')) {
        const fields = Object.fromEntries(
          pending
            .slice(0, end)
            .split('\n')
            .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
        );
        pending = pending.slice(end + 2);
        if (fields.event === LIVE_EVENTS.unread) ready();
        if (fields.event !== LIVE_EVENTS.lead) continue;
        told++;
        ids.push(Number(fields.id));
        const { lead, kind } = JSON.parse(fields.data!) as LiveLead;
        if (kind === 'answered' && !answered.has(lead)) {
          answered.set(lead, now);
          answeredAt.set(lead, Date.now());
        }
      }
    }
  })().catch(() => undefined);
  await started;
  return { answered, answeredAt, ids, told: () => told, close: () => (abort.abort(), reading) };
}

/**
 * The live updates at volume: SCREENS open screens (streams of ACCOUNTS accounts) while ANSWERS
 * clients answer, one after the other as fast as the mailbox takes them; each screen must be told
 * of every answer (none lost, none twice, in the order of the events), and how long after the
 * mailbox took it.
 */
async function liveUpdates(
  base: string,
  dovecot: RunningDovecot,
  accounts: string[],
  answered: { docId: string; person: string; deliveryId: string }[],
  dataDir: string,
): Promise<string[]> {
  const cookies: string[] = [];
  for (const account of accounts) cookies.push(await signIn(base, account));
  const screens = await Promise.all(Array.from({ length: SCREENS }, (_, i) => openScreen(base, cookies[i % cookies.length]!)));
  const arrived = new Map<string, number>();
  const client = await dovecot.client();
  const began = performance.now();
  try {
    for (const [i, lead] of answered.entries()) {
      await client.append(
        'INBOX',
        [
          `From: <${lead.person}>`,
          `To: ${dovecot.user}`,
          'Subject: Re: A seeded conversation',
          `Date: ${new Date().toUTCString()}`,
          `Message-ID: <bench-answer-${i}@mail.example.net>`,
          `In-Reply-To: <${lead.deliveryId}@bench.example>`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          `Answer ${i}: yes, Wednesday works.`,
          '',
        ].join('\r\n'),
      );
      arrived.set(lead.docId, performance.now());
    }
  } finally {
    await client.logout();
  }
  const appended = performance.now() - began;
  // Every screen told of every answer, or a minute of nothing more.
  const all = () => screens.every((screen) => answered.every((lead) => screen.answered.has(lead.docId)));
  for (let quiet = 0, last = -1; !all() && quiet < 600;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = screens.reduce((n, screen) => n + screen.told(), 0);
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
  await Promise.all(screens.map((screen) => screen.close()));
  const delays = screens.flatMap((screen) =>
    answered.filter((lead) => screen.answered.has(lead.docId)).map((lead) => screen.answered.get(lead.docId)! - arrived.get(lead.docId)!),
  );
  const lost = SCREENS * answered.length - delays.length;
  const disordered = screens.filter((screen) => screen.ids.some((id, i) => i > 0 && id <= screen.ids[i - 1]!)).length;
  // When the server kept each answer (its reader's clock), against when each screen was told: the live updates' own part.
  const store = openStore(dataDir, { readonly: true });
  const keptAt = new Map(
    (
      store.db.prepare("SELECT doc_id AS docId, read_at AS readAt FROM lead_messages WHERE message_id LIKE '<bench-answer-%'").all() as {
        docId: string;
        readAt: number;
      }[]
    ).map((row) => [row.docId, row.readAt]),
  );
  store.close();
  const afterKept = screens.flatMap((screen) => [...screen.answeredAt].filter(([docId]) => keptAt.has(docId)).map(([docId, at]) => at - keptAt.get(docId)!));
  console.log(
    `live updates: ${SCREENS} screens of ${accounts.length} accounts, ${answered.length} answers put into the mailbox in ${(appended / 1000).toFixed(1)} s; ` +
      `${delays.length} of ${SCREENS * answered.length} told (${lost} lost), ${disordered} screens out of order; from the mailbox taking an answer to a screen told: p50 ${ms(percentile(delays, 50))}, p99 ${ms(percentile(delays, 99))}, max ${ms(Math.max(...delays))}; ` +
      `from the server keeping it to a screen told: p50 ${ms(percentile(afterKept, 50))}, p99 ${ms(percentile(afterKept, 99))}, max ${ms(Math.max(...afterKept))}`,
  );
  const failures: string[] = [];
  if (lost > 0) failures.push(`The live updates lost ${lost} of ${SCREENS * answered.length} answers' events.`);
  if (disordered > 0) failures.push(`${disordered} screens were told events out of order or twice.`);
  return failures;
}

if (options.serve) {
  // The server under test, in a process of its own (its memory is what is sampled), reading the bench's mailbox.
  const mailbox = readMailboxSettings({ IMAP_URL: process.env.BENCH_IMAP_URL });
  const app = await buildApp({
    dataDir: process.env.DATA_DIR!,
    logger: false,
    rateLimitFactor: 1000,
    ...(mailbox.settings ? { mailbox: { settings: mailbox.settings, agency: ['agency@example.com'] } } : {}),
  });
  const watch = watchServer(app.server, adminRoutes.leads.path);
  process.on('message', (message) => {
    if (message === 'reset') {
      watch.reset();
      process.send!('ok');
    } else if (message === 'report') {
      process.send!(watch.report());
    }
  });
  await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
} else if (options.probe) {
  // The prober: the list's first page and /healthz, one after the other, then 50 ms of rest, until told to stop.
  const base = process.env.BENCH_BASE!;
  const cookie = process.env.BENCH_COOKIE!;
  let probing = true;
  process.on('message', () => {
    probing = false;
  });
  process.send!('ready');
  const probes = await probe({ list: `${base}${adminRoutes.leads.path}?spam=false`, healthz: `${base}/healthz` }, cookie, () => probing);
  process.send!(probes, () => process.exit(0));
} else {
  await bench();
}
