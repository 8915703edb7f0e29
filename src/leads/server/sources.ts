/**
 * Where each lead came from, in the `lead_sources` table beside it (never in the document: the
 * stored document and the exports of documents keep the specification's keys). Written in the
 * lead's own transaction (a hook of the store), read by the lead's page, the list's filter, the
 * CSV, the mail and the webhook, and deleted with the lead (erasure, retention: ON DELETE CASCADE).
 */
import type Database from 'better-sqlite3';
import admin from '../../../config/admin';
import { ATTRIBUTION_KEYS, sourceOf, type AttributionKey, type ClickId, type Device, type LeadSource } from '../../site/model/attribution';
import { sourceTexts } from '../model/sourceWords';
import type { Inserted } from '../../platform/server/store/store';

export type { LeadSource };

const COLUMN: Record<Exclude<AttributionKey, 'source'>, string> = {
  landingPage: 'landing_page',
  formPage: 'form_page',
  referrer: 'referrer',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmTerm: 'utm_term',
  utmContent: 'utm_content',
  clickIds: 'click_ids',
  device: 'device',
};

const keys = ATTRIBUTION_KEYS.filter((key): key is Exclude<AttributionKey, 'source'> => key !== 'source');

/** The store's hook: a lead that brought its source gets its row, in the same transaction. */
export function recordSource(db: Database.Database, inserted: Inserted): void {
  const attribution = inserted.attribution;
  if (!attribution) return;
  const values = keys.map((key) => {
    const value = attribution[key];
    return value === undefined ? null : Array.isArray(value) ? value.join(',') : value;
  });
  db.prepare(`INSERT INTO lead_sources (doc_id, source, ${keys.map((key) => COLUMN[key]).join(', ')}) VALUES (?, ?, ${keys.map(() => '?').join(', ')})`).run(
    inserted.docId,
    sourceOf(attribution),
    ...values,
  );
}

/** The columns a query selects to read a source back with sourceFromRow (prefix: the table's alias). */
const SOURCE_COLUMNS = (alias: string) => [`${alias}.source AS src_source`, ...keys.map((key) => `${alias}.${COLUMN[key]} AS src_${key}`)].join(', ');

/** A source read with SOURCE_COLUMNS; undefined when the lead has none (a LEFT JOIN found nothing). */
function sourceFromRow(row: Record<string, unknown>): LeadSource | undefined {
  if (row.src_source === null || row.src_source === undefined) return undefined;
  const source: LeadSource = { source: String(row.src_source) };
  for (const key of keys) {
    const value = row[`src_${key}`];
    if (typeof value !== 'string' || value === '') continue;
    if (key === 'clickIds') source.clickIds = value.split(',') as ClickId[];
    else if (key === 'device') source.device = value as Device;
    else source[key] = value;
  }
  return source;
}

/** Reads leads' sources one by one with one prepared statement (an export reads one per row). */
export function sourceReader(db: Database.Database): (docId: string) => LeadSource | undefined {
  const select = db.prepare(`SELECT ${SOURCE_COLUMNS('s')} FROM lead_sources s WHERE s.doc_id = ?`);
  return (docId) => {
    const row = select.get(docId) as Record<string, unknown> | undefined;
    return row ? sourceFromRow(row) : undefined;
  };
}

/** One lead's source, if it has one. */
export function sourceOfLead(db: Database.Database, docId: string): LeadSource | undefined {
  return sourceReader(db)(docId);
}

const labels = admin.sources.labels;

/** The CSV's columns for a lead's source, by their labels (config/admin.ts sources.labels), in ATTRIBUTION_KEYS' order. */
export const SOURCE_CSV_COLUMNS: readonly string[] = ATTRIBUTION_KEYS.map((key) => labels[key]);

/** A lead's source as the CSV's cells, in SOURCE_CSV_COLUMNS' order (empty where none). */
export function sourceRow(source: LeadSource | undefined): string[] {
  const texts = sourceTexts(source);
  return ATTRIBUTION_KEYS.map((key) => texts[key]);
}
