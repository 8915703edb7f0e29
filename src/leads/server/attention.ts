/**
 * Whether a lead needs the agency's attention: its unread mark (`leads.unread`: something of it
 * the agency has not seen, counted in the inbox's number and the tab's title) and since when its
 * person waits for the agency (`leads.waiting_since`: their submission or answer that no reply
 * followed yet; NULL when the agency has the last word). One function per thing that happens,
 * each called inside the transaction of the change itself and writing its event there
 * (leadEvents.ts), so the mark, the wait and the event are on disk together or not at all:
 *
 * | what happens                                   | unread | waiting since                 | event    |
 * | ---------------------------------------------- | ------ | ----------------------------- | -------- |
 * | a lead is stored (any form, a known person too) | set²   | its arrival (the store)²      | stored   |
 * | the client answers (a mail read from the box)   | set    | kept, or the answer's time    | answered |
 * | the agency replies (inbox or mail program)      | clear  | cleared                       | replied  |
 * | an account opens it, or marks it read           | clear  | kept                          | read     |
 * | status set to Archived or Replied by hand³      | clear  | cleared                       | updated  |
 * | status set to Read by hand³                     | clear  | kept                          | updated  |
 * | status set to New, or Answered, by hand         | set¹   | kept, or now                  | updated  |
 *
 * ² Unless its form awaits no answer (`awaitsAnswer: false` in config/forms: a newsletter
 * sign-up): then neither (awaitsAgency below, which the store asks).
 * ³ Also when the lead ends, won or lost (Archived), and when it leaves that end for a stage
 * before it (an archived lead is Read again): pipeline.ts.
 * ¹ New only. A mail older than the lead's newest (read late) changes no wait: the newest decides,
 * as it decides the status (mailbox/record.ts). Leads in the Spam folder keep their events but are
 * neither marked nor waited on by an answer (the Spam folder is nobody's work).
 */
import type Database from 'better-sqlite3';
import type { LeadStatus } from '../model/adminApi';
import { recordLeadEvent } from './leadEvents';
import type { FormLookups } from '../../site/forms/model/registry';
import { preparedIn } from '../../platform/server/statements';

const iso = (ms: number) => new Date(ms).toISOString();

const statements = preparedIn((db: Database.Database) => ({
  answered: db.prepare('UPDATE leads SET unread = 1, waiting_since = coalesce(waiting_since, ?) WHERE doc_id = ? AND spam = 0'),
  answeredEarlier: db.prepare('UPDATE leads SET unread = 1 WHERE doc_id = ? AND spam = 0'),
  done: db.prepare('UPDATE leads SET unread = 0, waiting_since = NULL WHERE doc_id = ?'),
  read: db.prepare(
    "UPDATE leads SET unread = 0, status = CASE status WHEN 'new' THEN 'read' ELSE status END, updated_at = ? WHERE doc_id = ? AND (unread = 1 OR status = 'new')",
  ),
  unread: db.prepare(
    'UPDATE leads SET unread = 1, waiting_since = coalesce(waiting_since, (SELECT created_at FROM documents d WHERE d.doc_id = leads.doc_id)) WHERE doc_id = ?',
  ),
  waiting: db.prepare('UPDATE leads SET waiting_since = coalesce(waiting_since, ?) WHERE doc_id = ?'),
  spam: db.prepare('SELECT spam FROM leads WHERE doc_id = ?').pluck(),
  status: db.prepare('UPDATE leads SET status = ?, updated_at = ?, active_at = ? WHERE doc_id = ?'),
}));

/** Whether a new lead of this collection is someone waiting for the agency (unread, waiting): its form's `awaitsAnswer`, yes unless it says no. */
export const awaitsAgency = (forms: FormLookups, collection: string): boolean => forms.formForCollection(collection)?.awaitsAnswer !== false;

/** The collections of the forms whose leads await an answer: the inbox's default view and its unread count hold these alone (a sign-up is the newsletter's). */
export const awaitingCollections = (forms: FormLookups): readonly string[] => forms.knownCollections().filter((collection) => awaitsAgency(forms, collection));

/** A lead was stored: the store wrote it unread and waiting since its arrival, if its form awaits an answer (store.ts); its event (`again`: its person sent something before). */
export function leadArrived(db: Database.Database, docId: string, at: number, again: boolean): void {
  recordLeadEvent(db, { docId, kind: 'stored', at, ...(again ? { data: { again: true } } : {}) });
}

/**
 * The client wrote to the agency (their mail, read from the mailbox: `mail` is its row in
 * lead_messages). Unread, and waiting since this answer unless they waited already. Answers
 * whether the lead is in the inbox (not spam): only then is the owner told of it.
 */
export function clientAnswered(db: Database.Database, { docId, at, mail, newest }: { docId: string; at: number; mail: number; newest: boolean }): boolean {
  const q = statements(db);
  if (newest) q.answered.run(iso(at), docId);
  else q.answeredEarlier.run(docId);
  recordLeadEvent(db, { docId, kind: 'answered', data: { mail: `m${mail}` }, at });
  return q.spam.get(docId) === 0;
}

/**
 * The agency wrote to the client (from the inbox: `actor` the account; from a mail program through
 * the site: the owner's address, `data` { via: 'mail' }; read from the Sent folder: null). Nobody
 * waits; nothing is unread.
 */
export function agencyReplied(
  db: Database.Database,
  { docId, at, actor = null, newest = true, data }: { docId: string; at: number; actor?: string | null; newest?: boolean; data?: Record<string, unknown> },
): void {
  if (newest) statements(db).done.run(docId);
  recordLeadEvent(db, { docId, kind: 'replied', actor, at, ...(data ? { data } : {}) });
}

/** An account opened the lead, or marked it read: nothing of it is unread (a New lead becomes Read). Answers whether it was unread. */
export function markedRead(db: Database.Database, docId: string, actor: string | null, at: number): boolean {
  if (statements(db).read.run(iso(at), docId).changes === 0) return false;
  recordLeadEvent(db, { docId, kind: 'read', actor, at });
  return true;
}

/**
 * The agency set the lead's status (by hand, or by ending it at a stage: pipeline.ts): the status,
 * what it says of the mark and the wait, and its event.
 */
export function statusSet(db: Database.Database, docId: string, status: LeadStatus, actor: string | null, at: number): void {
  const q = statements(db);
  q.status.run(status, iso(at), iso(at), docId);
  if (status === 'read') markedRead(db, docId, actor, at);
  else if (status === 'archived' || status === 'replied') q.done.run(docId);
  else if (status === 'new') q.unread.run(docId);
  else q.waiting.run(iso(at), docId);
  recordLeadEvent(db, { docId, kind: 'updated', actor, data: { status }, at });
}

/** Anything else the agency changed on the lead (its note, its spam mark): only its event. */
export function leadUpdated(db: Database.Database, docId: string, actor: string | null, data: Record<string, unknown>, at: number): void {
  recordLeadEvent(db, { docId, kind: 'updated', actor, data, at });
}
