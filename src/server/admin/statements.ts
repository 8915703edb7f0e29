/**
 * Prepared statements made on first use, not at start: the store's database may not be open
 * yet (a full data disk when the site starts: src/server/store.ts openStoreWhenPossible), and
 * until it is, each use throws DataUnavailable, which the server answers with 503.
 */
import type Database from 'better-sqlite3';
import type { Store } from '../store';

export function lazyStatements<T>(store: Store, make: (db: Database.Database) => T): () => T {
  const made = new WeakMap<Database.Database, T>();
  return () => {
    const db = store.db;
    let statements = made.get(db);
    if (!statements) made.set(db, (statements = make(db)));
    return statements;
  };
}
