/**
 * A built server of a test's own (dist/server/index.js) on a free port and data folder, for
 * tests that must stop it, kill it, or start it with other settings than the shared one. The
 * measurement scripts start theirs the same way (scripts/lib/builtServer.mjs).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exited, freePort, startServer as startBuilt } from '../../scripts/lib/builtServer.mjs';
import { startSmtp, type HoldingSmtp } from '../../src/test/receivers';

export { exited, freePort };

/** Starts the built server and resolves once it listens. `env` adds settings (RATE_LIMIT_FACTOR, …). */
export function startServer(port: number, dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  return startBuilt({ port, dataDir, env });
}

/** A built server of a test's own that mails through a real SMTP server of the test's, and its data folder. */
export interface MailingSite {
  server: ChildProcess;
  smtp: HoldingSmtp;
  dataDir: string;
  base: string;
  /** Stops the server and the SMTP server, and removes the data folder. */
  close(): Promise<void>;
}

/**
 * Starts a mailing site: a data folder named after `name` (`prepare` writes into it before the
 * server starts: readers seeded, …), an SMTP server, and the built server sending through it, as
 * the agency's (its sender, the owner's address, its public address this server's). `env` adds
 * settings or replaces those; `host` is the name the site is reached by.
 */
export async function startMailingSite(
  name: string,
  { env = {}, host = '127.0.0.1', prepare }: { env?: Record<string, string>; host?: string; prepare?(dataDir: string): void } = {},
): Promise<MailingSite> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  prepare?.(dataDir);
  const smtp = await startSmtp(0);
  const port = await freePort();
  const base = `http://${host}:${port}`;
  const server = await startServer(port, dataDir, {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Agency Site <site@agency.example>',
    NOTIFY_TO: 'sales@agency.example',
    PUBLIC_URL: base,
    ...env,
  });
  return {
    server,
    smtp,
    dataDir,
    base,
    async close() {
      server.kill('SIGTERM');
      await exited(server);
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
