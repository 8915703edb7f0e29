/**
 * The `deliveries` table (src/leads/server/migrations/index.ts): one row per message to send about a
 * lead (an e-mail, a webhook call), written in the same transaction as the lead itself.
 * Its id is the message's stable id (Message-ID, webhook-id). Times are milliseconds since
 * 1970 (UTC). A row is `pending` (due at `next_at`; with `last_error` once a try failed:
 * "retrying"), `sent`, or `failed` (every try of the schedule failed).
 */
import type Database from 'better-sqlite3';
import { preparedIn } from '../../../platform/server/statements';
import { recordLeadEvent } from '../leadEvents';
import { newDocumentId } from '../../../platform/server/store/store';
import type { DeliveryState } from '../../model/adminApi';
import type { Channel } from './settings';

/** A notification's channel, `visitor`: an e-mail to the visitor (visitorMail.ts), or `owner`: one to an owner's account about no one lead (digest.ts). */
export type DeliveryChannel = Channel | 'visitor' | 'owner';

export interface Delivery {
  id: string;
  /** The lead it tells of; null for a mail to an owner's account (channel `owner`). */
  docId: string | null;
  channel: DeliveryChannel;
  state: DeliveryState;
  /** Tries made so far. */
  attempts: number;
  /** When a pending delivery is due (ms). */
  nextAt: number;
  /** Why the last try failed (null once sent). */
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
}

/** The lead a delivery tells of: its form's collection, the document, and whether it is spam. */
interface StoredLead {
  collection: string;
  document: Record<string, unknown>;
  spam: boolean;
  /** When the document was stored (ms). */
  createdAt: number;
}

/** A new delivery id: "msg_" and 20 letters and digits (no "." or "@": it goes in a Message-ID and is signed). */
export function newDeliveryId(): string {
  return `msg_${newDocumentId()}`;
}

const COLUMNS = `id, doc_id AS docId, channel, state, attempts, next_at AS nextAt, last_error AS lastError, created_at AS createdAt, sent_at AS sentAt`;

const statements = preparedIn((db: Database.Database) => {
  return {
    lead: db.prepare(
      `SELECT d.collection, d.data, coalesce(l.spam, 0) AS spam, d.created_at AS createdAt
         FROM documents d LEFT JOIN leads l ON l.doc_id = d.doc_id WHERE d.doc_id = ?`,
    ),
    mark: db.prepare('SELECT d.collection, coalesce(l.spam, 0) AS spam FROM documents d LEFT JOIN leads l ON l.doc_id = d.doc_id WHERE d.doc_id = ?'),
    // The lead's own notifications (the mails of its client's answers, "ans_…", are not: answers.ts).
    channelsOf: db.prepare("SELECT channel FROM deliveries WHERE doc_id = ? AND NOT (id >= 'ans_' AND id < 'ans`')"),
    insert: db.prepare('INSERT INTO deliveries (id, doc_id, channel, next_at, created_at) VALUES (?, ?, ?, ?, ?)'),
    // Among the visitors' mails due, a newsletter sign-up's confirmation goes after the leads' auto-replies and the owners' replies:
    // a flood of sign-ups never makes a real lead's auto-reply wait behind it.
    due: db.prepare(
      `SELECT ${COLUMNS} FROM deliveries WHERE state = 'pending' AND channel = ? AND next_at <= ?
       ORDER BY channel = 'visitor' AND EXISTS (SELECT 1 FROM subscribers s WHERE s.doc_id = deliveries.doc_id), next_at, created_at LIMIT ?`,
    ),
    nextDue: db.prepare(`SELECT min(next_at) AS at FROM deliveries WHERE state = 'pending' AND channel = ?`),
    // Each answers the lead the delivery is about (none for a mail to an owner's account), when it changed.
    sent: db.prepare(
      `UPDATE deliveries SET state = 'sent', attempts = attempts + 1, sent_at = ?, last_error = NULL WHERE id = ? AND state = 'pending' RETURNING doc_id AS docId`,
    ),
    retry: db.prepare(
      `UPDATE deliveries SET attempts = attempts + 1, next_at = ?, last_error = ? WHERE id = ? AND state = 'pending' RETURNING doc_id AS docId`,
    ),
    failed: db.prepare(
      `UPDATE deliveries SET state = 'failed', attempts = attempts + 1, last_error = ? WHERE id = ? AND state = 'pending' RETURNING doc_id AS docId`,
    ),
    resend: db.prepare(`UPDATE deliveries SET state = 'pending', attempts = 0, next_at = ?, last_error = NULL, sent_at = NULL WHERE id = ?`),
    ofLead: db.prepare(`SELECT ${COLUMNS} FROM deliveries WHERE doc_id = ? ORDER BY created_at, channel`),
  };
});

/** The table's operations on one database (prepared once per database). */
export function deliveriesIn(db: Database.Database) {
  const q = statements(db);
  /**
   * A delivery's new state, with the lead event that tells its page (a reply turning from Waiting
   * to Sent while the lead is open: leadEvents.ts `delivery`), in one transaction.
   */
  const told = (id: string, state: 'sent' | 'retrying' | 'failed', at: number, change: () => unknown) =>
    db.transaction(() => {
      const row = change() as { docId: string | null } | undefined;
      if (row?.docId) recordLeadEvent(db, { docId: row.docId, kind: 'delivery', data: { delivery: id, state }, at });
    })();
  return {
    lead(docId: string): StoredLead | undefined {
      const row = q.lead.get(docId) as { collection: string; data: string; spam: number; createdAt: string } | undefined;
      if (!row) return undefined;
      return {
        collection: row.collection,
        document: JSON.parse(row.data) as Record<string, unknown>,
        spam: row.spam === 1,
        createdAt: Date.parse(row.createdAt),
      };
    },
    /** A lead's collection and spam mark, without reading the document. */
    mark(docId: string): { collection: string; spam: boolean } | undefined {
      const row = q.mark.get(docId) as { collection: string; spam: number } | undefined;
      return row && { collection: row.collection, spam: row.spam === 1 };
    },
    /** Adds a pending delivery, due now, for each channel the lead has none on yet; returns how many. */
    queue(docId: string, channels: readonly Channel[], now: number): number {
      const have = new Set((q.channelsOf.all(docId) as { channel: Channel }[]).map((r) => r.channel));
      let added = 0;
      for (const channel of channels) {
        if (have.has(channel)) continue;
        q.insert.run(newDeliveryId(), docId, channel, now, now);
        added++;
      }
      return added;
    },
    due(channel: DeliveryChannel, now: number, limit: number): Delivery[] {
      return q.due.all(channel, now, limit) as Delivery[];
    },
    /** When the earliest pending delivery of these channels is due, if there is one. */
    nextDue(channels: readonly DeliveryChannel[]): number | undefined {
      const times = channels.map((c) => (q.nextDue.get(c) as { at: number | null }).at).filter((t): t is number => t !== null);
      return times.length > 0 ? Math.min(...times) : undefined;
    },
    markSent(id: string, now: number): void {
      told(id, 'sent', now, () => q.sent.get(now, id));
    },
    markRetry(id: string, nextAt: number, error: string, now: number): void {
      told(id, 'retrying', now, () => q.retry.get(nextAt, error, id));
    },
    markFailed(id: string, error: string, now: number): void {
      told(id, 'failed', now, () => q.failed.get(error, id));
    },
    /** Back to pending, due now, with a fresh schedule; false if there is no such delivery. */
    resend(id: string, now: number): boolean {
      return q.resend.run(now, id).changes > 0;
    },
    ofLead(docId: string): Delivery[] {
      return q.ofLead.all(docId) as Delivery[];
    },
  };
}
