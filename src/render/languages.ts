/**
 * What the render does for a site in more than one language (src/site/model/languageContent.ts):
 * a page's `<html lang>`, and each text left in the default language (put between FALLBACK_MARKS
 * by the language's content) marked on its element with the default language's `lang`, so that a
 * reader (and the office) knows it is not yet translated. Nothing here runs for a site in one language.
 */
import { FALLBACK_MARKS, withoutMarks } from '../site/model/languageContent';

const { start: START } = FALLBACK_MARKS;

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

/** The page's `<html lang>`: the language's code in place of the template's. */
export const withHtmlLang = (html: string, code: string): string => html.replace(/<html lang="[^"]*"/, `<html lang="${code}"`);
