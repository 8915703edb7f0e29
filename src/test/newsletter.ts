/**
 * For the newsletter's tests and its benchmark: subscribers written as the sign-up leaves them
 * (src/newsletter/server/subscribers.ts: one row per person, in a state), a DKIM key in a file
 * with the DNS record that publishes it, and mailauth's DKIM check over that record.
 */
import type Database from 'better-sqlite3';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import site from '../../config/site';
import { personKey } from '../leads/model/person';
import type { SubscriberState } from '../newsletter/model/subscribers';

/** Writes subscribers (address, state) as the sign-up and its confirmation leave them; answers their ids in order. */
export function seedSubscribers(db: Database.Database, people: readonly { email: string; state: SubscriberState }[], now = Date.now()): number[] {
  const insert = db.prepare(
    `INSERT INTO subscribers (person, email, state, signed_up_at, consent_words, confirmed_at, unsubscribed_at, bounced_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return db.transaction(() =>
    people.map(({ email, state }) => {
      const at = (wanted: SubscriberState) => (state === wanted ? now : null);
      return Number(
        insert.run(
          personKey(email),
          email,
          state,
          now,
          site.footer.newsletter.heading,
          state === 'waiting' ? null : now,
          at('unsubscribed'),
          at('bounced'),
          now,
        ).lastInsertRowid,
      );
    }),
  )();
}

/** The state of a subscriber now. */
export const subscriberState = (db: Database.Database, email: string) =>
  db
    .prepare('SELECT state, soft_bounces AS softBounces, unsubscribed_at AS unsubscribedAt, bounced_at AS bouncedAt FROM subscribers WHERE person = ?')
    .get(personKey(email)) as { state: SubscriberState; softBounces: number; unsubscribedAt: number | null; bouncedAt: number | null } | undefined;

export interface DkimKey {
  /** DKIM_PRIVATE_KEY_FILE, DKIM_SELECTOR (and the domain: MAIL_FROM's). */
  env: { DKIM_PRIVATE_KEY_FILE: string; DKIM_SELECTOR: string };
  /** The TXT record to publish at <selector>._domainkey.<domain>. */
  record: string;
  selector: string;
  /** Removes the key's folder. */
  remove(): void;
}

/** A fresh 2048-bit RSA key in a file of its own, as `openssl genrsa` makes one, and its DNS record (`openssl rsa -pubout`'s key). */
export function makeDkimKey(selector = 'site2026'): DkimKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dkim-'));
  const file = path.join(dir, 'dkim-private.pem');
  writeFileSync(file, privateKey.export({ type: 'pkcs1', format: 'pem' }), { mode: 0o600 });
  const der = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return {
    env: { DKIM_PRIVATE_KEY_FILE: file, DKIM_SELECTOR: selector },
    record: `v=DKIM1; k=rsa; p=${der}`,
    selector,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** mailauth's dkimVerify, if mailauth is installed (a devDependency: the lead installs it). */
export async function loadDkimVerify(): Promise<
  ((message: string, options: { resolver: (name: string, type: string) => Promise<string[][]> }) => Promise<DkimResult>) | undefined
> {
  try {
    // @ts-expect-error: mailauth ships no types
    const module = (await import('mailauth/lib/dkim/verify.js')) as { dkimVerify?: unknown; default?: { dkimVerify?: unknown } };
    return (module.dkimVerify ?? module.default?.dkimVerify) as never;
  } catch {
    return undefined;
  }
}

export interface DkimResult {
  results: { signingDomain: string; selector: string; status: { result: string; comment?: string }; signingHeaders?: { keys: string } }[];
}

/** A resolver answering the DKIM record of `domain` (and nothing else), as DNS would. */
export function dkimResolver(domain: string, key: DkimKey) {
  return async (name: string, type: string): Promise<string[][]> => {
    if (type === 'TXT' && name.toLowerCase() === `${key.selector}._domainkey.${domain}`) return [[key.record]];
    throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
  };
}
