/**
 * The owner's reply from a mail program, sent on to the client through the site, as help desks
 * do (docs/inbox.md "Replying from a mail program"). A notification's Reply-To is a reply
 * address of its own (replyTokens.ts); the owner's reply lands in the agency's mailbox, where the
 * reader finds it (reader.ts hands every mail sent to a reply address here, never to record.ts).
 * It is taken only with a token the site made, not past its end, from an address the
 * notification went to (NOTIFY_TO) or an owner's account, and, where the mailbox's server is
 * trusted (IMAP_TRUSTED_AUTHSERV, IMAP_TRUSTED_RELAY), from a sender that server proved
 * (sender.ts: the same proof as the agency's own mails; without that trust the token alone is the
 * secret); and once (its Message-ID). It is read as every mail is (parse.ts).
 *
 * Its words (replyText.ts: the quote, the signature's tail and a phone's sign-off folded), less
 * every line of the notification's part only for the agency, go to the visitor from MAIL_FROM
 * under the conversation's subject, threaded on what the visitor last received, through the
 * visitor-mail queue (notify/visitorMail.ts: kept with its words, retried, shown on the lead);
 * the lead is Replied and gets a `replied` event. A reply whose words cannot be told apart from
 * the quote (none left, lines of the agency's part still in them, words between quoted lines),
 * or that cannot be sent (attachments, too long, no address), is not sent: it is kept on the lead
 * with why (`mail_replies`), and its writer gets a mail saying so (config/server.ts
 * notifications.replies), tried again on the notifications' schedule until it is sent. An
 * automatic mail (automatic.ts automaticOf: an out-of-office, a report) at a reply address is
 * never sent on, and nobody is told.
 */
import type Database from 'better-sqlite3';
import nodemailer from 'nodemailer';
import type { Email } from 'postal-mime';
import admin from '../../../../config/admin';
import server from '../../../../config/server';
import { senderFields } from '../../../site/forms/model/registry';
import { cutAtWord, fill } from '../../../schema/text';
import { ownsUpload } from '../cvFiles';
import { agencyReplied } from '../attention';
import { inboxLink } from '../leads';
import type { Notifications } from '../notify';
import { deliveriesIn } from '../notify/deliveries';
import { describeLead, type Lead } from '../notify/lead';
import { mailText } from '../notify/mail';
import { transportOptions } from '../../../platform/server/mail/transport';
import { nextRetry, RETRY_SCHEDULE } from '../../../platform/server/mail/retry';
import type { MailSettings } from '../../../platform/server/mail/transport';
import type { Served } from '../../../site/server/servedContent';
import { sourceOfLead } from '../sources';
import { languageOfLead } from '../leadLanguages';
import { preparedIn } from '../../../platform/server/statements';
import type { Store } from '../../../platform/server/store/store';
import { automaticOf } from './automatic';
import { conversationSubject } from './conversation';
import type { ReadMail } from './parse';
import type { SplitReply } from './replyText';
import { findReplyToken, refusalSentence, replyTokensOf, type RefusalReason } from './replyTokens';
import { agencyProof } from './sender';
import type { Trust } from './settings';

const { replies } = server.notifications;
const { maxTextCharacters } = server.mailbox;

export interface OwnerRepliesOptions {
  /** The notifications (app.notifications): a reply is queued as the inbox's are. */
  notifications: Pick<Notifications, 'sendReply'>;
  /** The content served (app.served): the agency's address the reply addresses are made of, its name in a first reply's subject, the leads' languages and forms. */
  served: Pick<Served, 'agencyAddress' | 'servedSite' | 'servedLanguages' | 'forms'>;
  /** The mail settings (SMTP_URL, MAIL_FROM): the mails telling a writer why their reply was not sent. */
  mail?: MailSettings | undefined;
  /** The site's address as the agency reaches it (PUBLIC_URL): the lead's link in those mails. */
  publicUrl: string;
  clock: () => number;
  log: { warn(message: string): void };
  /**
   * Whom the reader believes about a mail's sender (IMAP_TRUSTED_AUTHSERV, IMAP_TRUSTED_RELAY):
   * where it names anyone, a reply is taken only from a sender proved by them (sender.ts).
   */
  trust: Trust;
  /** The agency's own addresses: an SMTP AUTH result naming one of them proves the sender too. */
  agency: readonly string[];
}

/** What became of a mail sent to a reply address. */
export type Outcome = 'sent' | 'refused' | 'ignored';

const statements = preparedIn((db: Database.Database) => ({
  known: db.prepare('SELECT 1 FROM mail_replies WHERE message_id = ?'),
  owner: db.prepare("SELECT 1 FROM admins WHERE email = ? AND role = 'owner'"),
  insert: db.prepare(
    `INSERT INTO mail_replies (message_id, doc_id, from_address, subject, outcome, reason, body, quoted, notice_state, notice_next_at, created_at)
     VALUES (@messageId, @docId, @from, @subject, @outcome, @reason, @body, @quoted, @notice, @at, @at) ON CONFLICT (message_id) DO NOTHING`,
  ),
  replied: db.prepare("UPDATE leads SET status = 'replied', updated_at = ?, active_at = ? WHERE doc_id = ?"),
  due: db.prepare(
    `SELECT id, message_id AS messageId, doc_id AS docId, from_address AS fromAddress, subject, reason, body, notice_tries AS tries
       FROM mail_replies WHERE notice_state = 'pending' AND notice_next_at <= ? ORDER BY notice_next_at, id LIMIT 20`,
  ),
  told: db.prepare("UPDATE mail_replies SET notice_state = 'sent', notice_tries = notice_tries + 1 WHERE id = ?"),
  retry: db.prepare('UPDATE mail_replies SET notice_tries = notice_tries + 1, notice_next_at = ? WHERE id = ?'),
  failed: db.prepare("UPDATE mail_replies SET notice_state = 'failed', notice_tries = notice_tries + 1 WHERE id = ?"),
}));

/** A line as compared with the notification's: no quote marks, bold stars or colons, spaces as one, lower case. */
const normalize = (line: string) =>
  line
    .replace(/^[\s>*]+/, '')
    .replace(/[*:]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** The words of a text (letters and digits, three or more), in lower case. */
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
/** Words below a quoted notification's header block that it does not have, from which on they are the writer's. */
const UNKNOWN_WORDS = 3;

/**
 * The words to send, or why not: the new part of the mail without a line of the agency's part;
 * refused when nothing is left, when something of the agency's part is still in it (a link to
 * the inbox, a line of it cut differently), when lines of the notification are (its quote
 * was not recognised), or when words the notification does not have are below its header
 * block in an Outlook-style quote (answers typed between its lines).
 */
export function wordsToSend(split: SplitReply, lead: Lead): { text: string } | { reason: RefusalReason } {
  if (split.unsure) return { reason: 'ambiguous' };
  const wording = server.notifications.mail;
  const line = (entry: Lead['lines'][number]) => normalize(`${entry.label}: ${entry.value.split('\n')[0]}`);
  const agencyLines = new Set(
    [
      wording.agencyOnly,
      ...lead.agencyLines.map((entry) => `${entry.label}: ${entry.value}`),
      `${wording.openLead}: ${lead.link}`,
      wording.openLead,
      lead.link,
    ].map(normalize),
  );
  const kept = split.text.split('\n').filter((text) => !agencyLines.has(normalize(text)));
  const text = kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text === '') return { reason: 'empty' };
  const lines = kept.map(normalize).filter((text) => text !== '');
  const whole = normalize(text.replace(/\n/g, ' '));
  // The agency's part, or any trace of it: its heading, the inbox's address, one of its lines inside another.
  const traces = [
    normalize(wording.agencyOnly),
    lead.link.toLowerCase(),
    `/admin/leads/${lead.docId.toLowerCase()}`,
    ...lead.agencyLines.map((entry) => line(entry)).filter((entry) => entry.length >= 6),
  ];
  if (traces.some((trace) => whole.includes(trace) || text.toLowerCase().includes(trace))) return { reason: 'agencyLines' };
  // The notification's own lines (its heading, the visitor's fields, how to reply): a quote not told apart.
  const notification = new Set(
    mailText(lead, 'reply')
      .split('\n')
      .concat(mailText(lead).split('\n'))
      .map(normalize)
      .filter((entry) => entry.length >= 8),
  );
  if (lines.some((entry) => notification.has(entry))) return { reason: 'ambiguous' };
  // Below Outlook's header block the notification has no quote marks: words typed into it (answers between its lines) would be lost.
  if (split.below !== undefined) {
    const known = new Set(wordsOf(`${mailText(lead, 'reply')}\n${mailText(lead)}`));
    if (new Set(wordsOf(split.below).filter((word) => !known.has(word))).size >= UNKNOWN_WORDS) return { reason: 'ambiguous' };
  }
  if (text.length > admin.replies.textMaxLength) return { reason: 'tooLong' };
  return { text };
}

/** Files sent with the mail (not the pictures of a signature: those are inline). */
const hasAttachments = (email: Email) =>
  (email.attachments ?? []).some((a) => a.disposition === 'attachment' || (!a.disposition && !a.related && !a.contentId));

export class OwnerReplies {
  private readonly transport: ReturnType<typeof nodemailer.createTransport> | undefined;
  private telling: Promise<void> | undefined;

  constructor(
    private readonly store: Store,
    private readonly options: OwnerRepliesOptions,
  ) {
    this.transport = options.mail && nodemailer.createTransport(transportOptions(options.mail));
  }

  /** Whether a mail (its headers) was sent to a reply address: then it is this module's, never kept as a mail of its lead. */
  claims(headers: Pick<Email, 'to' | 'cc' | 'deliveredTo' | 'headers'>): boolean {
    return replyTokensOf(headers, this.options.served).length > 0;
  }

  /** The lead as its notification told it (the same lines, so the same lines are taken out). */
  private describe(docId: string): Lead | undefined {
    const stored = deliveriesIn(this.store.db).lead(docId);
    const form = stored && this.options.served.forms.formForCollection(stored.collection);
    if (!stored || !form) return undefined;
    return describeLead(form, docId, stored.document, this.options.publicUrl, stored.createdAt, {
      source: sourceOfLead(this.store.db, docId),
      language: languageOfLead(this.options.served, this.store.db, docId),
      ownsUpload: (value) => ownsUpload(this.store, docId, value),
    });
  }

  /**
   * Reads one mail sent to a reply address: sends its words on, or keeps it on the lead with why
   * (and tells its writer). `read`: the mail read whole (wholeMail.ts readMail), or by its headers when
   * it is too large or cannot be read.
   */
  async take(headers: Email, messageId: string, read: () => Promise<ReadMail>): Promise<Outcome> {
    const db = this.store.db;
    const q = statements(db);
    // Sent once: a mail read again (a second folder, a replay) is left alone.
    if (q.known.get(messageId)) return 'ignored';
    const tokens = replyTokensOf(headers, this.options.served);
    const token = tokens.length === 1 ? findReplyToken(db, tokens[0]!) : undefined;
    if (!token) {
      this.options.log.warn(
        `Replies by e-mail: a mail to ${tokens.length > 1 ? 'several reply addresses' : 'a reply address the site never made'} (${messageId}) was not sent on.`,
      );
      return 'ignored';
    }
    const lead = this.describe(token.docId);
    if (!lead) return 'ignored';
    // A mail a program sent by itself (automatic.ts: an out-of-office answering the notification, a report) is never sent on to the client.
    if (automaticOf(headers)) {
      this.options.log.warn(`Replies by e-mail: an automatic mail (an out-of-office, a report) to lead ${token.docId}'s reply address was not sent on.`);
      return 'ignored';
    }
    const from = (headers.from?.address ?? '').trim().toLowerCase();
    const subject = cutAtWord((headers.subject ?? '').replace(/\s+/g, ' ').trim(), 300);
    const now = this.options.clock();
    const refuse = (reason: RefusalReason, split: SplitReply = { text: '', quoted: '' }, tell = true): Outcome => {
      q.insert.run({
        messageId,
        docId: token.docId,
        from,
        subject,
        outcome: 'refused',
        reason,
        body: cutAtWord(split.text, maxTextCharacters),
        quoted: cutAtWord(split.quoted, maxTextCharacters),
        notice: tell && this.transport ? 'pending' : 'none',
        at: now,
      });
      void this.tellWriters();
      return 'refused';
    };
    // Only from an address the notification went to, or an owner's account: never told (the sender may be anyone).
    const allowed = from !== '' && (token.sentTo.includes(from) || q.owner.get(from) !== undefined);
    if (!allowed) {
      this.options.log.warn(`Replies by e-mail: a mail to lead ${token.docId}'s reply address from an address its notification did not go to was not sent on.`);
      return refuse('notARecipient', undefined, false);
    }
    // Where the mailbox's server is trusted, the From must be proved by it, as the agency's own mails are (anyone can write any From); never told either.
    const { trust } = this.options;
    if ((trust.authservIds.length > 0 || trust.relays.length > 0) && !agencyProof(headers.headers ?? [], from, [...this.options.agency, from], trust)) {
      this.options.log.warn(
        `Replies by e-mail: a mail to lead ${token.docId}'s reply address whose sender the mailbox's server did not prove was not sent on.`,
      );
      return refuse('notProved', undefined, false);
    }
    const mail = await read();
    if (!mail.whole) return refuse(mail.why === 'tooLarge' ? 'tooLarge' : 'unreadable');
    if (token.expiresAt <= now) return refuse('expired', mail);
    if (hasAttachments(mail.email)) return refuse('attachments', mail);
    const words = wordsToSend(mail, lead);
    if ('reason' in words) return refuse(words.reason, mail);

    const thread = conversationSubject(db, this.options.served.forms, token.docId);
    const replySubject = cutAtWord(
      thread ? fill(admin.replies.threadSubject, { subject: thread }) : fill(replies.firstSubject, { brand: this.options.served.servedSite().brand.name }),
      admin.replies.subjectMaxLength,
    );
    const result = db.transaction(() => {
      const sent = this.options.notifications.sendReply(token.docId, { subject: replySubject, text: words.text }, from, 'mail');
      if (sent !== 'queued') return sent;
      q.insert.run({ messageId, docId: token.docId, from, subject, outcome: 'sent', reason: null, body: '', quoted: '', notice: 'none', at: now });
      const at = new Date(now).toISOString();
      q.replied.run(at, at, token.docId);
      // Nobody waits, nothing is unread, and its event (attention.ts).
      agencyReplied(db, { docId: token.docId, at: now, actor: from, data: { via: 'mail' } });
      return sent;
    })();
    if (result === 'queued') return 'sent';
    return refuse(result === 'off' ? 'off' : 'noAddress', mail);
  }

  /** Sends the mails telling writers why their reply was not sent, those due now (each tried again on the notifications' schedule). */
  tellWriters(): Promise<void> {
    this.telling ??= this.tell().finally(() => (this.telling = undefined));
    return this.telling;
  }

  private async tell(): Promise<void> {
    const { transport } = this;
    const settings = this.options.mail;
    if (!transport || !settings || !this.store.db.open) return;
    const q = statements(this.store.db);
    const due = q.due.all(this.options.clock()) as {
      id: number;
      messageId: string;
      docId: string;
      fromAddress: string;
      subject: string;
      reason: RefusalReason;
      body: string;
      tries: number;
    }[];
    for (const row of due) {
      const stored = deliveriesIn(this.store.db).lead(row.docId);
      const form = stored && this.options.served.forms.formForCollection(stored.collection);
      const nameField = form ? senderFields(form).name : undefined;
      const name = String((nameField && stored?.document[nameField.name]) || '')
        .replace(/\s+/g, ' ')
        .trim();
      try {
        await transport.sendMail({
          from: settings.from,
          to: row.fromAddress,
          subject: fill(replies.notSentSubject, { name: cutAtWord(name, 60), subject: row.subject }),
          text: fill(replies.notSentText, { name, reason: refusalSentence(row.reason), link: inboxLink(this.options.publicUrl, row.docId), words: row.body }),
          inReplyTo: row.messageId,
          references: [row.messageId],
        });
        if (this.store.db.open) q.told.run(row.id);
      } catch (error) {
        if (!this.store.db.open) return;
        const wait = nextRetry(row.tries + 1, RETRY_SCHEDULE);
        if (wait === undefined) q.failed.run(row.id);
        else q.retry.run(this.options.clock() + wait, row.id);
        this.options.log.warn(
          `Replies by e-mail: the mail telling ${row.fromAddress} that their reply was not sent failed (${String((error as Error).message ?? error).slice(0, 200)}).`,
        );
      }
    }
  }

  /** Waits for the mails being sent, then closes the connection to the mail server. */
  async stop(): Promise<void> {
    await this.telling;
    this.transport?.close();
  }
}
