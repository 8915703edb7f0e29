/**
 * A new form's parts, worked out without drawing anything (NewFormScreen uses them, the editor's
 * server holds what they make): the file named from its title, the collection its answers are
 * stored in (made from the title, unique among the forms), a question's key made from its label
 * (fixed from then on), and the form's first value with the words config/admin.ts starts it with.
 */
import admin from '../../../config/admin';
import forms from '../../../config/forms';
import server from '../../../config/server';
import { choiceKinds } from '../../site/forms/model/formSchema';
import { sharedMessages } from '../../site/forms/model/registry';
import { isCountedRule } from '../../platform/rules';
import { fill, slugOf } from '../../schema/text';

const start = admin.content.newForm.start;
/** The site's own upload limits: the CV question's (the specification's freelancer form). */
const cvUpload = forms.freelancer.fields.find((field) => field.kind === 'file')!.upload!;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The words of a title, ASCII letters and digits only ("Free website audit!" -> ["free", "website", "audit"]). */
const wordsOf = (title: string) => slugOf(title, 200).split('-').filter(Boolean);
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The first name not taken among `base`, `base2`, `base3`… (`joint` between them: "-" for a file, "" for a key). */
function freeName(base: string, taken: ReadonlySet<string>, joint: string): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}${joint}${n}`;
    if (!taken.has(name)) return name;
  }
}

/** The form's name in config/forms (its file's name, the name pages place it by): the title's words joined by "-". */
export function newFormId(title: string, taken: ReadonlySet<string>): string {
  return freeName(slugOf(title, 60) || 'form', taken, '-');
}

export const formFileOf = (id: string) => `config/forms/${id}.ts`;

/** Where its answers are stored: the title's words in PascalCase ("Free website audit" -> FreeWebsiteAudit), another when taken. */
export function collectionOf(title: string, taken: ReadonlySet<string>): string {
  const base = wordsOf(title).map(capital).join('') || 'Form';
  return freeName(/^[0-9]/.test(base) ? `Form${base}` : base, taken, '');
}

/**
 * Keys a question never gets: the spam trap's (config/server.ts spamTrap.name), which our server
 * reads as a robot's answer, so a question under it would send every visitor's post to Spam.
 */
const RESERVED_KEYS: readonly string[] = [server.spamTrap.name];

/** A question's key from its label ("Your current site" -> yourCurrentSite), another when taken (the form's questions and its retired ones) or reserved. */
export function fieldKeyOf(label: string, taken: ReadonlySet<string>): string {
  const [first = 'question', ...rest] = wordsOf(label);
  const base = `${first}${rest.map(capital).join('')}`;
  return freeName(/^[0-9]/.test(base) ? `q${base}` : base, new Set([...taken, ...RESERVED_KEYS]), '');
}

/** Every key a form has used: its questions' and its retired ones'. */
export function keysTaken(form: unknown): Set<string> {
  const names = (key: string) =>
    (isRecord(form) && Array.isArray(form[key]) ? form[key] : []).flatMap((f: unknown) => (isRecord(f) && typeof f.name === 'string' ? [f.name] : []));
  return new Set([...names('fields'), ...names('retired')]);
}

export interface NewForm {
  title: string;
  /** What it brings: a key of config/admin.ts `kinds`. */
  kind: string;
  /** How long its answers are kept: one of config/admin.ts content.newForm.retentionChoices. */
  days: number;
}

/** The form's first value: publishable as it is, with one question and the words config/admin.ts starts a form with. */
export function newFormValue({ title, kind, days }: NewForm, collections: ReadonlySet<string>): Record<string, unknown> {
  const name = fieldKeyOf(start.question, new Set());
  const fields = [{ name, kind: 'text', label: start.question, maxLength: 100, required: true }];
  return {
    title,
    collection: collectionOf(title, collections),
    kind,
    submitLabel: start.submitLabel,
    submittingLabel: start.submittingLabel,
    layout: 'stacked',
    fields,
    checks: emailChecks(fields, requiredChecks(fields, [])),
    reset: 'afterSave',
    success: { toast: start.success, variant: 'success' },
    failure: { toast: start.failure, variant: 'error' },
    columns: {},
    notify: { subject: fill(start.notify, { title }), email: start.notifyByEmail, webhook: start.notifyByWebhook },
    retention: { days },
    messages: sharedMessages,
  };
}

/**
 * Whether an owner-only setting of a form made by an editor is what a new form starts with (so an
 * editor may make it): a retention offered, the notifications and columns as config/admin.ts starts them.
 */
export function startsAs(path: readonly (string | number)[], value: unknown): boolean {
  const at = (keys: readonly (string | number)[]) =>
    keys.reduce<unknown>((v, k) => (isRecord(v) || Array.isArray(v) ? (v as Record<string, unknown>)[k] : undefined), value);
  const key = path.join('.');
  if (key === 'retention') {
    const retention = at(['retention']);
    return isRecord(retention) && Object.keys(retention).length === 1 && admin.content.newForm.retentionChoices.some((c) => c.days === retention.days);
  }
  if (key === 'notify.email') return at(path) === start.notifyByEmail;
  if (key === 'notify.webhook') return at(path) === start.notifyByWebhook;
  if (key === 'columns') return isRecord(at(path)) && Object.keys(at(path) as object).length === 0;
  return false;
}

/**
 * The page that lists what each form collects (the privacy notice: a section whose `forms.items`
 * name the forms), with the new form added to its list: every form must say there why it asks.
 * Undefined when no page has such a list.
 */
export function privacyWithForm(
  pages: readonly { file: string; value: unknown }[],
  item: { form: string; name: string; purpose: string },
): { file: string; value: Record<string, unknown> } | undefined {
  for (const { file, value } of pages) {
    if (!isRecord(value) || !Array.isArray(value.sections)) continue;
    const at = value.sections.findIndex((section: unknown) => isRecord(section) && isRecord(section.forms) && Array.isArray(section.forms.items));
    if (at < 0) continue;
    const section = value.sections[at] as Record<string, Record<string, unknown[]>>;
    const items = section.forms!.items!.filter((old) => !isRecord(old) || old.form !== item.form);
    const sections = value.sections.map((s: unknown, i: number) => (i === at ? { ...section, forms: { ...section.forms, items: [...items, item] } } : s));
    return { file, value: { ...value, sections } };
  }
  return undefined;
}

/**
 * A form made in the editor as the office changes it (`after`), its questions not yet published
 * keyed by their labels: each question the published form (`published`) does not have gets its
 * key made from its label again (its checks follow it), and a limit at least what a question of
 * its kind starts with (config/admin.ts); a question of choices gets a first answer (its kind
 * changed to one without, its answers go). A published question's key never changes; one removed
 * is retired, so its key is never used again. Checks and conditions follow their question's key,
 * and go with a question removed.
 */
export function followLabels(published: unknown, after: unknown): unknown {
  if (!isRecord(after) || !Array.isArray(after.fields)) return after;
  const fixed = keysTaken(published);
  const renamed = new Map<string, string>();
  const taken = new Set(fixed);
  const fields = after.fields.map((field: unknown) => {
    if (!isRecord(field) || (typeof field.name === 'string' && fixed.has(field.name))) return field;
    const name = fieldKeyOf(typeof field.label === 'string' ? field.label : '', taken);
    taken.add(name);
    if (typeof field.name === 'string' && field.name !== name) renamed.set(field.name, name);
    const least = (start.maxLength as Record<string, number | undefined>)[typeof field.kind === 'string' ? field.kind : ''];
    const maxLength = least !== undefined && !(typeof field.maxLength === 'number' && field.maxLength >= least) ? least : field.maxLength;
    const { options, upload, ...rest } = field;
    const choices = (choiceKinds as readonly unknown[]).includes(field.kind);
    const answers = choices ? (Array.isArray(options) && options.length > 0 ? options : [{ value: start.option }]) : undefined;
    const files = field.kind === 'file' ? (isRecord(upload) ? upload : uploadOf(after.collection)) : undefined;
    return {
      ...rest,
      name,
      ...(maxLength === undefined ? {} : { maxLength }),
      ...(answers === undefined ? {} : { options: answers }),
      ...(files === undefined ? {} : { upload: files }),
    };
  });
  const gone = retiredOf(published, fields);
  // A check or a condition follows its question's new key, and goes with a question removed.
  const follow = (key: unknown) => (typeof key === 'string' && renamed.has(key) ? renamed.get(key) : key);
  const names = new Set(fields.map((f: unknown) => (isRecord(f) ? f.name : undefined)));
  const removed = (key: unknown) => typeof key === 'string' && key !== '' && !names.has(key);
  const conditioned = fields.map((field: unknown) => {
    if (!isRecord(field) || !isRecord(field.showWhen)) return field;
    const { showWhen, ...rest } = field;
    const on = follow(showWhen.field);
    if (removed(on)) return rest;
    // Its answers: never an empty one (the editor adds a condition with one), the named question's first when none is left.
    const given = (Array.isArray(showWhen.is) ? showWhen.is : []).filter((answer: unknown) => answer !== '');
    const question = fields.find((f: unknown) => isRecord(f) && f.name === on);
    const first = isRecord(question) && Array.isArray(question.options) ? question.options.find((o: unknown) => isRecord(o) && o.value !== '') : undefined;
    const is = given.length === 0 && isRecord(first) ? [first.value] : given;
    return { ...rest, showWhen: { ...showWhen, field: on, is } };
  });
  const followed = Array.isArray(after.checks)
    ? after.checks
        .map((check: unknown) => (isRecord(check) && follow(check.field) !== check.field ? { ...check, field: follow(check.field) } : check))
        .filter((check: unknown) => !(isRecord(check) && removed(check.field)))
    : undefined;
  const checks = followed === undefined ? after.checks : emailChecks(conditioned, requiredChecks(conditioned, followed.map(withNumber)));
  const kept = Array.isArray(after.retired) ? after.retired : [];
  const retired = [...kept, ...gone.filter((q) => !kept.some((old) => isRecord(old) && old.name === q.name))];
  return { ...after, fields: conditioned, ...(checks === undefined ? {} : { checks }), ...(retired.length > 0 ? { retired } : {}) };
}

/**
 * A file question's upload: the files the site's CV question takes (its types and size), its
 * words from config/admin.ts, stored in a folder of the form's own (Image/<collection>/).
 */
function uploadOf(collection: unknown): Record<string, unknown> {
  const { extensions, mediaTypes, maxBytes } = cvUpload;
  return { pathPrefix: `Image/${typeof collection === 'string' ? collection : 'Form'}/`, extensions, mediaTypes, maxBytes, ...start.upload };
}

/** The published questions (`published`'s) no longer among `fields`: removed, they are retired ({ name, label, kind }), their key never used again. */
function retiredOf(published: unknown, fields: readonly unknown[]): { name: string; label: unknown; kind: unknown }[] {
  const live = isRecord(published) && Array.isArray(published.fields) ? published.fields : [];
  return live.flatMap((q: unknown) =>
    isRecord(q) && typeof q.name === 'string' && !fields.some((f) => isRecord(f) && f.name === q.name) ? [{ name: q.name, label: q.label, kind: q.kind }] : [],
  );
}

/** A check with the number its rule needs (at least N characters: the number config/admin.ts starts it with), and none for a rule without. */
function withNumber(check: unknown): unknown {
  if (!isRecord(check)) return check;
  const counted = typeof check.rule === 'string' && isCountedRule(check.rule);
  if (counted && typeof check.min !== 'number') return { ...check, min: start.min };
  if (!counted && check.min !== undefined) {
    const { min: _left, ...rest } = check;
    return rest;
  }
  return check;
}

/**
 * The checks with a question's Required switch made true (the switch alone only draws a star): a
 * question switched on gets its "must be filled in" check, first of its checks, with the message
 * config/admin.ts starts it with; one switched off loses it.
 */
function requiredChecks(fields: readonly unknown[], checks: readonly unknown[]): unknown[] {
  const isRequiredOf = (check: unknown, name: unknown) => isRecord(check) && check.field === name && check.rule === 'required';
  let out = checks.filter((check) => {
    const field = fields.find((f) => isRecord(f) && isRecord(check) && f.name === check.field);
    return !(isRequiredOf(check, isRecord(check) ? check.field : undefined) && isRecord(field) && field.required !== true);
  });
  for (const field of fields) {
    if (!isRecord(field) || field.required !== true || out.some((check) => isRequiredOf(check, field.name))) continue;
    const added = { field: field.name, rule: 'required', message: fill(start.required, { label: typeof field.label === 'string' ? field.label : '' }) };
    const first = out.findIndex((check) => isRecord(check) && check.field === field.name);
    out = first < 0 ? [...out, added] : [...out.slice(0, first), added, ...out.slice(first)];
  }
  return out;
}

/**
 * The checks with every e-mail question's own "is an e-mail address" check, which the office need
 * not think of: `email` when the question is required, `emailOrEmpty` when it may be left empty (the
 * one the office chose, or one made with the message config/admin.ts starts it with, after its
 * "must be filled in"). Our server runs them as any other check.
 */
function emailChecks(fields: readonly unknown[], checks: readonly unknown[]): unknown[] {
  const isEmailOf = (check: unknown, name: unknown) => isRecord(check) && check.field === name && (check.rule === 'email' || check.rule === 'emailOrEmpty');
  let out = [...checks];
  for (const field of fields) {
    if (!isRecord(field) || field.kind !== 'email') continue;
    const rule = field.required === true ? 'email' : 'emailOrEmpty';
    const own = out.findIndex((check) => isEmailOf(check, field.name));
    if (own >= 0) {
      out = out.map((check, i) => (i === own && isRecord(check) ? { ...check, rule } : check));
      continue;
    }
    const added = { field: field.name, rule, message: fill(start.email, { label: typeof field.label === 'string' ? field.label : '' }) };
    const required = out.findIndex((check) => isRecord(check) && check.field === field.name && check.rule === 'required');
    const first = out.findIndex((check) => isRecord(check) && check.field === field.name);
    const at = required >= 0 ? required + 1 : first >= 0 ? first : out.length;
    out = [...out.slice(0, at), added, ...out.slice(at)];
  }
  return out;
}

/** A form's name as the office knows it: its own title (a form made in the editor), or the one config/admin.ts `forms` gives it. */
export function formTitleOf(id: string, value: unknown): string {
  if (isRecord(value) && typeof value.title === 'string' && value.title.trim() !== '') return value.title;
  return (admin.forms as Readonly<Record<string, string>>)[id] ?? id;
}
