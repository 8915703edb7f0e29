/**
 * A built server of a test's own serving the site in two languages: a copy of this checkout's
 * site (src/test/contentSite.ts makeBuiltSite) with German declared in its config/site.ts
 * (src/test/secondLanguage.ts addGerman: never in the seed's), its pages drawn by the real render
 * into a folder of their own (German untranslated unless `translate` writes translations into the
 * copy: every German page falls back to the English words, marked), and our built server (this
 * checkout's dist/) serving them on a fresh data folder.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkConfigFolder, readSiteContent } from '../../src/content/server/configFolder';
import { renderSite } from '../../src/render/render';
import { makeBuiltSite } from '../../src/test/contentSite';
import { addGerman } from '../../src/test/secondLanguage';
import { stopServer } from '../../scripts/lib/builtServer.mjs';
import { freePort, startServer } from './server';

export interface LanguageSite {
  /** The server's http://127.0.0.1:<port>. */
  base: string;
  dataDir: string;
  /** The drawn pages and code the server serves (as dist/client is for the site's own server). */
  clientDir: string;
  /** Stops the server and removes the folders. */
  stop(): Promise<void>;
}

export interface LanguageSiteOptions {
  /** The server's environment beside the test's own. */
  env?: Record<string, string>;
  /** Writes translations into the copied site folder (German declared) before it is checked and drawn (src/test/realGerman.ts writeRealGerman). */
  translate?: (siteDir: string) => Promise<unknown>;
}

export async function startLanguageSite({ env = {}, translate }: LanguageSiteOptions = {}): Promise<LanguageSite> {
  const siteDir = await makeBuiltSite();
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'language-site-'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'language-site-data-'));
  const remove = () => {
    for (const dir of [siteDir, outDir, dataDir]) rmSync(dir, { recursive: true, force: true });
  };
  let server: ChildProcess;
  try {
    addGerman(siteDir);
    if (translate) {
      await translate(siteDir);
      const problems = await checkConfigFolder({ configDir: path.join(siteDir, 'config'), publicDir: path.join(siteDir, 'public') });
      if (problems.length > 0) throw new Error(`The translated copy of the site does not pass the checker: ${problems.join(' ')}`);
    }
    await renderSite({ content: await readSiteContent(siteDir), codeDir: path.join(siteDir, 'dist'), outDir });
    const port = await freePort();
    server = await startServer(port, dataDir, { RATE_LIMIT_FACTOR: '1000', SITE_DIR: 'off', CLIENT_DIR: path.join(outDir, 'client'), ...env });
    return {
      base: `http://127.0.0.1:${port}`,
      dataDir,
      clientDir: path.join(outDir, 'client'),
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
