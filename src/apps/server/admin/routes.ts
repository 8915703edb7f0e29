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
 *   Each route's role and the password asked again are checked where it is registered
 *   (api/route.ts); the routes themselves, by group, are in api/ (the list, a lead, people…).
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
import { ADMIN_API_PREFIX, CSRF_HEADER, SIGN_IN_API, signInRoutes, type SecondStepNeeded } from '../../../platform/signIn';
import type { AnswerOf } from '../../../platform/contract';
import { checksOf, type RouteTypes } from '../../../platform/server/contracts';
import { fill } from '../../../schema/text';
import { refusal } from '../../../platform/server/refusals';
import { isHttps } from '../../../platform/server/security';
import { hasAccounts, looksLikeEmail, normalizeEmail, passwordHashOf, unknownAccountHash, verifyPassword } from '../../../platform/server/accounts/accounts';
import { SECRET_FILE, sessionSecret } from '../../../platform/server/accounts/secret';
import { REMEMBERED_MS, sqliteSessionStore } from '../../../platform/server/accounts/sessions';
import { hashGate, type HashGate } from '../../../platform/server/accounts/hashGate';
import { knownBrowserOf, rememberBrowser } from '../../../platform/server/accounts/knownBrowser';
import { signInThrottle, type Trier } from '../../../platform/server/accounts/throttle';
import { isKnownDevice, newDeviceMailOn, newMailCode, rememberDevice, takeMailCode } from '../../../platform/server/accounts/newDevice';
import { createLimiter } from '../../../platform/server/rateLimit';
import { deviceMailer, deviceSeenOf, type DeviceMailer } from './deviceMail';
import {
  beginSecondStep,
  endSecondStep,
  factorDone,
  hasSecondFactor,
  secondStepOf,
  takePasskey,
  takeRecoveryCode,
  takeTotpCode,
  relyingPartyOf,
} from '../../../platform/server/accounts/secondFactor';
import type { HasDatabase } from '../../../platform/server/statements';
import { fail, json, routeIn, SESSION_COOKIE, type AdminApiOptions, type CheckPassword } from './api/route';
import { registerAccounts } from './api/accounts';
import { registerLeadList } from './api/leadList';
import { registerLead } from './api/lead';
import { registerScreens } from './api/screens';
import { registerInsights } from './api/insights';
import { registerNewsletter } from './api/newsletter';
import { registerPeople } from './api/people';
import { registerContent } from './api/content';

const messages = server.admin.messages;
export { SESSION_COOKIE };
export const SIGN_IN_CSRF_COOKIE = 'bg_signin_csrf';
/** A right password waiting for its second step (secondFactor.ts): the step's id, signed, for the sign-in's path only. */
export const SECOND_STEP_COOKIE = 'bg_second_step';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sign-in's password checks (hashGate.ts): how many wait, and who is served in which order. */
    passwordChecks: HashGate;
  }
}

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
  const refuse = (reply: FastifyReply, seconds: number, busy = false, words = messages.tooManyAttempts) => {
    reply.header('Retry-After', String(seconds));
    return fail(reply, 429, busy ? fill(messages.signInBusy, { seconds }) : fill(words, { minutes: Math.ceil(seconds / 60) }));
  };
  /** A second step's try, counted as the passwords' are (throttle.ts: per account from anywhere): its verdict, after its wait. */
  const beginSecondStep: BeginSecondStep = async (reply, trier) => {
    const verdict = throttle.begin(trier);
    if ('refusedForSeconds' in verdict) {
      refuse(reply, verdict.refusedForSeconds, false, messages.tooManyCodes);
      return undefined;
    }
    if (verdict.delayMs > 0) await options.sleep(verdict.delayMs);
    return { succeeded: () => throttle.succeeded(trier) };
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
        reply.setCookie(SESSION_COOKIE, session.encryptedSessionId, {
          path: '/api/',
          httpOnly: true,
          sameSite: 'strict',
          secure: isHttps(request),
          expires: new Date(Date.now() + REMEMBERED_MS),
        });
      }
      return payload;
    });
    // A CSRF refusal of the plugin, in config's words.
    scope.setErrorHandler(async (error: FastifyError) => {
      if (error.code?.startsWith('FST_CSRF_')) throw refusal(403, messages.notFromInbox);
      throw error;
    });

    // A new browser's code, mailed through the site's sender (deviceMail.ts), so many per account.
    const mailer = options.sender && deviceMailer(options.sender, options.publicUrl);
    if (mailer) app.addHook('onClose', async () => mailer.close());
    await scope.register(signIn, { ...options, checkPassword, beginSecondStep, mailer });
    await scope.register(adminApi, { ...options, checkPassword, prefix: ADMIN_API_PREFIX });
  });
}

/** A second step's try let through (then `succeeded` when it was right), or refused (the answer is sent). */
type BeginSecondStep = (reply: FastifyReply, trier: Trier) => Promise<{ succeeded: () => void } | undefined>;

/** The waiting second step's cookie: its id, signed, for the sign-in's path, for `minutes`. */
const stepCookie = (request: FastifyRequest, reply: FastifyReply, id: string, minutes: number) =>
  reply.setCookie(SECOND_STEP_COOKIE, id, {
    path: SIGN_IN_API,
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(request),
    signed: true,
    maxAge: minutes * 60,
  });

/** Signs the account in: a new session (remembered or not), its password typed now; the browser is known to the account from now (newDevice.ts). */
async function startSession(request: FastifyRequest, reply: FastifyReply, store: HasDatabase, account: string, remember: boolean, now: number): Promise<void> {
  rememberDevice(request, reply, store, account, now);
  // A new session id at sign-in: an id planted in the browser before (session fixation) is worth nothing.
  await request.session.regenerate();
  request.session.email = account;
  request.session.passwordAt = now;
  // "Keep me signed in on this device": a cookie that outlives the browser, and the session's longer end (sessions.ts).
  if (remember) {
    request.session.remembered = true;
    request.session.options({ maxAge: REMEMBERED_MS });
  }
}

/**
 * GET /api/session (is there an account? a CSRF token for the form), POST /api/session (sign in:
 * at once, or a second step first) and POST /api/session/second-step (a passkey, a code of the
 * app or a recovery code).
 */
async function signIn(
  scope: FastifyInstance,
  {
    store,
    clock,
    checkPassword,
    beginSecondStep: beginTry,
    mailer,
  }: AdminApiOptions & { checkPassword: CheckPassword; beginSecondStep: BeginSecondStep; mailer: DeviceMailer | undefined },
) {
  const mails = createLimiter(server.admin.signIn.newDevice.mailRate, clock);
  /**
   * Mails the waiting sign-in's code to its account (a new code; the one before is spent): the
   * answer that asks for it, or the refusal (too many mails to the account, the mail not sent).
   */
  const askMailCode = async (request: FastifyRequest, reply: FastifyReply, stepId: string, account: string) => {
    const wait = mails.take(account);
    if (wait > 0) {
      endSecondStep(store, stepId);
      reply.header('Retry-After', String(wait));
      return fail(reply, 429, fill(messages.tooManyDeviceMails, { minutes: Math.ceil(wait / 60) }));
    }
    const code = newMailCode(store, stepId, clock());
    // The step lasts the code's minutes from its mail.
    stepCookie(request, reply, stepId, server.admin.signIn.newDevice.minutes);
    try {
      await mailer!.send(account, code, deviceSeenOf(request));
    } catch (error) {
      endSecondStep(store, stepId);
      request.log.warn({ err: error }, "The mail with a new browser's sign-in code could not be sent");
      return fail(reply, 503, messages.deviceMailFailed);
    }
    return json(reply, 200, { secondStep: { methods: ['mail'] } } satisfies SecondStepNeeded);
  };
  await scope.register(fastifyCsrf, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: SIGN_IN_CSRF_COOKIE,
    cookieOpts: { path: SIGN_IN_API, httpOnly: true, sameSite: 'strict', signed: true },
    getToken: tokenOf,
  });
  // Asked first by the inbox: signed in already (then /api/admin/me gives the session's token), or the sign-in form.
  scope.route<RouteTypes<typeof signInRoutes.signInState>>({
    method: signInRoutes.signInState.method,
    url: signInRoutes.signInState.path,
    handler: async (request, reply) =>
      json(reply, 200, {
        ...(request.session.email ? { email: request.session.email } : {}),
        accounts: hasAccounts(store),
        csrfToken: reply.generateCsrf({ secure: isHttps(request) }),
      } satisfies AnswerOf<typeof signInRoutes.signInState>),
  });

  scope.route<RouteTypes<typeof signInRoutes.signIn>>({
    method: signInRoutes.signIn.method,
    url: signInRoutes.signIn.path,
    ...checksOf(signInRoutes.signIn, messages.badEmail),
    // An e-mail and a password at their longest, in UTF-8 (up to 3 bytes per UTF-16 unit), and the JSON around them.
    bodyLimit: 3 * (254 + server.admin.passwordMaxLength) + 256,
    onRequest: (request, reply, done) => (fromElsewhere(request) ? done(refusal(403, messages.notFromInbox)) : scope.csrfProtection(request, reply, done)),
    handler: async (request, reply) => {
      const { email, password, remember } = request.body;
      if (!looksLikeEmail(email.trim()) || password.length > server.admin.passwordMaxLength) return fail(reply, 400, messages.badEmail);
      const account = normalizeEmail(email);
      // A known browser of this account (a valid cookie for it) is counted and queued on its own.
      const checked = await checkPassword(
        request,
        reply,
        { account, address: request.ip, knownBrowser: knownBrowserOf(request, store, account, clock()) },
        password,
      );
      if (checked === 'refused') return reply;
      if (checked === 'wrong') return fail(reply, 401, messages.wrongPassword);
      rememberBrowser(request, reply, store, account, clock());
      // A browser the account never finished a sign-in from, when owners ask it to be confirmed by mail (and the server sends mail).
      const mail = mailer !== undefined && newDeviceMailOn(store) && !isKnownDevice(request, store, account, clock());
      // An account with a passkey or an app: no session yet, but a second step that waits for one of them (a stolen password opens nothing);
      // a new browser's: a code mailed to the account, after the app's or a recovery code (a passkey needs none).
      const factor = hasSecondFactor(store, account);
      if (factor || mail) {
        const step = await beginSecondStep(store, account, remember === true, relyingPartyOf(request), clock(), mail);
        stepCookie(request, reply, step.id, server.admin.signIn.secondFactor.minutes);
        if (!factor) return askMailCode(request, reply, step.id, account);
        const needed: SecondStepNeeded = {
          secondStep: { methods: step.methods, ...(step.passkeyOptions ? { passkeyOptions: { ...step.passkeyOptions } } : {}) },
        };
        return json(reply, 200, needed);
      }
      await startSession(request, reply, store, account, remember === true, clock());
      return reply.code(204).send();
    },
  });

  scope.route<RouteTypes<typeof signInRoutes.secondStep>>({
    method: signInRoutes.secondStep.method,
    url: signInRoutes.secondStep.path,
    ...checksOf(signInRoutes.secondStep, messages.wrongCode),
    // A passkey's answer (its signature, authenticator data and client data, in base64url) is a few kilobytes at most.
    bodyLimit: 16 * 1024,
    onRequest: (request, reply, done) => (fromElsewhere(request) ? done(refusal(403, messages.notFromInbox)) : scope.csrfProtection(request, reply, done)),
    handler: async (request, reply) => {
      const raw = request.cookies[SECOND_STEP_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      const stepId = unsigned?.valid ? unsigned.value : null;
      const step = stepId ? secondStepOf(store, stepId, clock()) : undefined;
      if (!stepId || !step) return fail(reply, 401, messages.secondStepExpired);
      const answer = request.body ?? {};
      const { method } = answer;
      const code = typeof answer.code === 'string' && answer.code.length <= 64 ? answer.code : undefined;
      const response = answer.response && typeof answer.response === 'object' ? answer.response : undefined;
      // The mailed code, once it is what waits (the passkey, app or recovery code given, or none); else one of those.
      const mailWaits = step.mailNeeded && (step.factorDone || !hasSecondFactor(store, step.account));
      if (!(
        (method === 'mail' && code !== undefined && mailWaits) ||
        (!mailWaits && (((method === 'totp' || method === 'recovery') && code !== undefined) || (method === 'passkey' && response)))
      ))
        return fail(reply, 400, messages.wrongCode);
      const started = await beginTry(reply, { account: step.account, address: request.ip, secondStep: true });
      if (!started) return reply;
      const now = clock();
      if (method === 'mail') {
        const taken = takeMailCode(store, stepId, code!, now);
        if (taken === 'spent') {
          reply.clearCookie(SECOND_STEP_COOKIE, { path: SIGN_IN_API, httpOnly: true, sameSite: 'strict', secure: isHttps(request) });
          return fail(reply, 401, messages.mailCodeSpent);
        }
        if (taken === 'wrong') return fail(reply, 401, messages.wrongMailCode);
      } else {
        const right =
          method === 'totp'
            ? takeTotpCode(store, step.account, code!, now)
            : method === 'recovery'
              ? takeRecoveryCode(store, step.account, code!, now)
              : await takePasskey(store, step.account, relyingPartyOf(request), step.challenge, response as never, now);
        if (!right)
          return fail(reply, 401, method === 'totp' ? messages.wrongCode : method === 'recovery' ? messages.wrongRecoveryCode : messages.passkeyFailed);
        // A new browser's sign-in that was not a passkey's: the mailed code next.
        if (step.mailNeeded && method !== 'passkey') {
          started.succeeded();
          factorDone(store, stepId);
          return askMailCode(request, reply, stepId, step.account);
        }
      }
      started.succeeded();
      endSecondStep(store, stepId);
      reply.clearCookie(SECOND_STEP_COOKIE, { path: SIGN_IN_API, httpOnly: true, sameSite: 'strict', secure: isHttps(request) });
      await startSession(request, reply, store, step.account, step.remember, now);
      return reply.code(204).send();
    },
  });
}

/** Everything under /api/admin/: a session first, then the CSRF token for changes; then each group's routes (api/). */
async function adminApi(scope: FastifyInstance, options: AdminApiOptions & { checkPassword: CheckPassword }) {
  await scope.register(fastifyCsrf, { sessionPlugin: '@fastify/session', getToken: tokenOf });

  scope.addHook('onRequest', (request, reply, done) => {
    if (!request.session.email) return void fail(reply, 401, messages.signInRequired);
    if (!changes(request)) return done();
    if (fromElsewhere(request)) return done(refusal(403, messages.notFromInbox));
    scope.csrfProtection(request, reply, done);
  });
  // Under /api/admin/, an address or method that does not exist is 404, but only once signed in.
  scope.setNotFoundHandler((_request, reply) => fail(reply, 404, server.messages.unknownAddress));

  const route = routeIn(scope, options.store, options.clock);
  registerAccounts(route, options);
  registerLeadList(route, options);
  registerLead(route, options);
  registerScreens(route, options);
  registerInsights(route, options);
  registerNewsletter(route, options, scope.newsletter);
  registerPeople(route, options);
  registerContent(scope, route, options);
}
