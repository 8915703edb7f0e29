/**
 * The one way a page in a language other than the default says which of its texts are still in
 * the default language (not translated yet): each such text is put between FALLBACK_MARKS where
 * its words are chosen, and the page's HTML, once written, goes through markFallbacks, which gives
 * the element holding it `lang="<the default language's code>"` and takes the marks out. The
 * site's pages (the render: src/site/model/languageContent.ts marks, src/render/render.ts writes),
 * the newsletter's pages drawn by our server (src/newsletter/server/site.ts) and the HTML of its
 * mails (src/newsletter/server/newsletters.ts marks, render.ts writes) all say it so.
 */

/** The character pair a text left in the default language is put between (Unicode's private use: never in a text). */
export const FALLBACK_MARKS = { start: '\uF8F0', end: '\uF8F1' } as const;
const { start: START, end: END } = FALLBACK_MARKS;
const MARKS = new RegExp(`[${START}${END}]`, 'g');

/** A text left in the default language, marked for markFallbacks. */
export const markFallback = (words: string): string => `${START}${words}${END}`;

/** A text without the marks (a form's description, the head's title and meta, JSON in a script, the editor's preview). */
export const withoutMarks = (text: string): string => text.replace(MARKS, '');

/** Elements that hold no others (their end tag is never written). */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Elements whose text is not text a reader reads as such: their marks are taken out, their element left as it is. */
const RAW = new Set(['script', 'style', 'title', 'textarea']);

/**
 * The page's markup with each marked text's element given `lang="<defaultCode>"` (the element
 * whose text or attribute holds it; one that has a lang already is left as it is), and the marks
 * taken out.
 */
export function markFallbacks(html: string, defaultCode: string): string {
  if (!html.includes(START)) return html;
  const marked = new Set<number>(); // where the start tags to mark end (their ">" or "/>")
  const open: { name: string; end: number }[] = [];
  const tag = /<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<!--[\s\S]*?-->/g;
  let last = 0;
  let match: RegExpExecArray | null;
  const textHasMark = (from: number, to: number) => html.slice(from, to).includes(START);
  while ((match = tag.exec(html))) {
    if (open.length > 0 && textHasMark(last, match.index)) {
      const parent = open.at(-1)!;
      if (!RAW.has(parent.name)) marked.add(parent.end);
    }
    last = tag.lastIndex;
    const [whole, closing, rawName, attributes] = match;
    if (rawName === undefined) continue;
    const name = rawName.toLowerCase();
    const end = match.index + whole.length - (whole.endsWith('/>') ? 2 : 1);
    if (closing) {
      const at = open.map((o) => o.name).lastIndexOf(name);
      if (at >= 0) open.length = at;
      continue;
    }
    if (attributes?.includes(START)) marked.add(end);
    if (!VOID.has(name) && !whole.endsWith('/>')) open.push({ name, end });
  }
  let out = '';
  let from = 0;
  for (const end of [...marked].sort((a, b) => a - b)) {
    const startTag = html.lastIndexOf('<', end);
    const hasLang = /\slang=/.test(html.slice(startTag, end));
    out += html.slice(from, end) + (hasLang ? '' : ` lang="${defaultCode}"`);
    from = end;
  }
  return withoutMarks(out + html.slice(from));
}
