/**
 * The newsletter's signed tokens, the only credential of the two links it mails: the
 * confirmation link (a sign-up's mail) and the unsubscribe link (every newsletter, and its
 * List-Unsubscribe header). One scheme for both: an HMAC-SHA256 under a key made from the server's
 * secret (src/platform/server/accounts/secret.ts, kept in the data folder; never the secret itself: it signs
 * the sessions), a key of its own for each purpose, so a token made for one is nothing for the
 * other. Nobody can make a token for an address they do not read (a changed id, time or
 * newsletter breaks the signature), and no token holds the address: a link passed on or logged
 * gives none away. Each is one word of letters, digits, "." "-" and "_", which mail programs leave
 * as it is.
 *
 * - confirmation: `<subscriber id>.<expiry, seconds since 1970>.<signature, 43 characters>`; whoever
 *   has the e-mail may confirm, until its time (the waiting sign-up is deleted then too:
 *   config/server.ts newsletter.unconfirmedDays). Subscriber ids are never used twice (AUTOINCREMENT).
 * - unsubscribe: `<subscriber id>.<newsletter id>.<signature, 22 characters: 128 bits>`: the one-click
 *   POST (RFC 8058) needs no session and no CSRF token. It does not expire: an old newsletter's link
 *   still unsubscribes. Subscriber 0 is a test send's reader (the signed-in account): its link works
 *   and unsubscribes nobody.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What each purpose's key is made for (the words the server's secret signs to make it). */
const PURPOSES = { confirm: 'newsletter confirmation', unsubscribe: 'newsletter unsubscribe links' } as const;
export type TokenPurpose = keyof typeof PURPOSES;

/** A purpose's key, made from the server's secret. */
export function tokenKey(secret: string, purpose: TokenPurpose): Buffer {
  return createHmac('sha256', secret).update(PURPOSES[purpose]).digest();
}

/** Whether a token's signature is the one expected, as written (base64url has one writing of each signature: no other is taken). */
const sameSignature = (given: string, expected: Buffer) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected.toString('base64url'))];
  return a.length === b.length && timingSafeEqual(a, b);
};

/** What a confirmation token says, once its signature is right. */
export interface ConfirmToken {
  subscriberId: number;
  /** Milliseconds since 1970. */
  expiresAt: number;
}

/** What an unsubscribe token names: the subscriber, and the newsletter that carried the link (0: a preview's). */
export interface TokenFacts {
  subscriberId: number;
  newsletterId: number;
}

const CONFIRM = /^([1-9]\d{0,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;
const UNSUBSCRIBE = /^(0|[1-9]\d{0,14})\.(0|[1-9]\d{0,14})\.([A-Za-z0-9_-]{22})$/;

/** The newsletter's tokens under the server's secret: each purpose's `make` and `read` (undefined for anything it did not make: cut short, changed, made up, the other purpose's). */
export function newsletterTokens(secret: string) {
  const keys = { confirm: tokenKey(secret, 'confirm'), unsubscribe: tokenKey(secret, 'unsubscribe') };
  const confirmMac = (id: string, seconds: string) => createHmac('sha256', keys.confirm).update(`${id}.${seconds}`).digest();
  const unsubscribeMac = ({ subscriberId, newsletterId }: TokenFacts) =>
    createHmac('sha256', keys.unsubscribe).update(`${subscriberId}.${newsletterId}`).digest().subarray(0, 16);
  return {
    confirm: {
      make(subscriberId: number, expiresAt: number): string {
        const [id, seconds] = [String(subscriberId), String(Math.floor(expiresAt / 1000))];
        return `${id}.${seconds}.${confirmMac(id, seconds).toString('base64url')}`;
      },
      read(token: unknown): ConfirmToken | undefined {
        const match = typeof token === 'string' ? CONFIRM.exec(token) : null;
        if (!match) return undefined;
        const [, id, seconds, mac] = match as unknown as [string, string, string, string];
        if (!sameSignature(mac, confirmMac(id, seconds))) return undefined;
        return { subscriberId: Number(id), expiresAt: Number(seconds) * 1000 };
      },
    },
    unsubscribe: {
      make(facts: TokenFacts): string {
        return `${facts.subscriberId}.${facts.newsletterId}.${unsubscribeMac(facts).toString('base64url')}`;
      },
      read(token: unknown): TokenFacts | undefined {
        const match = typeof token === 'string' ? UNSUBSCRIBE.exec(token) : null;
        if (!match) return undefined;
        const facts = { subscriberId: Number(match[1]), newsletterId: Number(match[2]) };
        return sameSignature(match[3]!, unsubscribeMac(facts)) ? facts : undefined;
      },
    },
  };
}
export type NewsletterTokens = ReturnType<typeof newsletterTokens>;
export type UnsubscribeTokens = NewsletterTokens['unsubscribe'];
