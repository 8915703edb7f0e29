/**
 * The settings only an owner changes (what our server accepts from visitors, who hears of a lead,
 * where visitors' answers come back…), marked in the schemas with ownerOnly and why
 * (src/schema/schema.ts CommonMeta.owner, OWNER_REASONS), never listed here. The editor's server refuses an editor's change to one (src/content/server/checkChanges.ts),
 * the editor's screens show it read-only to an editor (src/content/editor/fields.tsx), and
 * docs/content-files.md lists them (checked against the schemas by ownerOnly.test.ts).
 */
import { sameValue } from './contentDiff';
import { formatPath, type Path, type Schema } from '../../schema/schema';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema of a value told apart by its `type` (a section), else the schema itself; undefined for an unknown type. */
function variantOf(schema: Schema<unknown>, value: unknown): Schema<unknown> | undefined {
  if (schema.meta.kind !== 'union') return schema;
  const type = isRecord(value) ? value.type : undefined;
  return typeof type === 'string' && Object.hasOwn(schema.meta.variants, type) ? schema.meta.variants[type] : undefined;
}

/**
 * Where the change from `before` to `after` (a whole file, or a value under `schema`) touches a
 * setting only an owner changes: the key paths of each owner-only value that differs, and of each
 * owner-only list whose items are added or removed. Empty when an editor may make it.
 * A value absent on one side counts as changed (a list item removed takes its settings with it).
 */
export function ownerOnlyChanges(schema: Schema<unknown>, before: unknown, after: unknown, path: Path = []): Path[] {
  if (sameValue(before, after)) return [];
  const { meta } = schema;
  const listLike = meta.kind === 'list' || meta.kind === 'richText';
  // An owner-only list: its items added or removed (inside them, their own marks decide).
  if (meta.owner && !(listLike && Array.isArray(before) && Array.isArray(after) && before.length === after.length)) return [path];
  if (meta.kind === 'union') {
    const was = variantOf(schema, before);
    const is = variantOf(schema, after);
    // Another kind of section: what the old one held goes, what the new one holds comes.
    if (was !== is) return [...(was ? ownerOnlyChanges(was, before, undefined, path) : []), ...(is ? ownerOnlyChanges(is, undefined, after, path) : [])];
    return is ? ownerOnlyChanges(is, before, after, path) : [];
  }
  if (meta.kind === 'object' || meta.kind === 'image') {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    return Object.entries(meta.shape).flatMap(([key, child]) => ownerOnlyChanges(child, b[key], a[key], [...path, key]));
  }
  if (meta.kind === 'record') {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    return [...new Set([...Object.keys(b), ...Object.keys(a)])].flatMap((key) => ownerOnlyChanges(meta.value, b[key], a[key], [...path, key]));
  }
  if (listLike) {
    const b = Array.isArray(before) ? before : [];
    const a = Array.isArray(after) ? after : [];
    if (b.length === a.length) return b.flatMap((item, i) => ownerOnlyChanges(meta.item, item, a[i], [...path, i]));
    // Items alike at both ends stay where they are (as the content's diff has it); those between go and come.
    let start = 0;
    while (start < b.length && start < a.length && sameValue(b[start], a[start])) start++;
    let end = 0;
    while (end < b.length - start && end < a.length - start && sameValue(b[b.length - 1 - end], a[a.length - 1 - end])) end++;
    return [
      ...b.slice(start, b.length - end).flatMap((item, i) => ownerOnlyChanges(meta.item, item, undefined, [...path, start + i])),
      ...a.slice(start, a.length - end).flatMap((item, i) => ownerOnlyChanges(meta.item, undefined, item, [...path, start + i])),
    ];
  }
  return [];
}

/** The editor's server's sentence for an editor's change to a setting only an owner changes (for a developer: the file and the key). */
export function ownerOnlySentence(file: string, path: Path): string {
  return `${file}: ${formatPath(path)} is a setting only an owner's account may change. Ask an owner to make this change.`;
}

/**
 * Every key a schema marks ownerOnly, written as docs/content-files.md names them: `notify.email`,
 * `fields[].maxLength` (`[]`: any item of a list), `contact.email`. A section's keys start with
 * its type: `hero.heading`.
 */
export function ownerOnlyKeys(schema: Schema<unknown>, path = ''): string[] {
  const { meta } = schema;
  const here = meta.owner ? [path] : [];
  const join = (key: string) => (path ? `${path}.${key}` : key);
  if (meta.kind === 'object' || meta.kind === 'image')
    return [...here, ...Object.entries(meta.shape).flatMap(([key, child]) => (meta.owner ? [] : ownerOnlyKeys(child, join(key))))];
  if (meta.kind === 'list' || meta.kind === 'richText') return [...here, ...ownerOnlyKeys(meta.item, `${path}[]`)];
  if (meta.kind === 'record') return [...here, ...ownerOnlyKeys(meta.value, `${path}.*`)];
  if (meta.kind === 'union')
    return [...here, ...Object.entries(meta.variants).flatMap(([type, variant]) => ownerOnlyKeys(variant, path ? `${path}.${type}` : type))];
  return here;
}
