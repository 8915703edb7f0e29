// Starts the built site (building it first if needed) on 127.0.0.1:<port> with a temporary
// data folder, for measurements (bench, lighthouse). stop() ends it and removes the data;
// call stop({ keepData: true }) to read the data first and remove it yourself. `pid` is the
// server's process id (scripts/stress-slow-read.mjs reads its memory). SITE_DIST names another
// built site (another release's dist/, say) to measure it beside this one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, stopServer } from './builtServer.mjs';

export const root = path.resolve(import.meta.dirname, '..', '..');

export async function startBuiltSite({ port, rebuild = false, name = 'site', env = {} }) {
  const dist = path.resolve(root, process.env.SITE_DIST ?? 'dist');
  if (!process.env.SITE_DIST && (rebuild || !existsSync(path.join(dist, 'server/index.js')))) {
    const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  const server = await startServer({ dist, port, dataDir, env, cwd: root });
  const exited = () => server.exitCode !== null || server.signalCode !== null;
  async function stop({ keepData = false } = {}) {
    await stopServer(server);
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  }
  return { dataDir, stop, pid: server.pid, exited };
}
