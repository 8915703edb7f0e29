/**
 * The migrations' runner. The database's shape is every feature's migrations in one order: each
 * feature keeps its own in its folder (src/platform/server/migrations, src/<feature>/server/migrations),
 * each migration with its number in that order, and the program that opens the store gathers
 * them (src/apps/server/siteStore.ts `inOrder`), so that this folder imports no feature.
 * `PRAGMA user_version` records how many have run; opening a database runs the ones it has not
 * had, each in its own transaction, so a database written by any earlier release opens with every
 * lead kept. A migration that has shipped is frozen: never edited, never renumbered, importing
 * nothing that can change after it (its feature's code and config/ are copied into its folder as
 * they were, as src/leads/server/migrations/splitText.ts is). A change is a new migration, numbered
 * after the last.
 */
import type Database from 'better-sqlite3';

export interface Migration {
  /** Its place in the one order of every feature's migrations, from 1: the `user_version` a database has once it ran. */
  id: number;
  /** What it does, for the log and for whoever reads the list. */
  name: string;
  up(db: Database.Database): void;
}

/** The features' lists as one, by number: the numbers must run 1, 2, 3… with no gap and no repeat. */
export function inOrder(lists: readonly (readonly Migration[])[]): readonly Migration[] {
  const all = lists.flat().sort((a, b) => a.id - b.id);
  all.forEach((migration, i) => {
    if (migration.id !== i + 1) {
      throw new Error(
        migration.id < i + 1
          ? `Two migrations have the number ${migration.id}: give the later one the next free number`
          : `No migration has the number ${i + 1}: the migrations' numbers run on without a gap`,
      );
    }
  });
  return all;
}

/** Runs the migrations of the list (inOrder's, or the first of them) this database has not had yet; returns how many ran. */
export function migrate(db: Database.Database, list: readonly Migration[]): number {
  const done = db.pragma('user_version', { simple: true }) as number;
  if (done > list.length) {
    throw new Error(
      `The database was written by a newer release of the site (schema ${done}, this release knows ${list.length}): upgrade the site, or restore a backup.`,
    );
  }
  for (let version = done; version < list.length; version++) {
    const migration = list[version]!;
    if (migration.id !== version + 1) throw new Error(`The migration numbered ${migration.id} stands at place ${version + 1}: give migrate its list in order`);
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  return list.length - done;
}
