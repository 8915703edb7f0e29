/**
 * The agency's view of its leads: which leads a view shows (form, status, Spam folder, search),
 * a page of them sorted by the database, their counts, and the view exported as JSON or CSV,
 * streamed from the database in batches (nothing grows with the number of leads in memory).
 * The same functions serve the inbox (/api/admin/…) and the command line (scripts/leads.ts), so
 * a file exported from either is the same. The export for tools is one table, as CSV or JSON
 * (the same rows): headed by words, not keys (one Name, Email and Phone column whichever form,
 * status, last activity and note, the fields by their labels, choices in words with the stored
 * value beside them, Received in the agency's time zone, where it came from, the language it was
 * sent in on a site in more than one, the lead's address in the inbox last).
 * The stored documents themselves, exactly as sent, are exportDocuments' (npm run leads -- documents).
 */
import type Database from 'better-sqlite3';
import { Readable } from 'node:stream';
import admin from '../../../config/admin';
import server from '../../../config/server';
import { hasLabelledOptions } from '../../site/forms/model/choices';
import { answerText } from '../model/leadFields';
import { senderFields, type FormLookups } from '../../site/forms/model/registry';
import type { FieldConfig } from '../../site/forms/model/formSchema';
import { ADMIN_PAGE } from '../../schema/ownAddresses';
import { DIRECT_SOURCE, type LeadSort, type LeadStatus, type SortDirection } from '../model/adminApi';
import { FIRST_STAGE, moneyCell, stageName } from '../model/pipeline';
import { formatCellDate } from '../../platform/received';
import { fill, visible } from '../../schema/text';
import { gramWord, SEPARATOR, searchable as searchableText } from './leadKeys';
import { SOURCE_CSV_COLUMNS, sourceReader, sourceRow } from './sources';
import type { Store } from '../../platform/server/store/store';
import { inboxLanguages, leadLanguage, type Languages } from './leadLanguages';

/** What an export reads of the content served (app.served): the site's languages and the forms. */
export type ServedLeads = Languages & { forms: FormLookups };

/** One column of the CSV: its header (words from config) and what a lead's row holds in it. */
export interface CsvColumn {
  header: string;
  cell: (lead: LeadRow) => unknown;
}

/**
 * A form's columns in the CSV, headed by words, not keys: each field by its label (a choice as
 * the visitor read it, then a column of the value stored), the document's id and Date as the
 * visitor's browser sent them, and Received (our server's time of storing, in the agency's zone).
 */
export function csvColumnsFor(forms: FormLookups, collection: string): CsvColumn[] {
  const form = forms.formForCollection(collection);
  // The fields of the shared Name, Email and Phone columns (config/forms `columns`) are there, not here.
  const shared = new Set(Object.values(sharedFields(form)).map((field) => field?.name));
  const used = new Set<string>();
  // Two fields of one form with one label stay two columns (the second also by its key).
  const headed = (header: string, key: string) => {
    const unique = used.has(header) ? `${header} (${key})` : header;
    used.add(unique);
    return unique;
  };
  // A field removed since (`retired`) keeps its column after the form's: its old leads stay whole.
  const fields = [...(form?.fields ?? []), ...(form?.retired ?? []).map((field): Pick<FieldConfig, 'name' | 'label' | 'options'> => field)]
    .filter((field) => !shared.has(field.name))
    .flatMap((field): CsvColumn[] => {
      const label: CsvColumn = { header: headed(field.label, field.name), cell: (lead) => answerText(field, lead.document[field.name], false) };
      if (!hasLabelledOptions(field)) return [label];
      return [label, { header: headed(fill(server.admin.exportValueColumn, { label: field.label }), field.name), cell: (lead) => lead.document[field.name] }];
    });
  return [
    ...fields,
    { header: admin.lead.stampLabels.id, cell: (lead) => lead.document.id },
    { header: admin.lead.stampLabels.Date, cell: (lead) => lead.document.Date },
    { header: admin.list.columns.receivedAt, cell: (lead) => formatCellDate(lead.receivedAt) },
  ];
}

/** A form's fields for the shared columns: the sender's name, first e-mail and phone. */
function sharedFields(form: ReturnType<FormLookups['formForCollection']>) {
  const { name, emails, phone } = senderFields(form);
  return { name, email: emails[0], phone };
}

/**
 * The columns every form shares, first after the form's name: one Name, Email and Phone column
 * whichever form (each form's fields mapped in config/forms `columns`), the lead's status, last
 * activity and private note. Words from config/server.ts admin.exportColumns.
 */
export function sharedCsvColumns(forms: FormLookups): CsvColumn[] {
  const words = server.admin.exportColumns;
  const value = (key: 'name' | 'email' | 'phone') => (lead: LeadRow) => {
    const field = sharedFields(forms.formForCollection(lead.collection))[key];
    return field ? lead.document[field.name] : '';
  };
  return [
    { header: words.name, cell: value('name') },
    { header: words.email, cell: value('email') },
    { header: words.phone, cell: value('phone') },
    { header: words.status, cell: (lead) => admin.statuses[lead.status] },
    { header: words.lastActivity, cell: (lead) => formatCellDate(lead.activeAt) },
    { header: words.note, cell: (lead) => lead.note },
    ...pipelineCsvColumns(),
  ];
}

/** A lead's stage (and why it was lost), value, follow-up date and assignee: words from config/server.ts admin.exportPipelineColumns. */
function pipelineCsvColumns(): CsvColumn[] {
  const words = server.admin.exportPipelineColumns;
  return [
    { header: words.stage, cell: (lead) => stageName(lead.stage) },
    { header: words.lostReason, cell: (lead) => lead.lostReason ?? '' },
    { header: fill(words.value, { currency: admin.currency }), cell: (lead) => moneyCell(lead.value) },
    { header: words.followUp, cell: (lead) => lead.followUp ?? '' },
    { header: words.assignee, cell: (lead) => lead.assignee ?? '' },
  ];
}

/** A spreadsheet reads the file as UTF-8 (a £ stays a £) when it starts with the byte order mark. */
export const BYTE_ORDER_MARK = '\uFEFF';

/** The export's file name: the view's filters in it (leads-contact-open-newsletter-autumn-2026-11-25.csv). */
export function exportFileName(query: Record<string, unknown>, day: string, format: string): string {
  const part = (value: unknown) =>
    typeof value === 'string'
      ? value
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 40)
      : '';
  const form = part(query.form) || 'all';
  const parts = [
    'leads',
    form,
    ...['status', 'view', 'stage', 'assigned', 'source', 'campaign', 'language', 'q'].map((key) => part(query[key])).filter((p) => p !== ''),
  ];
  if (query.spam === 'true') parts.splice(1, 0, 'spam');
  return `${parts.join('-')}-${day}.${format}`;
}

/** A cell's value as the export's text: what the CSV's cell holds before a spreadsheet's guards (csvCell). */
const cellText = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** Leading characters a spreadsheet skips before it reads a formula (spaces, line breaks, invisible ones). */
const LEADING = /^[\s\u200B-\u200D\u2060\uFEFF]*/u;
/** What starts a formula, the full-width forms included. */
const FORMULA = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u;

/**
 * A spreadsheet cell: quoted; text that a spreadsheet would run as a formula (also behind
 * leading spaces or line breaks, also with full-width ＝ ＋ － ＠) is made inert with a leading
 * apostrophe; hidden characters (bidirectional overrides, zero-width ones) are shown by their code.
 */
export function csvCell(value: unknown): string {
  return `"${spreadsheetText(value).replace(/"/g, '""')}"`;
}

/** A cell's text as the CSV holds it (before quoting): a formula made inert, hidden characters by their code. */
export function spreadsheetText(value: unknown): string {
  const text = visible(cellText(value));
  const start = text.replace(LEADING, '');
  return FORMULA.test(start) || (start !== text && /^[\t\r\n]/.test(text)) ? `'${text}` : text;
}

export function csvRow(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Which leads a view shows. Every part left out means "any". */
export interface LeadFilter {
  /** One lead (its page). */
  docId?: string;
  collection?: string;
  status?: LeadStatus;
  /** Any of these statuses (the list's default view: what needs the agency). */
  statuses?: readonly LeadStatus[];
  /**
   * Only leads of forms that await the agency's answer, these collections (attention.ts
   * awaitingCollections: the default view; a newsletter sign-up lives under Newsletter, Subscribers).
   */
  awaiting?: readonly string[];
  /** true: the Spam folder; false: the inbox. */
  spam?: boolean;
  /** Text found in any value of the document, or in the private note (any case). */
  search?: string;
  /** Where the lead came from (src/leads/server/sources.ts): its source (DIRECT_SOURCE: none, or none recorded), and its campaign ('' for none). */
  source?: string;
  campaign?: string;
  /** One row per person (the newest of their leads in the view) instead of one per lead. */
  people?: boolean;
  /** At this stage (a key of config/admin.ts stages). */
  stage?: string;
  /** Assigned to this account; null: to nobody. */
  assignee?: string | null;
  /**
   * Sent in this language: the codes its leads' rows keep, as a JSON array (leadLanguages.ts
   * storedCodes: a code of config/site.ts `languages`; the default one's leads include those sent
   * before languages were kept).
   */
  language?: string;
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
  /** The person it belongs to (src/leads/model/person.ts personKey of its e-mail), or null. */
  person: string | null;
  /** Its last activity: arrival, a change, a mail either way (ISO 8601, UTC). */
  activeAt: string;
  /** Something of it the agency has not seen (it arrived; the client answered since). */
  unread: boolean;
  /** Since when its person waits for the agency (ISO 8601, UTC), or null: the agency has the last word. */
  waitingSince: string | null;
  /** Its stage's key as stored: null is the first stage (src/leads/model/pipeline.ts). */
  stage: string | null;
  lostReason: string | null;
  /** What it is worth, in minor units of the agency's currency, or null. */
  value: number | null;
  /** The agency's day to follow up on it (YYYY-MM-DD), or null. */
  followUp: string | null;
  /** The owner's account it is assigned to, or null. */
  assignee: string | null;
  /** The code of the language it was sent in; null: sent before languages were kept (the default one). */
  language: string | null;
}

/** A page of a view: where it starts, how many, sorted by what. */
export interface PageOf {
  offset: number;
  limit: number;
  sort: LeadSort;
  direction: SortDirection;
}

interface Row {
  seq: number;
  doc_id: string;
  collection: string;
  data: string;
  created_at: string;
  status: LeadStatus | null;
  spam: number | null;
  note: string | null;
  person: string | null;
  active_at: string | null;
  unread: number | null;
  waiting_since: string | null;
  stage: string | null;
  lost_reason: string | null;
  value_minor: number | null;
  follow_up: string | null;
  assignee: string | null;
  language: string | null;
}

type Params = (string | number | null)[];

/**
 * The leads (their seq) whose document or note holds `needle` (lower case), from the index of
 * words (leadKeys.ts): up to three characters are one word of it; more, all of their trigrams,
 * then checked in the lead's text (the index keeps no positions).
 */
function searchHits(needle: string): { sql: string; params: Params } {
  const characters = [...needle];
  if (characters.length <= 3) return { sql: 'SELECT rowid FROM lead_search WHERE lead_search MATCH ?', params: [`"${gramWord(characters)}"`] };
  const trigrams = new Set(characters.slice(2).map((_c, i) => `"${gramWord(characters.slice(i, i + 3))}"`));
  return {
    sql: 'SELECT t.seq FROM lead_search s CROSS JOIN lead_text t ON t.seq = s.rowid WHERE lead_search MATCH ? AND instr(t.text, ?) > 0',
    params: [[...trigrams].join(' '), needle],
  };
}

interface Where {
  sql: string;
  params: Params;
  /** The documents are read (a search for the text that separates values in the index: every document is read, as before). */
  documents: boolean;
}

/**
 * What was last worked out per question, with the database's state it was worked out from: a
 * pure memo, left at module level on purpose. An answer is a function of its question and of the
 * leads at one version of the database (`leads_version` and SQLite's data_version, read at each
 * use: another version is another answer); kept with the database's connection itself (weakly, by
 * it: gone with it), never shared between two. Forgetting it changes nothing but time.
 */
const remembered = new WeakMap<Database.Database, Map<string, { version: string; value: unknown }>>();

/**
 * `compute()`, or its last value for this question while the leads have not changed since (no
 * lead stored, changed or deleted: `leads_version`, counted by triggers; no commit by another
 * connection, the command line's): a search's page, its counts and its next pages run the
 * search once; the counts are counted once per change, not once per answer (a page probed
 * during an export, a tab polling the unread count).
 */
export function whileUnchanged<T>(db: Database.Database, question: string, compute: () => T): T {
  const version = db.prepare("SELECT (SELECT n FROM leads_version) || ':' || (SELECT data_version FROM pragma_data_version())").pluck().get() as string;
  let answers = remembered.get(db);
  if (!answers) remembered.set(db, (answers = new Map()));
  const last = answers.get(question);
  if (last && last.version === version) return last.value as T;
  const value = compute();
  // A few questions only (the views being looked at): the oldest goes first.
  if (answers.size >= 16) answers.delete(answers.keys().next().value!);
  answers.delete(question);
  answers.set(question, { version, value });
  return value;
}

/** The leads (seqs, a JSON array) a search finds. */
function searchedSeqs(db: Database.Database, needle: string): string {
  return whileUnchanged(db, `search:${needle}`, () => {
    const hits = searchHits(needle);
    return JSON.stringify(
      db
        .prepare(hits.sql)
        .pluck()
        .all(...hits.params),
    );
  });
}

/** The filters that compare one value (the search is worked out apart: whereOf). */
type ValueFilter = 'docId' | 'spam' | 'collection' | 'status' | 'statuses' | 'awaiting' | 'source' | 'campaign' | 'stage' | 'assignee' | 'language';

/**
 * What each filter adds to a view's WHERE, in this order: a condition on the lead (`l`), and its
 * parameter (the value itself unless `param` says otherwise). A new filter is one line here.
 */
const FILTERS: { [K in ValueFilter]: { sql: string; param?: (value: NonNullable<LeadFilter[K]>) => string | number | null } } = {
  docId: { sql: 'l.doc_id = ?' },
  spam: { sql: 'l.spam = ?', param: (spam) => (spam ? 1 : 0) },
  collection: { sql: 'l.collection = ?' },
  status: { sql: 'l.status = ?' },
  statuses: { sql: 'l.status IN (SELECT value FROM json_each(?))', param: (statuses) => JSON.stringify(statuses) },
  awaiting: { sql: 'l.collection IN (SELECT value FROM json_each(?))', param: (collections) => JSON.stringify(collections) },
  // A lead without a source row counts as direct, as insights count it.
  source: {
    sql: "coalesce((SELECT s.source FROM lead_sources s WHERE s.doc_id = l.doc_id), '') = ?",
    param: (source) => (source === DIRECT_SOURCE ? '' : source),
  },
  campaign: { sql: "coalesce((SELECT s.utm_campaign FROM lead_sources s WHERE s.doc_id = l.doc_id), '') = ?" },
  // The first stage is stored as nothing (src/leads/server/pipeline.ts); `IS` compares nothing too.
  stage: { sql: 'l.stage IS ?', param: (stage) => (stage === FIRST_STAGE ? null : stage) },
  assignee: { sql: 'l.assignee IS ?' },
  // A lead sent before languages were kept has none: it is the default language's (leadLanguages.ts).
  language: { sql: "coalesce(l.language, '') IN (SELECT value FROM json_each(?))" },
};

function whereOf(db: Database.Database, filter: LeadFilter): Where {
  const where: string[] = [];
  const params: Params = [];
  for (const key of Object.keys(FILTERS) as ValueFilter[]) {
    const value = filter[key];
    if (value === undefined) continue;
    const { sql, param } = FILTERS[key] as { sql: string; param?: (value: unknown) => string | number | null };
    where.push(sql);
    params.push(param ? param(value) : (value as string));
  }
  let documents = false;
  const search = searchableText(filter.search?.trim());
  if (search && !search.includes(SEPARATOR)) {
    where.push('l.seq IN (SELECT value FROM json_each(?))');
    params.push(searchedSeqs(db, search));
  } else if (search) {
    where.push('lead_has(d.data, l.note, ?)');
    params.push(search);
    documents = true;
  }
  return { sql: where.length > 0 ? `WHERE ${where.join(' AND ')}` : '', params, documents };
}

/** Where a view's leads are found: the small `leads` table (its indexes hold every sort key), the documents only when needed. */
const fromOf = (where: Where) => (where.documents ? 'FROM leads l JOIN documents d ON d.doc_id = l.doc_id' : 'FROM leads l');
/** Every document has its row in `leads` (written in the same transaction: src/leads/server/store.ts leadPartsOf). */
const FROM = 'FROM leads l JOIN documents d ON d.doc_id = l.doc_id';
/** Sorted by arrival, the documents lead (their order is the table's): a batch reads only its rows. */
const FROM_BY_ARRIVAL = 'FROM documents d CROSS JOIN leads l ON l.doc_id = d.doc_id';
const COLUMNS =
  'd.seq, d.doc_id, d.collection, d.data, d.created_at, l.status, l.spam, l.note, l.person, l.active_at, l.unread, l.waiting_since, l.stage, l.lost_reason, l.value_minor, l.follow_up, l.assignee, l.language';

const rowOf = (row: Row): LeadRow => ({
  docId: row.doc_id,
  collection: row.collection,
  document: JSON.parse(row.data) as Record<string, unknown>,
  receivedAt: row.created_at,
  status: row.status ?? 'new',
  spam: row.spam === 1,
  note: row.note ?? '',
  person: row.person,
  activeAt: row.active_at ?? row.created_at,
  unread: row.unread === 1,
  waitingSince: row.waiting_since,
  stage: row.stage,
  lostReason: row.lost_reason,
  value: row.value_minor,
  followUp: row.follow_up,
  assignee: row.assignee,
  language: row.language,
});

/** The column of `leads` each order reads (each has an index: src/leads/server/migrations/index.ts). */
const SORT_COLUMN: Record<Exclude<LeadSort, 'activity'>, string> = {
  receivedAt: 'l.seq',
  name: 'l.name_key',
  email: 'l.email_key',
  status: 'l.status',
  form: 'l.collection',
};

/**
 * The order by attention, as its index has it (leads_by_attention): the leads whose person waits
 * for the agency first, longest waiting first, then the others by last activity, newest first.
 * Descending is this order (the most urgent first); ascending, the same backwards.
 */
const BY_ATTENTION = ['l.waiting_since IS NULL', 'l.waiting_since', 'l.active_at DESC', 'l.seq DESC'];
const backwards = (term: string) => (term.endsWith(' DESC') ? term.slice(0, -5) : `${term} DESC`);

/** Sorted by the key, then by arrival in the same direction (the sender's name and e-mail in any case). */
function orderOf(sort: LeadSort, direction: SortDirection): string {
  if (sort === 'activity') return `ORDER BY ${(direction === 'desc' ? BY_ATTENTION : BY_ATTENTION.map(backwards)).join(', ')}`;
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY ${SORT_COLUMN[sort]} ${dir}${sort === 'receivedAt' ? '' : `, l.seq ${dir}`}`;
}

/** The leads of a view (one lead's page: { docId }), newest first, all of them: for small views only. */
export function selectLeads(store: Store, filter: LeadFilter = {}): LeadRow[] {
  const where = whereOf(store.db, filter);
  const rows = store.db.prepare(`SELECT ${COLUMNS} ${FROM} ${where.sql} ORDER BY d.seq DESC`).all(...where.params) as Row[];
  return rows.map(rowOf);
}

/** The seqs of a page of a view, in its order: a walk of the order's index in `leads` alone (its plan: leadKeys.test.ts). */
export function pageQuery(db: Database.Database, filter: LeadFilter, page: PageOf): { sql: string; params: Params } {
  const where = whereOf(db, filter);
  if (filter.people) {
    // The newest lead of each person in the view stands for them.
    return {
      sql: `SELECT l.seq FROM leads l WHERE l.seq IN (SELECT max(l.seq) ${fromOf(where)} ${where.sql} GROUP BY ${PERSON}) ${orderOf(page.sort, page.direction)} LIMIT ? OFFSET ?`,
      params: [...where.params, page.limit, page.offset],
    };
  }
  return {
    sql: `SELECT l.seq ${fromOf(where)} ${where.sql} ${orderOf(page.sort, page.direction)} LIMIT ? OFFSET ?`,
    params: [...where.params, page.limit, page.offset],
  };
}

/** A lead's person, or the lead itself when it has no address. */
const PERSON = "coalesce(l.person, 'lead:' || l.doc_id)";

/** How many of the view's leads each of these people has (the people view's rows say so). */
export function submissionsOf(store: Store, filter: LeadFilter, rows: readonly LeadRow[]): Map<string, number> {
  const db = store.db;
  const where = whereOf(db, filter);
  const keys = rows.map((row) => row.person ?? `lead:${row.docId}`);
  const found = db
    .prepare(
      `SELECT ${PERSON} AS person, count(*) AS n ${fromOf(where)} ${where.sql ? `${where.sql} AND` : 'WHERE'} ${PERSON} IN (SELECT value FROM json_each(?)) GROUP BY 1`,
    )
    .all(...where.params, JSON.stringify(keys)) as { person: string; n: number }[];
  const counts = new Map(found.map((row) => [row.person, row.n]));
  return new Map(rows.map((row, i) => [row.docId, counts.get(keys[i]!) ?? 1]));
}

/** The leads of these seqs, in the same order. */
function leadsBySeq(db: Database.Database, seqs: readonly number[]): LeadRow[] {
  const rows = db
    .prepare(`SELECT ${COLUMNS} FROM json_each(?) j CROSS JOIN documents d ON d.seq = j.value CROSS JOIN leads l ON l.doc_id = d.doc_id ORDER BY j.key`)
    .all(JSON.stringify(seqs)) as Row[];
  return rows.map(rowOf);
}

/** One page of a view, sorted by the database: the page's leads are found in `leads`, then only their documents are read. */
export function leadPage(store: Store, filter: LeadFilter, page: PageOf): LeadRow[] {
  const db = store.db;
  const query = pageQuery(db, filter, page);
  return leadsBySeq(
    db,
    db
      .prepare(query.sql)
      .pluck()
      .all(...query.params) as number[],
  );
}

/**
 * A view's counts, in one pass over `leads`: how many leads it has, how many of them are unread,
 * and how many each form has whatever the form filter.
 */
export function viewCounts(store: Store, forms: FormLookups, filter: LeadFilter): { total: number; unreadInView: number; byForm: Record<string, number> } {
  const where = whereOf(store.db, { ...filter, collection: undefined });
  const rows = whileUnchanged(
    store.db,
    `counts:${where.sql}:${JSON.stringify(where.params)}`,
    () =>
      store.db
        .prepare(`SELECT l.collection, l.status, count(*) AS n, total(l.unread) AS unread ${fromOf(where)} ${where.sql} GROUP BY l.collection, l.status`)
        .all(...where.params) as { collection: string; status: LeadStatus; n: number; unread: number }[],
  );
  const byForm: Record<string, number> = {};
  let total = 0;
  let unreadInView = 0;
  for (const row of rows) {
    const form = forms.formNameOf(row.collection) ?? row.collection;
    byForm[form] = (byForm[form] ?? 0) + row.n;
    if (filter.collection !== undefined && row.collection !== filter.collection) continue;
    total += row.n;
    unreadInView += row.unread;
  }
  if (filter.people) {
    // The people view pages through people: its total is how many there are.
    const own = whereOf(store.db, filter);
    total = whileUnchanged(
      store.db,
      `people:${own.sql}:${JSON.stringify(own.params)}`,
      () =>
        store.db
          .prepare(`SELECT count(DISTINCT ${PERSON}) AS n ${fromOf(own)} ${own.sql}`)
          .pluck()
          .get(...own.params) as number,
    );
  }
  return { total, unreadInView, byForm };
}

/**
 * Only on a site in more than one language: each language, the default first (then any no longer
 * declared that the view has leads in), with how many leads of the view it holds whatever the
 * language filter (the list's language filter offers them).
 */
export function languageCounts(store: Store, filter: LeadFilter, served: Languages): { code: string; name: string; leads: number }[] | undefined {
  const languages = inboxLanguages(served);
  if (!languages) return undefined;
  const where = whereOf(store.db, { ...filter, language: undefined });
  const rows = whileUnchanged(
    store.db,
    `languages:${where.sql}:${JSON.stringify(where.params)}`,
    () =>
      store.db.prepare(`SELECT l.language AS code, count(*) AS n ${fromOf(where)} ${where.sql} GROUP BY l.language`).all(...where.params) as {
        code: string | null;
        n: number;
      }[],
  );
  const counts = new Map(languages.map((language) => [language.code, { ...language, leads: 0 }]));
  for (const row of rows) {
    const language = leadLanguage(served, row.code);
    const entry = counts.get(language.code) ?? { ...language, leads: 0 };
    entry.leads += row.n;
    counts.set(language.code, entry);
  }
  return [...counts.values()];
}

/** Leads read from the database at a time while exporting. */
const BATCH = 200;
/** Text gathered before it is handed on (one write to the connection: at most this and one row; tests read it). */
export const CHUNK_CHARS = 16 * 1024;

/**
 * The view's leads, newest first, a batch of rows at a time (each batch its own query: nothing
 * stays open between them). A search is run once: its leads' seqs (a number each) are then read
 * a batch at a time.
 */
function* leadsOf(store: Store, filter: LeadFilter): Generator<LeadRow> {
  const db = store.db;
  const where = whereOf(db, filter);
  if (filter.search?.trim() && !where.documents) {
    const seqs = db
      .prepare(`SELECT l.seq ${fromOf(where)} ${where.sql} ORDER BY l.seq DESC`)
      .pluck()
      .all(...where.params) as number[];
    for (let i = 0; i < seqs.length; i += BATCH) yield* leadsBySeq(db, seqs.slice(i, i + BATCH));
    return;
  }
  const batch = db.prepare(`SELECT ${COLUMNS} ${FROM_BY_ARRIVAL} ${where.sql ? `${where.sql} AND` : 'WHERE'} d.seq < ? ORDER BY d.seq DESC LIMIT ?`);
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = batch.all(...where.params, before, BATCH) as Row[];
    for (const row of rows) yield rowOf(row);
    if (rows.length < BATCH) return;
    before = rows.at(-1)!.seq;
  }
}

/** The collections the view holds leads of (the forms' first, in their order), and each one's keys. */
/**
 * The collections the view holds, in the forms' order, each with its columns' keys: the
 * form's own (our server stores no other key: it refuses them), so no document is read for it.
 */
function keysByCollection(store: Store, forms: FormLookups, filter: LeadFilter): Map<string, string[]> {
  const where = whereOf(store.db, filter);
  const rows = store.db.prepare(`SELECT DISTINCT l.collection ${fromOf(where)} ${where.sql}`).all(...where.params) as { collection: string }[];
  const found = new Set(rows.map((row) => row.collection));
  const ordered = [...forms.knownCollections(), ...[...found].sort()].filter((c, i, all) => found.has(c) && all.indexOf(c) === i);
  return new Map(ordered.map((c) => [c, []]));
}

/** Strings of about CHUNK_CHARS from many small ones. */
function* chunked(parts: Iterable<string>): Generator<string> {
  let pending = '';
  for (const part of parts) {
    pending += part;
    if (pending.length >= CHUNK_CHARS) {
      yield pending;
      pending = '';
    }
  }
  if (pending !== '') yield pending;
}

/** A document inside a JSON array, indented as JSON.stringify(…, null, 2) would at `depth`. */
const jsonItem = (document: unknown, depth: number) =>
  `${' '.repeat(depth * 2)}${JSON.stringify(document, null, 2).replace(/\n/g, `\n${' '.repeat(depth * 2)}`)}`;

/** The lead's page in the inbox (behind the sign-in). */
export function inboxLink(publicUrl: string, docId: string): string {
  return `${publicUrl}${ADMIN_PAGE}/leads/${encodeURIComponent(docId)}`;
}

type ExportFormat = 'json' | 'csv';

/** The export's table: its headers (each once) and, newest first, each lead's cells in their order. */
interface ExportTable {
  headers: string[];
  rows: Iterable<unknown[]>;
}

/** Headers made unique: a second "Note" (a form's field so labelled) is "Note (2)" (JSON keys must differ). */
function uniqueHeaders(headers: readonly string[]): string[] {
  const seen = new Set<string>();
  return headers.map((header) => {
    let unique = header;
    for (let n = 2; seen.has(unique); n += 1) unique = `${header} (${n})`;
    seen.add(unique);
    return unique;
  });
}

/**
 * The view as the rows of the export for tools, newest first: the form's name (a view of every
 * form), the shared Name, Email, Phone, Status, Last activity and Note, the forms' other fields
 * by their labels (one column per label whichever forms have it), where the lead came from, the
 * language it was sent in (a site in more than one language), and the lead's address in the inbox. The CSV and the JSON export are this table, each written its way.
 */
function exportTable(store: Store, filter: LeadFilter, publicUrl: string, served: ServedLeads): ExportTable {
  const { forms } = served;
  const collections = [...keysByCollection(store, forms, filter).keys()];
  // Several forms: one column per header, whichever forms have it ("Full Name" of each form in one column).
  const byHeader = new Map<string, Map<string, CsvColumn['cell']>>();
  for (const collection of filter.collection !== undefined ? [filter.collection] : collections) {
    for (const column of csvColumnsFor(forms, collection)) {
      if (!byHeader.has(column.header)) byHeader.set(column.header, new Map());
      byHeader.get(column.header)!.set(collection, column.cell);
    }
  }
  const several = filter.collection === undefined;
  // Where each lead came from: columns of their own after the document's (src/leads/server/sources.ts).
  const sourceOf = sourceReader(store.db);
  const shared = sharedCsvColumns(forms);
  // The language it was sent in, by its name: only on a site in more than one language.
  const languages = inboxLanguages(served) !== undefined;
  const headers = uniqueHeaders([
    ...(several ? [admin.list.columns.form] : []),
    ...shared.map((column) => column.header),
    ...byHeader.keys(),
    ...SOURCE_CSV_COLUMNS,
    ...(languages ? [admin.languages.language] : []),
    server.admin.exportInboxColumn,
  ]);
  const cells = [...byHeader.values()];
  return {
    headers,
    rows: (function* () {
      for (const lead of leadsOf(store, filter)) {
        yield [
          // The name a form goes by in the inbox (registry's formTitle), for the CSV's Form column.
          ...(several ? [forms.collectionTitle(lead.collection)] : []),
          ...shared.map((column) => column.cell(lead)),
          ...cells.map((cell) => cell.get(lead.collection)?.(lead) ?? ''),
          ...sourceRow(sourceOf(lead.docId)),
          ...(languages ? [leadLanguage(served, lead.language).name] : []),
          inboxLink(publicUrl, lead.docId),
        ];
      }
    })(),
  };
}

/**
 * The view as a file for tools, piece by piece, newest first: the rows of exportTable. CSV: UTF-8
 * with a byte order mark, one row per lead, each cell guarded for spreadsheets (csvCell). JSON: an
 * array of the same rows, one object per lead keyed by the CSV's headers, each value the text of
 * its cell as sent (no spreadsheet's guard: a tool reads it, not a spreadsheet).
 */
export function* exportLeads(store: Store, filter: LeadFilter, format: ExportFormat, publicUrl: string, served: ServedLeads): Generator<string> {
  const { headers, rows } = exportTable(store, filter, publicUrl, served);
  if (format === 'csv') {
    yield* chunked(
      (function* () {
        yield BYTE_ORDER_MARK + csvRow(headers);
        for (const row of rows) yield csvRow(row);
      })(),
    );
    return;
  }
  yield* chunked(
    (function* () {
      let first = true;
      for (const row of rows) {
        yield `${first ? '[\n' : ',\n'}  ${JSON.stringify(Object.fromEntries(headers.map((header, i) => [header, cellText(row[i])])))}`;
        first = false;
      }
      yield first ? '[]\n' : '\n]\n';
    })(),
  );
}

/**
 * The view's stored documents exactly as the forms sent them (the specification's keys, nothing
 * of the inbox's), newest first: for moving leads to another system or database and for a
 * person's copy of what was kept of them (npm run leads -- documents). One form: a JSON array;
 * several: the documents grouped by collection ({ "Inquriy": [...], ... }).
 */
export function* exportDocuments(store: Store, forms: FormLookups, filter: LeadFilter): Generator<string> {
  if (filter.collection !== undefined) {
    const collection = filter.collection;
    yield* chunked(
      (function* () {
        let first = true;
        for (const lead of leadsOf(store, { ...filter, collection })) {
          yield `${first ? '[\n' : ',\n'}${jsonItem(lead.document, 1)}`;
          first = false;
        }
        yield first ? '[]\n' : '\n]\n';
      })(),
    );
    return;
  }
  const collections = [...keysByCollection(store, forms, filter).keys()];
  yield* chunked(
    (function* () {
      if (collections.length === 0) {
        yield '{}\n';
        return;
      }
      for (const [i, collection] of collections.entries()) {
        yield `${i === 0 ? '{\n' : ',\n'}  ${JSON.stringify(collection)}: [`;
        let first = true;
        for (const lead of leadsOf(store, { ...filter, collection })) {
          yield `${first ? '\n' : ',\n'}${jsonItem(lead.document, 2)}`;
          first = false;
        }
        yield first ? ']' : '\n  ]';
      }
      yield '\n}\n';
    })(),
  );
}

/** The pieces, each after the server has had a turn to answer others (a fast reader must not hold it). */
async function* giveWay(pieces: Iterable<string>): AsyncGenerator<string> {
  for (const piece of pieces) {
    yield piece;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * The export as a stream: the next batch is read from the database only when the reader has
 * taken the last, and between two pieces the server answers whatever else is waiting.
 */
export function exportStream(store: Store, filter: LeadFilter, format: ExportFormat | 'documents', publicUrl: string, served: ServedLeads): Readable {
  const pieces = format === 'documents' ? exportDocuments(store, served.forms, filter) : exportLeads(store, filter, format, publicUrl, served);
  return Readable.from(giveWay(pieces), { objectMode: false, highWaterMark: 1 });
}
