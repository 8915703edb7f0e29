/**
 * HTML made text, within bounds (config/server.ts mailbox.reading): the one conversion of a
 * mail's HTML, for its text (parse.ts) and for telling its new words from its quote
 * (replyText.ts). Only the first `maxHtmlCharacters` are read, up to where the elements nest
 * deeper than `maxHtmlDepth` (`shallowHtml`, one linear pass: the HTML parser takes time that
 * grows with the square of the nesting, 7 s for 20,000 nested tables, and html-to-text recurses
 * once per level, out of stack at about 3,000); what is past that is left out.
 */
import { convert } from 'html-to-text';
import server from '../../../../config/server';

const { reading } = server.mailbox;

/** Elements that never hold others: no end tag. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements whose end tag may be left out: a new one closes the one before (the parser does so too), so they do not nest by themselves. */
const OPTIONAL_END = new Set([
  'html',
  'head',
  'body',
  'p',
  'li',
  'dt',
  'dd',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'caption',
  'colgroup',
  'option',
  'optgroup',
  'rb',
  'rt',
  'rtc',
  'rp',
]);

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
  for (let at = 0; ;) {
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

/** A mail's HTML as far as it is read: its first `maxHtmlCharacters`, up to where it nests deeper than `maxHtmlDepth`. */
export function boundedHtml(html: string): string {
  return shallowHtml(html.slice(0, reading.maxHtmlCharacters), reading.maxHtmlDepth);
}

/** HTML (as far as it is read) made text as the lead keeps it: never markup, no pictures, no link addresses, no wrapping. */
export function htmlToText(html: string): string {
  return convert(boundedHtml(html), {
    wordwrap: false,
    limits: { maxDepth: reading.maxHtmlDepth, ellipsis: '…' },
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { ignoreHref: true } },
      // A table's cells side by side (a label and its value on one line), headings as written.
      { selector: 'td', format: 'inlineSurround', options: { suffix: ' ' } },
      { selector: 'th', format: 'inlineSurround', options: { suffix: ' ' } },
      { selector: 'tr', format: 'block' },
      ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    ],
  }).trim();
}
