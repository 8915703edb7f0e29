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
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { CADDY_SNIPPETS_FILE, caddySnippets } from '../deploy/caddy';
import { FIREBASE_JSON, firebaseJsonText } from '../deploy/firebaseJson';
import { FIREBASE_CONNECT_ORIGINS } from '../shared/firebaseSettings';
import { dataAdapter } from './dataAdapter';
import { FALLBACK_FILE } from '../shared/pageFiles';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../shared/siteManifest';
import { compressTextFiles } from './compress';
import { prerenderSite } from './prerender';

export interface BuildOptions {
  root: string;
  /** Where everything goes (default <root>/dist): client/, ssr/, server/. */
  outDir?: string;
  log?: (line: string) => void;
}

const SERVER_ENTRY = 'src/server/index.ts';
const RENDERER_ENTRY = 'src/entry-server.tsx';

export async function buildSite({ root, outDir = path.join(root, 'dist'), log = console.log }: BuildOptions): Promise<void> {
  const clientDir = path.join(outDir, 'client');
  const ssrDir = path.join(outDir, 'ssr');
  const configFile = path.join(root, 'vite.config.ts');

  await viteBuild({ root, configFile, mode: 'production', build: { outDir: clientDir } });
  // The agency's inbox (admin.html), apart and after: its own chunks, which no public page
  // loads, in the same folder (vite.admin.config.ts keeps what the first build wrote). Not in a
  // Firebase build: the inbox needs our server, and Hosting would only serve it broken.
  const firebase = dataAdapter('production', root) === 'firebase';
  if (firebase) log('inbox: left out (a Firebase build has no server of ours for it)');
  else await viteBuild({ root, configFile: path.join(root, 'vite.admin.config.ts'), mode: 'production', build: { outDir: clientDir } });
  await viteBuild({ root, configFile, mode: 'production', build: { ssr: RENDERER_ENTRY, outDir: ssrDir }, logLevel: 'warn' });

  const pages = await prerenderSite({
    root,
    clientDir,
    rendererFile: path.join(ssrDir, 'entry-server.js'),
    connectOrigins: firebase ? FIREBASE_CONNECT_ORIGINS : [],
  });
  for (const { address, file, bytes } of pages) {
    log(`prerendered ${(file === FALLBACK_FILE ? '(any other address)' : address).padEnd(20)} -> ${file} (${(bytes / 1024).toFixed(1)} kB)`);
  }

  // The same site manifest, and with it the same page policy, for the other hosts of these
  // files: Caddy's file_server (deploy/Caddyfile.files imports the snippets) and, for a
  // Firebase build, Firebase Hosting (firebase.json at the project root).
  const manifest = JSON.parse(readFileSync(path.join(clientDir, SITE_MANIFEST_FILE), 'utf8')) as SiteManifest;
  mkdirSync(path.dirname(path.join(outDir, CADDY_SNIPPETS_FILE)), { recursive: true });
  writeFileSync(path.join(outDir, CADDY_SNIPPETS_FILE), caddySnippets(manifest));
  log(`caddy snippets: ${path.relative(root, path.join(outDir, CADDY_SNIPPETS_FILE))}`);
  if (firebase) {
    writeFileSync(path.join(root, FIREBASE_JSON), firebaseJsonText(manifest));
    log(`Firebase Hosting: ${FIREBASE_JSON}`);
  }

  const { before, after } = compressTextFiles(clientDir);
  log(`compressed text files: ${(before / 1024).toFixed(0)} kB -> ${(after / 1024).toFixed(0)} kB with brotli`);

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
