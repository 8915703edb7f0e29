/**
 * The site's own HTTP server: the form and upload endpoints (api.ts) and the built site,
 * with every page address (and any unknown address, which shows the fallback page)
 * answered by the app.
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
import { registerHealth } from '../../platform/server/health';
import { CACHE_CONTROL, cacheControlFor, NEVER_CACHED } from '../../site/model/caching';
import { createRequestLimits } from '../../platform/server/rateLimit';
import { isHttps, setSecurityHeaders } from '../../platform/server/security';
import { chooseEncoding, createSiteBuilds, type PageFile, type SiteBuilds } from '../../site/server/siteBuild';
import { answerError, answerUnknownApi, clientErrorHandler, frameworkErrors } from '../../platform/server/refusals';
import { serverFactory } from '../../platform/server/httpServer';
import { createConnectionGuard, type ConnectionLimits } from '../../platform/server/connections';
import { openStoreWhenPossible, type Store } from '../../leads/server/store';
import { whenLeadStored } from '../../leads/server/leadStored';
import { registerVisits } from '../../leads/server/visits';
import { removeUnfinishedUploads } from '../../platform/server/files';
import { startNotifications, type NotifyOptions } from '../../leads/server/notify';
import { agencyAddress } from '../../leads/server/notify/settings';
import { createNewsletter, registerNewsletter, startNewsletter, type Newsletter, type NewsletterOptions } from '../../newsletter/server';
import { MailboxReader, type ReaderOptions } from '../../leads/server/mailbox/reader';
import { type CaddyAdmin, reloadCaddy } from '../../content/server/caddyAdmin';
import { LiveSite } from '../../content/server/liveBuild';
import { contentJobs, drafts as draftsOf } from '../../content/server/drafts';
import { Scheduler, type Timers } from '../../content/server/schedule';
import { contentFiles, loadContent } from '../../content/server/site';
import { Publisher, type PublishStep } from '../../content/server/publish';
import { pictureSizes } from '../../content/server/images';
import { UPLOADS_PATH } from '../../content/model/contentApi';
import { roleOf } from '../../platform/server/accounts/accounts';
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
  /** Fault injection for the crash tests (PUBLISH_CRASH_AT): the process kills itself after this step of a publish. */
  publishCrashAt?: PublishStep;
  /** The timer of scheduled publishes (content/schedule.ts; tests fire it themselves after moving the clock). */
  scheduleTimers?: Timers;
  /** Caddy's admin socket and Caddyfile, where Caddy sends the built files itself: told after each publish (caddyAdmin.ts). */
  caddyAdmin?: CaddyAdmin;
  /** Reading the agency's mailbox (src/leads/server/mailbox; index.ts reads IMAP_URL); leave out for none. */
  mailbox?: Omit<ReaderOptions, 'dataDir'>;
  /** The settings still at their example values (src/content/model/placeholders.ts), shown to the inbox's owners. */
  placeholders?: readonly string[];
  /**
   * The newsletter's sending (src/newsletter/server): sent through the notifications' sender
   * (SMTP_URL, MAIL_FROM, the DKIM key) when there is one. Tests change its pool, rate and
   * retries, and the crash test where it kills itself.
   */
  newsletter?: Partial<Pick<NewsletterOptions, 'pool' | 'rate' | 'retry' | 'unreachable' | 'crashAt' | 'clock'>>;
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
const isPrivateAddress = (url: string) => NEVER_CACHED.some((prefix) => url === prefix || url.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) || url.startsWith(`${prefix}?`));

declare module 'fastify' {
  interface FastifyInstance {
    /** The build being served (src/site/server/siteBuild.ts), when the app serves the site. */
    siteBuilds?: SiteBuilds;
    /** The reader of the agency's mailbox, once the database is open (when IMAP_URL is set). */
    mailboxReader?: MailboxReader;
    /** Scheduled publishes (content/schedule.ts), when the content editor is set up. */
    contentScheduler?: Scheduler;
  }
}

export async function buildApp({
  clientDir,
  dataDir,
  logger = false,
  logTo = process.stdout,
  rateLimitFactor = 1,
  trustProxy = 'loopback',
  clock = Date.now,
  sleep,
  notifications,
  connectionLimits,
  siteDir,
  codeDir,
  publishCrashAt,
  scheduleTimers,
  caddyAdmin,
  mailbox,
  placeholders = [],
  newsletter: sending,
}: AppOptions): Promise<FastifyInstance & { store: Store }> {
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
    // Node's server, with what its defaults get wrong for this site (httpServer.ts).
    serverFactory: serverFactory(connections),
  });
  // Upload files a crash cut off; then the database, opened now or as soon as its disk allows,
  // and the notifications with it.
  const unfinished = removeUnfinishedUploads(dataDir);
  if (unfinished > 0) app.log.warn(`Removed ${unfinished} unfinished upload file(s) left by a crash`);
  let stopNotifications: (() => Promise<void>) | undefined;
  let stopNewsletter: (() => Promise<void>) | undefined;
  const sender = notifications?.settings.sender;
  const publicUrl = notifications?.settings.publicUrl ?? site.brand.url.replace(/\/+$/, '');
  // The newsletter (src/newsletter/server): its links' tokens from the server's secret in the data
  // folder, made once, when the database first opens (the folder is there then) or below.
  let newsletterParts: Newsletter | undefined;
  const newsletterOf = (opened: Store) => (newsletterParts ??= createNewsletter({ store: opened, dataDir, clock, publicUrl }));
  const store = openStoreWhenPossible(dataDir, {
    now: clock,
    onFault: (error) => app.log.error({ err: error }, 'The database cannot be opened (is the data disk full?): forms answer 503 until it can'),
    onOpen: (opened) => {
      if (notifications) stopNotifications = startNotifications(opened, { ...(logger ? { log: app.log } : {}), repliesRead: mailbox !== undefined, ...notifications });
      // The newsletter's send queue goes on where it stopped (a crash's uncertain readers first).
      if (sender) {
        const agency = agencyAddress();
        stopNewsletter = startNewsletter(opened, newsletterOf(opened), { sender, publicUrl, clock, log: logger ? app.log : console, ...(agency ? { agencyMailbox: agency } : {}), ...sending });
      }
      if (mailbox) {
        // Its alarm is mailed to the notification address, when mail is set up.
        const alarmMail = notifications?.settings.email ? { alarmMail: { settings: notifications.settings.email, publicUrl: notifications.settings.publicUrl } } : {};
        // The owner's replies from a mail program to a notification's reply address are sent on from there (mailbox/ownerReplies.ts).
        const replies = { mail: notifications?.settings.email, publicUrl };
        const reader = new MailboxReader(opened, { ...(logger ? { log: app.log } : {}), ...alarmMail, replies, ...mailbox, dataDir });
        app.mailboxReader = reader;
        reader.start();
      }
    },
  });
  // What a stored lead sets off, in its transaction and after it: the one list (leadStored.ts).
  const newsletter = newsletterOf(store);
  whenLeadStored(store, clock, newsletter);
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
    await app.mailboxReader?.stop();
    await stopNotifications?.();
    await stopNewsletter?.();
    store.close();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    setSecurityHeaders(request, reply, server.headers);
    // The endpoints' and the inbox's answers are one visitor's: no cache in front of the site
    // (a CDN) keeps them, whatever they are (refusals, and the fallback page for an inbox
    // address a build without the inbox does not have, included).
    if (isPrivateAddress(request.url) && !String(reply.getHeader('Cache-Control') ?? '').includes('no-store')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  app.setErrorHandler(answerError);

  // The forms' rate limits, which the newsletter's confirmation page shares.
  const limits = createRequestLimits(server.limits, rateLimitFactor, clock);
  await registerApi(app, { store, dataDir, limits });
  // The newsletter's links: the confirmation's page and POST, the unsubscribe's page and one-click POST (their signed tokens are their credentials).
  await registerNewsletter(app, { newsletter, store, clock, limits, rateLimitFactor, ...(siteDir ? { siteDir } : {}) });
  registerVisits(app, { store, clock, rateLimitFactor });
  registerHealth(app, { store, dataDir, clock });
  // The content editor's publishes (SITE_DIR): first, what a crash left of one is finished or
  // undone, and the pages served are made the content recorded (publish.ts recover).
  const drafts = siteDir ? draftsOf(store, { clock }) : undefined;
  let scheduler: Scheduler | undefined;
  const publisher = siteDir
    ? new Publisher({
        site: { siteDir },
        dataDir,
        clock,
        ...(codeDir ? { codeDir } : {}),
        ...(drafts ? { drafts } : {}),
        ...(publishCrashAt ? { crashAt: publishCrashAt } : {}),
        onPublished: (files) => scheduler?.contentChanged(files),
        // An account's role as it is at each publish: only an owner changes what the schemas mark ownerOnly.
        roleOf: (author) => roleOf(store, author),
      })
    : undefined;
  const served = clientDir && publisher ? await publisher.recover(clientDir) : clientDir;
  // The uploaded pictures that have no sizes yet (uploaded before pictures had them) get them, in the background: the next publish draws them.
  if (siteDir) pictureSizes.fill(path.join(siteDir, 'public', UPLOADS_PATH));
  app.addHook('onClose', async () => {
    scheduler?.stop();
    await scheduler?.idle();
    await publisher?.close();
  });
  // The build being served (siteBuild.ts), switched by the content editor's publish (liveBuild.ts).
  const builds = served ? createSiteBuilds(served) : undefined;
  // Caddy, serving the files itself, loads the new build's pointer and policy. If it cannot, the
  // publish is refused and put back (liveBuild.ts): Caddy goes on serving the build it has, whole.
  const tellCaddy = caddyAdmin
    ? () =>
        reloadCaddy(caddyAdmin).catch((error: unknown) => {
          const sentence = `Caddy did not load the new build (${error instanceof Error ? error.message : String(error)}): the publish was put back.`;
          if (logger) app.log.error(sentence);
          else console.error(sentence);
          throw error;
        })
    : undefined;
  const live = builds ? new LiveSite(builds, siteDir, tellCaddy) : undefined;
  if (publisher && live) publisher.serve(live);
  // A recovery that switched the pages: Caddy, serving the files itself, loads them too.
  if (served !== clientDir && tellCaddy) await tellCaddy().catch(() => undefined);
  // Scheduled publishes (content/schedule.ts): what came due while the server was down is published now.
  if (publisher && drafts) {
    const log = (message: string) => (logger ? app.log.error(message) : console.error(message));
    scheduler = new Scheduler({ publisher, drafts, jobs: contentJobs(store), clock, ...(scheduleTimers ? { timers: scheduleTimers } : {}), log });
    app.decorate('contentScheduler', scheduler);
    // A database the disk keeps closed: the scheduler starts with the next publish.
    try {
      scheduler.start(contentFiles(await loadContent({ siteDir: siteDir! })));
    } catch (error) {
      log(`The scheduled publishes could not start: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await registerAdmin(app, { store, dataDir, clientDir, clock, sleep, publicUrl, mailboxOn: mailbox !== undefined, placeholders, outside: outsideOf(notifications), ...(publisher ? { content: { publisher, clock, ...(drafts ? { drafts } : {}), ...(scheduler ? { scheduler } : {}) } } : {}) });

  if (builds && live) await serveSite(app, builds, live);
  else app.setNotFoundHandler((request, reply) => answerUnknownApi(request, reply));

  return Object.assign(app, { store }) as FastifyInstance & { store: Store };
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
  app.decorate('siteBuilds', builds);

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
  const sendPage = (request: FastifyRequest, reply: FastifyReply, pathname: string, query: string, answer?: { file: PageFile; status: number; cacheControl: string }) => {
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
    if (moved?.status === 410) return sendPage(request, reply, pathname, query, { file: build.gonePageFor(pathname), status: 410, cacheControl: CACHE_CONTROL.page });
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
      const bytes = chooseEncoding(builds.current().errorPage, request.headers['accept-encoding']);
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
