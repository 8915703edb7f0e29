/**
 * The one way the browser tests start a real Caddy (Debian package `caddy`; CADDY_PATH overrides
 * it) in front of a server of their own, with one of the repository's own Caddyfiles as deployed
 * (deploy/Caddyfile: Caddy passes everything to our server; deploy/Caddyfile.files: Caddy sends
 * the built files and passes /api/* and /admin). The Caddyfiles read their test settings from the
 * environment: HTTPS from Caddy's internal certificate authority on 127.0.0.1, free ports, and a
 * home of its own (its certificates), removed when it stops.
 * It is ready once it logs so (serving the Caddyfile, the certificate obtained) and answers.
 * Without Caddy the tests are skipped, saying so (`needsCaddy`); in CI they fail instead.
 */
import { request as playwrightRequest } from '@playwright/test';
import { hasCaddy, noCaddy, runCaddy, type RunningCaddyProcess } from '../../src/test/caddy';
import { expect, test } from '../base';
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

/** What Caddy logs once it serves the Caddyfile, and once it holds the certificate of `host` from its internal authority. */
const readyLines = (host: string) => ['"msg":"serving initial configuration"', `"msg":"certificate obtained successfully","identifier":"${host}"`];

/** Resolves once Caddy has logged every one of `lines` (its log is JSON on standard error); rejects if it stops first. */
function untilLogged(caddy: RunningCaddyProcess, lines: string[]): Promise<void> {
  const stderr = caddy.process.stderr!;
  return new Promise<void>((resolve, reject) => {
    let log = '';
    const stop = () => {
      stderr.off('data', onData);
      caddy.process.off('exit', onExit);
    };
    const onData = (chunk: Buffer) => {
      log += String(chunk);
      if (lines.every((line) => log.includes(line))) {
        stop();
        resolve();
      }
    };
    const onExit = (code: number | null) => {
      stop();
      reject(new Error(`Caddy exited with ${code} before it was ready:\n${caddy.log()}`));
    };
    stderr.on('data', onData);
    caddy.process.once('exit', onExit);
  });
}

/**
 * Resolves once a request over HTTPS, accepting Caddy's own certificate, is answered. Caddy logs
 * the certificate obtained a moment before it holds it for handshakes (a handshake then ends with
 * "tlsv1 alert internal error"): the request is tried again until it is answered.
 */
async function answers(url: string): Promise<void> {
  const client = await playwrightRequest.newContext({ ignoreHTTPSErrors: true });
  try {
    await expect(async () => {
      await client.get(url);
    }).toPass({ timeout: 30_000 });
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
    await untilLogged(caddy, readyLines('127.0.0.1'));
    await answers(`${origin}/`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, httpPort, stop };
}
