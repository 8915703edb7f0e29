/**
 * Whether a mail was sent by a machine, and what kind: the one place that says so, over a mail
 * as parse.ts reads it (its headers; a report's own parts when it was read whole). The mailbox's
 * reader keeps such a mail on its lead as automatic, changing nothing there (record.ts); the
 * newsletter takes a bounce's or a complaint's facts from it (src/newsletter/server/reports.ts).
 *
 * - a delivery report (RFC 3464: `Content-Type: multipart/report; report-type=delivery-status`),
 *   with the failed recipient, its action and status ("5.1.1") where the report gives them; a
 *   bounce that is not in that format but comes from MAILER-DAEMON (its From or return path);
 * - a feedback report (a complaint, RFC 5965 ARF: `report-type=feedback-report`), with its
 *   feedback type ("abuse") and recipient;
 * - an out-of-office, or any other automatic answer: RFC 3834 `Auto-Submitted: auto-replied`,
 *   `X-Autoreply`, `X-Autorespond`, `Precedence: auto_reply`;
 * - a mailing list's or bulk mail: `Precedence: list` or `bulk`, `List-Id`, `List-Unsubscribe`;
 * - anything else a machine sent: `Auto-Submitted` other than `no` (auto-generated,
 *   auto-notified), `Precedence: junk`, another report (a read receipt), a null return path
 *   (`Return-Path: <>`, what RFC 3834 asks automatic answers to carry).
 *
 * In that order: a report is a report whatever else it says (bounces carry `Auto-Submitted`
 * too), an out-of-office one whatever its `Precedence` (Gmail's say `bulk`). A report names the
 * mail it is about (its returned headers' Message-ID: `original`), so that the reader finds its
 * lead when its own headers do not.
 */
import type { Email } from 'postal-mime';
import type { AutomaticKind } from '../../model/adminApi';

export type Automatic =
  | {
      kind: 'deliveryReport';
      /** The recipient the report is about (Final-Recipient, else Original-Recipient): the first that failed, else the first. */
      recipient?: string;
      /** Its Action ("failed", "delayed", "delivered", …) and Status ("5.1.1"), RFC 3464. */
      action?: string;
      status?: string;
      /** The Message-ID of the mail it reports on (from the headers it returns), as `<id>`. */
      original?: string;
    }
  | {
      kind: 'feedbackReport';
      /** Its Feedback-Type ("abuse", "fraud", …), RFC 5965. */
      feedbackType?: string;
      /** Original-Rcpt-To: who complained. */
      recipient?: string;
      original?: string;
    }
  | { kind: 'outOfOffice' | 'list' | 'other' };

/** True only when two unions hold the same members. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The kinds told here are the inbox's (`AUTOMATIC_KINDS`, which its words follow), each way: a kind added to one alone is a type error. */
const sameKinds: Same<Automatic['kind'], AutomaticKind> = true;
void sameKinds;

/** The most of a report's part that is looked at (its fields come first). */
const MAX_PART = 64 * 1024;

type Headers = Email['headers'];

const header = (headers: Headers, key: string) => headers.find((h) => h.key === key)?.value.trim();

/** A header field's first word, lower case ("auto-replied" of "auto-replied; owner-email=…"). */
const token = (value: string | undefined) => (value ?? '').split(/[;\s]/, 1)[0]!.toLowerCase();

/** A Content-Type's parameter (report-type), unquoted, lower case. */
function parameter(contentType: string, name: string): string | undefined {
  for (const part of contentType.split(';').slice(1)) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim().toLowerCase() === name)
      return part
        .slice(at + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .toLowerCase();
  }
  return undefined;
}

/**
 * A block of header-like fields (a report's part: "Name: value" lines, folded lines joined), in
 * groups split by blank lines (a delivery report's per-message group, then one per recipient).
 */
function fieldGroups(text: string): Map<string, string>[] {
  const groups: Map<string, string>[] = [];
  let group = new Map<string, string>();
  let last: string | undefined;
  for (const line of text.slice(0, MAX_PART).split(/\r?\n/)) {
    if (line.trim() === '') {
      if (group.size > 0) groups.push(group);
      group = new Map();
      last = undefined;
    } else if (/^[ \t]/.test(line) && last) {
      group.set(last, `${group.get(last)} ${line.trim()}`);
    } else {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      last = line.slice(0, colon).trim().toLowerCase();
      if (!group.has(last)) group.set(last, line.slice(colon + 1).trim());
    }
  }
  if (group.size > 0) groups.push(group);
  return groups;
}

/** An address field of a report ("rfc822; ada@example.net", "<ada@example.net>"): the address. */
function addressOf(value: string | undefined): string | undefined {
  const text = value ?? '';
  const address = text
    .slice(text.indexOf(';') + 1)
    .trim()
    .replace(/^<(.*)>$/, '$1')
    .trim();
  return address === '' ? undefined : address;
}

/** A field's first word, or undefined when it is not there. */
const tokenOf = (value: string | undefined) => (value === undefined ? undefined : token(value) || undefined);

/** The text of the report's part of this type, when the mail was read whole. */
function partText(email: Pick<Email, 'attachments'>, ...types: string[]): string | undefined {
  const part = (email.attachments ?? []).find((attachment) => types.includes((attachment.mimeType ?? '').toLowerCase()));
  if (!part) return undefined;
  const content = part.content as string | ArrayBuffer | Uint8Array;
  if (typeof content === 'string') return content.slice(0, MAX_PART);
  const bytes = content instanceof Uint8Array ? content : new Uint8Array(content);
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(MAX_PART, bytes.byteLength)).toString('latin1');
}

/** The Message-ID of the mail a report returns (its headers, or the whole mail). */
function originalOf(email: Pick<Email, 'attachments'>): string | undefined {
  const returned = partText(email, 'message/rfc822-headers', 'text/rfc822-headers', 'message/rfc822');
  const id =
    returned &&
    fieldGroups(returned)[0]
      ?.get('message-id')
      ?.match(/<[^<>\s]+>/)?.[0];
  return id ?? undefined;
}

const defined = <T extends object>(facts: T) => Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined)) as T;

function deliveryReport(email: Pick<Email, 'attachments'>): Automatic {
  const groups = fieldGroups(partText(email, 'message/delivery-status', 'message/global-delivery-status') ?? '');
  const recipients = groups.filter((group) => group.has('final-recipient') || group.has('original-recipient'));
  const first = recipients.find((group) => token(group.get('action')) === 'failed') ?? recipients[0];
  return defined({
    kind: 'deliveryReport' as const,
    recipient: addressOf(first?.get('final-recipient') ?? first?.get('original-recipient')),
    action: tokenOf(first?.get('action')),
    status: first?.get('status')?.match(/^\d\.\d{1,3}\.\d{1,3}/)?.[0],
    original: originalOf(email),
  });
}

function feedbackReport(email: Pick<Email, 'attachments'>): Automatic {
  const fields = fieldGroups(partText(email, 'message/feedback-report') ?? '')[0];
  return defined({
    kind: 'feedbackReport' as const,
    feedbackType: tokenOf(fields?.get('feedback-type')),
    recipient: addressOf(fields?.get('original-rcpt-to')),
    original: originalOf(email),
  });
}

const isMailerDaemon = (address: string | undefined) => /^<?mailer-daemon@/i.test((address ?? '').trim());

/** Whether a mail was sent by a machine, and what kind (undefined: a person's). */
export function automaticOf(email: Pick<Email, 'headers' | 'attachments' | 'from'>): Automatic | undefined {
  const headers = email.headers ?? [];
  const contentType = header(headers, 'content-type') ?? '';
  if (token(contentType) === 'multipart/report') {
    const type = parameter(contentType, 'report-type');
    if (type === 'delivery-status' || type === 'global-delivery-status') return deliveryReport(email);
    if (type === 'feedback-report') return feedbackReport(email);
    return { kind: 'other' };
  }
  const returnPath = header(headers, 'return-path');
  if (isMailerDaemon(email.from?.address) || isMailerDaemon(returnPath)) return deliveryReport(email);
  const submitted = token(header(headers, 'auto-submitted'));
  if (submitted === 'auto-replied') return { kind: 'outOfOffice' };
  if (submitted !== '' && submitted !== 'no') return { kind: 'other' };
  const said = (key: string) => {
    const value = header(headers, key);
    return value !== undefined && !['no', 'false', '0'].includes(token(value));
  };
  if (said('x-autoreply') || said('x-autorespond')) return { kind: 'outOfOffice' };
  const precedence = token(header(headers, 'precedence'));
  if (precedence === 'auto_reply') return { kind: 'outOfOffice' };
  if (precedence === 'list' || precedence === 'bulk') return { kind: 'list' };
  if (precedence === 'junk') return { kind: 'other' };
  if (header(headers, 'list-id') !== undefined || header(headers, 'list-unsubscribe') !== undefined) return { kind: 'list' };
  if (returnPath !== undefined && /^<\s*>$/.test(returnPath)) return { kind: 'other' };
  return undefined;
}

/**
 * What a delivery report says of the mail it is about: `permanent` (status 5.x.x, or action
 * "failed" without a status: it will never arrive), `temporary` (4.x.x, or "delayed": it may yet),
 * or undefined (delivered, relayed, or nothing said). The one rule for the newsletter's bounces and a lead's returned mails.
 */
export function failureOf(report: { action?: string; status?: string }): 'permanent' | 'temporary' | undefined {
  const statusClass = report.status?.[0];
  const action = report.action?.toLowerCase();
  if (statusClass === '5' || (statusClass === undefined && action === 'failed')) return 'permanent';
  if (statusClass === '4' || action === 'delayed') return 'temporary';
  return undefined;
}

/** Whether a mail's headers say it is a report (its lead may be named only inside it: read it whole to find out). */
export function isReport(email: Pick<Email, 'headers'>): boolean {
  return token(header(email.headers ?? [], 'content-type')) === 'multipart/report';
}
