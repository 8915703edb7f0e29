/**
 * The unsubscribe link's token: it names a subscriber and the newsletter that carried it, signed
 * with a key made from the server's secret (src/server/admin/secret.ts, kept in the data folder),
 * so that the link is its own credential: the one-click POST (RFC 8058) needs no session and no
 * CSRF token, and nobody can make a link for an address they do not read. Subscriber 0 is a test
 * send's reader (the signed-in account): its link works and unsubscribes nobody.
 *
 * `<subscriber>.<newsletter>.<mac>`: two decimal ids and 22 characters of base64url (128 bits of
 * HMAC-SHA256). It never holds the address, so a link passed on or logged gives away none.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenFacts {
  subscriberId: number;
  newsletterId: number;
}

/** The key of the tokens, made from the server's secret (never the secret itself: it signs the sessions). */
export function tokenKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('newsletter unsubscribe links').digest();
}

const mac = (key: Buffer, { subscriberId, newsletterId }: TokenFacts) => createHmac('sha256', key).update(`${subscriberId}.${newsletterId}`).digest().subarray(0, 16).toString('base64url');

export function unsubscribeToken(key: Buffer, facts: TokenFacts): string {
  return `${facts.subscriberId}.${facts.newsletterId}.${mac(key, facts)}`;
}

/** A token's facts when the server made it; undefined for anything else (cut short, changed, made up). */
export function readToken(key: Buffer, token: string): TokenFacts | undefined {
  const match = /^(0|[1-9]\d{0,14})\.(0|[1-9]\d{0,14})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return undefined;
  const facts = { subscriberId: Number(match[1]), newsletterId: Number(match[2]) };
  const expected = Buffer.from(mac(key, facts));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? facts : undefined;
}
