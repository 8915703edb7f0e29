/**
 * Notifications of new leads (docs/inbox.md "Notifications of new leads"): an e-mail through any
 * SMTP server and a signed webhook, never lost. The server's one `Notifications` (plugin.ts
 * decorates the app with it as `app.notifications`) is what the rest of the server uses:
 *
 * - `start(store, options)`: the worker, once the database is open (plugin.ts, the part of the
 *   server src/apps/server/app.ts registers, which stops it when the server closes);
 * - `queueLeadMails(inserted)`: a new lead's notifications (not for spam) and the visitor's
 *   auto-reply, as pending deliveries in the transaction that stores it
 *   (src/leads/server/leadStored.ts); the worker sends them after the visitor's answer;
 * - `queueAnswerMail(docId, mail)`: the owner's mail of a client's answer (answers.ts: several
 *   within a few minutes in one mail), in the transaction that keeps the answer;
 * - `queueNotifications(docId)`: the pending deliveries of one lead (the same call the insert
 *   makes; the inbox makes it when the agency marks a spam lead "not spam");
 * - `resendDelivery(deliveryId)`: the inbox's "send again";
 * - `deliveriesOf(store, docId)`: a lead's delivery log, for the inbox;
 * - the owners' daily mail (digest.ts), started with the worker when mail is set up.
 *
 * Without the worker (notifications not set up, or the database not open yet) nothing is queued,
 * as on a server without mail.
 */
import type { Inserted, Store } from '../../../platform/server/store/store';
import type { ReplyDraft } from '../../model/replyDraft';
import type { Served } from '../../../site/server/servedContent';
import { isAnswerDelivery, queueAnswer } from './answers';
import { deliveriesIn, type Delivery } from './deliveries';
import { heldVisitorMail, queueAutoReply, queueConfirmation, queueReply } from './visitorMail';
import { Notifier, type NotifyOptions } from './worker';
import { DigestSchedule, queueDigests } from './digest';

export type { Delivery } from './deliveries';
export { describeSettings, readNotifySettings, type NotifySettings } from './settings';
export type { NotifyOptions } from './worker';

/** The worker's part of the server: what is queued for it, woken after the caller's transaction. */
export class Notifications {
  /** The worker and its store, while it runs (start: once the database is open). */
  private running: { store: Store; notifier: Notifier } | undefined;

  /**
   * `store`: the server's database (app.store), whose deliveries are sent again even when no worker
   * runs; `served`: the content served (app.served), whose words and languages the mails take.
   */
  constructor(
    private readonly store: Store,
    private readonly served: Served,
  ) {}

  /**
   * Starts the worker for this store (sending what is already due). Returns a function that stops
   * it (call before closing the store).
   */
  start(store: Store, options: NotifyOptions): () => Promise<void> {
    const notifier = new Notifier(store, options, this.served);
    const running = { store, notifier };
    this.running = running;
    // The owners' daily mail (digest.ts), when mail is set up (or waits for a setting to be fixed).
    const digest = notifier.channels.includes('email')
      ? new DigestSchedule({
          clock: () => notifier.now(),
          ...(options.digestTimers ? { timers: options.digestTimers } : {}),
          queue: (now) => {
            if (queueDigests(store.db, this.served.forms, now, notifier.publicUrl) > 0) notifier.wake();
          },
          log: (message) => (options.log ?? console).warn(message),
        })
      : undefined;
    notifier.wake();
    digest?.start();
    return async () => {
      digest?.stop();
      await notifier.stop();
      if (this.running === running) this.running = undefined;
    };
  }

  /** The worker, when it runs and sends by e-mail (set up, or waiting for a setting to be fixed). */
  private mailing(): { store: Store; notifier: Notifier } | undefined {
    return this.running?.notifier.channels.includes('email') ? this.running : undefined;
  }

  /**
   * A new lead's mails, in the transaction that stores it (src/leads/server/leadStored.ts): the agency's
   * notifications (queueNotifications: none for spam) and the visitor's auto-reply, when mail is
   * set up (or waits for a setting to be fixed). Nothing before start.
   */
  queueLeadMails(inserted: Inserted): void {
    if (!this.running) return;
    this.queueDeliveries(inserted.docId);
    const mailing = this.mailing();
    if (mailing && queueAutoReply(mailing.store.db, this.served, inserted, mailing.notifier.now(), mailing.notifier.networkShare)) mailing.notifier.wake();
  }

  /**
   * The owner's mail of a client's answer (`mail`: its row in lead_messages), in the transaction
   * that keeps it (src/leads/server/mailbox/record.ts keepMail, when attention.ts clientAnswered says
   * the client answered): sent with the other answers of a few minutes in one
   * mail (answers.ts). Nothing when mail is not set up.
   */
  queueAnswerMail(docId: string, mail: number): void {
    const mailing = this.mailing();
    if (!mailing) return;
    queueAnswer(mailing.store.db, docId, mail, mailing.notifier.now());
    mailing.notifier.wake();
  }

  /**
   * Writes the pending deliveries of a lead that is not spam, one per channel its form's
   * `notify` asks for and the settings set up, and wakes the worker. Mark the lead "not spam"
   * first. A channel the lead already has a delivery on is left alone (calling it twice sends
   * nothing twice; "send again" is resendDelivery). Without notifications set up it does
   * nothing. Runs inside the caller's transaction, if there is one.
   */
  queueNotifications(docId: string): void {
    this.queueDeliveries(docId);
  }

  private queueDeliveries(docId: string): void {
    const running = this.running;
    if (!running || running.notifier.channels.length === 0) return;
    const { store, notifier } = running;
    const table = deliveriesIn(store.db);
    const lead = table.mark(docId);
    const form = lead && !lead.spam ? this.served.forms.formForCollection(lead.collection) : undefined;
    if (!form) return;
    const channels = notifier.channels.filter((channel) => form.notify[channel]);
    if (table.queue(docId, channels, notifier.now()) > 0) notifier.wake();
  }

  /**
   * Puts a delivery (sent, failed, or still retrying) back to pending, due now, with a fresh
   * schedule, and wakes the worker. It keeps its id: a receiver that already has the message may
   * drop the repeat. False when there is no such delivery.
   */
  resendDelivery(deliveryId: string): boolean {
    const notifier = this.running?.notifier;
    const done = deliveriesIn(this.store.db).resend(deliveryId, notifier?.now() ?? Date.now());
    if (done) notifier?.wake();
    return done;
  }

  /**
   * Queues a newsletter sign-up's confirmation mail (visitorMail.ts queueConfirmation) and wakes the
   * worker after the transaction: `queued`; `later` (queued, held for the next day's count); `owner`
   * (its client network had its share today: not queued, an owner may send it); `today` (this
   * mailbox had one today); `off` when this server has no mail settings at all. `client`: the
   * sign-up's address (none: an owner sends it). Runs inside the caller's transaction.
   */
  sendConfirmation(docId: string, to: string, mail: { subject: string; text: string }, client?: string): 'queued' | 'later' | 'owner' | 'today' | 'off' {
    const mailing = this.mailing();
    if (!mailing) return 'off';
    const { store, notifier } = mailing;
    const done = queueConfirmation(store.db, docId, to, mail, notifier.now(), client === undefined ? undefined : { client, share: notifier.networkShare });
    if (done === 'queued' || done === 'later') notifier.wake();
    return done;
  }

  /** The visitors' mails held now (visitorMail.ts heldVisitorMail), by the notifications' clock; null when this server sends none. */
  visitorMailHeld(): ReturnType<typeof heldVisitorMail> | null {
    const mailing = this.mailing();
    return mailing ? heldVisitorMail(mailing.store.db, mailing.notifier.now()) : null;
  }

  /** Whether this server sends e-mails to visitors (set up, or waiting for a setting to be fixed). */
  visitorMailOn(): boolean {
    return this.mailing() !== undefined;
  }

  /**
   * Queues the owner's reply to a lead's visitor (visitorMail.ts) and wakes the worker: `off`
   * when this server has no mail settings at all (with settings that wait to be fixed, the reply
   * waits with them). Runs inside the caller's transaction, if there is one. `via`: written in the
   * inbox, or in a mail program (mailbox/ownerReplies.ts).
   */
  sendReply(docId: string, draft: ReplyDraft, author: string, via: 'inbox' | 'mail' = 'inbox'): 'queued' | 'unknownLead' | 'noAddress' | 'off' {
    const mailing = this.mailing();
    if (!mailing) return 'off';
    const result = queueReply(mailing.store.db, this.served.forms, docId, draft, author, mailing.notifier.now(), via);
    if (result === 'queued') mailing.notifier.wake();
    return result;
  }
}

/** A lead's notifications, oldest first (state, tries, last error, times in ms), each with what it tells of (the lead, or an answer). */
export function deliveriesOf(store: Store, docId: string): (Delivery & { about: 'lead' | 'answer' })[] {
  return deliveriesIn(store.db)
    .ofLead(docId)
    .filter((delivery) => delivery.channel !== 'visitor')
    .map((delivery) => ({ ...delivery, about: isAnswerDelivery(delivery.id) ? 'answer' : 'lead' }));
}
