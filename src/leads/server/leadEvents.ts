/**
 * What happens to a lead, as events: each written by the change that makes it, in that change's
 * own transaction (so an event exists exactly when its change does), and read afterwards by
 * whatever must follow (the owner's mail of an answer, the daily digest, the inbox's live
 * updates). Events hold ids, kinds and small facts (a stage's key, an account), never what the
 * visitor wrote: their text stays in the document and the mails, and leaves with them.
 */
import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { preparedIn } from '../../platform/server/statements';

/**
 * What can happen to a lead:
 * - stored: the visitor's form was stored (a new lead);
 * - answered: the visitor wrote to the agency (a mail read from the mailbox);
 * - automatic: an automatic mail arrived on the lead (an out-of-office, a delivery report): it changes nothing;
 * - replied: the agency wrote to the visitor (from the inbox, or from a mail program through the site);
 * - delivery: a mail or call about it, or to its visitor, left, failed a try, or failed for good (data: { delivery, state }):
 *   what its page shows of that mail changed (Waiting, Sent, Retrying, Failed);
 * - read: an account opened it, or marked it read;
 * - staged: its stage changed (data: { stage, reason? });
 * - assigned: it was given to an account, or to nobody (data: { to });
 * - updated: anything else the agency changed about it (status, note, value, follow-up date, spam mark).
 */
export type LeadEventKind = 'stored' | 'answered' | 'automatic' | 'replied' | 'delivery' | 'read' | 'staged' | 'assigned' | 'updated';

export interface LeadEvent {
  id: number;
  docId: string;
  kind: LeadEventKind;
  /** The account that did it; null for the visitor or the site itself. */
  actor: string | null;
  data: Record<string, unknown>;
  /** Milliseconds since 1970. */
  at: number;
}

interface EventRow {
  id: number;
  docId: string;
  kind: LeadEventKind;
  actor: string | null;
  data: string;
  at: number;
}

const statements = preparedIn((db: Database.Database) => ({
  insert: db.prepare('INSERT INTO lead_events (doc_id, kind, actor, data, at) VALUES (?, ?, ?, ?, ?)'),
  after: db.prepare('SELECT id, doc_id AS docId, kind, actor, data, at FROM lead_events WHERE id > ? ORDER BY id LIMIT ?'),
  ofLead: db.prepare('SELECT id, doc_id AS docId, kind, actor, data, at FROM lead_events WHERE doc_id = ? ORDER BY id'),
  last: db.prepare('SELECT coalesce(max(id), 0) FROM lead_events').pluck(),
}));

const eventOf = (row: EventRow): LeadEvent => ({ ...row, data: JSON.parse(row.data) as Record<string, unknown> });

/**
 * Writes an event. Call it inside the transaction of the change it records (better-sqlite3's
 * transactions nest): the two are on disk together or not at all. Answers the event's id.
 */
export function recordLeadEvent(
  db: Database.Database,
  event: { docId: string; kind: LeadEventKind; actor?: string | null; data?: Record<string, unknown>; at: number },
): number {
  return Number(statements(db).insert.run(event.docId, event.kind, event.actor ?? null, JSON.stringify(event.data ?? {}), event.at).lastInsertRowid);
}

/**
 * Calls `watcher` whenever an event is written on this database by this process, inside the
 * writing transaction: it only schedules a look (the event is readable once that transaction
 * has ended, or never if it is undone). The inbox's live updates look at once (live.ts).
 * The connection itself keeps the watch, no list of this module: a SQL function of the watch's
 * own name, called by a temporary trigger on `lead_events` (a TEMP trigger lives in this
 * connection only, never in the file). Answers the function that stops it.
 */
export function watchLeadEvents(db: Database.Database, watcher: () => void): () => void {
  const name = `lead_events_watched_${randomUUID().replaceAll('-', '')}`;
  db.function(name, () => {
    watcher();
    return null;
  });
  db.exec(`CREATE TEMP TRIGGER ${name} AFTER INSERT ON main.lead_events BEGIN SELECT ${name}(); END`);
  return () => {
    if (db.open) db.exec(`DROP TRIGGER IF EXISTS temp.${name}`);
  };
}

/** The events after `id`, oldest first, at most `limit` of them (a reader keeps the last id it saw). */
export function leadEventsAfter(db: Database.Database, id: number, limit: number): LeadEvent[] {
  return (statements(db).after.all(id, limit) as EventRow[]).map(eventOf);
}

/** A lead's events, oldest first. */
export function leadEventsOf(db: Database.Database, docId: string): LeadEvent[] {
  return (statements(db).ofLead.all(docId) as EventRow[]).map(eventOf);
}

/** The id of the newest event (0 when there is none): where a new reader starts. */
export function lastLeadEventId(db: Database.Database): number {
  return statements(db).last.get() as number;
}
