/**
 * The agency's view of its leads: export a collection as JSON or CSV, back up the database.
 * Pure functions here; scripts/leads.ts is the command line around them.
 */
import { formForCollection } from '../forms/model/registry';
import type { Store } from './store';

/** Column order: the form's fields, then id and Date; any other keys after them. */
export function columnsFor(collection: string, documents: Record<string, unknown>[]): string[] {
  const form = formForCollection(collection);
  const known = form ? [...form.fields.map((f) => f.name), 'id', 'Date'] : [];
  const extra = [...new Set(documents.flatMap((d) => Object.keys(d)))].filter((k) => !known.includes(k));
  return [...known, ...extra];
}

/** A spreadsheet cell: quoted, and text that a spreadsheet would run as a formula is made inert. */
export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(columns: string[], documents: Record<string, unknown>[]): string {
  const lines = [columns.map(csvCell).join(','), ...documents.map((d) => columns.map((c) => csvCell(d[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

export function exportCollection(store: Store, collection: string, format: 'json' | 'csv'): string {
  const documents = store.list(collection);
  if (format === 'json') return `${JSON.stringify(documents, null, 2)}\n`;
  return toCsv(columnsFor(collection, documents), documents);
}

export { knownCollections } from '../forms/model/registry';
