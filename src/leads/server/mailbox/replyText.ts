/**
 * A mail's own words told apart from what it quotes, the way mail programs write replies: the
 * new part (what the writer typed in this mail) and the folded part (the quoted mail with its
 * "On … wrote:" line, the signature after "-- ", a phone's "Sent from my iPhone"). The lead's
 * conversation shows the new part and folds the rest behind "Show quoted text"; the search reads
 * the new part only; and the owner's reply from a mail program (ownerReplies.ts) is sent on to the
 * client only when its new part is told apart for sure.
 *
 * Text: `>` quotes; "On … wrote:" lines in several languages and formats (also wrapped over up to
 * three lines, and the date-first "2024-01-02 10:00 GMT+01:00 Name <a@b>:"); Outlook's
 * "-----Original Message-----" and its "From: … Sent: … To: … Subject: …" block (with the line
 * of underscores before it); forwarded mails; the `-- ` signature separator; phones' sign-offs.
 * HTML: as far as htmlText.ts reads it (its first characters, up to where it nests too deep),
 * parsed with htmlparser2 into a tree of bounded depth and size (never matched with regular
 * expressions), then Gmail's `.gmail_quote`, Apple Mail's and Thunderbird's
 * `blockquote[type=cite]` (any blockquote), Outlook's `#divRplyFwdMsg`, `#appendonsend` and the
 * `<hr>` before them, Outlook for Windows' bordered "From:" block, and the signature blocks
 * (`.gmail_signature`, `.moz-signature`, Outlook's `#Signature`) are folded; what is left is made
 * text (htmlText.ts, the one conversion of a mail's HTML) and read once more as text.
 *
 * A mail whose new words sit between quoted parts (answers written between the quoted lines) is
 * `unsure`: shown whole, and never sent on.
 */
import { Parser } from 'htmlparser2';
import { escapeHtmlText } from '../../../schema/text';
import { boundedHtml, htmlToText } from './htmlText';

export interface SplitReply {
  /** The writer's own words in this mail, trimmed (empty when there are none). */
  text: string;
  /** Everything else of the mail, in its order: the quote with its header line, the signature. */
  quoted: string;
  /** Set when the new words cannot be told apart from the quote for sure: they sit between quoted parts. */
  unsure?: 'interleaved';
  /**
   * The text of another mail below its header block (Outlook's quote, a forwarded mail), which
   * has no quote marks: words the writer typed into it are in here (ownerReplies.ts compares it
   * with the mail answered).
   */
  below?: string;
}

/* ---------------------------------------------------------------- text */

/** A quoted line: `>` first (after spaces). */
const isQuoted = (line: string) => /^[ \t]*>/.test(line);
const isBlank = (line: string) => line.trim() === '';

/** The signature separator, "-- " (many programs drop its space). */
const isSignatureSeparator = (line: string) => line.trimEnd() === '--';

/** What phones and mail apps add under the words. */
const SIGN_OFF =
  /^(?:sent from my .{1,40}|sent from (?:outlook|mail|yahoo mail|gmail|proton mail)\b.{0,40}|sent with proton mail.{0,40}|get outlook for .{1,30}|sent from samsung .{1,40}|von meinem .{1,40} gesendet|gesendet von .{1,40}|envoyé de mon .{1,40}|envoyé depuis .{1,40}|enviado desde mi .{1,40}|enviado do meu .{1,40}|inviato da(?:l mio)? .{1,40}|verzonden (?:vanaf|met) .{1,40}|skickat från .{1,40}|sendt fra min .{1,40}|wysłane z .{1,40})$/i;

/** The verb that ends an "On … wrote:" line, in the languages mail programs write it. */
const WROTE =
  /(?:\bwrote|\bschrieb(?:\s+\S+)*|\ba écrit|\bescribió|\bescribio|\bha scritto|\bschreef(?:\s+\S+)*|\bescreveu|\bpisze|\bnapisał(?:\(a\))?|\bnapisała|написал(?:\(а\))?|написала|\bskrev(?:\s+\S+)*|\bkirjoitti|\bírta|\byazdı|έγραψε|\bnapsal(?:\(a\))?|\bnapísal(?:\(a\))?|写道|寫道|のメッセージ|님이 작성)\s*[:：]$/i;
/** The date-first form some programs write: "2024-01-02 10:00 GMT+01:00 Name <a@b>:", "2024年1月2日(火) 10:00 Name <a@b>:". */
const ADDRESS_END = /<[^<>\s@]+@[^<>\s]+>\s*[:：]$/;
/** How such a line starts: the word before its date (On, Am, Le, El, …) or the date itself. */
const OPENER = /^(?:on|am|le|el|il|op|em|w dniu|den|dne|dňa|\d)\b/i;

/**
 * The number of lines (1 to 3: programs wrap a long one) of an "On … wrote:" line starting at
 * line `i`, or 0. It has a date or an address in it, and, when wrapped, starts as such lines do.
 */
function attributionLength(lines: readonly string[], i: number): number {
  for (let k = 1; k <= 3 && i + k <= lines.length; k++) {
    const part = lines.slice(i, i + k);
    if (part.some((line) => isBlank(line) || isQuoted(line))) return 0;
    const joined = part.map((line) => line.trim()).join(' ');
    if (joined.length > 400) return 0;
    if (k > 1 && !OPENER.test(joined)) return 0;
    if ((WROTE.test(joined) && /\d|@/.test(joined)) || (ADDRESS_END.test(joined) && /^\d/.test(joined))) return k;
  }
  return 0;
}

/** Outlook's line before a quoted mail, and the forwarded mail's, in the languages Outlook and Gmail write them. */
const ORIGINAL =
  /^-{2,}\s*(?:original message|ursprüngliche nachricht|message d'origine|mensaje original|messaggio originale|oorspronkelijk bericht|mensagem original|wiadomość oryginalna|originalmeddelande|oprindelig meddelelse|opprinnelig melding|alkuperäinen viesti|исходное сообщение|forwarded message|weitergeleitete nachricht|message transféré|mensaje reenviado|messaggio inoltrato|doorgestuurd bericht|mensagem encaminhada)\s*-{2,}$/i;
const FORWARDED = /^(?:begin forwarded message|anfang der weitergeleiteten nachricht|début du message réexpédié|inicio del mensaje reenviado)\s*:$/i;
/** The first line of a header block ("From: …"), and the others ("Sent:", "To:", "Subject:", …). */
const FROM_LABEL = /^\*?(?:from|von|de|da|van|od|från|fra|lähettäjä|от|寄件者|差出人)\s*\*?\s*[:：]\*?\s*\S/i;
const OTHER_LABEL =
  /^\*?(?:sent|date|to|cc|subject|gesendet|datum|an|betreff|envoyé|à|objet|enviado|fecha|para|asunto|inviato|data|a|oggetto|verzonden|aan|onderwerp|assunto|skickat|till|ämne|sendt|til|emne|lähetetty|vastaanottaja|aihe|отправлено|кому|тема|wysłano|do|temat)\s*\*?\s*[:：]/i;

/** A "From: … Sent: … Subject: …" block starting at line `i`: its first line and at least two more labels within the next six lines. */
function headerBlockAt(lines: readonly string[], i: number): boolean {
  if (!FROM_LABEL.test(lines[i]?.trim() ?? '')) return false;
  let labels = 0;
  for (let j = i + 1; j < Math.min(lines.length, i + 7); j++) if (OTHER_LABEL.test(lines[j]!.trim())) labels++;
  return labels >= 2;
}

/** Whether everything from line `i` on is another mail: Outlook's separator or header block, a forwarded mail. */
function restStartsAt(lines: readonly string[], i: number): boolean {
  const line = lines[i]!.trim();
  if (ORIGINAL.test(line) || FORWARDED.test(line)) return true;
  if (/^_{8,}$/.test(line)) {
    let j = i + 1;
    while (j < lines.length && isBlank(lines[j]!)) j++;
    return j < lines.length && headerBlockAt(lines, j);
  }
  return headerBlockAt(lines, i);
}

type LineKind = 'text' | 'quote' | 'blank' | 'tail';

/** Lines joined, without the blank lines around them (and runs of blank lines as one). */
function joinLines(lines: readonly string[]): string {
  return lines
    .join('\n')
    .replace(/[^\S\n]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The lines of another mail after its separator and header block (its "From:", "Sent:", … lines). */
function belowHeader(lines: readonly string[]): string {
  let i = 0;
  while (
    i < lines.length &&
    (isBlank(lines[i]!) ||
      ORIGINAL.test(lines[i]!.trim()) ||
      FORWARDED.test(lines[i]!.trim()) ||
      /^_{8,}$/.test(lines[i]!.trim()) ||
      FROM_LABEL.test(lines[i]!.trim()) ||
      OTHER_LABEL.test(lines[i]!.trim()))
  )
    i++;
  return joinLines(lines.slice(i));
}

/** Splits a mail's text (or an HTML mail's text) into its new part and the folded rest. */
export function splitText(input: string): SplitReply {
  const lines = input.replace(/\r\n?/g, '\n').split('\n');
  const kinds: LineKind[] = lines.map((line) => (isBlank(line) ? 'blank' : isQuoted(line) ? 'quote' : 'text'));
  let below: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    if (kinds[i] === 'blank' || kinds[i] === 'quote') continue;
    if (restStartsAt(lines, i)) {
      for (let j = i; j < lines.length; j++) kinds[j] = 'quote';
      below = belowHeader(lines.slice(i));
      break;
    }
    const k = attributionLength(lines, i);
    if (k === 0) continue;
    // An "On … wrote:" line is a quote's when a quote follows it, or when nothing does (an HTML mail's, its quote taken out).
    let j = i + k;
    while (j < lines.length && kinds[j] === 'blank') j++;
    const endsHere = lines.slice(j).every((line, n) => kinds[j + n] === 'blank' || isSignatureSeparator(line) || SIGN_OFF.test(line.trim()));
    if ((j < lines.length && kinds[j] === 'quote') || (endsHere && OPENER.test(lines[i]!.trim()))) {
      for (let m = i; m < i + k; m++) kinds[m] = 'quote';
      i = i + k - 1;
    }
  }
  // The signature separator and a phone's sign-off: every line of the writer's after them is folded.
  const tail = lines.findIndex((line, i) => kinds[i] === 'text' && (isSignatureSeparator(line) || SIGN_OFF.test(line.trim())));
  if (tail >= 0) for (let i = tail; i < lines.length; i++) if (kinds[i] === 'text') kinds[i] = 'tail';

  // The writer's runs of lines, apart from each other by quoted lines.
  const runs: [number, number][] = [];
  let open: [number, number] | undefined;
  for (let i = 0; i < lines.length; i++) {
    if (kinds[i] === 'text') {
      if (open) open[1] = i;
      else runs.push((open = [i, i]));
    } else if (kinds[i] === 'quote') open = undefined;
  }
  const rest = below === undefined ? {} : { below };
  if (runs.length > 1) return { text: joinLines(lines), quoted: '', unsure: 'interleaved', ...rest };
  if (runs.length === 0) return { text: '', quoted: joinLines(lines), ...rest };
  const [from, to] = runs[0]!;
  return { text: joinLines(lines.slice(from, to + 1)), quoted: joinLines([...lines.slice(0, from), '', ...lines.slice(to + 1)]), ...rest };
}

/* ---------------------------------------------------------------- HTML */

interface Element {
  name: string;
  attribs: Record<string, string>;
  children: Node[];
}
type Node = Element | { text: string };

/** Elements kept deeper than this are flattened into their ancestor; more than MAX_NODES are left out, and text beyond MAX_CHARACTERS (of HTML that boundedHtml already cut where it nests too deep). */
const MAX_DEPTH = 64;
const MAX_NODES = 20_000;
const MAX_CHARACTERS = 1_000_000;
/** What a mail program never shows. */
const UNSEEN = new Set(['head', 'script', 'style', 'title', 'template', 'noscript', 'object', 'iframe', 'svg', 'math']);
/** Elements without content (written without a closing tag). */
const VOID = new Set(['br', 'hr', 'img', 'wbr', 'area', 'base', 'col', 'embed', 'input', 'link', 'meta', 'source', 'track']);

/** The HTML as far as it is read (boundedHtml) as a tree, with a bound on its depth, its elements and its text: a mail of a million nested <div>s is as cheap as a short one. */
function parseTree(html: string): Element {
  const root: Element = { name: '#root', attribs: {}, children: [] };
  const open: Element[] = [root];
  // What each open tag was: kept (on `open`), unseen (its content dropped), too deep or too many (its content goes to its ancestor).
  const frames: ('kept' | 'unseen' | 'flat')[] = [];
  let unseen = 0;
  let nodes = 0;
  let characters = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (unseen > 0 || UNSEEN.has(name)) {
          unseen++;
          frames.push('unseen');
          return;
        }
        if (open.length > MAX_DEPTH || nodes >= MAX_NODES) {
          frames.push('flat');
          return;
        }
        const element: Element = { name, attribs, children: [] };
        open.at(-1)!.children.push(element);
        open.push(element);
        nodes++;
        frames.push('kept');
      },
      onclosetag() {
        const frame = frames.pop();
        if (frame === 'kept') open.pop();
        else if (frame === 'unseen') unseen--;
      },
      ontext(data) {
        if (unseen > 0 || characters >= MAX_CHARACTERS) return;
        const text = data.slice(0, MAX_CHARACTERS - characters);
        characters += text.length;
        const children = open.at(-1)!.children;
        const last = children.at(-1);
        if (last && 'text' in last) last.text += text;
        else children.push({ text });
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(boundedHtml(html));
  parser.end();
  return root;
}

const classesOf = (element: Element) => (element.attribs.class ?? '').toLowerCase().split(/\s+/);
const idOf = (element: Element) => element.attribs.id ?? element.attribs.name ?? '';

/** The first characters of an element's text (a bounded look). */
function textStart(node: Node, max = 80): string {
  let out = '';
  const walk = (n: Node, depth: number) => {
    if (out.length >= max || depth > MAX_DEPTH) return;
    if ('text' in n) out += n.text;
    else for (const child of n.children) walk(child, depth + 1);
  };
  walk(node, 0);
  return out.replace(/\s+/g, ' ').trim().slice(0, max);
}

/** A quote: any blockquote (Apple Mail's and Thunderbird's type=cite, Gmail's), Gmail's quote and its "On … wrote:" line, Yahoo's, Proton's, Thunderbird's. */
function isQuote(element: Element): boolean {
  if (element.name === 'blockquote') return true;
  return classesOf(element).some((c) =>
    ['gmail_quote', 'gmail_quote_container', 'gmail_attr', 'yahoo_quoted', 'protonmail_quote', 'moz-cite-prefix', 'zmail_extra'].includes(c),
  );
}

/** Where another mail starts and everything after it is that mail's: Outlook's reply header (and its markers), Zimbra's rule. */
function isRestStart(element: Element): boolean {
  const id = idOf(element);
  if (/(?:^|_)(?:divrplyfwdmsg|appendonsend|olk_src_body_section)$/i.test(id)) return true;
  if (element.name === 'hr' && id === 'zwchr') return true;
  if (classesOf(element).includes('outlookmessageheader')) return true;
  // Outlook for Windows: a block with a rule above it, starting with "From:".
  return element.name === 'div' && /border-top\s*:\s*solid/i.test(element.attribs.style ?? '') && FROM_LABEL.test(textStart(element));
}

/** A signature block: Gmail's, Thunderbird's, Outlook's. */
function isSignature(element: Element): boolean {
  if (element.attribs['data-smartmail'] === 'gmail_signature') return true;
  if (/^(?:x_)?signature$/i.test(idOf(element))) return true;
  return classesOf(element).some((c) => c === 'gmail_signature' || c === 'moz-signature');
}

/** The next sibling that is an element, past whitespace. */
function nextElement(children: readonly Node[], i: number): Element | undefined {
  for (let j = i + 1; j < children.length; j++) {
    const node = children[j]!;
    if ('text' in node) {
      if (/\S/.test(node.text)) return undefined;
      continue;
    }
    return node;
  }
  return undefined;
}

/**
 * The tree without its quotes, signatures and everything after another mail's start; what was
 * taken out, in order; what came after that start (its header block left out); whether words
 * sit on both sides of a quote.
 */
function prune(root: Element): { kept: Element; removed: Node[]; below: Node[] | undefined; interleaved: boolean } {
  const removed: Node[] = [];
  let below: Node[] | undefined;
  let rest = false;
  let quoteSeen = false;
  let before = false;
  let after = false;
  const visit = (from: Element, into: Element) => {
    from.children.forEach((child, i) => {
      if (rest) {
        below!.push(child);
        return void removed.push(child);
      }
      if ('text' in child) {
        if (/\S/.test(child.text)) {
          if (quoteSeen) after = true;
          else before = true;
        }
        into.children.push(child);
        return;
      }
      // Outlook's rule before its reply header belongs to the quoted mail.
      const next = child.name === 'hr' ? nextElement(from.children, i) : undefined;
      if (isRestStart(child) || (next && isRestStart(next))) {
        rest = true;
        below = [];
        return void removed.push(child);
      }
      if (isQuote(child)) {
        quoteSeen = true;
        return void removed.push(child);
      }
      if (isSignature(child)) return void removed.push(child);
      const copy: Element = { name: child.name, attribs: {}, children: [] };
      into.children.push(copy);
      visit(child, copy);
    });
  };
  const kept: Element = { name: '#root', attribs: {}, children: [] };
  visit(root, kept);
  // The start's own block (and Outlook's header block after its marker) is no part of the mail below it.
  below = below?.filter((node) => 'text' in node || (!isRestStart(node) && node.name !== 'hr'));
  return { kept, removed, below, interleaved: before && after };
}

/** A tree as HTML again (no attributes: only its structure and text matter now). */
function serialize(node: Node, out: string[] = []): string[] {
  if ('text' in node) {
    out.push(escapeHtmlText(node.text));
    return out;
  }
  const named = /^[a-z][a-z0-9-]*$/.test(node.name) && node.name !== '#root';
  if (named) out.push(`<${node.name}>`);
  if (!VOID.has(node.name)) {
    for (const child of node.children) serialize(child, out);
    if (named) out.push(`</${node.name}>`);
  }
  return out;
}

/** Splits an HTML mail into its new part and the folded rest (its structure first, then its text). */
export function splitHtml(html: string): SplitReply {
  const { kept, removed, below, interleaved } = prune(parseTree(html));
  const text = splitText(htmlToText(serialize(kept).join('')));
  const rest = htmlToText(removed.map((node) => serialize(node).join('')).join('\n'));
  const quoted = [text.quoted, rest].filter((part) => part !== '').join('\n\n');
  const unsure = interleaved || text.unsure ? ('interleaved' as const) : undefined;
  const belowText = [text.below, below && belowHeader(htmlToText(below.map((node) => serialize(node).join('')).join('\n')).split('\n'))].filter(
    (part) => part !== undefined,
  );
  return { text: text.text, quoted, ...(unsure ? { unsure } : {}), ...(belowText.length > 0 ? { below: belowText.join('\n\n') } : {}) };
}

/** A mail's split: its HTML part when it has one with words (the structure says most), else its text part. */
export function splitMail(email: { text?: string | undefined; html?: string | undefined }): SplitReply {
  if (email.html && /\S/.test(email.html)) {
    const fromHtml = splitHtml(email.html);
    if (fromHtml.text !== '' || fromHtml.quoted !== '' || !email.text?.trim()) return fromHtml;
  }
  return splitText(email.text ?? '');
}
