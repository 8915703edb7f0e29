/**
 * Prepared statements, made once per database and kept with it: the one cache of them. Made on
 * first use, not at start: the store's database may not be open yet (a full data disk when the
 * site starts: src/platform/server/store/store.ts openStoreWhenPossible), and until it is, each use throws
 * DataUnavailable, which the server answers with 503.
 */
import type Database from 'better-sqlite3';

/**
 * What the platform's parts (accounts, sessions, the health check) need of the site's database:
 * the open database. The store opens it (src/platform/server/store/store.ts Store), with the
 * tables every feature keeps in it (each feature's migrations: src/platform/server/store/migrate.ts).
 */
export interface HasDatabase {
  readonly db: Database.Database;
}

/** The statements `make` prepares, made once for each database (a factory's own cache). */
export function preparedIn<T>(make: (db: Database.Database) => T): (db: Database.Database) => T {
  const made = new WeakMap<Database.Database, T>();
  return (db) => {
    let statements = made.get(db);
    if (!statements) made.set(db, (statements = make(db)));
    return statements;
  };
}

/** The same for a store's database, looked up at each use. */
export function lazyStatements<T>(store: HasDatabase, make: (db: Database.Database) => T): () => T {
  const of = preparedIn(make);
  return () => of(store.db);
}
