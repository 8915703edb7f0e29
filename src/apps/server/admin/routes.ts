/**
 * The inbox's API. Cookies, sessions and CSRF tokens are Fastify's own plugins
 * (@fastify/cookie, @fastify/session with the SQLite store of sessions.ts,
 * @fastify/csrf-protection); this file says where each applies:
 *
 * - /api/session (sign-in): no session yet, so its CSRF secret is a signed cookie of its own
 *   (the plugin's cookie mode); wrong passwords are slowed, then refused (throttle.ts); a right
 *   one also gives the browser its signed known-browser cookie (knownBrowser.ts). "Keep me signed
 *   in on this device" makes a remembered session (sessions.ts: it ends after rememberedDays
 *   without use, and its cookie's end moves with each answer).
 * - /api/admin/…: every answer without a valid session is 401, whatever the method and
 *   before the body is read (unknown addresses included); every request that changes
 *   something carries the session's CSRF token and does not come from another site. The
 *   actions of PASSWORD_AGAIN_ROUTES (erasure, exports, deleting leads) are refused with the
 *   distinct PASSWORD_AGAIN answer when the password was typed more than passwordAgainMinutes
 *   ago; /api/admin/password takes it again, checked and throttled as the sign-in's.
 *
 * The session cookie is HttpOnly, SameSite=Strict, Secure when the request came over HTTPS
 * (directly or from a trusted proxy: security.ts isHttps), for /api/ only; a remembered
 * session's lasts rememberedDays from the last answer, any other's until the browser closes.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifySession from '@fastify/session';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import server from '../../../../config/server';
import { formNamed } from '../../../site/forms/model/registry';
import { ADMIN_API_PREFIX, adminRoutes, ASSIGNED_VIEWS, BULK_ACTIONS, type AssignedView, CSRF_HEADER, INSIGHT_WEEKS, LEAD_SORTS, LEAD_STATUSES, OPEN_STATUSES, OPEN_VIEW, PAGE_SIZES, PASSWORD_AGAIN, PASSWORD_AGAIN_ROUTES, roleMayUse, SIGN_IN_API, type AdminRoute, type BulkAction, type LeadList, type LeadSort, type LeadStatus } from '../../../leads/model/adminApi';
import { samePerson } from '../../../leads/model/person';
import { visible } from '../../../schema/text';
import { fill } from '../../../schema/text';
import { sendStoredFile } from '../../../platform/server/files';
import { exportFileName, exportStream, leadPage, submissionsOf, viewCounts, type LeadFilter, type PageOf } from '../../../leads/server/leads';
import { mailboxStatus } from '../../../leads/server/mailbox/reader';
import { attachmentOf } from '../../../leads/server/inbox';
import { resendDelivery, sendReply } from '../../../leads/server/notify';
import { agencyAddress } from '../../../leads/server/notify/settings';
import { replyProblem } from '../../../leads/model/replyDraft';
import { createLimiter } from '../../../platform/server/rateLimit';
import { insightsOf, sourceChoices } from '../../../leads/server/insights';
import { changePipeline, pipelineOf } from '../../../leads/server/pipeline';
import { isStage } from '../../../leads/model/pipeline';
import { refusal } from '../../../platform/server/refusals';
import { isHttps } from '../../../platform/server/security';
import type { Store } from '../../../leads/server/store';
import { hasAccounts, looksLikeEmail, normalizeEmail, passwordHashOf, roleOf, unknownAccountHash, verifyPassword } from '../../../platform/server/accounts/accounts';
import { bulkChange, cvOfLead, findLead, leadDetail, markReplied, markSpam, summaryOf, unreadCount, updateLead } from '../../../leads/server/inbox';
import { deleteLeads, erasePerson, erasurePreview, erasureRecords, type OutsideSettings } from '../../../leads/server/privacy';
import { SECRET_FILE, sessionSecret } from '../../../platform/server/accounts/secret';
import { endSessionsOf, passwordIsRecent, REMEMBERED_MS, sqliteSessionStore } from '../../../platform/server/accounts/sessions';
import { hashGate, type HashGate } from '../../../platform/server/accounts/hashGate';
import { knownBrowserOf, rememberBrowser } from '../../../platform/server/accounts/knownBrowser';
import { signInThrottle, type Trier } from '../../../platform/server/accounts/throttle';
import type { LiveUpdates } from '../../../leads/server/live';
import { contentHandlers, type ContentOptions } from '../../../content/server';
import { admitUpload, uploadErrorHandler } from '../../../content/server/images';
import { contentRoutes } from '../../../content/model/contentApi';
import { newsletterRoutes } from '../../../newsletter/model/newsletterApi';
import { newsletterHandlers } from '../../../newsletter/server/routes';
import { subscriberExport, subscriberList, unsubscribeSubscriber } from '../../../newsletter/server/admin';

const messages = server.admin.messages;
export const SESSION_COOKIE = 'bg_session';
export const SIGN_IN_CSRF_COOKIE = 'bg_signin_csrf';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sign-in's password checks (hashGate.ts): how many wait, and who is served in which order. */
    passwordChecks: HashGate;
  }
}

export interface AdminApiOptions {
  store: Store;
  /** The content editor's site (SITE_DIR) and served build; left out, its routes answer 503. */
  content?: ContentOptions;
  dataDir: string;
  clock: () => number;
  /** How the sign-in waits before answering after wrong passwords (tests record it instead). */
  sleep: (ms: number) => Promise<void>;
  publicUrl: string;
  /** Whether the agency's mailbox is read (IMAP_URL). */
  mailboxOn: boolean;
  /** The settings still at their example values (src/content/model/placeholders.ts), for the owners. */
  placeholders: readonly string[];
  /** Where the site's mails and calls about leads went (the notification settings): an erasure names them. */
  outside: Omit<OutsideSettings, 'agencyMailbox'>;
  /** The open screens' live updates (live.ts). */
  live: LiveUpdates;
}

/** A password check, throttled and queued as the sign-in's (throttle.ts, hashGate.ts): the sign-in and the password asked again share it. */
type CheckPassword = (request: FastifyRequest, reply: FastifyReply, trier: Trier, password: string) => Promise<'right' | 'wrong' | 'refused'>;

const json = (reply: FastifyReply, status: number, body: unknown) => reply.code(status).type('application/json; charset=utf-8').send(body);
const fail = (reply: FastifyReply, status: number, message: string) => json(reply, status, { message });

/** The CSRF token travels in a header only (never in a body, which is read after the check). */
const tokenOf = (request: FastifyRequest) => {
  const token = request.headers[CSRF_HEADER];
  return typeof token === 'string' ? token : '';
};

/** A request the browser says came from another site (or was not made by our page). */
const fromElsewhere = (request: FastifyRequest) => {
  const site = request.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin';
};

const changes = (request: FastifyRequest) => request.method !== 'GET' && request.method !== 'HEAD';

export async function registerAdminApi(app: FastifyInstance, options: AdminApiOptions): Promise<void> {
  const gate = hashGate(server.admin.signIn.hashing, server.limits);
  app.decorate('passwordChecks', gate);
  const throttle = signInThrottle(options.store, options.clock);
  const refuse = (reply: FastifyReply, seconds: number, busy = false) => {
    reply.header('Retry-After', String(seconds));
    return fail(reply, 429, busy ? fill(messages.signInBusy, { seconds }) : fill(messages.tooManyAttempts, { minutes: Math.ceil(seconds / 60) }));
  };
  const checkPassword: CheckPassword = async (_request, reply, trier, password) => {
    const verdict = throttle.begin(trier);
    if ('refusedForSeconds' in verdict) {
      refuse(reply, verdict.refusedForSeconds);
      return 'refused';
    }
    if (verdict.delayMs > 0) await options.sleep(verdict.delayMs);
    // An unknown address costs the same check as a known one (a hash of the accounts' parameters):
    // the answer and its time are the same.
    const stored = passwordHashOf(options.store, trier.account);
    const checked = await gate.run({ ...trier, failures: verdict.priorFailures }, () => verifyPassword(password, stored ?? unknownAccountHash(options.store)));
    if ('refusedForSeconds' in checked) {
      throttle.notTried(trier);
      refuse(reply, checked.refusedForSeconds, true);
      return 'refused';
    }
    if (!checked.value || stored === undefined) return 'wrong';
    throttle.succeeded(trier);
    return 'right';
  };
  await app.register(async (scope) => {
    const { secret, kept } = sessionSecret(options.dataDir);
    if (!kept) app.log.warn(`The inbox's key (${SECRET_FILE} in the data folder) could not be written: sessions end at the next restart.`);
    await scope.register(fastifyCookie, { secret });
    await scope.register(fastifySession, {
      secret,
      cookieName: SESSION_COOKIE,
      cookie: { path: '/api/', httpOnly: true, sameSite: 'strict', secure: false },
      saveUninitialized: false,
      rolling: false,
      store: sqliteSessionStore(options.store, options.clock),
    });
    scope.addHook('onRequest', async (request, reply) => {
      // Secure over HTTPS (Caddy in front says so); plain HTTP on this machine still works. A
      // remembered device's cookie lasts rememberedDays from this answer.
      request.session.options({ secure: isHttps(request), ...(request.session.email && request.session.remembered ? { maxAge: REMEMBERED_MS } : {}) });
      reply.header('Cache-Control', 'no-store');
    });
    // A remembered session's cookie goes with every answer, its end moved (the plugin sends it only when the session changed).
    scope.addHook('onSend', async (request, reply, payload) => {
      const session = request.session as typeof request.session | null;
      const sent = ([] as unknown[]).concat(reply.getHeader('set-cookie') ?? []).some((line) => String(line).startsWith(`${SESSION_COOKIE}=`));
      if (session?.email && session.remembered && !sent) {
        // Its end by the browser's clock (the machine's): the session's own end is the server's to say (sessions.ts).
        reply.setCookie(SESSION_COOKIE, session.encryptedSessionId, { path: '/api/', httpOnly: true, sameSite: 'strict', secure: isHttps(request), expires: new Date(Date.now() + REMEMBERED_MS) });
      }
      return payload;
    });
    // A CSRF refusal of the plugin, in config's words.
    scope.setErrorHandler(async (error: FastifyError) => {
      if (error.code?.startsWith('FST_CSRF_')) throw refusal(403, messages.notFromInbox);
      throw error;
    });

    await scope.register(signIn, { ...options, checkPassword });
    await scope.register(adminApi, { ...options, checkPassword, prefix: ADMIN_API_PREFIX });
  });
}

/** GET /api/session (is there an account? a CSRF token for the form) and POST /api/session (sign in). */
async function signIn(scope: FastifyInstance, { store, clock, checkPassword }: AdminApiOptions & { checkPassword: CheckPassword }) {
  await scope.register(fastifyCsrf, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: SIGN_IN_CSRF_COOKIE,
    cookieOpts: { path: SIGN_IN_API, httpOnly: true, sameSite: 'strict', signed: true },
    getToken: tokenOf,
  });
  // Asked first by the inbox: signed in already (then /api/admin/me gives the session's token), or the sign-in form.
  scope.get(SIGN_IN_API, async (request, reply) =>
    json(reply, 200, {
      ...(request.session.email ? { email: request.session.email } : {}),
      accounts: hasAccounts(store),
      csrfToken: reply.generateCsrf({ secure: isHttps(request) }),
    }),
  );

  scope.post(SIGN_IN_API, {
    // An e-mail and a password at their longest, in UTF-8 (up to 3 bytes per UTF-16 unit), and the JSON around them.
    bodyLimit: 3 * (254 + server.admin.passwordMaxLength) + 256,
    onRequest: (request, reply, done) => (fromElsewhere(request) ? done(refusal(403, messages.notFromInbox)) : scope.csrfProtection(request, reply, done)),
  }, async (request, reply) => {
    const { email, password, remember } = (request.body ?? {}) as { email?: unknown; password?: unknown; remember?: unknown };
    if (typeof email !== 'string' || !looksLikeEmail(email.trim()) || typeof password !== 'string' || password.length > server.admin.passwordMaxLength || (remember !== undefined && typeof remember !== 'boolean')) {
      return fail(reply, 400, messages.badEmail);
    }
    const account = normalizeEmail(email);
    // A known browser of this account (a valid cookie for it) is counted and queued on its own.
    const checked = await checkPassword(request, reply, { account, address: request.ip, knownBrowser: knownBrowserOf(request, store, account, clock()) }, password);
    if (checked === 'refused') return reply;
    if (checked === 'wrong') return fail(reply, 401, messages.wrongPassword);
    // A new session id at sign-in: an id planted in the browser before (session fixation) is worth nothing.
    await request.session.regenerate();
    request.session.email = account;
    request.session.passwordAt = clock();
    // "Keep me signed in on this device": a cookie that outlives the browser, and the session's longer end (sessions.ts).
    if (remember === true) {
      request.session.remembered = true;
      request.session.options({ maxAge: REMEMBERED_MS });
    }
    rememberBrowser(request, reply, store, account, clock());
    return reply.code(204).send();
  });
}

/** The filters of the list and the export, from the query (`account`: who asks, for "assigned to me"); undefined when one is not known. */
function filterOf(query: Record<string, unknown>, account: string): LeadFilter | undefined {
  const filter: LeadFilter = {};
  const { form, status, spam, q } = query;
  if (form !== undefined && form !== '') {
    const found = typeof form === 'string' ? formNamed(form) : undefined;
    if (!found) return undefined;
    filter.collection = found.collection;
  }
  if (status === OPEN_VIEW) filter.statuses = OPEN_STATUSES;
  else if (status !== undefined && status !== '') {
    if (!LEAD_STATUSES.includes(status as LeadStatus)) return undefined;
    filter.status = status as LeadStatus;
  }
  // One row per person (their newest submission in the view), or per submission.
  const { view } = query;
  if (view !== undefined && view !== '' && view !== 'people' && view !== 'submissions') return undefined;
  if (view === 'people') filter.people = true;
  if (spam !== undefined) {
    if (spam !== 'true' && spam !== 'false') return undefined;
    filter.spam = spam === 'true';
  }
  if (q !== undefined) {
    if (typeof q !== 'string' || q.length > 200) return undefined;
    filter.search = q;
  }
  // The stage, and whose: the account asking ("mine") or nobody's.
  const { stage, assigned } = query;
  if (stage !== undefined && stage !== '') {
    if (!isStage(stage)) return undefined;
    filter.stage = stage;
  }
  if (assigned !== undefined && assigned !== '') {
    if (!ASSIGNED_VIEWS.includes(assigned as AssignedView)) return undefined;
    filter.assignee = assigned === 'me' ? account : null;
  }
  // Where the leads came from: a source ('' for direct visits) and a campaign ('' for none).
  for (const key of ['source', 'campaign'] as const) {
    const value = query[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.length > 200) return undefined;
    filter[key] = value;
  }
  return filter;
}

/** The page of the list, from the query (page from 0); undefined when a part is not known. */
function pageOf(query: Record<string, unknown>): PageOf | undefined {
  const { page = '0', pageSize = String(PAGE_SIZES[0]), sort = 'receivedAt', direction = 'desc' } = query;
  if (typeof page !== 'string' || !/^\d{1,7}$/.test(page)) return undefined;
  const size = Number(pageSize);
  if (!PAGE_SIZES.includes(size as (typeof PAGE_SIZES)[number])) return undefined;
  if (!LEAD_SORTS.includes(sort as LeadSort) || (direction !== 'asc' && direction !== 'desc')) return undefined;
  return { offset: Number(page) * size, limit: size, sort: sort as LeadSort, direction };
}

/** The e-mail address of an erasure's body, or undefined. */
function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' && looksLikeEmail(email.trim()) ? email : undefined;
}

/** Everything under /api/admin/: a session first, then the CSRF token for changes. */
async function adminApi(scope: FastifyInstance, { store, dataDir, clock, publicUrl, content, mailboxOn, placeholders, outside, live, checkPassword }: AdminApiOptions & { checkPassword: CheckPassword }) {
  await scope.register(fastifyCsrf, { sessionPlugin: '@fastify/session', getToken: tokenOf });

  scope.addHook('onRequest', (request, reply, done) => {
    if (!request.session.email) return void fail(reply, 401, messages.signInRequired);
    if (!changes(request)) return done();
    if (fromElsewhere(request)) return done(refusal(403, messages.notFromInbox));
    scope.csrfProtection(request, reply, done);
  });
  // Under /api/admin/, an address or method that does not exist is 404, but only once signed in.
  scope.setNotFoundHandler((_request, reply) => fail(reply, 404, server.messages.unknownAddress));

  type Params = { docId?: string; deliveryId?: string; messageId?: string; n?: string; name?: string; subscriberId?: string };
  /** The refusal of an action that asks for the password again (its time is over): the inbox asks for it, then sends the action again. */
  const passwordAgain = (reply: FastifyReply) => json(reply, 403, { message: messages.passwordAgain, reason: PASSWORD_AGAIN });
  const askAgain = new Set<AdminRoute>(PASSWORD_AGAIN_ROUTES);
  const route = (name: AdminRoute, handler: (request: FastifyRequest<{ Params: Params; Querystring: Record<string, unknown> }>, reply: FastifyReply) => unknown, bodyLimit = server.limits.documentBytes) =>
    scope.route({
      method: adminRoutes[name].method,
      url: adminRoutes[name].path.slice(ADMIN_API_PREFIX.length),
      bodyLimit,
      // A picture takes its place in the queue of pictures before its bytes are read (or is refused at once: content/images.ts).
      // A picture refused by its bytes' limit is told so in the upload's own words (content/images.ts).
      ...(name === 'contentImage' ? { onRequest: admitUpload, errorHandler: uploadErrorHandler } : {}),
      // The account's role, read now (a role changed on the server applies to open sessions at once).
      preHandler: async (request, reply) => {
        const role = roleOf(store, request.session.email ?? '');
        if (!role || !roleMayUse(role, name)) return fail(reply, 403, messages.ownersOnly);
        if (askAgain.has(name) && !passwordIsRecent(request.session, clock())) return passwordAgain(reply);
      },
      handler: handler as never,
    });
  const docIdOf = (request: FastifyRequest<{ Params: Params }>) => request.params.docId ?? '';

  route('me', async (request, reply) => json(reply, 200, { email: request.session.email, role: roleOf(store, request.session.email ?? ''), csrfToken: reply.generateCsrf() }));

  route('signOut', async (request, reply) => {
    live.endSession(request.session.sessionId);
    await request.session.destroy();
    reply.clearCookie(SESSION_COOKIE, { path: '/api/', httpOnly: true, sameSite: 'strict', secure: isHttps(request) });
    return reply.code(204).send();
  });

  // Every session of the account ends, this one and the remembered devices' included.
  route('signOutEverywhere', async (request, reply) => {
    endSessionsOf(store, request.session.email ?? '');
    live.endAccount(request.session.email ?? '');
    await request.session.destroy();
    reply.clearCookie(SESSION_COOKIE, { path: '/api/', httpOnly: true, sameSite: 'strict', secure: isHttps(request) });
    return reply.code(204).send();
  });

  // The password typed again: checked, throttled and queued as at the sign-in (per account from this address, and per address).
  route('confirmPassword', async (request, reply) => {
    const { password } = (request.body ?? {}) as { password?: unknown };
    if (typeof password !== 'string' || password.length > server.admin.passwordMaxLength) return fail(reply, 400, messages.wrongPasswordAgain);
    const checked = await checkPassword(request, reply, { account: request.session.email ?? '', address: request.ip }, password);
    if (checked === 'refused') return reply;
    if (checked === 'wrong') return fail(reply, 403, messages.wrongPasswordAgain);
    request.session.passwordAt = clock();
    return reply.code(204).send();
  }, 3 * server.admin.passwordMaxLength + 256);

  route('recentPassword', async (request, reply) => (passwordIsRecent(request.session, clock()) ? reply.code(204).send() : passwordAgain(reply)));

  route('leads', async (request, reply) => {
    const filter = filterOf(request.query, request.session.email ?? '');
    const page = pageOf(request.query);
    if (!filter || !page) return fail(reply, 400, messages.badFilter);
    const rows = leadPage(store, filter, page);
    const submissions = filter.people ? submissionsOf(store, filter, rows) : undefined;
    const answer: LeadList = {
      leads: rows.map((row) => ({ ...summaryOf(row), ...(submissions ? { submissions: submissions.get(row.docId) ?? 1 } : {}) })),
      offset: page.offset,
      ...viewCounts(store, filter),
      unread: unreadCount(store),
    };
    return json(reply, 200, answer);
  });

  route('lead', async (request, reply) => {
    const detail = leadDetail(store, dataDir, docIdOf(request));
    return detail ? json(reply, 200, detail) : fail(reply, 404, messages.unknownLead);
  });

  route('updateLead', async (request, reply) => {
    const { status, note, read } = (request.body ?? {}) as { status?: unknown; note?: unknown; read?: unknown };
    if (status !== undefined && !LEAD_STATUSES.includes(status as LeadStatus)) return fail(reply, 400, messages.badStatus);
    if (note !== undefined && (typeof note !== 'string' || note.length > server.admin.noteMaxLength)) {
      return fail(reply, 400, fill(messages.noteTooLong, { max: server.admin.noteMaxLength }));
    }
    if (read !== undefined && read !== true) return fail(reply, 400, messages.badChange);
    const docId = docIdOf(request);
    if (!updateLead(store, docId, { status: status as LeadStatus | undefined, note: note as string | undefined, read: read === true }, clock(), request.session.email ?? null)) return fail(reply, 404, messages.unknownLead);
    return json(reply, 200, leadDetail(store, dataDir, docId));
  });

  // A lead's stage, value, follow-up date and assignee (src/leads/server/pipeline.ts), each change named by its account.
  route('pipeline', async (request, reply) => {
    const found = pipelineOf(store.db, docIdOf(request));
    return found ? json(reply, 200, found) : fail(reply, 404, messages.unknownLead);
  });
  route('updatePipeline', async (request, reply) => {
    const body = request.body;
    const changed = changePipeline(store.db, docIdOf(request), typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}, request.session.email ?? '', clock());
    if (changed === 'unknownLead') return fail(reply, 404, messages.unknownLead);
    if ('message' in changed) return json(reply, 400, changed);
    return json(reply, 200, changed);
  }, 4096);

  route('deleteLead', async (request, reply) => {
    const deleted = deleteLeads(store, dataDir, [docIdOf(request)]);
    return deleted.leads === 0 ? fail(reply, 404, messages.unknownLead) : json(reply, 200, deleted);
  });

  route('cv', async (request, reply) => {
    const lead = findLead(store, docIdOf(request));
    const cv = lead ? cvOfLead(store, dataDir, lead) : undefined;
    if (!lead) return fail(reply, 404, messages.unknownLead);
    if (cv?.state !== 'kept') return fail(reply, 404, messages.noCv);
    // The file's name: ASCII letters and digits of the lead's name (hidden characters shown by their code first).
    const name = visible(summaryOf(lead).name).replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
    return sendStoredFile(reply, dataDir, cv.stored, `cv-${name || lead.docId}`);
  });

  for (const [name, verdict] of [['notSpam', 'not_spam'], ['markSpam', 'spam']] as const) {
    route(name, async (request, reply) => {
      const docId = docIdOf(request);
      if (!markSpam(store, docId, verdict, request.session.email ?? '', clock())) return fail(reply, 404, messages.unknownLead);
      return json(reply, 200, leadDetail(store, dataDir, docId));
    });
  }

  // Many leads at once: a bounded list of ids (a document id is 20 letters and digits; longer is no id).
  route('bulk', async (request, reply) => {
    const { action, docIds } = (request.body ?? {}) as { action?: unknown; docIds?: unknown };
    const max = server.admin.bulkMaxLeads;
    const ids = Array.isArray(docIds) && docIds.length >= 1 && docIds.length <= max && docIds.every((id) => typeof id === 'string' && id.length <= 64) ? (docIds as string[]) : undefined;
    if (!ids || !BULK_ACTIONS.includes(action as BulkAction)) return fail(reply, 400, fill(messages.badBulk, { max }));
    // Deleting asks for the password again, as deleting one lead does.
    if (action === 'delete' && !passwordIsRecent(request.session, clock())) return passwordAgain(reply);
    return json(reply, 200, { leads: bulkChange(store, dataDir, action as BulkAction, ids, request.session.email ?? '', clock()) });
  }, 16 * 1024);

  // A reply e-mails someone outside: a session taken over cannot send without end.
  const replies = createLimiter(server.admin.replyRate, clock);
  route('reply', async (request, reply) => {
    const draft = (request.body ?? {}) as { subject?: unknown; text?: unknown };
    const problem = replyProblem(draft);
    if (problem) return fail(reply, 400, problem.message);
    const account = request.session.email ?? '';
    const wait = replies.take(account);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      return fail(reply, 429, fill(messages.tooManyReplies, { minutes: Math.ceil(wait / 60) }));
    }
    const docId = docIdOf(request);
    const result = store.db.transaction(() => {
      const sent = sendReply(store, docId, { subject: draft.subject as string, text: draft.text as string }, account);
      if (sent === 'queued') markReplied(store, docId, account, clock());
      return sent;
    })();
    if (result === 'unknownLead') return fail(reply, 404, messages.unknownLead);
    if (result === 'noAddress') return fail(reply, 409, messages.noReplyAddress);
    if (result === 'off') return fail(reply, 409, messages.repliesOff);
    return json(reply, 200, leadDetail(store, dataDir, docId));
  });

  // A kept attachment of a mail read from the mailbox: by its mail and place, as the CV is sent (type by content, never shown inline).
  route('attachment', async (request, reply) => {
    const found = attachmentOf(store, request.params.messageId ?? '', request.params.n ?? '');
    if (!found) return fail(reply, 404, messages.unknownAttachment);
    return sendStoredFile(reply, dataDir, found.stored, found.name);
  });

  route('mailbox', async (_request, reply) => json(reply, 200, mailboxStatus(store, mailboxOn, clock())));

  // This screen's live updates: a stream that stays open (live.ts).
  route('live', async (request, reply) => live.answer(request, reply, request.session.email ?? '', request.session.sessionId));

  route('placeholders', async (_request, reply) => json(reply, 200, placeholders));

  route('resend', async (request, reply) => {
    if (!resendDelivery(store, request.params.deliveryId ?? '')) return fail(reply, 404, messages.unknownDelivery);
    return reply.code(204).send();
  });

  route('export', async (request, reply) => {
    const filter = filterOf(request.query, request.session.email ?? '');
    const format = request.query.format;
    if (!filter || (format !== 'csv' && format !== 'json')) return fail(reply, 400, messages.badFilter);
    const day = new Date(clock()).toISOString().slice(0, 10);
    return reply
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${exportFileName(request.query, day, format)}"`)
      // Streamed from the database as the browser reads it; should it fail midway, the answer
      // is cut off without its last chunk, so the browser reports a failed download
      // (Fastify destroys the answer; volume.test.ts closes the database midway to prove it).
      .send(exportStream(store, filter, format, publicUrl));
  });

  route('sources', async (_request, reply) => json(reply, 200, sourceChoices(store)));

  route('insights', async (request, reply) => {
    const weeks = Number(request.query.weeks ?? INSIGHT_WEEKS[1]);
    if (!INSIGHT_WEEKS.includes(weeks as (typeof INSIGHT_WEEKS)[number])) return fail(reply, 400, messages.badFilter);
    return json(reply, 200, insightsOf(store, weeks, clock()));
  });

  // The newsletter's subscribers (src/newsletter/server/admin.ts): a page of a state's, its CSV, one unsubscribed by hand.
  route('subscribers', async (request, reply) => {
    const list = subscriberList(store, request.query);
    return list ? json(reply, 200, list) : fail(reply, 400, messages.badFilter);
  });
  route('subscribersExport', async (request, reply) => {
    const file = subscriberExport(store, request.query, clock());
    if (!file) return fail(reply, 400, messages.badFilter);
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${file.name}"`).send(file.stream);
  });
  route('unsubscribe', async (request, reply) => {
    const done = unsubscribeSubscriber(store, request.params.subscriberId ?? '', clock());
    if (done === 'unknown') return fail(reply, 404, messages.unknownSubscriber);
    if (done === 'notSubscribed') return fail(reply, 409, messages.notSubscribed);
    return json(reply, 200, done);
  });

  route('erasurePreview', async (request, reply) => {
    const email = emailOf(request.body);
    return email ? json(reply, 200, erasurePreview(store, email)) : fail(reply, 400, messages.badEmail);
  });

  route('erasures', async (_request, reply) => json(reply, 200, erasureRecords(store)));

  // The content editor: a publish carries whole config files; a picture its bytes (any image/* type: told by content).
  scope.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: server.admin.imageMaxBytes }, (_request, body, done) => done(null, body));
  const handlers = contentHandlers(content);
  for (const name of Object.keys(contentRoutes) as (keyof typeof contentRoutes)[]) {
    const limit = name === 'contentImage' ? server.admin.imageMaxBytes : 1024 * 1024;
    route(name, (request, reply) => handlers[name](request as never, reply, request.session.email ?? ''), limit);
  }

  // The newsletter: written by every account, sent by owners (the role check above).
  const newsletter = newsletterHandlers({ store, clock, publicUrl });
  for (const name of Object.keys(newsletterRoutes) as (keyof typeof newsletterRoutes)[]) {
    route(name, (request, reply) => newsletter[name](request as never, reply, request.session.email ?? ''), server.newsletter.bodyMaxBytes + 16 * 1024);
  }

  // The second step: the address typed again (any form of the same person's).
  route('erase', async (request, reply) => {
    const email = emailOf(request.body);
    if (!email) return fail(reply, 400, messages.badEmail);
    const confirm = (request.body as { confirm?: unknown }).confirm;
    if (typeof confirm !== 'string' || confirm.length > 254 || !samePerson(confirm, email)) return fail(reply, 400, messages.eraseNotConfirmed);
    const agency = agencyAddress();
    return json(reply, 200, erasePerson(store, dataDir, email, request.session.email ?? '', clock(), { ...outside, ...(agency ? { agencyMailbox: agency } : {}) }));
  });
}
