/**
 * What an edit of one config file changes, as the smallest list of edits: a key set, a key
 * removed, items spliced into or out of a list. The content server writes exactly these into
 * the file (so a developer's diff shows only the edit), checks them against the data contract,
 * and says them in words for the revision ("Home › hero › heading: 'Business Growth' → 'Grow
 * your business online'").
 */

export type KeyPath = Array<string | number>;

export type Edit =
  | { op: 'set'; path: KeyPath; before: unknown; after: unknown }
  | { op: 'remove'; path: KeyPath; before: unknown }
  /** At the list at `path`: from `start`, `removed` items out and `added` items in. */
  | { op: 'splice'; path: KeyPath; start: number; removed: unknown[]; added: unknown[] };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a).filter((k) => a[k] !== undefined);
    const otherKeys = Object.keys(b).filter((k) => b[k] !== undefined);
    return keys.length === otherKeys.length && keys.every((k) => sameValue(a[k], b[k]));
  }
  return false;
}

/** The edits that turn `before` into `after` (both plain JSON-like values). */
export function diffValues(before: unknown, after: unknown, path: KeyPath = []): Edit[] {
  if (sameValue(before, after)) return [];
  if (isRecord(before) && isRecord(after)) {
    const edits: Edit[] = [];
    for (const key of Object.keys(after)) {
      if (after[key] === undefined) continue;
      if (before[key] === undefined) edits.push({ op: 'set', path: [...path, key], before: undefined, after: after[key] });
      else edits.push(...diffValues(before[key], after[key], [...path, key]));
    }
    for (const key of Object.keys(before)) {
      if (before[key] !== undefined && after[key] === undefined) edits.push({ op: 'remove', path: [...path, key], before: before[key] });
    }
    return edits;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length === after.length) return before.flatMap((item, i) => diffValues(item, after[i], [...path, i]));
    // The items alike at both ends stay; the ones between are edited in place when as many, else spliced.
    let start = 0;
    while (start < before.length && start < after.length && sameValue(before[start], after[start])) start++;
    let end = 0;
    while (end < before.length - start && end < after.length - start && sameValue(before[before.length - 1 - end], after[after.length - 1 - end])) end++;
    return [{ op: 'splice', path, start, removed: before.slice(start, before.length - end), added: after.slice(start, after.length - end) }];
  }
  return [{ op: 'set', path, before, after }];
}

/** A value in a sentence: texts quoted (long ones shortened), an item by its title or label. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return `'${value.length > 80 ? `${value.slice(0, 77)}…` : value}'`;
  if (isRecord(value)) {
    const name = ['title', 'heading', 'question', 'label', 'name', 'value', 'id', 'type'].map((k) => value[k]).find((v) => typeof v === 'string' && v !== '');
    return name === undefined ? 'an item' : describe(name);
  }
  if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  return JSON.stringify(value) ?? 'nothing';
}

/** Where an edit is, in words: "Home › hero › heading" (list items by their id or name, else their position). */
export function whereInWords(place: string, value: unknown, path: KeyPath): string {
  const names: string[] = [place];
  let at: unknown = value;
  for (const part of path) {
    const item = Array.isArray(at) ? at[part as number] : isRecord(at) ? at[part] : undefined;
    if (typeof part === 'number') {
      const own = isRecord(item) ? [item.id, item.name, item.type].find((v) => typeof v === 'string' && v !== '') : undefined;
      // A named item stands for its list ("Home › hero", not "Home › sections › hero").
      if (typeof own === 'string') names.splice(names.length - 1, 1, own);
      else names.push(`#${part + 1}`);
    } else {
      names.push(part);
    }
    at = item;
  }
  return names.join(' › ');
}

/** How much of a long text is shown on each side of where two texts differ. */
const AROUND = 30;

/**
 * Two texts in a sentence, each long one shortened around the place where they differ (never to
 * the same words on both sides): "'…apps that sell…' → '…apps that grow…'".
 */
export function describePair(before: unknown, after: unknown): [string, string] {
  if (typeof before !== 'string' || typeof after !== 'string' || (before.length <= 80 && after.length <= 80)) return [describe(before), describe(after)];
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  const cut = (text: string) => {
    const from = Math.max(0, start - AROUND);
    const to = Math.min(text.length, Math.max(text.length - end + AROUND, from + 2 * AROUND));
    return `'${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}'`;
  };
  return [cut(before), cut(after)];
}

/**
 * The edit in words. `place` names the file ("Home", "Contact form", "Site"); list items are
 * named by their id or name when they have one ("hero", "Your"), else by their position.
 */
export function editInWords(place: string, value: unknown, edit: Edit): string {
  const where = whereInWords(place, value, edit.path);
  if (edit.op === 'set') {
    if (edit.before === undefined) return `${where}: set to ${describe(edit.after)}`;
    const [before, after] = describePair(edit.before, edit.after);
    return `${where}: ${before} → ${after}`;
  }
  if (edit.op === 'remove') return `${where}: removed ${describe(edit.before)}`;
  const parts = [
    ...(edit.removed.length > 0 ? [`removed ${edit.removed.map(describe).join(', ')}`] : []),
    ...(edit.added.length > 0 ? [`added ${edit.added.map(describe).join(', ')}`] : []),
  ];
  return `${where}: ${parts.join('; ') || 'reordered'}`;
}

/** A value whole, for the before/after view: a text as it is, an item by its name, a list of items each named. */
function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(describe).join(', ');
  return describe(value);
}

/** The edit for the before/after view: where, and the whole value on each side. */
export function editView(place: string, value: unknown, edit: Edit): { where: string; before?: string; after?: string } {
  const where = whereInWords(place, value, edit.path);
  if (edit.op === 'set') return { where, ...(edit.before === undefined ? {} : { before: shown(edit.before) }), after: shown(edit.after) };
  if (edit.op === 'remove') return { where, before: shown(edit.before) };
  return { where, ...(edit.removed.length > 0 ? { before: shown(edit.removed) } : {}), ...(edit.added.length > 0 ? { after: shown(edit.added) } : {}) };
}

/** How a config file is named in a revision's words: 'config/pages/home.ts' → 'Home', 'config/forms/contact.ts' → 'Contact form'. */
export function placeOf(file: string): string {
  const base = file.replace(/^.*\//, '').replace(/\.ts$/, '');
  const name = base.charAt(0).toUpperCase() + base.slice(1);
  if (file.startsWith('config/forms/')) return `${name} form`;
  return name;
}
