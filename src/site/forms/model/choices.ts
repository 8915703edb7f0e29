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

/** The words of a text that say something (three letters or more), in small letters. */
const wordsOf = (text: string): string[] => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length >= 3);

/** Two words that are one letter apart at most ("employee", "employes"): the same word, spelt differently. */
function nearly(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  // At the first difference: one letter replaced, or one added or left out.
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
}

/**
 * Whether the value stored says something the label does not: not when every word of one is (or
 * nearly is) a word of the other ("A Business Man" stored as "You are a Business Man", a spelling
 * slip, a change of case), but when they name different things ("Web Designer" stored as "React.js").
 */
function saysMore(label: string, value: string): boolean {
  const [a, b] = [wordsOf(label), wordsOf(value)];
  const within = (some: string[], all: string[]) => some.every((word) => all.some((other) => nearly(word, other)));
  return !(within(a, b) || within(b, a));
}

/** One text for a person: "Web Desiner (React.js)", or the label alone when the value is the same or says nothing more. */
export const pickedText = ({ label, value }: Picked): string =>
  value === undefined || label === '' || !saysMore(label, value) ? label : `${label} (${value})`;
