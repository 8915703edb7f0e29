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
import { leadPartsOf } from '../../leads/server/store';
import { bundledForms, type FormLookups } from '../../site/forms/model/registry';

/** Every migration, in the order a database has them (each feature's numbers, one list). */
export const migrations = inOrder([platformMigrations, leadMigrations, contentMigrations, newsletterMigrations]);

/**
 * The site's store, opened (and migrated) now (platform's openStore), as the programs that serve no
 * build open it: its leads' forms are the bundled ones (config/forms).
 */
export function openStore(dataDir: string, options?: { readonly?: boolean }): platform.Store {
  return platform.openStore(dataDir, { ...leadPartsOf(bundledForms), migrations }, options);
}

/** The running site's store, opened as soon as its disk allows (platform's openStoreWhenPossible), its leads' forms the server's (app.served.forms). */
export function openStoreWhenPossible(
  dataDir: string,
  forms: FormLookups,
  options?: Parameters<typeof platform.openStoreWhenPossible>[2],
): platform.StoreWhenPossible {
  return platform.openStoreWhenPossible(dataDir, { ...leadPartsOf(forms), migrations }, options);
}
