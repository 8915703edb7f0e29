/** Fills {placeholders} in a config text: fill('{n} of {total}', { n: 1, total: 6 }). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** Text made safe to put in HTML, in an element or an attribute: what visitors typed never becomes markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Characters that reorder the text around them or cannot be seen: bidirectional overrides,
 * embeddings, isolates and marks, zero-width spaces, invisible separators and fillers, the
 * byte order mark, Unicode tags. Joiners and variation selectors stay (emoji and several
 * scripts need them).
 */
const HIDDEN = /[\u00AD\u061C\u115F\u1160\u200B\u200E\u200F\u2028-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB\u{E0000}-\u{E007F}]|\u034F|\u17B4|\u17B5|\u180E|\u180F/gu;

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
