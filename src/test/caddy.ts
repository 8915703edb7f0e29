/**
 * The one way the tests run a real Caddy (Debian package `caddy`; CADDY_PATH overrides it) with
 * one of the repository's own Caddyfiles: in a home of its own (its certificates, its admin
 * socket), with the settings the Caddyfiles read from the environment, its log kept for a
 * failure's message, and the home removed when it stops. The browser tests' helper
 * (e2e/helpers/caddy.ts) and the unit tests that need Caddy both start it here; each waits for
 * its first answer in its own way (HTTPS through Playwright, plain HTTP with fetch).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const caddyPath = process.env.CADDY_PATH || '/usr/bin/caddy';

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
  stop(): Promise<void>;
}

/** A home for a Caddy about to be run (made first where its admin socket must be named in its settings). */
export const caddyHome = (): string => mkdtempSync(path.join(os.tmpdir(), 'caddy-'));

/** Runs Caddy with the Caddyfile `config` and the settings `env` (SITE_ADDRESS, UPSTREAM, …) in `home`. */
export function runCaddy(config: string, env: Record<string, string>, home: string = caddyHome()): RunningCaddyProcess {
  const child = spawn(caddyPath, ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr!.on('data', (chunk) => (log = (log + String(chunk)).slice(-4000)));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    home,
    process: child,
    log: () => log,
    exited,
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
