/**
 * The content editor's drafts: each account's unpublished value of each file it edits, kept in
 * the site's database as it is typed, so nothing is lost to a reload, a closed tab, a lost
 * connection or a crash of the server in the middle of a publish (the unfinished edit becomes
 * its author's draft again: publish.ts). A publish of a file clears its author's draft of it.
 */
import type { Statement } from 'better-sqlite3';
import type { Store } from '../store';

export interface Draft {
  author: string;
  file: string;
  value: unknown;
  /** The revision the draft was started from. */
  base: string;
  /** ms since 1970. */
  updatedAt: number;
}

interface Row {
  author: string;
  file: string;
  value: string;
  base: string;
  updated_at: number;
}

const fromRow = (row: Row): Draft => ({ author: row.author, file: row.file, value: JSON.parse(row.value) as unknown, base: row.base, updatedAt: row.updated_at });

export interface Drafts {
  /** Every draft, of every account (an editor sees who else has a draft of a file). */
  all(): Draft[];
  save(author: string, file: string, value: unknown, base: string, at: number): void;
  discard(author: string, file: string): void;
}

/** The drafts of the site's database (its statements made at first use: the database may open later than the app). */
export function drafts(store: Store): Drafts {
  let statements: { list: Statement; upsert: Statement; remove: Statement } | undefined;
  const sql = () =>
    (statements ??= {
      list: store.db.prepare('SELECT author, file, value, base, updated_at FROM content_drafts ORDER BY updated_at DESC'),
      upsert: store.db.prepare(
        'INSERT INTO content_drafts (author, file, value, base, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (author, file) DO UPDATE SET value = excluded.value, base = excluded.base, updated_at = excluded.updated_at',
      ),
      remove: store.db.prepare('DELETE FROM content_drafts WHERE author = ? AND file = ?'),
    });
  return {
    all: () => (sql().list.all() as Row[]).map(fromRow),
    save: (author, file, value, base, at) => void sql().upsert.run(author, file, JSON.stringify(value), base, at),
    discard: (author, file) => void sql().remove.run(author, file),
  };
}
