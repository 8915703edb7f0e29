/**
 * The site's own HTTP server: the form and upload endpoints (api.ts) and the built site,
 * with every page address (and any unknown address, which shows the fallback page)
 * answered by the app.
 */
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { statSync } from 'node:fs';
import path from 'node:path';
import server from '../../config/server';
import { api } from '../shared/api';
import { resolvePath } from '../shared/routing';
import { registerAdmin } from './admin';
import { registerApi } from './api';
import { registerHealth } from './health';
import { CACHE_CONTROL, cacheControlFor } from '../shared/caching';
import { createRequestLimits } from './rateLimit';
import { contentSecurityPolicy } from '../shared/headers';
import { isHttps, newNonce, setSecurityHeaders } from './security';
import { outcomeBanner, outcomeFromQuery } from './plainPosts';
import { answerError, answerUnknownApi, clientErrorHandler, frameworkErrors } from './refusals';
import { serverFactory } from './httpServer';
import { createConnectionGuard, type ConnectionLimits } from './connections';
import { openStoreWhenPossible, type Store } from './store';
import { removeUnfinishedUploads } from './files';
import { startNotifications, type NotifyOptions } from './notify';
import { LiveSite } from './liveBuild';

export interface AppOptions {
  /** The folder `vite build` wrote (dist/client); leave out to serve only the endpoints. */
  clientDir?: string;
  /** Where the database and uploaded files live (DATA_DIR, default ./data). */
  dataDir: string;
  logger?: boolean;
  /**
   * Multiplies the rate limits of config/server.ts (RATE_LIMIT_FACTOR): tests and
   * benchmarks that send thousands of forms from one address raise them.
   */
  rateLimitFactor?: number;
  /**
   * Which proxies may tell the client's address and protocol (X-Forwarded-For/-Proto), as
   * Fastify's trustProxy takes it (TRUST_PROXY). Default: a proxy on this machine.
   */
  trustProxy?: boolean | string;
  /**
   * The server's clock: rate limits, the inbox's sessions and sign-in counts, retention (tests
   * stop or move it).
   */
  clock?: () => number;
  /** How the sign-in waits after wrong passwords (tests record the waits instead). */
  sleep?: (ms: number) => Promise<void>;
  /** Notifications of new leads (src/server/notify; index.ts reads their settings); leave out for none. */
  notifications?: NotifyOptions;
  /** What connections may hold (config/server.ts limits.connections); tests lower them to reach them. */
  connectionLimits?: Partial<ConnectionLimits>;
  /**
   * The checkout whose config/ the content editor edits and publishes (SITE_DIR); leave out and
   * the editor's routes answer that editing is not set up on this server.
   */
  siteDir?: string;
  /** Where scripts/content.ts and node_modules are, when not in siteDir (tests editing a copy). */
  toolsDir?: string;
}

/** Addresses that look like files (have an extension) are files: unknown ones are a real 404. */
const looksLikeFile = (url: string) => /\.[a-z0-9]+$/i.test(url.split('?')[0] ?? '');

export async function buildApp({
  clientDir,
  dataDir,
  logger = false,
  rateLimitFactor = 1,
  trustProxy = 'loopback',
  clock = Date.now,
  sleep,
  notifications,
  connectionLimits,
  siteDir,
  toolsDir,
}: AppOptions): Promise<FastifyInstance & { store: Store }> {
  // Reports (at most every 10 s) only once the app below exists.
  const connections = createConnectionGuard(
    { ...server.limits.connections, ...connectionLimits },
    { report: (closed) => app.log.warn({ closed }, 'Closed connections that held too much (slow readers, pipelining, too many at once)') },
  );
  const app = Fastify({
    logger: logger ? { level: 'info' } : false,
    trustProxy,
    // Requests refused before any route sees them answer in config's words too (refusals.ts).
    clientErrorHandler,
    frameworkErrors,
    requestTimeout: server.limits.requestSeconds * 1000,
    // Node's server, with what its defaults get wrong for this site (httpServer.ts).
    serverFactory: serverFactory(connections),
  });
  // Upload files a crash cut off; then the database, opened now or as soon as its disk allows,
  // and the notifications with it.
  const unfinished = removeUnfinishedUploads(dataDir);
  if (unfinished > 0) app.log.warn(`Removed ${unfinished} unfinished upload file(s) left by a crash`);
  let stopNotifications: (() => Promise<void>) | undefined;
  const store = openStoreWhenPossible(dataDir, {
    onFault: (error) => app.log.error({ err: error }, 'The database cannot be opened (is the data disk full?): forms answer 503 until it can'),
    onOpen: (opened) => {
      if (notifications) stopNotifications = startNotifications(opened, { ...(logger ? { log: app.log } : {}), ...notifications });
    },
  });
  // Stopping: the connections with nothing under way are closed at once, and the others as soon
  // as their answers are out, so the server stops in moments (Node would wait out connections a
  // browser opened ahead and never used).
  app.addHook('preClose', async () => {
    if (!app.server.listening) return;
    connections.closeIdle();
    const closeIdle = setInterval(() => connections.closeIdle(), 100).unref();
    app.server.once('close', () => clearInterval(closeIdle));
  });
  app.addHook('onClose', async () => {
    await stopNotifications?.();
    store.close();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    setSecurityHeaders(request, reply, server.headers);
    return payload;
  });

  app.setErrorHandler(answerError);

  await registerApi(app, { store, dataDir, limits: createRequestLimits(server.limits, rateLimitFactor, clock) });
  registerHealth(app, { store, dataDir });
  const live = clientDir ? new LiveSite(clientDir, siteDir) : undefined;
  await registerAdmin(app, { store, dataDir, clientDir, clock, sleep, ...(siteDir ? { content: { site: { siteDir, ...(toolsDir ? { toolsDir } : {}) }, ...(live ? { live } : {}) } } : {}) });

  if (live) await serveSite(app, live);
  else app.setNotFoundHandler((request, reply) => answerUnknownApi(request, reply));

  return Object.assign(app, { store }) as FastifyInstance & { store: Store };
}

/** Files a visitor may fetch: no page files (answered with a nonce) and no dot files (the manifest). */
const servable = (pathName: string) => !pathName.endsWith('.html') && !pathName.split('/').some((part) => part.startsWith('.'));

/** The file an address names in the live build or an earlier one, if any (nothing outside them). */
function fileInBuilds(live: LiveSite, url: string): { root: string; file: string } | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?')[0] ?? '');
  } catch {
    return undefined;
  }
  if (!servable(pathname) || pathname.includes('\0')) return undefined;
  for (const root of live.roots()) {
    const file = path.join(root, pathname);
    if (!file.startsWith(root + path.sep)) return undefined;
    try {
      if (statSync(file).isFile()) return { root, file: path.relative(root, file) };
    } catch {
      // Not in this build.
    }
  }
  return undefined;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Fast settings: every answer is compressed anew, since each carries its own nonce. */
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * A page's HTML as UTF-8 bytes (liveBuild.ts pageParts), joined with a fresh nonce where it goes.
 * Bytes, not text: an answer is one copy of the page, with nothing to encode (under a flood of
 * requests, encoding each page anew was most of the server's work).
 */
const joinPage = (parts: Buffer[], nonce: string) => {
  const nonceBytes = Buffer.from(nonce);
  return Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [nonceBytes, part])));
};

async function serveSite(app: FastifyInstance, live: LiveSite) {
  const clientDir = live.firstDir;
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    // The build wrote .br and .gz beside each text file (src/build/compress.ts): sent when the browser accepts them.
    preCompressed: true,
    // One route per built file, registered at start: nothing outside clientDir is reachable.
    // (The files of builds published later are found by the not-found handler below, in live.roots().)
    wildcard: false,
    // Pages are answered below, each with its own nonce: their files are not served as they are
    // (their placeholders would meet the policy for files, which allows nothing to run).
    // The site manifest (a dot file) is the server's, not a visitor's.
    allowedPath: servable,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const root = live.roots().find((dir) => filePath.startsWith(dir + path.sep)) ?? clientDir;
      reply.header('Cache-Control', cacheControlFor(path.relative(root, filePath).split(path.sep).join('/')));
    },
  });

  // What the build wrote (src/build/prerender.ts): each address's HTML file and the frames the
  // pages embed, from the build served now (liveBuild.ts: a publish switches it in one step).
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    let pathname = url.split('?')[0] ?? '/';
    try {
      pathname = decodeURI(pathname);
    } catch {
      // A malformed address is simply an unknown one.
    }
    const { path: address, matched } = resolvePath(pathname);
    // One build for the whole answer: a switch while it is made does not mix two builds.
    const build = live.current();
    const { manifest } = build;
    const file = matched ? build.fileByPath.get(address) : undefined;
    const nonce = newNonce();
    let status = file ? 200 : 404;
    let html: Buffer;
    try {
      html = joinPage(build.page(file ?? manifest.fallbackFile), nonce);
    } catch (error) {
      // The page's file cannot be read (a release being copied in, a disk fault): the visitor
      // gets the error page, with a way home, and the log says why.
      request.log.error(error);
      status = 500;
      html = joinPage(build.errorPage, nonce);
    }
    const outcome = outcomeFromQuery(new URLSearchParams(url.split('?')[1] ?? ''));
    const banner = outcome ? outcomeBanner(outcome) : '';
    // After a plain (no-JavaScript) form post: the page with the outcome above it, not cached.
    if (banner) html = Buffer.from(html.toString().replace('<body>', `<body>\n${banner}`));
    // An unknown address shows Home (noindex) with status 404, as Firebase Hosting answers it.
    reply
      .code(status)
      .header('Content-Security-Policy', contentSecurityPolicy(nonce, { frameOrigins: manifest.frameOrigins, https: isHttps(request) }))
      .header('Cache-Control', banner || status === 500 ? CACHE_CONTROL.pageWithOutcome : CACHE_CONTROL.page)
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
    if (!encoding || request.method === 'HEAD') return reply.send(html);
    reply.header('Content-Encoding', encoding);
    return reply.send(encoding === 'br' ? await brotli(html, BROTLI_OPTIONS) : await gzipped(html));
  };

  // Every page address, and any other address that is not a file, is answered with HTML:
  // the page's own, or the fallback page (Home, marked noindex, status 404) for unknown addresses.
  // A page's file name (/Product.html) leads to its address.
  app.get('/', (request, reply) => sendPage(request, reply));
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(api.prefix)) return answerUnknownApi(request, reply);
    const pageAddress = live.current().addressOfFile.get(request.url.split('?')[0] ?? '');
    if (pageAddress && (request.method === 'GET' || request.method === 'HEAD')) return reply.code(301).header('Location', pageAddress).send();
    if ((request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile(request.url)) return sendPage(request, reply);
    // A file of a build published since the start (or of an earlier one, for a page loaded before the switch).
    const found = (request.method === 'GET' || request.method === 'HEAD') && fileInBuilds(live, request.url);
    if (found) return reply.sendFile(found.file, found.root);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
