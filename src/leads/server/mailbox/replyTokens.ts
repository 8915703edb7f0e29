/**
 * The reply address of each notification mail (docs/security.md "Replies from a mail program"):
 * the agency's address (config/site.ts contact.email, the mailbox the site reads) with "+r-" and
 * a token of that mail's own, `hello+r-<token>@agency.example`. The token is 26 characters of
 * base32 in lower case (130 random bits; mail servers may lower an address's case). Only its
 * SHA-256 is stored (`reply_tokens`), with the lead and the notification it was made for, the
 * addresses that notification went to, and until when it is taken
 * (config/server.ts notifications.replies.tokenDays): whoever reads the database cannot write
 * to a client through it, and a token opens one lead only.
 */
import type Database from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
import type { Email } from 'postal-mime';
import server from '../../../../config/server';
import { fill } from '../../../schema/text';
import type { Served } from '../../../site/server/servedContent';
import { preparedIn } from '../../../platform/server/statements';

const { replies } = server.notifications;

/** Why an owner's reply from a mail program was not sent on (config/server.ts notifications.replies.reasons). */
export type RefusalReason = keyof typeof replies.reasons;

/** The sentence of a reason, as the mail to the writer and the lead's page say it. */
export function refusalSentence(reason: RefusalReason): string {
  return fill(replies.reasons[reason] ?? reason, { days: replies.tokenDays });
}

const TAG = '+r-';
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const TOKEN = /^[a-z2-7]{26}$/;

/** 26 characters of lower-case base32 from 17 random bytes (130 bits of them). */
function newToken(): string {
  const bytes = randomBytes(17);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.slice(0, 26);
}

const hashOf = (token: string) => createHash('sha256').update(token.toLowerCase()).digest('hex');

const statements = preparedIn((db: Database.Database) => ({
  insert: db.prepare('INSERT INTO reply_tokens (hash, doc_id, delivery_id, sent_to, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)'),
  find: db.prepare('SELECT doc_id AS docId, delivery_id AS deliveryId, sent_to AS sentTo, expires_at AS expiresAt FROM reply_tokens WHERE hash = ?'),
}));

/** The content served (app.served), as far as the agency's address. */
type Agency = Pick<Served, 'agencyAddress'>;

/** The agency's address split at its @ (lower case), when it is one a reply address can be made of. */
function agencyParts(served: Agency): { local: string; domain: string } | undefined {
  const address = served.agencyAddress()?.toLowerCase();
  const at = address?.lastIndexOf('@') ?? -1;
  return address && at > 0 ? { local: address.slice(0, at), domain: address.slice(at + 1) } : undefined;
}

/**
 * Makes the reply address of one notification mail: a new token for the lead `docId` and the
 * notification `deliveryId`, taken from the addresses in `sentTo` (and an owner's account) until
 * tokenDays from `now`. Each try of the notification has one of its own (a try that reached the
 * agency keeps working). Undefined when the agency's address is not one to add a tag to.
 */
export function issueReplyAddress(
  db: Database.Database,
  served: Agency,
  { docId, deliveryId, sentTo, now }: { docId: string; deliveryId: string; sentTo: readonly string[]; now: number },
): string | undefined {
  const agency = agencyParts(served);
  if (!agency) return undefined;
  const token = newToken();
  statements(db).insert.run(
    hashOf(token),
    docId,
    deliveryId,
    JSON.stringify(sentTo.map((address) => address.toLowerCase())),
    now,
    now + replies.tokenDays * 86_400_000,
  );
  return `${agency.local}${TAG}${token}@${agency.domain}`;
}

/** The token of a reply address (any token-looking tag, checked later), or undefined for any other address. */
function tokenOf(address: string, agency: { local: string; domain: string }): string | undefined {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  const tag = lower.lastIndexOf(TAG, at);
  if (at < 0 || tag < 0 || lower.slice(at + 1) !== agency.domain || lower.slice(0, tag) !== agency.local) return undefined;
  return lower.slice(tag + TAG.length, at);
}

/**
 * The tokens of the reply addresses a mail was sent to (its To and Cc, and where the mail server
 * says it delivered it: Delivered-To, X-Original-To, Envelope-To), each once; an empty list when
 * it was sent to none (then it is no reply through the site).
 */
export function replyTokensOf(email: Pick<Email, 'to' | 'cc' | 'deliveredTo' | 'headers'>, served: Agency): string[] {
  const agency = agencyParts(served);
  if (!agency) return [];
  const addresses: string[] = [];
  for (const entry of [...(email.to ?? []), ...(email.cc ?? [])]) {
    if (entry.address) addresses.push(entry.address);
    for (const member of entry.group ?? []) addresses.push(member.address);
  }
  if (email.deliveredTo) addresses.push(email.deliveredTo);
  for (const header of email.headers ?? [])
    if (['delivered-to', 'x-original-to', 'envelope-to', 'x-delivered-to'].includes(header.key)) addresses.push(...header.value.split(/[\s,<>]+/));
  return [...new Set(addresses.map((address) => tokenOf(address, agency)).filter((token): token is string => token !== undefined))];
}

export interface ReplyToken {
  docId: string;
  deliveryId: string;
  /** The addresses the notification went to (lower case). */
  sentTo: string[];
  expiresAt: number;
}

/** The stored token (found by its hash), or undefined for a token never made (or malformed). */
export function findReplyToken(db: Database.Database, token: string): ReplyToken | undefined {
  if (!TOKEN.test(token)) return undefined;
  const row = statements(db).find.get(hashOf(token)) as { docId: string; deliveryId: string; sentTo: string; expiresAt: number } | undefined;
  return row && { ...row, sentTo: JSON.parse(row.sentTo) as string[] };
}
