/**
 * The agency's view of its leads: which leads a view shows (form, status, Spam folder, search),
 * and that view exported as JSON or CSV. The same functions serve the inbox (/api/admin/…)
 * and the command line (scripts/leads.ts), so a file exported from either is the same.
 * Documents are exported exactly as sent: the specification's keys, nothing of the inbox's.
 */
import { formForCollection, knownCollections } from '../forms/model/registry';
import type { LeadStatus } from '../shared/adminApi';
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

/** Which leads a view shows. Every part left out means "any". */
export interface LeadFilter {
  /** One lead (its page). */
  docId?: string;
  collection?: string;
  status?: LeadStatus;
  /** true: the Spam folder; false: the inbox. */
  spam?: boolean;
  /** Text found in any value of the document, or in the private note (any case). */
  search?: string;
}

export interface LeadRow {
  docId: string;
  collection: string;
  document: Record<string, unknown>;
  /** When our server stored it (ISO 8601, UTC). */
  receivedAt: string;
  status: LeadStatus;
  spam: boolean;
  note: string;
}

export type Order = 'newest' | 'oldest';

interface Row {
  doc_id: string;
  collection: string;
  data: string;
  created_at: string;
  status: LeadStatus | null;
  spam: number | null;
  note: string | null;
}

export function selectLeads(store: Store, filter: LeadFilter = {}, order: Order = 'newest'): LeadRow[] {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (filter.docId !== undefined) {
    where.push('d.doc_id = ?');
    params.push(filter.docId);
  }
  if (filter.collection !== undefined) {
    where.push('d.collection = ?');
    params.push(filter.collection);
  }
  if (filter.status !== undefined) {
    where.push("coalesce(l.status, 'new') = ?");
    params.push(filter.status);
  }
  if (filter.spam !== undefined) {
    where.push('coalesce(l.spam, 0) = ?');
    params.push(filter.spam ? 1 : 0);
  }
  const rows = store.db
    .prepare(
      `SELECT d.doc_id, d.collection, d.data, d.created_at, l.status, l.spam, l.note
       FROM documents d LEFT JOIN leads l ON l.doc_id = d.doc_id
       ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY d.seq ${order === 'newest' ? 'DESC' : 'ASC'}`,
    )
    .all(...params) as Row[];
  const leads = rows.map((row) => ({
    docId: row.doc_id,
    collection: row.collection,
    document: JSON.parse(row.data) as Record<string, unknown>,
    receivedAt: row.created_at,
    status: row.status ?? 'new',
    spam: row.spam === 1,
    note: row.note ?? '',
  }));
  const search = filter.search?.trim().toLocaleLowerCase();
  if (!search) return leads;
  const found = (value: unknown) => String(value ?? '').toLocaleLowerCase().includes(search);
  return leads.filter((lead) => Object.values(lead.document).some(found) || found(lead.note));
}

/**
 * The leads of a view as a file. One form: exactly what `exportCollection` gives (a JSON array
 * of its documents; CSV with the form's columns). Several forms: JSON groups the documents by
 * collection ({ "Inquriy": [...], ... }); CSV starts each row with its collection.
 */
export function exportLeads(store: Store, filter: LeadFilter, format: 'json' | 'csv', order: Order = 'newest'): string {
  const leads = selectLeads(store, filter, order);
  if (filter.collection !== undefined) {
    const documents = leads.map((lead) => lead.document);
    if (format === 'json') return `${JSON.stringify(documents, null, 2)}\n`;
    return toCsv(columnsFor(filter.collection, documents), documents);
  }
  const collections = [...knownCollections, ...new Set(leads.map((lead) => lead.collection))].filter((c, i, all) => all.indexOf(c) === i);
  const byCollection = new Map(collections.map((c) => [c, leads.filter((lead) => lead.collection === c).map((lead) => lead.document)]));
  if (format === 'json') {
    return `${JSON.stringify(Object.fromEntries([...byCollection].filter(([, documents]) => documents.length > 0)), null, 2)}\n`;
  }
  const columns = ['collection', ...new Set([...byCollection].flatMap(([c, documents]) => (documents.length > 0 ? columnsFor(c, documents) : [])))];
  return toCsv(columns, leads.map((lead) => ({ ...lead.document, collection: lead.collection })));
}

/** Every document of a collection, oldest first, exactly as sent (spam included). */
export function exportCollection(store: Store, collection: string, format: 'json' | 'csv'): string {
  return exportLeads(store, { collection }, format, 'oldest');
}

export { knownCollections } from '../forms/model/registry';
