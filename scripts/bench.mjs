// npm run bench: 50 clients post valid inquiries to the local server for 10 s, then the
// stored records are counted: every acknowledged (201) submission must be stored, and
// nothing else. Each client waits for its answer before sending again, and every answer is
// counted (including those still on their way when the time is up), so the two counts can
// be compared exactly.
// Options (env): CONNECTIONS (50), DURATION seconds (10). Builds first if there is no build.
import http from 'node:http';
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { startBuiltSite } from './lib/builtSite.mjs';
import { readCommandLine } from './lib/commandLine.mjs';

// Its options are environment variables (above): anything on its command line is refused.
readCommandLine(process.argv.slice(2), { command: 'npm run bench' });

const connections = Number(process.env.CONNECTIONS ?? 50);
const duration = Number(process.env.DURATION ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3999);

// One client address sends everything here: the rate limits are raised far out of the way.
const { dataDir, stop } = await startBuiltSite({ port, name: 'bench', env: { RATE_LIMIT_FACTOR: '1000000' } });

const document = {
  Fname: 'Bench Visitor',
  Email: 'bench@example.com',
  Number: '5550100',
  Pname: 'Load test project',
  id: Date.now(),
  Date: new Date().toString(),
};

const body = JSON.stringify(document);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
const counts = { acknowledged: 0, rejected: 0, errors: 0 };

function post() {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/collections/Inquriy/documents',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          if (response.statusCode === 201) counts.acknowledged++;
          else counts.rejected++;
          resolve();
        });
      },
    );
    request.on('error', () => {
      counts.errors++;
      resolve();
    });
    request.end(body);
  });
}

const until = Date.now() + duration * 1000;
const startedAt = Date.now();
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (Date.now() < until) await post();
  }),
);
const elapsed = (Date.now() - startedAt) / 1000;
agent.destroy();
await stop({ keepData: true });

const db = new Database(path.join(dataDir, 'site.db'), { readonly: true });
const stored = db.prepare("SELECT count(*) AS n FROM documents WHERE collection = 'Inquriy'").get().n;
db.close();
rmSync(dataDir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1);
const { acknowledged } = counts;
console.log(`${connections} clients, ${duration} s, POST /api/collections/Inquriy/documents`);
console.log(`requests/s  ${(latencies.length / elapsed).toFixed(0)}  (total ${latencies.length})`);
console.log(`latency ms  p50 ${pct(50)}  p99 ${pct(99)}  max ${latencies.at(-1)?.toFixed(1)}`);
console.log(`acknowledged (201) ${acknowledged}  other answers ${counts.rejected}  connection errors ${counts.errors}`);
console.log(`stored ${stored}  ${stored === acknowledged ? '= acknowledged: nothing lost' : '!= acknowledged: MISMATCH'}`);
process.exit(stored === acknowledged && counts.rejected === 0 && counts.errors === 0 ? 0 : 1);
