/**
 * What the content editor may not change: the data contract of the forms (where visitors'
 * answers are stored and under which keys, the checks' rules, the CV's storage path and file
 * types, the server's answers and how long leads are kept). Changing one is a developer's
 * change (the database, the Firebase rules and the exports depend on it). The editor's server
 * refuses such a change with contractSentence; the editor in the browser shows these keys
 * read-only with the same sentence.
 */
import { formatPath } from '../../schema/schema';

type Part = string | number;
/** A key path pattern: '*' stands for any list position. */
type Pattern = readonly (string | '*')[];

interface Rule {
  pattern: Pattern;
  /** Only the list itself: adding, removing or reordering its items (each item's other keys stay editable). */
  listOnly?: boolean;
  why: string;
}

const FORM_RULES: readonly Rule[] = [
  { pattern: ['collection'], why: "it names where the form's answers are stored" },
  { pattern: ['fields'], listOnly: true, why: 'a field added or removed changes what is stored' },
  { pattern: ['fields', '*', 'name'], why: 'it is the key each answer is stored under' },
  { pattern: ['fields', '*', 'kind'], why: 'the kind of a field decides what is stored and how it is checked' },
  { pattern: ['fields', '*', 'upload', 'pathPrefix'], why: 'it is the storage path of the uploaded files' },
  { pattern: ['fields', '*', 'upload', 'extensions'], why: 'it decides which files the server accepts' },
  { pattern: ['fields', '*', 'upload', 'mediaTypes'], why: 'it decides which files the server accepts' },
  { pattern: ['fields', '*', 'upload', 'maxBytes'], why: 'it decides which files the server accepts' },
  { pattern: ['checks'], listOnly: true, why: 'the checks and their order are the rules every answer is held to' },
  { pattern: ['checks', '*', 'field'], why: 'the checks and their order are the rules every answer is held to' },
  { pattern: ['checks', '*', 'rule'], why: 'the checks and their order are the rules every answer is held to' },
  { pattern: ['messages'], why: "these are the server's answers to requests no page sends, written in config/forms/_messages.ts" },
  { pattern: ['retention'], why: "it is how long visitors' answers are kept, as the privacy notice promises" },
];

/** A form made in the editor keeps only the server's shared answers out of reach; its fields' keys, kinds and collection are held by newFormContract. */
const NEW_FORM_RULES: readonly Rule[] = FORM_RULES.filter((rule) => rule.pattern[0] === 'messages');

const isFormFile = (file: string) => /^config\/forms\/[^_/][^/]*\.ts$/.test(file) && file !== 'config/forms/index.ts';

/**
 * Files the editor reads and never writes, and why: the site's addresses (config/routes.ts) change
 * only together with their pages (a page operation, a developer's change for now), and what an
 * address may be is decided in src/schema/addresses.ts.
 */
export const READ_ONLY_FILES: Readonly<Record<string, string>> = {
  'config/routes.ts': "it holds the site's addresses, which change only together with their pages: a developer's change",
};

/** The sentence the editor's server answers a change to a read-only file with. */
export function readOnlySentence(file: string, reason: string): string {
  return `${file} cannot be changed from the editor (${reason}). Ask a developer to change it in the file.`;
}

const matches = (pattern: Pattern, path: readonly Part[]) =>
  pattern.length === path.length && pattern.every((p, i) => (p === '*' ? typeof path[i] === 'number' : p === path[i]));
/** The path reaches the pattern's key or a key above it (replacing a whole item holds the key too). */
const covers = (path: readonly Part[], pattern: Pattern) =>
  path.length <= pattern.length && path.every((part, i) => (pattern[i] === '*' ? typeof part === 'number' : pattern[i] === part));

/**
 * Why this key (or the list at this key) is part of the data contract, or undefined when the
 * editor may change it. `listChange`: the change adds, removes or reorders the list's items.
 * `form`: whether the file is a form's (default: told by its name, config/forms/<name>.ts); the
 * editor's server says so from the forms it loaded, whatever their files are called.
 */
export function contractReason(file: string, path: readonly Part[], listChange = false, form = isFormFile(file), locked = true): string | undefined {
  if (!form) return undefined;
  for (const rule of locked ? FORM_RULES : NEW_FORM_RULES) {
    if (rule.listOnly) {
      if ((listChange && matches(rule.pattern, path)) || (path.length < rule.pattern.length && covers(path, rule.pattern))) return rule.why;
    } else if (covers(path, rule.pattern)) {
      return rule.why;
    }
  }
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A form's questions (`fields`, or `retired`) by their stored key, with their kind. */
function keysOf(form: unknown, key: 'fields' | 'retired'): Map<string, { at: number; kind: unknown }> {
  const list = isRecord(form) && Array.isArray(form[key]) ? form[key] : [];
  const found = new Map<string, { at: number; kind: unknown }>();
  list.forEach((item, at) => {
    if (isRecord(item) && typeof item.name === 'string' && !found.has(item.name)) found.set(item.name, { at, kind: item.kind });
  });
  return found;
}

/** A change to a new form's contract: where, what it is about (`value`: a key or a collection), and which of the refusals. */
export interface NewFormBreach {
  path: Part[];
  kind: 'fieldFixed' | 'collectionFixed' | 'keyRetired';
  value: string;
  why: string;
}

/**
 * What a change to a form made in the editor (not one of the locked four) may not do, from its
 * published value `before` to `after`: its collection stays; each published field keeps its kind,
 * and one removed goes to `retired` (its key kept there, with its label and kind, for its old
 * answers); a retired key stays retired and never comes back as a field. Nothing for a form made
 * by this change (`before` undefined).
 */
export function newFormContract(before: unknown, after: unknown): NewFormBreach[] {
  if (!isRecord(before) || !isRecord(after)) return [];
  const breaches: NewFormBreach[] = [];
  if (typeof before.collection === 'string' && after.collection !== before.collection) {
    breaches.push({ path: ['collection'], kind: 'collectionFixed', value: before.collection, why: "it names where the form's answers are stored" });
  }
  const wasAsked = keysOf(before, 'fields');
  const asked = keysOf(after, 'fields');
  const retired = keysOf(after, 'retired');
  for (const [name, was] of wasAsked) {
    const now = asked.get(name);
    if (now && now.kind !== was.kind) {
      breaches.push({
        path: ['fields', now.at, 'kind'],
        kind: 'fieldFixed',
        value: name,
        why: 'the kind of a field decides what is stored and how it is checked',
      });
    } else if (!now && !retired.has(name)) {
      breaches.push({
        path: ['retired'],
        kind: 'keyRetired',
        value: name,
        why: `a field removed after a publish stays in retired, so its stored answers keep their key`,
      });
    }
  }
  for (const [name] of keysOf(before, 'retired')) {
    const back = asked.get(name);
    if (back)
      breaches.push({ path: ['fields', back.at, 'name'], kind: 'keyRetired', value: name, why: 'a retired key is never used again for another question' });
    else if (!retired.has(name))
      breaches.push({ path: ['retired'], kind: 'keyRetired', value: name, why: 'a retired key stays retired: old leads keep their answers under it' });
  }
  return breaches;
}

/** The sentence the editor and its server show for a change to the data contract. */
export function contractSentence(file: string, path: readonly Part[], reason: string): string {
  return `${file}: ${formatPath(path)} is part of the data contract (${reason}): a developer's change. Ask a developer to change it in the file.`;
}
