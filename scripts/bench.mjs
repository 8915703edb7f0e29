// npm run bench: 50 clients post valid inquiries to the local server for 10 s, then the
// stored records are counted: every acknowledged (201) submission must be stored, and
// nothing else. Each client waits for its answer before sending again, and every answer is
// counted (including those still on their way when the time is up), so the two counts can
// be compared exactly.
// Options (env): CONNECTIONS (50), DURATION seconds (10). Builds first if there is no build.
import http from 'node:http';
import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const connections = Number(process.env.CONNECTIONS ?? 50);
const duration = Number(process.env.DURATION ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3999);

if (!existsSync(path.join(root, 'dist/server/index.js'))) {
  const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
const server = spawn(process.execPath, ['dist/server/index.js'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG: 'off' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => String(chunk).includes('http://') && resolve());
  server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
});

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
      { host: '127.0.0.1', port, path: '/api/collections/Inquriy/documents', method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
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
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));

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
