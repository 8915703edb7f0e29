/**
 * The Firebase security rules, made from config/forms: `firestore.rules` and `storage.rules`.
 * In Firebase mode the browser writes documents to Firestore and CVs to Cloud Storage itself,
 * so these rules are the only check on the server side. They say what our own server says
 * (src/site/forms/model/document.ts validateDocument, src/leads/server/api.ts): nothing here is written per form.
 *
 * Firestore, for each form's collection: `create` only, at a document id that is a lowercase
 * v4 UUID (the submission key the browser makes), when the document has exactly the form's
 * keys plus id and Date, every field is text within its maxLength (without NUL; for a select
 * or radio field, empty or one of its options; checkboxes: a list of its options, each at most once; consent: true
 * or false), a field its condition hides (showWhen, src/site/forms/model/conditions.ts) is
 * empty, and every check of a shown field holds, with the same patterns as
 * src/platform/rules.ts. Nothing can be read, changed or deleted; any other path is refused.
 *
 * Cloud Storage, for each upload folder of a file field: `create` of a file whose name is a
 * storage id (src/platform/storageId.ts), no larger than the upload's maxBytes, with one of its
 * media types; `get` (the download URL needs it); nothing else anywhere.
 *
 * Both files are committed; the build rewrites them when config/ changed them, and a Firebase
 * deploy refuses files that are not this output (src/deploy/deployFiles.ts).
 */
import { MAX_DATE_TEXT, buildDocument } from '../site/forms/model/document';
import type { FieldConfig, FormConfig } from '../site/forms/model/formSchema';
import { fixedRuleNames, isCountedRule, ruleDescription, ruleDescriptions, storableText, type RuleDescription, type RuleName } from '../platform/rules';
import { storageIdSource, submissionKeySource } from '../platform/storageId';

/** The forms, by the name config/forms/index.ts gives them. */
export type Forms = Readonly<Record<string, FormConfig>>;

export const FIRESTORE_RULES_FILE = 'firestore.rules';
export const STORAGE_RULES_FILE = 'storage.rules';

/** Control characters and line breaks: a rules string or comment cannot hold them. */
const isControl = (char: string) => {
  const code = char.codePointAt(0)!;
  return code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029;
};

/** A string literal of the rules language: single quotes, with backslash and quote escaped. */
export function rulesString(value: string): string {
  if ([...value].some(isControl)) {
    throw new Error(`${JSON.stringify(value)} holds a control character or line break, which a rules file cannot hold in a string.`);
  }
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function rulesList(values: readonly string[]): string {
  return `[${values.map(rulesString).join(', ')}]`;
}

/** A path segment of a match statement; the same characters our server accepts in a folder name. */
function pathSegment(segment: string, what: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) {
    throw new Error(`${what} ${JSON.stringify(segment)} cannot be written in a rules path: use only letters, digits, _ and -.`);
  }
  return segment;
}

/** A comment line's text: one line, whatever config holds. */
function commentText(text: string): string {
  return [...text].map((char) => (isControl(char) ? ' ' : char)).join('');
}

const checkFunction = (name: RuleName) => `check${name[0]!.toUpperCase()}${name.slice(1)}`;

/** The rules-language condition that `value` passes `rule`. */
function ruleCondition(rule: RuleDescription, value: string): string {
  const matches = `${value}.matches(${rulesString(rule.pattern)})`;
  return rule.emptyPasses ? `(${value} == '' || ${matches})` : matches;
}

/** The values a select field may hold: empty, or an option that can be picked (as buildSchema.ts). */
function allowedValues(field: FieldConfig): string[] | undefined {
  if (!field.options) return undefined;
  return [...new Set(['', ...field.options.filter((o) => !o.disabled).map((o) => o.value)])];
}

/** The stored keys of a form's documents, in order: those of the document buildDocument makes. */
function documentKeys(form: FormConfig): string[] {
  return Object.keys(buildDocument(form, {}, new Date(0)));
}

/** The rules-language condition that a field's value has its kind's type and limits. */
function typeConditions(field: FieldConfig, value: string): string[] {
  if (field.kind === 'consent') return [`${value} is bool`];
  const options = allowedValues(field);
  if (field.kind === 'checkboxes') {
    const ticked = (options ?? []).filter((o) => o !== '');
    return [`${value} is list`, `${value}.size() <= ${ticked.length}`, `${value}.hasOnly(${rulesList(ticked)})`, `${value}.toSet().size() == ${value}.size()`];
  }
  return [`isText(${value}, ${field.maxLength})`, ...(options ? [`${value} in ${rulesList(options)}`] : [])];
}

/** The rules-language condition that a field is shown: its condition's field shown, and its answer one of `is` (conditions.ts). */
function shownCondition(form: FormConfig, field: FieldConfig, value: (name: string) => string, seen: string[] = []): string | undefined {
  const condition = field.showWhen;
  if (!condition) return undefined;
  const on = form.fields.find((f) => f.name === condition.field);
  if (!on || seen.includes(on.name) || on.name === field.name) {
    throw new Error(`The condition of ${field.name} names ${JSON.stringify(condition.field)}, which is not a field or makes a loop.`);
  }
  const answer = on.kind === 'checkboxes' ? `${value(on.name)}.hasAny(${rulesList(condition.is)})` : `${value(on.name)} in ${rulesList(condition.is)}`;
  const above = shownCondition(form, on, value, [...seen, field.name]);
  return above ? `(${above} && ${answer})` : answer;
}

/** The rules-language condition that a field's value is its empty answer (conditions.ts emptyValue). */
function emptyCondition(field: FieldConfig, value: string): string {
  return field.kind === 'checkboxes' ? `${value}.size() == 0` : field.kind === 'consent' ? `${value} == false` : `${value} == ''`;
}

/** The rules-language condition that a field's value passes a check (as buildSchema.ts passes()). */
function checkCondition(field: FieldConfig, check: FormConfig['checks'][number], value: string): string {
  if (field.kind === 'checkboxes') return check.rule === 'required' ? `${value}.size() > 0` : 'false';
  if (field.kind === 'consent') return check.rule === 'required' ? `${value} == true` : 'false';
  return isCountedRule(check.rule) ? ruleCondition(ruleDescription(check.rule, check.min), value) : `${checkFunction(check.rule)}(${value})`;
}

function firestoreMatch(id: string, form: FormConfig): string[] {
  const data = 'request.resource.data';
  const value = (name: string) => `${data}[${rulesString(name)}]`;
  const keys = rulesList(documentKeys(form));
  const byName = new Map(form.fields.map((f) => [f.name, f]));
  const shown = new Map(form.fields.map((f) => [f.name, shownCondition(form, f, value)]));
  const conditions = [
    'isSubmissionKey(docId)',
    `${data}.keys().hasOnly(${keys})`,
    `${data}.keys().hasAll(${keys})`,
    `hasStamp(${data})`,
    ...form.fields.flatMap((field) => typeConditions(field, value(field.name))),
    // A field its condition hides is empty.
    ...form.fields.flatMap((field) => {
      const when = shown.get(field.name);
      return when ? [`(${when} || ${emptyCondition(field, value(field.name))})`] : [];
    }),
    ...form.checks.map((check) => {
      const field = byName.get(check.field)!;
      const passes = checkCondition(field, check, value(check.field));
      const when = shown.get(check.field);
      return when ? `(!(${when}) || ${passes})` : passes;
    }),
  ];
  return [
    `    // The ${commentText(id)} form. Its checks, in order: ${commentText(form.checks.map((c) => `${c.field} ${c.rule}${c.min === undefined ? '' : ` ${c.min}`}`).join(', ') || 'none')}.`,
    `    match /${pathSegment(form.collection, 'The collection')}/{docId} {`,
    `      allow create: if ${conditions.join('\n        && ')};`,
    '      allow read, update, delete: if false;',
    '    }',
  ];
}

/** The opening lines both rules files share: the language version and where they come from. */
function rulesHeader(): string[] {
  return ["rules_version = '2';", '', '// Written from config/forms by the build (src/deploy/firebaseRules.ts): do not edit.'];
}

/** firestore.rules for these forms. */
export function firestoreRules(forms: Forms): string {
  const lines = [
    ...rulesHeader(),
    '// Visitors may only create documents, each once, in the forms\' collections; nobody can read them here.',
    'service cloud.firestore {',
    '  match /databases/{database}/documents {',
    '    // The document id: the submission key the browser makes (crypto.randomUUID()).',
    '    function isSubmissionKey(docId) {',
    `      return docId.matches(${rulesString(submissionKeySource)});`,
    '    }',
    ...fixedRuleNames.flatMap((name) => [
      '',
      `    // ${name}: ${commentText(ruleDescriptions[name].summary)}`,
      `    function ${checkFunction(name)}(value) {`,
      `      return ${ruleCondition(ruleDescriptions[name], 'value')};`,
      '    }',
    ]),
    '',
    `    // id: the submit time in milliseconds, a positive whole number; Date: the same moment as text.`,
    '    function hasStamp(data) {',
    '      return data.id is int && data.id > 0 && data.id <= 9007199254740991',
    `        && data.Date is string && data.Date.size() <= ${MAX_DATE_TEXT} && ${checkFunction('required')}(data.Date);`,
    '    }',
    '',
    '    // A field\'s value: text of at most maxLength characters, without the NUL character.',
    '    function isText(value, maxLength) {',
    `      return value is string && value.size() <= maxLength && ${ruleCondition(storableText, 'value')};`,
    '    }',
    ...Object.entries(forms).flatMap(([id, form]) => ['', ...firestoreMatch(id, form)]),
    '',
    '    // Anything else: refused.',
    '    match /{document=**} {',
    '      allow read, write: if false;',
    '    }',
    '  }',
    '}',
  ];
  return `${lines.join('\n')}\n`;
}

/** The upload settings of every file field, with where they come from. */
function uploads(forms: Forms): { id: string; field: string; upload: NonNullable<FieldConfig['upload']> }[] {
  return Object.entries(forms).flatMap(([id, form]) =>
    form.fields.flatMap((field) => (field.upload ? [{ id, field: field.name, upload: field.upload }] : [])),
  );
}

/** storage.rules for these forms. */
export function storageRules(forms: Forms): string {
  const folders = uploads(forms).flatMap(({ id, field, upload }) => {
    const segments = upload.pathPrefix.split('/');
    if (segments.pop() !== '') throw new Error(`The upload folder ${JSON.stringify(upload.pathPrefix)} of ${id}.${field} must end with /.`);
    const path = segments.map((s) => `/${pathSegment(s, `A folder of ${id}.${field}'s upload folder,`)}`).join('');
    return [
      '',
      `    // ${commentText(`${field} of the ${id} form`)}.`,
      `    match ${path}/{fileId} {`,
      `      allow create: if fileId.matches(${rulesString(storageIdSource)})`,
      `        && request.resource.size <= ${upload.maxBytes}`,
      `        && request.resource.contentType in ${rulesList(upload.mediaTypes)};`,
      '      // The download URL the form stores is fetched with get.',
      '      allow get: if true;',
      '      allow list, update, delete: if false;',
      '    }',
    ];
  });
  const lines = [
    ...rulesHeader(),
    '// Visitors may only upload a new file to a form\'s upload folder, and fetch a file by its name.',
    'service firebase.storage {',
    '  match /b/{bucket}/o {',
    ...folders.slice(1),
    '',
    '    // Anything else: refused.',
    '    match /{allPaths=**} {',
    '      allow read, write: if false;',
    '    }',
    '  }',
    '}',
  ];
  return `${lines.join('\n')}\n`;
}
