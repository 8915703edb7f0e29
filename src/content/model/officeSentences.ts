/**
 * The checker's refusals in the office's words. A refusal carries the key path it is about
 * (`sections[0].heading`); placeOf turns that path into the names the editor's screen shows
 * (the page, the section, the box: "Home", "Hero", "Heading"), from the schemas' labels
 * (config/admin.ts content.labels, or names made from the keys), and officeSentence says the
 * refusal with them (config/admin.ts content.refusals). The editor in the browser and its server
 * both use these, so no sentence the office reads names a key path, a file or a developer's step.
 */
import admin from '../../../config/admin';
import { fill } from '../../schema/text';
import { articleIdOf, formIdOf, pageIdOf, schemaOfFile, ADMIN_FILE, MOVED_FILE, ROUTES_FILE, SERVER_FILE, SITE_FILE } from './contentSchemas';
import { parseKeyPath, shownToOffice, type Path, type Refusal, type Schema } from '../../schema/schema';
import { translatedFileOf } from '../../site/model/translation';
import site from '../../../config/site';

const t = admin.content;
const labels: Readonly<Record<string, string>> = t.labels;
const siteParts: Readonly<Record<string, string>> = t.siteParts;
const formNames: Readonly<Record<string, string>> = admin.forms;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A language's name in the office's words, from its code alone ("de-DE" → "German (Germany)"): a
 * sentence about a translation file is made where the site's own name for the language is not at
 * hand (a revision's summary); the code itself where the runtime knows no name for it.
 */
export function languageNameOf(code: string): string {
  try {
    return new Intl.DisplayNames([site.languages.default.code], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A key's name for a person: the schema's label, config/admin.ts content.labels, else made from the key ("formTitle" -> "Form title"). */
export function labelOf(key: string | number, schema?: Schema<unknown>): string {
  if (schema?.meta.label) return schema.meta.label;
  if (typeof key === 'number') return String(key + 1);
  if (Object.hasOwn(labels, key)) return labels[key]!;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const helps: Readonly<Record<string, string>> = t.help;
const choiceWords: Readonly<Record<string, Readonly<Record<string, string>>>> = t.choices;

/** The key a box is for: the last name of its path ("variant" of sections[2].actions[0].variant). */
export const keyOf = (path: Path): string | undefined => [...path].reverse().find((part): part is string => typeof part === 'string');

/** The sentence under a key's box where its name alone says too little (config/admin.ts content.help): the schema's own help first. */
export function helpOf(key: string | undefined, schema?: Schema<unknown>): string | undefined {
  if (schema?.meta.help) return schema.meta.help;
  return key !== undefined && Object.hasOwn(helps, key) ? helps[key] : undefined;
}

/**
 * A choice in words: a form by its name, the choice's own words (its schema's `words`), a choice
 * config/admin.ts names for its key (content.choices), else as it is written.
 */
export function choiceLabelOf(key: string | undefined, option: string, fromForms = false, own?: Readonly<Record<string, string>>): string {
  if (fromForms) return formNames[option] ?? option;
  const words = own ?? (key !== undefined && Object.hasOwn(choiceWords, key) ? choiceWords[key]! : undefined);
  return words && Object.hasOwn(words, option) ? words[option]! : option;
}

/**
 * A short name for a list item: its first text among the keys people recognise it by, of the keys
 * its schema shows the office (a form field is named by its label, never by the key it is stored under).
 */
export function itemTitle(value: unknown, schema?: Schema<unknown>): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (!isRecord(value)) return undefined;
  const variant = schema ? variantOf(schema, value) : undefined;
  const shape = variant && (variant.meta.kind === 'object' || variant.meta.kind === 'image') ? variant.meta.shape : undefined;
  for (const key of ['heading', 'title', 'name', 'label', 'question', 'value', 'address']) {
    if (shape?.[key] && !shownToOffice(shape[key])) continue;
    const text = value[key];
    if (typeof text === 'string' && text.trim() !== '') return shortName(text);
    if (typeof text === 'number') return String(text);
  }
  return undefined;
}

/** A name in a place, at most 60 characters: a longer one (a title being shortened) is cut with "…". */
const shortName = (name: string): string => (name.length > 60 ? `${name.slice(0, 57)}…` : name);

/** A page's name as the office knows it: its title before the site's name ("Home | Business Growth" -> "Home"). */
export function pageNameOf(title: unknown): string | undefined {
  if (typeof title !== 'string' || title.trim() === '') return undefined;
  return title.split(' | ')[0]!.trim() || title.trim();
}

/** The name a file goes by on the editor's screens: a page's name, a form's name, or the name of what the file holds. */
export function fileNameOf(file: string, value: unknown): string {
  const page = pageIdOf(file);
  if (page !== undefined) return shortName(pageNameOf(isRecord(value) ? value.title : undefined) ?? labelOf(page));
  const form = formIdOf(file);
  if (form !== undefined) return formNames[form] ?? labelOf(form);
  const named: Record<string, string> = {
    [SITE_FILE]: t.fileNames.site,
    [ROUTES_FILE]: t.fileNames.routes,
    [MOVED_FILE]: t.fileNames.moved,
    [SERVER_FILE]: t.fileNames.server,
    [ADMIN_FILE]: t.fileNames.admin,
  };
  if (Object.hasOwn(named, file)) return named[file]!;
  const title = (isRecord(value) && typeof value.title === 'string' && value.title.trim() && shortName(value.title.trim())) || undefined;
  // An article by its title, else by the list it is in on the screens ("Articles"), never its file.
  if (articleIdOf(file) !== undefined) return title ?? t.articles.heading;
  return title ?? t.fileNames.other;
}

/** The names a file's place starts with: an article in the screens' list of articles ("Articles", "<title>"), any other file by its name. */
function fileNamesOf(file: string, value: unknown): string[] {
  const name = fileNameOf(file, value);
  return articleIdOf(file) !== undefined && name !== t.articles.heading ? [t.articles.heading, name] : [name];
}

/**
 * Where a key path enters a rich-text box (an article's body: one box on the screen, its
 * blocks written in it), or undefined when the path is not in one: `['body', 3, 'content']` ->
 * `['body']`.
 */
export function richTextPlace(file: string, value: unknown, path: Path): Path | undefined {
  let schema = schemaOfFile(file);
  let current = value;
  for (let i = 0; i <= path.length; i++) {
    const resolved = schema ? variantOf(schema, current) : undefined;
    const meta = resolved?.meta;
    if (!meta) return undefined;
    if (meta.kind === 'richText') return path.slice(0, i);
    if (i === path.length) return undefined;
    const part = path[i]!;
    if (meta.kind === 'list' && typeof part === 'number') schema = meta.item;
    else if (meta.kind === 'object' || meta.kind === 'image') schema = meta.shape[String(part)];
    else if (meta.kind === 'record') schema = meta.value;
    else return undefined;
    current = isRecord(current) ? current[String(part)] : Array.isArray(current) && typeof part === 'number' ? current[part] : undefined;
  }
  return undefined;
}

/**
 * The box a key path is in, as the screen draws it: the path itself, or where it enters a picture
 * (its address, size and text are one box: "Cover picture") or a rich-text box (the article's text).
 */
export function boxPathOf(file: string, value: unknown, path: Path): Path {
  let schema = schemaOfFile(file);
  let current = value;
  for (let i = 0; i < path.length; i++) {
    const meta = schema ? variantOf(schema, current)?.meta : undefined;
    if (!meta) return path;
    if (meta.kind === 'image' || meta.kind === 'richText') return path.slice(0, i);
    const part = path[i]!;
    if (meta.kind === 'list' && typeof part === 'number') schema = meta.item;
    else if (meta.kind === 'object') schema = meta.shape[String(part)];
    else if (meta.kind === 'record') schema = meta.value;
    else return path;
    current = isRecord(current) ? current[String(part)] : Array.isArray(current) && typeof part === 'number' ? current[part] : undefined;
  }
  return path;
}

/** The boxes of a file the checker still refuses, by their names on its screen ("Summary", "Cover picture"), each once, in order: a new item's checklist. */
export function boxesToFill(file: string, value: unknown, paths: readonly Path[]): Array<{ path: Path; name: string }> {
  const skip = fileNamesOf(file, value).length;
  const out = new Map<string, { path: Path; name: string }>();
  for (const path of paths) {
    const box = boxPathOf(file, value, path);
    const name = placeOf(file, value, box).slice(skip).join(t.placeJoint) || fileNameOf(file, value);
    if (!out.has(name)) out.set(name, { path: box, name });
  }
  return [...out.values()];
}

const itemKinds: Readonly<Record<string, string>> = t.itemKinds;

/** The kind of item a list holds, by the list's key ("paragraphs" -> "Paragraph"), when config/admin.ts names one. */
const itemKindOf = (listKey: string | undefined): string | undefined =>
  listKey !== undefined && Object.hasOwn(itemKinds, listKey) ? itemKinds[listKey] : undefined;

/** A list's item by its kind and place ("Paragraph 2"), never a bare number where the list's kind is known ("Item 2" only then). */
export function numberedItem(listKey: string | undefined, index: number): string {
  const kind = itemKindOf(listKey);
  return kind !== undefined ? fill(t.itemNumbered, { item: kind, n: index + 1 }) : fill(t.item, { n: index + 1 });
}

/** A list's Add button: by the kind of item it adds where config/admin.ts names one ("Add point"), else by the list's name. */
export function addItemLabel(listKey: string | undefined, listLabel: string): string {
  const kind = itemKindOf(listKey);
  return kind !== undefined ? fill(t.addItem, { item: kind.charAt(0).toLocaleLowerCase() + kind.slice(1) }) : fill(t.addNamed, { name: listLabel });
}

const sectionTypes: Readonly<Record<string, string>> = t.sectionTypes;

/** A kind of section by its name in config/admin.ts (content.sectionTypes: every kind has one); an unknown kind by its key. */
export const sectionTypeLabel = (type: string): string => (Object.hasOwn(sectionTypes, type) ? sectionTypes[type]! : labelOf(type));

/** The type of a section (a group told apart by its `type`), by its name: "hero" -> "Hero". */
const typeOf = (value: unknown): string | undefined => (isRecord(value) && typeof value.type === 'string' ? value.type : undefined);

/** The schema of a union's value (a section: by its type), else the schema itself. */
function variantOf(schema: Schema<unknown>, value: unknown): Schema<unknown> | undefined {
  if (schema.meta.kind !== 'union') return schema;
  const type = typeOf(value);
  return type !== undefined && Object.hasOwn(schema.meta.variants, type) ? schema.meta.variants[type] : undefined;
}

/**
 * A section's name on its page: its kind ("Hero"), numbered when the page has two of that kind
 * ("Cards 2"). The outline and the sentences both call it so.
 */
export function sectionNameOf(sections: readonly unknown[], index: number): string {
  const type = typeOf(sections[index]);
  if (type === undefined) return numberedItem('sections', index);
  const same = sections.map((s, i) => [typeOf(s), i] as const).filter(([other]) => other === type);
  const name = sectionTypeLabel(type);
  return same.length > 1 ? fill(t.sectionNumbered, { type: name, n: same.findIndex(([, i]) => i === index) + 1 }) : name;
}

/**
 * The names of a place in a file, as the screen shows them, from the file down to the box:
 * ["Home", "Hero", "Heading"], ["Footer", "Support", "Links", "Item 2", "Link"]. A list item is
 * named by its section kind or its title (then the list's own name is left out), else "Item n"
 * after the list's name. The last name is the box's (or the group's) the refusal is about.
 */
export function placeOf(file: string, value: unknown, path: Path): string[] {
  // A translation's text: named as the text it translates is, in its file ("Home in German (Germany)", "Hero", "Heading").
  const translated = translatedFileOf(file);
  if (translated) {
    const [key, inner] = path;
    const name = fill(t.translations.screenTitle, { item: fileNameOf(translated.file, undefined), language: languageNameOf(translated.code) });
    if (key === 'texts' && typeof inner === 'string') return [name, ...textPlaceOf(translated.file, undefined, inner)];
    return [name, ...path.map((part) => labelOf(part))];
  }
  let schema = schemaOfFile(file);
  let current = value;
  let rest = [...path];
  let names = fileNamesOf(file, value);
  // A part of the site's settings is a screen of its own ("Footer"): it is the first name.
  if (file === SITE_FILE && typeof rest[0] === 'string' && Object.hasOwn(siteParts, rest[0])) {
    const key = rest[0];
    names = [siteParts[key]!];
    schema = schema?.meta.kind === 'object' ? schema.meta.shape[key] : undefined;
    current = isRecord(current) ? current[key] : undefined;
    rest = rest.slice(1);
  }
  const offset = path.length - rest.length;
  for (const [i, part] of rest.entries()) {
    const resolved = schema ? variantOf(schema, current) : undefined;
    const meta = resolved?.meta;
    // Inside a rich-text box: the box is the place (its blocks have no boxes of their own).
    if (meta?.kind === 'richText') break;
    if (meta && meta.kind === 'list' && typeof part === 'number') {
      const items = Array.isArray(current) ? current : [];
      const item = items[part];
      const byKind = meta.item.meta.kind === 'union' ? sectionNameOf(items, part) : undefined;
      const titled = itemTitle(item, meta.item);
      const listKey = keyOf(path.slice(0, offset + i));
      // Named by its section kind, its title, else its kind of item and place ("Paragraph 2"): then the list's own name is left out.
      const title = byKind ?? (titled !== undefined ? `“${titled}”` : itemKindOf(listKey) !== undefined ? numberedItem(listKey, part) : undefined);
      if (title !== undefined && names.length > 1) names.pop();
      names.push(title ?? numberedItem(listKey, part));
      schema = meta.item;
      current = item;
      continue;
    }
    const key = String(part);
    let child: Schema<unknown> | undefined;
    let name = labelOf(part);
    if (meta && (meta.kind === 'object' || meta.kind === 'image')) {
      child = meta.shape[key];
      name = labelOf(key, child);
    } else if (meta && meta.kind === 'record') {
      child = meta.value;
      name = meta.keysFrom === 'forms' ? (formNames[key] ?? labelOf(key)) : labelOf(key);
    }
    names.push(name);
    schema = child;
    current = isRecord(current) ? current[key] : Array.isArray(current) && typeof part === 'number' ? current[part] : undefined;
  }
  return names;
}

/**
 * The names of a text's place inside its file (its key path as the checker writes it), without
 * the file's own name: ["Hero", "Heading"]; a part of the site's settings by its name
 * (["Footer", "Links", …]). A translation names its texts so, beside the text it translates.
 */
export function textPlaceOf(file: string, value: unknown, keyPath: string): string[] {
  const path = parseKeyPath(keyPath);
  const names = placeOf(file, value, path);
  const part = file === SITE_FILE && typeof path[0] === 'string' && Object.hasOwn(siteParts, path[0]);
  return part || names.length === 1 ? names : names.slice(1);
}

/** "Heading" -> "a heading"; "E-mail" -> "an e-mail"; "FAQ" stays in capitals. */
export function withArticle(label: string): string {
  const acronym = /^[A-Z]{2}/.test(label);
  const word = acronym ? label : label.charAt(0).toLowerCase() + label.slice(1);
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

/** Form ids among a refusal's values, said by the forms' names. */
function valuesInWords(values: Refusal['values']): Record<string, string | number> {
  const out: Record<string, string | number> = { ...values };
  for (const key of ['form', 'forms'] as const) {
    const given = out[key];
    if (typeof given === 'string')
      out[key] = given
        .split(', ')
        .map((id) => formNames[id] ?? id)
        .join(', ');
  }
  return out;
}

export interface OfficeSentence {
  /** Under the box: whole, starting with the box's name ("Heading is empty: write a heading."). */
  field: string;
  /** In a list of problems: the place first ("Home › Hero › Heading is empty: write a heading."). */
  sentence: string;
}

/** A refusal said in the office's words at its place (placeOf). */
export function officeSentence(words: Refusal, place: readonly string[]): OfficeSentence {
  const label = place.at(-1) ?? t.fileNames.other;
  // "Paragraph 2 is empty: write a paragraph.": what to write is the kind of the item, not its place.
  const kind = /^(\D*\S)\s+\d+$/.exec(label)?.[1];
  const field = fill(t.refusals[words.kind], { label, aLabel: withArticle(kind ?? label), ...valuesInWords(words.values) });
  return { field, sentence: [...place.slice(0, -1), field].join(t.placeJoint) };
}

/** A checker's problem (a file, a key path, a refusal) in the office's words, with the file's value it is about. */
/** The refusals of a box left empty (not of a value that is wrong): what a new item's checklist lists. */
const TO_FILL: ReadonlySet<Refusal['kind']> = new Set(['missing', 'empty', 'noPicture', 'nothingWritten', 'tooFew']);

/** `{ toFill: true }` for a refusal of a box left empty, else nothing (ContentProblem's toFill). */
export const toFillOf = (words: Refusal): { toFill?: true } => (TO_FILL.has(words.kind) ? { toFill: true } : {});

export function officeWordsOf(problem: { file: string; path: Path; words: Refusal }, value: unknown): OfficeSentence {
  return officeSentence(problem.words, placeOf(problem.file, value, problem.path));
}
