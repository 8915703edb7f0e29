/**
 * Reading a mail's bytes, within bounds (config/server.ts mailbox.reading), never throwing: a mail
 * is anyone's, and one that cannot be read must not stop the reading of the next ones.
 *
 * - `parseHeaders`: its header block alone, cut at `maxHeaderBytes`: what ties it to a lead.
 * - `readMail`: the whole mail (postal-mime, its parts nested at most `maxMimeDepth`, all their
 *   headers at most `maxHeaderBytes`), and its text: the plain part, or the HTML part's first
 *   `maxHtmlCharacters` made text up to where it nests deeper than `maxHtmlDepth` elements
 *   (`shallowHtml`, one linear pass: the HTML parser takes time that grows with the square of
 *   the nesting, 7 s for 20,000 nested tables, and html-to-text recurses once per level, out of
 *   stack at about 3,000). A mail that fails any of it (too deep, too many headers, anything
 *   postal-mime refuses) is answered by its headers alone, with why: the caller keeps it so,
 *   with a note, and reads on.
 *
 * The server reads a whole mail in a thread of its own, within mailbox.reading.deadlineSeconds
 * (parseThread.ts, parseWorker.ts): a mail of 10 MB takes the parser seconds, which the server's
 * own thread spends answering visitors instead.
 */
import { convert } from 'html-to-text';
import PostalMime, { type Email } from 'postal-mime';
import server from '../../../config/server';
import { cutAtWord } from '../../shared/text';

const { maxTextCharacters, reading } = server.mailbox;

/** A mail as read: whole, or by its headers alone (too large to fetch, or unreadable) with why. */
export type ReadMail =
  | { whole: true; email: Email; text: string }
  | { whole: false; email: Email; why: 'tooLarge' | { unreadable: string } };

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
    return await PostalMime.parse(`${boundedBlock(block)}\r\n\r\n`, { maxHeadersSize: reading.maxHeaderBytes, maxNestingDepth: reading.maxMimeDepth, maxRfc822NestingDepth: 0 });
  } catch {
    return undefined;
  }
}

/** Elements that never hold others: no end tag. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements whose end tag may be left out: a new one closes the one before (the parser does so too), so they do not nest by themselves. */
const OPTIONAL_END = new Set(['html', 'head', 'body', 'p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'caption', 'colgroup', 'option', 'optgroup', 'rb', 'rt', 'rtc', 'rp']);

/** A start or end tag's beginning, where the search stands (sticky). */
const TAG = /<(\/?)([a-z][^\s/>]*)/iy;

/**
 * HTML up to where its elements nest deeper than `maxDepth`, in one pass (each tag read once).
 * It counts every element that needs an end tag (one written `<x/>` too: HTML opens it, and
 * one in a comment or a script: more than the parser, never fewer), and an end tag closes the
 * elements opened since its own, as the parser does; an end tag of nothing open closes nothing.
 * So it never counts fewer levels than the parser makes (more, at worst, for odd markup: the
 * text then stops early).
 */
export function shallowHtml(html: string, maxDepth: number): string {
  const stack: string[] = [];
  const open = new Map<string, number>();
  for (let at = 0; ; ) {
    const lt = html.indexOf('<', at);
    if (lt === -1) return html;
    // Only a tag's own characters are passed over (to its first ">", never past where the parser ends it); anything else is read on.
    TAG.lastIndex = lt;
    const tag = TAG.exec(html);
    if (!tag) {
      at = lt + 1;
      continue;
    }
    const gt = html.indexOf('>', lt + 1);
    if (gt === -1) return html;
    at = gt + 1;
    const name = tag[2]!.toLowerCase();
    if (VOID.has(name) || OPTIONAL_END.has(name)) continue;
    if (tag[1] === '') {
      if (stack.length >= maxDepth) return html.slice(0, lt);
      stack.push(name);
      open.set(name, (open.get(name) ?? 0) + 1);
    } else if (open.get(name)) {
      for (let top = stack.pop(); top !== undefined; top = top === name ? undefined : stack.pop()) open.set(top, open.get(top)! - 1);
    }
  }
}

/** A mail's text: its plain part, or its HTML part made text (never markup), cut at mailbox.maxTextCharacters. */
function textOf(email: Email): string {
  const text = email.text?.trim()
    ? email.text
    : email.html
      ? convert(shallowHtml(email.html.slice(0, reading.maxHtmlCharacters), reading.maxHtmlDepth), {
          wordwrap: false,
          limits: { maxDepth: reading.maxHtmlDepth, ellipsis: '…' },
          selectors: [
            { selector: 'img', format: 'skip' },
            { selector: 'a', options: { ignoreHref: true } },
          ],
        })
      : '';
  return cutAtWord(text.trim(), maxTextCharacters);
}

/** One line on why a mail could not be read (postal-mime's or the engine's own words). */
const describe = (error: unknown) =>
  String((error as { message?: unknown })?.message ?? error)
    .replace(/\s+/g, ' ')
    .slice(0, 200);

/**
 * The whole mail read, or why it could not be (what the parse thread does: parseWorker.ts). Its
 * text and HTML are kept up to `maxHtmlCharacters` (all that is ever read of them: its text is
 * made from less), so that what is passed on stays small whatever the mail's size.
 */
export async function readWhole(source: Uint8Array): Promise<{ email: Email; text: string } | { unreadable: string }> {
  try {
    const email = await PostalMime.parse(source, { maxHeadersSize: reading.maxHeaderBytes, maxNestingDepth: reading.maxMimeDepth });
    const text = textOf(email);
    if (email.text !== undefined) email.text = email.text.slice(0, reading.maxHtmlCharacters);
    if (email.html !== undefined) email.html = email.html.slice(0, reading.maxHtmlCharacters);
    return { email, text };
  } catch (error) {
    return { unreadable: describe(error) };
  }
}

/** A mail as read (whole), or by its headers with why it could not be. */
export const readOf = (read: Awaited<ReturnType<typeof readWhole>>, headers: Email): ReadMail =>
  'unreadable' in read ? { whole: false, email: headers, why: { unreadable: read.unreadable } } : { whole: true, email: read.email, text: read.text };

/**
 * The whole mail read here, on the calling thread, or its headers with why it could not be. The
 * server reads mails in a thread of its own instead (parseThread.ts); tests and measurements use this.
 */
export async function readMail(source: Uint8Array, headers: Email): Promise<ReadMail> {
  return readOf(await readWhole(source), headers);
}
