/**
 * A built server of a test's own serving the site in two languages: a copy of this checkout's
 * site (src/test/contentSite.ts makeBuiltSite) with German declared in its config/site.ts
 * (src/test/secondLanguage.ts addGerman: never in the seed's), its pages drawn by the real render
 * into a folder of their own (German untranslated unless `translate` writes translations into the
 * copy: every German page falls back to the English words, marked), and our built server (this
 * checkout's dist/) serving them on a fresh data folder. The untranslated site is drawn once for
 * this checkout's sources and kept beside its build (contentSite.ts keptFolder: the files that
 * serve it share one render, in this run and the next), each server given a copy of its pages.
 */
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkConfigFolder, readSiteContent } from '../../src/content/server/configFolder';
import { renderSite } from '../../src/render/render';
import { keptFolder, makeBuiltSite } from '../../src/test/contentSite';
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
  /**
   * Brotli's quality for the pages' compressed copies (src/render/compress.ts): the build's best
   * unless told. A test that only reads the pages in a browser, never their bytes, takes the
   * quickest (1): the best was about half of the render's CPU.
   */
  brotli?: number;
}

/** Copies the site, declares German, writes the translations (`translate`), checks the copy and draws it into `outDir`. */
async function drawLanguageSite(outDir: string, translate?: LanguageSiteOptions['translate'], brotli?: number): Promise<void> {
  const siteDir = await makeBuiltSite();
  try {
    addGerman(siteDir);
    if (translate) {
      await translate(siteDir);
      const problems = await checkConfigFolder({ configDir: path.join(siteDir, 'config'), publicDir: path.join(siteDir, 'public') });
      if (problems.length > 0) throw new Error(`The translated copy of the site does not pass the checker: ${problems.join(' ')}`);
    }
    await renderSite({ content: await readSiteContent(siteDir), codeDir: path.join(siteDir, 'dist'), outDir, ...(brotli === undefined ? {} : { brotli }) });
  } finally {
    rmSync(siteDir, { recursive: true, force: true });
  }
}

/**
 * The untranslated site's render, made once (put together beside the kept folder, then renamed
 * into place whole). Kept under this file's own hash too: the sources' hash leaves e2e/ out.
 */
const keptUntranslated = () =>
  keptFolder(
    `languages-${createHash('sha256')
      .update(readFileSync(import.meta.filename))
      .digest('hex')
      .slice(0, 12)}`,
    async (done) => {
      const making = mkdtempSync(`${done}.making-`);
      try {
        await drawLanguageSite(making);
        renameSync(making, done);
      } finally {
        rmSync(making, { recursive: true, force: true });
      }
    },
  );

export async function startLanguageSite({ env = {}, translate, brotli }: LanguageSiteOptions = {}): Promise<LanguageSite> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'language-site-'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'language-site-data-'));
  const remove = () => {
    for (const dir of [outDir, dataDir]) rmSync(dir, { recursive: true, force: true });
  };
  let server: ChildProcess;
  try {
    // The kept render is the build's, at brotli's best: a site asked for at another quality is drawn anew.
    if (translate || brotli !== undefined) await drawLanguageSite(outDir, translate, brotli);
    else cpSync(await keptUntranslated(), outDir, { recursive: true });
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
