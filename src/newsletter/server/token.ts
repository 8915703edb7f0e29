/**
 * The confirmation link's token: which subscriber it confirms and until when, signed with the
 * server's key (an HMAC-SHA256 under a key made from the inbox's secret, src/platform/server/accounts/secret.ts,
 * for this purpose alone). It is the only credential of the confirmation: whoever has the e-mail
 * may confirm, nobody else can make a token (a changed id or time breaks the signature; ids are
 * never used twice: the table's AUTOINCREMENT), and it stops working at its time (the waiting
 * sign-up is deleted then too: config/server.ts newsletter.unconfirmedDays). The address itself
 * is never in it.
 *
 * Its form: `<subscriber id>.<expiry, seconds since 1970>.<signature, base64url>`: letters,
 * digits, "." "-" and "_" only, one word in an address that mail programs leave as it is.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a token says, once its signature is right. */
export interface ConfirmToken {
  subscriberId: number;
  /** Milliseconds since 1970. */
  expiresAt: number;
}

const PATTERN = /^([1-9]\d{0,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** Tokens signed under the server's secret. */
export function confirmTokens(secret: string) {
  const key = createHmac('sha256', secret).update('newsletter confirmation').digest();
  const signature = (id: string, seconds: string) => createHmac('sha256', key).update(`${id}.${seconds}`).digest();
  return {
    make(subscriberId: number, expiresAt: number): string {
      const [id, seconds] = [String(subscriberId), String(Math.floor(expiresAt / 1000))];
      return `${id}.${seconds}.${signature(id, seconds).toString('base64url')}`;
    },
    /** What a token says, or undefined when it is not one this server signed (malformed, cut short, changed). */
    read(token: unknown): ConfirmToken | undefined {
      const match = typeof token === 'string' ? PATTERN.exec(token) : null;
      if (!match) return undefined;
      const [, id, seconds, mac] = match as unknown as [string, string, string, string];
      const given = Buffer.from(mac, 'base64url');
      const expected = signature(id, seconds);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return { subscriberId: Number(id), expiresAt: Number(seconds) * 1000 };
    },
  };
}
export type ConfirmTokens = ReturnType<typeof confirmTokens>;
