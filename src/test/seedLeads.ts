/**
 * A database of many leads: rows written straight into a real SQLite file in one transaction
 * with each lead's sort keys and search words (100,000 leads: about 19 s of CPU time, 20 to 40 s
 * on this shared 2-core machine, more when it is very busy), spread over the four forms, a few
 * spam, some already read, one a minute up to now (within every form's retention period). Nothing is committed: tests and `npm run bench:inbox` make it.
 * `messageChars` pads each career and contact message (a 100 MB export: about 1,000 each).
 */
import forms from '../../config/forms';
import { buildDocument } from '../forms/model/document';
import { personOf, sortKeysOf, writeSearchText } from '../server/leadKeys';
import { openStore, newDocumentId, type Store } from '../server/store';
import { validData, type FormId } from './formFixtures';

const ORDER: FormId[] = ['inquiry', 'contact', 'freelancer', 'newsletter'];
const MESSAGE_FIELD = { contact: 'Messsage', freelancer: 'Messsage', inquiry: 'Pname' } as const;

export interface Seeded {
  leads: number;
  ms: number;
}

export function seedLeads(store: Store, count: number, { messageChars = 0, start = Date.now() - count * 60_000 } = {}): Seeded {
  const began = performance.now();
  const insertDocument = store.db.prepare('INSERT INTO documents (collection, doc_id, data, created_at) VALUES (?, ?, ?, ?)');
  // New leads are unread; new and read ones wait for the agency since their arrival (as the store writes them).
  const insertLead = store.db.prepare('INSERT INTO leads (doc_id, status, spam, collection, seq, name_key, email_key, person, active_at, unread, waiting_since) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const padding = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(Math.ceil(messageChars / 57)).slice(0, messageChars);
  store.db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const formId = ORDER[i % ORDER.length]!;
      const form = forms[formId];
      const at = new Date(start + i * 60_000);
      const values: Record<string, string> = { ...(validData[formId] as Record<string, string>), Email: `lead${i}@example.com` };
      for (const field of form.fields) if (field.autoComplete === 'name') values[field.name] = `Lead ${String(i).padStart(6, '0')}`;
      const messageField = MESSAGE_FIELD[formId as keyof typeof MESSAGE_FIELD];
      if (messageField) values[messageField] = `Message ${i}. ${padding}`;
      if (formId === 'freelancer') values.CvFile = '';
      const docId = newDocumentId();
      const document = buildDocument(form, values, at);
      const seq = Number(insertDocument.run(form.collection, docId, JSON.stringify(document), at.toISOString()).lastInsertRowid);
      const keys = sortKeysOf(form.collection, document);
      const status = i % 3 === 0 ? 'read' : 'new';
      insertLead.run(docId, status, i % 50 === 49 ? 1 : 0, form.collection, seq, keys.name, keys.email, personOf(form.collection, document), at.toISOString(), status === 'new' ? 1 : 0, at.toISOString());
      writeSearchText(store.db, seq, document, '');
    }
  })();
  return { leads: count, ms: performance.now() - began };
}

/** Seeds a data folder's database (made if need be) and closes it. */
export function seedDataDir(dataDir: string, count: number, options?: { messageChars?: number }): Seeded {
  const store = openStore(dataDir);
  try {
    return seedLeads(store, count, options);
  } finally {
    store.close();
  }
}
