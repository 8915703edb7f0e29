/** A publish's outcome in the editor's words (config/server.ts admin.messages): the API's answers and a scheduled publish's failure. */
import server from '../../../config/server';
import { fill } from '../../schema/text';
import type { PublishResult } from './publish';

const messages = server.admin.messages;

/** The sentence of a publish that did not go through (a 400's problems are counted: they are listed on their fields). */
export function publishRefusal(result: Exclude<PublishResult, { status: 200 }>): string {
  if (result.status === 400) return fill(messages.draftHasProblems, { count: result.problems.length });
  if (result.status === 409) return { busy: messages.publishBusy, releasing: messages.releaseUnderWay, changed: messages.contentChanged }[result.reason];
  if (result.status === 503) return fill(messages.frontRefused, { error: result.error });
  const sentence = { render: messages.buildFailed, write: messages.publishNotWritten, record: messages.publishNotRecorded }[result.failed];
  return fill(sentence, { error: result.error.split('\n').slice(-3).join(' ') });
}
