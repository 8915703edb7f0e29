/**
 * The agency's accounts: made on the server with `npm run leads -- add-admin <email>` (the
 * password from standard input), never by the site itself; there is no default account.
 * Passwords are stored as scrypt hashes (node:crypto, memory-hard: 128 MiB and about a third
 * of a second per hash on the development machine), each with its own salt and its
 * parameters, so that they can be raised later without breaking older hashes.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import server from '../../../../config/server';
import { rules } from '../../rules';
import type { AdminRole } from '../../roles';
import type { HasDatabase } from '../statements';

/** A hash's scrypt cost: N (work and memory), r (block size), p (parallel passes). */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's recommended scrypt setting (N = 2^17, r = 8, p = 1): every account's hash, unless a
 * caller passes other parameters on purpose (tests make their accounts with a cheap setting where
 * the hashing's cost is not what they test; there is no setting or variable that changes this).
 */
export const PASSWORD_HASHING: Readonly<ScryptParams> = Object.freeze({ N: 2 ** 17, r: 8, p: 1 });
const KEY_BYTES = 32;

function scrypt(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  // The memory scrypt needs is 128 * N * r bytes; allow it (Node's default cap is 32 MiB).
  // How many run at once is the sign-in's business (hashGate.ts); the command line runs one.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

const format = ({ N, r, p }: ScryptParams, salt: Buffer, key: Buffer) => ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');

/** "scrypt$N$r$p$salt$hash" (base64url), at PASSWORD_HASHING's cost unless `params` say otherwise. */
export async function hashPassword(password: string, params: ScryptParams = PASSWORD_HASHING): Promise<string> {
  const salt = randomBytes(16);
  return format(params, salt, await scrypt(password, salt, params));
}

/** A stored hash's parts; undefined: not a hash of ours. */
function partsOf(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | undefined {
  const [kind, n, r, p, salt, key] = stored.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (kind !== 'scrypt' || !salt || !key || !Object.values(params).every((v) => Number.isSafeInteger(v) && v > 0)) return undefined;
  return { params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/** The scrypt parameters a stored hash was made with; undefined: not a hash of ours. */
export const hashParamsOf = (stored: string): ScryptParams | undefined => partsOf(stored)?.params;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = partsOf(stored);
  if (!parts) return false;
  const key = await scrypt(password, parts.salt, parts.params);
  return key.length === parts.key.length && timingSafeEqual(key, parts.key);
}

/** Dummy hashes by their parameters: made once each (a random salt and key, no one's password), never changed, any one as good as another: a memo, left at module level on purpose. */
const dummies = new Map<string, string>();
/**
 * The hash checked when the e-mail typed has no account: no one's password, with the parameters
 * of the accounts' hashes (the costliest, should they differ; PASSWORD_HASHING while there are
 * none), so that checking it costs what checking a real account's costs: the answer takes as long
 * as for an account with a wrong password. Its salt and key are random bytes: no password
 * matches it, and nothing needs hashing to make it.
 */
export function unknownAccountHash(store: HasDatabase): string {
  const stored = (store.db.prepare('SELECT password_hash AS hash FROM admins').all() as { hash: string }[]).map((row) => hashParamsOf(row.hash));
  const cost = ({ N, r, p }: ScryptParams) => N * r * p;
  const params =
    stored.reduce<ScryptParams | undefined>((most, next) => (next && (!most || cost(next) > cost(most)) ? next : most), undefined) ?? PASSWORD_HASHING;
  const key = `${params.N}$${params.r}$${params.p}`;
  let dummy = dummies.get(key);
  if (!dummy) dummies.set(key, (dummy = format(params, randomBytes(16), randomBytes(KEY_BYTES))));
  return dummy;
}

/**
 * Accounts' e-mail addresses are compared without regard to case or surrounding spaces. Not by
 * src/leads/model/person.ts (a visitor's rule): owner+test@ may be an account of its own.
 */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** An e-mail address by the forms' own check, and no longer than an address can be. */
export const looksLikeEmail = (email: string) => rules.email(email) && email.length <= 254;

/** Whether a password may be used: config/server.ts admin.passwordMinLength characters at least, passwordMaxLength at most. */
export function passwordLengthOk(password: string): boolean {
  return [...password].length >= server.admin.passwordMinLength && password.length <= server.admin.passwordMaxLength;
}

export function hasAccounts(store: HasDatabase): boolean {
  return store.db.prepare('SELECT 1 FROM admins LIMIT 1').get() !== undefined;
}

export function passwordHashOf(store: HasDatabase, email: string): string | undefined {
  const row = store.db.prepare('SELECT password_hash AS hash FROM admins WHERE email = ?').get(normalizeEmail(email)) as { hash: string } | undefined;
  return row?.hash;
}

/** The account's known-browser key (see knownBrowser.ts); undefined: no such account. */
export function browserKeyOf(store: HasDatabase, email: string): string | undefined {
  const row = store.db.prepare('SELECT browser_key AS key FROM admins WHERE email = ?').get(normalizeEmail(email)) as { key: string } | undefined;
  return row?.key;
}

/**
 * Adds an account, or sets a new password for an existing one (its sessions end, and its known
 * browsers are known no more). A new account
 * is an owner unless `role` says otherwise; an existing one keeps its role unless `role` is
 * given. The hash costs PASSWORD_HASHING unless `hashing` says otherwise (tests). Returns whether
 * it already existed.
 */
export async function setAdmin(
  store: HasDatabase,
  email: string,
  password: string,
  now = Date.now(),
  role?: AdminRole,
  hashing: ScryptParams = PASSWORD_HASHING,
): Promise<{ existed: boolean }> {
  const hash = await hashPassword(password, hashing);
  const address = normalizeEmail(email);
  return store.db.transaction(() => {
    // A new browser key each time: the account's known browsers (knownBrowser.ts) are known no more.
    const browserKey = randomBytes(16).toString('hex');
    const existed =
      store.db
        .prepare('UPDATE admins SET password_hash = ?, role = coalesce(?, role), browser_key = ? WHERE email = ?')
        .run(hash, role ?? null, browserKey, address).changes > 0;
    if (existed) store.db.prepare('DELETE FROM sessions WHERE email = ?').run(address);
    else
      store.db
        .prepare('INSERT INTO admins (email, password_hash, created_at, role, browser_key) VALUES (?, ?, ?, ?, ?)')
        .run(address, hash, now, role ?? 'owner', browserKey);
    return { existed };
  })();
}

/** The account's role, read at every request (a role changed on the server applies at once); undefined: no such account. */
export function roleOf(store: HasDatabase, email: string): AdminRole | undefined {
  const row = store.db.prepare('SELECT role FROM admins WHERE email = ?').get(normalizeEmail(email)) as { role: AdminRole } | undefined;
  return row?.role;
}

/** Removes an account; its sessions end with it (the sessions table cascades). Returns whether it existed. */
export function removeAdmin(store: HasDatabase, email: string): boolean {
  return store.db.prepare('DELETE FROM admins WHERE email = ?').run(normalizeEmail(email)).changes > 0;
}

export function listAdmins(store: HasDatabase): string[] {
  return (store.db.prepare('SELECT email FROM admins ORDER BY email').all() as { email: string }[]).map((row) => row.email);
}

/** Every account with its role, by e-mail address. */
export function listAdminRoles(store: HasDatabase): { email: string; role: AdminRole }[] {
  return store.db.prepare('SELECT email, role FROM admins ORDER BY email').all() as { email: string; role: AdminRole }[];
}
