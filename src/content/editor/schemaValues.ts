/**
 * What the editor needs to know about a schema and a value, without drawing anything: the name of
 * a key for a person, a value at a key path and a copy with one value changed, and the value a new
 * list item or section starts with.
 */
import admin from '../../../config/admin';
import { KIND_VALUES, type KindMeta, type Path, type Schema, type Shape, type ValueMaker } from '../../schema/schema';

export { itemTitle, labelOf } from '../model/officeSentences';

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of `root` with `value` at `path` (undefined removes an object's key). Nothing is changed in place. */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(root) ? [...(root as unknown[])] : [];
    list[head] = setAt(list[head], rest, value);
    return list;
  }
  const group: Record<string, unknown> = isRecord(root) ? { ...root } : {};
  const next = setAt(group[head!], rest, value);
  if (next === undefined) delete group[head!];
  else group[head!] = next;
  return group;
}

export function getAt(root: unknown, path: Path): unknown {
  let value = root;
  for (const part of path) {
    if (typeof part === 'number') value = Array.isArray(value) ? value[part] : undefined;
    else value = isRecord(value) ? value[part] : undefined;
  }
  return value;
}

/** One list item moved from `from` to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

/** What the editor knows of the site around the file (the same as the checker's context). */
export interface SiteFacts {
  formIds: readonly string[];
}

/**
 * The value a new item starts with: every required key, empty where a person must write
 * something (the checker then points at what is still to fill in), the first choice where there
 * is one, a list's fewest items. Optional keys are left out.
 */
export function emptyValue(schema: Schema<unknown>, facts: SiteFacts): unknown {
  return valueOf(schema.meta, { of: (inner) => emptyValue(inner, facts), object: (shape) => emptyObject(shape, facts), formIds: facts.formIds });
}

/** A kind's empty value, by its entry in KIND_VALUES (the union of entries narrowed to the kind of `meta`). */
function valueOf<M extends KindMeta>(meta: M, make: ValueMaker): unknown {
  return (KIND_VALUES[meta.kind] as { empty(meta: M, make: ValueMaker): unknown }).empty(meta, make);
}

const newSectionHeadings: Readonly<Record<string, string>> = admin.content.newSectionHeadings;

function emptyObject(shape: Shape, facts: SiteFacts): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    if (!schema.optional) out[key] = emptyValue(schema, facts);
  }
  // A new section whose heading may be left out (a form's) starts with the office's: a visitor reads what it is for, the outline names it.
  const type = shape.type?.meta.kind === 'fixed' ? shape.type.meta.value : undefined;
  if (type !== undefined && shape.heading?.optional && Object.hasOwn(newSectionHeadings, type)) out.heading = newSectionHeadings[type];
  return out;
}

/** The schema of a list item or union variant that holds this value (a section: by its type). */
export function variantOf(schema: Schema<unknown>, value: unknown): Schema<unknown> | undefined {
  if (schema.meta.kind !== 'union') return schema;
  const type = isRecord(value) ? value.type : undefined;
  return typeof type === 'string' && Object.hasOwn(schema.meta.variants, type) ? schema.meta.variants[type] : undefined;
}

/** The element id of the field at a key path of a file (the problems list links to it). */
export function fieldId(file: string, path: Path): string {
  return `field-${file}-${path.join('-')}`.replace(/[^A-Za-z0-9_-]/g, '_');
}

export const pathKey = (path: Path): string => JSON.stringify(path);
