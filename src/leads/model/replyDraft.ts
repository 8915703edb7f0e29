/**
 * A reply the owner writes on a lead's page: what makes one sendable, checked in one place for
 * the composer (src/leads/inbox/Replies.tsx, before sending) and for our server (the reply
 * route, whatever a request carries). Limits and sentences: config/admin.ts `replies`.
 */
import admin from '../../../config/admin';
import { fill } from '../../schema/text';

export interface ReplyDraft {
  subject: string;
  text: string;
}

const { subjectMaxLength, textMaxLength, problems } = admin.replies;

/** A subject without the marks mail programs put before it on a reply or a forward ("Re: ", "AW: ", "Fwd: ", "Re[2]: "). */
export function bareSubject(subject: string): string {
  return subject.trim().replace(/^(?:(?:re|aw|sv|vs|fw|fwd|wg|tr)(?:\[\d+\])?\s*:\s*)+/i, '');
}

/** Whether a request's draft has a subject and a text (what replyProblem then checks of them). */
export const isReplyDraft = (draft: { subject?: unknown; text?: unknown }): draft is ReplyDraft =>
  typeof draft.subject === 'string' && typeof draft.text === 'string';

/** The first problem of a draft (the field, and one sentence), or undefined when it can be sent. */
export function replyProblem(draft: { subject?: unknown; text?: unknown }): { field: keyof ReplyDraft; message: string } | undefined {
  const { subject, text } = draft;
  if (typeof subject !== 'string' || subject.trim() === '') return { field: 'subject', message: problems.subjectMissing };
  // One line: a line break in a subject would start a header of its own.
  if (subject.length > subjectMaxLength || /[\r\n]/.test(subject))
    return { field: 'subject', message: fill(problems.subjectTooLong, { max: subjectMaxLength }) };
  if (typeof text !== 'string' || text.trim() === '') return { field: 'text', message: problems.textMissing };
  if (text.length > textMaxLength) return { field: 'text', message: fill(problems.textTooLong, { max: textMaxLength }) };
  return undefined;
}
