/**
 * What comes back about a newsletter, from the mailbox the site already reads (src/leads/server/mailbox):
 *
 * - a delivery report (RFC 3464) about one: a permanent failure (status 5.x.x, or action "failed"
 *   without a status) marks the address `bounced`, never mailed again; a temporary one (4.x.x, or
 *   "delayed") counts: the reader's newsletters that came back so in a row (`soft_bounces`), and
 *   `newsletter.softBouncesInARow` of them (config/server.ts) mark it `bounced` too;
 * - a feedback report (ARF, RFC 5965: the reader pressed "Report spam") unsubscribes them;
 * - a mail to the List-Unsubscribe mailto: address ("unsubscribe <token>" in its subject)
 *   unsubscribes the reader its signed token names;
 * - a reader's answer to a newsletter (it names one's Message-ID) is the newsletter's too.
 *
 * None of these is ever a lead's answer: the reader asks `newsletterClaimOf` first, and what it
 * claims never reaches the leads (reader.ts). A report is about a newsletter only when it names a
 * newsletter's Message-ID (the headers it returns); each report counts once (newsletter_reports).
 *
 * Which mail is a report, and its facts, is said by the mailbox's one detection of automatic mails
 * (src/leads/server/mailbox/automatic.ts `automaticOf`), the one the leads' reader uses too.
 */
import type Database from 'better-sqlite3';
import type { Email } from 'postal-mime';
import server from '../../../config/server';
import { preparedIn } from '../../platform/server/statements';
import { automaticOf, failureOf, isReport, type Automatic } from '../../leads/server/mailbox/automatic';
import type { UnsubscribeTokens } from './tokens';

/** A newsletter's Message-ID (queue rows: "nl_" and 20 hex digits) as a mail names it. */
const NEWSLETTER_ID = /<(nl_[0-9a-f]{20})@[^<>\s]+>/g;
/** The subject of a List-Unsubscribe mailto: mail (a mail program may add "Re:" or the like). */
const UNSUBSCRIBE_SUBJECT = /\bunsubscribe\s+(\d+\.\d+\.[A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/i;

/** The newsletters' Message-IDs a header value names ("<nl_…@…>"), without <> and the domain. */
function newsletterIdsIn(value: string | undefined): string[] {
  return [...(value ?? '').matchAll(NEWSLETTER_ID)].map((m) => m[1]!);
}

const statements = preparedIn((db: Database.Database) => ({
  recipient: db.prepare('SELECT id, newsletter_id AS newsletterId, subscriber_id AS subscriberId, bounce FROM newsletter_recipients WHERE message_id = ?'),
  seen: db.prepare('INSERT INTO newsletter_reports (message_id, kind, at) VALUES (?, ?, ?) ON CONFLICT (message_id) DO NOTHING'),
  hard: db.prepare("UPDATE newsletter_recipients SET bounce = 'hard' WHERE id = ?"),
  soft: db.prepare("UPDATE newsletter_recipients SET bounce = 'soft' WHERE id = ? AND bounce IS NULL"),
  // The reader's newsletters, in order, and which came back as a soft bounce (for the run in a row).
  history: db.prepare("SELECT id, bounce FROM newsletter_recipients WHERE subscriber_id = ? AND state IN ('sent', 'failed') ORDER BY newsletter_id"),
  softCount: db.prepare('UPDATE subscribers SET soft_bounces = ?, updated_at = ? WHERE id = ?'),
  bounced: db.prepare("UPDATE subscribers SET state = 'bounced', bounced_at = ?, updated_at = ? WHERE id = ? AND state IN ('confirmed', 'waiting')"),
  unsubscribed: db.prepare(
    "UPDATE subscribers SET state = 'unsubscribed', unsubscribed_at = ?, updated_at = ? WHERE id = ? AND state IN ('confirmed', 'waiting')",
  ),
  markUnsubscribed: db.prepare(
    'UPDATE newsletter_recipients SET unsubscribed_at = ? WHERE newsletter_id = ? AND subscriber_id = ? AND unsubscribed_at IS NULL',
  ),
  complained: db.prepare('UPDATE newsletter_recipients SET complained_at = ? WHERE id = ? AND complained_at IS NULL'),
}));

/**
 * Unsubscribes the subscriber a token names (the one-click POST, the page's button, a mailto:
 * mail), counted on the newsletter that carried the link. True when they were subscribed.
 */
export function unsubscribe(db: Database.Database, facts: { subscriberId: number; newsletterId: number }, now: number): boolean {
  const q = statements(db);
  return db.transaction(() => {
    if (q.unsubscribed.run(now, now, facts.subscriberId).changes === 0) return false;
    q.markUnsubscribed.run(now, facts.newsletterId, facts.subscriberId);
    return true;
  })();
}

/** The run of newsletters in a row that came back as soft bounces, holding this one. */
function softRun(history: readonly { id: number; bounce: string | null }[], id: number): number {
  const at = history.findIndex((row) => row.id === id);
  if (at === -1) return 1;
  let first = at;
  let last = at;
  while (first > 0 && history[first - 1]!.bounce === 'soft') first--;
  while (last < history.length - 1 && history[last + 1]!.bounce === 'soft') last++;
  return last - first + 1;
}

/** A report's effect: `hard`, `soft`, `complaint`, `unsubscribe`, `ignored` (about a newsletter, but nothing to change: a "delivered" report, an out-of-office). */
export type ReportEffect = 'hard' | 'soft' | 'complaint' | 'unsubscribe' | 'ignored';

/**
 * Applies a report about a newsletter's mail (`messageId`: the queue row's, nl_…), once per report
 * (`reportId`: the report's own Message-ID). Undefined when it names no mail of a newsletter.
 */
export function applyReport(
  db: Database.Database,
  report: Automatic,
  about: string,
  reportId: string,
  now: number,
  softLimit = server.newsletter.softBouncesInARow,
): ReportEffect | undefined {
  const q = statements(db);
  const row = q.recipient.get(about) as { id: number; newsletterId: number; subscriberId: number; bounce: string | null } | undefined;
  if (!row) return undefined;
  return db.transaction((): ReportEffect => {
    if (q.seen.run(reportId, report.kind, now).changes === 0) return 'ignored';
    if (report.kind === 'feedbackReport') {
      q.complained.run(now, row.id);
      q.unsubscribed.run(now, now, row.subscriberId);
      return 'complaint';
    }
    if (report.kind !== 'deliveryReport') return 'ignored';
    const failure = failureOf(report);
    const hard = failure === 'permanent';
    const soft = failure === 'temporary';
    if (hard) {
      q.hard.run(row.id);
      q.bounced.run(now, now, row.subscriberId);
      return 'hard';
    }
    if (!soft) return 'ignored';
    q.soft.run(row.id);
    const run = softRun(q.history.all(row.subscriberId) as { id: number; bounce: string | null }[], row.id);
    q.softCount.run(run, now, row.subscriberId);
    if (run >= softLimit) q.bounced.run(now, now, row.subscriberId);
    return 'soft';
  })();
}

/** Marks a mail about a newsletter as read (a reader's answer, a mailto: unsubscribe): once. False when it was already. */
function firstTime(db: Database.Database, reportId: string, kind: string, now: number): boolean {
  return statements(db).seen.run(reportId, kind, now).changes > 0;
}

/** What the mailbox's reader needs to know of a mail from its headers: is it the newsletter's, and must it be read whole to tell? */
export type NewsletterClaim = 'unsubscribe' | 'answer' | 'maybeReport' | undefined;

const header = (email: Pick<Email, 'headers'>, key: string) => email.headers?.find((h) => h.key === key)?.value ?? '';

/**
 * From a mail's headers: a mailto: unsubscribe (its subject), a reader's answer to a newsletter
 * (it names one's Message-ID), or a report that may be about one (multipart/report, or from a
 * mailer daemon: read it whole to know). Undefined: not the newsletter's.
 */
export function newsletterClaimOf(email: Pick<Email, 'headers' | 'subject' | 'inReplyTo' | 'references' | 'from'>): NewsletterClaim {
  if (UNSUBSCRIBE_SUBJECT.test(email.subject ?? '')) return 'unsubscribe';
  if (isReport(email)) return 'maybeReport';
  if (/^(mailer-daemon|postmaster)@/i.test(email.from?.address ?? '') || /^<\s*>$/.test(header(email, 'return-path').trim())) return 'maybeReport';
  if (newsletterIdsIn(email.inReplyTo).length > 0 || newsletterIdsIn(email.references).length > 0) return 'answer';
  return undefined;
}

/**
 * Takes a mail the newsletter claims (newsletterClaimOf), read whole for a report: applies it.
 * True when it is the newsletter's (the reader then leaves it to no lead); false for a report
 * that names no newsletter's mail (the leads may have it).
 */
export function takeNewsletterMail(
  db: Database.Database,
  claim: NonNullable<NewsletterClaim>,
  email: Email,
  mailId: string,
  tokens: UnsubscribeTokens | undefined,
  now: number,
): boolean {
  if (claim === 'unsubscribe') {
    const facts = tokens?.read(UNSUBSCRIBE_SUBJECT.exec(email.subject ?? '')![1]!);
    if (facts && firstTime(db, mailId, 'unsubscribe', now)) unsubscribe(db, facts, now);
    return true;
  }
  if (claim === 'answer') {
    firstTime(db, mailId, 'answer', now);
    return true;
  }
  const report = automaticOf(email);
  const about = report && 'original' in report ? newsletterIdsIn(report.original)[0] : undefined;
  if (!report || !about) return false;
  return applyReport(db, report, about, mailId, now) !== undefined;
}
