/**
 * npm run bench:inbox [-- --leads 100000 --message-chars 1050]   (BENCH_PORT=… for a fixed port)
 *
 * The inbox at volume, measured: a fresh data folder seeded with 100,000 leads (the fixture
 * generator, one transaction), our real server in its own process, signed in over HTTP. Prints
 * the seeding time; the list's answer sizes and times (first page, by date and by name, the last
 * page, searches) and the insights'; then a CSV and a JSON export of everything (about 100 MB
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
 * reader waited for; these are its figures at 100,000.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminRoutes, CSRF_HEADER, SIGN_IN_API } from '../src/leads/model/adminApi';
import { setAdmin } from '../src/platform/server/accounts/accounts';
import { SESSION_COOKIE } from '../src/apps/server/admin/routes';
import { buildApp } from '../src/apps/server/app';
import { databaseFile, openStore } from '../src/leads/server/store';
import { seedLeads } from '../src/test/seedLeads';
import { describeInside, EXPORT_LIMITS, type Inside, ms, percentile, probe, readExport, rssMb, sampleMemory, watchServer } from '../src/test/serverWatch';
import { readCommandLine, refuse } from './lib/commandLine.mjs';

const PASSWORD = 'a long bench password';
/** The longest the server may work without a turn of its event loop while exports stream (CPU time of one stall). */
const STALL_CPU_MS = 250;

// --serve and --probe start this file's own child processes (the server, the prober).
const { values: options } = readCommandLine(process.argv.slice(2), {
  command: 'npm run bench:inbox',
  options: { leads: { type: 'string', value: 'count' }, 'message-chars': { type: 'string', value: 'count' }, serve: { type: 'boolean' }, probe: { type: 'boolean' } },
});
/** A whole number option, at least 1; its default when not given. */
const count = (name: 'leads' | 'message-chars', fallback: number) => {
  const value = options[name] as string | undefined;
  if (value === undefined) return fallback;
  if (!/^[1-9]\d*$/.test(value)) refuse(`--${name} takes a whole number of at least 1, like --${name} ${fallback}. Nothing was done.`);
  return Number(value);
};

/** This file in a Node process of its own, TypeScript loaded by tsx's hooks (no wrapper process: its pid is its own). */
const own = (mode: string, env: NodeJS.ProcessEnv) =>
  spawn(process.execPath, ['--import', 'tsx', import.meta.filename, mode], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });

/** Asks a process of ours and waits for its answer (over the IPC channel). */
const ask = <T>(child: ChildProcess, message: string) =>
  new Promise<T>((resolve) => {
    child.once('message', (answer) => resolve(answer as T));
    child.send(message);
  });

async function startServer(dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const child = own('--serve', { DATA_DIR: dataDir, PUBLIC_URL: 'https://bench.example' });
  const port = await new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  return { child, base: `http://127.0.0.1:${port}` };
}

/** Signs in as the inbox does (the sign-in's CSRF token and cookie first); returns the cookies to send. */
async function signIn(base: string, email: string): Promise<string> {
  const state = await fetch(`${base}${SIGN_IN_API}`);
  const jar = state.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
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
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-inbox-'));
  try {
    const store = openStore(dataDir);
    const seeded = seedLeads(store, leads, { messageChars });
    await setAdmin(store, 'owner@bench.example', PASSWORD);
    store.close();
    console.log(`seeded ${leads} leads (messages ${messageChars} characters) in ${(seeded.ms / 1000).toFixed(2)} s, one transaction; database ${(statSync(databaseFile(dataDir)).size / 1e6).toFixed(0)} MB`);

    const { child, base } = await startServer(dataDir);
    try {
      const cookie = await signIn(base, 'owner@bench.example');

      const views: [string, string][] = [
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
        console.log(`list, ${name}: ${runs[0]!.bytes} bytes, first ${ms(first.ms)}, then median ${ms(percentile(runs.map((r) => r.ms), 50))}, max ${ms(Math.max(...runs.map((r) => r.ms)))}`);
      }
      // The insights of every lead's source and landing page (4 weeks), as the inbox's Insights tab asks.
      const insights = [];
      for (let i = 0; i < 5; i++) insights.push(await timed(base, cookie, 'weeks=4', adminRoutes.insights.path));
      console.log(`insights, 4 weeks: ${insights[0]!.bytes} bytes, status ${insights[0]!.status}, first ${ms(insights[0]!.ms)}, then median ${ms(percentile(insights.slice(1).map((r) => r.ms), 50))}`);

      await new Promise((r) => setTimeout(r, 1000));
      const rest = rssMb(child.pid!);
      console.log(`server memory at rest: ${rest.toFixed(0)} MB`);

      const failures: string[] = [];
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
        const result = { bytes: results.reduce((n, r) => n + r.bytes, 0), lines: results.reduce((n, r) => n + r.lines, 0), complete: results.every((r) => r.complete), seconds: (performance.now() - started) / 1000 };
        const samples = memory.stop();
        const probes = await ask<Record<string, number[]>>(prober, 'stop');
        const inside = await ask<Inside>(child, 'report');
        const peak = Math.max(...samples);
        console.log(
          `export ${format}: ${(result.bytes / 1e6).toFixed(1)} MB, ${result.lines} lines, complete ${result.complete}, ${result.seconds.toFixed(1)} s (${(result.bytes / 1e6 / result.seconds).toFixed(1)} MB/s); ` +
            `server memory peak ${peak.toFixed(0)} MB (+${(peak - rest).toFixed(0)} MB over rest)`,
        );
        for (const [name, times] of Object.entries(probes)) {
          console.log(`  probe ${name} during the export: ${times.length} answers, p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, max ${ms(Math.max(...times))}`);
        }
        for (const line of describeInside(inside)) console.log(`  ${line}`);
        const { memoryOverRestMb, pageP99Ms } = EXPORT_LIMITS;
        if (!result.complete) failures.push(`The ${format} export did not end properly.`);
        if (peak - rest > memoryOverRestMb) failures.push(`During the ${format} export the server's memory rose ${(peak - rest).toFixed(0)} MB over its rest, more than ${memoryOverRestMb} MB.`);
        const listP99 = percentile(probes.list!, 99);
        if (listP99 > pageP99Ms) {
          failures.push(`During the ${format} export the list's probe took ${ms(listP99)} at p99, more than ${pageP99Ms} ms (see the stalls above: on a busy machine the server mostly waits for a core).`);
        }
        // What the server controls: its own CPU time during each list answer (p99), and no step of its own holding everyone.
        const cpuP99 = percentile(inside.answersCpu, 99);
        if (cpuP99 > pageP99Ms) failures.push(`During the ${format} export the server's own CPU time for a list answer was ${ms(cpuP99)} at p99, more than ${pageP99Ms} ms.`);
        const held = inside.stalls.filter((stall) => stall.cpuMs >= STALL_CPU_MS);
        if (held.length > 0) failures.push(`During the ${format} export the server worked ${held.map((stall) => ms(stall.cpuMs)).join(', ')} without a turn of its event loop, ${STALL_CPU_MS} ms or more.`);
      }
      for (const failure of failures) console.error(failure);
      if (failures.length > 0) process.exitCode = 1;
    } finally {
      child.kill();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (options.serve) {
  // The server under test, in a process of its own (its memory is what is sampled).
  const app = await buildApp({ dataDir: process.env.DATA_DIR!, logger: false, rateLimitFactor: 1000 });
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
