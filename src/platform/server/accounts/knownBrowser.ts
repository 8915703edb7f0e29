/**
 * The known browser: OWASP's "device cookie" against online guessing. After a right password the
 * browser is given a cookie naming the account, signed with the inbox's key (@fastify/cookie's
 * signed cookies), for `admin.signIn.knownBrowser.days` (config/server.ts). A sign-in carrying a
 * valid one for the e-mail typed is a known browser's: the hashing queue serves it before
 * strangers' tries (hashGate.ts), and its wrong passwords are counted per cookie, not per address
 * (throttle.ts). A cookie that is forged, older than its days, another account's, or made before
 * the account changed (a new password, the account removed and made again: accounts.ts gives it a
 * new browser key) counts as no cookie. Each cookie has an id of its own, so a stolen one gives
 * its thief that cookie's guesses only. Signing out keeps it: it opens nothing by itself.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import server from '../../../../config/server';
import { SIGN_IN_API } from '../../signIn';
import { isHttps } from '../security';
import type { HasDatabase } from '../statements';
import { browserKeyOf } from './accounts';

export const KNOWN_BROWSER_COOKIE = 'bg_known';
const DAY_MS = 24 * 60 * 60 * 1000;
const settings = server.admin.signIn.knownBrowser;
/** Marks the signed value as this cookie's (the inbox signs other cookies with the same key). */
const PURPOSE = 'kb1';

/** What the cookie says: the account, its browser key then, the cookie's own id, when it was given. */
interface Claim {
  account: string;
  key: string;
  id: string;
  issuedAt: number;
}

function claimOf(value: string): Claim | undefined {
  const [purpose, body, ...rest] = value.split('.');
  if (purpose !== PURPOSE || !body || rest.length > 0) return undefined;
  try {
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Claim>;
    const { account, key, id, issuedAt } = claim;
    return typeof account === 'string' && typeof key === 'string' && typeof id === 'string' && typeof issuedAt === 'number'
      ? { account, key, id, issuedAt }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The id of the request's known-browser cookie if it is valid for `account` now; otherwise undefined (no cookie). */
export function knownBrowserOf(request: FastifyRequest, store: HasDatabase, account: string, now: number): string | undefined {
  const raw = request.cookies[KNOWN_BROWSER_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  const claim = unsigned.valid && unsigned.value !== null ? claimOf(unsigned.value) : undefined;
  if (!claim || claim.account !== account || now - claim.issuedAt >= settings.days * DAY_MS) return undefined;
  const key = browserKeyOf(store, account);
  return key !== undefined && key === claim.key ? claim.id : undefined;
}

/** After a right password: a new cookie for this browser (a new id, its days counted from now). */
export function rememberBrowser(request: FastifyRequest, reply: FastifyReply, store: HasDatabase, account: string, now: number): void {
  const key = browserKeyOf(store, account);
  if (key === undefined) return;
  const claim: Claim = { account, key, id: randomBytes(16).toString('base64url'), issuedAt: now };
  reply.setCookie(KNOWN_BROWSER_COOKIE, `${PURPOSE}.${Buffer.from(JSON.stringify(claim)).toString('base64url')}`, {
    // Sent to the sign-in only; Secure over HTTPS as the session's cookie.
    path: SIGN_IN_API,
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(request),
    signed: true,
    maxAge: (settings.days * DAY_MS) / 1000,
  });
}
