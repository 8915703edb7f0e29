/**
 * A revision's changes in words, as the editor's screens name places ("Home › Hero › Heading:
 * 'Business Growth' → 'Grow your business online'"): the place by src/content/model/officeSentences.ts (the one
 * way a key path is said in words, the checker's sentences' too), the words around it from
 * config/admin.ts (content.history). Said in a revision's summary (and its commit), in its
 * before/after view, and in the sentences of an undo or a restore.
 */
import admin from '../../../config/admin';
import { placeOf, richTextPlace } from '../model/officeSentences';
import type { Edit, KeyPath } from '../model/contentDiff';
import { fill } from '../../schema/text';

const words = admin.content.history;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value in a sentence: texts quoted (long ones shortened), an item by its title or label. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return `'${value.length > 80 ? `${value.slice(0, 77)}…` : value}'`;
  if (isRecord(value)) {
    const name = ['title', 'heading', 'question', 'label', 'name', 'value', 'id', 'type'].map((k) => value[k]).find((v) => typeof v === 'string' && v !== '');
    return name === undefined ? words.anItem : describe(name);
  }
  if (Array.isArray(value)) return value.length === 1 ? words.oneItem : fill(words.manyItems, { count: value.length });
  return JSON.stringify(value) ?? words.nothing;
}

/** Where in a file (whose value is `value`) a key path is, as the screens name it: "Home › Hero › Heading", "Articles › <title> › Text of the article"; the file alone for no path. */
export function whereInWords(file: string, value: unknown, path: KeyPath = []): string {
  return placeOf(file, value, path).join(admin.content.placeJoint);
}

/** The words of rich text (an article's body): every text of its blocks, in order, one space between. */
function plainTextOf(value: unknown): string {
  const texts: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isRecord(v)) {
      for (const [key, child] of Object.entries(v)) {
        if (typeof child !== 'string') walk(child);
        else if (key === 'text') texts.push(child);
      }
    }
  };
  walk(value);
  return texts.join(' ').replace(/\s+/g, ' ').trim();
}

const valueAt = (value: unknown, path: KeyPath): unknown =>
  path.reduce<unknown>((v, part) => (Array.isArray(v) && typeof part === 'number' ? v[part] : isRecord(v) ? v[String(part)] : undefined), value);

/**
 * One change of a file as the screens count it (a line of the revision's summary, a before/after
 * view, what "Undo only this change" takes back): one edit, or the edits inside a rich-text box
 * (an article's body: its blocks are no boxes of their own), `box` then its place.
 */
export interface FileChange {
  edits: Edit[];
  box?: KeyPath;
}

/** A file's edits (its value `before` and `after` them) as its changes, in order. */
export function changesOfFile(file: string, before: unknown, after: unknown, edits: readonly Edit[]): FileChange[] {
  const out: FileChange[] = [];
  const boxes = new Map<string, FileChange>();
  for (const edit of edits) {
    const box = richTextPlace(file, before, edit.path) ?? richTextPlace(file, after, edit.path);
    if (box === undefined) out.push({ edits: [edit] });
    else {
      const key = JSON.stringify(box);
      const change = boxes.get(key);
      if (change) change.edits.push(edit);
      else {
        const made: FileChange = { edits: [edit], box: [...box] };
        boxes.set(key, made);
        out.push(made);
      }
    }
  }
  return out;
}

/** One change in words (a line of the summary). */
function changeInWords(file: string, before: unknown, after: unknown, change: FileChange): string {
  if (!change.box) return editInWords(file, before, change.edits[0]!);
  const [was, now] = describePair(plainTextOf(valueAt(before, change.box)), plainTextOf(valueAt(after, change.box)));
  return fill(words.changeSet, { where: whereInWords(file, before, change.box), before: was, after: now });
}

/** One change for the before/after view: a rich-text box changed shows its whole words on each side. */
export function changeView(file: string, before: unknown, after: unknown, change: FileChange): { where: string; before?: string; after?: string } {
  if (!change.box) return editView(file, before, change.edits[0]!);
  return { where: whereInWords(file, before, change.box), before: plainTextOf(valueAt(before, change.box)), after: plainTextOf(valueAt(after, change.box)) };
}

/** A file's edits (its value `before` and `after` them) in words: one line per change. */
export function editsInWords(file: string, before: unknown, after: unknown, edits: readonly Edit[]): string[] {
  return changesOfFile(file, before, after, edits).map((change) => changeInWords(file, before, after, change));
}

/** A file's edits for the before/after view, one per change. */
export function editsView(file: string, before: unknown, after: unknown, edits: readonly Edit[]): Array<{ where: string; before?: string; after?: string }> {
  return changesOfFile(file, before, after, edits).map((change) => changeView(file, before, after, change));
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

/** One edit of a file (whose value before it is `value`) in words. */
export function editInWords(file: string, value: unknown, edit: Edit): string {
  const where = whereInWords(file, value, edit.path);
  if (edit.op === 'set') {
    if (edit.before === undefined) return fill(words.changeFirstSet, { where, value: describe(edit.after) });
    const [before, after] = describePair(edit.before, edit.after);
    return fill(words.changeSet, { where, before, after });
  }
  if (edit.op === 'remove') return fill(words.changeRemoved, { where, value: describe(edit.before) });
  if (edit.op === 'move') return fill(words.changeMoved, { where, item: describe(edit.item), from: edit.from + 1, to: edit.to + 1 });
  const parts = [
    ...(edit.removed.length > 0 ? [fill(words.changeItemsRemoved, { items: edit.removed.map(describe).join(', ') })] : []),
    ...(edit.added.length > 0 ? [fill(words.changeItemsAdded, { items: edit.added.map(describe).join(', ') })] : []),
  ];
  return `${where}: ${parts.join('; ') || words.changeReordered}`;
}

/** A file made or removed, in words. */
export const fileInWords = (file: string, value: unknown, made: boolean) =>
  fill(made ? words.fileMade : words.fileRemoved, { where: whereInWords(file, value) });

/** A value whole, for the before/after view: a text as it is, an item by its name, a list of items each named. */
function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(describe).join(', ');
  return describe(value);
}

/** The edit for the before/after view: where, and the whole value on each side. */
function editView(file: string, value: unknown, edit: Edit): { where: string; before?: string; after?: string } {
  const where = whereInWords(file, value, edit.path);
  if (edit.op === 'set') return { where, ...(edit.before === undefined ? {} : { before: shown(edit.before) }), after: shown(edit.after) };
  if (edit.op === 'remove') return { where, before: shown(edit.before) };
  if (edit.op === 'move') {
    const item = describe(edit.item);
    return { where, before: fill(words.position, { item, n: edit.from + 1 }), after: fill(words.position, { item, n: edit.to + 1 }) };
  }
  return { where, ...(edit.removed.length > 0 ? { before: shown(edit.removed) } : {}), ...(edit.added.length > 0 ? { after: shown(edit.added) } : {}) };
}
