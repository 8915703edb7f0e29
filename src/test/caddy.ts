/**
 * The one way the tests run a real Caddy (Debian package `caddy`; CADDY_PATH overrides it) with
 * one of the repository's own Caddyfiles: in a home of its own (its certificates, its admin
 * socket), with the settings the Caddyfiles read from the environment, its log kept for a
 * failure's message, and the home removed when it stops. The browser tests' helper
 * (e2e/helpers/caddy.ts) and the unit tests that need Caddy both start it here; each waits for
 * it in its own way (its first answer over HTTPS through Playwright; the line Caddy logs once
 * it serves its configuration, `started()`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const caddyPath = process.env.CADDY_PATH || '/usr/bin/caddy';

export const hasCaddy = (() => {
  try {
    accessSync(caddyPath, constants.X_OK);
    return true;
  } catch {
    return false;
  }
})();

/** Why a test that needs Caddy is skipped where it is not installed (never in CI: there it fails). */
export const noCaddy = `Caddy is not installed (${caddyPath}): apt-get install -y caddy`;

export interface RunningCaddyProcess {
  /** Caddy's home: a place for its admin socket too. */
  home: string;
  process: ChildProcess;
  /** The last 4,000 characters Caddy logged. */
  log(): string;
  /** Whether Caddy has stopped (by itself: a bad Caddyfile, a port taken). */
  exited(): boolean;
  /** Resolves once Caddy logs that it serves its configuration (its listeners are open); rejects, with its log, if it stops first. */
  started(): Promise<void>;
  stop(): Promise<void>;
}

/** What Caddy logs once its configuration is loaded and its servers listen. */
const SERVING = 'serving initial configuration';

/** A home for a Caddy about to be run (made first where its admin socket must be named in its settings). */
export const caddyHome = (): string => mkdtempSync(path.join(os.tmpdir(), 'caddy-'));

/** Runs Caddy with the Caddyfile `config` and the settings `env` (SITE_ADDRESS, UPSTREAM, …) in `home`. */
export function runCaddy(config: string, env: Record<string, string>, home: string = caddyHome()): RunningCaddyProcess {
  const child = spawn(caddyPath, ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  let serving = false;
  let serve = () => {};
  const started = new Promise<void>((resolve, reject) => {
    serve = resolve;
    child.once('exit', () => (serving ? resolve() : reject(new Error(`Caddy stopped before serving: ${log}`))));
    child.once('error', (error) => reject(new Error(`Caddy did not start: ${error.message}`, { cause: error })));
  });
  // A Caddy that stops before serving is a failure only where a test waits for it.
  started.catch(() => {});
  child.stderr!.on('data', (chunk) => {
    log = (log + String(chunk)).slice(-4000);
    if (!serving && log.includes(SERVING)) {
      serving = true;
      serve();
    }
  });
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    home,
    process: child,
    log: () => log,
    exited,
    started: () => started,
    async stop() {
      if (!exited()) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(home, { recursive: true, force: true });
    },
  };
}
