/**
 * What an edit of one config file changes, as the smallest list of edits: a key set, a key
 * removed, items spliced into or out of a list, an item moved in a list. The content server
 * writes exactly these into the file (so a developer's diff shows only the edit) and checks them
 * against the data contract; src/content/server/changeWords.ts says them in words for the
 * revisions, and src/content/server/history.ts takes them back one by one. The edits apply in
 * their order: a path after a move names a list's items at their places once moved.
 */

export type KeyPath = Array<string | number>;

export type Edit =
  | { op: 'set'; path: KeyPath; before: unknown; after: unknown }
  | { op: 'remove'; path: KeyPath; before: unknown }
  /** At the list at `path`: from `start`, `removed` items out and `added` items in. */
  | { op: 'splice'; path: KeyPath; start: number; removed: unknown[]; added: unknown[] }
  /** At the list at `path`: the item at `from` (`item`, as it was) taken out and put back so that it is at `to`. */
  | { op: 'move'; path: KeyPath; from: number; to: number; item: unknown };

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

/** What names a list item whatever its place: its id, name or key (a section's anchor, a form's field). */
export const identityOf = (item: unknown): string | undefined => {
  if (!isRecord(item)) return undefined;
  const own = [item.id, item.name, item.key].find((v) => typeof v === 'string' && v !== '');
  return typeof own === 'string' ? own : undefined;
};

/** A copy of `list` with its item at `from` taken out and put back at `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

/** Two groups of keys of one kind (`type`) that hold the same values at more than half of their keys: an item and that item edited. */
export function mostlyAlike(a: unknown, b: unknown): boolean {
  if (!isRecord(a) || !isRecord(b) || a.type !== b.type) return false;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => a[k] !== undefined || b[k] !== undefined);
  return keys.filter((k) => sameValue(a[k], b[k])).length * 2 > keys.length;
}

/**
 * The moves that bring the items of `before` to their places in `after` (two lists of one length),
 * as few as can be. An item is found in `after` the same (at its own place first) or, edited too,
 * by its identity, else by most of its keys (mostlyAlike); an item found nowhere keeps a place no item found takes (it is edited there).
 * The items that stay are the most that are already in order (the longest increasing run of their
 * places in `after`, an item found nowhere weighing more than all the others: it never moves);
 * every other item moves, one by one, beside those already in order.
 */
function movesBetween(before: readonly unknown[], after: readonly unknown[]): Array<{ from: number; to: number }> {
  const n = before.length;
  const target = new Array<number>(n).fill(-1);
  const taken = new Set<number>();
  const pair = (alike: (a: unknown, b: unknown) => boolean) => {
    for (let i = 0; i < n; i++) {
      if (target[i]! >= 0) continue;
      const own = !taken.has(i) && alike(before[i], after[i]) ? i : -1;
      const j = own >= 0 ? own : after.findIndex((b, j) => !taken.has(j) && alike(before[i], b));
      if (j >= 0) {
        target[i] = j;
        taken.add(j);
      }
    }
  };
  pair(sameValue);
  pair((a, b) => identityOf(a) !== undefined && identityOf(a) === identityOf(b));
  pair(mostlyAlike);
  const found = target.map((j) => j >= 0);
  const free = after.map((_, j) => j).filter((j) => !taken.has(j));
  target.forEach((j, i) => j < 0 && (target[i] = free.shift()!));
  // The heaviest increasing run of targets (an item found nowhere weighs n + 1, any other 1).
  const weight = (i: number) => (found[i] ? 1 : n + 1);
  const best = new Array<number>(n).fill(0);
  const previous = new Array<number>(n).fill(-1);
  for (let i = 0; i < n; i++) {
    best[i] = weight(i);
    for (let k = 0; k < i; k++) {
      if (target[k]! < target[i]! && best[k]! + weight(i) > best[i]!) {
        best[i] = best[k]! + weight(i);
        previous[i] = k;
      }
    }
  }
  const settled = new Set<number>();
  for (let i = n === 0 ? -1 : best.indexOf(Math.max(...best)); i >= 0; i = previous[i]!) settled.add(i);
  let order = before.map((_, i) => i);
  const moves: Array<{ from: number; to: number }> = [];
  for (const item of order.filter((i) => !settled.has(i)).sort((a, b) => target[a]! - target[b]!)) {
    const from = order.indexOf(item);
    const rest = order.filter((i) => i !== item);
    // After the last item in order whose place comes before its own, else first.
    let to = 0;
    rest.forEach((i, at) => settled.has(i) && target[i]! < target[item]! && (to = at + 1));
    if (to !== from) {
      moves.push({ from, to });
      order = moveItem(order, from, to);
    }
    settled.add(item);
  }
  return moves;
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
    if (before.length === after.length) {
      // Items moved are moved (one edit each), then every item is compared with the one now at its place.
      let moved: unknown[] = before;
      const edits: Edit[] = [];
      for (const { from, to } of movesBetween(before, after)) {
        edits.push({ op: 'move', path, from, to, item: moved[from] });
        moved = moveItem(moved, from, to);
      }
      return [...edits, ...moved.flatMap((item, i) => diffValues(item, after[i], [...path, i]))];
    }
    // The items alike at both ends stay; the ones between are edited in place when as many, else spliced.
    let start = 0;
    while (start < before.length && start < after.length && sameValue(before[start], after[start])) start++;
    let end = 0;
    while (end < before.length - start && end < after.length - start && sameValue(before[before.length - 1 - end], after[after.length - 1 - end])) end++;
    return [{ op: 'splice', path, start, removed: before.slice(start, before.length - end), added: after.slice(start, after.length - end) }];
  }
  return [{ op: 'set', path, before, after }];
}

const valueIn = (root: unknown, path: KeyPath): unknown =>
  path.reduce<unknown>((v, part) => (Array.isArray(v) && typeof part === 'number' ? v[part] : isRecord(v) ? v[String(part)] : undefined), root);

/** `value` with one edit made (a copy: `value` stays as it is). */
function applyEdit(value: unknown, edit: Edit): unknown {
  const copy = value === undefined ? value : (JSON.parse(JSON.stringify(value)) as unknown);
  const wrap = (target: unknown): unknown => {
    if (edit.path.length === 0) return target;
    const parent = valueIn(copy, edit.path.slice(0, -1));
    const last = edit.path[edit.path.length - 1]!;
    if (Array.isArray(parent) && typeof last === 'number') parent[last] = target;
    else if (isRecord(parent)) {
      if (target === undefined) delete parent[String(last)];
      else parent[String(last)] = target;
    }
    return copy;
  };
  if (edit.op === 'set') return wrap(edit.after);
  if (edit.op === 'remove') return wrap(undefined);
  const list = valueIn(copy, edit.path);
  if (!Array.isArray(list)) return copy;
  const next = edit.op === 'move' ? moveItem(list, edit.from, edit.to) : [...list];
  if (edit.op === 'splice') next.splice(edit.start, edit.removed.length, ...edit.added);
  return wrap(next);
}

/** `value` with the edits made, in their order. */
export const applyEdits = (value: unknown, edits: readonly Edit[]): unknown => edits.reduce(applyEdit, value);

const startsWith = (path: KeyPath, prefix: KeyPath) => prefix.length <= path.length && prefix.every((key, i) => path[i] === key);

/**
 * Where each of `paths` (key paths of `before`: the values a file works out in its code, say) is
 * in `after`, followed through the edits between them (diffValues): an item moved in a list
 * takes its paths with it, the items after a splice shift by it (an item spliced out and back in
 * unchanged, or by its identity, is found where it went), and a value written anew, or removed,
 * is no longer at any path (left out).
 */
export function pathsAfter(before: unknown, after: unknown, paths: readonly KeyPath[]): KeyPath[] {
  if (paths.length === 0) return [];
  const edits = diffValues(before, after);
  return paths.flatMap((start) => {
    let path: KeyPath | undefined = [...start];
    for (const edit of edits) {
      if (!path) break;
      const at = edit.path.length;
      if (edit.op === 'set' || edit.op === 'remove') {
        if (startsWith(path, edit.path)) path = undefined;
        continue;
      }
      const index = path[at];
      if (!startsWith(path, edit.path) || path.length <= at || typeof index !== 'number') continue;
      const moved = (to: number) => [...path!.slice(0, at), to, ...path!.slice(at + 1)];
      if (edit.op === 'move') {
        const { from, to } = edit;
        if (index === from) path = moved(to);
        else if (from < to && index > from && index <= to) path = moved(index - 1);
        else if (from > to && index >= to && index < from) path = moved(index + 1);
        continue;
      }
      const { start: first, removed, added } = edit;
      if (index < first) continue;
      if (index >= first + removed.length) {
        path = moved(index - removed.length + added.length);
        continue;
      }
      const item = removed[index - first];
      const same = added.findIndex((other) => sameValue(other, item));
      const found = same >= 0 ? same : added.findIndex((other) => identityOf(other) !== undefined && identityOf(other) === identityOf(item));
      path = found >= 0 ? moved(first + found) : undefined;
    }
    return path ? [path] : [];
  });
}
