/**
 * Fields shown when they apply (a field's `showWhen`): one description, read by the browser's
 * form (hidden fields not drawn, not sent, not checked), by our server and by the Firestore
 * rules generator (a hidden field's value refused, a shown one checked), and said in words when
 * the page runs without JavaScript (every field shown, with its condition under its label).
 *
 * A field is shown when it has no condition, or when the field its condition names is itself
 * shown and its answer is one of `is` (checkboxes: any ticked answer is). A hidden field is sent
 * empty: '' (text), [] (checkboxes), false (consent).
 */
import { fill } from '../../../schema/text';
import type { FieldConfig, FormConfig } from './formSchema';

/** What a field's answer is: text, a list of ticked options (checkboxes), or ticked or not (consent). */
export type FieldValue = string | string[] | boolean;

/** The answer of a field left empty (or hidden). */
export function emptyValue(field: Pick<FieldConfig, 'kind'>): FieldValue {
  return field.kind === 'checkboxes' ? [] : field.kind === 'consent' ? false : '';
}

/** Whether `value` is a field's empty answer. */
export function isEmptyValue(value: unknown): boolean {
  return value === '' || value === false || (Array.isArray(value) && value.length === 0);
}

/** Whether a field's answer `value` meets a condition's `is`. */
function answerIs(value: unknown, is: readonly string[]): boolean {
  if (Array.isArray(value)) return value.some((v) => typeof v === 'string' && is.includes(v));
  return typeof value === 'string' && is.includes(value);
}

/** The names of the fields shown for these answers (a condition in a loop, which the checker refuses, hides its fields). */
export function shownFields(form: Pick<FormConfig, 'fields'>, values: Readonly<Record<string, unknown>>): Set<string> {
  const byName = new Map(form.fields.map((f) => [f.name, f]));
  const known = new Map<string, boolean>();
  const visit = (field: FieldConfig, seen: Set<string>): boolean => {
    const cached = known.get(field.name);
    if (cached !== undefined) return cached;
    const condition = field.showWhen;
    let shown = true;
    if (condition) {
      const on = byName.get(condition.field);
      shown = !!on && !seen.has(on.name) && visit(on, new Set([...seen, field.name])) && answerIs(values[on.name], condition.is);
    }
    known.set(field.name, shown);
    return shown;
  };
  return new Set(form.fields.filter((f) => visit(f, new Set([f.name]))).map((f) => f.name));
}

/** The answers with every hidden field emptied: what the browser sends. */
export function withHiddenEmptied<T extends Record<string, unknown>>(form: Pick<FormConfig, 'fields'>, values: T): T {
  const shown = shownFields(form, values);
  const out: Record<string, unknown> = { ...values };
  for (const field of form.fields) if (!shown.has(field.name)) out[field.name] = emptyValue(field);
  return out as T;
}

/** A field's condition in words (its `says`, or the form's messages.onlyIf filled in), or undefined without one. */
export function conditionWords(form: Pick<FormConfig, 'fields' | 'messages'>, field: FieldConfig): string | undefined {
  const condition = field.showWhen;
  if (!condition) return undefined;
  if (condition.says !== undefined) return condition.says;
  const on = form.fields.find((f) => f.name === condition.field);
  const label = (value: string) => on?.options?.find((o) => o.value === value)?.label ?? value;
  return fill(form.messages.onlyIf, { label: on?.label ?? condition.field, values: condition.is.map(label).join(form.messages.onlyIfOr) });
}
