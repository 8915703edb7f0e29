/**
 * A tiny schema language for the files in config/.
 *
 * One description serves two purposes:
 *  - TypeScript derives the config types from it (`Infer<typeof schema>`), so an
 *    editor flags a mistake while the file is being typed;
 *  - the config checker (`npm run check`) walks the same description at run time and
 *    turns every problem into one plain sentence naming the file and the key.
 *
 * Every check collects its problems instead of stopping at the first one, so a person
 * editing content sees all of them at once.
 */
import { addressProblem, siteLinkOf, siteLinkProblem } from './addresses';
import { httpsAddressProblem, siteAddressProblem } from './links';
import type { RefusalKind } from './refusals';

export type Path = ReadonlyArray<string | number>;

/**
 * A refusal in the office's words: its kind (a key of config/admin.ts content.refusals, whose
 * sentence says it for the content editor) and the values that sentence fills in. The checker's
 * own sentence (for developers, naming the file and the key) is reported beside it; the editor and
 * its server show this one, after the place on the screen (src/content/model/officeSentences.ts).
 */
export interface Refusal {
  readonly kind: RefusalKind;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** What the checker knows about the rest of the site while it walks one file. */
export interface CheckContext {
  /** The file being checked, as the person knows it: `config/pages/home.ts`. */
  readonly file: string;
  /** Paths this site answers (routes and aliases). Empty while the routes themselves are checked. */
  readonly sitePaths: ReadonlySet<string>;
  /** Form ids declared in config/forms. */
  readonly formIds: ReadonlySet<string>;
  /** A form's name for the office, by its id (a new form's `title`, the seed's config/admin.ts `forms`), where the content knows it. */
  readonly formTitles?: Readonly<Record<string, string>>;
  /** A form's field keys, by its id, where the content knows them (a form made in the editor, not in the code's own config/forms). */
  readonly formFields?: Readonly<Record<string, readonly string[]>>;
  /** The site's own address (config/site.ts `brand.url`), where the content knows it: the one host words mailed to visitors may link to. */
  readonly siteUrl?: string;
  /** Whether a file exists in public/ (for images). */
  readonly publicFileExists: (urlPath: string) => boolean;
  /** The top-level names of public/ (its files and folders), which no page's address may take. Unknown (the browser's editor): left out. */
  readonly publicNames?: readonly string[];
  report(path: Path, message: string, words: Refusal): void;
}

export interface Schema<T> {
  /** Phantom member carrying the described type; never set. */
  readonly _type?: T;
  readonly optional: boolean;
  /** Short words for a person: "text", "a number", "a list". */
  readonly expects: string;
  /** What the content editor needs to draw a field for this value (its kind and settings). */
  readonly meta: SchemaMeta;
  check(value: unknown, path: Path, ctx: CheckContext): void;
}

/**
 * What a schema tells the content editor (src/content/editor): the kind of value, which picks the
 * field editor (one per kind), and that kind's settings. The checker never reads it.
 */
export type KindMeta =
  /**
   * One line of text; `allowEmpty`: "" is right (decorative alt text); `placeholders`: the {names} it may use;
   * `maxLength`: the most characters it may have (textLength); `searchShows`: how many of them search results show (a title).
   */
  | ({
      readonly kind: 'text';
      readonly allowEmpty?: boolean;
      readonly placeholders?: readonly string[];
      readonly format?: TextFormat;
    } & TextLimit &
      Translatable)
  /** Text of a sentence or more, written on several lines. */
  | ({ readonly kind: 'longText' } & TextLimit & Translatable)
  | { readonly kind: 'number'; readonly min?: number; readonly max?: number; readonly integer?: boolean }
  /** `absent`: what a key left out means (an optional key that is on unless turned off). */
  | { readonly kind: 'boolean'; readonly absent?: boolean }
  /**
   * One of fixed words; `from: 'forms'`: one of the site's forms (known only from the content);
   * `from: 'fields'`: one of the questions of the form edited, by their keys (named by their labels),
   * with `kinds` only those of these kinds and never the question it belongs to (a condition's);
   * `words`: each choice as the editor names it (else config/admin.ts content.choices by the key's name).
   */
  | {
      readonly kind: 'choice';
      readonly options: readonly string[];
      readonly from?: 'forms' | 'fields';
      readonly kinds?: readonly string[];
      readonly words?: Readonly<Record<string, string>>;
    }
  /** Always this word (a section's `type`): shown, never edited. */
  | { readonly kind: 'fixed'; readonly value: string }
  /** A link: one of the site's pages (when `pages`) or a full https:, mailto: or tel: address. */
  | { readonly kind: 'link'; readonly pages: boolean }
  /**
   * A picture in public/: { src, alt, width, height }. `draw`: the CSS pixels the page draws it at
   * (an upload is resized to it); without it, the size the picture has now.
   */
  | {
      readonly kind: 'image';
      readonly shape: Shape;
      readonly draw?: { readonly width: number; readonly height: number };
      /** Without `draw`: the most CSS pixels wide its place draws it (a first picture there is made for that width, in its own shape). */
      readonly place?: number;
    }
  | { readonly kind: 'object'; readonly shape: Shape }
  /** `from: 'answers'`: answers of the question its sibling `field` names, ticked among that question's options (a condition's). */
  | { readonly kind: 'list'; readonly item: Schema<unknown>; readonly min?: number; readonly max?: number; readonly from?: 'answers' }
  /** One of several groups told apart by their `type` (page sections). */
  | { readonly kind: 'union'; readonly variants: Readonly<Record<string, Schema<unknown>>> }
  /**
   * Writing: a list of typed blocks (src/site/model/articleSchema.ts), written in the editor's
   * rich-text box and stored as the blocks, never as markup. `item`: the schema of one block.
   */
  | { readonly kind: 'richText'; readonly item: Schema<unknown>; readonly min?: number }
  /** A group whose keys are names from the content (`keysFrom: 'forms'`: one key per form). */
  | { readonly kind: 'record'; readonly value: Schema<unknown>; readonly keysFrom?: 'forms' };

export type SchemaKind = KindMeta['kind'];

/** What a kind's own values are made with: the value of a schema inside it, an object's keys, the site's forms. */
export interface ValueMaker {
  of(schema: Schema<unknown>): unknown;
  object(shape: Shape): Record<string, unknown>;
  readonly formIds: readonly string[];
}

/**
 * Each kind's own values, beside its description. `empty`: the value a new item of the kind starts
 * with in the editor (src/content/editor/schemaValues.ts): empty where a person must write
 * something (the checker then points at what is still to fill in), the first choice where there
 * is one, a list's fewest items. `wrong`: the wrong values a value of the kind can be given, each
 * a different way of being wrong (`missing`: [undefined] for a required key, else nothing; `value`:
 * what it holds now), which src/content/model/officeSentences.test.ts gives the checker at every
 * key of every file the office edits. A kind without its entry is a type error here.
 */
export const KIND_VALUES: { readonly [K in SchemaKind]: KindValues<Extract<KindMeta, { kind: K }>> } = {
  text: {
    empty: () => '',
    wrong: (meta, _value, missing) => [
      ...missing,
      '',
      42,
      '{nope} and {year}',
      'red',
      '#ffffff',
      'nope.png',
      '/nope.png',
      'xx-nope',
      'Nowhere/Nope',
      '/Abuot',
      'https://exa mple.com',
      ...(meta.maxLength ? ['x'.repeat(meta.maxLength + 1)] : []),
    ],
  },
  longText: {
    empty: () => '',
    wrong: (meta, value, missing) => KIND_VALUES.text.wrong({ kind: 'text', maxLength: meta.maxLength }, value, missing),
  },
  link: {
    empty: () => '',
    wrong: (_meta, _value, missing) => [
      ...missing,
      '',
      '/Abuot',
      'not an address',
      '//0x7f000001/Contact',
      'https://exa mple.com',
      'tel:+1999',
      'mailto:someone@else.test',
    ],
  },
  number: {
    empty: (meta) => (meta.min !== undefined && meta.min > 0 ? meta.min : 0),
    wrong: (_meta, _value, missing) => [...missing, 'ten', -1e9, 1e12, 1.5],
  },
  boolean: { empty: () => false, wrong: (_meta, _value, missing) => [...missing, 'yes'] },
  choice: {
    empty: (meta, make) => (meta.from === 'forms' ? make.formIds : meta.options)[0] ?? '',
    wrong: (_meta, _value, missing) => [...missing, 'not-a-choice'],
  },
  fixed: { empty: (meta) => meta.value, wrong: () => ['nope'] },
  image: {
    empty: (meta, make) => make.object(meta.shape),
    wrong: (_meta, value, missing) => [...missing, 'a text', { ...(isRecord(value) ? value : {}), zzz: 1 }],
  },
  object: {
    empty: (meta, make) => make.object(meta.shape),
    wrong: (_meta, value, missing) => [...missing, 'a text', { ...(isRecord(value) ? value : {}), zzz: 1 }],
  },
  list: {
    empty: (meta, make) => Array.from({ length: meta.min ?? 0 }, () => make.of(meta.item)),
    wrong: (meta, value, missing) => {
      const items = Array.isArray(value) ? value : [];
      return [...missing, [], 'a text', ...(meta.max !== undefined ? [Array.from({ length: meta.max + 1 }, () => items[0])] : []), [...items, ...items]];
    },
  },
  richText: { empty: () => [], wrong: (_meta, _value, missing) => [...missing, [], 'a text', [{ type: 'html', html: '<b>x</b>' }]] },
  union: {
    empty: (meta, make) => {
      const first = Object.values(meta.variants)[0];
      return first ? make.of(first) : {};
    },
    wrong: (_meta, value) => [
      { ...(isRecord(value) ? value : {}), type: 'nope' },
      { ...(isRecord(value) ? value : {}), type: undefined },
    ],
  },
  record: {
    empty: (meta, make) => (meta.keysFrom === 'forms' ? Object.fromEntries(make.formIds.map((id) => [id, make.of(meta.value)])) : {}),
    wrong: (_meta, _value, missing) => [...missing, 'a text', {}],
  },
};

interface KindValues<M extends KindMeta> {
  empty(meta: M, make: ValueMaker): unknown;
  wrong(meta: M, value: unknown, missing: readonly unknown[]): unknown[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a line of text holds when it is more than words (the editor draws some of them by it: a date as a date box). */
export type TextFormat = 'color' | 'path' | 'file' | 'locale' | 'date' | 'dateTime' | 'slug';

/**
 * Whether words a person reads are written again in each language of the site (config/site.ts
 * `languages`): set by text() and its kinds; a text of a format (an address, a date, a colour),
 * of the data contract or a developer's setting never is (isTranslatable).
 */
interface Translatable {
  readonly translatable?: boolean;
}

/** What a text kind says of its length: the most characters it may have, and how many search results show (a title, a description). */
interface TextLimit {
  readonly maxLength?: number;
  readonly searchShows?: number;
}

/**
 * The most characters each kind of text may have, unless its key says otherwise: the checker
 * (`npm run check`), the content editor (a counter, a sentence past it) and the editor's server
 * hold the same limits, from the schemas. A title and a description are cut by search results
 * past SEARCH_SHOWS; a heading, a button's words and a line are drawn where a long text breaks the
 * page's layout; a paragraph (an FAQ's answer, a card's text) may be long.
 */
export const TEXT_LIMITS = {
  /** A page's title (its browser tab and search result headline), an article's headline. */
  title: 70,
  /** A search result's snippet: a page's description, an article's summary. */
  description: 170,
  /** A heading on a page. */
  heading: 120,
  /** The words of a button or a link. */
  label: 60,
  /** Any other line: a name, a question, a caption, a sentence. */
  line: 300,
  /** Text of a sentence or more: an answer, a card's text, a paragraph. */
  paragraph: 2000,
} as const;

/** How many characters of a title and of a description search results show (the editor's counter says it). */
export const SEARCH_SHOWS = { title: 60, description: 160 } as const;

/** A text's length as a person counts it: characters, not the UTF-16 units of JavaScript ("é" and "👍" are one each). */
export const textLength = (value: string): number => [...value].length;

/** What any schema may add for the editor, whatever its kind. */
export interface CommonMeta {
  /** The field's name for a person; default: made from the key ("formTitle" -> "Form title"). */
  readonly label?: string;
  /** One sentence under the field. */
  readonly help?: string;
  /**
   * Part of the data contract (collection names, field keys, check rules, storage paths): the
   * editor shows it, never changes it (a developer's change). On a list: no item is added,
   * removed or moved (what is inside may still be editable).
   */
  readonly contract?: boolean;
  /**
   * How the site works rather than what it says (a browser's autofill hint, a field's width, the
   * value after a reset, how long answers are kept, the server's answers): a developer's setting,
   * never shown on the editor's screens. A key of the data contract that holds no text is not
   * shown either (shownToOffice).
   */
  readonly developer?: boolean;
  /**
   * A setting only an owner's account changes, and why (OWNER_REASONS: what our server accepts
   * from visitors, who hears of a lead, where visitors' answers come back…). An editor's screens
   * show it read-only with that reason (or not at all, with `developer`), and the editor's server
   * refuses an editor's change to it, whatever was sent (src/content/model/ownerOnly.ts). On a
   * list, the list itself: no item added or removed (what is inside keeps its own marks); on
   * anything else, the value and everything inside it.
   */
  readonly owner?: OwnerReason;
  /**
   * An optional key the editor shows only on a group that has this other key (a page's menu
   * settings only on a page with an address of its own): where the group lacks it, the key means nothing.
   */
  readonly shownWith?: string;
  /**
   * A setting most pages leave as it is, or one named in a developer's terms (a section's anchor
   * name, a button's look, an icon, a screen reader's words): the editor shows it under an
   * "Advanced" fold of its group, closed until opened (or until it has a problem).
   */
  readonly advanced?: boolean;
  /**
   * An optional group whose presence is a developer's choice (a form field's options or upload
   * settings come with its kind): the editor shows it where it is, never adds or removes it.
   */
  readonly presenceFixed?: boolean;
  /**
   * With `owner`: shown on an owner's screens only. An editor's leave it out, where it would be a
   * box that can only be read and says nothing of the words (a form's columns, how long it keeps answers).
   */
  readonly ownerScreens?: boolean;
}

type SchemaMeta = KindMeta & CommonMeta;

/** The same schema, with more for the editor (a label, help, a different kind's settings). */
export function describe<S extends Schema<unknown>>(schema: S, meta: CommonMeta | (Partial<KindMeta> & CommonMeta)): S {
  return { ...schema, meta: { ...schema.meta, ...meta } as SchemaMeta };
}

/** A key the editor shows but never changes: part of the data contract, a developer's change. */
export function contract<S extends Schema<unknown>>(schema: S): S {
  return describe(schema, { contract: true });
}

/** A developer's setting: the editor does not show it (the checker still checks it). */
export function developerOnly<S extends Schema<unknown>>(schema: S): S {
  return describe(schema, { developer: true });
}

/**
 * Why only an owner changes a setting (CommonMeta.owner), each said in the office's words under its
 * box (config/admin.ts content.ownerOnly): `accepts` what our server accepts from visitors; `told`
 * who hears of a new lead; `sender` which answer says who a lead is from (replies, erasure);
 * `answers` the address visitors' answers come back to, which the inbox reads; `strangers` a mail
 * sent to any address a stranger types; `languages` every page in another language; `retention`
 * how long answers are kept.
 */
export const OWNER_REASONS = ['accepts', 'told', 'sender', 'answers', 'strangers', 'languages', 'retention'] as const;
export type OwnerReason = (typeof OWNER_REASONS)[number];

/** A setting only an owner changes (CommonMeta.owner), and why. */
export function ownerOnly<S extends Schema<unknown>>(schema: S, why: OwnerReason): S {
  return describe(schema, { owner: why });
}

/** A setting the editor shows under its group's "Advanced" fold (CommonMeta.advanced). */
export function advanced<S extends Schema<unknown>>(schema: S): S {
  return describe(schema, { advanced: true });
}

/** An optional group the editor never adds or removes (CommonMeta.presenceFixed). */
export function presenceFixed<S extends Schema<unknown>>(schema: S): S {
  return describe(schema, { presenceFixed: true });
}

/**
 * Whether the editor's screens show a key: not a developer's setting, and not a key of the data
 * contract holding a single value (a collection name, a field's stored name, a check's rule). A
 * contract list stays (its items keep their place, their texts may change).
 */
export function shownToOffice(schema: Schema<unknown>): boolean {
  const { meta } = schema;
  if (meta.developer) return false;
  return !(meta.contract && !['object', 'image', 'list', 'record', 'union'].includes(meta.kind));
}

/**
 * Whether a value is words written again in each language of the site: a text kind marked
 * translatable (text(), longText(), a template, a picture's alt), and not a format (an address, a
 * date, a language tag), a key of the data contract or a developer's setting. The translations
 * (src/site/model/translation.ts) walk the schemas by it: nothing in config/ lists such keys.
 */
export function isTranslatable(schema: Schema<unknown>): boolean {
  const meta = schema.meta;
  if (meta.kind !== 'text' && meta.kind !== 'longText') return false;
  if (!meta.translatable || meta.contract || meta.developer) return false;
  return !(meta.kind === 'text' && meta.format);
}

/** A text that stays the same in every language (a stored value, a key another key names, an anchor): never translated. */
export function sameInEveryLanguage<S extends Schema<unknown>>(schema: S): S {
  return describe(schema, { translatable: false });
}

export type Infer<S> = S extends Schema<infer T> ? T : never;

/** Formats a key path the way it is written in the file: `sections[2].cards[0].title`. */
export function formatPath(path: Path): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${part}` : part;
  }
  return out || '(the whole file)';
}

/** A key path as formatPath writes it, read back: "sections[0].heading" -> ['sections', 0, 'heading']. */
export function parseKeyPath(text: string): Path {
  return [...text.matchAll(/\[(\d+)\]|([^.[\]]+)/g)].map((m) => (m[1] !== undefined ? Number(m[1]) : m[2]!));
}

const quote = (value: unknown): string => JSON.stringify(typeof value === 'string' && value.length > 60 ? `${value.slice(0, 57)}...` : value);

function make<T>(expects: string, meta: SchemaMeta, check: Schema<T>['check']): Schema<T> {
  return { expects, optional: false, meta, check };
}

function wrongKind(value: unknown, path: Path, ctx: CheckContext, expects: string): void {
  if (value === undefined) ctx.report(path, `is missing. Add it: it should be ${expects}.`, { kind: 'missing' });
  else ctx.report(path, `should be ${expects}, but it is ${describeValue(value)}.`, { kind: 'wrongKind' });
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the text ${quote(value)}`;
  if (typeof value === 'object') return 'a group of keys';
  return `${typeof value === 'number' ? 'the number' : typeof value} ${String(value)}`;
}

/** Marks a key as optional: it may be left out, but if present it must be right. */
export function optional<T>(schema: Schema<T>): Schema<T | undefined> {
  return { ...schema, optional: true, check: (v, p, c) => (v === undefined ? undefined : schema.check(v, p, c)) };
}

/** Reports a text longer than `max` characters (textLength). */
function checkLength(value: string, max: number, path: Path, ctx: CheckContext): void {
  const count = textLength(value);
  if (count > max) ctx.report(path, `is ${count} characters long, but it may have at most ${max}. Shorten it.`, { kind: 'tooLong', values: { count, max } });
}

/** How long a text may be: default a line's (TEXT_LIMITS). */
export interface TextOptions {
  maxLength?: number;
  /** How many characters search results show of it (a title, a description): the editor's counter says so. */
  searchShows?: number;
}

const limitOf = (opts: TextOptions, fallback: number): TextLimit => ({
  maxLength: opts.maxLength ?? fallback,
  ...(opts.searchShows ? { searchShows: opts.searchShows } : {}),
});

/** Text that a visitor reads: must not be empty, and at most `maxLength` characters (default: a line's). */
export function text(opts: TextOptions = {}): Schema<string> {
  const limit = limitOf(opts, TEXT_LIMITS.line);
  return make('text in quotes', { kind: 'text', translatable: true, ...limit }, (value, path, ctx) => {
    if (typeof value !== 'string') return wrongKind(value, path, ctx, 'text in quotes');
    if (value.trim() === '') return ctx.report(path, 'is empty. Write the text between the quotes, or remove the key if it is optional.', { kind: 'empty' });
    checkLength(value, limit.maxLength!, path, ctx);
  });
}

/** Text a visitor reads as a sentence or more (the editor gives it several lines): must not be empty; default at most a paragraph's characters. */
export function longText(opts: TextOptions = {}): Schema<string> {
  const base = text({ maxLength: TEXT_LIMITS.paragraph, ...opts });
  return { ...base, meta: { ...base.meta, kind: 'longText' } as SchemaMeta };
}

/** A page's title, an article's headline: a line search results show the start of. */
export const title = (): Schema<string> => text({ maxLength: TEXT_LIMITS.title, searchShows: SEARCH_SHOWS.title });
/** A search result's snippet: a sentence or two. */
export const description = (): Schema<string> => longText({ maxLength: TEXT_LIMITS.description, searchShows: SEARCH_SHOWS.description });
/** A heading on a page. */
export const heading = (): Schema<string> => text({ maxLength: TEXT_LIMITS.heading });
/** The words of a button or a link. */
export const label = (): Schema<string> => text({ maxLength: TEXT_LIMITS.label });

/** Text that may be empty on purpose (alt text of a decorative image); at most a line's characters. */
export function anyText(opts: TextOptions = {}): Schema<string> {
  const limit = limitOf(opts, TEXT_LIMITS.line);
  return make('text in quotes', { kind: 'text', allowEmpty: true, translatable: true, ...limit }, (value, path, ctx) => {
    if (typeof value !== 'string') return wrongKind(value, path, ctx, 'text in quotes');
    checkLength(value, limit.maxLength!, path, ctx);
  });
}

/** The {names} a config text asks to have filled in, in order: "New inquiry from {Fname}" -> ["Fname"]. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** Reports each {name} in a text that is not one of `known` (`what` says what they are: "a field of this form"). */
export function checkPlaceholders(value: unknown, known: readonly string[], what: string, path: Path, ctx: CheckContext): void {
  if (typeof value !== 'string') return;
  for (const name of new Set(placeholders(value))) {
    if (known.includes(name)) continue;
    const near = closest(name, known);
    ctx.report(path, `uses {${name}}, which is not ${what}.${near ? ` Did you mean {${near}}?` : ''} Use one of: ${known.map((k) => `{${k}}`).join(', ')}.`, {
      kind: 'unknownPlaceholder',
      values: { name: `{${name}}`, known: known.map((k) => `{${k}}`).join(', ') },
    });
  }
}

/** Text with {placeholders} that the code fills in: only the names listed may appear. */
export function template(known: readonly string[], opts: TextOptions = {}): Schema<string> {
  const base = text(opts);
  return make(base.expects, { ...base.meta, kind: 'text', placeholders: known }, (value, path, ctx) => {
    base.check(value, path, ctx);
    checkPlaceholders(value, known, 'filled in here', path, ctx);
  });
}

/**
 * Reports a text that states a fact of the server's settings in its own words: it must hold each
 * of `facts` ({days}: a figure the code fills in from the setting that rules it), and may write no
 * figure of its own (a digit outside the placeholders), so that it can never drift from what the
 * server does.
 */
export function checkFacts(value: unknown, facts: readonly string[], path: Path, ctx: CheckContext, { figures = true } = {}): void {
  if (typeof value !== 'string' || value.trim() === '') return;
  const used = new Set(placeholders(value));
  const missing = facts.filter((name) => !used.has(name));
  if (missing.length > 0) {
    const names = missing.map((name) => `{${name}}`).join(', ');
    ctx.report(
      path,
      `leaves out ${names}: the figure the site fills in from its settings, so that this page always says what the server does. Write ${names} where it belongs.`,
      {
        kind: 'factLeftOut',
        values: { names },
      },
    );
  }
  const figure = figures ? /\d[\d.,:]*/.exec(value.replace(/\{\w+\}/g, '')) : null;
  if (figure) {
    const instead = facts.length > 0 ? `, or use ${facts.map((name) => `{${name}}`).join(', ')}` : '';
    ctx.report(path, `writes the figure "${figure[0]}" itself: the figures here come from the site's settings. Remove it${instead}.`, {
      kind: 'factRestated',
      values: { value: figure[0] },
    });
  }
}

/**
 * A text that tells a visitor what the server does (the privacy page): a template of `known` that
 * must hold each of `facts` and writes no figure of its own (checkFacts).
 */
export function factTemplate(known: readonly string[], facts: readonly string[] = known, opts: TextOptions = {}): Schema<string> {
  const base = template(known, opts);
  return make(base.expects, base.meta, (value, path, ctx) => {
    base.check(value, path, ctx);
    checkFacts(value, facts, path, ctx);
  });
}

/** The host a web address or an e-mail address in a text names, without a leading "www.", in lower case. */
const hostOf = (address: string) =>
  address
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^[^@/\s]*@/, '')
    .replace(/[/?#:].*$/, '')
    .replace(/^www\./, '');

/**
 * The web and e-mail addresses a mail program would make a link of: `https://…`, `www.…`, a bare
 * `name.domain` and `someone@name.domain`.
 */
function linksIn(words: string): string[] {
  return [...words.matchAll(/(?:[a-z][a-z0-9+.-]*:\/\/[^\s<>"']+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b(?:[a-z0-9-]+\.)+[a-z]{2,}\b(?:\/[^\s<>"']*)?)/gi)].map(
    (m) => m[0],
  );
}

/**
 * Words the site mails to any address a stranger types (an auto-reply, the newsletter's
 * confirmation): a link in them may lead only to the site itself (CheckContext.siteUrl), so that
 * nobody can turn a form into a relay of someone else's links under the agency's name.
 */
export function mailedToStrangers<S extends Schema<string>>(schema: S): S {
  return make(schema.expects, schema.meta, (value, path, ctx) => {
    schema.check(value, path, ctx);
    if (typeof value !== 'string') return;
    const own = ctx.siteUrl ? hostOf(ctx.siteUrl) : undefined;
    for (const link of linksIn(value)) {
      if (own && hostOf(link) === own) continue;
      ctx.report(
        path,
        `holds "${link}", which is not an address of this site. The words mailed to visitors may link only to ${ctx.siteUrl ?? 'the site itself'}: remove it.`,
        {
          kind: 'foreignLink',
          values: { value: link },
        },
      );
    }
  }) as S;
}

/**
 * Words that depend on a count: `one` for exactly 1, `other` for any other number (each a
 * template of `known`, {count} among them); text.ts fillCount picks and fills them.
 */
export function plural(known: readonly string[], opts: TextOptions = {}) {
  return object({ one: template(known, opts), other: template(known, opts) });
}

/**
 * A time in milliseconds, a whole number from 0 to `max`. `atLeast`: below it the site misbehaves
 * for visitors (or for the server), and the sentence says so in words: `what` the value is and
 * `because` of what.
 */
export function milliseconds(opts: { max: number; atLeast?: { ms: number; what: string; because: string } }): Schema<number> {
  const { atLeast } = opts;
  const base = number({ min: atLeast?.ms ?? 0, max: opts.max, integer: true });
  return make(base.expects, base.meta, (value, path, ctx) => {
    if (atLeast && typeof value === 'number' && Number.isInteger(value) && value < atLeast.ms) {
      const seconds = atLeast.ms / 1000;
      return ctx.report(
        path,
        `is ${value}, but ${atLeast.what} must be at least ${atLeast.ms} (${seconds} second${seconds === 1 ? '' : 's'}): ${atLeast.because}. Use ${atLeast.ms} or more.`,
        {
          kind: 'tooShortTime',
          values: { value, least: atLeast.ms, what: atLeast.what, because: atLeast.because },
        },
      );
    }
    base.check(value, path, ctx);
  });
}

export function number(opts: { min?: number; max?: number; integer?: boolean } = {}): Schema<number> {
  const expects = opts.integer ? 'a whole number' : 'a number';
  return make(expects, { kind: 'number', ...opts }, (value, path, ctx) => {
    if (typeof value !== 'number' || Number.isNaN(value)) return wrongKind(value, path, ctx, expects);
    if (opts.integer && !Number.isInteger(value)) ctx.report(path, `is ${value}, but it should be a whole number.`, { kind: 'notWhole', values: { value } });
    if (opts.min !== undefined && value < opts.min)
      ctx.report(path, `is ${value}, but it should be at least ${opts.min}.`, { kind: 'tooSmall', values: { value, min: opts.min } });
    if (opts.max !== undefined && value > opts.max)
      ctx.report(path, `is ${value}, but it should be at most ${opts.max}.`, { kind: 'tooLarge', values: { value, max: opts.max } });
  });
}

export function boolean(): Schema<boolean> {
  return make('true or false', { kind: 'boolean' }, (value, path, ctx) => {
    if (typeof value !== 'boolean') wrongKind(value, path, ctx, 'true or false');
  });
}

export function literal<const L extends string>(expected: L): Schema<L> {
  return make(quote(expected), { kind: 'fixed', value: expected }, (value, path, ctx) => {
    if (value !== expected) ctx.report(path, `should be ${quote(expected)}, but it is ${describeValue(value)}.`, { kind: 'wrongKind' });
  });
}

export function oneOf<const L extends string>(choices: readonly L[]): Schema<L> {
  const expects = `one of ${choices.map((c) => quote(c)).join(', ')}`;
  return make(expects, { kind: 'choice', options: choices }, (value, path, ctx) => {
    if (typeof value !== 'string') return wrongKind(value, path, ctx, expects);
    if (!choices.includes(value as L))
      ctx.report(path, `${quote(value)} is not allowed here. Use ${expects}.`, { kind: 'notAChoice', values: { value, choices: choices.join(', ') } });
  });
}

const MAIL_OR_PHONE = /^(mailto:[^\s@]+@[^\s@]+|tel:\+?[0-9][0-9\s().-]*)$/i;

/** A link target: a page of this site (`/Contact`, `/Contact#form`) or a full external address. */
export function href(): Schema<string> {
  return make('a page path like "/Contact" or a full address like "https://example.com"', { kind: 'link', pages: true }, (value, path, ctx) => {
    if (typeof value !== 'string') return wrongKind(value, path, ctx, 'a link in quotes');
    if (value.startsWith('#')) return;
    // A link to this site is parsed as an address is (src/schema/addresses.ts): "//host" is another site's.
    const linkProblem = value.startsWith('/') ? siteLinkProblem(value) : undefined;
    if (linkProblem) return ctx.report(path, `${quote(value)} ${linkProblem}`, { kind: 'badAddress', values: { value, problem: linkProblem } });
    const page = siteLinkOf(value)?.path;
    if (page !== undefined) {
      if (ctx.sitePaths.size > 0 && !ctx.sitePaths.has(page)) {
        const near = closest(page, [...ctx.sitePaths]);
        ctx.report(
          path,
          `${quote(value)} is not a page of this site.${near ? ` Did you mean "${near}"?` : ''} Use one of the addresses in config/routes.ts: ${[...ctx.sitePaths].join(', ')}.`,
          { kind: 'notAPage', values: { value } },
        );
      }
      return;
    }
    if (MAIL_OR_PHONE.test(value)) return;
    // Another site's address is parsed (new URL), as the browser will read it.
    const problem = /^https?:\/\//i.test(value) ? httpsAddressProblem(value, { http: true }) : 'does not look like a valid URL.';
    if (problem?.startsWith('does not look like a valid URL.')) {
      ctx.report(
        path,
        `${quote(value)} does not look like a valid URL. Make sure it starts with https:// (or mailto: or tel:), or with / for a page of this site.`,
        { kind: 'notALink', values: { value } },
      );
    } else if (problem) ctx.report(path, `${quote(value)} ${problem}`, { kind: 'badAddress', values: { value, problem } });
  });
}

/** A full address of another site over HTTPS, parsed as the browser reads it (src/schema/links.ts). */
function externalUrl(): Schema<string> {
  return make('a full address like "https://example.com"', { kind: 'link', pages: false }, (value, path, ctx) => {
    if (typeof value !== 'string') return wrongKind(value, path, ctx, 'a link in quotes');
    const problem = httpsAddressProblem(value);
    if (problem) ctx.report(path, `${quote(value)} ${problem}`, { kind: 'badAddress', values: { value, problem } });
  });
}

/**
 * The address of a page embedded in the site's pages (a map): a full HTTPS address whose host
 * (and port) the page policy names as a host (src/platform/headers.ts), nothing else of it.
 */
export function embedUrl(): Schema<string> {
  return externalUrl();
}

/** The site's own address (`https://www.example.com`), which canonical links, the sitemap and robots.txt start with. */
export function siteUrl(): Schema<string> {
  return make('the site\'s address like "https://www.example.com"', { kind: 'link', pages: false }, (value, path, ctx) => {
    if (typeof value !== 'string') return wrongKind(value, path, ctx, 'a link in quotes');
    const problem = siteAddressProblem(value);
    if (problem) ctx.report(path, `${quote(value)} ${problem}`, { kind: 'badAddress', values: { value, problem } });
  });
}

/** A path this site answers, as written in config/routes.ts: one path on this site, none the site's own apps or files use (src/schema/addresses.ts). */
export function routePath(): Schema<string> {
  return make('a path starting with / like "/Contact"', { kind: 'text', format: 'path' }, (value, path, ctx) => {
    if (typeof value !== 'string') return wrongKind(value, path, ctx, 'a path in quotes');
    const problem = addressProblem(value, { publicNames: ctx.publicNames ?? [] });
    if (problem) ctx.report(path, `${quote(value)} ${problem}`, { kind: 'badAddress', values: { value, problem } });
  });
}

/** A language and region tag like "en-GB", as browsers know them (Intl). */
export function languageTag(): Schema<string> {
  const base = text();
  return make('a language tag like "en-GB"', { kind: 'text', format: 'locale' }, (value, path, ctx) => {
    if (typeof value !== 'string') return base.check(value, path, ctx);
    try {
      if (Intl.DateTimeFormat.supportedLocalesOf([value]).length > 0) return;
    } catch {
      // Not a tag at all: reported below.
    }
    ctx.report(path, `${quote(value)} is not a language tag this site knows. Write one like "en-GB" or "en-US".`, { kind: 'notALanguage', values: { value } });
  });
}

/** A file in public/, referred to by its address on the site: "/images/team/ceo.svg". */
export function publicFile(): Schema<string> {
  return make('a file path like "/images/picture.svg"', { kind: 'text', format: 'file' }, (value, path, ctx) => {
    if (typeof value !== 'string') return wrongKind(value, path, ctx, 'a file path in quotes');
    // A picture not chosen yet (a new article's cover): nothing to look for.
    if (value === '') return ctx.report(path, 'is empty. Write the address of a file in public/, like "/images/picture.svg".', { kind: 'noPicture' });
    if (!value.startsWith('/'))
      return ctx.report(path, `${quote(value)} should start with / (files live in the public/ folder).`, { kind: 'notAFile', values: { value } });
    if (!ctx.publicFileExists(value))
      ctx.report(path, `${quote(value)} is not a file in public/. Put the file at public${value} or fix the name.`, { kind: 'notAFile', values: { value } });
  });
}

/** The name of a form described in config/forms. */
export function formRef(): Schema<string> {
  return make('the name of a form in config/forms', { kind: 'choice', options: [], from: 'forms' }, (value, path, ctx) => {
    if (typeof value !== 'string') return wrongKind(value, path, ctx, 'the name of a form in quotes');
    if (ctx.formIds.has(value)) return;
    const near = closest(value, [...ctx.formIds]);
    ctx.report(
      path,
      `${quote(value)} is not a form.${near ? ` Did you mean "${near}"?` : ''} Use one of the forms listed in config/forms/index.ts: ${[...ctx.formIds].join(', ')}.`,
      { kind: 'notAForm', values: { value } },
    );
  });
}

export function list<T>(item: Schema<T>, opts: { min?: number; max?: number } = {}): Schema<T[]> {
  return make('a list in [square brackets]', { kind: 'list', item, ...opts }, (value, path, ctx) => {
    if (!Array.isArray(value)) return wrongKind(value, path, ctx, 'a list in [square brackets]');
    if (opts.min !== undefined && value.length < opts.min) {
      ctx.report(path, `has ${value.length} item${value.length === 1 ? '' : 's'}, but it needs at least ${opts.min}.`, {
        kind: 'tooFew',
        values: { count: value.length, min: opts.min },
      });
    }
    if (opts.max !== undefined && value.length > opts.max) {
      ctx.report(path, `has ${value.length} items, but it may have at most ${opts.max}.`, { kind: 'tooMany', values: { count: value.length, max: opts.max } });
    }
    value.forEach((entry, i) => item.check(entry, [...path, i], ctx));
  });
}

export type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: undefined extends Infer<S[K]> ? K : never }[keyof S];
type RequiredKeys<S extends Shape> = Exclude<keyof S, OptionalKeys<S>>;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type InferObject<S extends Shape> = Simplify<
  { readonly [K in RequiredKeys<S>]: Infer<S[K]> } & { readonly [K in OptionalKeys<S>]?: Exclude<Infer<S[K]>, undefined> }
>;

export interface ObjectSchema<S extends Shape> extends Schema<InferObject<S>> {
  readonly shape: S;
}

/** A group of keys. Keys that are not described are reported, with the closest known key suggested. */
export function object<S extends Shape>(shape: S): ObjectSchema<S> {
  const known = Object.keys(shape);
  return {
    shape,
    optional: false,
    expects: 'a group of keys in {curly braces}',
    meta: { kind: 'object', shape },
    check(value, path, ctx) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return wrongKind(value, path, ctx, 'a group of keys in {curly braces}');
      }
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        if (!(key in shape)) {
          const near = closest(key, known);
          ctx.report(
            [...path, key],
            `is not a known key here.${near ? ` Did you mean "${near}"?` : ''} Rename or remove it. The keys allowed here are: ${known.join(', ')}.`,
            { kind: 'unknownKey' },
          );
        }
      }
      for (const key of known) shape[key]!.check(record[key], [...path, key], ctx);
    },
  };
}

/** One of several kinds of group, told apart by their `type` key (page sections; `what` names them: "a kind of block"). */
export function tagged<M extends Record<string, Schema<{ type: string }>>>(
  kinds: M,
  what = 'a section type',
  refusal: RefusalKind = 'notASectionType',
): Schema<Infer<M[keyof M]>> {
  const names = Object.keys(kinds);
  return make('a group of keys with a "type"', { kind: 'union', variants: kinds }, (value, path, ctx) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return wrongKind(value, path, ctx, 'a group of keys with a "type"');
    }
    const type = (value as { type?: unknown }).type;
    if (typeof type !== 'string' || !(type in kinds)) {
      const near = typeof type === 'string' ? closest(type, names) : undefined;
      const shown = type === undefined ? 'missing' : `${quote(type)}, which is not ${what}`;
      ctx.report([...path, 'type'], `is ${shown}.${near ? ` Did you mean "${near}"?` : ''} Use one of: ${names.join(', ')}.`, { kind: refusal });
      return;
    }
    kinds[type]!.check(value, path, ctx);
  });
}

/**
 * Writing made of typed blocks (headings, paragraphs, lists…): the same check as a list of
 * `block`, drawn by the editor as one rich-text box.
 */
export function richText<T>(block: Schema<T>, opts: { min?: number } = {}): Schema<T[]> {
  const base = list(block, opts);
  return make(base.expects, { kind: 'richText', item: block, ...opts }, (value, path, ctx) => {
    // Nothing written yet (a new article): said as such, not as a count of blocks.
    if (Array.isArray(value) && value.length === 0 && (opts.min ?? 0) > 0)
      return ctx.report(path, 'is empty. Write at least one block (a paragraph, a heading…).', { kind: 'nothingWritten' });
    base.check(value, path, ctx);
  });
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})$/;

/** Whether a text is a date as date() holds it: YYYY-MM-DD, a real day ("2026-02-30" is none). */
export function isDate(value: string): boolean {
  const day = DATE.test(value) ? new Date(`${value}T00:00:00Z`) : undefined;
  return !!day && !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** A calendar date written as YYYY-MM-DD ("2026-11-25"), a real day. */
export function date(): Schema<string> {
  return make('a date like "2026-11-25"', { kind: 'text', format: 'date' }, (value, path, ctx) => {
    if (typeof value !== 'string') return wrongKind(value, path, ctx, 'a date in quotes like "2026-11-25"');
    if (!isDate(value)) {
      ctx.report(path, `${quote(value)} is not a date. Write it as year-month-day, like "2026-11-25".`, { kind: 'notADate', values: { value } });
    }
  });
}

/** A moment written as an ISO 8601 date and time with its offset ("2026-12-01T09:00:00+01:00"). */
export function dateTime(): Schema<string> {
  return make('a date and time like "2026-12-01T09:00:00Z"', { kind: 'text', format: 'dateTime' }, (value, path, ctx) => {
    if (typeof value !== 'string') return wrongKind(value, path, ctx, 'a date and time in quotes like "2026-12-01T09:00:00Z"');
    if (!DATE_TIME.exec(value) || Number.isNaN(Date.parse(value))) {
      ctx.report(
        path,
        `${quote(value)} is not a date and time. Write it like "2026-12-01T09:00:00Z" (year-month-day, T, hours:minutes, then Z or the offset from UTC).`,
        { kind: 'notADateTime', values: { value } },
      );
    }
  });
}

/** The last part of an address ("responsive-website-redesign"): lower case letters and digits, with single dashes between words. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 80;

export function slug(): Schema<string> {
  return make('a short address like "my-first-article"', { kind: 'text', format: 'slug' }, (value, path, ctx) => {
    if (typeof value !== 'string') return wrongKind(value, path, ctx, 'an address in quotes like "my-first-article"');
    if (value.length > MAX_SLUG_LENGTH)
      return ctx.report(path, `${quote(value)} is longer than ${MAX_SLUG_LENGTH} characters. Shorten it.`, {
        kind: 'addressTooLong',
        values: { value, max: MAX_SLUG_LENGTH },
      });
    if (!SLUG.test(value)) {
      ctx.report(
        path,
        `${quote(value)} is not a valid address. Use only lower case letters (a-z), digits and single dashes between words, like "my-first-article".`,
        { kind: 'notAnArticleAddress', values: { value } },
      );
    }
  });
}

/** The known word closest to a mistyped one, if it is close enough to be a typo. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const saved = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = saved;
    }
  }
  return row[b.length]!;
}

/** Whether a text is a colour as color() holds it: # and six hexadecimal digits, in either case ("#1a4dd6"). */
export const isColour = (value: string): boolean => /^#[0-9a-f]{6}$/i.test(value);

/**
 * A colour written as #rrggbb. With `underWhiteText`, white text is written on it, so it must
 * be dark enough for that text to be read (WCAG AA: a contrast of at least 4.5 to 1).
 */
export function color(opts: { underWhiteText?: boolean } = {}): Schema<string> {
  return make('a colour like "#1a4dd6"', { kind: 'text', format: 'color' }, (value, path, ctx) => {
    if (typeof value !== 'string') return wrongKind(value, path, ctx, 'a colour in quotes like "#1a4dd6"');
    if (!isColour(value))
      return ctx.report(path, `${quote(value)} is not a colour. Write it as # followed by six digits or letters a-f, like "#1a4dd6".`, {
        kind: 'notAColour',
        values: { value },
      });
    if (opts.underWhiteText) {
      const ratio = contrastRatio(value, '#ffffff');
      if (ratio < MIN_TEXT_CONTRAST) {
        ctx.report(
          path,
          `${quote(value)} is too light: white text is written on it, and their contrast is ${(Math.floor(ratio * 10) / 10).toFixed(1)} to 1, but it should be at least ${MIN_TEXT_CONTRAST} to 1 to be easy to read. Choose a darker colour.`,
          { kind: 'tooLight', values: { value, ratio: (Math.floor(ratio * 10) / 10).toFixed(1), least: MIN_TEXT_CONTRAST } },
        );
      }
    }
  });
}

/** The least contrast between text and its background (WCAG 2 level AA, normal text). */
const MIN_TEXT_CONTRAST = 4.5;

/** The contrast ratio of two #rrggbb colours (WCAG 2), from 1 (the same) to 21 (black on white). */
function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
