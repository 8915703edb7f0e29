/**
 * Writes the editor's edits into config files the way a person would: magicast parses the file
 * (babel's parser, TypeScript included), and only the text of the edited values, keys and list
 * items is replaced at their places in the file; every other character (comments, imports,
 * formatting, quotes) stays as it was, so `git diff` shows only the edit. (magicast's own printer,
 * recast, re-lays out a whole list when an item is added to it.)
 *
 * A value worked out in code (a name defined above the export, an import, a template with
 * ${…}) is not a text the editor can change: such an edit is refused with a sentence.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseModule } from 'magicast';
import { formatPath } from '../../config/schema';
import type { Edit, KeyPath } from '../../shared/contentDiff';

type AstNode = { type: string; [key: string]: unknown };
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

/** The AST node of a key (or list item) inside an object or list node, unwrapped. */
function childNode(container: AstNode | undefined, part: string | number): AstNode | undefined {
  const node = unwrap(container);
  if (!node) return undefined;
  if (node.type === 'ArrayExpression' && typeof part === 'number') return unwrap((node.elements as AstNode[])[part]);
  if (node.type === 'ObjectExpression') {
    const property = (node.properties as AstNode[]).find((p) => (p.type === 'ObjectProperty' || p.type === 'Property') && keyName(p) === String(part));
    return property ? unwrap(property.value as AstNode) : undefined;
  }
  return undefined;
}

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
      return (node.properties as AstNode[]).every((p) => (p.type === 'ObjectProperty' || p.type === 'Property') && keyName(p) !== undefined && isPlainData(unwrap(p.value as AstNode)));
    default:
      return false;
  }
}

/** A value written as a person would in these files: single quotes, bare keys, short objects on one line. */
export function printValue(value: unknown, indent: string): string {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}'`;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value.map((item) => printValue(item, inner));
    const flat = `[${items.join(', ')}]`;
    return flat.length <= 100 && !flat.includes('\n') ? flat : `[\n${items.map((item) => `${inner}${item},`).join('\n')}\n${indent}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).map(([k, v]) => `${printKey(k)}: ${printValue(v, inner)}`);
    if (entries.length === 0) return '{}';
    const flat = `{ ${entries.join(', ')} }`;
    return flat.length <= 100 && !flat.includes('\n') ? flat : `{\n${entries.map((entry) => `${inner}${entry},`).join('\n')}\n${indent}}`;
  }
  throw new Error(`A ${typeof value} cannot be written into a config file`);
}
const printKey = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : printValue(key, ''));

interface TextEdit {
  start: number;
  end: number;
  text: string;
}

const pos = (node: AstNode) => ({ start: node.start as number, end: node.end as number });
/** The indentation of the line a position is on. */
const indentAt = (source: string, at: number) => /^[ \t]*/.exec(source.slice(source.lastIndexOf('\n', at - 1) + 1))![0];
/** Whether a container's items are written one per line (its closing bracket on a line of its own). */
const multiLine = (source: string, container: AstNode, items: AstNode[]) => items.length > 0 && source.slice(pos(items[items.length - 1]!).end, pos(container).end).includes('\n');

/** Text edits inserting entries (already printed) after item `after` (-1: at the start) of a container. */
function insertEntries(source: string, container: AstNode, items: AstNode[], after: number, entries: string[]): TextEdit {
  const { start, end } = pos(container);
  if (items.length === 0) {
    const [open, close] = source[start] === '[' ? ['[', ']'] : ['{ ', ' }'];
    return { start, end, text: `${open}${entries.join(', ')}${close}` };
  }
  if (multiLine(source, container, items)) {
    const indent = indentAt(source, pos(items[0]!).start);
    if (after < 0) return { start: pos(items[0]!).start, end: pos(items[0]!).start, text: `${entries.map((e) => `${e},\n${indent}`).join('')}` };
    const at = pos(items[after]!).end;
    return { start: at, end: at, text: entries.map((e) => `,\n${indent}${e}`).join('') };
  }
  if (after < 0) return { start: pos(items[0]!).start, end: pos(items[0]!).start, text: entries.map((e) => `${e}, `).join('') };
  const at = pos(items[after]!).end;
  return { start: at, end: at, text: entries.map((e) => `, ${e}`).join('') };
}

/** The text edit removing items [from, from + count) of a container, with their separators (and comments between them). */
function removeItems(items: AstNode[], from: number, count: number): TextEdit {
  const last = from + count - 1;
  if (last < items.length - 1) return { start: pos(items[from]!).start, end: pos(items[last + 1]!).start, text: '' };
  if (from > 0) return { start: pos(items[from - 1]!).end, end: pos(items[last]!).end, text: '' };
  return { start: pos(items[from]!).start, end: pos(items[last]!).end, text: '' };
}

function textEditFor(file: string, source: string, root: AstNode, edit: Edit): TextEdit[] {
  const refuse = (at: KeyPath): never => {
    throw new UnwritableEdit(file, at, `${file}: ${formatPath(at)} is worked out in the file's code (not written as text there): a developer's change. Ask a developer, or change it in the file itself.`);
  };
  const target = edit.path;
  const containerPath = edit.op === 'splice' ? target : target.slice(0, -1);
  let node: AstNode | undefined = root;
  containerPath.forEach((part, i) => {
    node = childNode(node, part);
    if (!node || (node.type !== 'ObjectExpression' && node.type !== 'ArrayExpression')) refuse(containerPath.slice(0, i + 1));
  });
  const container = node as unknown as AstNode;
  const isList = container.type === 'ArrayExpression';
  const items = (isList ? container.elements : container.properties) as AstNode[];
  const itemIndent = items.length > 0 && multiLine(source, container, items) ? indentAt(source, pos(items[0]!).start) : indentAt(source, pos(container).start);

  if (edit.op === 'splice') {
    for (let i = edit.start; i < edit.start + edit.removed.length; i++) if (!isPlainData(unwrap(items[i]))) refuse([...target, i]);
    const out: TextEdit[] = [];
    const added = edit.added.map((value) => printValue(value, itemIndent));
    if (edit.removed.length > 0 && added.length > 0 && edit.removed.length === added.length) {
      return edit.added.map((value, i) => ({ ...pos(items[edit.start + i]!), text: printValue(value, itemIndent) }));
    }
    if (edit.removed.length > 0) out.push(removeItems(items, edit.start, edit.removed.length));
    if (added.length > 0) {
      const remaining = items.filter((_item, i) => i < edit.start || i >= edit.start + edit.removed.length);
      // Inserted after the item before the splice (or before the first item left).
      out.push(edit.start > 0 ? insertEntries(source, container, items, edit.start - 1, added) : remaining.length > 0 ? insertEntries(source, container, items, -1, added) : insertEntries(source, container, [], -1, added));
    }
    return out;
  }
  const key = String(target[target.length - 1]);
  const index = items.findIndex((p) => (p.type === 'ObjectProperty' || p.type === 'Property') && keyName(p) === key);
  const property = items[index];
  if (property && !isPlainData(unwrap(property.value as AstNode))) refuse(target);
  if (edit.op === 'remove') return property ? [removeItems(items, index, 1)] : [];
  if (property) return [{ ...pos(unwrap(property.value as AstNode)!), text: printValue(edit.after, indentAt(source, pos(property).start)) }];
  return [insertEntries(source, container, items, items.length - 1, [`${printKey(key)}: ${printValue(edit.after, itemIndent)}`])];
}

/** The file's new text with the edits written in: every other character stays as it was. */
export function editSource(file: string, source: string, edits: readonly Edit[]): string {
  const root = unwrap((parseModule(source).exports.default as Proxy).$ast);
  if (!root || root.type !== 'ObjectExpression') throw new UnwritableEdit(file, [], `${file}: (the whole file) is not written as { … } after "export default": a developer's change.`);
  const textEdits = edits.flatMap((edit) => textEditFor(file, source, root, edit)).sort((a, b) => b.start - a.start || b.end - a.end);
  let text = source;
  for (const { start, end, text: replacement } of textEdits) text = text.slice(0, start) + replacement + text.slice(end);
  return text;
}

/** Writes each file's edits into it (in siteDir); resolves with the texts as they were before, to put back on failure. */
export async function writeEdits(siteDir: string, files: readonly { file: string; edits: readonly Edit[] }[]): Promise<Map<string, string>> {
  const texts = new Map<string, { before: string; after: string }>();
  // Every file is edited in memory first: a refused edit leaves every file as it was.
  for (const { file, edits } of files) {
    const before = await readFile(path.join(siteDir, file), 'utf8');
    texts.set(file, { before, after: editSource(file, before, edits) });
  }
  for (const [file, { after }] of texts) await writeFile(path.join(siteDir, file), after);
  return new Map([...texts].map(([file, { before }]) => [file, before]));
}

/** Puts the files back as they were. */
export async function putBack(siteDir: string, before: ReadonlyMap<string, string>): Promise<void> {
  for (const [file, text] of before) await writeFile(path.join(siteDir, file), text);
}
