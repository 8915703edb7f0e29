/**
 * The second step of the sign-in, so that a stolen password alone opens nothing: passkeys
 * (WebAuthn, verified by @simplewebauthn/server), a code from an authenticator app (TOTP, RFC 6238,
 * by otpauth: 6 digits, 30 s, one step either side for a slow hand; each code taken once, RFC 6238
 * section 5.2) and one-time recovery codes (random, stored as SHA-256 hashes). An account that has
 * a passkey or a confirmed app must give one of them (or a recovery code) after its password;
 * owners may require every account to have one (`account_settings`); `npm run leads --
 * reset-second-factor <email>` takes them all off an account that lost its devices.
 *
 * A right password that waits for its second step is a row of `second_steps` (its id in a signed
 * cookie of the sign-in's path; the passkey's challenge; taken once, within
 * admin.signIn.secondFactor.minutes). The tables are made by src/platform/server/migrations/index.ts.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { Secret, TOTP } from 'otpauth';
import type { FastifyRequest } from 'fastify';
import server from '../../../../config/server';
import { isHttps } from '../security';
import type { HasDatabase } from '../statements';
import { forgetDevices, MAIL_CODE_MS } from './newDevice';

const settings = server.admin.signIn.secondFactor;
const STEP_MS = settings.minutes * 60 * 1000;
const PERIOD_SECONDS = 30;

/** Where a passkey belongs: the site's host name (the relying party) and the page's origin, as the browser gives them. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** Where a passkey belongs: this site's host name and the page's origin, as the browser sent them (through a trusted proxy, its). */
export const relyingPartyOf = (request: FastifyRequest): RelyingParty => ({
  id: request.hostname,
  origin: `${isHttps(request) ? 'https' : 'http'}://${request.host}`,
  name: server.admin.secondFactorIssuer,
});

/** What an account has set up. */
export interface SecondFactors {
  totp: boolean;
  passkeys: { id: string; name: string; createdAt: number; lastUsedAt: number | null }[];
  recoveryLeft: number;
}

const totpOf = (secret: string, account: string) =>
  new TOTP({
    issuer: server.admin.secondFactorIssuer,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

const hashCode = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('base64url');

/** Recovery codes: 10 characters of an alphabet with no look-alikes (about 50 bits each), shown as two groups of five. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function recoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]!).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export function secondFactorsOf(store: HasDatabase, account: string): SecondFactors {
  const db = store.db;
  const totp = db.prepare('SELECT 1 FROM admin_totp WHERE email = ? AND confirmed_at IS NOT NULL').get(account) !== undefined;
  const passkeys = db
    .prepare('SELECT id, name, created_at AS createdAt, last_used_at AS lastUsedAt FROM admin_passkeys WHERE email = ? ORDER BY created_at, id')
    .all(account) as SecondFactors['passkeys'];
  const { n } = db.prepare('SELECT count(*) AS n FROM admin_recovery_codes WHERE email = ? AND used_at IS NULL').get(account) as { n: number };
  return { totp, passkeys, recoveryLeft: n };
}

/** Whether the account must give a second step after its password. */
export const hasSecondFactor = (store: HasDatabase, account: string) => {
  const factors = secondFactorsOf(store, account);
  return factors.totp || factors.passkeys.length > 0;
};

/** Whether owners require a second step of every account. */
export const secondFactorRequired = (store: HasDatabase) =>
  (store.db.prepare('SELECT second_factor_required AS required FROM account_settings WHERE id = 1').get() as { required: number } | undefined)?.required === 1;

export function setSecondFactorRequired(store: HasDatabase, required: boolean): void {
  store.db.prepare('UPDATE account_settings SET second_factor_required = ? WHERE id = 1').run(required ? 1 : 0);
}

/** An account that must set up a second step before it may do anything else: owners require one, and it has none. */
export const mustSetUpSecondFactor = (store: HasDatabase, account: string) => secondFactorRequired(store) && !hasSecondFactor(store, account);

/** New recovery codes for the account (the old ones stop working): shown once, kept as hashes. */
export function newRecoveryCodes(store: HasDatabase, account: string): string[] {
  const codes = Array.from({ length: settings.recoveryCodes }, recoveryCode);
  store.db.transaction(() => {
    store.db.prepare('DELETE FROM admin_recovery_codes WHERE email = ?').run(account);
    const insert = store.db.prepare('INSERT INTO admin_recovery_codes (email, code_hash) VALUES (?, ?)');
    for (const code of codes) insert.run(account, hashCode(code));
  })();
  return codes;
}

/** Codes for an account that gets its first second step (none kept yet); none when it has some. */
function firstRecoveryCodes(store: HasDatabase, account: string): string[] | undefined {
  const any = store.db.prepare('SELECT 1 FROM admin_recovery_codes WHERE email = ? LIMIT 1').get(account);
  return any ? undefined : newRecoveryCodes(store, account);
}

/** Takes a recovery code (once): whether it was one of the account's unused codes. */
export function takeRecoveryCode(store: HasDatabase, account: string, code: string, now: number): boolean {
  return (
    store.db.prepare('UPDATE admin_recovery_codes SET used_at = ? WHERE email = ? AND code_hash = ? AND used_at IS NULL').run(now, account, hashCode(code))
      .changes === 1
  );
}

// ---------------------------------------------------------------------------------------------
// The authenticator app.

/** Starts setting up the app (a new secret; one being set up is replaced): what the app needs, as an otpauth:// address and as text. */
export function startTotp(store: HasDatabase, account: string, now: number): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  store.db
    .prepare(
      `INSERT INTO admin_totp (email, secret, confirmed_at, last_step, created_at) VALUES (?, ?, NULL, 0, ?)
       ON CONFLICT (email) DO UPDATE SET secret = excluded.secret, confirmed_at = NULL, last_step = 0, created_at = excluded.created_at`,
    )
    .run(account, secret, now);
  return { secret, uri: totpOf(secret, account).toString() };
}

/** The time step of a right code (within one step of now) not taken before; undefined otherwise. */
function stepOf(secret: string, account: string, code: string, lastStep: number, now: number): number | undefined {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const delta = totpOf(secret, account).validate({ token, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  return step > lastStep ? step : undefined;
}

/** The first code from the app being set up: it is on from now. 'none': nothing is being set up; recovery codes when the account gets its first. */
export function confirmTotp(store: HasDatabase, account: string, code: string, now: number): 'wrong' | 'none' | { recoveryCodes?: string[] } {
  return store.db.transaction(() => {
    const row = store.db.prepare('SELECT secret, last_step AS lastStep FROM admin_totp WHERE email = ? AND confirmed_at IS NULL').get(account) as
      { secret: string; lastStep: number } | undefined;
    if (!row) return 'none' as const;
    const step = stepOf(row.secret, account, code, row.lastStep, now);
    if (step === undefined) return 'wrong' as const;
    store.db.prepare('UPDATE admin_totp SET confirmed_at = ?, last_step = ? WHERE email = ?').run(now, step, account);
    const recoveryCodes = firstRecoveryCodes(store, account);
    return recoveryCodes ? { recoveryCodes } : {};
  })();
}

/** A code of the account's app at the sign-in (each taken once): whether it was right. */
export function takeTotpCode(store: HasDatabase, account: string, code: string, now: number): boolean {
  return store.db.transaction(() => {
    const row = store.db.prepare('SELECT secret, last_step AS lastStep FROM admin_totp WHERE email = ? AND confirmed_at IS NOT NULL').get(account) as
      { secret: string; lastStep: number } | undefined;
    const step = row && stepOf(row.secret, account, code, row.lastStep, now);
    if (step === undefined) return false;
    store.db.prepare('UPDATE admin_totp SET last_step = ? WHERE email = ?').run(step, account);
    return true;
  })();
}

export function removeTotp(store: HasDatabase, account: string): boolean {
  return store.db.prepare('DELETE FROM admin_totp WHERE email = ?').run(account).changes > 0;
}

// ---------------------------------------------------------------------------------------------
// Passkeys.

/**
 * The WebAuthn library, loaded at the first passkey's use: it is the heaviest of the server's
 * packages to load (about a second of a core), and most starts of the server never use it.
 */
const webauthn = () => import('@simplewebauthn/server');

const transportsOf = (json: string) => JSON.parse(json) as AuthenticatorTransport[];

/** What the browser needs to make a passkey for the account (its passkeys already made are excluded). */
export async function passkeyRegistrationOptions(store: HasDatabase, account: string, party: RelyingParty): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = store.db.prepare('SELECT id, transports FROM admin_passkeys WHERE email = ?').all(account) as { id: string; transports: string }[];
  return (await webauthn()).generateRegistrationOptions({
    rpName: party.name,
    rpID: party.id,
    userName: account,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** Keeps the passkey the browser made, if it answers the challenge; recovery codes when the account gets its first second step. */
export async function addPasskey(
  store: HasDatabase,
  account: string,
  party: RelyingParty,
  challenge: string,
  response: RegistrationResponseJSON,
  name: string,
  now: number,
): Promise<'failed' | { recoveryCodes?: string[] }> {
  let verified;
  try {
    verified = await (
      await webauthn()
    ).verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      requireUserVerification: false,
    });
  } catch {
    return 'failed';
  }
  if (!verified.verified || !verified.registrationInfo) return 'failed';
  const { credential } = verified.registrationInfo;
  return store.db.transaction(() => {
    const added = store.db
      .prepare('INSERT OR IGNORE INTO admin_passkeys (id, email, public_key, counter, transports, name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(credential.id, account, Buffer.from(credential.publicKey), credential.counter, JSON.stringify(credential.transports ?? []), name, now);
    if (added.changes === 0) return 'failed' as const;
    const recoveryCodes = firstRecoveryCodes(store, account);
    return recoveryCodes ? { recoveryCodes } : {};
  })();
}

export function removePasskey(store: HasDatabase, account: string, id: string): boolean {
  return store.db.prepare('DELETE FROM admin_passkeys WHERE email = ? AND id = ?').run(account, id).changes > 0;
}

/** Whether removing one of these would leave an account that must have a second step without one. */
export function isLastRequired(store: HasDatabase, account: string, removing: { totp?: boolean; passkey?: string }): boolean {
  if (!secondFactorRequired(store)) return false;
  const factors = secondFactorsOf(store, account);
  const left = (factors.totp && !removing.totp ? 1 : 0) + factors.passkeys.filter((p) => p.id !== removing.passkey).length;
  return left === 0;
}

// ---------------------------------------------------------------------------------------------
// The second step of a sign-in.

export type SecondStepMethod = 'passkey' | 'totp' | 'recovery' | 'mail';

/**
 * After a right password: a second step waits (its id for the cookie), with what the browser needs
 * for a passkey. `mail`: the browser is new and owners ask for a mailed code (newDevice.ts): the
 * code alone for an account without a passkey or app, else after one of them but a passkey.
 */
export async function beginSecondStep(
  store: HasDatabase,
  account: string,
  remember: boolean,
  party: RelyingParty,
  now: number,
  mail = false,
): Promise<{ id: string; methods: SecondStepMethod[]; passkeyOptions?: PublicKeyCredentialRequestOptionsJSON }> {
  const factors = secondFactorsOf(store, account);
  const passkeys = store.db.prepare('SELECT id, transports FROM admin_passkeys WHERE email = ?').all(account) as { id: string; transports: string }[];
  const options =
    passkeys.length > 0
      ? await (
          await webauthn()
        ).generateAuthenticationOptions({
          rpID: party.id,
          allowCredentials: passkeys.map((row) => ({ id: row.id, transports: transportsOf(row.transports) })),
          userVerification: 'preferred',
        })
      : undefined;
  const id = randomBytes(24).toString('base64url');
  store.db.prepare('DELETE FROM second_steps WHERE created_at <= ? AND coalesce(mail_sent_at, 0) <= ?').run(now - STEP_MS, now - MAIL_CODE_MS);
  store.db
    .prepare('INSERT INTO second_steps (id, email, challenge, remember, created_at, mail_needed) VALUES (?, ?, ?, ?, ?, ?)')
    .run(id, account, options?.challenge ?? '', remember ? 1 : 0, now, mail ? 1 : 0);
  const methods: SecondStepMethod[] =
    factors.totp || passkeys.length > 0
      ? [...(passkeys.length > 0 ? (['passkey'] as const) : []), ...(factors.totp ? (['totp'] as const) : []), 'recovery']
      : ['mail'];
  return { id, methods, ...(options ? { passkeyOptions: options } : {}) };
}

/** A second step waiting: whose, the passkey's challenge, whether remembered; whether it needs the mailed code, and whether its passkey, app or recovery code was given. */
export interface WaitingStep {
  account: string;
  challenge: string;
  remember: boolean;
  mailNeeded: boolean;
  factorDone: boolean;
}

/** The second step waiting under this id, if it is not too old (a mailed code gives it the code's minutes from its mail). */
export function secondStepOf(store: HasDatabase, id: string, now: number): WaitingStep | undefined {
  const row = store.db
    .prepare(
      `SELECT email, challenge, remember, created_at AS createdAt, mail_needed AS mailNeeded, factor_done AS factorDone, mail_sent_at AS mailSentAt
       FROM second_steps WHERE id = ?`,
    )
    .get(id) as
    { email: string; challenge: string; remember: number; createdAt: number; mailNeeded: number; factorDone: number; mailSentAt: number | null } | undefined;
  if (!row) return undefined;
  const fresh = row.mailSentAt !== null ? now - row.mailSentAt <= MAIL_CODE_MS : now - row.createdAt <= STEP_MS;
  if (!fresh) return undefined;
  return { account: row.email, challenge: row.challenge, remember: row.remember === 1, mailNeeded: row.mailNeeded === 1, factorDone: row.factorDone === 1 };
}

/** The step's passkey, app or recovery code was right: what waits now is the mailed code. */
export function factorDone(store: HasDatabase, id: string): void {
  store.db.prepare('UPDATE second_steps SET factor_done = 1 WHERE id = ?').run(id);
}

/** The second step is done (or given up): its row goes, so its cookie opens nothing again. */
export function endSecondStep(store: HasDatabase, id: string): void {
  store.db.prepare('DELETE FROM second_steps WHERE id = ?').run(id);
}

/** A passkey's answer to the step's challenge: whether it is one of the account's, and proves it. */
export async function takePasskey(
  store: HasDatabase,
  account: string,
  party: RelyingParty,
  challenge: string,
  response: AuthenticationResponseJSON,
  now: number,
): Promise<boolean> {
  if (!challenge || typeof response?.id !== 'string') return false;
  const row = store.db
    .prepare('SELECT id, public_key AS publicKey, counter, transports FROM admin_passkeys WHERE email = ? AND id = ?')
    .get(account, response.id) as { id: string; publicKey: Buffer; counter: number; transports: string } | undefined;
  if (!row) return false;
  try {
    const { verified, authenticationInfo } = await (
      await webauthn()
    ).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      credential: { id: row.id, publicKey: new Uint8Array(row.publicKey), counter: row.counter, transports: transportsOf(row.transports) },
      requireUserVerification: false,
    });
    if (!verified) return false;
    store.db.prepare('UPDATE admin_passkeys SET counter = ?, last_used_at = ? WHERE id = ?').run(authenticationInfo.newCounter, now, row.id);
    return true;
  } catch {
    return false;
  }
}

/** Takes every second step off an account (the command line, for an owner who lost their devices); its sessions end, its browsers are new again. */
export function resetSecondFactors(store: HasDatabase, account: string): { removed: number } {
  return store.db.transaction(() => {
    const removed =
      store.db.prepare('DELETE FROM admin_passkeys WHERE email = ?').run(account).changes +
      store.db.prepare('DELETE FROM admin_totp WHERE email = ?').run(account).changes;
    store.db.prepare('DELETE FROM admin_recovery_codes WHERE email = ?').run(account);
    store.db.prepare('DELETE FROM second_steps WHERE email = ?').run(account);
    store.db.prepare('DELETE FROM sessions WHERE email = ?').run(account);
    forgetDevices(store, account);
    return { removed };
  })();
}
