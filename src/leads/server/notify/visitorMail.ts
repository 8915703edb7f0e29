/**
 * E-mails to the visitor (docs/inbox.md "Replying" and "Auto-replies"): the auto-reply a form
 * sends at once (config/forms `autoReply`) and the replies the owner writes on the lead's page.
 * Each is a row of the deliveries queue (channel `visitor`: retried, kept across restarts, sent
 * again on request, like a notification) with its words kept in `visitor_mails`, so the lead's
 * page shows who sent what, when, and whether it arrived.
 *
 * Sent from MAIL_FROM with the agency's address (config/site.ts contact.email) as Reply-To and
 * as the envelope's sender (Return-Path: a bounce comes home to the mailbox the site reads), in
 * plain text, threaded per lead: each has its own Message-ID (its delivery id), and In-Reply-To
 * and References name the e-mails sent to this lead before it. An auto-reply says the language it
 * is written in (Content-Language: its lead's, the page it was sent from).
 *
 * An auto-reply carries nothing the visitor typed but their name (letters, spaces, hyphens and
 * apostrophes only, cut short: config/server.ts notifications.autoReply). The newsletter's
 * confirmation mail is an auto-reply of the sign-up, held to the same limits (a mark of its own).
 * No stranger can use those limits up for everyone (docs/security.md "Auto-replies and replies"):
 *
 * - once a day per mailbox (src/leads/model/person.ts), whatever is posted: the day's keys are HMACs
 *   of the mailbox under a salt made for that day, and both are deleted once the day is over;
 * - `perNetworkPerDay` per client network (IPv4 /24, IPv6 /64: the post's address, counted under
 *   an HMAC of its network by the day's salt): beyond, an auto-reply is not sent ("not this one")
 *   and a confirmation is not queued: the subscriber waits for an owner to send it
 *   (`confirmation_held_at`, src/newsletter/server/subscribers.ts);
 * - `perDay` in all, of which `confirmationsPerDay` for confirmations (the rest is the leads'):
 *   beyond, the mail is queued all the same, held (`held_for`), its delivery due at the next day's
 *   start, when it is counted in that day before it is sent (or held again: auto-replies first).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import nodemailer from 'nodemailer';
import server from '../../../../config/server';
import { senderFields, type FormLookups } from '../../../site/forms/model/registry';
import type { Served } from '../../../site/server/servedContent';
import type { ReplyDraft } from '../../model/replyDraft';
import { fillIn } from '../../../platform/inLanguage';
import { preparedIn } from '../../../platform/server/statements';
import type { Inserted } from '../../../platform/server/store/store';
import type { VisitorMail } from '../../model/adminApi';
import { keepLeadKeys } from '../leadKeys';
import { personKey } from '../../model/person';
import { networkKey } from '../../../platform/server/rateLimit';
import { threadIds } from '../mailbox/conversation';
import type { FormConfig } from '../../../site/forms/model/formSchema';
import { deliveriesIn, newDeliveryId } from './deliveries';
import { transportOptions } from '../../../platform/server/mail/transport';
import { isPlainAddress } from '../../../platform/server/mail/settings';
import type { MailSettings } from '../../../platform/server/mail/transport';

export type { VisitorMail };
type VisitorMailKind = VisitorMail['kind'];

const statements = preparedIn((db: Database.Database) => ({
  delivery: db.prepare("INSERT INTO deliveries (id, doc_id, channel, next_at, created_at) VALUES (?, ?, 'visitor', ?, ?)"),
  mail: db.prepare(
    'INSERT INTO visitor_mails (delivery_id, doc_id, kind, author, to_address, subject, body, created_at, via) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ),
  // With the language of its lead (the page it was sent from: src/leads/server/store.ts recordLanguage), which an auto-reply is written in.
  message: db.prepare(
    'SELECT v.doc_id AS docId, v.to_address AS toAddress, v.subject, v.body, v.created_at AS createdAt, v.kind, l.language FROM visitor_mails v LEFT JOIN leads l ON l.doc_id = v.doc_id WHERE v.delivery_id = ?',
  ),
  active: db.prepare("UPDATE leads SET active_at = strftime('%Y-%m-%dT%H:%M:%fZ', ? / 1000.0, 'unixepoch') WHERE doc_id = ?"),
  salt: db.prepare('SELECT salt FROM auto_reply_days WHERE day = ?'),
  newSalt: db.prepare('INSERT INTO auto_reply_days (day, salt) VALUES (?, ?)'),
  forgetDays: db.prepare('DELETE FROM auto_reply_days WHERE day < ?'),
  forgetKeys: db.prepare('DELETE FROM auto_reply_keys WHERE day < ?'),
  hasKey: db.prepare('SELECT 1 FROM auto_reply_keys WHERE key = ?'),
  keysOfDay: db.prepare('SELECT count(*) AS n FROM auto_reply_keys WHERE day = ?'),
  addKey: db.prepare('INSERT INTO auto_reply_keys (key, day) VALUES (?, ?)'),
  count: db.prepare('SELECT n FROM visitor_mail_counts WHERE day = ? AND key = ?').pluck(),
  bump: db.prepare('INSERT INTO visitor_mail_counts (day, key, n) VALUES (?, ?, 1) ON CONFLICT (day, key) DO UPDATE SET n = n + 1'),
  forgetCounts: db.prepare('DELETE FROM visitor_mail_counts WHERE day < ?'),
  hold: db.prepare('UPDATE visitor_mails SET held_for = ? WHERE delivery_id = ?'),
  heldFor: db.prepare('SELECT held_for FROM visitor_mails WHERE delivery_id = ?').pluck(),
  holdUntil: db.prepare("UPDATE deliveries SET next_at = ? WHERE id = ? AND state = 'pending'"),
  heldCounts: db.prepare('SELECT held_for AS purpose, count(*) AS n, min(created_at) AS since FROM visitor_mails WHERE held_for IS NOT NULL GROUP BY held_for'),
}));

/** Writes one e-mail to the visitor and its pending delivery (inside the caller's transaction). */
function queueMail(
  db: Database.Database,
  docId: string,
  mail: { kind: VisitorMailKind; author: string | null; to: string; subject: string; text: string; via?: VisitorMail['via'] },
  now: number,
): string {
  const q = statements(db);
  const id = newDeliveryId();
  q.delivery.run(id, docId, now, now);
  q.mail.run(id, docId, mail.kind, mail.author, mail.to, mail.subject, mail.text, now, mail.via ?? 'inbox');
  q.active.run(now, docId);
  return id;
}

/** The address a lead gave in its form's first e-mail field, if it is one a mail can go to. */
function addressOf(forms: FormLookups, collection: string, document: Record<string, unknown>): string | undefined {
  const field = senderFields(forms.formForCollection(collection)).emails[0];
  const address = field ? String(document[field.name] ?? '').trim() : '';
  return isPlainAddress(address) ? address : undefined;
}

const { autoReply: limits } = server.notifications;

/**
 * The visitor's name as an auto-reply may carry it: letters (any script), combining marks,
 * spaces, hyphens and apostrophes; no digits, dots, slashes or @ (nothing a mail program makes a
 * link of), cut to `nameMaxLength` characters. Empty when nothing is left.
 */
function nameForAutoReply(raw: unknown, max = limits.nameMaxLength): string {
  const letters = String(raw ?? '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}'’\- ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...letters].slice(0, max).join('').trim();
}

/**
 * What a day's mark is for: the auto-reply (any form's), or the newsletter's confirmation mail
 * (a person who sent a form and signed up the same day gets both, each once).
 */
type MarkPurpose = 'autoReply' | 'confirmation';
const MARK_PURPOSES: readonly MarkPurpose[] = ['autoReply', 'confirmation'];
const markOf = (salt: Buffer, person: string, purpose: MarkPurpose) =>
  createHmac('sha256', salt)
    .update(purpose === 'autoReply' ? person : `confirmation\n${person}`)
    .digest('base64url');

const DAY_MS = 86_400_000;

/** Who posted: the client's address, and how many visitors' mails its network may have a day. */
export interface FromClient {
  client: string;
  share: number;
}
const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10);

/** When a mail held over the day's count is due again: the next day's start (a confirmation a moment after the auto-replies). */
const nextWindow = (now: number, purpose: MarkPurpose) => (Math.floor(now / DAY_MS) + 1) * DAY_MS + (purpose === 'confirmation' ? 1 : 0);

/** Today's salt (made at the day's first mail), the days before it forgotten with their keys and counts. */
function today(db: Database.Database, now: number): { day: string; salt: Buffer } {
  const q = statements(db);
  const day = dayOf(now);
  q.forgetKeys.run(day);
  q.forgetCounts.run(day);
  q.forgetDays.run(day);
  let salt = (q.salt.get(day) as { salt: Buffer } | undefined)?.salt;
  if (!salt) q.newSalt.run(day, (salt = randomBytes(32)));
  return { day, salt };
}

const countOf = (db: Database.Database, day: string, key: string) => (statements(db).count.get(day, key) as number | undefined) ?? 0;

/** Whether the day's counts have room for one more of this kind: `perDay` in all, of which `confirmationsPerDay` confirmations. */
function roomIn(db: Database.Database, day: string, purpose: MarkPurpose): boolean {
  if (countOf(db, day, 'all') >= limits.perDay) return false;
  return purpose === 'autoReply' || countOf(db, day, 'confirmation') < limits.confirmationsPerDay;
}

/** Counts one mail of this kind in the day. */
function countIn(db: Database.Database, day: string, purpose: MarkPurpose): void {
  statements(db).bump.run(day, 'all');
  if (purpose === 'confirmation') statements(db).bump.run(day, 'confirmation');
}

/** The client network of a post's address, as the day's counts name it: IPv4 /ipv4NetworkBits, IPv6 /ipv6ClientBits. */
const networkOf = (client: string) => networkKey(client, limits.ipv4NetworkBits, server.limits.ipv6ClientBits);

/**
 * What becomes of a mail to a visitor: `send` (counted in today's), `later` (today's count is
 * reached: queued, held for the next day's), `owner` (its client network had its share today:
 * not queued; a confirmation waits for an owner), or `no` (this mailbox had one today; an
 * auto-reply from a network over its share). The mailbox's mark is taken for `send` and `later`.
 * `from`: the post's address and its network's share of the day (none: an owner's own action,
 * never held for a network).
 */
function admit(db: Database.Database, address: string, now: number, purpose: MarkPurpose, from?: FromClient): 'send' | 'later' | 'owner' | 'no' {
  const q = statements(db);
  const { day, salt } = today(db, now);
  const key = markOf(salt, personKey(address), purpose);
  if (q.hasKey.get(key)) return 'no';
  if (from !== undefined) {
    const network = `network\n${createHmac('sha256', salt).update(networkOf(from.client)).digest('base64url')}`;
    if (countOf(db, day, network) >= from.share) {
      if (purpose === 'autoReply') q.bump.run(day, 'refused');
      return purpose === 'autoReply' ? 'no' : 'owner';
    }
    q.bump.run(day, network);
  }
  q.addKey.run(key, day);
  if (!roomIn(db, day, purpose)) return 'later';
  countIn(db, day, purpose);
  return 'send';
}

/**
 * Whether a visitor's mail that is due may go now (the worker asks before sending): one held
 * over a day's count is counted in today's when there is room (and sent), else held for the next
 * day again (false). Any other mail: true.
 */
export function releaseHeld(db: Database.Database, deliveryId: string, now: number): boolean {
  const q = statements(db);
  const purpose = q.heldFor.get(deliveryId) as MarkPurpose | null | undefined;
  if (!purpose) return true;
  const { day } = today(db, now);
  if (!roomIn(db, day, purpose)) {
    q.holdUntil.run(nextWindow(now, purpose), deliveryId);
    return false;
  }
  countIn(db, day, purpose);
  q.hold.run(null, deliveryId);
  return true;
}

/** Deletes a lead's mails still held for a day's count (an owner sends its confirmation anew). */
export function dropHeldMails(db: Database.Database, docId: string): void {
  db.prepare('DELETE FROM deliveries WHERE id IN (SELECT delivery_id FROM visitor_mails WHERE doc_id = ? AND held_for IS NOT NULL)').run(docId);
}

/** The visitors' mails held now, for the inbox's notice (VisitorMailHeld): those waiting for a day's count, and today's auto-replies refused for their network. */
export function heldVisitorMail(
  db: Database.Database,
  now: number,
): { autoReplies: number; confirmations: number; since: number | null; refusedToday: number } {
  const rows = statements(db).heldCounts.all() as { purpose: MarkPurpose; n: number; since: number }[];
  const of = (purpose: MarkPurpose) => rows.find((row) => row.purpose === purpose);
  const since = rows.length > 0 ? Math.min(...rows.map((row) => row.since)) : null;
  return { autoReplies: of('autoReply')?.n ?? 0, confirmations: of('confirmation')?.n ?? 0, since, refusedToday: countOf(db, dayOf(now), 'refused') };
}

/**
 * The auto-reply marks of a person (src/leads/model/person.ts personKey) still kept: each day's key is
 * an HMAC of the person under that day's salt, which the database holds beside it, so a key names
 * them to whoever has the database and an address to try. An erasure deletes them (`forget`).
 */
export function autoReplyMarksOf(db: Database.Database, person: string, forget = false): number {
  const days = db.prepare('SELECT day, salt FROM auto_reply_days').all() as { day: string; salt: Buffer }[];
  const remove = db.prepare('DELETE FROM auto_reply_keys WHERE key = ?');
  let found = 0;
  for (const { salt } of days) {
    for (const purpose of MARK_PURPOSES) {
      const key = markOf(salt, person, purpose);
      if (!statements(db).hasKey.get(key)) continue;
      found++;
      if (forget) remove.run(key);
    }
  }
  return found;
}

/**
 * Queues the newsletter's confirmation mail of a sign-up (src/newsletter/server), inside its
 * transaction, in the words the caller made of config: `queued`; `later` (queued, held for the
 * next day's count); `owner` (its network had its share today: not queued, the owner may send it);
 * `today` (this mailbox had one today). `client`: the sign-up's address; none for an owner's resend.
 */
export function queueConfirmation(
  db: Database.Database,
  docId: string,
  to: string,
  mail: { subject: string; text: string },
  now: number,
  from?: FromClient,
): 'queued' | 'later' | 'owner' | 'today' {
  if (!isPlainAddress(to)) return 'today';
  const admitted = admit(db, to, now, 'confirmation', from);
  if (admitted === 'no') return 'today';
  if (admitted === 'owner') return 'owner';
  const id = queueMail(db, docId, { kind: 'autoReply', author: null, to, ...mail }, now);
  if (admitted === 'send') return 'queued';
  holdFor(db, id, 'confirmation', now);
  return 'later';
}

/** Holds a mail just queued for the next day's count. */
function holdFor(db: Database.Database, deliveryId: string, purpose: MarkPurpose, now: number): void {
  statements(db).hold.run(purpose, deliveryId);
  statements(db).holdUntil.run(nextWindow(now, purpose), deliveryId);
}

/**
 * Queues the auto-reply of a new lead, if its form has one, it is not spam, it gave an address,
 * that mailbox got none today and its network had not its share: true (held for the next day's
 * count when today's is reached). Runs inside the lead's own transaction.
 */
export function queueAutoReply(
  db: Database.Database,
  served: Pick<Served, 'servedFormIn' | 'languageOfAddress' | 'forms'>,
  { docId, collection, document, spam, client, language }: Inserted,
  now: number,
  share = limits.perNetworkPerDay,
): boolean {
  // In the language of the page it was sent from (its form's words in that language).
  const stored = served.forms.formForCollection(collection);
  const form = stored && served.servedFormIn(stored, language);
  const words = form?.autoReply;
  const to = addressOf(served.forms, collection, document);
  if (spam || !form || !words || !to) return false;
  const admitted = admit(db, to, now, 'autoReply', client === undefined ? undefined : { client, share });
  if (admitted === 'no' || admitted === 'owner') return false;
  const values = autoReplyValues(form, document);
  // Filled as the language writes (src/platform/inLanguage.ts): the one way a visitor's mail writes a figure or a day.
  const code = language ?? served.languageOfAddress(undefined);
  const id = queueMail(
    db,
    docId,
    { kind: 'autoReply', author: null, to, subject: fillIn(code, words.subject, values), text: fillIn(code, words.text, values) },
    now,
  );
  if (admitted === 'later') holdFor(db, id, 'autoReply', now);
  return true;
}

/** What an auto-reply fills in: the visitor's name, as it may carry it. */
function autoReplyValues(form: FormConfig, document: Record<string, unknown>): Record<string, string> {
  const nameField = senderFields(form).name;
  return nameField ? { [nameField.name]: nameForAutoReply(document[nameField.name]) || limits.withoutName } : {};
}

/**
 * Queues the owner's reply to a lead (the caller marks it Replied in the same transaction):
 * written in the inbox, or in a mail program and sent on by the site (`via`). Its words join the
 * lead's search. `forms`: the server's (app.served.forms), the lead's form looked up there.
 */
export function queueReply(
  db: Database.Database,
  forms: FormLookups,
  docId: string,
  draft: ReplyDraft,
  author: string,
  now: number,
  via: VisitorMail['via'] = 'inbox',
): 'queued' | 'unknownLead' | 'noAddress' {
  const lead = deliveriesIn(db).lead(docId);
  if (!lead) return 'unknownLead';
  const to = addressOf(forms, lead.collection, lead.document);
  if (!to) return 'noAddress';
  queueMail(db, docId, { kind: 'reply', author, to, subject: draft.subject.trim(), text: draft.text, via }, now);
  keepLeadKeys(db, forms, docId);
  return 'queued';
}

/**
 * The language an auto-reply (a form's, or the newsletter's confirmation) is written in, as its
 * Content-Language says it: its lead's (the page it was sent from), one of the site's languages;
 * else the default one (a lead from before languages). An owner's reply says none: its words are
 * the owner's, in whatever language they wrote.
 */
function languageOfMail(mail: { kind: VisitorMailKind; language: string | null }, served: Pick<Served, 'servedLanguages'>): string | undefined {
  if (mail.kind !== 'autoReply') return undefined;
  const languages = served.servedLanguages();
  return languages.find((l) => l.code === mail.language)?.code ?? languages[0]!.code;
}

/** Sends the e-mail of a `visitor` delivery, threaded after the ones sent to that lead before it. */
export function createVisitorMailSender(settings: MailSettings, db: Database.Database, served: Pick<Served, 'agencyAddress' | 'servedLanguages' | 'forms'>) {
  const transport = nodemailer.createTransport(transportOptions(settings));
  const domain = settings.fromAddress.split('@')[1] ?? 'localhost';
  const messageId = (id: string) => `<${id}@${domain}>`;
  const replyTo = served.agencyAddress();
  return {
    async send(deliveryId: string): Promise<void> {
      const q = statements(db);
      const mail = q.message.get(deliveryId) as
        { docId: string; toAddress: string; subject: string; body: string; createdAt: number; kind: VisitorMailKind; language: string | null } | undefined;
      if (!mail) throw new Error('The e-mail is no longer stored.');
      const language = languageOfMail(mail, served);
      // Threaded after every mail with the person before it, both ways (their other leads' too).
      const earlier = threadIds(db, served.forms, mail.docId, mail.createdAt, deliveryId, domain);
      await transport.sendMail({
        from: settings.from,
        to: mail.toAddress,
        // The agency's mailbox answers for it (Reply-To) and hears of its failure (the envelope's sender): a bounce joins the lead.
        ...(replyTo ? { replyTo, envelope: { from: replyTo, to: mail.toAddress } } : {}),
        subject: mail.subject,
        text: mail.body,
        messageId: messageId(deliveryId),
        ...(earlier.length > 0 ? { inReplyTo: earlier.at(-1)!, references: earlier } : {}),
        // The reader's language (RFC 3282), as a page's <html lang> says it.
        ...(language ? { headers: { 'Content-Language': language } } : {}),
      });
    },
    close(): void {
      transport.close();
    },
  };
}
