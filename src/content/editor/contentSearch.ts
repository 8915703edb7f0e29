/**
 * The search across the content: every box of every page, article, form and part on every page
 * whose text holds a word or a number, by its place in the office's words ("Home › Opening banner
 * › Heading"), with the address that opens its screen on that box. A number is found by its digits
 * whatever its punctuation: "010-0199" finds "+1 (555) 010-0199" and "tel:+15550100199".
 * A link to a page of the site is said by that page's title (what its box shows), found by its
 * title or its address; a picture by its description, never by its file's name.
 */
import admin from '../../../config/admin';
import { shownToOffice, type Path, type Schema } from '../../schema/schema';
import type { ContentSnapshot } from '../model/contentApi';
import { boxPathOf, choiceLabelOf, keyOf, placeOf } from '../model/officeSentences';
import { schemaOfFile } from '../model/contentSchemas';
import { editAddress, entriesOf } from './editorList';
import { checkOptionsOf, fromCodeOf, valueOf, type Edits } from './editedFiles';
import { fieldId, isRecord, variantOf } from './schemaValues';
import type { SitePage } from './EditorEnv';
import { siteContentOf } from '../../site/model/siteContent';
import { linkTargets, pageOfLink } from './sitePages';

const t = admin.content.search;

export interface Found {
  /** The box's place, from its page or part down to its name. */
  place: string;
  /** The text around what was found. */
  text: string;
  /** The editor's address that opens the box (its section, its part), the box focused. */
  address: string;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');
/** A query that is a number (digits and a phone number's punctuation, three digits at least): matched by its digits. */
const asNumber = (query: string) => (/^[\d\s()+.\-/]+$/.test(query) && digitsOf(query).length >= 3 ? digitsOf(query) : undefined);

/** Whether a text holds the query: its words without regard to case, a number by its digits. */
function holds(text: string, query: string): boolean {
  if (text.toLowerCase().includes(query.toLowerCase())) return true;
  const number = asNumber(query);
  return number !== undefined && digitsOf(text).includes(number);
}

/** The text around the first place the query is in, at most `t.around` characters each side. */
function around(text: string, query: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const at = flat.toLowerCase().indexOf(query.toLowerCase());
  if (at < 0 || flat.length <= 2 * t.around) return flat.length <= 2 * t.around ? flat : `${flat.slice(0, 2 * t.around)}…`;
  const start = Math.max(0, at - t.around);
  const end = Math.min(flat.length, at + query.length + t.around);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

/**
 * Every text of a value the office sees, with its key path: what its schema shows (a developer's key
 * is left out); a third text, when there is one, is found too but never shown (a link's address).
 */
function* textsOf(schema: Schema<unknown> | undefined, value: unknown, path: Path, pages: readonly SitePage[]): Generator<[Path, string, string?]> {
  if (schema && !shownToOffice(schema)) return;
  // A section's kind is said by its name on the screen (the outline's), not by the word it is stored as.
  if (schema?.meta.kind === 'fixed') return;
  if (typeof value === 'string') {
    // A choice by the words the screen shows it with ("Primary button"), not the word it is stored as.
    if (schema?.meta.kind === 'choice') yield [path, choiceLabelOf(keyOf(path), value, schema.meta.from === 'forms', schema.meta.words)];
    // A link to a page of the site by the page's title, as its box shows it.
    else if (schema?.meta.kind === 'link') {
      const page = pageOfLink(value, pages);
      yield page ? [path, page.label, value] : [path, value];
    } else yield [path, value];
    return;
  }
  if (typeof value === 'number') {
    yield [path, String(value)];
    return;
  }
  const meta = schema ? variantOf(schema, value)?.meta : undefined;
  if (Array.isArray(value)) {
    const item = meta && (meta.kind === 'list' || meta.kind === 'richText') ? meta.item : undefined;
    // Inside a rich text (an article's body) every text is in the one box: its blocks are read without a schema.
    for (const [i, element] of value.entries()) yield* textsOf(meta?.kind === 'richText' ? undefined : item, element, [...path, i], pages);
    return;
  }
  if (!isRecord(value)) return;
  for (const [key, child] of Object.entries(value)) {
    const childSchema = meta && (meta.kind === 'object' || meta.kind === 'image') ? meta.shape[key] : meta?.kind === 'record' ? meta.value : undefined;
    // A key the schema does not describe (a section's `type`) is not a box.
    if (meta && !childSchema) continue;
    // A picture's file is no text of the site: it is found by its description.
    if (meta?.kind === 'image' && key === 'src') continue;
    yield* textsOf(childSchema, child, [...path, key], pages);
  }
}

/**
 * Where the query is in the content as it would be published (drafts included): one line per box,
 * in the list's order (pages, articles, the parts on every page, forms), at most `t.maxShown`.
 */
export function searchContent(snapshot: ContentSnapshot, edits: Edits, query: string): { found: Found[]; more: number } {
  const q = query.trim();
  if (q === '') return { found: [], more: 0 };
  const { pages, articles, parts, forms } = entriesOf(snapshot, edits);
  const targets = linkTargets(siteContentOf(checkOptionsOf(snapshot, edits)));
  const found: Found[] = [];
  for (const entry of [...pages, ...articles, ...parts, ...forms]) {
    const value = valueOf(snapshot, edits, entry.file);
    const fileSchema = schemaOfFile(entry.file);
    if (value === undefined || value === null || !fileSchema) continue;
    const schema = entry.at !== undefined && fileSchema.meta.kind === 'object' ? fileSchema.meta.shape[entry.at] : fileSchema;
    const start = entry.at !== undefined ? [entry.at] : [];
    const boxes = new Map<string, Found>();
    // A value the file works out in its code is not a place to change: it follows what it is made from (found there).
    const fromCode = fromCodeOf(snapshot, edits, entry.file);
    const worked = (path: Path) => fromCode.some((code) => code.length <= path.length && code.every((key, i) => path[i] === key));
    for (const [path, text, alsoFound] of textsOf(schema, entry.at !== undefined && isRecord(value) ? value[entry.at] : value, start, targets)) {
      if (!holds(text, q) && !(alsoFound !== undefined && holds(alsoFound, q))) continue;
      if (worked(path)) continue;
      const box = boxPathOf(entry.file, value, path);
      const key = JSON.stringify(box);
      if (boxes.has(key)) continue;
      const section = box[0] === 'sections' && typeof box[1] === 'number' ? `&${new URLSearchParams({ section: String(box[1]) })}` : '';
      boxes.set(key, {
        place: placeOf(entry.file, value, box).join(admin.content.placeJoint),
        text: around(text, q),
        address: `${editAddress(entry)}${section}#${fieldId(entry.file, box)}`,
      });
    }
    found.push(...boxes.values());
  }
  return { found: found.slice(0, t.maxShown), more: Math.max(0, found.length - t.maxShown) };
}
