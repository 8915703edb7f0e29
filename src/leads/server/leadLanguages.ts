/**
 * The language each lead was sent in, as the inbox shows it: the lead's page, the list's filter
 * and its counts, the export's column, the insights' table; each only on a site in more than one
 * language (config/site.ts `languages`, of the site being served: src/site/server/servedContent.ts).
 * A lead keeps its language's code in its row of `leads` (store.ts recordLanguage); one sent
 * before languages were kept has none: it was sent in the default language.
 */
import type Database from 'better-sqlite3';
import { preparedIn } from '../../platform/server/statements';
import type { Served } from '../../site/server/servedContent';
import type { LeadLanguage } from '../model/adminApi';

/** The server's content served (servedContent.ts: `app.served`), as far as its languages. */
export type Languages = Pick<Served, 'servedLanguages'>;

/** The site's languages as the inbox shows them, the default first; undefined on a site in one language (its inbox shows none). */
export function inboxLanguages(served: Languages): LeadLanguage[] | undefined {
  const languages = served.servedLanguages();
  return languages.length > 1 ? languages.map(({ code, name }) => ({ code, name })) : undefined;
}

/** A lead's language by the code its row keeps (null: the default one); a language no longer declared, by its code. */
export function leadLanguage(served: Languages, code: string | null): LeadLanguage {
  const languages = served.servedLanguages();
  const found = code === null ? languages[0] : languages.find((language) => language.code === code);
  return found ? { code: found.code, name: found.name } : { code: code!, name: code! };
}

const languageOfRow = preparedIn((db: Database.Database) => db.prepare('SELECT language FROM leads WHERE doc_id = ?').pluck());

/**
 * The language a stored lead was sent in, as its notifications to the agency say it (the mail's
 * line, the webhook's `language`); undefined on a site in one language (they say none, as before languages).
 */
export function languageOfLead(served: Languages, db: Database.Database, docId: string): LeadLanguage | undefined {
  if (!inboxLanguages(served)) return undefined;
  return leadLanguage(served, (languageOfRow(db).get(docId) as string | null | undefined) ?? null);
}

/**
 * The codes a lead's row keeps for a language, as a JSON array for SQL (`coalesce(l.language, '')
 * IN (SELECT value FROM json_each(?))`): the default language's leads include those without one ('').
 */
export function storedCodes(served: Languages, code: string): string {
  return JSON.stringify(code === served.servedLanguages()[0]!.code ? [code, ''] : [code]);
}
