/**
 * A new browser confirmed by mail (as Ghost checks a new device), when an owner turns it on
 * (`account_settings.new_device_mail`). A browser that finished a sign-in of an account is known
 * to it: it holds a long-lived cookie (`bg_device`: a random id, signed with the inbox's key,
 * HttpOnly, SameSite=Strict, for the sign-in's path only, for `admin.signIn.newDevice.days`) and
 * the account keeps the SHA-256 of that id (`admin_devices`: the database holds nothing a browser
 * could use). One cookie serves every account signed in from the browser; each account knows it
 * only once that account finished a sign-in there.
 *
 * From any other browser a right password (and the app's or a recovery code, for an account that
 * has one) is not yet a session: a code of `digits` digits is mailed to the account's own address
 * (SMTP_URL, MAIL_FROM; in config's words), and must be typed in that browser within `minutes`,
 * once. It is kept as a hash on the waiting sign-in's row (`second_steps`, secondFactor.ts);
 * `tries` wrong ones spend it (the password must be typed again, which mails a new one), and wrong
 * codes count with the second step's per account (throttle.ts), slowed then refused as passwords
 * are. An account is mailed `mailRate` codes at most. A passkey needs no code: it never leaves its
 * device, so signing in with one is proof enough of the browser. Without mail on the server the
 * setting cannot be turned on, and is not asked while mail is off.
 *
 * The mail itself: src/apps/server/admin/deviceMail.ts. Signing out everywhere and the command line's reset-second-factor forget the account's browsers.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import server from '../../../../config/server';
import { SIGN_IN_API } from '../../signIn';
import { isHttps } from '../security';
import type { HasDatabase } from '../statements';

export const DEVICE_COOKIE = 'bg_device';
const settings = server.admin.signIn.newDevice;
const DAY_MS = 24 * 60 * 60 * 1000;
export const MAIL_CODE_MS = settings.minutes * 60 * 1000;
/** Marks the signed value as this cookie's (the inbox signs other cookies with the same key). */
const PURPOSE = 'dv1';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Whether owners ask a new browser to be confirmed by mail. */
export const newDeviceMailOn = (store: HasDatabase) =>
  (store.db.prepare('SELECT new_device_mail AS on_ FROM account_settings WHERE id = 1').get() as { on_: number } | undefined)?.on_ === 1;

export function setNewDeviceMail(store: HasDatabase, on: boolean): void {
  store.db.prepare('UPDATE account_settings SET new_device_mail = ? WHERE id = 1').run(on ? 1 : 0);
}

/** The browser's id from its valid cookie (forged or of another purpose: none). */
function deviceIdOf(request: FastifyRequest): string | undefined {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return undefined;
  const [purpose, id, ...rest] = unsigned.value.split('.');
  return purpose === PURPOSE && id && rest.length === 0 && /^[\w-]{32}$/.test(id) ? id : undefined;
}

/** Whether this browser finished a sign-in of the account within `days`. */
export function isKnownDevice(request: FastifyRequest, store: HasDatabase, account: string, now: number): boolean {
  const id = deviceIdOf(request);
  if (!id) return false;
  const row = store.db.prepare('SELECT last_used_at AS lastUsedAt FROM admin_devices WHERE email = ? AND device_hash = ?').get(account, sha256(id)) as
    { lastUsedAt: number } | undefined;
  return row !== undefined && now - row.lastUsedAt < settings.days * DAY_MS;
}

/** After a finished sign-in: the browser is known to the account (its cookie made or kept, its days counted from now). */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, store: HasDatabase, account: string, now: number): void {
  const id = deviceIdOf(request) ?? randomBytes(24).toString('base64url');
  store.db.transaction(() => {
    store.db.prepare('DELETE FROM admin_devices WHERE email = ? AND last_used_at < ?').run(account, now - settings.days * DAY_MS);
    store.db
      .prepare(
        `INSERT INTO admin_devices (email, device_hash, created_at, last_used_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (email, device_hash) DO UPDATE SET last_used_at = excluded.last_used_at`,
      )
      .run(account, sha256(id), now, now);
  })();
  reply.setCookie(DEVICE_COOKIE, `${PURPOSE}.${id}`, {
    path: SIGN_IN_API,
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(request),
    signed: true,
    maxAge: (settings.days * DAY_MS) / 1000,
  });
}

/** Every browser of the account is new again (signing out everywhere, the command line's reset). */
export function forgetDevices(store: HasDatabase, account: string): number {
  return store.db.prepare('DELETE FROM admin_devices WHERE email = ?').run(account).changes;
}

/** A new code for the waiting sign-in `stepId` (the one before is spent): kept as its hash, its tries at 0. */
export function newMailCode(store: HasDatabase, stepId: string, now: number): string {
  const code = String(randomInt(0, 10 ** settings.digits)).padStart(settings.digits, '0');
  store.db.prepare('UPDATE second_steps SET mail_code_hash = ?, mail_sent_at = ?, mail_tries = 0 WHERE id = ?').run(sha256(`${stepId}:${code}`), now, stepId);
  return code;
}

/**
 * A code typed for the waiting sign-in: 'right' (it is spent), 'wrong', or 'spent' (too many
 * wrong ones, or too old: the waiting sign-in is over).
 */
export function takeMailCode(store: HasDatabase, stepId: string, code: string, now: number): 'right' | 'wrong' | 'spent' {
  return store.db.transaction(() => {
    const row = store.db.prepare('SELECT mail_code_hash AS hash, mail_sent_at AS sentAt, mail_tries AS tries FROM second_steps WHERE id = ?').get(stepId) as
      { hash: string | null; sentAt: number | null; tries: number } | undefined;
    if (!row || row.hash === null || row.sentAt === null || now - row.sentAt > MAIL_CODE_MS || row.tries >= settings.tries) {
      store.db.prepare('DELETE FROM second_steps WHERE id = ?').run(stepId);
      return 'spent' as const;
    }
    if (sha256(`${stepId}:${code.replace(/\s/g, '')}`) === row.hash) {
      store.db.prepare('UPDATE second_steps SET mail_code_hash = NULL WHERE id = ?').run(stepId);
      return 'right' as const;
    }
    if (row.tries + 1 >= settings.tries) {
      store.db.prepare('DELETE FROM second_steps WHERE id = ?').run(stepId);
      return 'spent' as const;
    }
    store.db.prepare('UPDATE second_steps SET mail_tries = mail_tries + 1 WHERE id = ?').run(stepId);
    return 'wrong' as const;
  })();
}
