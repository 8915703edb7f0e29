/**
 * What a stored lead sets off, top to bottom: the one list (src/apps/server/app.ts registers it once).
 * A submission replayed by the browser (its submission key seen before) stores nothing and sets
 * off nothing.
 *
 * In the lead's own transaction (on disk with the lead, or not at all):
 *
 * 0. the store wrote the document and its row in `leads` (store.ts): status New, unread, its
 *    person waiting for the agency since its arrival (neither for a form that awaits no answer,
 *    a newsletter sign-up: attention.ts awaitsAgency). A new submission of a known person (the
 *    same address, any case or +tag: leadKeys.ts personKey) is a lead like any other: the person
 *    needs the agency again;
 * 1. the uploads it names become its own (cvFiles.ts);
 * 2. where it came from, beside it (sources.ts), and the language it was sent in (store.ts recordLanguage);
 * 3. its event, `stored` (attention.ts), marked `again` for a known person;
 * 4. the agency's notifications (none for spam) and the visitor's auto-reply, as pending
 *    deliveries (notify/index.ts Notifications.queueLeadMails);
 * 5. a newsletter sign-up's subscriber row, waiting, with its consent, and its one confirmation
 *    mail (newsletter/index.ts signedUp).
 *
 * After it (on the event loop's next turn, once the transaction has ended):
 *
 * 6. the notifications' worker sends them (notify/worker.ts, woken by step 4);
 * 7. every open screen of the inbox hears of the lead (src/leads/server/live.ts, woken by step 3's event).
 */
import { leadArrived } from './attention';
import { claimUploads } from './cvFiles';
import type { Notifications } from './notify';
import { recordSource } from './sources';
import { recordLanguage } from './store';
import { preparedIn } from '../../platform/server/statements';
import type { Inserted, Store } from '../../platform/server/store/store';
import type Database from 'better-sqlite3';
import type { FormLookups } from '../../site/forms/model/registry';

const statements = preparedIn((db: Database.Database) => ({
  /** Whether the lead's person sent something before (leads_by_person). */
  known: db.prepare('SELECT 1 FROM leads l JOIN leads earlier ON earlier.person = l.person AND earlier.seq < l.seq WHERE l.doc_id = ? LIMIT 1').pluck(),
}));

export function whenLeadStored(
  store: Store,
  forms: FormLookups,
  clock: () => number,
  notifications: Notifications,
  newsletter: { signedUp(lead: Inserted): void },
): void {
  store.onInsert((lead) => {
    claimUploads(store, forms, lead);
    recordSource(store.db, lead);
    recordLanguage(store.db, lead);
    leadArrived(store.db, lead.docId, clock(), statements(store.db).known.get(lead.docId) !== undefined);
    notifications.queueLeadMails(lead);
    newsletter.signedUp(lead);
  });
}
