/**
 * The inbox's data: a lead as a row of the list and as its page (the document, its status and
 * note, its CV, its notifications), and the changes the agency makes to it. What the visitor
 * sent is never changed here: status, note and spam mark live in the `leads` table beside it.
 */
import { existsSync } from 'node:fs';
import { formForCollection, formNameOf, senderFields } from '../../forms/model/registry';
import type { LeadDetail, LeadStatus, LeadSummary } from '../../shared/adminApi';
import { cvOf } from '../cvFiles';
import { fileOnDisk, splitStoragePath } from '../files';
import { keepLeadKeys } from '../leadKeys';
import { selectLeads, whileUnchanged, type LeadRow } from '../leads';
import { deliveriesOf, queueNotifications } from '../notify';
import type { Store, StoredFile } from '../store';

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));
/** A row of the list stays small whatever was stored (a page of 100 rows is well under 256 kB). */
const MAX_IN_ROW = 300;
const short = (value: string) => (value.length > MAX_IN_ROW ? `${value.slice(0, MAX_IN_ROW - 1)}…` : value);

export function summaryOf(lead: LeadRow): LeadSummary {
  const { name, emails } = senderFields(formForCollection(lead.collection));
  return {
    docId: lead.docId,
    collection: lead.collection,
    form: formNameOf(lead.collection) ?? lead.collection,
    name: name ? short(text(lead.document[name.name])) : '',
    email: emails[0] ? short(text(lead.document[emails[0].name])) : '',
    receivedAt: lead.receivedAt,
    status: lead.status,
    spam: lead.spam,
  };
}

const onDisk = (dataDir: string) => (stored: StoredFile) => {
  const parts = splitStoragePath(stored.path);
  return parts !== null && existsSync(fileOnDisk(dataDir, parts.prefix, parts.id));
};

/** The lead's CV: its own upload (kept or deleted), none, or only the text typed into the field. */
export function cvOfLead(store: Store, dataDir: string, lead: LeadRow) {
  return cvOf(store, lead.docId, lead.collection, lead.document, onDisk(dataDir));
}

export function findLead(store: Store, docId: string): LeadRow | undefined {
  return selectLeads(store, { docId })[0];
}

export function leadDetail(store: Store, dataDir: string, docId: string): LeadDetail | undefined {
  const lead = findLead(store, docId);
  if (!lead) return undefined;
  const cv = cvOfLead(store, dataDir, lead);
  return {
    ...summaryOf(lead),
    document: lead.document,
    note: lead.note,
    cv: cv.state === 'kept' ? { state: 'kept', bytes: cv.stored.size } : cv,
    deliveries: deliveriesOf(store, docId),
  };
}

/** Sets a lead's status and/or note; false when there is no such lead. */
export function updateLead(store: Store, docId: string, change: { status?: LeadStatus; note?: string }, now: number): boolean {
  return store.db.transaction(() => {
    if (!store.db.prepare('SELECT 1 FROM documents WHERE doc_id = ?').get(docId)) return false;
    const added = store.db.prepare('INSERT INTO leads (doc_id) VALUES (?) ON CONFLICT (doc_id) DO NOTHING').run(docId).changes > 0;
    if (change.status !== undefined) store.db.prepare('UPDATE leads SET status = ?, updated_at = ? WHERE doc_id = ?').run(change.status, new Date(now).toISOString(), docId);
    if (change.note !== undefined) store.db.prepare('UPDATE leads SET note = ?, updated_at = ? WHERE doc_id = ?').run(change.note, new Date(now).toISOString(), docId);
    // The note is searched: its keys follow it.
    if (added || change.note !== undefined) keepLeadKeys(store.db, docId);
    return true;
  })();
}

/** "Not spam": the lead joins the inbox and is notified now, as it would have been on arrival. */
export function markNotSpam(store: Store, docId: string, now: number): boolean {
  return store.db.transaction(() => {
    if (!store.db.prepare('SELECT 1 FROM documents WHERE doc_id = ?').get(docId)) return false;
    const changed = store.db.prepare('UPDATE leads SET spam = 0, updated_at = ? WHERE doc_id = ? AND spam = 1').run(new Date(now).toISOString(), docId).changes > 0;
    if (changed) queueNotifications(store, docId);
    return true;
  })();
}

/** How many leads of the inbox (not spam) are still new: the tab's title shows it. */
export function unreadCount(store: Store): number {
  return whileUnchanged(store.db, 'unread', () => (store.db.prepare("SELECT count(*) AS n FROM leads WHERE spam = 0 AND status = 'new'").get() as { n: number }).n);
}
