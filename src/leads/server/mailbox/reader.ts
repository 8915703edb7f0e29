/**
 * The reader of the agency's mailbox (IMAP, with imapflow), in the site's own process: it reads
 * the new mails of the inbox and of the Sent folder, keeps each one that names a mail the site
 * sent on its lead (record.ts), and leaves every other mail alone: folders are opened read-only
 * (EXAMINE: no flag changes, nothing deleted), unless IMAP_MOVE_TO asks to move kept mails.
 *
 * When it reads: at start, then every `mailbox.pollSeconds` (config/server.ts), and at once when
 * the server tells of a new mail while the reader waits. It waits on one connection kept open:
 * in IDLE, renewed every `mailbox.keepAliveSeconds` (imapflow's maxIdleTime; a NOOP that often
 * where the server has no IDLE, imapflow's missingIdleCommand), so neither side closes it as
 * idle. A connection lost anyway (the server closed it, the network dropped it) is opened again
 * without a word, at once, and a reading that failed on it is made again on the new one.
 *
 * A mailbox that cannot be reached (down, slow, refusing the password) is tried again after
 * `retry.firstSeconds`, then twice as late each time, at most `retry.maxSeconds` apart. During
 * that wait the reader knocks at the mail server's door every `retry.probeSeconds` (a TCP
 * connection opened and closed at once: no sign-in, nothing the server counts as a try): once the
 * server answers after it did not (it was down, and is back), the wait ends and it is read at
 * once. A server that answers all along (refusing the password, too slow to greet) is left to the
 * back-off: knocks never make it tried more often. The
 * `mailbox_status` row says when it last read mail and since when it fails. Only once it has
 * failed for `mailbox.alarm.afterMinutes` is the alarm raised: the inbox shows it, and the
 * notification address is mailed once (alarm.ts); the alarm is gone, and the outage recorded,
 * as soon as a reading works again.
 *
 * A mail's bytes are read in a thread of its own (parseThread.ts), within a deadline: the
 * server's thread keeps answering visitors meanwhile.
 *
 * A mail never stops the reading: one that cannot be read (parse.ts) is kept on its lead by its
 * headers, with a note, and the reading moves past it; one whose headers cannot be read is about
 * no lead the site can tell, and is passed over. Only the mailbox and the database stop a reading.
 */
import { connect } from 'node:net';
import type { FetchMessageObject, ImapFlow } from 'imapflow';
import server from '../../../../config/server';
import type { MailboxStatus } from '../../model/adminApi';
import { Changes } from '../../../platform/server/changes';
import type { Store } from '../../../platform/server/store/store';
import type { Email } from 'postal-mime';
import { alarmMailer, type AlarmMail, type AlarmMailer } from './alarm';
import { automaticOf, isReport } from './automatic';
import type { Notifications } from '../notify';
import { OwnerReplies, type OwnerRepliesOptions } from './ownerReplies';
import { parseHeaders, type ReadMail } from './parse';
import { ParseThread } from './parseThread';
import { isKept, keepMail, lastUidOf, leadOfHeaders, leadOfIds, messageIdOf, messageIdsIn, setLastUid } from './record';
import type { MailboxSettings } from './settings';

const { pollSeconds, keepAliveSeconds, retry, maxMailBytes, alarm } = server.mailbox;
const ALARM_AFTER_MS = alarm.afterMinutes * 60_000;
/** Mails whose headers are read at a time. */
const BATCH = 100;

/**
 * Another feature's claim on the mails about it, asked before the leads' (the newsletter's reports,
 * its readers' answers and mailto: unsubscribes: src/newsletter/server/reports.ts, given by
 * src/apps/server/app.ts). From a mail's headers, `claimOf` says whether it may be the feature's;
 * `take` applies it, read whole when `readWhole` says so, and answers false when it is not its after all.
 */
export interface MailClaim<Claim = unknown> {
  claimOf(headers: Email): Claim | undefined;
  readWhole(claim: Claim): boolean;
  take(store: Store, claim: Claim, email: Email, mailId: string, now: number): boolean;
}

export interface ReaderOptions {
  settings: MailboxSettings;
  /** The notifications (app.notifications): the owner's mail of a client's answer, the owner's replies from a mail program sent on. */
  notifications: Pick<Notifications, 'queueAnswerMail' | 'sendReply'>;
  /** The content served (app.served): the agency's address the reply addresses are made of, its name and languages in the owner's replies, the leads' forms. */
  served: OwnerRepliesOptions['served'];
  /** The other features' claims on the mails about them, asked in this order before the leads' (none: every mail is the leads'). */
  claims?: readonly MailClaim[];
  dataDir: string;
  /** The agency's own addresses (MAIL_FROM, NOTIFY_TO, config/site.ts contact.email): a mail from one is the agency's reply. */
  agency: readonly string[];
  clock?: () => number;
  /**
   * Waits `ms` (or until `woken` resolves): between readings and before a retry. Tests give one
   * they move themselves; the default is a timer.
   */
  wait?: (ms: number, woken: Promise<void>) => Promise<void>;
  /** Whether to wait with IDLE where the server offers it (tests of the polling turn it off). */
  idle?: boolean;
  log?: { warn(message: string): void; info?(message: string): void };
  /** How long connecting may take (tests shorten it). */
  timeoutMs?: number;
  /** The parse thread's file (src/apps/server/index.ts names the bundled one; default: the source, parseThread.ts). */
  parseWorker?: string;
  /** Resolves when a mail's reading time is up (default: after mailbox.reading.deadlineSeconds; tests give their own). */
  parseDeadline?: (ms: number) => Promise<void>;
  /** Reads a mail's bytes (default: in the parse thread); a measurement gives wholeMail.ts readMail, to read on the server's own thread. */
  read?: (source: Uint8Array, headers: Email) => Promise<ReadMail>;
  /** Where the alarm is mailed (the notifications' mail settings); without it the alarm is the inbox's only. */
  alarmMail?: AlarmMail;
  /** How often the mail server is knocked at during a back-off (default: mailbox.retry.probeSeconds); tests shorten it. */
  probeMs?: number;
  /** Told of each knock during a back-off: whether the server answered (tests count them). */
  probed?: (answered: boolean) => void;
  /** The owner's replies from a mail program to a notification's reply address, sent on to the visitor (ownerReplies.ts; their sender proved as the agency's own mails are, by settings.trust). */
  replies?: Pick<OwnerRepliesOptions, 'mail' | 'publicUrl'>;
}

/** The mailbox_status row. */
interface StatusRow {
  readAt: number | null;
  failingSince: number | null;
  error: string | null;
  nextTryAt: number | null;
  alarmAt: number | null;
  alarmMailedAt: number | null;
  backFrom: number | null;
  backAt: number | null;
}

const STATUS_COLUMNS =
  'read_at AS readAt, failing_since AS failingSince, error, next_try_at AS nextTryAt, alarm_at AS alarmAt, alarm_mailed_at AS alarmMailedAt, back_from AS backFrom, back_at AS backAt';

function statusRow(store: Store): StatusRow | undefined {
  return store.db.prepare(`SELECT ${STATUS_COLUMNS} FROM mailbox_status WHERE id = 1`).get() as StatusRow | undefined;
}

const realWait = (ms: number, woken: Promise<void>) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    void woken.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Whether a TCP connection to the server opens within `timeoutMs` (closed at once: nothing is said on it). */
function answers(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Errors that say the server was not there (the connection refused, cut, or never made): a knock that gets an answer then means it is back. */
const UNREACHED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND', 'NoConnection']);
const unreached = (error: unknown) => UNREACHED.has(String((error as { code?: unknown } | undefined)?.code));

/** The wait before try number `failures + 1` after that many failures in a row. */
export function backoffMs(failures: number): number {
  return Math.min(retry.firstSeconds * 1000 * 2 ** Math.max(0, failures - 1), retry.maxSeconds * 1000);
}

function describeError(error: unknown): string {
  const e = error as { message?: string; responseText?: string; code?: string };
  return String(e.responseText || e.message || e.code || error)
    .replace(/\s+/g, ' ')
    .slice(0, 300);
}

export class MailboxReader {
  /** Told after each reading (kept mails or none, success or failure), and once the alarm was mailed. */
  readonly changes = new Changes();
  private client: ImapFlow | undefined;
  private stopped = false;
  private failures = 0;
  /** The last failure said the server was not there (unreached): the first knock it answers ends the back-off. */
  private lastUnreached = false;
  /** The wait before the next try, after a failure (the back-off, never past the moment the alarm is due). */
  private retryMs = 0;
  /**
   * Ends the wait under way (a new mail, a lost connection); one that comes during a reading (IDLE's
   * news of a mail announced after its search) makes the next start at once, not at the next poll.
   */
  private readonly wake = () => {
    this.wokenMeanwhile = true;
    this.endWait();
  };
  private endWait: () => void = () => undefined;
  private wokenMeanwhile = false;
  /** The inbox's next UID when this reading opened it: a larger one after it means a mail came meanwhile. */
  private inboxUidNext: number | undefined;
  private loop: Promise<void> | undefined;
  private reading: Promise<number> | undefined;
  private mailing: Promise<void> | undefined;
  private mailer: AlarmMailer | undefined;
  private parser: ParseThread | undefined;
  private readonly clock: () => number;
  private readonly wait: NonNullable<ReaderOptions['wait']>;
  private readonly replies: OwnerReplies | undefined;

  constructor(
    private readonly store: Store,
    private readonly options: ReaderOptions,
  ) {
    this.clock = options.clock ?? Date.now;
    this.wait = options.wait ?? realWait;
    this.replies =
      options.replies &&
      new OwnerReplies(store, {
        ...options.replies,
        notifications: options.notifications,
        served: options.served,
        trust: options.settings.trust,
        agency: options.agency,
        clock: this.clock,
        log: options.log ?? console,
      });
  }

  /** Reads now, then on its own schedule until stopped. */
  start(): void {
    this.loop ??= this.run();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.wokenMeanwhile = false;
      try {
        await this.readNow();
      } catch {
        // Recorded in mailbox_status by readNow; tried again after the back-off.
      }
      if (this.stopped) return;
      // Woken during a reading that worked (a mail arrived, the connection closed): again at once.
      if (this.wokenMeanwhile && this.failures === 0) continue;
      const woken = new Promise<void>((resolve) => (this.endWait = resolve));
      if (this.failures === 0) await this.wait(pollSeconds * 1000, woken);
      else await this.backOff(woken);
    }
  }

  /** The wait after a failure, knocking at the server meanwhile: ended early once it answers after it did not. */
  private async backOff(woken: Promise<void>): Promise<void> {
    let over = false;
    const waited = this.wait(this.retryMs, woken).finally(() => (over = true));
    const every = this.options.probeMs ?? retry.probeSeconds * 1000;
    const { host, port } = this.options.settings;
    let down = this.lastUnreached;
    void (async () => {
      while (!over && !this.stopped) {
        await realWait(every, waited);
        if (over || this.stopped) return;
        const answered = await answers(host, port, Math.min(every, this.options.timeoutMs ?? 30_000));
        if (over || this.stopped) return;
        this.options.probed?.(answered);
        if (!answered) down = true;
        else if (down) return this.wake();
      }
    })();
    await waited;
  }

  /** One reading of every folder (serialised: a reading under way is waited for). Answers how many mails it kept. */
  readNow(): Promise<number> {
    if (this.reading) return this.reading.then(() => this.readNow());
    this.reading = this.readAgainOnLoss()
      .then(
        (kept) => {
          this.succeeded();
          return kept;
        },
        (error: unknown) => {
          this.failed(error);
          void this.disconnect();
          throw error;
        },
      )
      .finally(() => {
        this.reading = undefined;
        this.changes.notify();
      });
    return this.reading;
  }

  /**
   * A reading; one that fails on the connection an earlier reading left open is made again at
   * once on a new one (the server or the network closed it meanwhile: nothing worth a word).
   */
  private async readAgainOnLoss(): Promise<number> {
    const open = this.client?.usable === true;
    try {
      return await this.readFolders();
    } catch (error) {
      if (!open || this.stopped) throw error;
      this.options.log?.info?.(`Mailbox: the connection to ${this.options.settings.host} was lost (${describeError(error)}); reading on a new one.`);
      await this.disconnect();
      // What the lost connection said as it went (its close) is answered by this reading.
      this.wokenMeanwhile = false;
      return await this.readFolders();
    }
  }

  /** How many readings failed in a row (0 once one works). */
  get failuresInARow(): number {
    return this.failures;
  }

  private succeeded(): void {
    this.failures = 0;
    this.lastUnreached = false;
    const now = this.clock();
    const previous = statusRow(this.store);
    // Back after an outage that raised the alarm: the alarm is gone, the outage recorded.
    const back = previous?.alarmAt != null && previous.failingSince !== null;
    this.setStatus({
      readAt: now,
      failingSince: null,
      error: null,
      nextTryAt: null,
      alarmAt: null,
      alarmMailedAt: null,
      backFrom: back ? previous.failingSince : (previous?.backFrom ?? null),
      backAt: back ? now : (previous?.backAt ?? null),
    });
    if (back)
      this.options.log?.info?.(
        `Mailbox: ${this.options.settings.user} at ${this.options.settings.host} is read again (it could not be read from ${new Date(previous.failingSince!).toISOString()}); the inbox's alarm is gone.`,
      );
  }

  private failed(error: unknown): void {
    this.failures++;
    this.lastUnreached = unreached(error);
    const now = this.clock();
    const previous = statusRow(this.store);
    const failingSince = previous?.failingSince ?? now;
    const alarmAt = previous?.alarmAt ?? (now - failingSince >= ALARM_AFTER_MS ? now : null);
    // Tried again after the back-off, and at the latest when the alarm is due (so it is raised on time, or not at all).
    this.retryMs = alarmAt === null ? Math.min(backoffMs(this.failures), failingSince + ALARM_AFTER_MS - now) : backoffMs(this.failures);
    const why = describeError(error);
    this.setStatus({
      readAt: previous?.readAt ?? null,
      failingSince,
      error: why,
      nextTryAt: now + this.retryMs,
      alarmAt,
      alarmMailedAt: previous?.alarmMailedAt ?? null,
      backFrom: previous?.backFrom ?? null,
      backAt: previous?.backAt ?? null,
    });
    const { user, host } = this.options.settings;
    this.options.log?.warn(`Mailbox: could not read ${user} at ${host} (${why}); next try in ${Math.round(this.retryMs / 1000)} s.`);
    if (alarmAt !== null && previous?.alarmAt == null) {
      this.options.log?.warn(
        `Mailbox: ${user} at ${host} could not be read for ${alarm.afterMinutes} minutes: the inbox shows the alarm${this.options.alarmMail ? ', and the notification address is mailed' : ''}.`,
      );
    }
    if (alarmAt !== null && !previous?.alarmMailedAt) this.mailAlarm();
  }

  /** Mails the alarm of the outage under way, once (a send that fails is tried again at the next failed reading). */
  private mailAlarm(): void {
    if (this.mailing || !this.options.alarmMail || this.stopped) return;
    const row = statusRow(this.store);
    if (!row || row.alarmAt === null || row.alarmMailedAt !== null || row.failingSince === null) return;
    const since = row.failingSince;
    this.mailer ??= alarmMailer(this.options.alarmMail);
    const { user, host } = this.options.settings;
    this.mailing = this.mailer
      .send({ user, host, since, error: row.error ?? '' })
      .then(
        () => {
          // Recorded for this outage only (it may have ended meanwhile).
          if (this.store.db.open)
            this.store.db
              .prepare('UPDATE mailbox_status SET alarm_mailed_at = ? WHERE id = 1 AND alarm_at IS NOT NULL AND failing_since = ?')
              .run(this.clock(), since);
        },
        (error: unknown) => this.options.log?.warn(`Mailbox: the alarm could not be mailed (${describeError(error)}); tried again at the next try.`),
      )
      .finally(() => {
        this.mailing = undefined;
        this.changes.notify();
      });
  }

  private setStatus(status: StatusRow): void {
    if (!this.store.db.open) return;
    this.store.db
      .prepare(
        `INSERT INTO mailbox_status (id, read_at, failing_since, error, next_try_at, alarm_at, alarm_mailed_at, back_from, back_at) VALUES (1, @readAt, @failingSince, @error, @nextTryAt, @alarmAt, @alarmMailedAt, @backFrom, @backAt)
         ON CONFLICT (id) DO UPDATE SET read_at = excluded.read_at, failing_since = excluded.failing_since, error = excluded.error, next_try_at = excluded.next_try_at,
           alarm_at = excluded.alarm_at, alarm_mailed_at = excluded.alarm_mailed_at, back_from = excluded.back_from, back_at = excluded.back_at`,
      )
      .run(status);
  }

  private async connect(): Promise<ImapFlow> {
    if (this.client?.usable) return this.client;
    await this.disconnect();
    const { host, port, secure, user, password } = this.options.settings;
    const timeout = this.options.timeoutMs ?? 30_000;
    const keepAlive = keepAliveSeconds * 1000;
    // Loaded at the first reading: a server without IMAP_URL never loads it.
    const { ImapFlow } = await import('imapflow');
    const client = new ImapFlow({
      host,
      port,
      secure,
      auth: { user, pass: password },
      logger: false,
      // IDLE is started by the reader itself, at once after a reading (imapflow's own waits 15 s first).
      disableAutoIdle: true,
      // The connection kept open: IDLE renewed this often (the server and the routers on the way see it in use),
      // and where the server has no IDLE, a NOOP this often instead.
      maxIdleTime: keepAlive,
      missingIdleCommand: 'NOOP',
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      // Silence this long means the server is gone: well past the keep-alive and the polls, so that
      // it never strikes between two of them (it did, at 60 s, the polls' own period: the reading
      // that broke IDLE then found the connection closed under it).
      socketTimeout: Math.max(timeout, keepAlive * 2.5, pollSeconds * 2500),
      // A mail's bytes come whole, up to the largest kept (a larger one is read by its headers only).
      maxLiteralSize: maxMailBytes + 1024 * 1024,
    });
    // A connection lost while waiting: read again (and connect anew) at once. A new mail in the inbox while the reader waits (IDLE): read now.
    const wake = () => {
      if (this.client === client) this.wake();
    };
    client.on('close', wake);
    client.on('error', wake);
    client.on('exists', wake);
    this.client = client;
    try {
      await client.connect();
    } catch (error) {
      // Never connected: nothing of it may wake the reader out of its back-off.
      await this.disconnect();
      throw error;
    }
    return client;
  }

  private async disconnect(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    client.removeAllListeners();
    client.on('error', () => undefined);
    try {
      if (client.usable) await client.logout();
    } catch {
      // Gone already.
    }
    client.close();
  }

  /**
   * The folders to read: the inbox, and the Sent folder (IMAP_SENT, or the one the server marks
   * \Sent). IMAP_MOVE_TO's folder is made when it is not there yet (a move to a missing folder fails).
   */
  private async folders(client: ImapFlow): Promise<{ path: string; sent: boolean }[]> {
    const list = await client.list();
    const { moveTo } = this.options.settings;
    if (moveTo && !list.some((folder) => folder.path === moveTo)) await client.mailboxCreate(moveTo);
    const sent = this.options.settings.sentFolder ?? list.find((folder) => folder.specialUse === '\\Sent')?.path;
    return [{ path: 'INBOX', sent: false }, ...(sent && sent !== 'INBOX' && list.some((folder) => folder.path === sent) ? [{ path: sent, sent: true }] : [])];
  }

  private async readFolders(): Promise<number> {
    const client = await this.connect();
    let kept = 0;
    for (const folder of await this.folders(client)) kept += await this.readFolder(client, folder.path, folder.sent);
    // The mails telling the agency of a reply not sent, those due again.
    await this.replies?.tellWriters();
    // Waits with the inbox open, in IDLE (a NOOP every keepAliveSeconds where the server has none): a new mail there wakes the reader.
    if (!this.stopped && client.usable) {
      const inbox = await client.mailboxOpen('INBOX', { readOnly: true });
      // A mail that came after the inbox was read (IDLE tells only of later ones): read again at once.
      if (this.inboxUidNext !== undefined && Number(inbox.uidNext) > this.inboxUidNext) this.wake();
      if (this.options.idle !== false) void client.idle().catch(() => undefined);
    }
    return kept;
  }

  private async readFolder(client: ImapFlow, folder: string, sentFolder: boolean): Promise<number> {
    const { moveTo } = this.options.settings;
    const mailbox = await client.mailboxOpen(folder, { readOnly: !moveTo });
    if (folder === 'INBOX') this.inboxUidNext = Number(mailbox.uidNext);
    const uidValidity = String(mailbox.uidValidity);
    const db = this.store.db;
    const from = lastUidOf(db, folder, uidValidity);
    const uids = ((await client.search({ uid: `${from + 1}:*` }, { uid: true })) || []).filter((uid) => uid > from).sort((a, b) => a - b);
    let kept = 0;
    const toMove: number[] = [];
    for (let i = 0; i < uids.length && !this.stopped; i += BATCH) {
      const batch = uids.slice(i, i + BATCH);
      const heads = await client.fetchAll(batch.join(','), { uid: true, size: true, headers: true }, { uid: true });
      heads.sort((a, b) => a.uid - b.uid);
      for (const head of heads) {
        const block = head.headers ?? Buffer.alloc(0);
        const headers = await parseHeaders(block);
        // The owner's reply to a notification's reply address: sent on through the site, never kept as a mail (its copy in Sent left alone).
        if (headers && this.replies?.claims(headers)) {
          if (!sentFolder) await this.replies.take(headers, messageIdOf(headers, block), () => this.read(client, head, headers));
          setLastUid(db, folder, uidValidity, head.uid);
          if (moveTo) toMove.push(head.uid);
          continue;
        }
        // A mail another feature claims (the newsletter's: a report on one, a reader's answer, a mailto: unsubscribe) is its, never a lead's.
        if (headers && !sentFolder && (await this.claimed(client, head, headers, block))) {
          setLastUid(db, folder, uidValidity, head.uid);
          continue;
        }
        let about = headers && leadOfHeaders(db, headers);
        const messageId = headers && messageIdOf(headers, block);
        const position = { uidValidity, uid: head.uid };
        // A report (a bounce, a complaint) names the mail it is about inside it: read whole to find its lead.
        let report: ReadMail | undefined;
        if (headers && !about && messageId && !isKept(db, messageId) && isReport(headers) && (head.size ?? 0) <= maxMailBytes) {
          report = await this.read(client, head, headers);
          const automatic = report.whole ? automaticOf(report.email) : undefined;
          const original = automatic && 'original' in automatic ? automatic.original : undefined;
          about = original ? leadOfIds(db, messageIdsIn(original)) : undefined;
        }
        if (!headers || !about || !messageId || isKept(db, messageId)) {
          // Not about a lead (left alone), or kept already: the reading moves on.
          if (!headers) this.options.log?.warn(`Mailbox: the headers of mail ${head.uid} in ${folder} could not be read; it is left alone.`);
          setLastUid(db, folder, uidValidity, head.uid);
          if (about && moveTo) toMove.push(head.uid);
          continue;
        }
        const mail = report ?? (await this.read(client, head, headers));
        if (!mail.whole && mail.why !== 'tooLarge') {
          this.options.log?.warn(`Mailbox: the mail ${messageId} in ${folder} could not be read (${mail.why.unreadable}); kept on its lead by its headers.`);
        }
        const added = keepMail(db, {
          notifications: this.options.notifications,
          forms: this.options.served.forms,
          docId: about.docId,
          answers: about.answers,
          folder,
          sentFolder,
          agency: this.options.agency,
          trust: this.options.settings.trust,
          mail,
          messageId,
          now: this.clock(),
          position,
          dataDir: this.options.dataDir,
        });
        if (added) kept++;
        if (moveTo) toMove.push(head.uid);
      }
    }
    if (moveTo && toMove.length > 0 && folder !== moveTo) await client.messageMove(toMove.join(','), moveTo, { uid: true });
    return kept;
  }

  /** Hands a mail another feature claims to it (ReaderOptions.claims), read whole first when it asks; true when it took it. */
  private async claimed(client: ImapFlow, head: FetchMessageObject, headers: Email, block: Buffer): Promise<boolean> {
    for (const feature of this.options.claims ?? []) {
      const claim = feature.claimOf(headers);
      if (claim === undefined) continue;
      const mail = feature.readWhole(claim) ? await this.read(client, head, headers) : undefined;
      if (mail && !mail.whole) return false;
      if (feature.take(this.store, claim, mail?.email ?? headers, messageIdOf(headers, block), this.clock())) return true;
    }
    return false;
  }

  /** A mail, read whole (parse.ts: never throws for what the mail holds), or by its headers when too large or gone meanwhile. */
  private async read(client: ImapFlow, head: FetchMessageObject, headers: Email): Promise<ReadMail> {
    if ((head.size ?? 0) > maxMailBytes) return { whole: false, email: headers, why: 'tooLarge' };
    const whole = await client.fetchOne(String(head.uid), { uid: true, source: true }, { uid: true });
    if (!whole || !whole.source) return { whole: false, email: headers, why: { unreadable: 'gone from the mailbox before it was read' } };
    if (this.options.read) return this.options.read(whole.source, headers);
    this.parser ??= new ParseThread({
      ...(this.options.parseWorker ? { file: this.options.parseWorker } : {}),
      ...(this.options.parseDeadline ? { deadline: this.options.parseDeadline } : {}),
    });
    return this.parser.read(whole.source, headers);
  }

  /** Stops: no reading starts again; the connection and the parse thread are closed, an alarm's mail under way finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.reading?.catch(() => undefined);
    await this.disconnect();
    await this.loop;
    await this.mailing;
    this.mailer?.close();
    await this.parser?.close();
    await this.replies?.stop();
  }
}

/**
 * The mailbox's reading as the inbox shows it (null: IMAP_URL not set): when it was last read, the
 * alarm once raised, and the last outage that raised one, for mailbox.alarm.backShownHours.
 */
export function mailboxStatus(store: Store, on: boolean, now: number): MailboxStatus {
  if (!on) return null;
  const row = statusRow(store);
  if (!row) return { readAt: null, alarm: null, back: null };
  return {
    readAt: row.readAt,
    alarm: row.alarmAt !== null && row.failingSince !== null ? { failingSince: row.failingSince, error: row.error ?? '', nextTryAt: row.nextTryAt } : null,
    back:
      row.alarmAt === null && row.backFrom !== null && row.backAt !== null && now - row.backAt < alarm.backShownHours * 3_600_000
        ? { from: row.backFrom, until: row.backAt }
        : null,
  };
}
