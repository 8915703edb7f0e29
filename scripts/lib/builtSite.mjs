// Starts the built site (building it first if needed) on 127.0.0.1:<port> with a temporary
// data folder, for measurements (bench, lighthouse). stop() ends it and removes the data;
// call stop({ keepData: true }) to read the data first and remove it yourself. `pid` is the
// server's process id (scripts/stress-slow-read.mjs reads its memory). SITE_DIST names another
// built site (another release's dist/, say) to measure it beside this one.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');

export async function startBuiltSite({ port, rebuild = false, name = 'site', env = {} }) {
  const dist = path.resolve(root, process.env.SITE_DIST ?? 'dist');
  if (!process.env.SITE_DIST && (rebuild || !existsSync(path.join(dist, 'server/index.js')))) {
    const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  const server = spawn(process.execPath, [path.join(dist, 'server/index.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG: 'off', CLIENT_DIR: path.join(dist, 'client'), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk) => String(chunk).includes('http://') && resolve());
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const exited = () => server.exitCode !== null || server.signalCode !== null;
  async function stop({ keepData = false } = {}) {
    if (!exited()) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  }
  return { dataDir, stop, pid: server.pid, exited };
}
