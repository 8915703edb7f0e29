/** Fills {placeholders} in a config text: fill('{n} of {total}', { n: 1, total: 6 }). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** Fills words that depend on a count (schema.ts `plural`): `one` for exactly 1, else `other`. */
export function fillCount(words: { one: string; other: string }, count: number, values: Record<string, string | number>): string {
  return fill(count === 1 ? words.one : words.other, values);
}

/*
 * One escaping function per place a value goes into: HTML text, an HTML attribute, JSON in a
 * <script> element, XML text, a line of robots.txt (a policy's host list: links.ts policyHost).
 * Each takes any text (an editor's, a visitor's) and gives text that is read back as the same
 * characters in that place, never as markup, a closed element, a new line or a directive. None
 * uses the text as a replacement string ($&, $' and $` would be read as patterns): replaceOnce
 * puts a text into a page by slicing.
 */

/** Text for HTML between tags: & < > as character references. */
export function escapeHtmlText(text: string): string {
  return text.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Text for an HTML attribute value in quotes (either kind): & < > " ' as character references. */
export function escapeHtmlAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Text made safe to put in HTML, in an element or an attribute: what visitors typed never becomes markup.
 * @alias escapeHtmlAttribute, by the name callers that may put it anywhere use (knip: not a duplicate).
 */
export const escapeHtml = escapeHtmlAttribute;

/**
 * A value as JSON inside a <script> element (`application/ld+json`): < > & and the line
 * separators U+2028/U+2029 as \u escapes, so no text can close the element, open a comment or
 * end a line; the JSON reads back as the same value.
 */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Characters XML 1.0 cannot hold at all (controls but tab and line ends, lone surrogates, U+FFFE/U+FFFF): left out. */
// eslint-disable-next-line no-control-regex -- controls are what is left out
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text for XML (the sitemap): & < > " ' as entities, and characters XML cannot hold left out. */
export function escapeXml(text: string): string {
  const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
  return text.replace(NOT_XML, () => '').replace(/[&<>"']/g, (c) => entities[c]!);
}

/** A value on a line of robots.txt (an address): spaces, line ends and other controls %-escaped, so it stays one value on one line. */
export function robotsValue(text: string): string {
  // eslint-disable-next-line no-control-regex -- controls are what is escaped
  return text.replace(/[\u0000-\u0020\u007f\u2028\u2029#]/g, (c) => encodeURIComponent(c));
}

/** `text` with the first `marker` replaced by `insertion`, as it is (slicing, never a replacement pattern); `text` itself when it has no marker. */
export function replaceOnce(text: string, marker: string, insertion: string): string {
  const at = text.indexOf(marker);
  return at < 0 ? text : text.slice(0, at) + insertion + text.slice(at + marker.length);
}

/**
 * Characters that reorder the text around them or cannot be seen: bidirectional overrides,
 * embeddings, isolates and marks, zero-width spaces, invisible separators and fillers, the
 * byte order mark, Unicode tags. Joiners and variation selectors stay (emoji and several
 * scripts need them).
 */
const HIDDEN =
  /[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u2028-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB\u{E0000}-\u{E007F}]|\u034F|\u17B4|\u17B5|\u180E|\u180F/gu;

/**
 * A visitor's text as it really is: each hidden character is shown by its code ("[U+202E]"),
 * so a right-to-left override cannot make `cv‮gpj.exe` read as `cvexe.jpg`.
 */
export function visible(text: string): string {
  return text.replace(HIDDEN, (c) => `[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`);
}

/** Text to match as it is inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Text cut to at most `max` characters at the end of a word, with "…" when cut (a word longer
 * than the whole is cut inside it): "about Ordering app…", never "about Ordering ap…".
 */
export function cutAtWord(text: string, max: number): string {
  const characters = [...text];
  if (characters.length <= max) return text;
  const kept = characters.slice(0, max - 1).join('');
  const atSpace = kept.search(/\s\S*$/);
  return `${(atSpace > 0 ? kept.slice(0, atSpace) : kept).trimEnd()}…`;
}

/**
 * An address part made from words: "Spring offer: 20% off!" -> "spring-offer-20-off" (letters
 * without their accents, digits, single dashes), at most `max` characters, never ending on a dash.
 */
export function slugOf(words: string, max: number): string {
  return words
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}
