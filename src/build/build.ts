/**
 * `npm run build`, in order: the browser code (vite), the inbox's (vite, vite.admin.config.ts), the server renderer (vite, SSR), real
 * HTML for every address with sitemap, robots and the site manifest (prerender.ts), Caddy's
 * snippets (and firebase.json for a Firebase build) from that manifest, compressed copies
 * (compress.ts), and the Node server's bundle (esbuild). scripts/build.ts
 * runs it after the config check.
 */
import { build as esbuild } from 'esbuild';
import path from 'node:path';
import { build as viteBuild } from 'vite';
import { mkdirSync, writeFileSync } from 'node:fs';
import ownForms from '../../config/forms';
import { CADDY_SNIPPETS_FILE, caddySnippets, writeLiveCaddy } from '../deploy/caddy';
import { builtManifest, deployFiles, writeDeployFiles } from '../deploy/deployFiles';
import type { Forms } from '../deploy/firebaseRules';
import { FIREBASE_JSON } from '../deploy/firebaseJson';
import { FIREBASE_CONNECT_ORIGINS } from '../shared/firebaseSettings';
import { ERROR_FILE, FALLBACK_FILE } from '../shared/pageFiles';
import { dataAdapter } from './dataAdapter';
import { compressTextFiles } from './compress';
import { prerenderSite } from './prerender';

export interface BuildOptions {
  root: string;
  /** Where everything goes (default <root>/dist): client/, ssr/, server/. */
  outDir?: string;
  log?: (line: string) => void;
  /**
   * The forms of the site in root, for its Firebase rules (default: this checkout's config/forms).
   * scripts/content.ts passes the site's own: its code may run from another checkout.
   */
  forms?: Forms;
  /** An earlier build's client folder: its compressed copies of files that did not change are taken as they are (a publish). */
  earlierClientDir?: string;
}

const SERVER_ENTRY = 'src/server/index.ts';
const RENDERER_ENTRY = 'src/entry-server.tsx';

export async function buildSite({ root, outDir = path.join(root, 'dist'), log = console.log, forms = ownForms, earlierClientDir }: BuildOptions): Promise<void> {
  const clientDir = path.join(outDir, 'client');
  const ssrDir = path.join(outDir, 'ssr');
  const configFile = path.join(root, 'vite.config.ts');

  // vite says only what needs attention (warnings, errors); this build prints its own short summary.
  const quiet = { mode: 'production', logLevel: 'warn' } as const;
  await viteBuild({ root, configFile, ...quiet, build: { outDir: clientDir } });
  // The agency's inbox (admin.html), apart and after: its own chunks, which no public page
  // loads, in the same folder (vite.admin.config.ts keeps what the first build wrote). Not in a
  // Firebase build: the inbox needs our server, and Hosting would only serve it broken.
  const firebase = dataAdapter('production', root) === 'firebase';
  if (firebase) log('inbox: left out (a Firebase build has no server of ours for it)');
  else await viteBuild({ root, configFile: path.join(root, 'vite.admin.config.ts'), ...quiet, build: { outDir: clientDir } });
  await viteBuild({ root, configFile, ...quiet, build: { ssr: RENDERER_ENTRY, outDir: ssrDir } });

  const pages = await prerenderSite({
    root,
    clientDir,
    rendererFile: path.join(ssrDir, 'entry-server.js'),
    connectOrigins: firebase ? FIREBASE_CONNECT_ORIGINS : [],
  });
  const sizes = pages.map(({ bytes }) => bytes / 1024);
  const addresses = pages.filter(({ file }) => file !== FALLBACK_FILE && file !== ERROR_FILE).length;
  log(`prerendered ${addresses} addresses, the fallback and the error page into ${path.relative(root, clientDir)} (${Math.min(...sizes).toFixed(1)}-${Math.max(...sizes).toFixed(1)} kB each)`);

  // The same site manifest, and with it the same page policy, for the other hosts of these
  // files: Caddy's file_server (deploy/Caddyfile.files imports the snippets) and, for a
  // Firebase build, Firebase Hosting (firebase.json at the project root).
  const manifest = builtManifest(clientDir)!;
  mkdirSync(path.dirname(path.join(outDir, CADDY_SNIPPETS_FILE)), { recursive: true });
  writeFileSync(path.join(outDir, CADDY_SNIPPETS_FILE), caddySnippets(manifest));
  log(`caddy snippets: ${path.relative(root, path.join(outDir, CADDY_SNIPPETS_FILE))}`);
  // The site's own build (dist/, not a publish's under dist/releases/) is the one Caddy serves from now on.
  if (path.resolve(outDir) === path.resolve(root, 'dist')) writeLiveCaddy(outDir, outDir);
  // The Firebase deploy files (src/deploy/deployFiles.ts): the rules follow config/ (rewritten
  // when it changed them, and committed); firebase.json belongs to this build, so only a
  // Firebase build writes it.
  const written = writeDeployFiles(root, deployFiles(forms, firebase ? manifest : undefined));
  const rules = written.filter((file) => file !== FIREBASE_JSON);
  if (firebase) log(`Firebase Hosting: ${FIREBASE_JSON}`);
  if (rules.length > 0) log(`Firebase deploy files updated from config/: ${rules.join(', ')} (commit them with your change)`);

  const { before, after, reused } = compressTextFiles(clientDir, earlierClientDir);
  log(`compressed text files: ${(before / 1024).toFixed(0)} kB -> ${(after / 1024).toFixed(0)} kB with brotli${reused > 0 ? ` (${reused} unchanged, their copies taken from ${earlierClientDir})` : ''}`);

  // The server, one file; its packages stay in node_modules.
  await esbuild({
    absWorkingDir: root,
    entryPoints: [SERVER_ENTRY],
    outfile: path.join(outDir, 'server', 'index.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  log(`server bundle: ${path.relative(root, path.join(outDir, 'server', 'index.js'))}`);
}
