/**
 * The stored record of a submission: exactly the form's keys, plus `id` (the time of the
 * submit in milliseconds) and `Date` (the same moment as text), as the agency's existing
 * data has them.
 */
import type { FormConfig } from './formSchema';
import { NOT_A_CHECK, validateValues, type Failure, type FormValues } from './buildSchema';
import { rules } from '../../../platform/rules';
import { emptyValue, type FieldValue } from './conditions';

export type FormDocument = Record<string, FieldValue | number> & { id: number; Date: string };

export function buildDocument(form: FormConfig, values: FormValues, now: Date = new Date()): FormDocument {
  const fields = Object.fromEntries(form.fields.map((f) => [f.name, values[f.name] ?? emptyValue(f)]));
  return { ...fields, id: now.getTime(), Date: now.toString() };
}

/** The longest `Date` text accepted (ours is about 60 characters). */
export const MAX_DATE_TEXT = 100;

/** Our server's check of a posted document: the stamp keys, then the form's own schema. */
export async function validateDocument(form: FormConfig, document: unknown): Promise<Failure | null> {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return { field: '', message: form.messages.missingKey, check: NOT_A_CHECK };
  }
  const { id, Date: date, ...values } = document as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return { field: 'id', message: form.messages.missingKey, check: NOT_A_CHECK };
  if (typeof date !== 'string' || !rules.required(date) || date.length > MAX_DATE_TEXT)
    return { field: 'Date', message: form.messages.missingKey, check: NOT_A_CHECK };
  return validateValues(form, values);
}
