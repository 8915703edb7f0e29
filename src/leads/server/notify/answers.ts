/**
 * The owner's mail when a client answers (docs/inbox.md "When a client answers"): their mail,
 * read from the agency's mailbox, is told to the notification address (NOTIFY_TO) with the
 * client's name, the first lines of what they wrote (its quoted part left out) and the link to
 * the lead: "Ada Lovelace answered: Wednesday works for me". The answers that arrive within
 * config/server.ts notifications.answers.digestMinutes of the first go in one mail, sent that
 * long after the first ("3 answers: Ada Lovelace, Grace Hopper, Alan Turing"); a person's several
 * answers on one lead under one heading and one link. An answer the agency replied to before its
 * mail was due (from the inbox, or from a mail program through the site) is left out, its row
 * deleted: none left, no mail.
 *
 * Each answer is a row of the deliveries queue (channel `email`, its id "ans_…", with its answer
 * in `answer_mails`), written in the transaction that keeps the answer: it survives a restart,
 * is retried on the notifications' schedule, and shows on its lead's list of notifications. The
 * rows waiting when one is due are sent together, as one mail whose Message-ID is the first
 * row's id (not a "msg_" id: the mailbox's reader never takes a reply to it for a lead's mail).
 */
import type Database from 'better-sqlite3';
import nodemailer from 'nodemailer';
import server from '../../../../config/server';
import { senderFields, type FormLookups } from '../../../site/forms/model/registry';
import { formatDate } from '../../../platform/received';
import { cutAtWord, fill, visible } from '../../../schema/text';
import { inboxLink } from '../leads';
import { preparedIn } from '../../../platform/server/statements';
import { newDocumentId } from '../../../platform/server/store/store';
import { TIMEOUTS } from '../../../platform/server/mail/transport';
import type { MailSettings } from '../../../platform/server/mail/transport';

const words = server.notifications.answers;

/** The ids of answer mails: "ans_" and 20 letters and digits (between these two, in the deliveries' key). */
const FIRST_ID = 'ans_';
const AFTER_IDS = 'ans`';

export const isAnswerDelivery = (id: string): boolean => id.startsWith(FIRST_ID);

const statements = preparedIn((db: Database.Database) => ({
  waitingSince: db.prepare(`SELECT min(next_at) FROM deliveries WHERE state = 'pending' AND id >= '${FIRST_ID}' AND id < '${AFTER_IDS}'`).pluck(),
  delivery: db.prepare("INSERT INTO deliveries (id, doc_id, channel, next_at, created_at) VALUES (?, ?, 'email', ?, ?)"),
  answer: db.prepare('INSERT INTO answer_mails (delivery_id, message_id) VALUES (?, ?)'),
  pending: db.prepare(
    `SELECT d.id, d.doc_id AS docId, d.attempts, d.next_at AS nextAt, m.from_name AS fromName, m.from_address AS fromAddress, m.body, m.sent_at AS sentAt, doc.collection, doc.data
       FROM deliveries d
       JOIN answer_mails a ON a.delivery_id = d.id
       JOIN lead_messages m ON m.id = a.message_id
       JOIN documents doc ON doc.doc_id = d.doc_id
      WHERE d.state = 'pending' AND d.id >= '${FIRST_ID}' AND d.id < '${AFTER_IDS}'
      ORDER BY d.created_at, d.id`,
  ),
  /**
   * Answers the agency replied to since: a `replied` event of their lead written after the answer's
   * `answered` event, from the inbox or a mail program (its account or address), or read from the
   * Sent folder (no actor) and dated after the answer (a mail read late may be older).
   */
  repliedSince: db
    .prepare(
      `SELECT d.id FROM deliveries d
       JOIN answer_mails a ON a.delivery_id = d.id
       JOIN lead_messages m ON m.id = a.message_id
      WHERE d.state = 'pending' AND d.id >= '${FIRST_ID}' AND d.id < '${AFTER_IDS}'
        AND EXISTS (
          SELECT 1 FROM lead_events e
           WHERE e.doc_id = d.doc_id AND e.kind = 'replied' AND (e.actor IS NOT NULL OR e.at > m.sent_at)
             AND e.id > (SELECT max(answered.id) FROM lead_events answered
                          WHERE answered.doc_id = d.doc_id AND answered.kind = 'answered' AND json_extract(answered.data, '$.mail') = 'm' || m.id))`,
    )
    .pluck(),
  drop: db.prepare("DELETE FROM deliveries WHERE id = ? AND state = 'pending'"),
}));

/** Deletes the waiting answer mails whose answer the agency has replied to since: nothing to tell of them. Answers how many. */
export function dropAnswered(db: Database.Database): number {
  const q = statements(db);
  return db.transaction(() => (q.repliedSince.all() as string[]).reduce((dropped, id) => dropped + q.drop.run(id).changes, 0))();
}

/**
 * Queues the owner's mail of an answer (`mail`: its row in lead_messages), inside the
 * transaction that keeps it: due with the answers already waiting, or digestMinutes from now.
 */
export function queueAnswer(db: Database.Database, docId: string, mail: number, now: number): string {
  const q = statements(db);
  const id = `${FIRST_ID}${newDocumentId()}`;
  const due = (q.waitingSince.get() as number | null) ?? now + words.digestMinutes * 60_000;
  q.delivery.run(id, docId, due, now);
  q.answer.run(id, mail);
  return id;
}

/** One answer to tell of. */
export interface Answer {
  /** Its delivery. */
  id: string;
  docId: string;
  attempts: number;
  /** When its mail is due (ms). */
  nextAt: number;
  /** Who wrote it: the name their form gave, else their mail's, else its address. */
  name: string;
  /** The inbox's name of the lead's form. */
  form: string;
  /** When they sent it (ms). */
  sentAt: number;
  /** What they wrote, whole (the mail tells its first lines). */
  text: string;
}

interface PendingRow {
  id: string;
  docId: string;
  attempts: number;
  nextAt: number;
  fromName: string;
  fromAddress: string;
  body: string;
  sentAt: number;
  collection: string;
  data: string;
}

/** The answers whose mail waits, oldest first: sent together (their forms looked up in `forms`, the server's). */
export function answersToTell(db: Database.Database, forms: FormLookups): Answer[] {
  return (statements(db).pending.all() as PendingRow[]).map((row) => {
    const form = forms.formForCollection(row.collection);
    const nameField = form ? senderFields(form).name : undefined;
    const typed = nameField ? String((JSON.parse(row.data) as Record<string, unknown>)[nameField.name] ?? '') : '';
    return {
      id: row.id,
      docId: row.docId,
      attempts: row.attempts,
      nextAt: row.nextAt,
      name: oneLine(typed || row.fromName || row.fromAddress, 60),
      form: forms.collectionTitle(row.collection),
      sentAt: row.sentAt,
      text: row.body,
    };
  });
}

/** Text on one line: whitespace runs (line breaks too) as one space, hidden characters by their code, cut at a word. */
const oneLine = (text: string, max: number): string => cutAtWord(visible(text).replace(/\s+/g, ' ').trim(), max);

/** Where what a mail program quotes or signs starts: a quoted line, "On … wrote:", Outlook's and others' separators, a signature. */
const QUOTE_STARTS = [/^>/, /^On .{0,200}wrote:\s*$/i, /^-{2,}\s*Original Message\s*-{2,}/i, /^_{10,}\s*$/, /^From:\s/i, /^-- ?$/];

/** The first lines of what they wrote (what comes before the quoted part), cut at a word to `max` characters. */
function firstLines(text: string, max = words.firstLinesMaxLength): string {
  const own: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (QUOTE_STARTS.some((start) => start.test(line.trim()))) break;
    own.push(line.trimEnd());
  }
  const kept = own
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return cutAtWord(visible(kept), max);
}

/** The mail of these answers: its subject and its text (plain text: the client's words are never markup). */
export function answerMail(answers: readonly Answer[], publicUrl: string): { subject: string; text: string } {
  const names = [...new Set(answers.map((answer) => answer.name))];
  const latest = answers.at(-1);
  const lines = latest ? oneLine(firstLines(latest.text), words.subjectWordsMaxLength) || words.noText : '';
  const subject =
    names.length > 1
      ? fill(words.subjectSeveral, { count: answers.length, names: oneLine(names.join(', '), 120) })
      : fill(answers.length === 1 ? words.subject : words.subjectOnePerson, { name: names[0] ?? '', count: answers.length, words: lines });
  // One block per lead, in the order of its first answer: a heading, its answers, its link.
  const byLead = new Map<string, Answer[]>();
  for (const answer of answers) byLead.set(answer.docId, [...(byLead.get(answer.docId) ?? []), answer]);
  const indented = (answer: Answer, indent: string) => {
    const said = firstLines(answer.text);
    return said ? said.split('\n').map((line) => `${indent}${line}`) : [`${indent}${words.noText}`];
  };
  const blocks = [...byLead.values()].map((ofLead) => {
    const [first] = ofLead as [Answer, ...Answer[]];
    const told =
      ofLead.length === 1
        ? [fill(words.heading, { name: first.name, form: first.form, at: formatDate(first.sentAt) }), '', ...indented(first, '  ')]
        : [
            fill(words.headingSeveral, { name: first.name, form: first.form, count: ofLead.length }),
            ...ofLead.flatMap((answer) => ['', `  ${fill(words.answeredAt, { at: formatDate(answer.sentAt) })}`, ...indented(answer, '    ')]),
          ];
    return [...told, '', fill(words.openLead, { link: inboxLink(publicUrl, first.docId) })].join('\n');
  });
  // Its first line: Reply reaches nobody (the mail has no Reply-To and comes from the site's sending account).
  return { subject, text: [server.notifications.replyReachesNobody, ...blocks, '', words.footer, ''].join('\n\n').replace(/\n{4,}/g, '\n\n\n') };
}

export interface AnswerMailSender {
  /** Sends one mail of these answers; resolves once the SMTP server took it. */
  send(answers: readonly Answer[]): Promise<void>;
  close(): void;
}

/**
 * Sends the mails of answers through SMTP_URL, from MAIL_FROM to NOTIFY_TO, marked as sent by a
 * machine (Auto-Submitted: an out-of-office never answers it) and with no Reply-To: answering a
 * client is done on their lead, never by replying to this mail.
 */
export function createAnswerMailSender(settings: MailSettings, publicUrl: string): AnswerMailSender {
  const transport = nodemailer.createTransport({ url: settings.smtpUrl, ...TIMEOUTS });
  const domain = settings.fromAddress.split('@')[1] ?? 'localhost';
  return {
    async send(answers) {
      const { subject, text } = answerMail(answers, publicUrl);
      await transport.sendMail({
        from: settings.from,
        to: settings.to,
        subject,
        text,
        messageId: `<${answers[0]!.id}@${domain}>`,
        headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
      });
    },
    close() {
      transport.close();
    },
  };
}
