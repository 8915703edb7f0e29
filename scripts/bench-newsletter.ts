/**
 * npm run bench:newsletter   (READERS=10000 by default)
 *
 * A newsletter to 10,000 confirmed readers, sent by our server (src/test/newsletterServer.ts: the
 * app without pages, in a process of its own, as the crash test runs it) to an SMTP server in this
 * process that takes every mail at once, at an unlimited rate (config's pool of one connection).
 * Meanwhile an owner's inbox asks for the list of leads and of newsletters every 100 ms. Prints
 * the time from Send to the last reader marked sent, the mails per second, the server's memory at
 * rest and at its peak (sampled every 50 ms from /proc), and the inbox's answers. Exits 1 past a
 * budget: the server's memory 150 MB over rest (MAX_EXTRA_MB), the inbox's answers p99 100 ms
 * (PROBE_P99_MS, the inbox's own budget: npm run bench:inbox).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { setAdmin } from '../src/platform/server/accounts/accounts';
import { openStore } from '../src/apps/server/siteStore';
import { addNewsletter, isProblem } from '../src/newsletter/server/newsletters';
import { seedSubscribers } from '../src/test/newsletter';
import { Client, PASSWORD } from '../src/test/adminServer';
import { TEST_HASHING } from '../src/test/testHashing';
import { newsletterRoutes, type NewsletterDetail } from '../src/newsletter/model/newsletterApi';
import { adminRoutes, pathOf } from '../src/platform/inboxRoutes';
import articles from '../config/articles/choosing-a-partner';

const READERS = Number(process.env.READERS ?? 10_000);
const MAX_EXTRA_MB = Number(process.env.MAX_EXTRA_MB ?? 150);
const PROBE_P99_MS = Number(process.env.PROBE_P99_MS ?? 100);
const OWNER = 'owner@agency.test';

// The readers and a newsletter (an article of the site as its text), written before the server starts.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-newsletter-'));
const store = openStore(dataDir);
seedSubscribers(
  store.db,
  Array.from({ length: READERS }, (_, i) => ({ email: `reader${i}@example.net`, state: 'confirmed' as const })),
);
await setAdmin(store, OWNER, PASSWORD, Date.now(), 'owner', TEST_HASHING);
const made = addNewsletter(store.db, { subject: articles.title, name: 'bench', body: [...articles.body] }, OWNER, Date.now());
if (isProblem(made)) throw new Error(made.message);
store.db.close();

// The receiver: takes each mail at once (read to its end, kept nowhere).
let received = 0;
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received++;
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
const smtpPort = (smtp.server.address() as AddressInfo).port;

const require = createRequire(import.meta.url);
const child = spawn(
  process.execPath,
  [
    ...(process.env.PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.PROFILE_DIR] : []),
    '--import',
    pathToFileURL(require.resolve('tsx')).href,
    path.join(import.meta.dirname, '..', 'src', 'test', 'newsletterServer.ts'),
  ],
  {
    env: { ...process.env, DATA_DIR: dataDir, SMTP_PORT: String(smtpPort), POOL: process.env.POOL ?? '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const port = await new Promise<number>((resolve, reject) => {
  child.stdout!.on('data', (chunk) => {
    const found = /listening on (\d+)/.exec(String(chunk));
    if (found) resolve(Number(found[1]));
  });
  child.once('exit', (code) => reject(new Error(`The server exited (${code}) before it listened`)));
});
const base = `http://127.0.0.1:${port}`;

const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const owner = new Client(base);
if ((await owner.signIn(OWNER)).status !== 204) throw new Error('The owner could not sign in.');
// At rest: signed in, each list asked once, a moment to settle.
await owner.send('GET', adminRoutes.leads.path);
await owner.send('GET', newsletterRoutes.newsletters.path);
await new Promise((resolve) => setTimeout(resolve, 1000));
const rest = rssMb();

let peak = rest;
const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 50);
const probes: number[] = [];
let probing = true;
const probe = (async () => {
  while (probing) {
    for (const address of [adminRoutes.leads.path, newsletterRoutes.newsletters.path]) {
      const started = performance.now();
      const answer = await owner.send('GET', address);
      await answer.arrayBuffer();
      probes.push(performance.now() - started);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
})();

const started = performance.now();
const sent = await owner.change('POST', pathOf('newsletterSend', { id: String(made.id) }), { json: { revision: made.revision } });
if (sent.status !== 200) throw new Error(`Send answered ${sent.status}: ${await sent.text()}`);
for (;;) {
  const detail = (await (await owner.send('GET', pathOf('newsletter', { id: String(made.id) }))).json()) as NewsletterDetail;
  if (detail.state === 'sent') break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const seconds = (performance.now() - started) / 1000;
probing = false;
await probe;
clearInterval(sampler);
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
smtp.close();
rmSync(dataDir, { recursive: true, force: true });

const sorted = [...probes].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const extra = peak - rest;
console.log(
  `A newsletter to ${READERS.toLocaleString('en')} readers (pool of ${process.env.POOL ?? 1}, no rate limit), load average ${os.loadavg()[0]!.toFixed(1)}:`,
);
console.log(`  from Send to the last reader marked sent: ${seconds.toFixed(1)} s (${(READERS / seconds).toFixed(0)} mails/s; the receiver took ${received})`);
console.log(`  the server's memory: ${rest.toFixed(0)} MB at rest, ${peak.toFixed(0)} MB at its peak: +${extra.toFixed(0)} MB (budget +${MAX_EXTRA_MB} MB)`);
console.log(
  `  the inbox meanwhile (${probes.length} answers of the leads' and the newsletters' lists): median ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, slowest ${sorted.at(-1)!.toFixed(1)} ms (budget p99 ${PROBE_P99_MS} ms)`,
);
let over = false;
if (received < READERS) {
  console.error(`Only ${received} of ${READERS} mails arrived.`);
  over = true;
}
if (extra > MAX_EXTRA_MB) {
  console.error(`The server's memory rose ${extra.toFixed(0)} MB over rest, over the budget of ${MAX_EXTRA_MB} MB.`);
  over = true;
}
if (at(0.99) > PROBE_P99_MS) {
  console.error(`The inbox's answers took ${at(0.99).toFixed(0)} ms at p99, over the budget of ${PROBE_P99_MS} ms.`);
  over = true;
}
process.exit(over ? 1 : 0);
