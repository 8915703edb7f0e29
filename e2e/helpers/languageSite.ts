/**
 * A built server of a test's own serving the site in two languages: a copy of this checkout's
 * site (src/test/contentSite.ts makeBuiltSite) with German declared in its config/site.ts
 * (src/test/secondLanguage.ts addGerman: never in the seed's), its pages drawn by the real render
 * into a folder of their own (German untranslated: every German page falls back to the English
 * words, marked), and our built server (this checkout's dist/) serving them on a fresh data folder.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSiteContent } from '../../src/content/server/configFolder';
import { renderSite } from '../../src/render/render';
import { makeBuiltSite } from '../../src/test/contentSite';
import { addGerman } from '../../src/test/secondLanguage';
import { stopServer } from '../../scripts/lib/builtServer.mjs';
import { freePort, startServer } from './server';

export interface LanguageSite {
  /** The server's http://127.0.0.1:<port>. */
  base: string;
  dataDir: string;
  /** Stops the server and removes the folders. */
  stop(): Promise<void>;
}

export async function startLanguageSite(env: Record<string, string> = {}): Promise<LanguageSite> {
  const siteDir = await makeBuiltSite();
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'language-site-'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'language-site-data-'));
  const remove = () => {
    for (const dir of [siteDir, outDir, dataDir]) rmSync(dir, { recursive: true, force: true });
  };
  let server: ChildProcess;
  try {
    addGerman(siteDir);
    await renderSite({ content: await readSiteContent(siteDir), codeDir: path.join(siteDir, 'dist'), outDir });
    const port = await freePort();
    server = await startServer(port, dataDir, { RATE_LIMIT_FACTOR: '1000', SITE_DIR: 'off', CLIENT_DIR: path.join(outDir, 'client'), ...env });
    return {
      base: `http://127.0.0.1:${port}`,
      dataDir,
      async stop() {
        await stopServer(server);
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}
