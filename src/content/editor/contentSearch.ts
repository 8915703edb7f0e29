/**
 * The search across the content: every box of every page, article, form and part on every page
 * whose text holds a word or a number, by its place in the office's words ("Home › Opening banner
 * › Heading"), with the address that opens its screen on that box. A number is found by its digits
 * whatever its punctuation: "010-0199" finds "+1 (555) 010-0199" and "tel:+15550100199".
 */
import admin from '../../../config/admin';
import { shownToOffice, type Path, type Schema } from '../../schema/schema';
import type { ContentSnapshot } from '../model/contentApi';
import { boxPathOf, choiceLabelOf, keyOf, placeOf } from '../model/place';
import { schemaOfFile } from '../model/contentSchemas';
import { editAddress, entriesOf } from './entries';
import { valueOf, type Edits } from './files';
import { fieldId, isRecord, variantOf } from './model';

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

/** Every text of a value the office sees, with its key path: what its schema shows (a developer's key is left out). */
function* textsOf(schema: Schema<unknown> | undefined, value: unknown, path: Path): Generator<[Path, string]> {
  if (schema && !shownToOffice(schema)) return;
  // A section's kind is said by its name on the screen (the outline's), not by the word it is stored as.
  if (schema?.meta.kind === 'fixed') return;
  if (typeof value === 'string') {
    // A choice by the words the screen shows it with ("Primary button"), not the word it is stored as.
    yield [path, schema?.meta.kind === 'choice' ? choiceLabelOf(keyOf(path), value, schema.meta.from === 'forms') : value];
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
    for (const [i, element] of value.entries()) yield* textsOf(meta?.kind === 'richText' ? undefined : item, element, [...path, i]);
    return;
  }
  if (!isRecord(value)) return;
  for (const [key, child] of Object.entries(value)) {
    const childSchema = meta && (meta.kind === 'object' || meta.kind === 'image') ? meta.shape[key] : meta?.kind === 'record' ? meta.value : undefined;
    // A key the schema does not describe (a section's `type`) is not a box.
    if (meta && !childSchema) continue;
    yield* textsOf(childSchema, child, [...path, key]);
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
  const found: Found[] = [];
  for (const entry of [...pages, ...articles, ...parts, ...forms]) {
    const value = valueOf(snapshot, edits, entry.file);
    const fileSchema = schemaOfFile(entry.file);
    if (value === undefined || value === null || !fileSchema) continue;
    const schema = entry.at !== undefined && fileSchema.meta.kind === 'object' ? fileSchema.meta.shape[entry.at] : fileSchema;
    const start = entry.at !== undefined ? [entry.at] : [];
    const boxes = new Map<string, Found>();
    for (const [path, text] of textsOf(schema, entry.at !== undefined && isRecord(value) ? value[entry.at] : value, start)) {
      if (!holds(text, q)) continue;
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
