/**
 * One yup schema per form, made from its config. It is used twice: by react-hook-form in
 * the browser (through @hookform/resolvers) and by our server on every request, so a
 * visitor and a script posting by hand meet exactly the same rules and messages.
 *
 * All rules live in one object-level test that walks the form's checks in their config
 * order and reports only the first failure: the order of the specification decides which
 * message a visitor sees, and no yup default message can ever reach anyone.
 */
import * as yup from 'yup';
import { fill } from '../../../schema/text';
import type { FieldConfig, FormConfig } from './formSchema';
import { isStorableText, rules } from '../../../platform/rules';
import { emptyValue, isEmptyValue, shownFields, type FieldValue } from './conditions';

/** A form's answers by field name: text, or a list of ticked options (checkboxes), or ticked or not (consent). */
export type FormValues = Record<string, FieldValue>;

export interface Failure {
  /** The field (document key) the message belongs to. */
  field: string;
  message: string;
  /**
   * Which of the form's checks failed (its index in `checks`), or NOT_A_CHECK for what no
   * honest browser sends (an unknown or missing key, a value too long or not text): a plain
   * post's outcome names it (`?invalid=…&check=n`) and the page shows that check's message.
   */
  check: number;
}

export const NOT_A_CHECK = -1;

/** False when the text holds half of a surrogate pair: JSON can carry one ("\ud800"), but it is no character. */
function wellFormed(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = value.charCodeAt(i + 1);
    if (unit > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
    i++;
  }
  return true;
}

/** A failure that is none of the form's checks. */
const notACheck = (field: string, message: string): Failure => ({ field, message, check: NOT_A_CHECK });

/** A text answer's problem: not text, too long, not storable, or not one of the field's options. */
function textFailure(form: FormConfig, field: FieldConfig, value: unknown): Failure | null {
  const { messages } = form;
  const label = { label: field.label };
  if (typeof value !== 'string') return notACheck(field.name, fill(messages.notText, label));
  if (value.length > field.maxLength) return notACheck(field.name, fill(messages.tooLong, { ...label, max: field.maxLength }));
  if (!isStorableText(value) || !wellFormed(value)) return notACheck(field.name, fill(messages.notText, label));
  if (field.options && value !== '' && !field.options.some((o) => o.value === value && !o.disabled))
    return notACheck(field.name, fill(messages.notAnOption, label));
  return null;
}

function limitFailure(form: FormConfig, field: FieldConfig, value: unknown): Failure | null {
  const label = { label: field.label };
  if (field.kind === 'consent') return typeof value === 'boolean' ? null : notACheck(field.name, fill(form.messages.notText, label));
  if (field.kind !== 'checkboxes') return textFailure(form, field, value);
  // A list of ticked options, each once.
  if (!Array.isArray(value)) return notACheck(field.name, fill(form.messages.notText, label));
  for (const item of value) {
    const failure = textFailure(form, field, item);
    if (failure) return failure;
    if (item === '') return notACheck(field.name, fill(form.messages.notAnOption, label));
  }
  if (new Set(value).size !== value.length) return notACheck(field.name, fill(form.messages.notAnOption, label));
  return null;
}

/** Whether an answer passes a check: a list (checkboxes) or a tick (consent) has only `required` (something ticked). */
function passes(check: FormConfig['checks'][number], value: FieldValue | undefined): boolean {
  if (typeof value === 'string') return rules[check.rule](value, check.min);
  return check.rule === 'required' && value !== undefined && !isEmptyValue(value);
}

/**
 * The first problem with `values`, in this order: keys, types and limits, a value for a field
 * its condition hides, then the form's checks in order (those of shown fields only).
 */
export function firstFailure(form: FormConfig, values: unknown): Failure | null {
  const first = form.fields[0]?.name ?? '';
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return notACheck(first, form.messages.missingKey);
  const record = values as Record<string, unknown>;
  const names = new Set(form.fields.map((f) => f.name));
  const unknown = Object.keys(record).find((key) => !names.has(key));
  if (unknown !== undefined) return notACheck(unknown, form.messages.unknownKey);
  for (const field of form.fields) {
    if (!(field.name in record)) return notACheck(field.name, form.messages.missingKey);
    const failure = limitFailure(form, field, record[field.name]);
    if (failure) return failure;
  }
  const shown = shownFields(form, record);
  const hiddenSent = form.fields.find((f) => !shown.has(f.name) && !isEmptyValue(record[f.name]));
  if (hiddenSent) return notACheck(hiddenSent.name, fill(form.messages.notShown, { label: hiddenSent.label }));
  const failing = form.checks.findIndex((check) => shown.has(check.field) && !passes(check, record[check.field] as FieldValue));
  if (failing < 0) return null;
  const { field, message } = form.checks[failing]!;
  return { field, message, check: failing };
}

export function buildSchema(form: FormConfig) {
  // nullable(): a null value must reach the checks below (notText), not yup's "cannot be null".
  const shape = Object.fromEntries(form.fields.map((f) => [f.name, yup.mixed().nullable()]));
  return yup
    .object(shape)
    .typeError(form.messages.missingKey)
    .defined(form.messages.missingKey)
    .nonNullable(form.messages.missingKey)
    .test('form-checks', form.messages.missingKey, function checkInOrder(values) {
      const failure = firstFailure(form, this.originalValue ?? values);
      return failure ? this.createError({ path: failure.field, message: failure.message, params: { check: failure.check } }) : true;
    });
}

/** Validates with the yup schema; resolves to null when valid, else the first failure. */
export async function validateValues(form: FormConfig, values: unknown): Promise<Failure | null> {
  try {
    await buildSchema(form).validate(values, { strict: true, abortEarly: true });
    return null;
  } catch (error) {
    if (error instanceof yup.ValidationError) {
      const check = (error.params as { check?: unknown } | undefined)?.check;
      return { field: error.path ?? '', message: error.message, check: typeof check === 'number' ? check : NOT_A_CHECK };
    }
    throw error;
  }
}

/**
 * A field's first answer without a `defaultValue`: a list's first option that can be chosen (what
 * a browser shows in it and a page without JavaScript sends, so a page, hydrated or not, and the
 * editor's preview, which draws the form anew, start alike; a question shown again starts there
 * too: FormRenderer.tsx), else empty.
 */
export const startValue = (f: FieldConfig): FieldValue => (f.kind === 'select' ? ((f.options ?? []).find((o) => !o.disabled)?.value ?? '') : emptyValue(f));

/** The values a form starts with (and returns to after a reset, see valueAfterReset). */
export function initialValues(form: FormConfig, afterReset = false): FormValues {
  return Object.fromEntries(
    form.fields.map((f) => [f.name, afterReset && f.valueAfterReset !== undefined ? f.valueAfterReset : (f.defaultValue ?? startValue(f))]),
  );
}
