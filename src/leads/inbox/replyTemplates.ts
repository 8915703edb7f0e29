/**
 * What the Reply composer starts from (src/leads/inbox/Replies.tsx): the conversation's subject once the
 * person has an e-mail ("Re: " and the first one's, config/admin.ts replies.threadSubject), and
 * the form's templates filled with what the lead sent: in a subject each value is one line cut
 * at a word, in the text whole. Hidden characters are shown by their code, so the owner sees them.
 */
import admin from '../../../config/admin';
import { bundledForms } from '../../site/forms/model/registry';
import type { LeadDetail } from '../model/adminApi';
import { bareSubject, type ReplyDraft } from '../model/replyDraft';
import { cutAtWord, fill, visible } from '../../schema/text';

const t = admin.replies;
type Template = { name: string; subject: string; text: string };

/** A visitor's value in a subject: one line, cut at a word. */
const IN_SUBJECT = 80;

/**
 * The conversation's subject for a reply: "Re: " and the subject of the first e-mail with the
 * person (the auto-reply) of a form awaiting an answer, so every mail of one conversation has the
 * same subject; none when there is no e-mail yet (the template's subject then).
 */
export function threadSubject(lead: LeadDetail): string | undefined {
  // The mails of a lead whose form awaits no answer (a newsletter's confirmation) are no part of the
  // conversation (src/leads/server/mailbox/conversation.ts), nor has such a lead one of its own.
  const formOf = (docId: string) => (docId === lead.docId ? lead.form : lead.person?.submissions.find((s) => s.docId === docId)?.form);
  const inConversation = (docId: string) => bundledForms.formNamed(formOf(docId) ?? '')?.awaitsAnswer !== false;
  if (!inConversation(lead.docId)) return undefined;
  // (Not an unsent reply's: its subject is the agency's notification's.)
  const first = lead.mails.find((mail) => mail.kind !== 'notSent' && inConversation(mail.docId))?.subject.trim();
  if (!first) return undefined;
  return fill(t.threadSubject, { subject: bareSubject(first) });
}

/** The form's templates, filled with what this lead sent (hidden characters shown by their code, so the owner sees them). */
export function templatesFor(lead: LeadDetail): (ReplyDraft & { name: string })[] {
  // The form's fields as this inbox knows them, and as the lead's own answers name them (a form made in the editor after this inbox was built).
  const names = new Set([
    ...(bundledForms.formNamed(lead.form)?.fields ?? []).map((f) => f.name),
    ...((lead as Partial<LeadDetail>).fields ?? []).map((f) => f.key),
  ]);
  const values = Object.fromEntries([...names].map((name) => [name, visible(String(lead.document[name] ?? '').trim())]));
  // In the subject, a value is one line cut at a word; in the text, whole.
  const short = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, cutAtWord(value.replace(/\s+/g, ' '), IN_SUBJECT)]));
  const own = (t.templates as Readonly<Record<string, readonly Template[] | undefined>>)[lead.form] ?? [];
  const thread = threadSubject(lead);
  return own.map((template) => ({
    name: template.name,
    subject: thread ?? cutAtWord(fill(template.subject, short), t.subjectMaxLength),
    text: fill(template.text, values),
  }));
}
