/**
 * How a route of /api/admin/… is registered: by its name in the table of the inbox's routes
 * (src/leads/model/adminApi.ts, its method and address), with a body limit of its own, the
 * account's role checked before its handler (and the password asked again for the routes that
 * need it). Each group of routes (the files beside this one) registers its own with `route`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import server from '../../../../../config/server';
import { ADMIN_API_PREFIX, PASSWORD_AGAIN } from '../../../../platform/signIn';
import { adminRoutes, BEFORE_SECOND_FACTOR, PASSWORD_AGAIN_ROUTES, roleMayUse, type AdminRoute } from '../../../../platform/inboxRoutes';
import { mustSetUpSecondFactor } from '../../../../platform/server/accounts/secondFactor';
import type { AdminRole } from '../../../../platform/roles';
import { roleOf } from '../../../../platform/server/accounts/accounts';
import { passwordIsRecent } from '../../../../platform/server/accounts/sessions';
import type { Store } from '../../../../platform/server/store/store';
import type { LiveUpdates } from '../../../../leads/server/live';
import type { OutsideSettings } from '../../../../leads/server/privacy';
import type { Trier } from '../../../../platform/server/accounts/throttle';
import type { SenderSettings } from '../../../../platform/server/mail/transport';
import type { ContentOptions } from '../../../../content/server';
import type { Notifications } from '../../../../leads/server/notify';
import type { PersonTables } from '../../../../leads/server/privacy';
import type { Served } from '../../../../site/server/servedContent';
import { admitUpload, uploadErrorHandler } from '../../../../content/server/images';
import { checksOf, type Refusals, type RequestOf, type RouteTypes } from '../../../../platform/server/contracts';
import type { AnswerOf } from '../../../../platform/contract';

const messages = server.admin.messages;
/** The session's cookie (for /api/ only). */
export const SESSION_COOKIE = 'bg_session';

export interface AdminApiOptions {
  store: Store;
  /** The notifications (app.notifications): a lead marked not spam, a delivery sent again, a reply, a confirmation. */
  notifications: Notifications;
  /** The tables beyond the leads an erasure of a person deletes from (app.personTables). */
  personTables: PersonTables;
  /** The content served (app.served, src/site/server/servedContent.ts): its languages, the agency's address, its pages for insights. */
  served: Served;
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
  /** The site's sender (SMTP_URL, MAIL_FROM): a new browser's code is mailed through it (none: not asked). */
  sender?: SenderSettings;
}

/** A password check, throttled and queued as the sign-in's (throttle.ts, hashGate.ts): the sign-in and the password asked again share it. */
export type CheckPassword = (request: FastifyRequest, reply: FastifyReply, trier: Trier, password: string) => Promise<'right' | 'wrong' | 'refused'>;

export const json = (reply: FastifyReply, status: number, body: unknown) => reply.code(status).type('application/json; charset=utf-8').send(body);
export const fail = (reply: FastifyReply, status: number, message: string) => json(reply, status, { message });

/** The refusal of an action that asks for the password again (its time is over): the inbox asks for it, then sends the action again. */
export const passwordAgain = (reply: FastifyReply) => json(reply, 403, { message: messages.passwordAgain, reason: PASSWORD_AGAIN });

/** A request of that route of the table: its parameters, query and body as its contract says. */
type RouteRequest<N extends AdminRoute> = RequestOf<(typeof adminRoutes)[N]>;
/** A route's body limit (a document's by default), and the sentences it refuses a request that does not fit its contract with (contracts.ts). */
interface RouteOptions {
  bodyLimit?: number;
  refusals?: Refusals;
}
/**
 * Registers one route of the table by its name: its contract's schema (Fastify checks the request
 * with it, refusing in `options.refusals`' words), its handler (given the request as the contract
 * types it, the account's role, read before it, and `answer`, which sends the contract's answer:
 * 200, as JSON), and its body limit.
 */
export type Route = <N extends AdminRoute>(
  name: N,
  handler: (request: RouteRequest<N>, reply: FastifyReply, role: AdminRole, answer: (body: AnswerOf<(typeof adminRoutes)[N]>) => FastifyReply) => unknown,
  options?: RouteOptions,
) => void;

export const docIdOf = (request: { params: { docId: string } }) => request.params.docId;

const askAgain = new Set<AdminRoute>(PASSWORD_AGAIN_ROUTES);

/** The `route` of a scope under /api/admin/. */
export const routeIn = (scope: FastifyInstance, store: Store, clock: () => number): Route => {
  // Each request's role as its preHandler read it, for its handler.
  const roles = new WeakMap<FastifyRequest, AdminRole>();
  return (name, handler, { bodyLimit = server.limits.documentBytes, refusals } = {}) =>
    void scope.route<RouteTypes<(typeof adminRoutes)[typeof name]>>({
      method: adminRoutes[name].method,
      url: adminRoutes[name].path.slice(ADMIN_API_PREFIX.length),
      bodyLimit,
      ...checksOf(adminRoutes[name], refusals),
      // A picture takes its place in the queue of pictures before its bytes are read (or is refused at once: content/images.ts).
      // A picture refused by its bytes' limit is told so in the upload's own words (content/images.ts).
      ...(name === 'contentImage' ? { onRequest: admitUpload, errorHandler: uploadErrorHandler } : {}),
      // The account's role, read now (a role changed on the server applies to open sessions at once),
      // before the request is checked against the contract: a route it may not use is refused as such.
      preValidation: async (request, reply) => {
        const role = roleOf(store, request.session.email ?? '');
        if (!role || !roleMayUse(role, name)) return fail(reply, 403, messages.ownersOnly);
        // Owners require a second step of every account: one without may only set one up.
        if (!BEFORE_SECOND_FACTOR.has(name) && mustSetUpSecondFactor(store, request.session.email ?? '')) return fail(reply, 403, messages.secondFactorFirst);
        if (askAgain.has(name) && !passwordIsRecent(request.session, clock())) return passwordAgain(reply);
        roles.set(request, role);
      },
      handler: (request, reply) => handler(request, reply, roles.get(request)!, (body) => json(reply, 200, body)),
    });
};
