/**
 * What the inbox sorts and searches by, kept beside each lead so that the database, not a
 * reading of every document, answers the list (src/leads/server/leads.ts):
 *
 * - in `leads`: the document's `seq` (arrival order), the sender's name and first e-mail
 *   (`name_key`, `email_key`: the values of the form's name field and first e-mail field, as
 *   sent), each indexed with the view's columns, so a page in any order is an index walk;
 * - in `lead_text`: every value of the document, the private note and the new part of each of
 *   the lead's mails either way (the visitor's answers, the agency's replies: never a quote, never
 *   the auto-reply's standard words; the newest first, at most config/server.ts
 *   mailbox.searchCharacters in all), in lower case, one after the other with SEPARATOR between
 *   them (shortest first: a match is usually found early), to check a search exactly;
 * - in `lead_search` (SQLite FTS5, no positions, no copy of the text): one word per distinct
 *   character, pair and trigram of each value (gramWord), so a search is found by its words,
 *   not by reading every lead.
 *
 * Written in the transaction that stores the lead (store.ts), again when its note changes
 * (admin/inbox.ts) and when a mail of it is kept (mailbox/record.ts, notify/visitorMail.ts), and
 * for the leads stored before by the migrations that made the tables and added the mails;
 * deleted with the lead (a trigger), from the index too (FTS5's secure-delete, with the
 * database's secure_delete: nothing of an erased lead stays in the file). What is written here
 * is read from config/forms (the name and e-mail fields): a release that changes it adds a
 * migration that writes every lead's keys again, with its own frozen copy of this code (as
 * src/leads/server/migrations/leadKeys.ts is for the migrations that wrote them first).
 */
import type Database from 'better-sqlite3';
import server from '../../../config/server';
import { senderFields, type FormLookups } from '../../site/forms/model/registry';
import { personKey } from '../model/person';
import { preparedIn } from '../../platform/server/statements';

/** Between two values of the search text: no search can span it. */
export const SEPARATOR = '\u0001';

/** A value as the search sees it (as the search always has: any value, as text, in any case). */
export const searchable = (value: unknown): string => String(value ?? '').toLocaleLowerCase();

/**
 * The connection's `lead_has(data, note, needle)` (src/leads/server/store.ts sets it up on each
 * connection the store opens): the search, in any case, over the document's values and the note.
 */
export function addLeadSearch(db: Database.Database): void {
  db.function('lead_has', { deterministic: true }, (data: unknown, note: unknown, needle: unknown) => {
    const found = (value: unknown) => searchable(value).includes(String(needle));
    if (found(note)) return 1;
    const document = JSON.parse(String(data)) as Record<string, unknown>;
    return Object.values(document).some(found) ? 1 : 0;
  });
}

/**
 * A character as part of a word of the index (FTS5's ascii tokenizer: ASCII letters and digits
 * and every non-ASCII character make words): itself, or "z" and its code in hex for the rest
 * of ASCII ("z" included), so "a b" is one word, az20b.
 */
const ASCII_IN_WORD: readonly string[] = Array.from({ length: 128 }, (_u, code) => {
  const c = String.fromCharCode(code);
  return /[a-y0-9]/.test(c) ? c : `z${code.toString(16).padStart(2, '0')}`;
});
const inWord = (character: string): string => ASCII_IN_WORD[character.charCodeAt(0)] ?? character;

/** An n-gram (of lower-case characters) as one word of the index. */
export const gramWord = (characters: readonly string[]): string => characters.map(inWord).join('');

/** The n-grams of ASCII text as numbers (a character, a pair, a trigram: three ranges), marked in one bit set while a document's words are gathered. */
const PAIRS = 128;
const TRIGRAMS = PAIRS + 128 * 128;
const seen = new Uint32Array(Math.ceil((TRIGRAMS + 128 ** 3) / 32));
const wordOfNumber = (n: number): string =>
  n < PAIRS
    ? ASCII_IN_WORD[n]!
    : n < TRIGRAMS
      ? ASCII_IN_WORD[(n - PAIRS) >> 7]! + ASCII_IN_WORD[(n - PAIRS) & 127]!
      : ASCII_IN_WORD[(n - TRIGRAMS) >> 14]! + ASCII_IN_WORD[((n - TRIGRAMS) >> 7) & 127]! + ASCII_IN_WORD[(n - TRIGRAMS) & 127]!;

/**
 * The text to search, and the index's words for a document and its note: each distinct
 * character, pair and trigram of each value (a search of up to three characters is one word; a
 * longer one is all of its trigrams, then checked in the text).
 */
function searchTextOf(document: Record<string, unknown>, note: string, mails: readonly string[] = []): { text: string; words: string } {
  const values = [...Object.values(document), note, ...mails]
    .map(searchable)
    .filter((value) => value !== '')
    .sort((a, b) => a.length - b.length);
  const numbers: number[] = [];
  const mark = (n: number) => {
    const bit = 1 << (n & 31);
    if ((seen[n >>> 5]! & bit) === 0) {
      seen[n >>> 5]! |= bit;
      numbers.push(n);
    }
  };
  const others = new Set<string>();
  for (const value of values) {
    if (Buffer.byteLength(value) === value.length) {
      // Plain ASCII (most values): numbers, not strings.
      for (let i = 0; i < value.length; i++) {
        const c = value.charCodeAt(i);
        mark(c);
        if (i + 1 < value.length) {
          const pair = (c << 7) | value.charCodeAt(i + 1);
          mark(PAIRS + pair);
          if (i + 2 < value.length) mark(TRIGRAMS + ((pair << 7) | value.charCodeAt(i + 2)));
        }
      }
      continue;
    }
    const parts = Array.from(value, inWord);
    for (let i = 0; i < parts.length; i++) {
      others.add(parts[i]!);
      if (i + 1 < parts.length) {
        const pair = parts[i]! + parts[i + 1]!;
        others.add(pair);
        if (i + 2 < parts.length) others.add(pair + parts[i + 2]!);
      }
    }
  }
  const words = numbers.map(wordOfNumber);
  for (const n of numbers) seen[n >>> 5]! &= ~(1 << (n & 31));
  return { text: values.join(SEPARATOR), words: [...new Set([...words, ...others])].join(' ') };
}

/** The person a lead belongs to (src/leads/model/person.ts personKey of its form's first e-mail field), or null without an address. */
export function personOf(forms: FormLookups, collection: string, document: Record<string, unknown>): string | null {
  const email = senderValue(forms, collection, document, 'email');
  return email && email.trim() !== '' ? personKey(email) : null;
}

/** The sender's name and first e-mail of a document, as the list sorts them (null: the form has the field, the document not). */
export function sortKeysOf(forms: FormLookups, collection: string, document: Record<string, unknown>): { name: string | null; email: string | null } {
  return { name: senderValue(forms, collection, document, 'name'), email: senderValue(forms, collection, document, 'email') };
}

/** The value of the sender's name or first e-mail field (null when the document has none). */
function senderValue(forms: FormLookups, collection: string, document: Record<string, unknown>, which: 'name' | 'email'): string | null {
  if (!forms.knownCollections().includes(collection)) return '';
  const fields = senderFields(forms.formForCollection(collection));
  const field = which === 'name' ? fields.name : fields.emails[0];
  if (!field) return '';
  const value = document[field.name];
  return value === undefined || value === null ? null : String(value);
}

const statementsOf = preparedIn((db: Database.Database) => ({
  read: db.prepare('SELECT d.doc_id AS docId, d.seq, d.collection, d.data, l.note FROM documents d JOIN leads l ON l.doc_id = d.doc_id WHERE d.doc_id = ?'),
  keys: db.prepare('UPDATE leads SET seq = ?, name_key = ?, email_key = ? WHERE doc_id = ?'),
  forgetText: db.prepare('DELETE FROM lead_text WHERE seq = ?'),
  forgetWords: db.prepare('DELETE FROM lead_search WHERE rowid = ?'),
  text: db.prepare('INSERT INTO lead_text (seq, text) VALUES (?, ?)'),
  words: db.prepare('INSERT INTO lead_search (rowid, words) VALUES (?, ?)'),
}));
type Statements = ReturnType<typeof statementsOf>;

/** Each lead's mails, newest first: the new part of those read from the mailbox, and the agency's replies. */
const mailsStatement = preparedIn((db: Database.Database) =>
  db
    .prepare(
      `SELECT body FROM (SELECT body, sent_at AS at FROM lead_messages WHERE doc_id = @docId AND body <> ''
         UNION ALL SELECT body, created_at FROM visitor_mails WHERE doc_id = @docId AND kind = 'reply') ORDER BY at DESC`,
    )
    .pluck(),
);

/** The new parts of a lead's mails its search reads: the newest first, at most mailbox.searchCharacters together (the last one cut). */
function mailTexts(db: Database.Database, docId: string | undefined): string[] {
  if (docId === undefined) return [];
  const statement = mailsStatement(db);
  const texts: string[] = [];
  let room = server.mailbox.searchCharacters;
  for (const body of statement.iterate({ docId }) as Iterable<string>) {
    texts.push(body.slice(0, room));
    room -= body.length;
    if (room <= 0) break;
  }
  return texts;
}

/**
 * Writes a new lead's search text and words (its `leads` row is written with its sort keys:
 * store.ts). `again`: the lead had them (its note changed, a mail was kept). `docId`: the lead's
 * mails are searched too (a new lead has none).
 */
export function writeSearchText(db: Database.Database, seq: number, document: Record<string, unknown>, note: string, again = false, docId?: string): void {
  const statements = statementsOf(db);
  if (again) {
    statements.forgetText.run(seq);
    statements.forgetWords.run(seq);
  }
  const { text, words } = searchTextOf(document, note, mailTexts(db, docId));
  statements.text.run(seq, text);
  statements.words.run(seq, words);
}

interface Stored {
  docId: string;
  seq: number;
  collection: string;
  data: string;
  note: string | null;
}

function write(statements: Statements, db: Database.Database, forms: FormLookups, row: Stored, again: boolean): void {
  const document = JSON.parse(row.data) as Record<string, unknown>;
  const keys = sortKeysOf(forms, row.collection, document);
  statements.keys.run(row.seq, keys.name, keys.email, row.docId);
  writeSearchText(db, row.seq, document, row.note ?? '', again, row.docId);
}

/** Rewrites one stored lead's sort and search keys (its note changed, a mail of it was kept), its form looked up in `forms` (the server's). */
export function keepLeadKeys(db: Database.Database, forms: FormLookups, docId: string): void {
  const statements = statementsOf(db);
  const row = statements.read.get(docId) as Stored | undefined;
  if (row) write(statements, db, forms, row, true);
}
