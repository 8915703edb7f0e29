/**
 * The one way the browser tests start a real Caddy (Debian package `caddy`; CADDY_PATH overrides
 * it) in front of a server of their own, with one of the repository's own Caddyfiles as deployed
 * (deploy/Caddyfile: Caddy passes everything to our server; deploy/Caddyfile.files: Caddy sends
 * the built files and passes /api/* and /admin). The Caddyfiles read their test settings from the
 * environment: HTTPS from Caddy's internal certificate authority on 127.0.0.1, free ports, and a
 * home of its own (its certificates), removed when it stops.
 * Without Caddy the tests are skipped, saying so (`needsCaddy`); in CI they fail instead.
 */
import { request as playwrightRequest } from '@playwright/test';
import { hasCaddy, noCaddy, runCaddy } from '../../src/test/caddy';
import { test } from '../fixtures';
import { freePort } from './server';

/** Called at the top of a test file: skips it where Caddy is not installed (never in CI). Its tests accept Caddy's own certificate. */
export function needsCaddy(): void {
  test.skip(!hasCaddy && !process.env.CI, noCaddy);
  test.use({ ignoreHTTPSErrors: true });
}

export interface CaddyOptions {
  /** The repository's Caddyfile to run. */
  config: 'deploy/Caddyfile' | 'deploy/Caddyfile.files';
  /** Our server's port on 127.0.0.1. */
  upstreamPort: number;
  /** More settings the Caddyfile reads (SITE_DIST for Caddyfile.files). */
  env?: Record<string, string>;
}

export interface RunningCaddy {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** Where plain HTTP is answered (with a redirect to HTTPS). */
  httpPort: number;
  stop(): Promise<void>;
}

async function untilAnswered(url: string): Promise<void> {
  const client = await playwrightRequest.newContext({ ignoreHTTPSErrors: true });
  try {
    for (let i = 0; i < 100; i++) {
      try {
        await client.get(url, { timeout: 1000 });
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error(`Caddy did not answer at ${url}`);
  } finally {
    await client.dispose();
  }
}

/** Starts Caddy with the repository's Caddyfile in front of our server on upstreamPort; resolves once it answers over HTTPS. */
export async function startCaddy({ config, upstreamPort, env = {} }: CaddyOptions): Promise<RunningCaddy> {
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const origin = `https://127.0.0.1:${httpsPort}`;
  const caddy = runCaddy(config, {
    SITE_ADDRESS: origin,
    TLS: 'tls internal',
    BIND: 'bind 127.0.0.1',
    HTTP_PORT: String(httpPort),
    UPSTREAM: `127.0.0.1:${upstreamPort}`,
    ...env,
  });
  caddy.process.once('exit', (code) => code && console.error(`Caddy exited with ${code}:\n${caddy.log()}`));
  const stop = () => caddy.stop();
  try {
    await untilAnswered(`${origin}/`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, httpPort, stop };
}
