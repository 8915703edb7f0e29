/**
 * The agency's inbox: one table of every route of its API, for our server (which registers exactly
 * these routes: src/apps/server/admin/routes.ts), the inbox in the browser (src/platform/inbox/api.ts,
 * src/apps/inbox and the features' inbox/ folders) and the tests (every route, every method, without
 * a session: 401). It gathers each feature's table (the one import of the platform from above it:
 * docs/code-layout.md), and says which roles may use which route.
 */
import { answers, type Contract } from './contract';
import type { AdminRole } from './roles';
import { accountRoutes } from './signIn';
import { leadRoutes } from '../leads/model/adminApi';
import { subscriberRoutes } from '../newsletter/model/subscribers';
import { contentRoutes } from '../content/model/contentApi';
import { NEWSLETTER_OWNER_ROUTES, newsletterRoutes, type ReadyNewsletter } from '../newsletter/model/newsletterApi';

export const adminRoutes = {
  /** Who is signed in, and the CSRF token for this session. */
  me: { method: 'GET', path: '/api/admin/me', answer: answers<Me>() },
  ...accountRoutes,
  ...leadRoutes,
  /** The newsletter's subscribers (src/newsletter/model/subscribers.ts): owners only. */
  ...subscriberRoutes,
  /** The content editor's routes (contentApi.ts): owners and editors. */
  ...contentRoutes,
  /** The newsletter's routes (newsletterApi.ts): every account writes; owners send. */
  ...newsletterRoutes,
} as const satisfies Record<string, Contract>;

export type AdminRoute = keyof typeof adminRoutes;

/** The routes with which every account sets up its own second step at sign-in. */
const SECOND_FACTOR_ROUTES: readonly AdminRoute[] = [
  'secondFactor',
  'totpStart',
  'totpConfirm',
  'totpRemove',
  'passkeyOptions',
  'passkeyAdd',
  'passkeyRemove',
  'recoveryCodes',
];

/**
 * What an account that must set up a second step first (owners require one, it has none) may
 * use until it has: who it is, signing out, its password, and setting up its second step.
 */
export const BEFORE_SECOND_FACTOR: ReadonlySet<AdminRoute> = new Set<AdminRoute>([
  'me',
  'signOut',
  'signOutEverywhere',
  'confirmPassword',
  'recentPassword',
  ...SECOND_FACTOR_ROUTES,
]);

/** The routes every account may use; all others (leads, CVs, exports, erasure, notifications) are the owners' only. */
const EVERY_ROLE = new Set<AdminRoute>([
  // Who it is, signing out, its password, its own second step.
  ...BEFORE_SECOND_FACTOR,
  ...(Object.keys(contentRoutes) as AdminRoute[]),
  // An editor writes newsletters; an owner sends them.
  ...(Object.keys(newsletterRoutes) as AdminRoute[]).filter((route) => !(NEWSLETTER_OWNER_ROUTES as readonly string[]).includes(route)),
]);

/**
 * The actions that expose or destroy data in bulk: each asks for the account's password again
 * when it was last typed more than admin.passwordAgainMinutes ago (config/server.ts), with the
 * refusal PASSWORD_AGAIN (the inbox asks for it, then does the action). The list's bulk action
 * asks it for `delete` only. A route that manages accounts joins this list.
 */
export const PASSWORD_AGAIN_ROUTES: readonly AdminRoute[] = [
  'erasurePreview',
  'erase',
  'export',
  'deleteLead',
  'subscribersExport',
  'totpStart',
  'totpRemove',
  'passkeyOptions',
  'passkeyRemove',
  'recoveryCodes',
  'secondFactorRequired',
];

/** Whether an account of this role may use the route (the server answers 403 otherwise; the inbox hides what it may not). */
export function roleMayUse(role: AdminRole, route: AdminRoute): boolean {
  return role === 'owner' || EVERY_ROLE.has(route);
}

/** A route's address with its parameters filled in: pathOf('lead', { docId }). */
export function pathOf(route: AdminRoute, params: Record<string, string> = {}): string {
  return adminRoutes[route].path.replace(/:(\w+)/g, (_all, name: string) => encodeURIComponent(params[name] ?? ''));
}

export interface Me {
  email: string;
  /** Owners see leads and edit content; editors edit content only. */
  role: AdminRole;
  csrfToken: string;
  /**
   * For an owner, the settings still at their example values, one sentence each (the same as npm
   * run check's); none for an editor. With who is signed in, so that the inbox's frame shows them
   * as it first draws, and a screen's content never moves down under the pointer when they arrive.
   */
  placeholders: readonly string[];
  /**
   * For an owner, how many leads of the inbox have something unread (the count beside Inbox and in
   * the tab's title, kept up by the live updates afterwards): with who is signed in, so the
   * sections are drawn with it and never move sideways under the pointer as it arrives. None for
   * an editor, who sees no leads.
   */
  unread?: number;
  /**
   * For an owner, the newsletters an account marked ready for an owner to send (the frame lists
   * them, and counts them beside Newsletter), with who is signed in as `unread` is. None for an editor.
   */
  newslettersReady?: readonly ReadyNewsletter[];
  /** Owners require a second step at sign-in of every account, and this one has none yet: it may only set one up (BEFORE_SECOND_FACTOR). */
  mustSetUpSecondFactor?: true;
}
