/**
 * The reader of the agency's mailbox (IMAP, with imapflow), in the site's own process: it reads
 * the new mails of the inbox and of the Sent folder, keeps each one that names a mail the site
 * sent on its lead (record.ts), and leaves every other mail alone: folders are opened read-only
 * (EXAMINE: no flag changes, nothing deleted), unless IMAP_MOVE_TO asks to move kept mails.
 *
 * When it reads: at start, then every `mailbox.pollSeconds` (config/server.ts), and at once when
 * the server tells of a new mail while the reader waits (IDLE, where the server offers it). A
 * mailbox that cannot be reached (down, slow, refusing the password) is tried again after
 * `retry.firstSeconds`, then twice as late each time, at most `retry.maxSeconds` apart; the
 * `mailbox_status` row says when it last read mail and since when it fails, for the inbox.
 *
 * A mail never stops the reading: one that cannot be read (parse.ts) is kept on its lead by its
 * headers, with a note, and the reading moves past it; one whose headers cannot be read is about
 * no lead the site can tell, and is passed over. Only the mailbox and the database stop a reading.
 */
import type { FetchMessageObject, ImapFlow } from 'imapflow';
import server from '../../../config/server';
import type { MailboxStatus } from '../../shared/adminApi';
import { Changes } from '../changes';
import type { Store } from '../store';
import type { Email } from 'postal-mime';
import { OwnerReplies, type OwnerRepliesOptions } from './ownerReplies';
import { parseHeaders, readMail, type ReadMail } from './parse';
import { isKept, keepMail, lastUidOf, leadOfHeaders, messageIdOf, setLastUid } from './record';
import { newsletterClaimOf, newsletterTokensOf, takeNewsletterMail } from '../newsletter';
import type { MailboxSettings } from './settings';

const { pollSeconds, retry, maxMailBytes } = server.mailbox;
/** Mails whose headers are read at a time. */
const BATCH = 100;

export interface ReaderOptions {
  settings: MailboxSettings;
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
  /** How long the connection may take and stay silent (tests shorten it). */
  timeoutMs?: number;
  /** The owner's replies from a mail program to a notification's reply address, sent on to the visitor (ownerReplies.ts; their sender proved as the agency's own mails are, by settings.trust). */
  replies?: Pick<OwnerRepliesOptions, 'mail' | 'publicUrl'>;
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

/** The wait before try number `failures + 1` after that many failures in a row. */
export function backoffMs(failures: number): number {
  return Math.min(retry.firstSeconds * 1000 * 2 ** Math.max(0, failures - 1), retry.maxSeconds * 1000);
}

function describeError(error: unknown): string {
  const e = error as { message?: string; responseText?: string; code?: string };
  return String(e.responseText || e.message || e.code || error).replace(/\s+/g, ' ').slice(0, 300);
}

export class MailboxReader {
  /** Told after each reading (kept mails or none, success or failure). */
  readonly changes = new Changes();
  private client: ImapFlow | undefined;
  private stopped = false;
  private failures = 0;
  private wake: () => void = () => undefined;
  private loop: Promise<void> | undefined;
  private reading: Promise<number> | undefined;
  private readonly clock: () => number;
  private readonly wait: NonNullable<ReaderOptions['wait']>;
  private readonly replies: OwnerReplies | undefined;

  constructor(
    private readonly store: Store,
    private readonly options: ReaderOptions,
  ) {
    this.clock = options.clock ?? Date.now;
    this.wait = options.wait ?? realWait;
    this.replies = options.replies && new OwnerReplies(store, { ...options.replies, trust: options.settings.trust, agency: options.agency, clock: this.clock, log: options.log ?? console });
  }

  /** Reads now, then on its own schedule until stopped. */
  start(): void {
    this.loop ??= this.run();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.readNow();
      } catch {
        // Recorded in mailbox_status by readNow; tried again after the back-off.
      }
      if (this.stopped) return;
      const woken = new Promise<void>((resolve) => (this.wake = resolve));
      await this.wait(this.failures > 0 ? backoffMs(this.failures) : pollSeconds * 1000, woken);
    }
  }

  /** One reading of every folder (serialised: a reading under way is waited for). Answers how many mails it kept. */
  readNow(): Promise<number> {
    if (this.reading) return this.reading.then(() => this.readNow());
    this.reading = this.readFolders()
      .then(
        (kept) => {
          this.failures = 0;
          this.setStatus({ readAt: this.clock(), failingSince: null, error: null, nextTryAt: null });
          return kept;
        },
        (error: unknown) => {
          this.failures++;
          const now = this.clock();
          const previous = this.status();
          this.setStatus({ readAt: previous?.readAt ?? null, failingSince: previous?.failingSince ?? now, error: describeError(error), nextTryAt: now + backoffMs(this.failures) });
          this.options.log?.warn(`Mailbox: could not read ${this.options.settings.user} at ${this.options.settings.host} (${describeError(error)}); next try in ${Math.round(backoffMs(this.failures) / 1000)} s.`);
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

  /** How many readings failed in a row (0 once one works). */
  get failuresInARow(): number {
    return this.failures;
  }

  private status(): MailboxStatus {
    const row = this.store.db.prepare('SELECT read_at AS readAt, failing_since AS failingSince, error, next_try_at AS nextTryAt FROM mailbox_status WHERE id = 1').get() as NonNullable<MailboxStatus> | undefined;
    return row ?? null;
  }

  private setStatus(status: NonNullable<MailboxStatus>): void {
    if (!this.store.db.open) return;
    this.store.db
      .prepare(
        'INSERT INTO mailbox_status (id, read_at, failing_since, error, next_try_at) VALUES (1, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET read_at = excluded.read_at, failing_since = excluded.failing_since, error = excluded.error, next_try_at = excluded.next_try_at',
      )
      .run(status.readAt, status.failingSince, status.error, status.nextTryAt);
  }

  private async connect(): Promise<ImapFlow> {
    if (this.client?.usable) return this.client;
    await this.disconnect();
    const { host, port, secure, user, password } = this.options.settings;
    const timeout = this.options.timeoutMs ?? 30_000;
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
      // Servers end an IDLE after 30 minutes: renewed before.
      maxIdleTime: 10 * 60_000,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: Math.max(timeout, 60_000),
      // A mail's bytes come whole, up to the largest kept (a larger one is read by its headers only).
      maxLiteralSize: maxMailBytes + 1024 * 1024,
    });
    // A connection lost while waiting: read again (and connect anew) at once.
    client.on('close', () => this.wake());
    client.on('error', () => this.wake());
    // A new mail in the inbox while the reader waits (IDLE): read now.
    client.on('exists', () => this.wake());
    await client.connect();
    this.client = client;
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
    // Waits with the inbox open, in IDLE where the server offers it: a new mail there wakes the reader.
    if (!this.stopped && client.usable) {
      await client.mailboxOpen('INBOX', { readOnly: true });
      if (this.options.idle !== false && client.capabilities.has('IDLE')) void client.idle().catch(() => undefined);
    }
    return kept;
  }

  private async readFolder(client: ImapFlow, folder: string, sentFolder: boolean): Promise<number> {
    const { moveTo } = this.options.settings;
    const mailbox = await client.mailboxOpen(folder, { readOnly: !moveTo });
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
        // A mail about a newsletter (a report on one, a reader's answer, a mailto: unsubscribe) is the newsletter's, never a lead's.
        if (headers && !sentFolder && (await this.newsletterMail(client, head, headers, block))) {
          setLastUid(db, folder, uidValidity, head.uid);
          continue;
        }
        const about = headers && leadOfHeaders(db, headers);
        const messageId = headers && messageIdOf(headers, block);
        const position = { uidValidity, uid: head.uid };
        if (!headers || !about || !messageId || isKept(db, messageId)) {
          // Not about a lead (left alone), or kept already: the reading moves on.
          if (!headers) this.options.log?.warn(`Mailbox: the headers of mail ${head.uid} in ${folder} could not be read; it is left alone.`);
          setLastUid(db, folder, uidValidity, head.uid);
          if (about && moveTo) toMove.push(head.uid);
          continue;
        }
        const mail = await this.read(client, head, headers);
        if (!mail.whole && mail.why !== 'tooLarge') {
          this.options.log?.warn(`Mailbox: the mail ${messageId} in ${folder} could not be read (${mail.why.unreadable}); kept on its lead by its headers.`);
        }
        const added = keepMail(db, {
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

  /** Hands a mail the newsletter claims to it (src/server/newsletter/reports.ts), a report read whole first; true when it took it. */
  private async newsletterMail(client: ImapFlow, head: FetchMessageObject, headers: Email, block: Buffer): Promise<boolean> {
    const claim = newsletterClaimOf(headers);
    if (!claim) return false;
    const mail = claim === 'maybeReport' ? await this.read(client, head, headers) : undefined;
    if (mail && !mail.whole) return false;
    return takeNewsletterMail(this.store.db, claim, mail?.email ?? headers, messageIdOf(headers, block), newsletterTokensOf(this.store)?.unsubscribe, this.clock());
  }

  /** A mail, read whole (parse.ts: never throws for what the mail holds), or by its headers when too large or gone meanwhile. */
  private async read(client: ImapFlow, head: FetchMessageObject, headers: Email): Promise<ReadMail> {
    if ((head.size ?? 0) > maxMailBytes) return { whole: false, email: headers, why: 'tooLarge' };
    const whole = await client.fetchOne(String(head.uid), { uid: true, source: true }, { uid: true });
    if (!whole || !whole.source) return { whole: false, email: headers, why: { unreadable: 'gone from the mailbox before it was read' } };
    return readMail(whole.source, headers);
  }

  /** Stops: no reading starts again; the connection is closed. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.reading?.catch(() => undefined);
    await this.disconnect();
    await this.loop;
    await this.replies?.stop();
  }
}

/** The mailbox's reading as the inbox shows it (null: IMAP_URL not set). */
export function mailboxStatus(store: Store, on: boolean): MailboxStatus {
  if (!on) return null;
  const row = store.db.prepare('SELECT read_at AS readAt, failing_since AS failingSince, error, next_try_at AS nextTryAt FROM mailbox_status WHERE id = 1').get() as NonNullable<MailboxStatus> | undefined;
  return row ?? { readAt: null, failingSince: null, error: null, nextTryAt: null };
}
