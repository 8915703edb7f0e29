// The one way to start a built server (dist/server/index.js, or another build's) on
// 127.0.0.1:<port> with a data folder of its own: the measurement scripts (builtSite.mjs,
// navigation.mjs) and the browser tests that need a server of their own (e2e/helpers/server.ts)
// all call it. Resolves once the server listens (it prints its address).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
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
    // It could not be started at all (its folder gone, say).
    server.once('error', reject);
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

/*
 * Ports for the servers tests and measurements start (ours, Caddy, SMTP, webhook receivers).
 * A port the system picks (listen on 0) comes from the ephemeral range, where every outgoing
 * connection of the machine (a browser's, a test's client) takes its own port too: between the
 * probe closing and the real server binding, one of them can take it ("address already in
 * use"). So a port is chosen below that range (Linux: 32768 and up), where the system never
 * hands ports out by itself, and reserved among the processes of a run by a file named after it
 * (created exclusively, naming the process): two test workers never get the same port. A
 * reservation lasts as long as its process; its file is removed by the next process to pick
 * the port after it is gone.
 */
const PORTS_DIR = path.join(os.tmpdir(), 'test-ports');
const FIRST_PORT = 20000;
const LAST_PORT = 32767;
// The ports this process holds.
const reserved = new Set();

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Takes port `port` for this process, unless another process holds it. */
function reserve(port) {
  const file = path.join(PORTS_DIR, String(port));
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
  // Held. A file left by a process that is gone is removed, for the next one that picks the port.
  try {
    const holder = Number(readFileSync(file, 'utf8'));
    if (Number.isInteger(holder) && holder > 0 && !isRunning(holder)) rmSync(file, { force: true });
  } catch {
    // Released meanwhile.
  }
  return false;
}

/** Whether nothing listens on the port now (on 127.0.0.1). */
function bindable(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port nobody listens on, reserved for this process (see above). */
export async function freePort() {
  mkdirSync(PORTS_DIR, { recursive: true });
  for (let tries = 0; tries < 1000; tries += 1) {
    const port = FIRST_PORT + Math.floor(Math.random() * (LAST_PORT - FIRST_PORT + 1));
    if (reserved.has(port) || !reserve(port)) continue;
    reserved.add(port);
    if (await bindable(port)) return port;
    // Something outside the tests listens there: keep the reservation (it is not ours to use) and look further.
  }
  throw new Error(`No free port found between ${FIRST_PORT} and ${LAST_PORT}: see ${PORTS_DIR}`);
}
