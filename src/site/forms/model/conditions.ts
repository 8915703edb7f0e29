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
import type { CheckContext, Path } from '../../../schema/schema';
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
export function answerIs(value: unknown, is: readonly string[]): boolean {
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

const listed = (values: readonly string[]) => values.map((v) => JSON.stringify(v)).join(', ');

/**
 * The checker's sentences on a form's conditions: a condition names a field the form has, one
 * with options (select, radio, checkboxes), answers among its options, and no loop.
 */
export function checkConditions(fields: readonly Partial<FieldConfig>[], at: Path, ctx: CheckContext): void {
  const named = fields.filter((f): f is Partial<FieldConfig> & { name: string } => !!f && typeof f === 'object' && typeof f.name === 'string');
  const byName = new Map(named.map((f) => [f.name, f]));
  fields.forEach((field, i) => {
    const condition = field && typeof field === 'object' ? field.showWhen : undefined;
    if (!condition || typeof condition !== 'object' || typeof condition.field !== 'string') return;
    const where = [...at, i, 'showWhen', 'field'];
    if (condition.field === field.name) {
      ctx.report(where, `names this field itself, so it could never be shown. Name another field, one whose answer decides.`, { kind: 'developerSetting' });
      return;
    }
    const on = byName.get(condition.field);
    if (!on) {
      ctx.report(where, `${JSON.stringify(condition.field)} is not a field of this form. Use one of: ${listed(named.map((f) => f.name).filter((n) => n !== field.name))}.`, {
        kind: 'developerSetting',
      });
      return;
    }
    if (on.kind !== 'select' && on.kind !== 'radio' && on.kind !== 'checkboxes') {
      ctx.report(where, `${JSON.stringify(condition.field)} is a ${String(on.kind)} field, which has no options to choose: a condition needs a select, radio or checkboxes field.`, {
        kind: 'developerSetting',
      });
      return;
    }
    const options = (Array.isArray(on.options) ? on.options : []).filter((o) => o && typeof o === 'object' && !o.disabled).map((o) => o.value);
    (Array.isArray(condition.is) ? condition.is : []).forEach((value, n) => {
      if (typeof value === 'string' && !options.includes(value))
        ctx.report([...at, i, 'showWhen', 'is', n], `${JSON.stringify(value)} is not one of the options of ${JSON.stringify(on.name)}. Use one of: ${listed(options)}.`, {
          kind: 'notAChoice',
          values: { value, choices: options.join(', ') },
        });
    });
    // A loop: following the conditions from this field comes back to it.
    const chain = [field.name ?? String(i)];
    let next: Partial<FieldConfig> | undefined = on;
    while (next && typeof next.name === 'string') {
      if (next.name === field.name) {
        ctx.report(where, `makes a loop (${chain.map((n) => JSON.stringify(n)).join(' → ')} → ${JSON.stringify(field.name)}): each of these fields is shown only when another of them is, so none ever would be. Break the loop.`, {
          kind: 'developerSetting',
        });
        return;
      }
      if (chain.includes(next.name)) return; // a loop further on, reported at its own fields
      chain.push(next.name);
      const further: unknown = next.showWhen;
      next = further && typeof further === 'object' && typeof (further as { field?: unknown }).field === 'string' ? byName.get((further as { field: string }).field) : undefined;
    }
  });
}
