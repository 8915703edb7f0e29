/**
 * A whole mail read (parse.ts says within which bounds): postal-mime's parse, and its text told
 * apart as its writer's new words and the folded rest (replyText.ts, whose HTML parsers only
 * this reading loads). The parse thread (parseWorker.ts) runs it; the server's own thread loads
 * parse.ts alone, for a mail's headers and what the thread answered.
 */
import PostalMime, { type Email } from 'postal-mime';
import server from '../../../../config/server';
import { cutAtWord } from '../../../schema/text';
import { readOf, type ReadMail, type WholeRead } from './parse';
import { splitMail, type SplitReply } from './replyText';

const { maxTextCharacters, reading } = server.mailbox;

/** A mail's text (never markup): its new words and the folded rest, each cut at mailbox.maxTextCharacters. */
function textOf(email: Email): SplitReply {
  const split = splitMail(email);
  return { ...split, text: cutAtWord(split.text, maxTextCharacters), quoted: cutAtWord(split.quoted, maxTextCharacters) };
}

/** One line on why a mail could not be read (postal-mime's or the engine's own words). */
const describe = (error: unknown) =>
  String((error as { message?: unknown })?.message ?? error)
    .replace(/\s+/g, ' ')
    .slice(0, 200);

/**
 * The whole mail read, its words told from its quote, or why it could not be (what the parse
 * thread does: parseWorker.ts). Its text and HTML are kept up to `maxHtmlCharacters` (all that is
 * ever read of them: its words are told from less), so that what is passed on stays small
 * whatever the mail's size.
 */
export async function readWhole(source: Uint8Array): Promise<WholeRead> {
  try {
    const email = await PostalMime.parse(source, { maxHeadersSize: reading.maxHeaderBytes, maxNestingDepth: reading.maxMimeDepth });
    const split = textOf(email);
    if (email.text !== undefined) email.text = email.text.slice(0, reading.maxHtmlCharacters);
    if (email.html !== undefined) email.html = email.html.slice(0, reading.maxHtmlCharacters);
    return { email, split };
  } catch (error) {
    return { unreadable: describe(error) };
  }
}

/**
 * The whole mail read here, on the calling thread, or its headers with why it could not be. The
 * server reads mails in a thread of its own instead (parseThread.ts); tests and measurements use this.
 */
export async function readMail(source: Uint8Array, headers: Email): Promise<ReadMail> {
  return readOf(await readWhole(source), headers);
}
