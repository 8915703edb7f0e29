/**
 * The inbox's data: a lead as a row of the list and as its page (the document, its status and
 * note, its CV, its notifications), and the changes the agency makes to it. What the visitor
 * sent is never changed here: status, note and spam mark live in the `leads` table beside it.
 */
import { existsSync } from 'node:fs';
import { senderFields, type FormLookups } from '../../site/forms/model/registry';
import type { BulkAction, LeadDetail, LeadStatus, LeadSummary, PersonSubmission } from '../model/adminApi';
import { cvOf } from './cvFiles';
import { fileOnDisk, splitStoragePath } from '../../platform/server/files';
import { agencyReplied, awaitingCollections, leadUpdated, markedRead, statusSet } from './attention';
import { keepLeadKeys } from './leadKeys';
import { selectLeads, whileUnchanged, type LeadRow, type ServedLeads } from './leads';
import { deliveriesOf, type Notifications } from './notify';
import { conversationOf } from './mailbox/conversation';
import server from '../../../config/server';
import { sourceOfLead } from './sources';
import type { Store, StoredFile } from '../../platform/server/store/store';
import { deleteLeads } from './privacy';
import { visible } from '../../schema/text';
import { stageOf } from '../model/pipeline';
import { leadFields } from '../model/leadFields';
import { inboxLanguages, leadLanguage } from './leadLanguages';

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));
/** A row of the list stays small whatever was stored (a page of 100 rows is well under 256 kB). */
const MAX_IN_ROW = 300;
const short = (value: string) => (value.length > MAX_IN_ROW ? `${value.slice(0, MAX_IN_ROW - 1)}…` : value);

export function summaryOf(forms: FormLookups, lead: LeadRow): LeadSummary {
  const { name, emails } = senderFields(forms.formForCollection(lead.collection));
  return {
    docId: lead.docId,
    collection: lead.collection,
    form: forms.formNameOf(lead.collection) ?? lead.collection,
    formTitle: forms.collectionTitle(lead.collection),
    name: name ? short(text(lead.document[name.name])) : '',
    email: emails[0] ? short(text(lead.document[emails[0].name])) : '',
    receivedAt: lead.receivedAt,
    status: lead.status,
    spam: lead.spam,
    activeAt: lead.activeAt,
    unread: lead.unread,
    waitingSince: lead.waitingSince,
    stage: stageOf(lead.stage),
    value: lead.value,
    followUp: lead.followUp,
    assignee: lead.assignee,
  };
}

/** The person's submissions (their e-mail address in any case or +tag), newest first: at most admin.personMaxLeads, and how many more. */
function personOf(store: Store, forms: FormLookups, lead: LeadRow): LeadDetail['person'] {
  const max = server.admin.personMaxLeads;
  const rows = (
    lead.person === null
      ? store.db
          .prepare(
            'SELECT l.doc_id AS docId, l.collection, d.created_at AS receivedAt, l.status, l.spam, l.note FROM leads l JOIN documents d ON d.doc_id = l.doc_id WHERE l.doc_id = ?',
          )
          .all(lead.docId)
      : store.db
          .prepare(
            'SELECT l.doc_id AS docId, l.collection, d.created_at AS receivedAt, l.status, l.spam, l.note FROM leads l JOIN documents d ON d.doc_id = l.doc_id WHERE l.person = ? ORDER BY l.seq DESC LIMIT ?',
          )
          .all(lead.person, max + 1)
  ) as { docId: string; collection: string; receivedAt: string; status: LeadStatus; spam: number; note: string }[];
  const total = lead.person === null ? rows.length : (store.db.prepare('SELECT count(*) FROM leads WHERE person = ?').pluck().get(lead.person) as number);
  const submissions: PersonSubmission[] = rows.slice(0, max).map((row) => ({
    docId: row.docId,
    form: forms.formNameOf(row.collection) ?? row.collection,
    formTitle: forms.collectionTitle(row.collection),
    receivedAt: row.receivedAt,
    status: row.status,
    spam: row.spam === 1,
    note: row.note,
  }));
  return { submissions, more: Math.max(0, total - submissions.length) };
}

const onDisk = (dataDir: string) => (stored: StoredFile) => {
  const parts = splitStoragePath(stored.path);
  return parts !== null && existsSync(fileOnDisk(dataDir, parts.prefix, parts.id));
};

/** The lead's CV: its own upload (kept or deleted), none, or only the text typed into the field. */
export function cvOfLead(store: Store, forms: FormLookups, dataDir: string, lead: LeadRow) {
  return cvOf(store, forms, lead.docId, lead.collection, lead.document, onDisk(dataDir));
}

export function findLead(store: Store, docId: string): LeadRow | undefined {
  return selectLeads(store, { docId })[0];
}

export function leadDetail(store: Store, dataDir: string, docId: string, served: ServedLeads): LeadDetail | undefined {
  const lead = findLead(store, docId);
  if (!lead) return undefined;
  const { forms } = served;
  const cv = cvOfLead(store, forms, dataDir, lead);
  return {
    ...summaryOf(forms, lead),
    document: lead.document,
    ...leadFields(forms.formForCollection(lead.collection), lead.document),
    note: lead.note,
    cv: cv.state === 'kept' ? { state: 'kept', bytes: cv.stored.size } : cv,
    deliveries: deliveriesOf(store, docId),
    mails: conversationOf(store.db, docId),
    person: personOf(store, forms, lead),
    source: sourceOfLead(store.db, docId) ?? null,
    // The language it was sent in: only on a site in more than one (leadLanguages.ts).
    ...(inboxLanguages(served) ? { language: leadLanguage(served, lead.language) } : {}),
  };
}

/**
 * Sets a lead's status and/or note, or marks it read (`read`: opened, or "Mark read": a New lead
 * becomes Read, any other keeps its status), by the account `by`; false when there is no such
 * lead. Each change keeps the unread mark and the wait right and writes its event (attention.ts).
 */
export function updateLead(
  store: Store,
  forms: FormLookups,
  docId: string,
  change: { status?: LeadStatus; note?: string; read?: boolean },
  now: number,
  by: string | null = null,
): boolean {
  return store.db.transaction(() => {
    if (!store.db.prepare('SELECT 1 FROM documents WHERE doc_id = ?').get(docId)) return false;
    const added = store.db.prepare('INSERT INTO leads (doc_id) VALUES (?) ON CONFLICT (doc_id) DO NOTHING').run(docId).changes > 0;
    const at = new Date(now).toISOString();
    if (change.status !== undefined) statusSet(store.db, docId, change.status, by, now);
    if (change.note !== undefined) {
      store.db.prepare('UPDATE leads SET note = ?, updated_at = ?, active_at = ? WHERE doc_id = ?').run(change.note, at, at, docId);
      leadUpdated(store.db, docId, by, { note: true }, now);
    }
    if (change.read) markedRead(store.db, docId, by, now);
    // The note is searched: its keys follow it.
    if (added || change.note !== undefined) keepLeadKeys(store.db, forms, docId);
    return true;
  })();
}

/** The agency replied from the inbox (its mail is queued in the same transaction): Replied, and nobody waits. */
export function markReplied(store: Store, docId: string, by: string, now: number): void {
  const at = new Date(now).toISOString();
  store.db.prepare("UPDATE leads SET status = 'replied', updated_at = ?, active_at = ? WHERE doc_id = ?").run(at, at, docId);
  agencyReplied(store.db, { docId, at: now, actor: by });
}

/** The agency's verdict on a lead: spam, or not spam. */
export type Verdict = 'spam' | 'not_spam';

/**
 * "Mark as spam" and "Not spam": the lead moves to the Spam folder or to the inbox, and the
 * verdict is kept (lead, verdict, who, when: the `spam_marks` table) for a later filter to learn
 * from. Into the Spam folder, its notifications not yet sent are dropped; out of it, it is
 * notified now, as it would have been on arrival (what was sent already is not sent twice).
 * False when there is no such lead. `notifications`: the server's (app.notifications).
 */
export function markSpam(
  store: Store,
  notifications: Pick<Notifications, 'queueNotifications'>,
  docId: string,
  verdict: Verdict,
  by: string,
  now: number,
): boolean {
  return store.db.transaction(() => {
    if (!store.db.prepare('SELECT 1 FROM documents WHERE doc_id = ?').get(docId)) return false;
    const at = new Date(now).toISOString();
    const spam = verdict === 'spam' ? 1 : 0;
    const changed = store.db.prepare('UPDATE leads SET spam = ?, updated_at = ? WHERE doc_id = ? AND spam = ?').run(spam, at, docId, 1 - spam).changes > 0;
    store.db.prepare('INSERT INTO spam_marks (doc_id, verdict, marked_by, marked_at) VALUES (?, ?, ?, ?)').run(docId, verdict, by, at);
    if (changed && spam) store.db.prepare("DELETE FROM deliveries WHERE doc_id = ? AND state = 'pending'").run(docId);
    if (changed && !spam) notifications.queueNotifications(docId);
    if (changed) leadUpdated(store.db, docId, by, { spam: spam === 1 }, now);
    return true;
  })();
}

/** One action on many leads (ids not found are left out); answers how many leads it touched. */
export function bulkChange(
  store: Store,
  forms: FormLookups,
  notifications: Pick<Notifications, 'queueNotifications'>,
  dataDir: string,
  action: BulkAction,
  docIds: readonly string[],
  by: string,
  now: number,
): number {
  const ids = [...new Set(docIds)];
  if (action === 'delete') return deleteLeads(store, dataDir, ids).leads;
  return store.db.transaction(() =>
    ids.filter((docId) =>
      action === 'archive' || action === 'read'
        ? updateLead(store, forms, docId, action === 'archive' ? { status: 'archived' } : { read: true }, now, by)
        : markSpam(store, notifications, docId, action === 'spam' ? 'spam' : 'not_spam', by, now),
    ),
  )().length;
}

/**
 * How many leads of the inbox (not spam) have something unread (new, or answered since), of the
 * forms that await an answer: the inbox's number and the tab's title, the unread of its default
 * view (a sign-up set to New by hand is not counted where it is not shown).
 */
export function unreadCount(store: Store, forms: FormLookups): number {
  return whileUnchanged(
    store.db,
    'unread',
    () =>
      store.db
        .prepare('SELECT count(*) FROM leads WHERE spam = 0 AND unread = 1 AND collection IN (SELECT value FROM json_each(?))')
        .pluck()
        .get(JSON.stringify(awaitingCollections(forms))) as number,
  );
}

/** A kept attachment of a mail read from the mailbox ("m<row>", its place in the mail), and a safe file name for it. */
export function attachmentOf(store: Store, messageId: string, place: string): { stored: StoredFile; name: string } | undefined {
  const row = /^m(\d{1,15})$/.exec(messageId);
  if (!row || !/^\d{1,3}$/.test(place)) return undefined;
  const mail = store.db.prepare('SELECT attachments FROM lead_messages WHERE id = ?').get(Number(row[1])) as { attachments: string } | undefined;
  const attachment = mail ? (JSON.parse(mail.attachments) as { name: string; path?: string }[])[Number(place)] : undefined;
  const stored = attachment?.path ? store.getFile(attachment.path) : undefined;
  if (!attachment || !stored) return undefined;
  // ASCII letters and digits of its name (hidden characters shown by their code first); the type's extension follows.
  const name = visible(attachment.name)
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return { stored, name: name || 'attachment' };
}
