// npm run stress:slow-read: the slow-read attack of issue 11 against the built server, bounded
// in time. slowhttptest opens CONNECTIONS connections (RATE a second), each sending 10
// pipelined `GET /` and then reading its answers a few bytes every 3 s through a tiny TCP
// window. Meanwhile, every second, a visitor loads the home page (a new connection, brotli, as
// a browser asks for it) and the server's resident memory (VmRSS) is read; both go on for
// AFTER seconds once the attack has ended. Prints a table and exits 1 when the server died,
// a visitor's load failed or took longer than MAX_PROBE_MS, memory passed MAX_RSS_MB, or did
// not come back to within AFTER_RSS_MB of its resting size.
// Options (env): CONNECTIONS (2000), RATE (400), SECONDS (30), AFTER (15), PIPELINED (10: requests
// sent at once on each connection; 3 stays under the server's limit of 4), STRESS_PORT (4399),
// MAX_PROBE_MS (1000), MAX_RSS_MB (400), AFTER_RSS_MB (64). Builds first if there is no build.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { startBuiltSite } from './lib/builtSite.mjs';
import { readCommandLine } from './lib/commandLine.mjs';

// Its options are environment variables (above): anything on its command line is refused.
readCommandLine(process.argv.slice(2), { command: 'npm run stress:slow-read' });

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const connections = env('CONNECTIONS', 2000);
const rate = env('RATE', 400);
const seconds = env('SECONDS', 30);
const after = env('AFTER', 15);
const pipelined = env('PIPELINED', 10);
const port = env('STRESS_PORT', 4399);
const maxProbeMs = env('MAX_PROBE_MS', 1000);
const maxRssMb = env('MAX_RSS_MB', 400);
const afterRssMb = env('AFTER_RSS_MB', 64);

if (spawnSync('slowhttptest', ['-h'], { stdio: 'ignore' }).error) {
  console.error('slowhttptest is not installed: apt-get install -y slowhttptest');
  process.exit(1);
}

const site = await startBuiltSite({ port, name: 'stress' });
const url = `http://127.0.0.1:${port}/`;

/** The server's resident memory in MB, or undefined once it is gone. */
function rssMb() {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${site.pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** One visitor loading the home page on a new connection: milliseconds, or the reason it failed. */
function probe() {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.get(url, { agent: false, headers: { 'accept-encoding': 'br, gzip', 'user-agent': 'stress-probe' }, timeout: 15_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode === 200 ? { ms: performance.now() - started } : { failed: `status ${response.statusCode}` }));
      response.on('error', (error) => resolve({ failed: error.code ?? error.message }));
    });
    request.on('timeout', () => request.destroy(new Error('no answer in 15 s')));
    request.on('error', (error) => resolve({ failed: error.code ?? error.message }));
  });
}

const samples = [];
/** Every second, for as long as `running()`: memory now, and a visitor's load started now. */
async function sample(phase, running) {
  const pending = [];
  while (running()) {
    const entry = { phase, rss: rssMb() };
    samples.push(entry);
    pending.push(probe().then((result) => Object.assign(entry, result)));
    await new Promise((r) => setTimeout(r, 1000));
  }
  await Promise.all(pending);
}

// At rest: a few visits, then the memory they leave.
for (let i = 0; i < 20; i++) await probe();
await new Promise((r) => setTimeout(r, 2000));
let done = false;
await sample(
  'rest',
  (() => {
    let n = 0;
    return () => n++ < 5;
  })(),
);
const rest = Math.max(...samples.map((s) => s.rss ?? 0));

const args = [
  '-X',
  '-c',
  String(connections),
  '-r',
  String(rate),
  '-k',
  String(pipelined),
  '-n',
  '3',
  '-w',
  '2',
  '-y',
  '64',
  '-z',
  '32',
  '-l',
  String(seconds),
  '-p',
  '5',
  '-u',
  url,
];
console.log(`slowhttptest ${args.join(' ')}`);
const attack = spawn('slowhttptest', args, { stdio: 'ignore' });
const attackEnded = new Promise((resolve) => attack.once('exit', resolve));
attackEnded.then(() => (done = true));
await sample('attack', () => !done && !site.exited());
const ended = performance.now();
await sample('after', () => performance.now() - ended < after * 1000 && !site.exited());
const died = site.exited();
if (!done) attack.kill('SIGINT');
await attackEnded;
await site.stop();

const summary = (phase) => {
  const rows = samples.filter((s) => s.phase === phase);
  const ms = rows
    .filter((s) => s.ms !== undefined)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const pct = (p) => (ms.length ? ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] : NaN);
  const rss = rows.map((s) => s.rss).filter((r) => r !== undefined);
  return {
    phase,
    loads: rows.length,
    failed: rows.filter((s) => s.failed).length,
    p50: pct(0.5),
    p95: pct(0.95),
    max: ms.at(-1) ?? NaN,
    rssMax: Math.max(...rss),
    rssLast: rss.at(-1),
  };
};
const table = ['rest', 'attack', 'after'].map(summary);
const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
console.log(`\n${connections} connections at ${rate}/s for ${seconds} s, ${pipelined} pipelined GET / each, read 32 bytes every 3 s`);
console.log('phase   visits  failed  p50 ms  p95 ms  max ms  RSS max MB  RSS last MB');
for (const r of table) {
  console.log(
    `${r.phase.padEnd(7)} ${String(r.loads).padStart(6)}  ${String(r.failed).padStart(6)}  ${fmt(r.p50).padStart(6)}  ${fmt(r.p95).padStart(6)}  ${fmt(r.max).padStart(6)}  ${fmt(r.rssMax).padStart(10)}  ${fmt(r.rssLast).padStart(11)}`,
  );
}
const failures = [];
for (const s of samples.filter((s) => s.failed)) failures.push(`a visit during "${s.phase}" failed: ${s.failed}`);
if (died) failures.push('the server died');
const attackRow = table[1];
const afterRow = table[2];
if (Math.max(attackRow.max, afterRow.max) > maxProbeMs) failures.push(`a visit took ${fmt(Math.max(attackRow.max, afterRow.max))} ms (limit ${maxProbeMs})`);
if (Math.max(attackRow.rssMax, afterRow.rssMax) > maxRssMb)
  failures.push(`memory reached ${fmt(Math.max(attackRow.rssMax, afterRow.rssMax))} MB (limit ${maxRssMb})`);
if (!(afterRow.rssLast <= rest + afterRssMb))
  failures.push(`memory after the attack ${fmt(afterRow.rssLast)} MB, at rest ${fmt(rest)} MB (limit: ${afterRssMb} MB more)`);
if (failures.length > 0) {
  console.error(`\nFAILED:\n- ${[...new Set(failures)].join('\n- ')}`);
  process.exit(1);
}
console.log('\nThe server held: every visit answered in time, memory bounded and given back.');
