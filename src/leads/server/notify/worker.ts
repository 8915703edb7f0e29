/**
 * The worker that sends what the deliveries table holds, in the server's own process. It
 * never runs inside a visitor's request: a new lead's transaction only writes the pending
 * rows, and wakes the worker for after it. At start it sends every row already due (a
 * restart, or a crash between storing and sending, leaves them pending); then it sleeps
 * until the next row is due, or until woken. Each channel sends one message at a time.
 * A failed try is written with its error and tried again on the schedule (src/platform/server/mail/retry.ts);
 * after the last try the delivery is `failed`.
 */
import server from '../../../../config/server';
import type { Store } from '../../../platform/server/store/store';
import type { Served } from '../../../site/server/servedContent';
import { answersToTell, createAnswerMailSender, dropAnswered, isAnswerDelivery, type AnswerMailSender } from './answers';
import { deliveriesIn, type Delivery, type DeliveryChannel } from './deliveries';
import { describeLead, type Lead } from './lead';
import { sourceOfLead } from '../sources';
import { languageOfLead } from '../leadLanguages';
import { ownsUpload } from '../cvFiles';
import { createMailSender } from './mail';
import { issueReplyAddress } from '../mailbox/replyTokens';
import { nextRetry, RETRY_SCHEDULE, type RetrySchedule } from '../../../platform/server/mail/retry';
import { CHANNELS, type Channel, type NotifySettings } from './settings';
import { createVisitorMailSender, releaseHeld } from './visitorMail';
import { createWebhookSender } from './webhook';
import { createDigestSender } from './digest';
import type { Timers } from '../../../platform/server/timers';
import { WorkerLoop } from '../../../platform/server/worker';

export interface NotifyOptions {
  settings: NotifySettings;
  /** When failed deliveries are tried again (default: config/server.ts notifications.retry); tests shorten it. */
  schedule?: RetrySchedule;
  clock?: () => number;
  /** Where failures are written (the server's log). */
  log?: { warn(message: string): void };
  /** The site reads the agency's mailbox (IMAP_URL): a notification's Reply-To is then a reply address of its own. */
  repliesRead?: boolean;
  /** The timer of the owners' daily mail (digest.ts; tests fire it themselves after moving the clock). */
  digestTimers?: Timers;
  /** Multiplies a client network's share of the day's visitor mails (RATE_LIMIT_FACTOR, as the forms' limits): tests and benchmarks. */
  rateLimitFactor?: number;
}

/** One message of a channel: resolves once the receiver took it, rejects with why not. */
type Send = (lead: Lead, delivery: Delivery) => Promise<void>;

/** How many due rows are read at a time; the longest sleep between two looks at the table (a changed clock is noticed). */
const BATCH = 20;
const LONGEST_SLEEP_MS = 60_000;
/** On stopping, sends under way get this long to finish (a delivery cut off is sent again at the next start). */
const STOP_GRACE_MS = 5_000;

/** Why a try failed, in one line (a network error's cause says more than "fetch failed"). */
function describeError(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause;
  const text = cause instanceof Error ? `${(error as Error).message}: ${cause.message}` : error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 500);
}

export class Notifier {
  /** Channels whose deliveries are written: set up, or set up wrongly (those wait). */
  readonly channels: readonly Channel[];
  private readonly sending: Partial<Record<Exclude<DeliveryChannel, 'owner'>, Send>> = {};
  /** The owner's mails of clients' answers (answers.ts): rows of the email channel, sent together. */
  private readonly answers: AnswerMailSender | undefined;
  /** Sends a mail to an owner's account (the daily mail: digest.ts). */
  private readonly ownerMail: ((deliveryId: string) => Promise<void>) | undefined;
  private readonly close: () => void;
  private readonly schedule: RetrySchedule;
  private readonly clock: () => number;
  private readonly log: { warn(message: string): void };
  private readonly table: ReturnType<typeof deliveriesIn>;
  /** Sends what is due, then sleeps until the next row is due or it is woken. */
  private readonly loop: WorkerLoop;

  constructor(
    private readonly store: Store,
    private readonly options: NotifyOptions,
    /** The content served (app.served): the mails' sender name, agency address and forms' words, the leads' languages. */
    private readonly served: Served,
  ) {
    const { settings } = options;
    this.schedule = options.schedule ?? RETRY_SCHEDULE;
    this.clock = options.clock ?? Date.now;
    this.log = options.log ?? { warn: (message) => console.warn(message) };
    this.table = deliveriesIn(store.db);
    const mail = settings.email && createMailSender(settings.email, served);
    // Its Reply-To: a reply address of its own, when the lead can be answered and the site reads the replies (mailbox/ownerReplies.ts).
    const replyAddress = (lead: Lead, delivery: Delivery) =>
      options.repliesRead && lead.replyTo
        ? issueReplyAddress(store.db, served, { docId: lead.docId, deliveryId: delivery.id, sentTo: settings.email!.to, now: this.clock() })
        : undefined;
    if (mail) this.sending.email = (lead, delivery) => mail.send(lead, delivery.id, replyAddress(lead, delivery));
    // E-mails to the visitor (auto-replies, the agency's replies) share the mail settings.
    const visitor = settings.email && createVisitorMailSender(settings.email, store.db, served);
    if (visitor) this.sending.visitor = (_lead, delivery) => visitor.send(delivery.id);
    const webhook = settings.webhook && createWebhookSender(settings.webhook, this.clock);
    if (webhook) this.sending.webhook = (lead, delivery) => webhook.send(lead, delivery.id, delivery.createdAt);
    this.answers = settings.email && createAnswerMailSender(settings.email, settings.publicUrl);
    // The owners' daily mail shares the mail settings too.
    const owners = settings.email && createDigestSender(settings.email, store.db, served.forms, settings.publicUrl, this.clock);
    this.ownerMail = owners ? (deliveryId) => owners.send(deliveryId) : undefined;
    this.close = () => {
      mail?.close();
      visitor?.close();
      this.answers?.close();
      owners?.close();
    };
    this.channels = CHANNELS.filter((c) => this.sending[c] !== undefined || settings.waiting.includes(c));
    this.loop = new WorkerLoop({
      pass: async () => {
        await Promise.all(this.sendingChannels.map((channel) => this.sendDue(channel)));
      },
      failed: (error) => this.log.warn(`Notifications: could not read the deliveries (${describeError(error)}); trying again shortly.`),
      nextWait: () => this.nextWait(),
      stopGraceMs: STOP_GRACE_MS,
    });
  }

  private get stopped(): boolean {
    return this.loop.stopped;
  }

  /** How many visitors' mails a client network may have a day (config/server.ts notifications.autoReply.perNetworkPerDay, times rateLimitFactor). */
  get networkShare(): number {
    return Math.max(1, Math.round(server.notifications.autoReply.perNetworkPerDay * (this.options.rateLimitFactor ?? 1)));
  }

  /** The notifications' clock (tests may set it). */
  now(): number {
    return this.clock();
  }

  get publicUrl(): string {
    return this.options.settings.publicUrl;
  }

  /** Channels that send now (the others' deliveries wait). */
  private get sendingChannels(): DeliveryChannel[] {
    return [...[...CHANNELS, 'visitor' as const].filter((c) => this.sending[c] !== undefined), ...(this.ownerMail ? ['owner' as const] : [])];
  }

  /** Look at the table soon (after the transaction that called this, and after the visitor's answer). */
  wake(): void {
    this.loop.wake();
  }

  private async sendDue(channel: DeliveryChannel): Promise<void> {
    for (;;) {
      const batch = this.table.due(channel, this.clock(), BATCH);
      if (batch.length === 0 || this.stopped) return;
      for (const delivery of batch) {
        if (this.stopped) return;
        await this.deliver(channel, delivery);
      }
    }
  }

  private async deliver(channel: DeliveryChannel, delivery: Delivery): Promise<void> {
    if (channel === 'email' && isAnswerDelivery(delivery.id)) return this.deliverAnswers(delivery.id);
    // A mail to an owner's account is about no one lead.
    if (channel === 'owner') return this.attempt(channel, delivery, () => this.ownerMail!(delivery.id));
    // A visitor's mail held over a day's count goes once that day has room (else it is held again).
    if (channel === 'visitor' && !releaseHeld(this.store.db, delivery.id, this.clock())) return;
    const docId = delivery.docId ?? '';
    const stored = this.table.lead(docId);
    const form = stored && this.served.forms.formForCollection(stored.collection);
    if (!stored || !form) {
      this.table.markFailed(
        delivery.id,
        stored ? `No form in config/forms writes to ${stored.collection} any more.` : 'The lead is no longer stored.',
        this.clock(),
      );
      return;
    }
    const lead = describeLead(form, docId, stored.document, this.publicUrl, stored.createdAt, {
      source: sourceOfLead(this.store.db, docId),
      language: languageOfLead(this.served, this.store.db, docId),
      ownsUpload: (value) => ownsUpload(this.store, docId, value),
    });
    return this.attempt(channel, delivery, () => this.sending[channel as Exclude<DeliveryChannel, 'owner'>]!(lead, delivery));
  }

  /** One try of a delivery: marked sent, or its error written and the next try planned (or marked failed after the last). */
  private async attempt(channel: DeliveryChannel, delivery: Delivery, send: () => Promise<void>): Promise<void> {
    try {
      await send();
      // Stopped and closed meanwhile: the row stays pending and is sent again at the next start (same id).
      if (this.store.db.open) this.table.markSent(delivery.id, this.clock());
    } catch (error) {
      const attempts = delivery.attempts + 1;
      const wait = nextRetry(attempts, this.schedule);
      const reason = describeError(error);
      if (!this.store.db.open) return;
      if (wait === undefined) this.table.markFailed(delivery.id, reason, this.clock());
      else this.table.markRetry(delivery.id, this.clock() + wait, reason, this.clock());
      this.log.warn(
        `Notifications: the ${channel} ${delivery.docId === null ? 'mail to an owner' : `about lead ${delivery.docId}`} (${delivery.id}) failed on try ${attempts}: ${reason} ${wait === undefined ? 'It is marked failed; the inbox can send it again.' : `Next try in ${Math.round(wait / 1000)} s.`}`,
      );
    }
  }

  /**
   * The mail of every client's answer waiting to be told (answers.ts), as one: each of their rows
   * is marked sent, or tried again together. A row of the batch sent (or tried) with an earlier
   * one is pending no more (or not due), and sends nothing. An answer the agency replied to
   * since is deleted, never told.
   */
  private async deliverAnswers(id: string): Promise<void> {
    const due = answersToTell(this.store.db, this.served.forms).find((answer) => answer.id === id);
    if (!due || due.nextAt > this.clock() || !this.answers) return;
    // Those the agency replied to meanwhile are told of no more; none left, no mail.
    dropAnswered(this.store.db);
    const answers = answersToTell(this.store.db, this.served.forms);
    if (answers.length === 0) return;
    try {
      await this.answers.send(answers);
      if (this.store.db.open) for (const answer of answers) this.table.markSent(answer.id, this.clock());
    } catch (error) {
      if (!this.store.db.open) return;
      const attempts = Math.max(...answers.map((answer) => answer.attempts)) + 1;
      const wait = nextRetry(attempts, this.schedule);
      const reason = describeError(error);
      for (const answer of answers) {
        if (wait === undefined) this.table.markFailed(answer.id, reason, this.clock());
        else this.table.markRetry(answer.id, this.clock() + wait, reason, this.clock());
      }
      this.log.warn(
        `Notifications: the e-mail of ${answers.length} client answer(s) failed on try ${attempts}: ${reason} ${wait === undefined ? 'It is marked failed; the inbox can send it again.' : `Next try in ${Math.round(wait / 1000)} s.`}`,
      );
    }
  }

  /** How long to sleep: until the next pending delivery is due (none: until woken). */
  private nextWait(): number | undefined {
    try {
      const next = this.table.nextDue(this.sendingChannels);
      return next === undefined ? undefined : Math.min(Math.max(next - this.clock(), 0), LONGEST_SLEEP_MS);
    } catch (error) {
      this.log.warn(`Notifications: could not read the deliveries (${describeError(error)}); trying again shortly.`);
      return 1000;
    }
  }

  /** Stops: nothing new is started; sends under way get a few seconds to finish. */
  async stop(): Promise<void> {
    await this.loop.stop();
    this.close();
  }
}
