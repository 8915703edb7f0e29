/**
 * What a lead holds, by its form (config/forms): the fields shown for its answers (conditions
 * applied), by their labels in the form's order, and what it holds that the form no longer asks
 * (a field removed since, `retired`, or a key the form does not have, or a field its answers hide):
 * the inbox shows those under their own heading, so a lead is always whole. One reading for the
 * inbox's lead page, the CSV and JSON exports and the notifications.
 */
import admin from '../../../config/admin';
import { pickedOf, pickedText } from '../../site/forms/model/choices';
import { isEmptyValue, shownFields } from '../../site/forms/model/conditions';
import type { FieldConfig, FormConfig } from '../../site/forms/model/formSchema';

import type { LeadField } from './adminApi';

export type { LeadField };

/** The keys every form adds (src/site/forms/model/document.ts): shown apart, by config/admin.ts lead.stampLabels. */
export const STAMP_KEYS = ['id', 'Date'] as const;

/** A stored answer as text: a ticked box in words, several choices by their labels, one choice as the visitor read it (the value when it differs, picked `full`). */
export function answerText(field: Pick<FieldConfig, 'options'> | undefined, value: unknown, full = true): string {
  if (typeof value === 'boolean') return value ? admin.lead.ticked.yes : admin.lead.ticked.no;
  const picked = pickedOf(field, value);
  return full ? pickedText(picked) : picked.label;
}

/** The lead's answers: the fields shown for them, and what the form no longer asks (by a removed field's label, else by its key). */
export function leadFields(form: FormConfig | undefined, document: Readonly<Record<string, unknown>>): { fields: LeadField[]; retired: LeadField[] } {
  const showing = form ? shownFields(form, document) : new Set<string>();
  const shown = (form?.fields ?? []).filter((field) => showing.has(field.name));
  const fields = shown
    .filter((field) => field.kind !== 'file')
    .map((field) => ({ key: field.name, label: field.label, kind: field.kind, value: answerText(field, document[field.name]) }));
  // A file field is the lead's CV (its own section); a stamp is shown apart.
  const placed = new Set<string>([...STAMP_KEYS, ...shown.map((field) => field.name)]);
  const removed = new Map((form?.retired ?? []).map((field) => [field.name, field]));
  const hidden = new Map((form?.fields ?? []).map((field) => [field.name, field]));
  // A field its answers hide is sent empty: listed only when it holds something (a lead stored before its condition).
  const retired = Object.keys(document)
    .filter((key) => !placed.has(key) && !(hidden.has(key) && !removed.has(key) && isEmptyValue(document[key])))
    .map((key) => {
      const known = removed.get(key) ?? hidden.get(key);
      return { key, label: known?.label ?? key, ...(known ? { kind: known.kind } : {}), value: answerText(hidden.get(key), document[key]) };
    });
  return { fields, retired };
}
