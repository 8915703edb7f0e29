/**
 * The site's store as the programs open it (the server, `npm run dev`'s editor, the scripts): the
 * platform's store (src/platform/server/store/store.ts) with every feature's migrations in their
 * one order, each feature's list from its own folder, and the leads' part (each document a
 * visitor sends is a lead: src/leads/server/store.ts).
 */
import * as platform from '../../platform/server/store/store';
import { inOrder } from '../../platform/server/store/migrate';
import { platformMigrations } from '../../platform/server/migrations';
import { leadMigrations } from '../../leads/server/migrations';
import { contentMigrations } from '../../content/server/migrations';
import { newsletterMigrations } from '../../newsletter/server/migrations';
import { leadParts } from '../../leads/server/store';

/** Every migration, in the order a database has them (each feature's numbers, one list). */
export const migrations = inOrder([platformMigrations, leadMigrations, contentMigrations, newsletterMigrations]);

/** The site's store, opened (and migrated) now (platform's openStore). */
export function openStore(dataDir: string, options?: { readonly?: boolean }): platform.Store {
  return platform.openStore(dataDir, { ...leadParts, migrations }, options);
}

/** The running site's store, opened as soon as its disk allows (platform's openStoreWhenPossible). */
export function openStoreWhenPossible(dataDir: string, options?: Parameters<typeof platform.openStoreWhenPossible>[2]): platform.StoreWhenPossible {
  return platform.openStoreWhenPossible(dataDir, { ...leadParts, migrations }, options);
}
