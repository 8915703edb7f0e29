/**
 * The leads' part of the site's store (src/platform/server/store, opened with it by
 * src/apps/server/siteStore.ts): each document a visitor sends is a lead, with its row in `leads`
 * (unread, its sort, search and people keys: leadKeys.ts) written in the document's own
 * transaction. src/leads/server/leadStored.ts: what else a stored lead sets off.
 */
import type Database from 'better-sqlite3';
import type { Attribution } from '../../site/model/attribution';
import { preparedIn } from '../../platform/server/statements';
import type * as platform from '../../platform/server/store/store';
import type { FormLookups } from '../../site/forms/model/registry';
import { addLeadSearch, personOf, sortKeysOf, writeSearchText } from './leadKeys';
import { awaitsAgency } from './attention';

declare module '../../platform/server/store/store' {
  interface DocumentFacts {
    /** Where the lead came from, when the post said (src/leads/server/sources.ts keeps it beside the lead). */
    attribution?: Attribution;
    /** The language of the page it was sent from (config/site.ts `languages`: its code), kept in its row of `leads` (recordLanguage). */
    language?: string;
  }
}

// A new lead is unread, and its person waits for the agency since its arrival, unless its form awaits no answer (a newsletter
// sign-up: attention.ts awaitsAgency).
const insertLead = preparedIn((db: Database.Database) =>
  db.prepare(
    "INSERT INTO leads (doc_id, spam, collection, seq, name_key, email_key, person, active_at, unread, waiting_since) VALUES (?, ?, ?, ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?, CASE WHEN ? THEN (SELECT created_at FROM documents WHERE seq = ?) END)",
  ),
);

/** The leads' part of the store, its documents' forms looked up in `forms` (the server's: app.served.forms). */
export const leadPartsOf = (forms: FormLookups): platform.StoreParts => ({
  /** The search's SQL function (leadKeys.ts addLeadSearch), on every connection. */
  connected: addLeadSearch,
  /** The document's row in `leads`, with its sort and search keys (leadKeys.ts). */
  documentAdded(db, { seq, docId, collection, document, spam }) {
    const keys = sortKeysOf(forms, collection, document);
    const waits = awaitsAgency(forms, collection) ? 1 : 0;
    insertLead(db).run(docId, spam ? 1 : 0, collection, seq, keys.name, keys.email, personOf(forms, collection, document), waits, waits, seq);
    writeSearchText(db, Number(seq), document, '');
  },
});

/** The store's hook: the language the lead was sent in, in its row of `leads` (never in the document), in the same transaction. */
export function recordLanguage(db: Database.Database, inserted: Pick<platform.Inserted, 'docId' | 'language'>): void {
  if (inserted.language !== undefined) setLanguage(db).run(inserted.language, inserted.docId);
}
const setLanguage = preparedIn((db: Database.Database) => db.prepare('UPDATE leads SET language = ? WHERE doc_id = ?'));
