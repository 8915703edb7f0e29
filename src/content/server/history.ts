/**
 * Going back in the content's history as data, never as whole files:
 *
 * - undo (undoFile): one revision's change (or one of its changes) taken back alone. Its edits (the file at the revision
 *   before it → the file at it) are applied backwards onto the file as it is now, each at the place
 *   it is now (a list item found by its id or name, wherever later changes moved it): what later
 *   revisions changed elsewhere stays. Where the text an edit set is no longer there (a later
 *   change touched the same place), that place is a conflict and nothing is undone.
 * - restore (restoreFile): a file as it was at a revision, except what is no longer content: keys
 *   added since (a release that made a key required) keep their current values, and values now
 *   worked out in the file's code are left to the code (found when the file is written: publish.ts).
 */
import { applyEdits, diffValues, identityOf, mostlyAlike, sameValue, type Edit, type KeyPath } from '../model/contentDiff';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

export function valueAt(root: unknown, path: KeyPath): unknown {
  let at = root;
  for (const part of path) {
    if (Array.isArray(at) && typeof part === 'number') at = at[part];
    else if (isRecord(at) && typeof part === 'string') at = at[part];
    else return undefined;
  }
  return at;
}

/**
 * The place in `now` of a place in `then` (the same file at another time): list items are
 * followed by their identity when they have one, else by their position. undefined: it is gone.
 */
export function placeIn(then: unknown, now: unknown, path: KeyPath): KeyPath | undefined {
  const found: KeyPath = [];
  let a = then;
  let b = now;
  for (const part of path) {
    if (typeof part === 'number') {
      if (!Array.isArray(b)) return undefined;
      const item = Array.isArray(a) ? a[part] : undefined;
      const id = identityOf(item);
      const index = id === undefined ? part : b.findIndex((other) => identityOf(other) === id);
      if (index < 0 || index >= b.length) return undefined;
      found.push(index);
      a = item;
      b = b[index];
    } else {
      if (!isRecord(b)) return undefined;
      found.push(part);
      a = isRecord(a) ? a[part] : undefined;
      b = b[part];
    }
  }
  return found;
}

function setAt(root: unknown, path: KeyPath, value: unknown): void {
  const parent = valueAt(root, path.slice(0, -1));
  const last = path[path.length - 1]!;
  if (Array.isArray(parent) && typeof last === 'number') parent[last] = value;
  else if (isRecord(parent)) {
    if (value === undefined) delete parent[last as string];
    else parent[last as string] = value;
  }
}

/** Where `block` sits in `list` as a run of items, the nearest to `near`; -1 when it does not. */
function findRun(list: unknown[], block: unknown[], near: number): number {
  let best = -1;
  for (let i = 0; i + block.length <= list.length; i++) {
    if (block.every((item, k) => sameValue(list[i + k], item)) && (best < 0 || Math.abs(i - near) < Math.abs(best - near))) best = i;
  }
  return best;
}

/** One place where undoing is not possible: the edit's path, in the revision's own file. */
interface UndoConflict {
  path: KeyPath;
}

export interface UndoResult {
  /** The file's value with the revision's change taken back (undefined: the file goes; unchanged when nothing is to undo). */
  value: unknown;
  conflicts: UndoConflict[];
}

/** Where `item` is in `list` (the same, else edited since: of its identity, else mostly alike), the nearest to `near`; -1 when it is not. */
function findItem(list: readonly unknown[], item: unknown, near: number): number {
  const id = identityOf(item);
  for (const alike of [sameValue, (other: unknown) => id !== undefined && identityOf(other) === id, mostlyAlike]) {
    const found = list.flatMap((other, i) => (alike(other, item) ? [i] : []));
    if (found.length > 0) return found.reduce((best, i) => (Math.abs(i - near) < Math.abs(best - near) ? i : best));
  }
  return -1;
}

/**
 * A move taken back from the list `list` (in place): the item goes back after the item it
 * followed before the move (`then`: the list just before it), or before the one it preceded;
 * false when the item, or every item it stood beside, is gone.
 */
function undoMove(edit: Extract<Edit, { op: 'move' }>, then: readonly unknown[], list: unknown[]): boolean {
  const at = findItem(list, edit.item, edit.to);
  if (at < 0) return false;
  const [item] = list.splice(at, 1);
  const previous = edit.from > 0 ? findItem(list, then[edit.from - 1], edit.from - 1) : -1;
  const next = edit.from + 1 < then.length ? findItem(list, then[edit.from + 1], edit.from) : -1;
  const place = previous >= 0 ? previous + 1 : next >= 0 ? next : edit.from === 0 ? 0 : -1;
  if (place < 0) {
    list.splice(at, 0, item);
    return false;
  }
  list.splice(place, 0, item);
  return true;
}

/**
 * One edit taken back from `now` (in place); false when the place no longer holds what the edit
 * made. `after`/`before`: the file just after and just before the edit.
 */
function undoEdit(edit: Edit, after: unknown, before: unknown, now: unknown): boolean {
  const place = placeIn(after, now, edit.path);
  if (edit.op === 'move') {
    const list = place ? valueAt(now, place) : undefined;
    const then = valueAt(before, edit.path);
    return Array.isArray(list) && Array.isArray(then) && undoMove(edit, then, list);
  }
  if (edit.op === 'set' || edit.op === 'remove') {
    const made = edit.op === 'set' ? edit.after : undefined;
    const before = edit.before;
    // (A key's place is found while the object holding it is there, the key itself or not.)
    if (!place) return false;
    const current = valueAt(now, place);
    if (sameValue(current, before)) return true;
    if (!sameValue(current, made)) return false;
    setAt(now, place, clone(before));
    return true;
  }
  // A splice: the items it added go, the items it took out come back where they were (after the item before them).
  if (!place) return false;
  const list = valueAt(now, place);
  const then = valueAt(after, edit.path);
  if (!Array.isArray(list) || !Array.isArray(then)) return false;
  if (edit.added.length > 0) {
    const at = findRun(list, edit.added, edit.start);
    if (at < 0) return edit.removed.length > 0 && findRun(list, edit.removed, edit.start) >= 0;
    list.splice(at, edit.added.length, ...clone(edit.removed));
    return true;
  }
  if (edit.removed.length > 0 && findRun(list, edit.removed, edit.start) >= 0) return true;
  let at: number;
  if (edit.start === 0) at = 0;
  else {
    const previous = list.findIndex((item) => sameValue(item, then[edit.start - 1]));
    const next = edit.start < then.length ? list.findIndex((item) => sameValue(item, then[edit.start])) : list.length;
    at = previous >= 0 ? previous + 1 : next;
    if (at < 0) return false;
  }
  list.splice(at, 0, ...clone(edit.removed));
  return true;
}

/**
 * One file's change by a revision, taken back from the file as it is now. `before`/`after`: the
 * file at the revision before and at the revision (undefined: it did not exist); `now` likewise.
 * `only`: some of its edits (diffValues(before, after)'s, one change of several), the others stay.
 */
export function undoFile(before: unknown, after: unknown, now: unknown, only?: readonly Edit[]): UndoResult {
  if (sameValue(before, after)) return { value: now, conflicts: [] };
  // The revision made the file: it goes, unless it was changed since.
  if (before === undefined) return now === undefined || sameValue(now, after) ? { value: undefined, conflicts: [] } : { value: now, conflicts: [{ path: [] }] };
  // The revision removed the file: it comes back, unless another was made in its place.
  if (after === undefined)
    return now === undefined || sameValue(now, before) ? { value: clone(before), conflicts: [] } : { value: now, conflicts: [{ path: [] }] };
  if (now === undefined) return { value: now, conflicts: [{ path: [] }] };
  const value = clone(now);
  const conflicts: UndoConflict[] = [];
  // The file just before and just after each edit (they apply in their order: a move, then the edits at the items' new places).
  const all = diffValues(before, after);
  const states = all.map((_, i) => applyEdits(before, all.slice(0, i)));
  states.push(after);
  // From the last edit back, so the places of the earlier ones stay where they were.
  for (const edit of [...(only ?? all)].reverse()) {
    const i = all.findIndex((other) => sameValue(other, edit));
    if (!undoEdit(edit, i < 0 ? after : states[i + 1], i < 0 ? before : states[i], value)) conflicts.push({ path: edit.path });
  }
  return conflicts.length > 0 ? { value: now, conflicts } : { value, conflicts };
}

/** A place restore left as it is now, and why. */
export interface RestoreNote {
  path: KeyPath;
  reason: 'addedSince' | 'workedOutInCode';
}

/**
 * A file as it was (`then`), brought to the shape it has now (`now`): keys added since keep their
 * current values (in objects and in list items matched by identity or, lists of one length, by place).
 */
export function restoreFile(then: unknown, now: unknown, path: KeyPath = [], notes: RestoreNote[] = []): { value: unknown; notes: RestoreNote[] } {
  if (isRecord(then) && isRecord(now)) {
    const value: Record<string, unknown> = {};
    for (const [key, old] of Object.entries(then)) {
      if (old !== undefined) value[key] = key in now ? restoreFile(old, now[key], [...path, key], notes).value : clone(old);
    }
    for (const [key, current] of Object.entries(now)) {
      if (current !== undefined && !(key in value)) {
        value[key] = clone(current);
        notes.push({ path: [...path, key], reason: 'addedSince' });
      }
    }
    return { value, notes };
  }
  if (Array.isArray(then) && Array.isArray(now)) {
    const value = then.map((item, i) => {
      const id = identityOf(item);
      const counterpart = id !== undefined ? now.find((other) => identityOf(other) === id) : then.length === now.length ? now[i] : undefined;
      return counterpart === undefined ? clone(item) : restoreFile(item, counterpart, [...path, i], notes).value;
    });
    return { value, notes };
  }
  return { value: clone(then), notes };
}
