/**
 * E-mails to the visitor (docs/inbox.md "Replying" and "Auto-replies"): the auto-reply a form
 * sends at once (config/forms `autoReply`) and the replies the owner writes on the lead's page.
 * Each is a row of the deliveries queue (channel `visitor`: retried, kept across restarts, sent
 * again on request, like a notification) with its words kept in `visitor_mails`, so the lead's
 * page shows who sent what, when, and whether it arrived.
 *
 * Sent from MAIL_FROM with the agency's address (config/site.ts contact.email) as Reply-To, in
 * plain text, threaded per lead: each has its own Message-ID (its delivery id), and In-Reply-To
 * and References name the e-mails sent to this lead before it.
 *
 * An auto-reply carries nothing the visitor typed but their name (letters, spaces, hyphens and
 * apostrophes only, cut short: config/server.ts notifications.autoReply), and goes at most once
 * a day to an address whatever is posted: the day's keys are HMACs of the address under a salt
 * made for that day, and both are deleted once the day is over. The newsletter's confirmation
 * mail is an auto-reply of the sign-up, counted the same way (a mark of its own: once a day).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import nodemailer from 'nodemailer';
import server from '../../../../config/server';
import { formForCollection, senderFields } from '../../../site/forms/model/registry';
import type { ReplyDraft } from '../../model/replyDraft';
import { fill } from '../../../schema/text';
import { preparedIn } from '../../../platform/server/statements';
import type { Inserted } from '../store';
import type { VisitorMail } from '../../model/adminApi';
import { keepLeadKeys } from '../leadKeys';
import { personKey } from '../../model/person';
import { threadIds } from '../mailbox/conversation';
import type { FormConfig } from '../../../site/forms/model/formSchema';
import { deliveriesIn, newDeliveryId } from './deliveries';
import { transportOptions } from './mail';
import { agencyAddress, isPlainAddress, type MailSettings } from './settings';

export type { VisitorMail };
type VisitorMailKind = VisitorMail['kind'];

const statements = preparedIn((db: Database.Database) => ({
  delivery: db.prepare("INSERT INTO deliveries (id, doc_id, channel, next_at, created_at) VALUES (?, ?, 'visitor', ?, ?)"),
  mail: db.prepare(
    'INSERT INTO visitor_mails (delivery_id, doc_id, kind, author, to_address, subject, body, created_at, via) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ),
  message: db.prepare('SELECT doc_id AS docId, to_address AS toAddress, subject, body, created_at AS createdAt FROM visitor_mails WHERE delivery_id = ?'),
  active: db.prepare("UPDATE leads SET active_at = strftime('%Y-%m-%dT%H:%M:%fZ', ? / 1000.0, 'unixepoch') WHERE doc_id = ?"),
  salt: db.prepare('SELECT salt FROM auto_reply_days WHERE day = ?'),
  newSalt: db.prepare('INSERT INTO auto_reply_days (day, salt) VALUES (?, ?)'),
  forgetDays: db.prepare('DELETE FROM auto_reply_days WHERE day < ?'),
  forgetKeys: db.prepare('DELETE FROM auto_reply_keys WHERE day < ?'),
  hasKey: db.prepare('SELECT 1 FROM auto_reply_keys WHERE key = ?'),
  keysOfDay: db.prepare('SELECT count(*) AS n FROM auto_reply_keys WHERE day = ?'),
  addKey: db.prepare('INSERT INTO auto_reply_keys (key, day) VALUES (?, ?)'),
}));

/** Writes one e-mail to the visitor and its pending delivery (inside the caller's transaction); a reply's words join the lead's search. */
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
  if (mail.kind === 'reply') keepLeadKeys(db, docId);
  return id;
}

/** The address a lead gave in its form's first e-mail field, if it is one a mail can go to. */
function addressOf(collection: string, document: Record<string, unknown>): string | undefined {
  const field = senderFields(formForCollection(collection)).emails[0];
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

/** Takes today's place for this address; false when it had one already, or today's auto-replies are all sent. */
function takeToday(db: Database.Database, address: string, now: number, purpose: MarkPurpose = 'autoReply'): boolean {
  const q = statements(db);
  const day = new Date(now).toISOString().slice(0, 10);
  q.forgetKeys.run(day);
  q.forgetDays.run(day);
  let salt = (q.salt.get(day) as { salt: Buffer } | undefined)?.salt;
  if (!salt) q.newSalt.run(day, (salt = randomBytes(32)));
  const key = markOf(salt, personKey(address), purpose);
  if (q.hasKey.get(key)) return false;
  if ((q.keysOfDay.get(day) as { n: number }).n >= limits.perDay) return false;
  q.addKey.run(key, day);
  return true;
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
 * transaction, unless this person had one today (or today's auto-replies are all sent): an
 * auto-reply of the sign-up, in the words the caller made of config. True when queued.
 */
export function queueConfirmation(db: Database.Database, docId: string, to: string, mail: { subject: string; text: string }, now: number): boolean {
  if (!isPlainAddress(to) || !takeToday(db, to, now, 'confirmation')) return false;
  queueMail(db, docId, { kind: 'autoReply', author: null, to, ...mail }, now);
  return true;
}

/**
 * Queues the auto-reply of a new lead, if its form has one, it is not spam, it gave an address,
 * and that address got none today. Runs inside the lead's own transaction. True when queued.
 */
export function queueAutoReply(db: Database.Database, { docId, collection, document, spam }: Inserted, now: number): boolean {
  const form = formForCollection(collection);
  const words = form?.autoReply;
  const to = addressOf(collection, document);
  if (spam || !form || !words || !to || !takeToday(db, to, now)) return false;
  const values = autoReplyValues(form, document);
  queueMail(db, docId, { kind: 'autoReply', author: null, to, subject: fill(words.subject, values), text: fill(words.text, values) }, now);
  return true;
}

/** What an auto-reply fills in: the visitor's name, as it may carry it. */
function autoReplyValues(form: FormConfig, document: Record<string, unknown>): Record<string, string> {
  const nameField = senderFields(form).name;
  return nameField ? { [nameField.name]: nameForAutoReply(document[nameField.name]) || limits.withoutName } : {};
}

/**
 * Queues the owner's reply to a lead (the caller marks it Replied in the same transaction):
 * written in the inbox, or in a mail program and sent on by the site (`via`).
 */
export function queueReply(
  db: Database.Database,
  docId: string,
  draft: ReplyDraft,
  author: string,
  now: number,
  via: VisitorMail['via'] = 'inbox',
): 'queued' | 'unknownLead' | 'noAddress' {
  const lead = deliveriesIn(db).lead(docId);
  if (!lead) return 'unknownLead';
  const to = addressOf(lead.collection, lead.document);
  if (!to) return 'noAddress';
  queueMail(db, docId, { kind: 'reply', author, to, subject: draft.subject.trim(), text: draft.text, via }, now);
  return 'queued';
}

/** Sends the e-mail of a `visitor` delivery, threaded after the ones sent to that lead before it. */
export function createVisitorMailSender(settings: MailSettings, db: Database.Database) {
  const transport = nodemailer.createTransport(transportOptions(settings));
  const domain = settings.fromAddress.split('@')[1] ?? 'localhost';
  const messageId = (id: string) => `<${id}@${domain}>`;
  const replyTo = agencyAddress();
  return {
    async send(deliveryId: string): Promise<void> {
      const q = statements(db);
      const mail = q.message.get(deliveryId) as { docId: string; toAddress: string; subject: string; body: string; createdAt: number } | undefined;
      if (!mail) throw new Error('The e-mail is no longer stored.');
      // Threaded after every mail with the person before it, both ways (their other leads' too).
      const earlier = threadIds(db, mail.docId, mail.createdAt, deliveryId, domain);
      await transport.sendMail({
        from: settings.from,
        to: mail.toAddress,
        ...(replyTo ? { replyTo } : {}),
        subject: mail.subject,
        text: mail.body,
        messageId: messageId(deliveryId),
        ...(earlier.length > 0 ? { inReplyTo: earlier.at(-1)!, references: earlier } : {}),
      });
    },
    close(): void {
      transport.close();
    },
  };
}
