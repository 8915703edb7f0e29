/**
 * The agency's accounts: made on the server with `npm run leads -- add-admin <email>` (the
 * password from standard input), never by the site itself; there is no default account.
 * Passwords are stored as scrypt hashes (node:crypto, memory-hard: 128 MiB and about a third
 * of a second per hash on the development machine), each with its own salt and its
 * parameters, so that they can be raised later without breaking older hashes.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import server from '../../../config/server';
import { rules } from '../../forms/model/rules';
import type { AdminRole } from '../../shared/contentApi';
import type { Store } from '../store';

/** OWASP's recommended scrypt setting (N = 2^17, r = 8, p = 1). */
const PARAMS = { N: 2 ** 17, r: 8, p: 1 };
const KEY_BYTES = 32;

function scrypt(password: string, salt: Buffer, { N, r, p }: { N: number; r: number; p: number }): Promise<Buffer> {
  // The memory scrypt needs is 128 * N * r bytes; allow it (Node's default cap is 32 MiB).
  // How many run at once is the sign-in's business (hashGate.ts); the command line runs one.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise<Buffer>((resolve, reject) => scryptCallback(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))));
}

/** "scrypt$N$r$p$salt$hash" (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;
/**
 * A hash of no one's password, checked when the e-mail typed has no account: the answer then
 * takes as long as for a real account with a wrong password.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(18).toString('base64'));
  return dummy;
}

/** E-mail addresses are compared without regard to case or surrounding spaces. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** An e-mail address by the forms' own check, and no longer than an address can be. */
export const looksLikeEmail = (email: string) => rules.email(email) && email.length <= 254;

/** Whether a password may be used: config/server.ts admin.passwordMinLength characters at least, passwordMaxLength at most. */
export function passwordLengthOk(password: string): boolean {
  return [...password].length >= server.admin.passwordMinLength && password.length <= server.admin.passwordMaxLength;
}

export function hasAccounts(store: Store): boolean {
  return store.db.prepare('SELECT 1 FROM admins LIMIT 1').get() !== undefined;
}

export function passwordHashOf(store: Store, email: string): string | undefined {
  const row = store.db.prepare('SELECT password_hash AS hash FROM admins WHERE email = ?').get(normalizeEmail(email)) as { hash: string } | undefined;
  return row?.hash;
}

/** The account's known-browser key (see knownBrowser.ts); undefined: no such account. */
export function browserKeyOf(store: Store, email: string): string | undefined {
  const row = store.db.prepare('SELECT browser_key AS key FROM admins WHERE email = ?').get(normalizeEmail(email)) as { key: string } | undefined;
  return row?.key;
}

/**
 * Adds an account, or sets a new password for an existing one (its sessions end, and its known
 * browsers are known no more). A new account
 * is an owner unless `role` says otherwise; an existing one keeps its role unless `role` is
 * given. Returns whether it already existed.
 */
export async function setAdmin(store: Store, email: string, password: string, now = Date.now(), role?: AdminRole): Promise<{ existed: boolean }> {
  const hash = await hashPassword(password);
  const address = normalizeEmail(email);
  return store.db.transaction(() => {
    // A new browser key each time: the account's known browsers (knownBrowser.ts) are known no more.
    const browserKey = randomBytes(16).toString('hex');
    const existed = store.db.prepare('UPDATE admins SET password_hash = ?, role = coalesce(?, role), browser_key = ? WHERE email = ?').run(hash, role ?? null, browserKey, address).changes > 0;
    if (existed) store.db.prepare('DELETE FROM sessions WHERE email = ?').run(address);
    else store.db.prepare('INSERT INTO admins (email, password_hash, created_at, role, browser_key) VALUES (?, ?, ?, ?, ?)').run(address, hash, now, role ?? 'owner', browserKey);
    return { existed };
  })();
}

/** The account's role, read at every request (a role changed on the server applies at once); undefined: no such account. */
export function roleOf(store: Store, email: string): AdminRole | undefined {
  const row = store.db.prepare('SELECT role FROM admins WHERE email = ?').get(normalizeEmail(email)) as { role: AdminRole } | undefined;
  return row?.role;
}

/** Removes an account; its sessions end with it (the sessions table cascades). Returns whether it existed. */
export function removeAdmin(store: Store, email: string): boolean {
  return store.db.prepare('DELETE FROM admins WHERE email = ?').run(normalizeEmail(email)).changes > 0;
}

export function listAdmins(store: Store): string[] {
  return (store.db.prepare('SELECT email FROM admins ORDER BY email').all() as { email: string }[]).map((row) => row.email);
}

/** Every account with its role, by e-mail address. */
export function listAdminRoles(store: Store): { email: string; role: AdminRole }[] {
  return store.db.prepare('SELECT email, role FROM admins ORDER BY email').all() as { email: string; role: AdminRole }[];
}
