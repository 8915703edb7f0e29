/**
 * The newsletter's subscribers: one row per person (src/leads/model/person.ts), beside the sign-up the
 * specification stores (a document of the collection subcribe: Email, id, Date). A sign-up starts
 * `waiting`; the confirmation mail's page makes it `confirmed`; only confirmed subscribers are
 * sent a newsletter. `unsubscribed` (their own choice, or a complaint) and `bounced` (a hard
 * bounce) are never mailed again. An erasure of the person deletes the row.
 *
 * The writes of a sign-up and its confirmation are here (the newsletter's sending reads the
 * confirmed rows and marks them unsubscribed or bounced):
 *
 * - a sign-up (in the transaction that stores its document) of someone unknown adds the row,
 *   `waiting`, with the consent: when, on which page, the words shown next to the box, where the
 *   visit came from. Someone `waiting` or `unsubscribed` who signs up again is `waiting` once more
 *   with this sign-up's consent (and gets a new confirmation mail: a new consent needs its own
 *   confirmation); someone `confirmed` or `bounced` stays as they are;
 * - a confirmation makes a `waiting` row `confirmed` (confirmed_at); any other row stays;
 * - an owner may unsubscribe someone `waiting` or `confirmed` by hand;
 * - a row `waiting` longer than config/server.ts newsletter.unconfirmedDays is deleted.
 */
import type Database from 'better-sqlite3';
import server from '../../../config/server';
import admin from '../../../config/admin';
import { personKey } from '../../leads/model/person';
import { formatCellDate } from '../../platform/received';
import { SUBSCRIBER_STATES, type SubscriberState, type SubscriberSummary } from '../model/subscribers';
import { preparedIn } from '../../platform/server/statements';
import { BYTE_ORDER_MARK, csvRow } from '../../leads/server/leads';
import { inboxLanguages, leadLanguage, type Languages } from '../../leads/server/leadLanguages';
import type { PersonTable } from '../../leads/server/privacy';

const DAY_MS = 86_400_000;

/** How long a sign-up waits for its confirmation (and its link works), in milliseconds. */
export const UNCONFIRMED_MS = server.newsletter.unconfirmedDays * DAY_MS;

/** What a person agreed to when they signed up. */
export interface Consent {
  /** The page of the form (the post's attribution), when it was told. */
  page: string | null;
  /** The words shown next to the box, as shown. */
  words: string;
  /** Where the visit came from (src/site/model/attribution.ts sourceOf; '' for a direct visit) and its campaign. */
  source: string;
  campaign: string | null;
}

/**
 * Where the confirmation mail of the last sign-up stands (ConfirmationMail): waiting for an owner
 * (its network had its share that day), held for a day's count, its delivery's state, or none.
 */
const CONFIRMATION = `CASE WHEN confirmation_held_at IS NOT NULL THEN 'owner' ELSE coalesce((
    SELECT CASE WHEN m.held_for IS NOT NULL THEN 'day' ELSE d.state END FROM visitor_mails m JOIN deliveries d ON d.id = m.delivery_id
    WHERE m.doc_id = subscribers.doc_id AND m.kind = 'autoReply' ORDER BY m.created_at DESC LIMIT 1), 'none') END`;

const COLUMNS = `id, email, state, signed_up_at AS signedUpAt, page, consent_words AS consentWords, source, campaign,
  confirmed_at AS confirmedAt, unsubscribed_at AS unsubscribedAt, bounced_at AS bouncedAt, ${CONFIRMATION} AS confirmation`;

const statements = preparedIn((db: Database.Database) => ({
  byPerson: db.prepare('SELECT id, state FROM subscribers WHERE person = ?'),
  byId: db.prepare(`SELECT ${COLUMNS} FROM subscribers WHERE id = ?`),
  add: db.prepare(
    `INSERT INTO subscribers (person, email, doc_id, state, signed_up_at, page, consent_words, source, campaign, language, updated_at)
     VALUES (?, ?, ?, 'waiting', ?, ?, ?, ?, ?, ?, ?)`,
  ),
  again: db.prepare(
    `UPDATE subscribers SET email = ?, doc_id = ?, state = 'waiting', signed_up_at = ?, page = ?, consent_words = ?, source = ?, campaign = ?,
       language = ?, confirmed_at = NULL, updated_at = ? WHERE id = ?`,
  ),
  language: db.prepare('SELECT language FROM subscribers WHERE id = ?').pluck(),
  confirm: db.prepare("UPDATE subscribers SET state = 'confirmed', confirmed_at = ?, updated_at = ? WHERE id = ? AND state = 'waiting'"),
  unsubscribe: db.prepare(
    "UPDATE subscribers SET state = 'unsubscribed', unsubscribed_at = ?, updated_at = ? WHERE id = ? AND state IN ('waiting', 'confirmed')",
  ),
  holdConfirmation: db.prepare('UPDATE subscribers SET confirmation_held_at = ? WHERE id = ?'),
  heldForOwner: db.prepare(
    "SELECT count(*) AS n, min(confirmation_held_at) AS since FROM subscribers WHERE confirmation_held_at IS NOT NULL AND state = 'waiting'",
  ),
  drop: db.prepare("DELETE FROM subscribers WHERE state = 'waiting' AND signed_up_at < ?"),
  countPerson: db.prepare('SELECT count(*) FROM subscribers WHERE person = ?').pluck(),
  erasePerson: db.prepare('DELETE FROM subscribers WHERE person = ?'),
}));

/** What a sign-up did: the row (new or again `waiting`) and whether it asks for a confirmation mail. */
export interface SignedUp {
  id: number;
  state: SubscriberState;
  /** True when the row is `waiting` for this sign-up's confirmation. */
  confirm: boolean;
}

/**
 * A sign-up in the newsletter box (inside the transaction of its document): see the file's comment.
 * `language`: the language of the page it was made on (config/site.ts languages' code; none for the
 * default language), in which the subscriber's mails are written.
 */
export function recordSignUp(
  db: Database.Database,
  { docId, email, consent, now, language }: { docId: string; email: string; consent: Consent; now: number; language?: string | undefined },
): SignedUp {
  const q = statements(db);
  const address = email.trim();
  const found = q.byPerson.get(personKey(address)) as { id: number; state: SubscriberState } | undefined;
  const values = [consent.page, consent.words, consent.source, consent.campaign, language ?? null] as const;
  if (!found) {
    const added = q.add.run(personKey(address), address, docId, now, ...values, now);
    return { id: Number(added.lastInsertRowid), state: 'waiting', confirm: true };
  }
  if (found.state === 'confirmed' || found.state === 'bounced') return { ...found, confirm: false };
  q.again.run(address, docId, now, ...values, now, found.id);
  return { id: found.id, state: 'waiting', confirm: true };
}

/** One subscriber, or undefined. */
export function subscriberById(db: Database.Database, id: number): SubscriberSummary | undefined {
  return statements(db).byId.get(id) as SubscriberSummary | undefined;
}

/** The language a subscriber signed up in (its code), or null: the default language (a sign-up from before languages, or no such row). */
export function subscriberLanguage(db: Database.Database, id: number): string | null {
  return (statements(db).language.get(id) as string | null | undefined) ?? null;
}

/** Confirms a waiting subscriber; answers the row as it is afterwards (undefined: there is none). */
export function confirmSubscriber(db: Database.Database, id: number, now: number): SubscriberSummary | undefined {
  statements(db).confirm.run(now, now, id);
  return subscriberById(db, id);
}

/** An owner ends a subscription by hand: 'done', 'unknown' (no such row), or 'notSubscribed' (unsubscribed or bounced already). */
export function unsubscribeByHand(db: Database.Database, id: number, now: number): 'done' | 'unknown' | 'notSubscribed' {
  const changed = statements(db).unsubscribe.run(now, now, id).changes;
  if (changed > 0) return 'done';
  return subscriberById(db, id) ? 'notSubscribed' : 'unknown';
}

/**
 * Marks a sign-up whose confirmation waits for an owner (its network had its day's share: the
 * time), or not (null: its confirmation was queued, or is not due).
 */
export function holdConfirmation(db: Database.Database, id: number, at: number | null): void {
  statements(db).holdConfirmation.run(at, id);
}

/** How many waiting sign-ups' confirmations wait for an owner, and since when (the inbox's notice). */
export function confirmationsHeldForOwner(db: Database.Database): { count: number; since: number | null } {
  const row = statements(db).heldForOwner.get() as { n: number; since: number | null };
  return { count: row.n, since: row.since };
}

/** Deletes the sign-ups that waited longer than unconfirmedDays for their confirmation; answers how many. */
export function dropUnconfirmed(db: Database.Database, now: number): number {
  return statements(db).drop.run(now - UNCONFIRMED_MS).changes;
}

/** The subscribers as an erasure of a person finds and deletes them (src/leads/server/privacy.ts PersonTables). */
export const subscriptionsOfPerson: PersonTable = {
  kind: 'subscriptions',
  count: (db, person) => statements(db).countPerson.get(person) as number,
  erase: (db, person) => void statements(db).erasePerson.run(person),
};

/** Which subscribers a view shows: a state, and a part of the address (any case). */
export interface SubscriberFilter {
  state: SubscriberState;
  search?: string;
}

/** The SQL of a filter (the state and search), and of the search alone (for the counts of every state). */
function whereOf({ state, search }: SubscriberFilter): { sql: string; params: unknown[]; searchSql: string; searchParams: unknown[] } {
  const q = search?.trim().toLowerCase() ?? '';
  const searchSql = q === '' ? '' : 'instr(lower(email), ?) > 0';
  const searchParams = q === '' ? [] : [q];
  return { sql: ['state = ?', ...(searchSql ? [searchSql] : [])].join(' AND '), params: [state, ...searchParams], searchSql, searchParams };
}

/** One page of a view, newest first (the database pages: state and id are its index). */
export function subscriberPage(db: Database.Database, filter: SubscriberFilter, { offset, limit }: { offset: number; limit: number }): SubscriberSummary[] {
  const where = whereOf(filter);
  return db
    .prepare(`SELECT ${COLUMNS} FROM subscribers WHERE ${where.sql} ORDER BY id DESC LIMIT ? OFFSET ?`)
    .all(...where.params, limit, offset) as SubscriberSummary[];
}

/** How many subscribers each state has, with the view's search. */
export function subscriberCounts(db: Database.Database, filter: SubscriberFilter): Record<SubscriberState, number> {
  const where = whereOf(filter);
  const counts = Object.fromEntries(SUBSCRIBER_STATES.map((state) => [state, 0])) as Record<SubscriberState, number>;
  const rows = db
    .prepare(`SELECT state, count(*) AS n FROM subscribers ${where.searchSql ? `WHERE ${where.searchSql}` : ''} GROUP BY state`)
    .all(...where.searchParams) as { state: SubscriberState; n: number }[];
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}

/** Rows read from the database at a time while exporting. */
const EXPORT_BATCH = 500;

/** The CSV's columns, in order (config/admin.ts subscribers.columns). */
const CSV_KEYS = ['email', 'state', 'signedUpAt', 'page', 'source', 'campaign', 'confirmedAt', 'unsubscribedAt', 'bouncedAt', 'consentWords'] as const;

const time = (at: number | null) => (at === null ? '' : formatCellDate(at));

/**
 * The view as CSV, newest first: UTF-8 with a byte order mark, each cell guarded for spreadsheets
 * (src/leads/server/leads.ts csvCell), read from the database a batch at a time (never whole in memory;
 * no statement left open between two pieces).
 */
export function* exportSubscribers(db: Database.Database, filter: SubscriberFilter, served: Languages): Generator<string> {
  const t = admin.subscribers;
  // The language each signed up in, by its name, last: only on a site in more than one language (as the leads' export).
  const languages = inboxLanguages(served) !== undefined;
  yield BYTE_ORDER_MARK + csvRow([...CSV_KEYS.map((key) => t.columns[key]), ...(languages ? [admin.languages.language] : [])]);
  const where = whereOf(filter);
  const next = db.prepare(`SELECT ${COLUMNS}, language FROM subscribers WHERE ${where.sql} AND id < ? ORDER BY id DESC LIMIT ${EXPORT_BATCH}`);
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = next.all(...where.params, before) as (SubscriberSummary & { language: string | null })[];
    if (rows.length === 0) return;
    let piece = '';
    for (const row of rows) {
      piece += csvRow([
        row.email,
        t.states[row.state],
        time(row.signedUpAt),
        row.page ?? '',
        row.source || admin.sources.direct,
        row.campaign ?? '',
        time(row.confirmedAt),
        time(row.unsubscribedAt),
        time(row.bouncedAt),
        row.consentWords,
        ...(languages ? [leadLanguage(served, row.language).name] : []),
      ]);
    }
    yield piece;
    before = rows.at(-1)!.id;
  }
}
