/**
 * `npm run build`, in order: the code (the browser's islands with vite, the inbox with vite and
 * vite.admin.config.ts, the server renderer with vite's SSR build, their compressed copies, and
 * what later renders need of it: codeBuild.ts), then the pages drawn from config/ with that code
 * (render.ts: HTML for every address, the forms' descriptions, sitemap, robots, the site
 * manifest and Caddy's snippets), firebase.json for a Firebase build, and the Node server's
 * bundle (esbuild). scripts/build.ts runs it after the config check.
 */
import { build as esbuild } from 'esbuild';
import path from 'node:path';
import { build as viteBuild } from 'vite';
import { readSiteContent } from '../content/server/configFolder';
import { writeLiveCaddy } from '../deploy/caddy';
import { deployFiles, writeDeployFiles } from '../deploy/deployFiles';
import { FIREBASE_JSON } from '../deploy/firebaseJson';
import { FIREBASE_CONNECT_ORIGINS } from '../deploy/firebaseSettings';
import { ERROR_FILE, FALLBACK_FILE } from '../schema/pageFiles';
import type { SiteContent } from '../site/model/siteContent';
import { writeCodeBuild } from './writeCodeBuild';
import { dataAdapter } from './dataAdapter';
import { compressTextFiles } from './compress';
import { renderSite } from './render';
import { SERVER_BUNDLE } from './serverBundle';

export interface BuildOptions {
  root: string;
  /** Where everything goes (default <root>/dist): client/, ssr/, server/. */
  outDir?: string;
  log?: (line: string) => void;
  /** The content to draw (default: root's config/, read now). */
  content?: SiteContent;
}

const SERVER_ENTRY = 'src/apps/server/index.ts';
const RENDERER_ENTRY = 'src/site/entry-server.tsx';
const RENDER_WORKER_ENTRY = 'src/render/renderWorker.ts';
const PARSE_WORKER_ENTRY = 'src/leads/server/mailbox/parseWorker.ts';

export async function buildSite({ root, outDir = path.join(root, 'dist'), log = console.log, content }: BuildOptions): Promise<void> {
  const clientDir = path.join(outDir, 'client');
  const ssrDir = path.join(outDir, 'ssr');
  const configFile = path.join(root, 'vite.config.ts');
  const site = content ?? (await readSiteContent(root));

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
  // The copies an earlier build compressed (the same bytes) are taken as they are: a build after a change remakes those of the chunks and pages it changed.
  const keptCopies = path.join(root, 'node_modules', '.cache', 'precompressed');
  const { before, after } = compressTextFiles(clientDir, { keep: keptCopies });
  log(`compressed the code's text files: ${(before / 1024).toFixed(0)} kB -> ${(after / 1024).toFixed(0)} kB with brotli`);
  writeCodeBuild(root, outDir, firebase ? FIREBASE_CONNECT_ORIGINS : []);

  const { pages, manifest } = await renderSite({ content: site, codeDir: outDir, outDir, keptCopies });
  const sizes = pages.map(({ bytes }) => bytes / 1024);
  const addresses = pages.filter(({ file }) => file !== FALLBACK_FILE && file !== ERROR_FILE).length;
  log(
    `rendered ${addresses} pages, the fallback and the error page into ${path.relative(root, clientDir)} (${Math.min(...sizes).toFixed(1)}-${Math.max(...sizes).toFixed(1)} kB each)`,
  );

  // The site's own build (dist/, not a publish's under dist/releases/) is the one Caddy serves from now on.
  if (path.resolve(outDir) === path.resolve(root, 'dist')) writeLiveCaddy(outDir, outDir);
  // The Firebase deploy files (src/deploy/deployFiles.ts): the rules follow config/ (rewritten
  // when it changed them, and committed); firebase.json belongs to this build, so only a
  // Firebase build writes it.
  const written = writeDeployFiles(root, deployFiles(site.forms, firebase ? manifest : undefined));
  const rules = written.filter((file) => file !== FIREBASE_JSON);
  if (firebase) log(`Firebase Hosting: ${FIREBASE_JSON}`);
  if (rules.length > 0) log(`Firebase deploy files updated from config/: ${rules.join(', ')} (commit them with your change)`);

  // The server, one file, the thread its publishes render pages in and the one it reads mails in; their packages stay in node_modules.
  await esbuild({
    absWorkingDir: root,
    entryPoints: { index: SERVER_ENTRY, 'render-worker': RENDER_WORKER_ENTRY, 'parse-worker': PARSE_WORKER_ENTRY },
    outdir: path.join(outDir, 'server'),
    ...SERVER_BUNDLE,
  });
  log(`server bundle: ${path.relative(root, path.join(outDir, 'server', 'index.js'))}`);
}
