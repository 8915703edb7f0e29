/**
 * What an edit of one config file changes, as the smallest list of edits: a key set, a key
 * removed, items spliced into or out of a list. The content server writes exactly these into
 * the file (so a developer's diff shows only the edit) and checks them against the data
 * contract; src/content/server/changeWords.ts says them in words for the revisions.
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
