/**
 * The content editor's site for a browser test, set up in one place: a copy of this site in a
 * temporary folder (a git work tree with what the build reads: src/test/contentSite.ts makeSite),
 * a data folder with accounts made at the tests' hashing cost, our built server (this checkout's
 * dist/, built by playwright.config.ts's webServer) editing and publishing that copy, a real Caddy
 * in front (deploy/Caddyfile) where Caddy is installed, and an SMTP receiver taking its mail.
 *
 * Two ways to use it:
 *
 * 1. Shared (most files): take the worker-scoped fixture `editorSite` of e2e/fixtures.ts's `test`
 *    in a hook or a test:
 *
 *        let account: Account;
 *        test.beforeAll(async ({ editorSite }) => { account = await editorSite.newAccount('editor'); });
 *        test('…', async ({ page, editorSite }) => { await page.goto(`${editorSite.origin}/admin/content`); });
 *
 *    One site and one server serve every file a Playwright worker runs, one file after another:
 *    a file finds the content as the files before it left it (what they published stays; each
 *    account's drafts are its own). So a test makes its own account, names what it makes with
 *    uniqueSuffix(), reads "before" from the site rather than assuming a fresh history, and
 *    never stops or restarts the server.
 * 2. Of its own (a file that kills or restarts the server, e2e/drafts.e2e.ts):
 *    `const site = await startEditorSite({ caddy: false })`, `site.restart({ crash: true })`,
 *    and `await site.stop()` in its afterAll.
 *
 * A file that uses `origin` calls `needsCaddy()` (e2e/helpers/caddy.ts): without Caddy it is
 * skipped (CI has Caddy) and `origin` is the server's own address.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AdminRole } from '../../src/platform/roles';
import { hasCaddy } from '../../src/test/caddy';
import { makeSite } from '../../src/test/contentSite';
import { startSmtp, type SmtpReceiver } from '../../src/test/receivers';
import { stopServer } from '../../scripts/lib/builtServer.mjs';
import { addAccount, type Account } from './admin';
import { startCaddy, type RunningCaddy } from './caddy';
import { exited, freePort, startServer } from './server';

/** Loaded first into a server whose clock runs ahead (restart's clockAheadMs). */
const CLOCK_AHEAD = pathToFileURL(path.join(import.meta.dirname, 'clockAhead.mjs')).href;

/** Where the server's notifications of new leads go (NOTIFY_TO), read back from `mails`. */
export const NOTIFY_TO = 'sales@agency.example';

export interface EditorSite {
  /** Caddy's https://127.0.0.1:<port> in front of the server (the server's own address where Caddy is not installed). */
  origin: string;
  /** The server's own http://127.0.0.1:<port>. */
  base: string;
  /** The site folder the editor edits and publishes into (a git work tree). */
  siteDir: string;
  /** The server's data folder (site.db, files). */
  dataDir: string;
  /** The mails the server sent (notifications to NOTIFY_TO, replies to visitors). */
  mails: SmtpReceiver['mails'];
  /** A new account of its own (email and password), made in the data folder at the tests' hashing cost. */
  newAccount(role?: AdminRole): Promise<Account>;
}

export interface OwnEditorSite extends EditorSite {
  /**
   * Stops the server (SIGTERM, or SIGKILL with `crash`: nothing is tidied) and starts it again on
   * the same data, port and settings; `clockAheadMs` starts it with its clock that far ahead of
   * the machine's (e2e/helpers/clockAhead.mjs).
   */
  restart(options?: { crash?: boolean; clockAheadMs?: number }): Promise<void>;
  /** Stops Caddy, the server and the receiver; removes the folders. */
  stop(): Promise<void>;
}

/** Starts a site of its own (see the top of this file); `caddy: false` leaves Caddy out. */
export async function startEditorSite({ caddy = true }: { caddy?: boolean } = {}): Promise<OwnEditorSite> {
  const siteDir = makeSite({ git: true, buildable: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'editor-e2e-data-'));
  const smtp = await startSmtp(0);
  const port = await freePort();
  // The checkout's build is served first (the shared server's, built by playwright's webServer); a publish renders into the copy.
  const settings = {
    SITE_DIR: siteDir,
    RATE_LIMIT_FACTOR: '1000',
    TRUST_PROXY: 'loopback',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Agency Site <site@agency.example>',
    NOTIFY_TO,
    PUBLIC_URL: 'https://leads.agency.example',
  };
  let server: ChildProcess = await startServer(port, dataDir, settings);
  let proxy: RunningCaddy | undefined;
  try {
    if (caddy && hasCaddy) proxy = await startCaddy({ config: 'deploy/Caddyfile', upstreamPort: port });
  } catch (error) {
    await stopServer(server);
    await smtp.close();
    throw error;
  }
  const base = `http://127.0.0.1:${port}`;
  return {
    origin: proxy?.origin ?? base,
    base,
    siteDir,
    dataDir,
    mails: smtp.mails,
    newAccount: (role) => addAccount(dataDir, role),
    async restart({ crash = false, clockAheadMs } = {}) {
      if (crash) {
        server.kill('SIGKILL');
        await exited(server);
      } else await stopServer(server);
      const clock: Record<string, string> = clockAheadMs === undefined ? {} : { NODE_OPTIONS: `--import=${CLOCK_AHEAD}`, CLOCK_AHEAD_MS: String(clockAheadMs) };
      server = await startServer(port, dataDir, { ...settings, ...clock });
    },
    async stop() {
      await proxy?.stop();
      await stopServer(server);
      await smtp.close();
      rmSync(siteDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
