/**
 * STAND-IN until the notifications branch is merged (the lead then takes that branch's file):
 * the two functions the inbox calls, doing the least that makes them observable. The real
 * module sends e-mail and webhooks with retries; this one only writes the rows.
 */
import { randomUUID } from 'node:crypto';
import type { Store } from '../store';

/** The channels set up by the environment (SMTP_URL: e-mail, WEBHOOK_URL: webhook). */
function channels(): string[] {
  return [...(process.env.SMTP_URL ? ['email'] : []), ...(process.env.WEBHOOK_URL ? ['webhook'] : [])];
}

/** Queues the notifications of a lead (after "Not spam"): one pending delivery per channel. */
export function queueNotifications(store: Store, docId: string): void {
  const now = Date.now();
  const insert = store.db.prepare("INSERT INTO deliveries (id, doc_id, channel, state, next_at, created_at) VALUES (?, ?, ?, 'pending', ?, ?)");
  for (const channel of channels()) insert.run(randomUUID(), docId, channel, now, now);
}

/** Sends one delivery again as soon as possible; false when there is no such delivery. */
export function resendDelivery(store: Store, deliveryId: string): boolean {
  return store.db.prepare("UPDATE deliveries SET state = 'pending', next_at = ? WHERE id = ?").run(Date.now(), deliveryId).changes > 0;
}
