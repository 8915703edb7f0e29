// The one way to start a built server (dist/server/index.js, or another build's) on
// 127.0.0.1:<port> with a data folder of its own: the measurement scripts (builtSite.mjs,
// navigation.mjs) and the browser tests that need a server of their own (e2e/helpers/server.ts)
// all call it. Resolves once the server listens (it prints its address).
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export async function startServer({ dist = 'dist', port, dataDir, env = {}, cwd = process.cwd() }) {
  const server = spawn(process.execPath, [path.join(dist, 'server', 'index.js')], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG: 'off', CLIENT_DIR: path.join(dist, 'client'), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk) => String(chunk).includes('http://') && resolve());
    server.once('exit', (code) => reject(new Error(`${dist}: the server exited with ${code} before it was ready`)));
  });
  return server;
}

/** Resolves with how the server process ended (at once if it already has). */
export function exited(server) {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) resolve({ code: server.exitCode, signal: server.signalCode });
    else server.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

/** Ends the server (SIGTERM) and resolves once it has exited. */
export async function stopServer(server, signal = 'SIGTERM') {
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  await exited(server);
}

/** A port nobody listens on now (the system picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
