/**
 * The daily mail to each owner account (docs/inbox.md "The daily mail"): at config/server.ts
 * notifications.digest.hour o'clock on the agency's clock (config/admin.ts timeZone), who waits
 * for the agency (leads.waiting_since, the longest first, with how long) and whose follow-up is
 * due (today or before), among the leads assigned to that owner or to nobody. Nothing waits and
 * nothing is due: no mail.
 *
 * Each owner's day is looked at once (the `digests` table: one row per account and day of the
 * agency, written with the mail's delivery in one transaction), so a restart never sends a second
 * one; a server that was stopped at the hour looks at the day when it starts, that day. The mail
 * is a row of the deliveries queue (channel `owner`): retried, kept across restarts, like every
 * notification. It holds no visitor's text: what it says is read when it is sent (a lead erased
 * meanwhile is not in it).
 *
 * The clock and the timer are given: a test moves the clock and fires the timer, nothing waits
 * for real time (as src/content/server/schedule.ts does).
 */
import type Database from 'better-sqlite3';
import nodemailer from 'nodemailer';
import admin from '../../../../config/admin';
import server from '../../../../config/server';
import { senderFields, type FormLookups } from '../../../site/forms/model/registry';
import { stageName } from '../../model/pipeline';
import { addDays, dayOf, formatDate, formatDay, momentOf } from '../../../platform/received';
import { fill, visible } from '../../../schema/text';
import { ADMIN_PAGE } from '../../../schema/ownAddresses';
import { realTimers, type Timers } from '../../../platform/server/timers';
import { inboxLink } from '../leads';
import { preparedIn } from '../../../platform/server/statements';
import { newDeliveryId } from './deliveries';
import { transportOptions } from '../../../platform/server/mail/transport';
import { isPlainAddress } from '../../../platform/server/mail/settings';
import type { MailSettings } from '../../../platform/server/mail/transport';

const words = server.notifications.digest;
/** Days a day's record is kept (then it and its sent mail are deleted). */
const KEEP_DAYS = 30;
/** The longest a timer is set for (Node's limit is about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface LeadLine {
  docId: string;
  collection: string;
  data: string;
  waitingSince: string | null;
  stage: string | null;
  followUp: string | null;
}

const LEAD =
  'SELECT l.doc_id AS docId, l.collection, d.data, l.waiting_since AS waitingSince, l.stage, l.follow_up AS followUp FROM leads l JOIN documents d ON d.doc_id = l.doc_id';
/** The leads an owner's mail is about: assigned to them or to nobody, not spam. */
const THEIRS = 'l.spam = 0 AND (l.assignee IS NULL OR l.assignee = ?)';

const statements = preparedIn((db: Database.Database) => ({
  owners: db.prepare("SELECT email FROM admins WHERE role = 'owner' ORDER BY email").pluck(),
  done: db.prepare('SELECT 1 FROM digests WHERE account = ? AND day = ?'),
  record: db.prepare('INSERT INTO digests (account, day, delivery_id, at) VALUES (?, ?, ?, ?)'),
  delivery: db.prepare("INSERT INTO deliveries (id, doc_id, channel, next_at, created_at) VALUES (?, NULL, 'owner', ?, ?)"),
  ofDelivery: db.prepare('SELECT account FROM digests WHERE delivery_id = ?').pluck(),
  forgetMails: db.prepare("DELETE FROM deliveries WHERE channel = 'owner' AND state <> 'pending' AND id IN (SELECT delivery_id FROM digests WHERE day < ?)"),
  forgetDays: db.prepare('DELETE FROM digests WHERE day < ?'),
  waiting: db.prepare(`${LEAD} WHERE ${THEIRS} AND l.waiting_since IS NOT NULL ORDER BY l.waiting_since, l.seq LIMIT ?`),
  waitingCount: db.prepare(`SELECT count(*) FROM leads l WHERE ${THEIRS} AND l.waiting_since IS NOT NULL`).pluck(),
  due: db.prepare(`${LEAD} WHERE ${THEIRS} AND l.follow_up IS NOT NULL AND l.follow_up <= ? ORDER BY l.follow_up, l.seq LIMIT ?`),
  dueCount: db.prepare(`SELECT count(*) FROM leads l WHERE ${THEIRS} AND l.follow_up IS NOT NULL AND l.follow_up <= ?`).pluck(),
}));

/** A lead as a line of the mail: its sender's name (else their e-mail address, else its form's name in the inbox: registry's formTitle). */
function nameOf(forms: FormLookups, lead: LeadLine): string {
  const form = forms.formForCollection(lead.collection);
  const document = JSON.parse(lead.data) as Record<string, unknown>;
  const { name, emails } = senderFields(form);
  const text = (field: { name: string } | undefined) => (field ? String(document[field.name] ?? '').trim() : '');
  return (
    visible(text(name) || text(emails[0]))
      .replace(/\s+/g, ' ')
      .slice(0, 100) || forms.collectionTitle(lead.collection)
  );
}

const relative = new Intl.RelativeTimeFormat(admin.locale, { numeric: 'auto' });

/** The hour the mail goes at, as a time of day in the locale's words ("08:00"): the footer says when it comes, whenever it was sent. */
const hourOfDay = (hour: number) =>
  new Intl.DateTimeFormat(admin.locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, hour));

/** How long ago, in the largest whole unit: "3 days ago", "5 hours ago", "yesterday". */
function ago(since: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - since) / 60_000));
  if (minutes >= 24 * 60) return relative.format(-Math.floor(minutes / (24 * 60)), 'day');
  if (minutes >= 60) return relative.format(-Math.floor(minutes / 60), 'hour');
  return relative.format(-minutes, 'minute');
}

/** A day against today, in words: "today", "yesterday", "3 days ago". */
const dayAgo = (day: string, today: string) =>
  relative.format(Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000), 'day');

export interface DigestMail {
  subject: string;
  text: string;
}

/** What the daily mail tells `account` at `now` (the leads' forms looked up in `forms`, the server's); undefined when nothing waits and nothing is due. */
export function digestOf(db: Database.Database, forms: FormLookups, account: string, now: number, publicUrl: string): DigestMail | undefined {
  const q = statements(db);
  const today = dayOf(now);
  const max = words.maxLines;
  const waiting = q.waiting.all(account, max) as LeadLine[];
  const due = q.due.all(account, today, max) as LeadLine[];
  if (waiting.length === 0 && due.length === 0) return undefined;
  const waitingCount = waiting.length < max ? waiting.length : (q.waitingCount.get(account) as number);
  const dueCount = due.length < max ? due.length : (q.dueCount.get(account, today) as number);
  const inbox = `${publicUrl}${ADMIN_PAGE}`;
  const form = (lead: LeadLine) => forms.collectionTitle(lead.collection);
  const more = (shown: number, count: number) => (count > shown ? [fill(words.more, { count: count - shown, inbox })] : []);
  const text = [
    // Its first line: Reply reaches nobody (answering is done on each lead).
    server.notifications.replyReachesNobody,
    '',
    ...(waiting.length > 0
      ? [
          words.waitingHeading,
          ...waiting.map((lead) =>
            fill(words.waitingLine, {
              name: nameOf(forms, lead),
              form: form(lead),
              since: formatDate(lead.waitingSince!),
              ago: ago(Date.parse(lead.waitingSince!), now),
              link: inboxLink(publicUrl, lead.docId),
            }),
          ),
          ...more(waiting.length, waitingCount),
          '',
        ]
      : []),
    ...(due.length > 0
      ? [
          words.dueHeading,
          ...due.map((lead) =>
            fill(words.dueLine, {
              name: nameOf(forms, lead),
              form: form(lead),
              stage: stageName(lead.stage),
              date: formatDay(lead.followUp!),
              when: dayAgo(lead.followUp!, today),
              link: inboxLink(publicUrl, lead.docId),
            }),
          ),
          ...more(due.length, dueCount),
          '',
        ]
      : []),
    '-- ',
    fill(words.footer, { hour: hourOfDay(words.hour) }),
    '',
  ].join('\n');
  return { subject: fill(words.subject, { waiting: waitingCount, due: dueCount }), text };
}

/**
 * Looks at each owner's day (the agency's day of `now`): a mail queued for each owner something
 * waits for, nothing for the others; an owner whose day was looked at already is left alone. In
 * one transaction. Answers how many mails it queued.
 */
export function queueDigests(db: Database.Database, forms: FormLookups, now: number, publicUrl: string): number {
  const q = statements(db);
  const day = dayOf(now);
  return db.transaction(() => {
    const forget = addDays(day, -KEEP_DAYS);
    q.forgetMails.run(forget);
    q.forgetDays.run(forget);
    let queued = 0;
    for (const account of q.owners.all() as string[]) {
      if (q.done.get(account, day)) continue;
      const mail = isPlainAddress(account) ? digestOf(db, forms, account, now, publicUrl) : undefined;
      const id = mail ? newDeliveryId() : null;
      if (id) q.delivery.run(id, now, now);
      q.record.run(account, day, id, now);
      if (id) queued++;
    }
    return queued;
  })();
}

/** Sends an owner's daily mail (a delivery of channel `owner`): what it tells is read now. */
export function createDigestSender(settings: MailSettings, db: Database.Database, forms: FormLookups, publicUrl: string, clock: () => number) {
  const transport = nodemailer.createTransport(transportOptions(settings));
  const domain = settings.fromAddress.split('@')[1] ?? 'localhost';
  return {
    async send(deliveryId: string): Promise<void> {
      const account = statements(db).ofDelivery.get(deliveryId) as string | undefined;
      if (account === undefined) throw new Error('The daily mail is no longer stored.');
      const mail = digestOf(db, forms, account, clock(), publicUrl);
      // Answered, followed up or erased since it was queued: nothing is left to tell.
      if (!mail) return;
      await transport.sendMail({
        from: settings.from,
        to: account,
        subject: mail.subject,
        text: mail.text,
        messageId: `<${deliveryId}@${domain}>`,
        // An automatic mail (RFC 3834): out-of-office replies leave it alone.
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    },
    close(): void {
      transport.close();
    },
  };
}

export interface DigestScheduleOptions {
  clock: () => number;
  timers?: Timers;
  /** The hour of the agency's day it goes at (config/server.ts notifications.digest.hour unless a test says). */
  hour?: number;
  /** Queues the day's mails (queueDigests, then the worker is woken). */
  queue: (now: number) => void;
  log?: (message: string) => void;
}

/**
 * When the daily mail goes: at start, the day is looked at if its hour has come (the server was
 * stopped then); then one timer, set for the next day's hour.
 */
export class DigestSchedule {
  private timer: unknown;
  private stopped = false;
  private readonly timers: Timers;
  private readonly hour: number;

  constructor(private readonly options: DigestScheduleOptions) {
    this.timers = options.timers ?? realTimers;
    this.hour = options.hour ?? words.hour;
  }

  start(): void {
    this.run();
  }

  /** The next moment the hour comes on the agency's clock, after `now` (or at it). */
  next(now: number): number {
    const today = dayOf(now);
    const at = momentOf(today, this.hour);
    return at > now ? at : momentOf(addDays(today, 1), this.hour);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
  }

  private run(): void {
    this.timer = undefined;
    if (this.stopped) return;
    const now = this.options.clock();
    // Today's hour has come (just now, or while the server was stopped).
    if (now >= momentOf(dayOf(now), this.hour)) {
      try {
        this.options.queue(now);
      } catch (error) {
        this.options.log?.(`The daily mail could not be queued: ${error instanceof Error ? error.message : String(error)}. It is tried again in an hour.`);
        this.timer = this.timers.set(() => this.run(), 3_600_000);
        return;
      }
    }
    this.timer = this.timers.set(() => this.run(), Math.min(Math.max(0, this.next(now) - now), MAX_TIMER_MS));
  }
}
