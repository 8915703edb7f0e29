/**
 * Notifications of new leads (docs/inbox.md "Notifications of new leads"): an e-mail through any
 * SMTP server and a signed webhook, never lost. What the rest of the server uses:
 *
 * - `startNotifications(store, options)`: the worker, once the database is open (plugin.ts, the
 *   part of the server src/apps/server/app.ts registers, which stops it when the server closes);
 * - `queueLeadMails(store, inserted)`: a new lead's notifications (not for spam) and the
 *   visitor's auto-reply, as pending deliveries in the transaction that stores it
 *   (src/leads/server/leadStored.ts); the worker sends them after the visitor's answer;
 * - `queueAnswerMail(db, …)`: the owner's mail of a client's answer (answers.ts: several
 *   within a few minutes in one mail), in the transaction that keeps the answer;
 * - `queueNotifications(store, docId)`: the pending deliveries of one lead (the same call the
 *   insert makes; the inbox makes it when the agency marks a spam lead "not spam");
 * - `resendDelivery(store, deliveryId)`: the inbox's "send again";
 * - `deliveriesOf(store, docId)`: a lead's delivery log, for the inbox;
 * - the owners' daily mail (digest.ts), started with the worker when mail is set up.
 */
import type Database from 'better-sqlite3';
import type { Inserted, Store } from '../../../platform/server/store/store';
import { formForCollection } from '../../../site/forms/model/registry';
import type { ReplyDraft } from '../../model/replyDraft';
import { isAnswerDelivery, queueAnswer } from './answers';
import { deliveriesIn, type Delivery } from './deliveries';
import { heldVisitorMail, queueAutoReply, queueConfirmation, queueReply } from './visitorMail';
import { Notifier, type NotifyOptions } from './worker';
import { DigestSchedule, queueDigests } from './digest';

export type { Delivery } from './deliveries';
export type { VisitorMail } from './visitorMail';
export { describeSettings, readNotifySettings, type NotifySettings } from './settings';
export type { NotifyOptions } from './worker';

const notifiers = new WeakMap<Store, Notifier>();
/** The same, by the store's database (the mailbox's reader keeps mails with the database alone). */
const byDatabase = new WeakMap<Database.Database, Notifier>();

/**
 * Starts the worker for this store (sending what is already due). Returns a function that stops
 * it (call before closing the store).
 */
export function startNotifications(store: Store, options: NotifyOptions): () => Promise<void> {
  const notifier = new Notifier(store, options);
  const db = store.db;
  notifiers.set(store, notifier);
  byDatabase.set(db, notifier);
  // The owners' daily mail (digest.ts), when mail is set up (or waits for a setting to be fixed).
  const digest = notifier.channels.includes('email')
    ? new DigestSchedule({
        clock: () => notifier.now(),
        ...(options.digestTimers ? { timers: options.digestTimers } : {}),
        queue: (now) => {
          if (queueDigests(store.db, now, notifier.publicUrl) > 0) notifier.wake();
        },
        log: (message) => (options.log ?? console).warn(message),
      })
    : undefined;
  notifier.wake();
  digest?.start();
  return async () => {
    digest?.stop();
    await notifier.stop();
    notifiers.delete(store);
    byDatabase.delete(db);
  };
}

/**
 * A new lead's mails, in the transaction that stores it (src/leads/server/leadStored.ts): the agency's
 * notifications (queueNotifications: none for spam) and the visitor's auto-reply, when mail is
 * set up (or waits for a setting to be fixed). Nothing before startNotifications.
 */
export function queueLeadMails(store: Store, inserted: Inserted): void {
  const notifier = notifiers.get(store);
  if (!notifier) return;
  queueNotifications(store, inserted.docId);
  if (notifier.channels.includes('email') && queueAutoReply(store.db, inserted, notifier.now(), notifier.networkShare)) notifier.wake();
}

/**
 * The owner's mail of a client's answer (`mail`: its row in lead_messages), in the transaction
 * that keeps it (src/leads/server/mailbox/record.ts keepMail, when attention.ts clientAnswered says
 * the client answered): sent with the other answers of a few minutes in one
 * mail (answers.ts). Nothing when mail is not set up.
 */
export function queueAnswerMail(db: Database.Database, docId: string, mail: number): void {
  const notifier = byDatabase.get(db);
  if (!notifier?.channels.includes('email')) return;
  queueAnswer(db, docId, mail, notifier.now());
  notifier.wake();
}

/**
 * Writes the pending deliveries of a lead that is not spam, one per channel its form's
 * `notify` asks for and the settings set up, and wakes the worker. Mark the lead "not spam"
 * first. A channel the lead already has a delivery on is left alone (calling it twice sends
 * nothing twice; "send again" is resendDelivery). Without notifications set up it does
 * nothing. Runs inside the caller's transaction, if there is one.
 */
export function queueNotifications(store: Store, docId: string): void {
  const notifier = notifiers.get(store);
  if (!notifier || notifier.channels.length === 0) return;
  const table = deliveriesIn(store.db);
  const lead = table.mark(docId);
  const form = lead && !lead.spam ? formForCollection(lead.collection) : undefined;
  if (!form) return;
  const channels = notifier.channels.filter((channel) => form.notify[channel]);
  if (table.queue(docId, channels, notifier.now()) > 0) notifier.wake();
}

/**
 * Puts a delivery (sent, failed, or still retrying) back to pending, due now, with a fresh
 * schedule, and wakes the worker. It keeps its id: a receiver that already has the message
 * may drop the repeat. False when there is no such delivery.
 */
export function resendDelivery(store: Store, deliveryId: string): boolean {
  const notifier = notifiers.get(store);
  const done = deliveriesIn(store.db).resend(deliveryId, notifier?.now() ?? Date.now());
  if (done) notifier?.wake();
  return done;
}

/** A lead's notifications, oldest first (state, tries, last error, times in ms), each with what it tells of (the lead, or an answer). */
export function deliveriesOf(store: Store, docId: string): (Delivery & { about: 'lead' | 'answer' })[] {
  return deliveriesIn(store.db)
    .ofLead(docId)
    .filter((delivery) => delivery.channel !== 'visitor')
    .map((delivery) => ({ ...delivery, about: isAnswerDelivery(delivery.id) ? 'answer' : 'lead' }));
}

/**
 * Queues a newsletter sign-up's confirmation mail (visitorMail.ts queueConfirmation) and wakes the
 * worker after the transaction: `queued`; `later` (queued, held for the next day's count); `owner`
 * (its client network had its share today: not queued, an owner may send it); `today` (this
 * mailbox had one today); `off` when this server has no mail settings at all. `client`: the
 * sign-up's address (none: an owner sends it). Runs inside the caller's transaction.
 */
export function sendConfirmation(
  store: Store,
  docId: string,
  to: string,
  mail: { subject: string; text: string },
  client?: string,
): 'queued' | 'later' | 'owner' | 'today' | 'off' {
  const notifier = notifiers.get(store);
  if (!notifier?.channels.includes('email')) return 'off';
  const done = queueConfirmation(store.db, docId, to, mail, notifier.now(), client === undefined ? undefined : { client, share: notifier.networkShare });
  if (done === 'queued' || done === 'later') notifier.wake();
  return done;
}

/** The visitors' mails held now (visitorMail.ts heldVisitorMail), by the notifications' clock; null when this server sends none. */
export function visitorMailHeld(store: Store): ReturnType<typeof heldVisitorMail> | null {
  const notifier = notifiers.get(store);
  if (!notifier?.channels.includes('email')) return null;
  return heldVisitorMail(store.db, notifier.now());
}

/** Whether this server sends e-mails to visitors (set up, or waiting for a setting to be fixed). */
export function visitorMailOn(store: Store): boolean {
  return notifiers.get(store)?.channels.includes('email') ?? false;
}

/**
 * Queues the owner's reply to a lead's visitor (visitorMail.ts) and wakes the worker: `off`
 * when this server has no mail settings at all (with settings that wait to be fixed, the reply
 * waits with them). Runs inside the caller's transaction, if there is one. `via`: written in the
 * inbox, or in a mail program (mailbox/ownerReplies.ts).
 */
export function sendReply(
  store: Store,
  docId: string,
  draft: ReplyDraft,
  author: string,
  via: 'inbox' | 'mail' = 'inbox',
): 'queued' | 'unknownLead' | 'noAddress' | 'off' {
  const notifier = notifiers.get(store);
  if (!notifier?.channels.includes('email')) return 'off';
  const result = queueReply(store.db, docId, draft, author, notifier.now(), via);
  if (result === 'queued') notifier.wake();
  return result;
}
