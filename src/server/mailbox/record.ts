/**
 * What a mail read from the agency's mailbox means for the leads: which lead it belongs to (only
 * by a Message-ID the site itself made: the auto-reply's, a reply's, a notification's, named in
 * its In-Reply-To or References; never by its subject or sender), whether it is the visitor's
 * answer or the agency's own reply from a mail program, and keeping it on the lead with its text
 * (never HTML: a mail that has only HTML is turned into text) and its attachments (PDF, DOC or
 * DOCX told by their first bytes, as CVs are, within config/server.ts mailbox limits).
 *
 * Keeping it is one transaction with how far its folder was read: a mail is kept once (its
 * Message-ID is unique), and a reading cut off anywhere starts again where it stopped.
 */
import type Database from 'better-sqlite3';
import { convert } from 'html-to-text';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import PostalMime, { type Email } from 'postal-mime';
import server from '../../../config/server';
import { sniffDocumentType } from '../../forms/model/uploadRules';
import { cutAtWord } from '../../shared/text';
import { fileOnDisk, writeFileDurably } from '../files';
import { personKey } from '../leadKeys';
import { agencyReplied, clientAnswered } from '../attention';
import { queueAnswerMail } from '../notify';
import { preparedIn } from '../statements';

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
    `INSERT INTO lead_messages (doc_id, message_id, direction, from_address, from_name, subject, body, too_large, attachments, sent_at, read_at, folder)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (message_id) DO NOTHING`,
  ),
  file: db.prepare('INSERT INTO files (path, token, media_type, size, doc_id) VALUES (?, ?, ?, ?, ?)'),
  /** The lead's newest mail either way, before this one. */
  latest: db.prepare(
    `SELECT max(coalesce((SELECT max(created_at) FROM visitor_mails WHERE doc_id = ?), 0), coalesce((SELECT max(sent_at) FROM lead_messages WHERE doc_id = ? AND message_id <> ?), 0)) AS at`,
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
  const named = [...messageIdsIn(headers.inReplyTo), ...messageIdsIn(headers.references).reverse()];
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

/** The headers of a mail, parsed (never matched as text): its ids, sender, date and subject. */
export async function parseHeaders(headerBlock: Buffer | string): Promise<Email> {
  const text = typeof headerBlock === 'string' ? headerBlock : headerBlock.toString('latin1');
  return PostalMime.parse(`${text.replace(/(\r?\n)+$/, '')}\r\n\r\n`);
}

/** A mail's Message-ID, or one made from its bytes when it has none (so it is still kept once). */
export function messageIdOf(email: Email, raw: Buffer | string): string {
  const named = messageIdsIn(email.messageId)[0];
  if (named) return `<${named}>`;
  const bytes = typeof raw === 'string' ? Buffer.from(raw) : raw;
  return `<no-id-${createHash('sha256').update(bytes).digest('hex')}@mailbox>`;
}

interface Keep {
  docId: string;
  /** When the site's mail it answers was made (ms): an answer comes after it, whatever its Date says (a Date has whole seconds). */
  answers: number;
  folder: string;
  /** The folder holds mails sent from the agency's mail program. */
  sentFolder: boolean;
  /** The agency's own addresses (its mailbox, MAIL_FROM, NOTIFY_TO): a mail from one is the agency's reply. */
  agency: readonly string[];
  /** The mail, parsed whole; or only its headers when it is too large to keep. */
  email: Email;
  tooLarge: boolean;
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

/** A mail's text: its plain part, or its HTML part made text (never markup), cut at mailbox.maxTextCharacters. */
function textOf(email: Email): string {
  const text = email.text?.trim() ? email.text : email.html ? convert(email.html, { wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }, { selector: 'a', options: { ignoreHref: true } }] }) : '';
  return cutAtWord(text.trim(), limits.maxTextCharacters);
}

/** The attachments: PDF, DOC or DOCX by their first bytes and within the size limit are written to disk; the others are only named. */
function keepAttachments(email: Email, dataDir: string): { files: (KeptFile & { mediaType?: string })[]; written: string[] } {
  const written: string[] = [];
  const files = (email.attachments ?? []).map((attachment, i) => {
    const bytes = typeof attachment.content === 'string' ? Buffer.from(attachment.content, 'base64') : Buffer.from(attachment.content as ArrayBuffer);
    const name = cutAtWord([...(attachment.filename ?? '')].map((c) => (c < ' ' || c === '/' || c === '\\' ? ' ' : c)).join('').trim() || `attachment-${i + 1}`, 120);
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
 * Keeps a mail on its lead, with how far its folder was read, in one transaction; a mail kept
 * already (its Message-ID) only moves the reading on. Sets the lead Answered (their answer) or
 * Replied (the agency's) when it is the lead's newest mail. Answers whether it was new.
 */
export function keepMail(db: Database.Database, keep: Keep): boolean {
  const q = statements(db);
  const lead = q.lead.get(keep.docId) as { docId: string; spam: number; person: string | null } | undefined;
  if (!lead || isKept(db, keep.messageId)) {
    db.transaction(() => setLastUid(db, keep.folder, keep.position.uidValidity, keep.position.uid))();
    return false;
  }
  const from = keep.email.from?.address ?? '';
  const fromPerson = from ? personKey(from) : '';
  const agency = keep.agency.map(personKey);
  // The visitor's own address is theirs even where it is also one of the agency's (a test, an owner writing in).
  const direction = fromPerson !== '' && fromPerson === lead.person ? 'in' : keep.sentFolder || agency.includes(fromPerson) ? 'out' : 'in';
  // Its Date, never later than now (a date in the future would hold the lead's status).
  const dated = keep.email.date ? Date.parse(keep.email.date) : NaN;
  const sentAt = Math.min(Math.max(Number.isFinite(dated) ? dated : keep.now, keep.answers + 1), keep.now);
  const { files, written } = keep.tooLarge ? { files: [], written: [] } : keepAttachments(keep.email, keep.dataDir);
  try {
    db.transaction(() => {
      const added = q.insert.run(
        keep.docId,
        keep.messageId,
        direction,
        from,
        cutAtWord(keep.email.from?.name ?? '', 200),
        cutAtWord((keep.email.subject ?? '').replace(/\s+/g, ' ').trim(), 300),
        keep.tooLarge ? '' : textOf(keep.email),
        keep.tooLarge ? 1 : 0,
        JSON.stringify(files.map(({ name, size, path }) => ({ name, size, ...(path ? { path } : {}) }))),
        sentAt,
        keep.now,
        keep.folder,
      );
      if (added.changes === 0) throw new AlreadyKept();
      for (const file of files) if (file.path) q.file.run(file.path, randomBytes(16).toString('hex'), file.mediaType, file.size, keep.docId);
      const latest = (q.latest.get(keep.docId, keep.docId, keep.messageId) as { at: number }).at;
      if (sentAt >= latest) q.status.run(direction === 'in' ? 'answered' : 'replied', sentAt, keep.docId);
      else q.active.run(sentAt, keep.docId);
      // What the mail sets off for the agency (src/server/attention.ts): the client's answer marks the
      // lead unread, waiting, and is mailed to the owner; the agency's own reply ends the wait.
      const mail = Number(added.lastInsertRowid);
      if (direction === 'out') agencyReplied(db, { docId: keep.docId, at: sentAt, newest: sentAt >= latest });
      else if (clientAnswered(db, { docId: keep.docId, at: sentAt, mail, newest: sentAt >= latest })) queueAnswerMail(db, keep.docId, mail);
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
