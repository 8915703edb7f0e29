/**
 * What a mail read from the agency's mailbox means for the leads: which lead it belongs to (only
 * by a Message-ID the site itself made: the auto-reply's, a reply's, a notification's, named in
 * its In-Reply-To or References; never by its subject or sender), whether it is the visitor's
 * answer or the agency's own reply from a mail program (the Sent folder's, or one from the agency's
 * address that the receiving server proved, sender.ts; one that only claims it is the visitor's,
 * marked suspicious), and keeping it on the lead with its text (never HTML: parse.ts reads it),
 * split into its writer's new words and the folded rest (quote, signature: replyText.ts), and its
 * attachments (PDF, DOC or DOCX told by their first bytes, as CVs are, within config/server.ts
 * mailbox limits); or, when it could not be read, by its headers with a note. Its new words join
 * the lead's search (leadKeys.ts). An automatic mail (automatic.ts: an out-of-office, a list's
 * mail, a report) is kept as such and changes nothing.
 *
 * Keeping it is one transaction with how far its folder was read: a mail is kept once (its
 * Message-ID is unique), and a reading cut off anywhere starts again where it stopped.
 */
import type Database from 'better-sqlite3';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { Email } from 'postal-mime';
import server from '../../../../config/server';
import { sniffDocumentType } from '../../../site/forms/model/uploadRules';
import { cutAtWord } from '../../../schema/text';
import { fileOnDisk, writeFileDurably } from '../../../platform/server/files';
import { keepLeadKeys } from '../leadKeys';
import type { FormLookups } from '../../../site/forms/model/registry';
import { personKey } from '../../model/person';
import { agencyReplied, clientAnswered } from '../attention';
import type { Notifications } from '../notify';
import { preparedIn } from '../../../platform/server/statements';
import { recordLeadEvent } from '../leadEvents';
import { automaticOf, failureOf } from './automatic';
import type { ReadMail } from './parse';
import { agencyProof } from './sender';
import type { Trust } from './settings';

const limits = server.mailbox;

/** Where kept attachments go (under the data folder's files/, with the CVs). */
export const ATTACHMENT_PREFIX = 'Mail/';

/** The site's own Message-IDs: "<msg_" and 20 letters and digits "@…>" (notify/deliveries.ts newDeliveryId). */
const OURS = /^msg_[A-Za-z0-9]{20}$/;

/** Every Message-ID named in a header value (In-Reply-To, References), in order. */
export function messageIdsIn(value: string | undefined): string[] {
  return [...(value ?? '').matchAll(/<([^<>\s]+)>/g)].map((m) => m[1]!);
}

const statements = preparedIn((db: Database.Database) => ({
  delivery: db.prepare("SELECT doc_id AS docId, created_at AS createdAt FROM deliveries WHERE id = ? AND channel IN ('email', 'visitor')"),
  lead: db.prepare('SELECT doc_id AS docId, spam, person FROM leads WHERE doc_id = ?'),
  known: db.prepare('SELECT 1 FROM lead_messages WHERE message_id = ?'),
  insert: db.prepare(
    `INSERT INTO lead_messages (doc_id, message_id, direction, from_address, from_name, subject, body, quoted, too_large, unreadable, suspicious, attachments, sent_at, read_at, folder, automatic)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (message_id) DO NOTHING`,
  ),
  file: db.prepare('INSERT INTO files (path, token, media_type, size, doc_id) VALUES (?, ?, ?, ?, ?)'),
  /** A mail of the site's to this lead's visitor that a delivery report says will never arrive (the first report counts). */
  returned: db.prepare(
    'UPDATE visitor_mails SET returned_at = ?, returned_status = ?, returned_by = ? WHERE delivery_id = ? AND doc_id = ? AND returned_at IS NULL',
  ),
  /** The lead's newest mail either way, before this one (automatic mails are not the conversation's). */
  latest: db.prepare(
    `SELECT max(coalesce((SELECT max(created_at) FROM visitor_mails WHERE doc_id = ?), 0), coalesce((SELECT max(sent_at) FROM lead_messages WHERE doc_id = ? AND message_id <> ? AND automatic IS NULL), 0)) AS at`,
  ),
  status: db.prepare("UPDATE leads SET status = ?, active_at = strftime('%Y-%m-%dT%H:%M:%fZ', ? / 1000.0, 'unixepoch') WHERE doc_id = ? AND spam = 0"),
  active: db.prepare("UPDATE leads SET active_at = max(coalesce(active_at, ''), strftime('%Y-%m-%dT%H:%M:%fZ', ? / 1000.0, 'unixepoch')) WHERE doc_id = ?"),
  folder: db.prepare('SELECT uid_validity AS uidValidity, last_uid AS lastUid FROM mailbox_folders WHERE folder = ?'),
  setFolder: db.prepare(
    'INSERT INTO mailbox_folders (folder, uid_validity, last_uid) VALUES (?, ?, ?) ON CONFLICT (folder) DO UPDATE SET uid_validity = excluded.uid_validity, last_uid = excluded.last_uid',
  ),
}));

/** Where a folder's reading got to: the last UID looked at, under this UIDVALIDITY (a new one starts again from the first). */
export function lastUidOf(db: Database.Database, folder: string, uidValidity: string): number {
  const row = statements(db).folder.get(folder) as { uidValidity: string; lastUid: number } | undefined;
  return row && row.uidValidity === uidValidity ? row.lastUid : 0;
}

export function setLastUid(db: Database.Database, folder: string, uidValidity: string, uid: number): void {
  statements(db).setFolder.run(folder, uidValidity, uid);
}

/** The lead a mail belongs to: the last of the site's own Message-IDs it names (In-Reply-To first, then References from the end). */
export function leadOfHeaders(db: Database.Database, headers: Pick<Email, 'inReplyTo' | 'references'>): { docId: string; answers: number } | undefined {
  return leadOfIds(db, [...messageIdsIn(headers.inReplyTo), ...messageIdsIn(headers.references).reverse()]);
}

/** The lead of the first of these Message-IDs (without <>) that the site made. */
export function leadOfIds(db: Database.Database, named: readonly string[]): { docId: string; answers: number } | undefined {
  for (const id of named) {
    const local = id.split('@')[0]!;
    if (!OURS.test(local)) continue;
    const row = statements(db).delivery.get(local) as { docId: string; createdAt: number } | undefined;
    if (row) return { docId: row.docId, answers: row.createdAt };
  }
  return undefined;
}

/** Whether a Message-ID is kept already (a mail read in two folders, or twice). */
export function isKept(db: Database.Database, messageId: string): boolean {
  return statements(db).known.get(messageId) !== undefined;
}

/** A mail's Message-ID, or one made from its bytes when it has none (so it is still kept once). */
export function messageIdOf(email: Email, raw: Buffer | string): string {
  const named = messageIdsIn(email.messageId)[0];
  if (named) return `<${named}>`;
  const bytes = typeof raw === 'string' ? Buffer.from(raw) : raw;
  return `<no-id-${createHash('sha256').update(bytes).digest('hex')}@mailbox>`;
}

interface Keep {
  /** The notifications (app.notifications): a client's answer is told to the owner. */
  notifications: Pick<Notifications, 'queueAnswerMail'>;
  /** The server's forms (app.served.forms): the lead's keys are written with its form. */
  forms: FormLookups;
  docId: string;
  /** When the site's mail it answers was made (ms): an answer comes after it, whatever its Date says (a Date has whole seconds). */
  answers: number;
  folder: string;
  /** The folder holds mails sent from the agency's mail program. */
  sentFolder: boolean;
  /** The agency's own addresses (its mailbox, MAIL_FROM, NOTIFY_TO): a mail from one is the agency's reply, when proved. */
  agency: readonly string[];
  /** What proves a mail from one of them to be the agency's (sender.ts). */
  trust: Trust;
  /** The mail, read whole; or by its headers only (too large, or unreadable). */
  mail: ReadMail;
  messageId: string;
  /** When it was read (the reader's clock). */
  now: number;
  /** Where the folder's reading got to with this mail. */
  position: { uidValidity: string; uid: number };
  dataDir: string;
}

interface KeptFile {
  name: string;
  size: number;
  /** The storage path, when it was kept. */
  path?: string;
}

/** The attachments: PDF, DOC or DOCX by their first bytes and within the size limit are written to disk; the others are only named. */
function keepAttachments(email: Email, dataDir: string): { files: (KeptFile & { mediaType?: string })[]; written: string[] } {
  const written: string[] = [];
  const files = (email.attachments ?? []).map((attachment, i) => {
    const bytes = typeof attachment.content === 'string' ? Buffer.from(attachment.content, 'base64') : Buffer.from(attachment.content as ArrayBuffer);
    const name = cutAtWord(
      [...(attachment.filename ?? '')]
        .map((c) => (c < ' ' || c === '/' || c === '\\' ? ' ' : c))
        .join('')
        .trim() || `attachment-${i + 1}`,
      120,
    );
    const mediaType = sniffDocumentType(bytes.subarray(0, 8));
    if (i >= limits.attachments.maxPerMail || !mediaType || bytes.length > limits.attachments.maxBytes) return { name, size: bytes.length };
    const id = randomUUID();
    const file = fileOnDisk(dataDir, ATTACHMENT_PREFIX, id);
    writeFileDurably(file, bytes);
    written.push(file);
    return { name, size: bytes.length, path: `${ATTACHMENT_PREFIX}${id}`, mediaType };
  });
  return { files, written };
}

/**
 * Which side of the conversation a mail is on: the visitor's own address is theirs even where it
 * is also one of the agency's (a test, an owner writing in); the Sent folder's and a proved one
 * from the agency's address are the agency's; one from the agency's address without proof is the
 * visitor's, suspicious (anyone can write any From).
 */
function sideOf(email: Email, visitor: string | null, keep: Pick<Keep, 'sentFolder' | 'agency' | 'trust'>): { direction: 'in' | 'out'; suspicious: boolean } {
  const from = email.from?.address ?? '';
  const person = from ? personKey(from) : '';
  if (person !== '' && person === visitor) return { direction: 'in', suspicious: false };
  if (keep.sentFolder) return { direction: 'out', suspicious: false };
  if (person === '' || !keep.agency.map(personKey).includes(person)) return { direction: 'in', suspicious: false };
  return agencyProof(email.headers ?? [], from, keep.agency, keep.trust) ? { direction: 'out', suspicious: false } : { direction: 'in', suspicious: true };
}

/**
 * Keeps a mail on its lead, with how far its folder was read, in one transaction; a mail kept
 * already (its Message-ID) only moves the reading on. Sets the lead Answered (their answer) or
 * Replied (the agency's) when it is the lead's newest mail. An automatic mail (automatic.ts: an
 * out-of-office, a report) is kept as such, without its attachments, and changes nothing on the
 * lead: only an 'automatic' event says it came. Answers whether it was new.
 */
export function keepMail(db: Database.Database, keep: Keep): boolean {
  const q = statements(db);
  const lead = q.lead.get(keep.docId) as { docId: string; spam: number; person: string | null } | undefined;
  if (!lead || isKept(db, keep.messageId)) {
    db.transaction(() => setLastUid(db, keep.folder, keep.position.uidValidity, keep.position.uid))();
    return false;
  }
  const { mail } = keep;
  const { email } = mail;
  const from = email.from?.address ?? '';
  const { direction, suspicious } = sideOf(email, lead.person, keep);
  // Its Date, never later than now (a date in the future would hold the lead's status).
  const dated = email.date ? Date.parse(email.date) : NaN;
  const sentAt = Math.min(Math.max(Number.isFinite(dated) ? dated : keep.now, keep.answers + 1), keep.now);
  const automatic = automaticOf(email);
  const { files, written } = mail.whole && !automatic ? keepAttachments(email, keep.dataDir) : { files: [], written: [] };
  try {
    db.transaction(() => {
      const added = q.insert.run(
        keep.docId,
        keep.messageId,
        direction,
        from,
        cutAtWord(email.from?.name ?? '', 200),
        cutAtWord((email.subject ?? '').replace(/\s+/g, ' ').trim(), 300),
        mail.whole ? mail.text : '',
        mail.whole ? mail.quoted : '',
        !mail.whole && mail.why === 'tooLarge' ? 1 : 0,
        !mail.whole && mail.why !== 'tooLarge' ? mail.why.unreadable : null,
        suspicious ? 1 : 0,
        JSON.stringify(files.map(({ name, size, path }) => ({ name, size, ...(path ? { path } : {}) }))),
        sentAt,
        keep.now,
        keep.folder,
        automatic?.kind ?? null,
      );
      if (added.changes === 0) throw new AlreadyKept();
      for (const file of files) if (file.path) q.file.run(file.path, randomBytes(16).toString('hex'), file.mediaType, file.size, keep.docId);
      if (automatic) {
        // An automatic mail: no status, unread mark, waiting time or activity changes; nobody is told.
        recordLeadEvent(db, { docId: keep.docId, kind: 'automatic', data: { automatic: automatic.kind }, at: keep.now });
        // A report that the site's mail to them will never arrive: that mail says so on the lead, no longer "Sent".
        if (automatic.kind === 'deliveryReport' && automatic.original && failureOf(automatic) === 'permanent')
          for (const id of messageIdsIn(automatic.original))
            q.returned.run(sentAt, automatic.status ?? null, Number(added.lastInsertRowid), id.split('@')[0]!, keep.docId);
      } else {
        const latest = (q.latest.get(keep.docId, keep.docId, keep.messageId) as { at: number }).at;
        if (sentAt >= latest) q.status.run(direction === 'in' ? 'answered' : 'replied', sentAt, keep.docId);
        else q.active.run(sentAt, keep.docId);
        // What the mail sets off for the agency (src/leads/server/attention.ts): the client's answer marks the
        // lead unread, waiting, and is mailed to the owner; the agency's own reply ends the wait.
        const kept = Number(added.lastInsertRowid);
        if (direction === 'out') agencyReplied(db, { docId: keep.docId, at: sentAt, newest: sentAt >= latest });
        else if (clientAnswered(db, { docId: keep.docId, at: sentAt, mail: kept, newest: sentAt >= latest }))
          keep.notifications.queueAnswerMail(keep.docId, kept);
      }
      // Its words join the lead's search (an automatic mail's too: it is kept in the conversation).
      keepLeadKeys(db, keep.forms, keep.docId);
      setLastUid(db, keep.folder, keep.position.uidValidity, keep.position.uid);
    })();
  } catch (error) {
    for (const file of written) rmSync(file, { force: true });
    if (!(error instanceof AlreadyKept)) throw error;
    db.transaction(() => setLastUid(db, keep.folder, keep.position.uidValidity, keep.position.uid))();
    return false;
  }
  return true;
}

class AlreadyKept extends Error {}
