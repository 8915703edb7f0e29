/**
 * A built server of a test's own (dist/server/index.js) on a free port and data folder, for
 * tests that must stop it, kill it, or start it with other settings than the shared one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../src/test/freePort';

export { freePort };

/** Starts the built server and resolves once it listens. `env` adds settings (RATE_LIMIT_FACTOR, …). */
export async function startServer(port: number, dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['dist/server/index.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG: 'off', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk) => String(chunk).includes('http://') && resolve());
    server.once('exit', (code) => reject(new Error(`the server exited with ${code} before it was ready`)));
  });
  return server;
}

/** Resolves with how the server process ended (at once if it already has). */
export function exited(server: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) resolve({ code: server.exitCode, signal: server.signalCode });
    else server.once('exit', (code, signal) => resolve({ code, signal }));
  });
}
