/**
 * The newsletter's sending, in the server's own process, from the send queue in SQLite
 * (`newsletter_recipients`): nothing is lost, nobody is sent it twice but by a crash's one
 * uncertain mail, and then with the same Message-ID (docs/inbox.md "Sending that loses nobody").
 *
 * - A reader's row is marked `sending` (committed) before the SMTP call and `sent` after the mail
 *   server took the mail (in the commit that marks the next reader `sending`: one write to the
 *   disk per reader). A crash or a restart anywhere leaves every reader `pending` (not tried),
 *   `sent`, or `sending`: the one mail whose fate is unknown (the server may have taken it just
 *   before the crash). At the next start those are sent again with the same Message-ID, which
 *   mail servers and mail programs use to drop a repeat: a reader may find it twice, never lose it.
 * - nodemailer's pool: `pool.connections` connections (config/server.ts newsletter), and one lane
 *   of this worker per connection, each with one mail under way at a time: at most that many rows
 *   are ever `sending`, so a crash leaves at most that many readers uncertain.
 * - The rate (`rate`: at most so many mails per so many seconds) is the pool's (rateLimit, rateDelta).
 * - A temporary refusal (a 4xx answer) is tried again later (`retry`: twice as late each time),
 *   then marked failed; a permanent refusal of the address (5xx to RCPT TO) marks it `bounced`,
 *   never mailed again; a permanent refusal of the message (5xx to DATA) fails that reader only.
 *   A mail server out of reach, refusing the sign-in or the sender (MAIL FROM), or closing (421)
 *   pauses the whole sending (`unreachable`), never counting against the readers.
 * - A reader no longer confirmed when their turn comes (unsubscribed meanwhile) is `skipped`.
 * - Each reader gets the newsletter's mail made for the language they signed up in (newsletters.ts
 *   startDue), the default language's when it has none for it; its Content-Language names that
 *   language.
 * - The scheduled newsletters start when due (newsletters.ts startDue), checked at start, when
 *   woken, and at least every minute.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type Database from 'better-sqlite3';
import server from '../../../config/server';
import { UNSUBSCRIBE_PATH } from '../model/newsletterApi';
import { nextRetry, type RetrySchedule } from '../../platform/server/mail/retry';
import { TIMEOUTS } from '../../platform/server/mail/transport';
import type { SenderSettings } from '../../platform/server/mail/transport';
import { preparedIn } from '../../platform/server/statements';
import { WorkerLoop } from '../../platform/server/worker';
import { failpoint } from '../../platform/server/failpoints';
import type { Store } from '../../platform/server/store/store';
import { startDue, nextScheduled } from './newsletters';
import { personalMail, type NewsletterMail } from './render';
import type { UnsubscribeTokens } from './tokens';
import { languageCodeOf, newsletterSite } from './site';
import type { Served } from '../../site/server/servedContent';

const config = server.newsletter;

export interface QueueOptions {
  /** SMTP_URL, MAIL_FROM and the DKIM key (src/leads/server/notify/settings.ts). */
  sender: SenderSettings;
  /** The site's public address: the unsubscribe links start with it. */
  publicUrl: string;
  /** The unsubscribe links' tokens (tokens.ts). */
  tokens: UnsubscribeTokens;
  /** The content served (app.served): the site's words and languages of the mails it starts sending. */
  served: Served;
  /** The agency's mailbox (config/site.ts contact.email): the mailto: of List-Unsubscribe goes there, and it is the envelope's sender (bounces come home). */
  agencyMailbox?: string;
  clock?: () => number;
  log?: { warn(message: string): void; info?(message: string): void };
  /** config/server.ts newsletter.pool and .rate, and the retries; tests change them. */
  pool?: { connections: number; messagesPerConnection: number };
  rate?: { messages: number; perSeconds: number };
  retry?: RetrySchedule;
  unreachable?: { firstSeconds: number; maxSeconds: number };
}

/** The header fields DKIM signs: nodemailer's own list and List-Unsubscribe-Post (RFC 8058 asks for both List-Unsubscribe fields signed). */
const SIGNED_FIELDS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:Content-ID:Content-Description:' +
  'Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:' +
  'List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive';

/** The longest sleep between two looks at the queue (a schedule or a clock changed meanwhile is noticed). */
const LONGEST_SLEEP_MS = 60_000;
const STOP_GRACE_MS = 5_000;

interface Claimed {
  id: number;
  newsletterId: number;
  subscriberId: number;
  messageId: string;
  email: string;
  attempts: number;
  /** The language the reader signed up in (null: the default one). */
  language: string | null;
}

/** A newsletter's mail as its row keeps it (newsletters.ts startDue): one made before a mail said its language has none. */
type StoredMail = Omit<NewsletterMail, 'language'> & Partial<Pick<NewsletterMail, 'language'>>;

const statements = preparedIn((db: Database.Database) => ({
  // A crash's uncertain readers: sent again (same Message-ID), counted.
  recover: db.prepare("UPDATE newsletter_recipients SET state = 'pending', resent = resent + 1 WHERE state = 'sending'"),
  next: db.prepare(
    `SELECT r.id, r.newsletter_id AS newsletterId, r.subscriber_id AS subscriberId, r.message_id AS messageId, r.attempts, s.email, s.language, s.state AS subscriberState
       FROM newsletter_recipients r JOIN subscribers s ON s.id = r.subscriber_id
      WHERE r.state = 'pending' AND r.next_at <= ? ORDER BY r.next_at, r.id LIMIT 1`,
  ),
  claim: db.prepare("UPDATE newsletter_recipients SET state = 'sending' WHERE id = ? AND state = 'pending'"),
  skip: db.prepare("UPDATE newsletter_recipients SET state = 'skipped' WHERE id = ? AND state = 'pending'"),
  sent: db.prepare(
    "UPDATE newsletter_recipients SET state = 'sent', attempts = attempts + 1, sent_at = ?, last_error = NULL WHERE id = ? AND state = 'sending'",
  ),
  retry: db.prepare(
    "UPDATE newsletter_recipients SET state = 'pending', attempts = attempts + 1, next_at = ?, last_error = ? WHERE id = ? AND state = 'sending'",
  ),
  // The mail server out of reach: back in the queue as it was (no try counted).
  putBack: db.prepare("UPDATE newsletter_recipients SET state = 'pending', last_error = ? WHERE id = ? AND state = 'sending'"),
  failed: db.prepare(
    "UPDATE newsletter_recipients SET state = 'failed', attempts = attempts + 1, last_error = ?, bounce = ? WHERE id = ? AND state = 'sending'",
  ),
  bounced: db.prepare("UPDATE subscribers SET state = 'bounced', bounced_at = ?, updated_at = ? WHERE id = ? AND state = 'confirmed'"),
  nextAt: db.prepare("SELECT min(next_at) AS at FROM newsletter_recipients WHERE state = 'pending'"),
  mail: db.prepare('SELECT mail, mails FROM newsletters WHERE id = ?'),
  finish: db.prepare(
    `UPDATE newsletters SET state = 'sent', finished_at = ?
      WHERE state = 'sending' AND NOT EXISTS (SELECT 1 FROM newsletter_recipients r WHERE r.newsletter_id = newsletters.id AND r.state IN ('pending', 'sending'))`,
  ),
}));

/** Why a try failed, in one line. */
function describeError(error: unknown): string {
  const e = error as { response?: string; message?: string };
  return String(e?.response || e?.message || error)
    .replace(/\s+/g, ' ')
    .slice(0, 500);
}

/**
 * What a refusal means: `address` (5xx to RCPT TO: the address does not exist, never again),
 * `message` (5xx to the mail itself: this reader fails), `later` (4xx: this reader later), or
 * `server` (the mail server out of reach, refusing our sign-in or sender, closing: pause them all).
 */
function refusalOf(error: unknown): 'address' | 'message' | 'later' | 'server' {
  const { responseCode, command, code } = error as { responseCode?: number; command?: string; code?: string };
  if (!responseCode || code === 'EAUTH' || responseCode === 421 || command === 'MAIL FROM' || command === 'AUTH' || command === 'CONN') return 'server';
  if (responseCode >= 500) return command === 'RCPT TO' ? 'address' : 'message';
  return 'later';
}

export class NewsletterQueue {
  private readonly transport: Transporter;
  private readonly clock: () => number;
  private readonly lanes: number;
  private readonly retry: RetrySchedule;
  private readonly unreachable: { firstSeconds: number; maxSeconds: number };
  private readonly domain: string;
  /** Each newsletter's mail for the default language's readers, and for each other language's, by its code (newsletters.ts startDue). */
  private readonly mails = new Map<number, { mail: StoredMail; inLanguage: Record<string, StoredMail> }>();
  /** Sends what is due, then sleeps until the next reader or newsletter is due, or it is woken. */
  private readonly loop: WorkerLoop;
  /** The mail server out of reach: no sending until then (ms), and how many times in a row. */
  private pausedUntil = 0;
  private serverFailures = 0;
  /** The most rows `sending` at once since start (the tests read it). */
  maxUnderWay = 0;
  private underWay = 0;

  constructor(
    private readonly store: Store,
    private readonly options: QueueOptions,
  ) {
    this.clock = options.clock ?? Date.now;
    const pool = options.pool ?? config.pool;
    const rate = options.rate ?? config.rate;
    const retry = options.retry ?? config.retry;
    this.retry = 'firstMs' in retry ? retry : { firstMs: retry.firstSeconds * 1000, maxMs: retry.maxSeconds * 1000, keepTryingMs: retry.forDays * 86_400_000 };
    this.unreachable = options.unreachable ?? config.unreachable;
    this.lanes = pool.connections;
    this.domain = options.sender.fromAddress.split('@')[1] ?? 'localhost';
    const { dkim } = options.sender;
    this.transport = nodemailer.createTransport({
      url: options.sender.smtpUrl,
      ...TIMEOUTS,
      pool: true,
      maxConnections: pool.connections,
      maxMessages: pool.messagesPerConnection,
      ...(rate.messages > 0 ? { rateLimit: rate.messages, rateDelta: rate.perSeconds * 1000 } : {}),
      ...(dkim ? { dkim: { ...dkim, headerFieldNames: SIGNED_FIELDS } } : {}),
    });
    this.loop = new WorkerLoop({
      pass: async () => {
        if (this.clock() < this.pausedUntil) return;
        startDue(this.db, this.clock(), this.options.publicUrl, this.options.served);
        await Promise.all(Array.from({ length: this.lanes }, () => this.lane()));
        statements(this.db).finish.run(this.clock());
      },
      failed: (error) => this.options.log?.warn(`Newsletter: could not read the send queue (${describeError(error)}); trying again shortly.`),
      nextWait: () => this.nextWait(),
      stopGraceMs: STOP_GRACE_MS,
    });
  }

  private get stopped(): boolean {
    return this.loop.stopped;
  }

  /** Whether its mails are signed with the agency's DKIM key. */
  get signed(): boolean {
    return this.options.sender.dkim !== undefined;
  }

  private get db(): Database.Database {
    return this.store.db;
  }

  /** At start: a crash's uncertain readers go back in the queue (same Message-ID), then the due ones are sent. */
  start(): void {
    try {
      const resent = statements(this.db).recover.run().changes;
      if (resent > 0)
        this.options.log?.warn(
          `Newsletter: ${resent} reader(s) left uncertain by a stop are sent the same mail again (same Message-ID: a repeat is dropped by their mail program).`,
        );
    } catch (error) {
      this.options.log?.warn(`Newsletter: could not read the send queue (${describeError(error)}); trying again shortly.`);
    }
    this.wake();
  }

  /** Look at the queue soon (after the caller's transaction). */
  wake(): void {
    this.loop.wake();
  }

  /** Resolves when nothing is under way (tests). */
  async idle(): Promise<void> {
    await this.loop.idle();
  }

  /**
   * One connection's turn: one reader at a time until none is due, the server pauses, or the queue
   * stops. A reader the mail server took is marked `sent` in the same commit that marks the next
   * one `sending` (one write to the disk per reader); the last one is marked on its own.
   */
  private async lane(): Promise<void> {
    let accepted: { id: number; at: number } | undefined;
    try {
      while (!this.stopped && this.clock() >= this.pausedUntil && this.db.open) {
        const claimed = this.claim(accepted);
        if (accepted) failpoint('newsletter.confirmed');
        accepted = undefined;
        if (!claimed) return;
        this.underWay++;
        this.maxUnderWay = Math.max(this.maxUnderWay, this.underWay);
        try {
          failpoint('newsletter.claimed');
          accepted = await this.deliver(claimed);
        } finally {
          this.underWay--;
        }
      }
    } finally {
      // Stopped or paused after a mail the server took: marked now. (A database closed meanwhile
      // leaves it `sending`: sent again at the next start, with the same Message-ID.)
      if (accepted && this.db.open) {
        statements(this.db).sent.run(accepted.at, accepted.id);
        failpoint('newsletter.confirmed');
      }
    }
  }

  /**
   * Marks `accepted` sent, and the next due reader `sending`, in one commit, before anything is
   * sent to them; readers no longer confirmed are skipped.
   */
  private claim(accepted?: { id: number; at: number }): Claimed | undefined {
    const q = statements(this.db);
    return this.db.transaction(() => {
      if (accepted) q.sent.run(accepted.at, accepted.id);
      for (;;) {
        const row = q.next.get(this.clock()) as (Claimed & { subscriberState: string }) | undefined;
        if (!row) return undefined;
        if (row.subscriberState !== 'confirmed') {
          q.skip.run(row.id);
          continue;
        }
        q.claim.run(row.id);
        return row;
      }
    })();
  }

  /** A newsletter's mail for a reader of this language (one sent before languages, or of a language it has none for: the default language's). */
  private mailOf(newsletterId: number, language: string | null): NewsletterMail {
    let made = this.mails.get(newsletterId);
    if (!made) {
      const row = statements(this.db).mail.get(newsletterId) as { mail: string | null; mails: string | null } | undefined;
      if (!row?.mail) throw new Error(`Newsletter ${newsletterId} has no mail made.`);
      made = { mail: JSON.parse(row.mail) as StoredMail, inLanguage: JSON.parse(row.mails ?? '{}') as Record<string, StoredMail> };
      this.mails.set(newsletterId, made);
    }
    const own = language !== null && Object.hasOwn(made.inLanguage, language) ? made.inLanguage[language] : undefined;
    // A mail made before it said its language (a sending a release cut across): its readers', or the default one's.
    const mail = own ?? made.mail;
    return { ...mail, language: mail.language ?? (own ? language! : languageCodeOf(newsletterSite(this.options.served))) };
  }

  /** The message of one reader: their own unsubscribe link (and its one-click header, RFC 8058), the newsletter's Message-ID for them. */
  message(mail: NewsletterMail, to: string, messageId: string, token: string) {
    const url = `${this.options.publicUrl}${UNSUBSCRIBE_PATH}/${token}`;
    const mailto = this.options.agencyMailbox ? `, <mailto:${this.options.agencyMailbox}?subject=${encodeURIComponent(`unsubscribe ${token}`)}>` : '';
    const personal = personalMail(mail, url);
    return {
      from: this.options.sender.from,
      to,
      // The envelope's sender (Return-Path) is the agency's mailbox, which the site reads: delivery reports and complaints come home there.
      ...(this.options.agencyMailbox ? { envelope: { from: this.options.agencyMailbox, to } } : {}),
      subject: personal.subject,
      text: personal.text,
      html: personal.html,
      messageId: `<${messageId}@${this.domain}>`,
      headers: {
        'List-Unsubscribe': `<${url}>${mailto}`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'List-Id': `<newsletter.${this.domain}>`,
        // Its readers' language (RFC 3282: its audience's), whichever its own text is written in (the HTML part's <html lang>).
        'Content-Language': mail.language,
      },
    };
  }

  /** Sends one reader's mail: answers when the mail server took it (to be marked sent), else writes what happened. */
  private async deliver(claimed: Claimed): Promise<{ id: number; at: number } | undefined> {
    const q = statements(this.db);
    let error: unknown;
    try {
      const token = this.options.tokens.make({ subscriberId: claimed.subscriberId, newsletterId: claimed.newsletterId });
      await this.transport.sendMail(this.message(this.mailOf(claimed.newsletterId, claimed.language), claimed.email, claimed.messageId, token));
    } catch (caught) {
      error = caught ?? new Error('unknown');
    }
    // Stopped and closed meanwhile: the row stays `sending`, and is sent again at the next start (same Message-ID).
    if (!this.db.open) return undefined;
    const now = this.clock();
    if (error === undefined) {
      failpoint('newsletter.accepted');
      this.serverFailures = 0;
      return { id: claimed.id, at: now };
    }
    const reason = describeError(error);
    const kind = refusalOf(error);
    if (kind === 'server') {
      q.putBack.run(reason, claimed.id);
      this.serverFailures++;
      const wait = Math.min(this.unreachable.firstSeconds * 1000 * 2 ** (this.serverFailures - 1), this.unreachable.maxSeconds * 1000);
      this.pausedUntil = Math.max(this.pausedUntil, now + wait);
      this.options.log?.warn(`Newsletter: the mail server did not take the mail (${reason}); the sending waits ${Math.round(wait / 1000)} s.`);
      return undefined;
    }
    this.serverFailures = 0;
    if (kind === 'address') {
      this.db.transaction(() => {
        q.failed.run(reason, 'hard', claimed.id);
        q.bounced.run(now, now, claimed.subscriberId);
      })();
      return undefined;
    }
    const wait = kind === 'later' ? nextRetry(claimed.attempts + 1, this.retry) : undefined;
    if (wait === undefined) q.failed.run(reason, null, claimed.id);
    else q.retry.run(now + wait, reason, claimed.id);
    return undefined;
  }

  /** How long to sleep: until the next reader or newsletter is due, or the pause is over. */
  private nextWait(): number {
    try {
      const now = this.clock();
      const times = [(statements(this.db).nextAt.get() as { at: number | null }).at, nextScheduled(this.db)].filter(
        (t): t is number => t !== null && t !== undefined,
      );
      if (this.pausedUntil > now) times.push(this.pausedUntil);
      return times.length > 0 ? Math.min(Math.max(Math.min(...times) - now, 0), LONGEST_SLEEP_MS) : LONGEST_SLEEP_MS;
    } catch {
      return 1000;
    }
  }

  /** A test send to one address (the signed-in account's), now, outside the queue; rejects with the mail server's answer. */
  async sendTest(mail: NewsletterMail, to: string, token: string, messageId: string): Promise<void> {
    await this.transport.sendMail(this.message(mail, to, messageId, token));
  }

  /** Stops: nothing new is started; mails under way get a few seconds (a row cut off stays `sending`, sent again at the next start). */
  async stop(): Promise<void> {
    await this.loop.stop();
    this.transport.close();
  }
}
