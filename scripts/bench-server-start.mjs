// npm run bench:server-start: the processor time a built server takes from its launch to its
// first line ("listening"), with a fresh data folder: what every start of the site costs, and
// what the test suite pays for each server it starts (docs/performance.md, "Starting the
// server"). The figure is the process's own CPU time (user and system, read from /proc), not the
// time on the clock, so that a busy machine changes it little. It starts the server STARTS times
// (5) and prints each; it exits 1 when their median is over SERVER_START_BUDGET_S (2) seconds.
// Builds first if there is no build. Linux only (/proc).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { freePort, startServer, stopServer } from './lib/builtServer.mjs';
import { root } from './lib/builtSite.mjs';
import { readCommandLine } from './lib/commandLine.mjs';

readCommandLine(process.argv.slice(2), { command: 'npm run bench:server-start' });

const starts = Number(process.env.STARTS ?? 5);
const budget = Number(process.env.SERVER_START_BUDGET_S ?? 2);
const dist = path.join(root, 'dist');
if (!existsSync(path.join(dist, 'server/index.js'))) {
  const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}
const ticksPerSecond = 100; // Linux's USER_HZ, the unit of /proc/<pid>/stat's times

/** The process's user and system time so far, in seconds. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

const seconds = [];
for (let i = 0; i < starts; i++) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  const server = await startServer({ dist, port: await freePort(), dataDir, env: { SITE_DIR: 'off' }, cwd: root });
  seconds.push(cpuSeconds(server.pid));
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
const median = [...seconds].sort((a, b) => a - b)[Math.floor(seconds.length / 2)];
console.log(
  `A built server's start, its own CPU time: ${seconds.map((s) => s.toFixed(2)).join(' s, ')} s; median ${median.toFixed(2)} s (budget ${budget} s; load ${os.loadavg()[0].toFixed(1)})`,
);
if (median > budget) {
  console.error(`Over budget: the median start took ${median.toFixed(2)} s of CPU, the budget is ${budget} s.`);
  process.exit(1);
}
