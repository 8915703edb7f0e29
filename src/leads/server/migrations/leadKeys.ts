/**
 * Frozen: the leads' sort, search and people keys as the migrations that filled them for the
 * leads stored before write them (src/leads/server/leadKeys.ts `fillLeadKeys` and `fillPeople`,
 * src/leads/model/person.ts `personKey`, copied as they stood when the migrations were frozen,
 * the code every database migrated until then ran), with what they read of today's config
 * written out: the name and first e-mail fields of the specification's four forms
 * (config/forms), and how much of a lead's mails its search reads (config/server.ts
 * mailbox.searchCharacters). So an old database is migrated by this code, whatever leadKeys.ts,
 * person.ts or config/ say later. Never edit it: a new way of writing the keys is a new
 * migration with its own copy.
 */
import type Database from 'better-sqlite3';

/** The forms' sender fields then: a document of another collection got empty keys. */
const SENDER_FIELDS: Readonly<Record<string, { name?: string; email: string }>> = {
  subcribe: { email: 'Email' },
  Inquriy: { name: 'Fname', email: 'Email' },
  freelancers: { name: 'fullName', email: 'Email' },
  Contact_cli: { name: 'Fullname', email: 'Email' },
};

/** How many characters of a lead's mails its search read. */
const SEARCH_CHARACTERS = 20000;

/** Between two values of the search text. */
const SEPARATOR = '\u0001';

const searchable = (value: unknown): string => String(value ?? '').toLocaleLowerCase();

/** One mailbox, one key: spaces and case dropped, a +tag dropped, Gmail's dots and googlemail.com folded. */
function personKey(address: string): string {
  const folded = address
    .trim()
    .toLowerCase()
    .replace(/\+[^@]*@/, '@');
  const at = folded.lastIndexOf('@');
  if (at < 0) return folded;
  const domain = folded.slice(at + 1);
  if (!['gmail.com', 'googlemail.com'].includes(domain)) return folded;
  return `${folded.slice(0, at).replaceAll('.', '')}@gmail.com`;
}

/** A character as part of a word of the index: itself, or "z" and its code in hex for the rest of ASCII. */
const ASCII_IN_WORD: readonly string[] = Array.from({ length: 128 }, (_u, code) => {
  const c = String.fromCharCode(code);
  return /[a-y0-9]/.test(c) ? c : `z${code.toString(16).padStart(2, '0')}`;
});
const inWord = (character: string): string => ASCII_IN_WORD[character.charCodeAt(0)] ?? character;

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

/** The text to search, and the index's words: each distinct character, pair and trigram of each value. */
function searchTextOf(document: Record<string, unknown>, note: string, mails: readonly string[]): { text: string; words: string } {
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

/** The value of the sender's name or first e-mail field (null when the document has none, '' for a form without it). */
function senderValue(collection: string, document: Record<string, unknown>, which: 'name' | 'email'): string | null {
  const field = SENDER_FIELDS[collection]?.[which];
  if (field === undefined) return '';
  const value = document[field];
  return value === undefined || value === null ? null : String(value);
}

function personOf(collection: string, document: Record<string, unknown>): string | null {
  const email = senderValue(collection, document, 'email');
  return email && email.trim() !== '' ? personKey(email) : null;
}

/** Writes every lead's person, a batch at a time (inside the migration's transaction). */
export function fillPeople(db: Database.Database): void {
  const update = db.prepare('UPDATE leads SET person = ? WHERE doc_id = ?');
  const batch = db.prepare('SELECT seq, doc_id AS docId, collection, data FROM documents WHERE seq > ? ORDER BY seq LIMIT 500');
  for (let after = 0; ;) {
    const rows = batch.all(after) as { seq: number; docId: string; collection: string; data: string }[];
    for (const row of rows) update.run(personOf(row.collection, JSON.parse(row.data) as Record<string, unknown>), row.docId);
    if (rows.length < 500) return;
    after = rows.at(-1)!.seq;
  }
}

interface Stored {
  docId: string;
  seq: number;
  collection: string;
  data: string;
  note: string | null;
}

/** Writes every lead's sort and search keys, a batch at a time (inside the migration's transaction); `again`: over the ones written before. */
export function fillLeadKeys(db: Database.Database, again = false): void {
  const keys = db.prepare('UPDATE leads SET seq = ?, name_key = ?, email_key = ? WHERE doc_id = ?');
  const forgetText = db.prepare('DELETE FROM lead_text WHERE seq = ?');
  const forgetWords = db.prepare('DELETE FROM lead_search WHERE rowid = ?');
  const text = db.prepare('INSERT INTO lead_text (seq, text) VALUES (?, ?)');
  const words = db.prepare('INSERT INTO lead_search (rowid, words) VALUES (?, ?)');
  // Each lead's mails, newest first (the first migration that writes keys ran before the mails had a table: none then).
  const mails = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'lead_messages'").get()
    ? db
        .prepare(
          `SELECT body FROM (SELECT body, sent_at AS at FROM lead_messages WHERE doc_id = @docId AND body <> ''
             UNION ALL SELECT body, created_at FROM visitor_mails WHERE doc_id = @docId AND kind = 'reply') ORDER BY at DESC`,
        )
        .pluck()
    : undefined;
  const mailTexts = (docId: string): string[] => {
    const texts: string[] = [];
    let room = SEARCH_CHARACTERS;
    for (const body of (mails?.iterate({ docId }) ?? []) as Iterable<string>) {
      texts.push(body.slice(0, room));
      room -= body.length;
      if (room <= 0) break;
    }
    return texts;
  };
  const batch = db.prepare(
    'SELECT d.doc_id AS docId, d.seq, d.collection, d.data, l.note FROM documents d JOIN leads l ON l.doc_id = d.doc_id WHERE d.seq > ? ORDER BY d.seq LIMIT 500',
  );
  for (let after = 0; ;) {
    const rows = batch.all(after) as Stored[];
    for (const row of rows) {
      const document = JSON.parse(row.data) as Record<string, unknown>;
      keys.run(row.seq, senderValue(row.collection, document, 'name'), senderValue(row.collection, document, 'email'), row.docId);
      if (again) {
        forgetText.run(row.seq);
        forgetWords.run(row.seq);
      }
      const search = searchTextOf(document, row.note ?? '', mailTexts(row.docId));
      text.run(row.seq, search.text);
      words.run(row.seq, search.words);
    }
    if (rows.length < 500) return;
    after = rows.at(-1)!.seq;
  }
}
