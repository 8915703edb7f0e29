/**
 * The site's own HTTP server, put together from each feature's parts (`buildApp`): the data, the
 * workers that need it (each feature's Fastify plugin: the notifications, the newsletter's sending,
 * the mailbox's reader), the form and upload endpoints (api.ts), the content (the build served, the
 * editor's publishes: src/content/server/plugin.ts), the inbox, and the built site, with every page
 * address (and any unknown address, which shows the fallback page) answered by the app.
 */
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { statSync } from 'node:fs';
import path from 'node:path';
import server from '../../../config/server';
import site from '../../../config/site';
import { api } from '../../platform/api';
import { registerAdmin } from './admin';
import { registerApi } from '../../leads/server/api';
import { createProofOfWork } from '../../leads/server/proofOfWork';
import { sessionSecret } from '../../platform/server/accounts/secret';
import { registerHealth } from '../../platform/server/health';
import { CACHE_CONTROL, cacheControlFor, NEVER_CACHED } from '../../site/model/caching';
import { createClientLimits, createRequestLimits } from '../../platform/server/rateLimit';
import { isHttps, setSecurityHeaders } from '../../platform/server/security';
import { chooseEncoding, type PageFile, type SiteBuilds } from '../../site/server/siteBuild';
import { answerError, answerUnknownApi, clientErrorHandler, frameworkErrors } from '../../platform/server/refusals';
import { serverFactory } from '../../platform/server/httpServer';
import { createConnectionGuard, type ConnectionGuard, type ConnectionLimits } from '../../platform/server/connections';
import { openStoreWhenPossible } from './siteStore';
import type { StoreWhenPossible } from '../../platform/server/store/store';
import { whenLeadStored } from '../../leads/server/leadStored';
import { registerVisits } from '../../leads/server/visits';
import { storePlugin } from '../../platform/server/store/plugin';
import { servedPlugin } from '../../site/server/servedPlugin';
import type { NotifyOptions } from '../../leads/server/notify';
import { notificationsPlugin } from '../../leads/server/notify/plugin';
import { privacyPlugin } from '../../leads/server/privacyPlugin';
import { mailboxPlugin } from '../../leads/server/mailbox/plugin';
import type { ReaderOptions } from '../../leads/server/mailbox/reader';
import { newsletterMailClaim, registerNewsletter, type NewsletterOptions } from '../../newsletter/server';
import { newsletterPlugin } from '../../newsletter/server/plugin';
import type { CaddyAdmin } from '../../content/server/caddyAdmin';
import type { LiveSite } from '../../content/server/liveBuild';
import { contentPlugin } from '../../content/server/plugin';
import type { Timers } from '../../platform/server/timers';
import { loggerOptions, OneEntryPerRequest, type LogDestination } from '../../platform/server/requestLog';

export interface AppOptions {
  /** The folder `vite build` wrote (dist/client); leave out to serve only the endpoints. */
  clientDir?: string;
  /** Where the database and uploaded files live (DATA_DIR, default ./data). */
  dataDir: string;
  /** Log each request and what goes wrong (requestLog.ts); LOG=off leaves it out. */
  logger?: boolean;
  /** Where the log goes (default stdout): readable lines to a terminal, JSON lines anywhere else. */
  logTo?: LogDestination;
  /**
   * Multiplies the rate limits of config/server.ts (RATE_LIMIT_FACTOR): tests and
   * benchmarks that send thousands of forms from one address raise them.
   */
  rateLimitFactor?: number;
  /**
   * The forms' puzzle size in place of config/server.ts proofOfWork.maxNumber (PROOF_MAX_NUMBER):
   * a test that solves many puzzles with the browser's own search (in Node, several times slower
   * than in a page; in Chromium, about a quarter of e2e/forms.e2e.ts's CPU) makes it smaller, as
   * the browser tests' shared server does; src/leads/server/proofOfWork.test.ts keeps config's,
   * and `npm run bench:proof` times it in a browser.
   */
  proofMaxNumber?: number;
  /**
   * Which proxies may tell the client's address and protocol (X-Forwarded-For/-Proto), as
   * Fastify's trustProxy takes it (TRUST_PROXY). Default: a proxy on this machine.
   */
  trustProxy?: boolean | string;
  /**
   * The server's clock: rate limits, the inbox's sessions and sign-in counts, retention, the
   * health check's and the closed database's once-a-second retries, how long a connection made
   * no progress (tests stop or move it).
   */
  clock?: () => number;
  /** How the sign-in waits after wrong passwords (tests record the waits instead). */
  sleep?: (ms: number) => Promise<void>;
  /** Notifications of new leads (src/leads/server/notify; index.ts reads their settings); leave out for none. */
  notifications?: NotifyOptions;
  /** What connections may hold (config/server.ts limits.connections); tests lower them to reach them. */
  connectionLimits?: Partial<ConnectionLimits>;
  /**
   * The checkout whose config/ the content editor edits and publishes (SITE_DIR); leave out and
   * the editor's routes answer that editing is not set up on this server.
   */
  siteDir?: string;
  /** The code build the content editor's publishes draw pages with (default: the site folder's dist/; the running server passes its own). */
  codeDir?: string;
  /** The timer of scheduled publishes (content/schedule.ts; tests fire it themselves after moving the clock). */
  scheduleTimers?: Timers;
  /** Caddy's admin socket and Caddyfile, where Caddy sends the built files itself: told after each publish (caddyAdmin.ts). */
  caddyAdmin?: CaddyAdmin;
  /** Reading the agency's mailbox (src/leads/server/mailbox; index.ts reads IMAP_URL); leave out for none. */
  mailbox?: Omit<ReaderOptions, 'dataDir' | 'notifications' | 'served'>;
  /** The settings still at their example values (src/content/model/placeholders.ts), shown to the inbox's owners. */
  placeholders?: readonly string[];
  /**
   * The newsletter's sending (src/newsletter/server): sent through the notifications' sender
   * (SMTP_URL, MAIL_FROM, the DKIM key) when there is one. Tests change its pool, rate and
   * retries, and the crash test where it kills itself.
   */
  newsletter?: Partial<Pick<NewsletterOptions, 'pool' | 'rate' | 'retry' | 'unreachable' | 'clock'>>;
}

/** Where the mails and calls about people go, as an erasure names them: who is notified, the sender, the webhook's receiver (its origin alone: a path may hold a key). */
function outsideOf(notifications: NotifyOptions | undefined) {
  const { email, sender, webhook } = notifications?.settings ?? {};
  // MAIL_FROM's address: the notifications' sender, or the newsletter's without NOTIFY_TO.
  const from = (email ?? sender)?.fromAddress;
  return { notifyTo: email?.to ?? [], ...(from ? { sender: from } : {}), ...(webhook ? { webhook: new URL(webhook.url).origin } : {}) };
}

/** Addresses that look like files (have an extension) are files: unknown ones are a real 404. */
const looksLikeFile = (pathname: string) => /\.[a-z0-9]+$/i.test(pathname);

/** Our server's own addresses (src/site/model/caching.ts NEVER_CACHED): never kept by a shared cache. */
const isPrivateAddress = (url: string) =>
  NEVER_CACHED.some((prefix) => url === prefix || url.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) || url.startsWith(`${prefix}?`));

/**
 * Stopping: the connections with nothing under way are closed at once, and the others as soon as
 * their answers are out, so the server stops in moments (Node would wait out connections a
 * browser opened ahead and never used).
 */
function closePromptly(app: FastifyInstance, connections: ConnectionGuard) {
  app.addHook('preClose', async () => {
    if (!app.server.listening) return;
    connections.closeIdle();
    const closeIdle = setInterval(() => connections.closeIdle(), 100).unref();
    app.server.once('close', () => clearInterval(closeIdle));
  });
}

/** Every answer's security headers; the endpoints' and the inbox's answers kept by no shared cache. */
function setAnswerHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    setSecurityHeaders(request, reply, server.headers);
    // The endpoints' and the inbox's answers are one visitor's: no cache in front of the site
    // (a CDN) keeps them, whatever they are (refusals, and the fallback page for an inbox
    // address a build without the inbox does not have, included).
    if (isPrivateAddress(request.url) && !String(reply.getHeader('Cache-Control') ?? '').includes('no-store')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}

/**
 * The data: the upload files a crash cut off removed, then the database, opened now or as soon as
 * its disk allows (what needs it starts then: store.ts whenOpen), and closed when the server
 * closes, after all that was registered after it (Fastify runs the onClose hooks last first). Its
 * leads' forms are the ones the server serves (app.served.forms).
 */
async function openData(app: FastifyInstance, dataDir: string, clock: () => number): Promise<StoreWhenPossible> {
  await app.register(storePlugin, { dataDir, open: (onFault) => openStoreWhenPossible(dataDir, app.served.forms, { now: clock, onFault }) });
  return app.store;
}

/**
 * The server, top to bottom: the connections' guard, Fastify, the data, what a stored lead sets
 * off, the workers (each a plugin of its feature that starts when the database opens and stops
 * when the server closes), the visitors' routes, the content (the build served, the editor's
 * publishes), the inbox's routes, the site.
 */
export async function buildApp({
  clientDir,
  dataDir,
  logger = false,
  logTo = process.stdout,
  rateLimitFactor = 1,
  proofMaxNumber,
  trustProxy = 'loopback',
  clock = Date.now,
  sleep,
  notifications,
  connectionLimits,
  siteDir,
  codeDir,
  scheduleTimers,
  caddyAdmin,
  mailbox,
  placeholders = [],
  newsletter: sending,
}: AppOptions): Promise<FastifyInstance> {
  // Reports (at most every 10 s) only once the app below exists.
  const connections = createConnectionGuard(
    { ...server.limits.connections, ...connectionLimits },
    // The server's clock (tests move it to reach stallSeconds without waiting for it).
    { now: clock, report: (closed) => app.log.warn({ closed }, 'Closed connections that held too much (slow readers, pipelining, too many at once)') },
  );
  const app = Fastify({
    logger: logger ? loggerOptions(logTo) : false,
    logController: new OneEntryPerRequest(),
    trustProxy,
    // Requests refused before any route sees them answer in config's words too (refusals.ts).
    clientErrorHandler,
    frameworkErrors,
    requestTimeout: server.limits.requestSeconds * 1000,
    // Fastify's own 10 s for a plugin's start is outlasted on a busy machine (the content's start reads its history).
    pluginTimeout: server.limits.startSeconds * 1000,
    // Node's server, with what its defaults get wrong for this site (httpServer.ts).
    serverFactory: serverFactory(connections),
  });
  closePromptly(app, connections);
  setAnswerHeaders(app);
  app.setErrorHandler(answerError);
  const log = logger ? { log: app.log } : {};
  const logError = (message: string) => (logger ? app.log.error(message) : console.error(message));

  // The content served (app.served): the code's own config/ until the content's plugin serves a build.
  await app.register(servedPlugin);
  const store = await openData(app, dataDir, clock);
  const publicUrl = notifications?.settings.publicUrl ?? site.brand.url.replace(/\/+$/, '');

  // The workers, stopped in the reverse order: the mailbox's reader before the notifications it
  // hands answers to, each of them before the database closes.
  // The tables an erasure of a person deletes from beyond the leads (app.personTables), which the newsletter joins.
  await app.register(privacyPlugin);
  // The notifications (app.notifications), on every server: their worker only when they are set up.
  await app.register(notificationsPlugin, notifications ? { notify: { ...log, repliesRead: mailbox !== undefined, rateLimitFactor, ...notifications } } : {});
  // The newsletter (src/newsletter/server): its links' tokens from the server's secret in the data folder, and
  // its send queue, sent through the notifications' sender (SMTP_URL, MAIL_FROM).
  const sender = notifications?.settings.sender;
  await app.register(newsletterPlugin, {
    dataDir,
    clock,
    publicUrl,
    ...(siteDir ? { siteDir } : {}),
    ...(sender ? { sending: { sender, publicUrl, clock, log: logger ? app.log : console, ...sending } } : {}),
  });
  const newsletter = app.newsletter;
  // What a stored lead sets off, in its transaction and after it: the one list (leadStored.ts).
  whenLeadStored(store, app.served.forms, clock, app.notifications, newsletter);
  if (mailbox)
    // The newsletter's mails (reports, answers, unsubscribes) are claimed before the leads'.
    await app.register(mailboxPlugin, {
      dataDir,
      reader: { claims: [newsletterMailClaim(newsletter)], ...mailbox },
      ...(notifications ? { notify: notifications.settings } : {}),
      publicUrl,
      ...log,
    });

  // The forms' rate limits, which the newsletter's confirmation page shares.
  const limits = createRequestLimits(server.limits, rateLimitFactor, clock);
  // The forms' proof of work: its key from the server's secret in the data folder.
  const proof = createProofOfWork({
    store,
    secret: sessionSecret(dataDir).secret,
    clock,
    settings: proofMaxNumber === undefined ? server.proofOfWork : { ...server.proofOfWork, maxNumber: proofMaxNumber },
  });
  const proofLimits = createClientLimits(server.proofOfWork.perClient, server.limits.ipv6ClientBits, rateLimitFactor, clock);
  await registerApi(app, { store, dataDir, limits, proof, proofLimits });
  // The newsletter's links: the confirmation's page and POST, the unsubscribe's page and one-click POST (their signed tokens are their credentials).
  await registerNewsletter(app, { newsletter, store, clock, limits, rateLimitFactor });
  registerVisits(app, { store, clock, rateLimitFactor });
  registerHealth(app, { store, dataDir, clock });
  // The build served, and the content editor's publishes and scheduled publishes (SITE_DIR).
  await app.register(contentPlugin, { dataDir, clock, clientDir, siteDir, codeDir, scheduleTimers, caddyAdmin, log: logError });
  const content = app.contentEditor;
  await registerAdmin(app, {
    store,
    dataDir,
    clientDir,
    clock,
    sleep,
    publicUrl,
    mailboxOn: mailbox !== undefined,
    placeholders,
    outside: outsideOf(notifications),
    ...(content ? { content } : {}),
    ...(sender ? { sender } : {}),
  });

  if (app.siteBuilds && app.liveSite) await serveSite(app, app.siteBuilds, app.liveSite);
  else app.setNotFoundHandler((request, reply) => answerUnknownApi(request, reply));

  return app;
}

/** The first of these folders holding this file (no dot files, pages or compressed copies; nothing outside the folder). */
function fileInRoots(roots: readonly string[], relative: string): string | undefined {
  if (relative.includes('\0') || relative.split('/').some((part) => part.startsWith('.')) || /\.(html|br|gz)$/.test(relative)) return undefined;
  for (const root of roots) {
    const file = path.join(root, relative);
    if (!file.startsWith(root + path.sep)) return undefined;
    try {
      if (statSync(file).isFile()) return root;
    } catch {
      // Not in this one.
    }
  }
  return undefined;
}

/** Whether a request's If-None-Match names this ETag (a list, or *). */
function stillFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

async function serveSite(app: FastifyInstance, builds: SiteBuilds, live: LiveSite) {
  // The build being served (siteBuild.ts): its pages read once, as the bytes the build wrote.
  const clientDir = builds.current().clientDir;

  await app.register(fastifyStatic, {
    root: clientDir,
    // Files are sent from the current build's folder (reply.sendFile below), not routed by this plugin.
    serve: false,
    index: false,
    // The build wrote .br and .gz beside each text file (src/render/compress.ts): sent when the browser accepts them.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const root = [builds.current().clientDir, ...live.roots()].find((dir) => filePath.startsWith(dir + path.sep)) ?? builds.current().clientDir;
      reply.header('Cache-Control', cacheControlFor(path.relative(root, filePath).split(path.sep).join('/')));
    },
  });

  // A page is the file the build wrote, in the encoding the browser accepts, as it is: no
  // compression, no templating per answer (pages are files: the same bytes Caddy or a CDN sends).
  const sendPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    query: string,
    answer?: { file: PageFile; status: number; cacheControl: string },
  ) => {
    const build = builds.current();
    const { file, status, cacheControl } = answer ?? build.pageFor(pathname, query);
    const bytes = chooseEncoding(file, request.headers['accept-encoding']);
    // An unknown address shows Home (noindex) with status 404, as Firebase Hosting answers it.
    reply
      .header('Content-Security-Policy', build.policy(isHttps(request)))
      .header('Cache-Control', cacheControl)
      .header('Vary', 'Accept-Encoding')
      .header('ETag', bytes.etag)
      .type('text/html; charset=utf-8');
    if (bytes.encoding !== 'identity') reply.header('Content-Encoding', bytes.encoding);
    if (status === 200 && stillFresh(request.headers['if-none-match'], bytes.etag)) return reply.code(304).send();
    return reply.code(status).header('Content-Length', bytes.body.length).send(bytes.body);
  };

  const answer = (request: FastifyRequest, reply: FastifyReply) => {
    const [rawPath = '/', query = ''] = request.url.split('?', 2);
    let pathname = rawPath;
    try {
      pathname = decodeURI(rawPath);
    } catch {
      // A malformed address is simply an unknown one.
    }
    const build = builds.current();
    // A page's file name (/Product.html) leads to its address.
    const pageAddress = build.addressOfFile(pathname);
    if (pageAddress) return reply.code(301).header('Location', pageAddress).send();
    // An address that was a page's (config/moved.ts): its page's new address, or 410 Gone with the page saying so.
    const moved = build.movedFor(pathname, query);
    if (moved?.status === 301) return reply.code(301).header('Location', moved.location).header('Cache-Control', CACHE_CONTROL.page).send();
    if (moved?.status === 410)
      return sendPage(request, reply, pathname, query, { file: build.gonePageFor(pathname), status: 410, cacheControl: CACHE_CONTROL.page });
    // Addresses that look like files (have an extension) are files: unknown ones are a real 404.
    if (!looksLikeFile(pathname)) return sendPage(request, reply, pathname, query);
    const relative = pathname.slice(1);
    if (build.isPlainFile(relative)) return reply.sendFile(relative, build.clientDir);
    // A file of an earlier build (a page loaded before a publish switched builds).
    const earlier = fileInRoots(live.roots(), relative);
    if (earlier) return reply.sendFile(relative, earlier);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  };

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(api.prefix)) return answerUnknownApi(request, reply);
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    try {
      return answer(request, reply);
    } catch (error) {
      // The page cannot be sent (a disk fault): the visitor gets the error page, with a way
      // home, and the log says why.
      request.log.error(error);
      const bytes = chooseEncoding(builds.current().errorPageFor(request.url.split('?', 1)[0]!), request.headers['accept-encoding']);
      if (bytes.encoding !== 'identity') reply.header('Content-Encoding', bytes.encoding);
      return reply
        .code(500)
        .header('Content-Security-Policy', builds.current().policy(isHttps(request)))
        .header('Cache-Control', CACHE_CONTROL.pageWithOutcome)
        .header('Vary', 'Accept-Encoding')
        .type('text/html; charset=utf-8')
        .send(bytes.body);
    }
  });
}
