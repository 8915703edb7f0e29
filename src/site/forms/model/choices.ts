/**
 * Words, not codes: what a visitor picked in a field with options, as they read it (the
 * option's label), and the value stored when it differs. The one mapping used by the
 * notification mail, the inbox (its lead page) and the CSV export: config/forms says which
 * label goes with which value.
 */
import type { FieldConfig } from './formSchema';

export interface Picked {
  /** What the visitor read: the option's label (or the value itself, when it has none or is not an option). */
  label: string;
  /** The value as stored, only when it differs from the label. */
  value?: string;
}

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The label of one stored value of a field (several values, as checkboxes would store them: their labels, comma-separated). */
export function pickedOf(field: Pick<FieldConfig, 'options'> | undefined, stored: unknown): Picked {
  const values = Array.isArray(stored) ? stored.map(asText) : [asText(stored)];
  const raw = values.join(', ');
  if (!field?.options) return { label: raw };
  const label = values.map((value) => (value === '' ? '' : (field.options!.find((o) => o.value === value)?.label ?? value))).join(', ');
  return label === raw ? { label } : { label, value: raw };
}

/** Whether a field can hold a value whose label differs (the CSV gives it a column for the stored value). */
export const hasLabelledOptions = (field: Pick<FieldConfig, 'options'>): boolean =>
  (field.options ?? []).some((o) => o.label !== undefined && o.label !== o.value && o.value !== '');

/** One text for a person: "Web Desiner (React.js)", or the label alone when the value is the same. */
export const pickedText = ({ label, value }: Picked): string => (value === undefined || label === '' ? label : `${label} (${value})`);
