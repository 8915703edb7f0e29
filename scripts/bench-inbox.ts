/**
 * npm run bench:inbox [-- --leads 100000 --message-chars 1050]
 *
 * The inbox at volume, measured: a fresh data folder seeded with 100,000 leads (the fixture
 * generator, one transaction), our real server in its own process, signed in over HTTP. Prints
 * the seeding time; the list's answer sizes and times (first page, by date and by name, the last
 * page, a search); then a CSV and a JSON export of everything (about 100 MB with the default
 * message length) read as fast as possible, counted row by row, while the server's memory is
 * sampled (from /proc) and the list and /healthz are probed every 50 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { adminRoutes, CSRF_HEADER, SIGN_IN_API } from '../src/shared/adminApi';
import { setAdmin } from '../src/server/admin/accounts';
import { SESSION_COOKIE } from '../src/server/admin/routes';
import { buildApp } from '../src/server/app';
import { openStore } from '../src/server/store';
import { seedLeads } from '../src/test/seedLeads';

const PASSWORD = 'a long bench password';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function startServer(dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const tsx = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, [import.meta.filename, '--serve'], { env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: 'https://bench.example' }, stdio: ['ignore', 'pipe', 'inherit'] });
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

async function timed(base: string, cookie: string, query: string) {
  const started = performance.now();
  const response = await fetch(`${base}${adminRoutes.leads.path}?${query}`, { headers: { cookie } });
  const bytes = Buffer.byteLength(await response.text());
  return { ms: performance.now() - started, bytes, status: response.status };
}

/** Reads an export as fast as it comes; counts bytes and lines (CSV rows, JSON lines). */
function readExport(base: string, cookie: string, query: string): Promise<{ bytes: number; lines: number; complete: boolean; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${adminRoutes.export.path}?${query}`, { headers: { cookie } }, (response) => {
        let bytes = 0;
        let lines = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
        });
        response.on('end', () => resolve({ bytes, lines, complete: response.complete, seconds: (performance.now() - started) / 1000 }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function bench() {
  const leads = arg('--leads', 100_000);
  const messageChars = arg('--message-chars', 1050);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-inbox-'));
  try {
    const store = openStore(dataDir);
    const seeded = seedLeads(store, leads, { messageChars });
    await setAdmin(store, 'owner@bench.example', PASSWORD);
    store.close();
    console.log(`seeded ${leads} leads (messages ${messageChars} characters) in ${(seeded.ms / 1000).toFixed(2)} s, one transaction`);

    const { child, base } = await startServer(dataDir);
    try {
      const cookie = await signIn(base, 'owner@bench.example');

      const views: [string, string][] = [
        ['first page, newest first (25)', 'spam=false'],
        ['first page, by name (100)', 'spam=false&sort=name&direction=asc&pageSize=100'],
        ['last page, by e-mail (100)', `spam=false&sort=email&direction=desc&pageSize=100&page=${Math.floor((leads * 0.98) / 100) - 1}`],
        ['one form, by status (100)', 'spam=false&form=contact&sort=status&pageSize=100'],
        ['a search (25)', 'q=lead%20012345'],
      ];
      for (const [name, query] of views) {
        await timed(base, cookie, query);
        const runs = [];
        for (let i = 0; i < 7; i++) runs.push(await timed(base, cookie, query));
        console.log(`list, ${name}: ${runs[0]!.bytes} bytes, median ${ms(percentile(runs.map((r) => r.ms), 50))}, max ${ms(Math.max(...runs.map((r) => r.ms)))}`);
      }

      await new Promise((r) => setTimeout(r, 1000));
      const rest = rssMb(child.pid!);
      console.log(`server memory at rest: ${rest.toFixed(0)} MB`);

      for (const format of ['csv', 'json'] as const) {
        const samples: number[] = [];
        const probes: Record<string, number[]> = { list: [], healthz: [] };
        let exporting = true;
        const sampler = setInterval(() => samples.push(rssMb(child.pid!)), 100);
        const probe = (async () => {
          while (exporting) {
            let started = performance.now();
            await (await fetch(`${base}${adminRoutes.leads.path}?spam=false`, { headers: { cookie } })).arrayBuffer();
            probes.list!.push(performance.now() - started);
            started = performance.now();
            await (await fetch(`${base}/healthz`)).arrayBuffer();
            probes.healthz!.push(performance.now() - started);
            await new Promise((r) => setTimeout(r, 50));
          }
        })();
        const result = await readExport(base, cookie, `format=${format}`);
        exporting = false;
        await probe;
        clearInterval(sampler);
        const peak = Math.max(...samples);
        console.log(
          `export ${format}: ${(result.bytes / 1e6).toFixed(1)} MB, ${result.lines} lines, complete ${result.complete}, ${result.seconds.toFixed(1)} s (${(result.bytes / 1e6 / result.seconds).toFixed(1)} MB/s); ` +
            `server memory peak ${peak.toFixed(0)} MB (+${(peak - rest).toFixed(0)} MB over rest)`,
        );
        for (const [name, times] of Object.entries(probes)) {
          console.log(`  probe ${name} during the export: ${times.length} answers, p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, max ${ms(Math.max(...times))}`);
        }
      }
    } finally {
      child.kill();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) {
  // The server under test, in a process of its own (its memory is what is sampled).
  const app = await buildApp({ dataDir: process.env.DATA_DIR!, logger: false, rateLimitFactor: 1000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
} else {
  await bench();
}
