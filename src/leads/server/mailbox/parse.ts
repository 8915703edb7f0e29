/**
 * Reading a mail's bytes, within bounds (config/server.ts mailbox.reading), never throwing: a mail
 * is anyone's, and one that cannot be read must not stop the reading of the next ones.
 *
 * - `parseHeaders`: its header block alone, cut at `maxHeaderBytes`: what ties it to a lead.
 * - `readMail` (wholeMail.ts): the whole mail (postal-mime, its parts nested at most `maxMimeDepth`, all their
 *   headers at most `maxHeaderBytes`), and its text told apart as its writer's new words and the
 *   folded rest (replyText.ts): the plain part, or the HTML part as far as htmlText.ts reads it
 *   (its first `maxHtmlCharacters`, up to where it nests deeper than `maxHtmlDepth` elements). A
 *   mail that fails any of it (too deep, too many headers, anything postal-mime refuses) is
 *   answered by its headers alone, with why: the caller keeps it so, with a note, and reads on.
 *
 * The server reads a whole mail (and tells its words from its quote) in a thread of its own,
 * within mailbox.reading.deadlineSeconds (parseThread.ts, parseWorker.ts): a mail of 10 MB takes
 * the parser seconds, which the server's own thread spends answering visitors instead. The whole
 * reading is wholeMail.ts, which only that thread (and tests) load: the server's start loads no
 * HTML parser (htmlparser2, html-to-text) for it.
 */
import PostalMime, { type Email } from 'postal-mime';
import server from '../../../../config/server';
import type { SplitReply } from './replyText';

const { reading } = server.mailbox;

/** A mail as read: whole, with its text (its new words and the folded rest, each cut at mailbox.maxTextCharacters), or by its headers alone (too large to fetch, or unreadable) with why. */
export type ReadMail = ({ whole: true; email: Email } & SplitReply) | { whole: false; email: Email; why: 'tooLarge' | { unreadable: string } };

/** What of a header block is read: at most `maxHeaderBytes`, cut at a line's end. */
function boundedBlock(block: Uint8Array | string): string {
  const text = typeof block === 'string' ? block : Buffer.from(block.buffer, block.byteOffset, block.byteLength).toString('latin1');
  const head = text.slice(0, reading.maxHeaderBytes);
  const cut = head.length < text.length ? head.slice(0, head.lastIndexOf('\n') + 1) : head;
  // Without its blank line(s) at the end (parseHeaders writes one).
  let end = cut.length;
  while (end > 0 && (cut[end - 1] === '\n' || cut[end - 1] === '\r')) end--;
  return cut.slice(0, end);
}

/**
 * The headers of a mail, parsed (never matched as text): its ids, sender, date, subject and the
 * header lines in order. Undefined when even they cannot be read (then it is about no lead the
 * site can tell).
 */
export async function parseHeaders(block: Uint8Array | string): Promise<Email | undefined> {
  try {
    return await PostalMime.parse(`${boundedBlock(block)}\r\n\r\n`, {
      maxHeadersSize: reading.maxHeaderBytes,
      maxNestingDepth: reading.maxMimeDepth,
      maxRfc822NestingDepth: 0,
    });
  } catch {
    return undefined;
  }
}

/** What reading a whole mail gives (wholeMail.ts readWhole): the mail and its words told from its quote, or why it could not be read. */
export type WholeRead = { email: Email; split: SplitReply } | { unreadable: string };

/** A mail as read (whole), or by its headers with why it could not be. */
export const readOf = (read: WholeRead, headers: Email): ReadMail =>
  'unreadable' in read ? { whole: false, email: headers, why: { unreadable: read.unreadable } } : { whole: true, email: read.email, ...read.split };
