/**
 * Writes the editor's edits into config files the way a person would: magicast parses the file
 * (babel's parser, TypeScript included), and only the text of the edited values, keys and list
 * items is replaced at their places in the file; every other character (comments, imports,
 * formatting, quotes) stays as it was, so `git diff` shows only the edit. (magicast's own printer,
 * recast, re-lays out a whole list when an item is added to it.)
 *
 * A list or group of keys whose items change in number is written anew from its parts: the text
 * after its opening bracket, one unit per item (the comment lines above the item, the item, its
 * comma and a comment after it on its line), and the text before its closing bracket. Items kept
 * keep their units; items taken out take theirs; new items get their neighbours' layout; each
 * comma is put back where the list's own style wants one. So a list of any length can become one
 * of any other length (none included) and the file still reads back as sent.
 *
 * A value worked out in code (a name defined above the export, an import, a template with
 * ${…}) is not a text the editor can change: such an edit is refused with a sentence.
 *
 * magicast is loaded at the first read or write of a file's source (loadSourceParser), not when
 * the server starts: a quarter of a second of a start's CPU, for what only the editor's opening,
 * a publish and a restore use.
 */
import type { parseModule as ParseModule } from 'magicast';
import { formatPath } from '../../schema/schema';
import type { MovedConfig } from '../../site/model/movedSchema';
import { moveItem, sameValue, type Edit, type KeyPath } from '../model/contentDiff';
import { sharedMessages } from '../../site/forms/model/registry';
import { translatedFileOf } from '../../site/model/translation';
import { MOVED_FILE } from '../model/contentSchemas';

type AstNode = { type: string; [key: string]: unknown };

/** magicast's parser, once loaded (a pure memo of the package's function: loadSourceParser). */
let parseModule: typeof ParseModule | undefined;

/** Loads magicast's parser, which editSource and codePathsOf read a file's source with: await it before calling them. */
export async function loadSourceParser(): Promise<void> {
  parseModule ??= (await import('magicast')).parseModule;
}

/** The default export's tree of a config file's source. */
function defaultExportOf(source: string): AstNode | undefined {
  if (!parseModule) throw new Error('The source parser is not loaded: await loadSourceParser() first');
  return (parseModule(source).exports.default as Proxy).$ast;
}
type Proxy = { $ast?: AstNode };

/** Thrown with a sentence for the editor when an edit cannot be written as a person would. */
export class UnwritableEdit extends Error {
  constructor(
    readonly file: string,
    readonly path: KeyPath,
    message: string,
  ) {
    super(message);
  }
}

const unwrap = (node: AstNode | undefined): AstNode | undefined => {
  let at = node;
  while (at && (at.type === 'TSSatisfiesExpression' || at.type === 'TSAsExpression' || at.type === 'ParenthesizedExpression')) at = at.expression as AstNode;
  return at;
};

const keyName = (property: AstNode): string | undefined => {
  const key = property.key as AstNode | undefined;
  if (!key) return undefined;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'StringLiteral' || key.type === 'Literal') return String(key.value);
  return undefined;
};

/** Written as plain data a person can read and change (texts, numbers, yes/no, lists and objects of them). */
function isPlainData(node: AstNode | undefined): boolean {
  if (!node) return true;
  switch (node.type) {
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'BooleanLiteral':
    case 'NullLiteral':
    case 'Literal':
      return true;
    case 'TemplateLiteral':
      return (node.expressions as unknown[]).length === 0;
    case 'UnaryExpression':
      return node.operator === '-' && isPlainData(node.argument as AstNode);
    case 'ArrayExpression':
      return (node.elements as AstNode[]).every((e) => isPlainData(unwrap(e)));
    case 'ObjectExpression':
      return (node.properties as AstNode[]).every(
        (p) => (p.type === 'ObjectProperty' || p.type === 'Property') && keyName(p) !== undefined && isPlainData(unwrap(p.value as AstNode)),
      );
    default:
      return false;
  }
}

/** Characters a config file's quoted text writes as an escape: the quote, the backslash, line ends, other controls, lone surrogates. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
const ESCAPED = /[\\'\u0000-\u001f\u007f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const SHORT_ESCAPES: Record<string, string> = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A text in single quotes, as a person writes it; anything that could not be read back as it is, escaped. */
function printString(value: string): string {
  return `'${value.replace(ESCAPED, (c) => SHORT_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`;
}

/** A value written as a person would in these files: single quotes, bare keys, short objects on one line. */
function printValue(value: unknown, indent: string): string {
  if (typeof value === 'string') return printString(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`The number ${value} cannot be written into a config file`);
    return Object.is(value, -0) ? '0' : JSON.stringify(value);
  }
  if (typeof value === 'boolean' || value === null) return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value.map((item) => printValue(item, inner));
    const flat = `[${items.join(', ')}]`;
    return flat.length <= 100 && !flat.includes('\n') ? flat : `[\n${items.map((item) => `${inner}${item},`).join('\n')}\n${indent}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${printKey(k)}: ${printValue(v, inner)}`);
    if (entries.length === 0) return '{}';
    const flat = `{ ${entries.join(', ')} }`;
    return flat.length <= 100 && !flat.includes('\n') ? flat : `{\n${entries.map((entry) => `${inner}${entry},`).join('\n')}\n${indent}}`;
  }
  throw new Error(`A ${typeof value} cannot be written into a config file`);
}
const printKey = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : printString(key));

const pos = (node: AstNode) => ({ start: node.start as number, end: node.end as number });
/** The indentation of the line a position is on. */
const indentAt = (source: string, at: number) => /^[ \t]*/.exec(source.slice(source.lastIndexOf('\n', at - 1) + 1))![0];
const isProperty = (node: AstNode | null | undefined): node is AstNode =>
  !!node && (node.type === 'ObjectProperty' || node.type === 'Property') && !node.computed && keyName(node) !== undefined;

/**
 * The text between a container's items (or before the first, after the last): whitespace,
 * comments and commas only. Where its commas and line ends are, outside comments, and whether
 * it holds a comment.
 */
function scanGap(text: string): { commas: number[]; newlines: number[]; comment: boolean } {
  const commas: number[] = [];
  const newlines: number[] = [];
  let comment = false;
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith('//', i)) {
      comment = true;
      const end = text.indexOf('\n', i);
      i = (end < 0 ? text.length : end) - 1;
    } else if (text.startsWith('/*', i)) {
      comment = true;
      const end = text.indexOf('*/', i + 2);
      i = (end < 0 ? text.length : end + 2) - 1;
    } else if (text[i] === ',') commas.push(i);
    else if (text[i] === '\n') newlines.push(i);
  }
  return { commas, newlines, comment };
}

/**
 * One item of a list (or key of an object) with the text that goes with it: the comment lines
 * above it and its indentation (`leader`), the item itself (`body`), and what follows it on its
 * line: its comma and a comment after it (`before` the comma, `after` it). An item removed takes
 * its own comments with it; the comments around the others stay where they are.
 */
interface Unit {
  leader: string;
  body: string;
  before: string;
  comma: boolean;
  after: string;
}

const blank = (text: string) => /^[ \t]*$/.test(text);

/** What follows an item: up to the end of its line after its comma (or just its comma, on one line). */
function splitAfter(gap: string, last: boolean): { trailer: string; rest: string } {
  const { commas, newlines } = scanGap(gap);
  const comma = commas[0];
  if (comma === undefined && !last) throw new Error('Two items without a comma between them');
  const from = comma ?? -1;
  const newline = newlines.find((n) => n > from);
  if (newline !== undefined) return { trailer: gap.slice(0, newline + 1), rest: gap.slice(newline + 1) };
  return comma === undefined ? { trailer: '', rest: gap } : { trailer: gap.slice(0, comma + 1), rest: gap.slice(comma + 1) };
}

function unitOf(leader: string, body: string, trailer: string): Unit {
  const comma = scanGap(trailer).commas[0];
  return comma === undefined
    ? { leader, body, before: '', comma: false, after: trailer }
    : { leader, body, before: trailer.slice(0, comma), comma: true, after: trailer.slice(comma + 1) };
}

/** A path as a map key. */
const keyOf = (path: readonly (string | number)[]) => JSON.stringify(path);

/** What happens to one list or object as a whole: items spliced or moved, keys added or removed. */
interface ContainerPlan {
  splice?: { start: number; removed: unknown[]; added: unknown[] };
  /** The list's items moved, in order (each from and to its place as the moves before it left them). */
  moves?: Array<{ from: number; to: number }>;
  adds: [string, unknown][];
  removes: Set<string>;
}

type Alignment = { keep: number } | { rewrite: number; value: unknown } | { drop: number } | { add: unknown };

/**
 * How the items taken out of a list become the items put in: those alike are kept (with their
 * comments), in their longest common order; between them, old items are written anew in place
 * by new ones, one for one, and the rest taken out or added after them.
 */
function alignItems(removed: readonly unknown[], added: readonly unknown[]): Alignment[] {
  const n = removed.length;
  const m = added.length;
  // The editor's lists hold tens of items: a table of their common lengths is small (past this size, nothing is matched).
  const match = n * m <= 250_000;
  const common = match ? Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0)) : [];
  if (match) {
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        common[i]![j] = sameValue(removed[i], added[j]) ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  }
  const steps: Alignment[] = [];
  let dropped: number[] = [];
  let fresh: unknown[] = [];
  const flush = () => {
    const paired = Math.min(dropped.length, fresh.length);
    for (let k = 0; k < paired; k++) steps.push({ rewrite: dropped[k]!, value: fresh[k] });
    for (const i of dropped.slice(paired)) steps.push({ drop: i });
    for (const value of fresh.slice(paired)) steps.push({ add: value });
    dropped = [];
    fresh = [];
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (match && i < n && j < m && sameValue(removed[i], added[j]) && common[i]![j] === common[i + 1]![j + 1]! + 1) {
      flush();
      steps.push({ keep: i++ });
      j++;
    } else if (j < m && (i >= n || !match || common[i]![j + 1]! >= common[i + 1]![j]!)) fresh.push(added[j++]);
    else dropped.push(i++);
  }
  flush();
  return steps;
}

/** The file's new text with the edits written in: every other character stays as it was. */
export function editSource(file: string, source: string, edits: readonly Edit[]): string {
  const root = unwrap(defaultExportOf(source));
  if (!root || root.type !== 'ObjectExpression')
    throw new UnwritableEdit(file, [], `${file}: (the whole file) is not written as { … } after "export default": a developer's change.`);
  const writing: Writing = { file, source, ...planEdits(file, edits) };
  return source.slice(0, pos(root).start) + render(writing, root, []) + source.slice(pos(root).end);
}

/**
 * A pure memo, left at module level on purpose: the key paths a file's source works out are a
 * function of that source alone (the key), never changed once found; at most 200 sources kept.
 */
const codePathsCache = new Map<string, KeyPath[]>();

/**
 * The key paths of a file's values that it works out in its code (a name defined above the export,
 * an import, a template with a value in it, a spread): no edit of them is written (refuse, below),
 * so the editor shows their boxes read-only and its search leaves them out. A file not written as
 * { … } after "export default", or that cannot be read, names none (its edits are refused whole).
 */
export function codePathsOf(source: string): KeyPath[] {
  const cached = codePathsCache.get(source);
  if (cached) return cached;
  const found: KeyPath[] = [];
  const walk = (node: AstNode | undefined, at: KeyPath): void => {
    const inner = unwrap(node);
    if (!inner) return;
    if (inner.type === 'ObjectExpression') {
      const properties = inner.properties as AstNode[];
      if (properties.some((p) => (p.type !== 'ObjectProperty' && p.type !== 'Property') || keyName(p) === undefined)) found.push(at);
      else for (const p of properties) walk(p.value as AstNode, [...at, keyName(p)!]);
    } else if (inner.type === 'ArrayExpression') {
      const elements = inner.elements as (AstNode | null)[];
      if (elements.some((e) => !e || e.type === 'SpreadElement')) found.push(at);
      else elements.forEach((e, i) => walk(e!, [...at, i]));
    } else if (!isPlainData(inner)) found.push(at);
  };
  try {
    const root = unwrap(defaultExportOf(source));
    if (root?.type === 'ObjectExpression') walk(root, []);
  } catch {
    // Not readable as a module: nothing named here (its publish says why).
  }
  if (codePathsCache.size > 200) codePathsCache.clear();
  codePathsCache.set(source, found);
  return found;
}

/** One file being written: its text, and where each edit applies (planEdits). */
interface Writing {
  readonly file: string;
  readonly source: string;
  /** The values written anew, by path (keyOf). */
  readonly replaced: ReadonlyMap<string, unknown>;
  /** The lists and objects changing their items, by path. */
  readonly plans: ReadonlyMap<string, ContainerPlan>;
  /** Every path at or above an edit (the containers to walk into). */
  readonly touched: ReadonlySet<string>;
}

/** A value the file works out in its code: no edit of it is written. */
function refuse(file: string, at: KeyPath): never {
  throw new UnwritableEdit(
    file,
    at,
    `${file}: ${formatPath(at)} is worked out in the file's code (not written as text there): a developer's change. Ask a developer, or change it in the file itself.`,
  );
}

/** Where each edit applies: a value written anew, or a list or object changing its items. */
function planEdits(file: string, edits: readonly Edit[]): Pick<Writing, 'replaced' | 'plans' | 'touched'> {
  const replaced = new Map<string, unknown>();
  const plans = new Map<string, ContainerPlan>();
  const touched = new Set<string>();
  const touch = (path: KeyPath) => {
    for (let i = 0; i <= path.length; i++) touched.add(keyOf(path.slice(0, i)));
  };
  const planOf = (path: KeyPath) => {
    let plan = plans.get(keyOf(path));
    if (!plan) plans.set(keyOf(path), (plan = { adds: [], removes: new Set() }));
    return plan;
  };
  /** A path of an edit (a list's items at their places once moved) as a path in the file's text (each item where it is written). */
  const inSource = (path: KeyPath): KeyPath => {
    const out: KeyPath = [];
    for (const part of path) {
      let index = part;
      const moves = typeof part === 'number' ? plans.get(keyOf(out))?.moves : undefined;
      for (const { from, to } of [...(moves ?? [])].reverse()) {
        const i = index as number;
        index = i === to ? from : from < to && i >= from && i < to ? i + 1 : from > to && i > to && i <= from ? i - 1 : i;
      }
      out.push(index);
    }
    return out;
  };
  for (const written of edits) {
    const edit = { ...written, path: inSource(written.path) };
    if (edit.path.length === 0 && edit.op !== 'splice' && edit.op !== 'move') refuse(file, []);
    const parent = edit.path.slice(0, -1);
    const last = edit.path[edit.path.length - 1];
    if (edit.op === 'splice' || edit.op === 'move') {
      touch(edit.path);
      const plan = planOf(edit.path);
      // A list's items moved and spliced in one change: never made by diffValues, not written.
      if (edit.op === 'splice' ? plan.moves : plan.splice) refuse(file, edit.path);
      if (edit.op === 'splice') plan.splice = { start: edit.start, removed: edit.removed, added: edit.added };
      else (plan.moves ??= []).push({ from: edit.from, to: edit.to });
    } else if (edit.op === 'remove') {
      touch(parent);
      planOf(parent).removes.add(String(last));
    } else if (typeof last === 'string' && edit.before === undefined) {
      touch(parent);
      planOf(parent).adds.push([last, edit.after]);
    } else {
      touch(edit.path);
      replaced.set(keyOf(edit.path), edit.after);
    }
  }
  return { replaced, plans, touched };
}

/** The new text of a node (with what wraps it: `as const`, `satisfies`, parentheses). */
function render(w: Writing, node: AstNode, path: KeyPath): string {
  const { source } = w;
  const inner = unwrap(node)!;
  const wrapped = (text: string) => source.slice(pos(node).start, pos(inner).start) + text + source.slice(pos(inner).end, pos(node).end);
  const key = keyOf(path);
  if (w.replaced.has(key)) {
    if (!isPlainData(inner)) refuse(w.file, path);
    return wrapped(printValue(w.replaced.get(key), indentAt(source, pos(inner).start)));
  }
  if (!w.touched.has(key)) return source.slice(pos(node).start, pos(node).end);
  if (inner.type !== 'ObjectExpression' && inner.type !== 'ArrayExpression') refuse(w.file, path);
  return wrapped(renderContainer(w, inner, path));
}

/** A key with its value's new text. */
function renderProperty(w: Writing, property: AstNode, path: KeyPath): string {
  const value = property.value as AstNode;
  return (
    w.source.slice(pos(property).start, pos(value).start) + render(w, value, [...path, keyName(property)!]) + w.source.slice(pos(value).end, pos(property).end)
  );
}

/** The container with each item's new text at its place, everything between them as it was. */
function stitchInPlace(w: Writing, container: AstNode, items: (AstNode | null)[], bodyOf: (item: AstNode, i: number) => string): string {
  let text = '';
  let at = pos(container).start;
  items.forEach((item, i) => {
    if (!item) return;
    text += w.source.slice(at, pos(item).start) + bodyOf(item, i);
    at = pos(item).end;
  });
  return text + w.source.slice(at, pos(container).end);
}

/** What becomes of each item: kept (its text, with the edits inside it), written anew at its place, or taken out; and what is added where. */
type Step = { keep: number } | { rewrite: number; text: string } | { drop: number } | { add: (indent: string) => string };

/** The new text of a list or object an edit goes into. */
function renderContainer(w: Writing, container: AstNode, path: KeyPath): string {
  const { source } = w;
  const isList = container.type === 'ArrayExpression';
  const entries = (isList ? container.elements : container.properties) as (AstNode | null)[];
  const plan = w.plans.get(keyOf(path));
  const { start: open, end } = pos(container);
  const close = end - 1;
  // A list or object written with code in it (a spread, a hole, a computed key) is not changed as a whole.
  const plainShape = entries.every((e) => (isList ? !!e && e.type !== 'SpreadElement' : isProperty(e)));
  if (plan && !plainShape) refuse(w.file, path);
  const names = isList ? [] : entries.map((p) => (isProperty(p) ? keyName(p)! : undefined));
  // Every child an edit goes into must be written in the file (not brought in by a spread).
  for (const key of w.touched) {
    const child = JSON.parse(key) as KeyPath;
    if (child.length !== path.length + 1 || keyOf(child.slice(0, -1)) !== keyOf(path)) continue;
    const part = child[child.length - 1]!;
    if (isList ? !plainShape || typeof part !== 'number' || part >= entries.length : !names.includes(String(part))) refuse(w.file, child);
  }
  if (!plainShape)
    return stitchInPlace(w, container, entries, (entry) =>
      isProperty(entry) ? renderProperty(w, entry, path) : source.slice(pos(entry).start, pos(entry).end),
    );
  const items = entries as AstNode[];
  const itemIndent =
    items.length > 0 && source.slice(pos(items[items.length - 1]!).end, close).includes('\n') ? indentAt(source, pos(items[0]!).start) : indentAt(source, open);
  const steps = isList ? listSteps(w, items, path, plan, itemIndent) : objectSteps(w, items, path, plan);
  const bodies = new Map<number, string>();
  for (const step of steps) {
    if ('keep' in step) bodies.set(step.keep, isList ? render(w, items[step.keep]!, [...path, step.keep]) : renderProperty(w, items[step.keep]!, path));
    else if ('rewrite' in step) bodies.set(step.rewrite, step.text);
  }
  const inPlace = steps.every((step, i) => !('drop' in step) && !('add' in step) && ('keep' in step ? step.keep : step.rewrite) === i);
  if (inPlace) return stitchInPlace(w, container, items, (_item, i) => bodies.get(i)!);
  if (items.length === 0)
    return fillEmpty(
      w,
      container,
      steps.flatMap((step) => ('add' in step ? [step.add] : [])),
    );
  return restitch(w, container, items, steps, bodies, itemIndent);
}

/** A value taken out or written anew must be plain data in the file (not worked out in code). */
function mustBePlain(w: Writing, node: AstNode | undefined, at: KeyPath) {
  if (!isPlainData(unwrap(node))) refuse(w.file, at);
}

/** A list's items as its splice leaves them: those before and after it kept, those in it aligned (alignItems). */
function listSteps(w: Writing, items: readonly AstNode[], path: KeyPath, plan: ContainerPlan | undefined, itemIndent: string): Step[] {
  const steps: Step[] = [];
  // Items moved: each kept whole (its comments too), at its new place.
  if (plan?.moves)
    return plan.moves
      .reduce(
        (order, { from, to }) => moveItem(order, from, to),
        items.map((_, i) => i),
      )
      .map((i) => ({ keep: i }));
  const splice = plan?.splice ?? { start: items.length, removed: [], added: [] };
  for (let i = 0; i < splice.start; i++) steps.push({ keep: i });
  for (const step of alignItems(splice.removed, splice.added)) {
    if ('keep' in step) steps.push({ keep: splice.start + step.keep });
    else if ('rewrite' in step) {
      mustBePlain(w, items[splice.start + step.rewrite], [...path, splice.start + step.rewrite]);
      steps.push({ rewrite: splice.start + step.rewrite, text: printValue(step.value, itemIndent) });
    } else if ('drop' in step) {
      mustBePlain(w, items[splice.start + step.drop], [...path, splice.start + step.drop]);
      steps.push({ drop: splice.start + step.drop });
    } else {
      const value = step.add;
      steps.push({ add: (indent) => printValue(value, indent) });
    }
  }
  for (let i = splice.start + splice.removed.length; i < items.length; i++) steps.push({ keep: i });
  return steps;
}

/** An object's keys as its plan leaves them: removed, written anew in place, kept; the new ones after them. */
function objectSteps(w: Writing, items: readonly AstNode[], path: KeyPath, plan: ContainerPlan | undefined): Step[] {
  const { source } = w;
  const steps: Step[] = [];
  const names = items.map((p) => keyName(p)!);
  const adds = new Map(plan?.adds ?? []);
  items.forEach((item, i) => {
    const name = names[i]!;
    const value = unwrap(item.value as AstNode);
    if (plan?.removes.has(name)) {
      mustBePlain(w, value, [...path, name]);
      steps.push({ drop: i });
    } else if (adds.has(name)) {
      // A key added that the file already has (with no value the editor saw) is written anew in place.
      mustBePlain(w, value, [...path, name]);
      steps.push({
        rewrite: i,
        text:
          source.slice(pos(item).start, pos(value!).start) +
          printValue(adds.get(name), indentAt(source, pos(item).start)) +
          source.slice(pos(value!).end, pos(item).end),
      });
    } else steps.push({ keep: i });
  });
  for (const [name, value] of adds) if (!names.includes(name)) steps.push({ add: (indent) => `${printKey(name)}: ${printValue(value, indent)}` });
  return steps;
}

/** An empty list or object given its first items: on one line when short, else one item a line (after a comment it holds). */
function fillEmpty(w: Writing, container: AstNode, added: ReadonlyArray<(indent: string) => string>): string {
  const { source } = w;
  const { start: open, end } = pos(container);
  const close = end - 1;
  const innerText = source.slice(open + 1, close);
  const indent = indentAt(source, open);
  const lines = `${added.map((entry) => `${indent}  ${entry(`${indent}  `)},\n`).join('')}${indent}${source[close]}`;
  if (scanGap(innerText).comment) return `${source[open]}${innerText.trimEnd()}\n${lines}`;
  const flat = added.map((entry) => entry(indent)).join(', ');
  const oneLine = `${source[open]}${source[open] === '{' ? ` ${flat} ` : flat}${source[close]}`;
  return oneLine.length <= 100 && !oneLine.includes('\n') ? oneLine : `${source[open]}\n${lines}`;
}

/** A list or object whose items change in number, written anew from its parts: head, one unit per item, tail (see Unit). */
function restitch(
  w: Writing,
  container: AstNode,
  items: readonly AstNode[],
  steps: readonly Step[],
  bodies: ReadonlyMap<number, string>,
  itemIndent: string,
): string {
  const { source } = w;
  const { start: open, end } = pos(container);
  const close = end - 1;
  const leading = source.slice(open + 1, pos(items[0]!).start);
  const headBreak = scanGap(leading).newlines[0];
  const head = headBreak === undefined ? '' : leading.slice(0, headBreak + 1);
  let leader = headBreak === undefined ? leading : leading.slice(headBreak + 1);
  const units: Unit[] = [];
  let tail = '';
  items.forEach((item, i) => {
    const isLast = i === items.length - 1;
    const gap = source.slice(pos(item).end, isLast ? close : pos(items[i + 1]!).start);
    const { trailer, rest } = splitAfter(gap, isLast);
    units.push(unitOf(leader, bodies.get(i) ?? '', trailer));
    leader = rest;
    if (isLast) tail = rest;
  });
  const trailingComma = units[units.length - 1]!.comma;
  const multiLine = source.slice(pos(items[items.length - 1]!).end, close).includes('\n');
  const firstLeader = blank(units[0]!.leader) ? units[0]!.leader : '';
  const out = steps.flatMap((step): Unit[] => {
    if ('drop' in step) return [];
    if ('add' in step) return [{ leader: '', body: step.add(itemIndent), before: '', comma: false, after: multiLine ? '\n' : '' }];
    return [units['keep' in step ? step.keep : step.rewrite]!];
  });
  if (out.length === 0) return scanGap(head + tail).comment ? `${source[open]}${head}${tail}${source[close]}` : `${source[open]}${source[close]}`;
  let text = head;
  out.forEach((unit, i) => {
    const lead = blank(unit.leader) ? (text.endsWith('\n') ? itemIndent : i === 0 ? firstLeader : ' ') : unit.leader;
    const comma = i < out.length - 1 || trailingComma;
    text += `${lead}${unit.body}${unit.before}${comma ? ',' : ''}${unit.after}`;
  });
  return `${source[open]}${text}${tail}${source[close]}`;
}

/**
 * The folders whose files the editor may make and remove (a page, later an article), with the
 * type a new file is checked against. A new file is written as a person would write it.
 */
const FILE_FOLDERS: Readonly<Record<string, { type: string; from: string }>> = {
  'config/pages/': { type: 'PageConfig', from: '../../src/content/model/pageSchema' },
  'config/articles/': { type: 'ArticleConfig', from: '../../src/content/model/articleSchema' },
  'config/forms/': { type: 'FormConfig', from: '../../src/site/forms/model/formSchema' },
};

/** The list of the forms (config/forms/index.ts): a form made or removed in the editor is added to it or taken from it. */
export const FORMS_INDEX = 'config/forms/index.ts';
/** The answers our server gives that every form shares (config/forms/_messages.ts), imported by a new form's file when it has them as they are. */
const SHARED_MESSAGES = { name: 'messages', from: './_messages' };

/** The name a form's file is imported under in the list: its file name in camelCase ("free-website-audit" -> freeWebsiteAudit). */
const importNameOf = (id: string) => id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * config/forms/index.ts with the form `id` added (its import after the others, its name last in
 * the list) or taken out (`add` false), every other character as it was.
 */
export function formsIndexSource(source: string, id: string, add: boolean): string {
  const local = importNameOf(id);
  const entry = local === id ? id : `'${id}': ${local}`;
  const line = `import ${local} from './${id}';`;
  const list = /export default \{([^}]*)\}/.exec(source);
  if (!list) throw new UnwritableEdit(FORMS_INDEX, [], `${FORMS_INDEX} has no list of forms after export default.`);
  const names = list[1]!
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const kept = names.filter((name) => name !== entry);
  const listed = `export default { ${[...kept, ...(add ? [entry] : [])].join(', ')} }`;
  const withList = source.slice(0, list.index) + listed + source.slice(list.index + list[0].length);
  const lines = withList.split('\n').filter((l) => l !== line);
  if (add) {
    const last = lines.reduce((found, l, i) => (l.startsWith('import ') ? i : found), -1);
    lines.splice(last + 1, 0, line);
  }
  return lines.join('\n');
}

/** A file the editor may make: `config/<folder>/<name>.ts` of FILE_FOLDERS, its name lower case letters, digits and dashes; or a translation of config/site.ts or of one of them. */
export function isNewFileAllowed(file: string): boolean {
  const folder = Object.keys(FILE_FOLDERS).find((prefix) => file.startsWith(prefix));
  return (folder !== undefined && /^[a-z0-9][a-z0-9-]{0,62}\.ts$/.test(file.slice(folder.length))) || isTranslationFile(file);
}

/** A translation file (src/site/model/translation.ts) of config/site.ts, config/moved.ts (a removed page's words), a page, a form or an article, into a language written as a language code. */
function isTranslationFile(file: string): boolean {
  const target = translatedFileOf(file);
  return (
    target !== undefined &&
    /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,4}$/.test(target.code) &&
    (target.file === 'config/site.ts' || target.file === MOVED_FILE || (target.file !== FORMS_INDEX && isNewFileAllowed(target.file)))
  );
}

/**
 * A new translation file: its type's import (as many folders up as it is deep), and the value
 * after `export default`, one text a line (so the texts translated later are added a line each).
 */
function newTranslationSource(file: string, value: unknown): string {
  const up = '../'.repeat(file.split('/').length - 1);
  const { texts, ...rest } = (value ?? {}) as { texts?: Record<string, unknown> };
  const lines = [
    ...Object.entries(rest).map(([key, v]) => `  ${printKey(key)}: ${printValue(v, '  ')},`),
    '  texts: {',
    ...Object.entries(texts ?? {}).map(([key, v]) => `    ${printKey(key)}: ${printValue(v, '    ')},`),
    '  },',
  ];
  return `import type { TranslationFile } from '${up}src/site/model/translation';\n\nexport default {\n${lines.join('\n')}\n} satisfies TranslationFile;\n`;
}

/** The text of a new file holding `value`: its type's import, and the value after `export default`. */
export function newFileSource(file: string, value: unknown): string {
  if (isTranslationFile(file)) return newTranslationSource(file, value);
  const folder = Object.keys(FILE_FOLDERS).find((prefix) => file.startsWith(prefix));
  if (!folder) throw new UnwritableEdit(file, [], `${file} cannot be made from the editor.`);
  const { type, from } = FILE_FOLDERS[folder]!;
  // A form's server answers: the shared ones, by their import (as the seed's forms have them), when they are those.
  if (folder === 'config/forms/' && value !== null && typeof value === 'object' && 'messages' in value && sameValue(value.messages, sharedMessages)) {
    const { messages: _shared, ...rest } = value as Record<string, unknown>;
    const body = printValue(rest, '').replace(/\n\}$/, `\n  ${SHARED_MESSAGES.name},\n}`);
    return `import type { ${type} } from '${from}';\nimport ${SHARED_MESSAGES.name} from '${SHARED_MESSAGES.from}';\n\nexport default ${body} satisfies ${type};\n`;
  }
  return `import type { ${type} } from '${from}';\n\nexport default ${printValue(value, '')} satisfies ${type};\n`;
}

/** The whole text of config/moved.ts: written anew by each publish that changes it, never by hand. */
export function movedSource(value: MovedConfig): string {
  return [
    '/**',
    ' * Addresses that were pages of this site: written by each publish from the content editor',
    ' * (a page renamed leaves { from, to }: a permanent redirect; a page removed leaves its address',
    ' * in gone: 410 Gone). Do not edit: the next publish works it out again.',
    ' */',
    "import type { MovedConfig } from '../src/content/model/movedSchema';",
    '',
    `export default ${printValue(value, '')} satisfies MovedConfig;`,
    '',
  ].join('\n');
}
