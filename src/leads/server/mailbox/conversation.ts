/**
 * A person's conversation: every e-mail with the person (all the leads of one e-mail address,
 * src/leads/model/person.ts personKey), both ways, in order, each with its text. The site's own mails
 * (auto-replies, replies written in the inbox or in a mail program and sent on by the site:
 * visitor_mails, with their delivery's state), those read from the agency's mailbox
 * (lead_messages: the visitor's answers, the agency's replies from a mail program, each as its
 * new words and its folded quote; a mail kept by its headers, one only claiming to be the
 * agency's, and an automatic one, say so), and the agency's replies the site did not send on
 * (mail_replies, with why). The lead's page shows it; a reply is threaded after the mails
 * exchanged (In-Reply-To the last mail, References all of them; never an automatic one, nor a
 * newsletter's confirmation: conversationLeads).
 */
import type Database from 'better-sqlite3';
import type { AutomaticKind, ConversationMail, ReceivedMail, UnsentReply, VisitorMail } from '../../model/adminApi';
import { bareSubject } from '../../model/replyDraft';
import { preparedIn } from '../../../platform/server/statements';
import { refusalSentence, type RefusalReason } from './replyTokens';
import { awaitsAgency } from '../attention';
import type { FormLookups } from '../../../site/forms/model/registry';

/** The most mails a conversation shows and a reply names (the newest). */
const MAX_MAILS = 200;

const statements = preparedIn((db: Database.Database) => ({
  /** Each lead's collection. */
  collections: db.prepare('SELECT doc_id AS docId, collection FROM documents WHERE doc_id IN (SELECT value FROM json_each(?))'),
  /** The leads of the person this lead belongs to (the lead alone without an address). */
  people: db.prepare(`SELECT l2.doc_id FROM leads l JOIN leads l2 ON l2.person = l.person WHERE l.doc_id = ? AND l.person IS NOT NULL`),
  sent: db.prepare(
    `SELECT m.delivery_id AS id, m.doc_id AS docId, m.kind, m.author, m.via, m.subject, m.body AS text, m.created_at AS createdAt, d.state, d.attempts, d.last_error AS lastError, d.sent_at AS sentAt,
         CASE WHEN m.held_for IS NOT NULL THEN d.next_at END AS heldUntil, m.returned_at AS returnedAt, m.returned_status AS returnedStatus
       FROM visitor_mails m JOIN deliveries d ON d.id = m.delivery_id WHERE m.doc_id IN (SELECT value FROM json_each(?)) ORDER BY m.created_at DESC, m.rowid DESC LIMIT ${MAX_MAILS}`,
  ),
  received: db.prepare(
    `SELECT id, doc_id AS docId, direction, from_name AS fromName, from_address AS fromAddress, subject, body, quoted, too_large AS tooLarge, unreadable, suspicious, automatic, attachments, sent_at AS createdAt, message_id AS messageId,
         (SELECT count(*) FROM visitor_mails v WHERE v.returned_by = lead_messages.id) AS returned
       FROM lead_messages WHERE doc_id IN (SELECT value FROM json_each(?)) ORDER BY sent_at DESC, id DESC LIMIT ${MAX_MAILS}`,
  ),
  unsent: db.prepare(
    `SELECT id, doc_id AS docId, from_address AS fromAddress, subject, body, quoted, reason, created_at AS createdAt
       FROM mail_replies WHERE outcome = 'refused' AND doc_id IN (SELECT value FROM json_each(?)) ORDER BY created_at DESC, id DESC LIMIT ${MAX_MAILS}`,
  ),
  /** The subject of the person's first mail, either way (the site's first when two share a moment). */
  first: db.prepare(
    `SELECT subject FROM (
       SELECT subject, created_at AS at, 0 AS side, rowid AS n FROM visitor_mails WHERE doc_id IN (SELECT value FROM json_each(@docs))
       UNION ALL SELECT subject, sent_at, 1, id FROM lead_messages WHERE doc_id IN (SELECT value FROM json_each(@docs)))
     ORDER BY at, side, n LIMIT 1`,
  ),
}));

/** The doc ids of the person a lead belongs to. */
function personLeads(db: Database.Database, docId: string): string[] {
  const ids = statements(db).people.pluck().all(docId) as string[];
  return ids.length > 0 ? ids : [docId];
}

/**
 * The doc ids of the person's leads whose mails are one conversation: those of forms awaiting an
 * answer. A newsletter sign-up's confirmation is no part of it (nothing threads after it, it takes
 * no thread, its subject is not the conversation's); none when this lead's form awaits none.
 */
function conversationLeads(db: Database.Database, forms: FormLookups, docId: string): string[] {
  const rows = statements(db).collections.all(JSON.stringify(personLeads(db, docId))) as { docId: string; collection: string }[];
  const leads = rows.filter((row) => awaitsAgency(forms, row.collection)).map((row) => row.docId);
  return leads.includes(docId) ? leads : [];
}

interface ReceivedRow {
  id: number;
  docId: string;
  direction: 'in' | 'out';
  fromName: string;
  fromAddress: string;
  subject: string;
  body: string;
  quoted: string;
  tooLarge: number;
  unreadable: string | null;
  suspicious: number;
  automatic: AutomaticKind | null;
  attachments: string;
  createdAt: number;
  messageId: string;
  returned: number;
}

const receivedOf = (row: ReceivedRow): ReceivedMail => ({
  id: `m${row.id}`,
  docId: row.docId,
  kind: row.direction === 'in' ? 'answer' : 'mailProgram',
  fromName: row.fromName,
  fromAddress: row.fromAddress,
  subject: row.subject,
  text: row.body,
  quoted: row.quoted,
  tooLarge: row.tooLarge === 1,
  unreadable: row.unreadable !== null,
  suspicious: row.suspicious === 1,
  automatic: row.automatic,
  returned: row.returned,
  attachments: (JSON.parse(row.attachments) as { name: string; size: number; path?: string }[]).map((a) => ({
    name: a.name,
    size: a.size,
    kept: a.path !== undefined,
  })),
  createdAt: row.createdAt,
});

interface UnsentRow {
  id: number;
  docId: string;
  fromAddress: string;
  subject: string;
  body: string;
  quoted: string;
  reason: RefusalReason;
  createdAt: number;
}

const unsentOf = (row: UnsentRow): UnsentReply => ({
  id: `r${row.id}`,
  docId: row.docId,
  kind: 'notSent',
  fromAddress: row.fromAddress,
  subject: row.subject,
  text: row.body,
  quoted: row.quoted,
  reason: refusalSentence(row.reason),
  createdAt: row.createdAt,
});

/** A received mail's row ("m12" -> 12), for mails of the same moment; the site's come first. */
const rowOf = (mail: ConversationMail) => (/^[mr]\d+$/.test(mail.id) ? Number(mail.id.slice(1)) : 0);

/** Every mail with the person a lead belongs to, oldest first (the newest MAX_MAILS). */
export function conversationOf(db: Database.Database, docId: string): ConversationMail[] {
  const docs = JSON.stringify(personLeads(db, docId));
  const q = statements(db);
  const sent = (q.sent.all(docs) as (VisitorMail & { docId: string })[]).map((mail): ConversationMail => mail);
  const received = (q.received.all(docs) as ReceivedRow[]).map(receivedOf);
  const unsent = (q.unsent.all(docs) as UnsentRow[]).map(unsentOf);
  // In time order; mails of the same moment in the order they were kept.
  return [...sent, ...received, ...unsent].sort((a, b) => a.createdAt - b.createdAt || rowOf(a) - rowOf(b)).slice(-MAX_MAILS);
}

/**
 * The conversation's subject: the first mail's with the person, either way, without a reply's
 * "Re: " (src/leads/model/replyDraft.ts bareSubject); undefined before any mail. Every mail of the
 * site to or about the person carries it (the reply adds config/admin.ts replies.threadSubject),
 * so a mail program's "Re: " on any of them reads as the same conversation.
 */
export function conversationSubject(db: Database.Database, forms: FormLookups, docId: string): string | undefined {
  const subject = statements(db)
    .first.pluck()
    .get({ docs: JSON.stringify(conversationLeads(db, forms, docId)) }) as string | undefined;
  const bare = subject === undefined ? '' : bareSubject(subject);
  return bare === '' ? undefined : bare;
}

/**
 * The Message-IDs of the person's conversation before `before` (ms), oldest first: what a new
 * mail to them names in References (the last one in In-Reply-To). The site's own are
 * `<delivery id@domain>`; those read from the mailbox are kept as they came.
 */
export function threadIds(db: Database.Database, forms: FormLookups, docId: string, before: number, exceptDelivery: string, domain: string): string[] {
  const docs = JSON.stringify(conversationLeads(db, forms, docId));
  const q = statements(db);
  const sent = (q.sent.all(docs) as { id: string; createdAt: number }[])
    .filter((m) => m.id !== exceptDelivery && m.createdAt <= before)
    .map((m) => ({ at: m.createdAt, id: `<${m.id}@${domain}>` }));
  // An automatic mail (an out-of-office, a report) is not what a reply answers.
  const received = (q.received.all(docs) as ReceivedRow[])
    .filter((m) => m.createdAt <= before && m.automatic === null)
    .map((m) => ({ at: m.createdAt, id: m.messageId }));
  return [...sent, ...received].sort((a, b) => a.at - b.at).map((m) => m.id);
}
