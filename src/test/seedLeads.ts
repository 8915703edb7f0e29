/**
 * A database of many leads: rows written straight into a real SQLite file in one transaction
 * with each lead's sort keys and search words (100,000 leads: about 19 s of CPU time, 20 to 40 s
 * on this shared 2-core machine, more when it is very busy), spread over the four forms, a few
 * spam, some already read, one a minute up to now (within every form's retention period). Nothing is committed: tests and `npm run bench:inbox` make it.
 * `messageChars` pads each career and contact message (a 100 MB export: about 1,000 each).
 */
import forms from '../../config/forms';
import { buildDocument } from '../site/forms/model/document';
import { personOf, sortKeysOf, writeSearchText } from '../leads/server/leadKeys';
import { openStore } from '../apps/server/siteStore';
import { newDocumentId, type Store } from '../platform/server/store/store';
import { awaitsAgency } from '../leads/server/attention';
import { bundledForms } from '../site/forms/model/registry';
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
  // New leads are unread; new and read ones wait for the agency since their arrival, those of forms that await an answer (as the store writes them).
  const insertLead = store.db.prepare(
    'INSERT INTO leads (doc_id, status, spam, collection, seq, name_key, email_key, person, active_at, unread, waiting_since) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
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
      const keys = sortKeysOf(bundledForms, form.collection, document);
      const status = i % 3 === 0 ? 'read' : 'new';
      const waits = awaitsAgency(bundledForms, form.collection);
      insertLead.run(
        docId,
        status,
        i % 50 === 49 ? 1 : 0,
        form.collection,
        seq,
        keys.name,
        keys.email,
        personOf(bundledForms, form.collection, document),
        at.toISOString(),
        waits && status === 'new' ? 1 : 0,
        waits ? at.toISOString() : null,
      );
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

/**
 * Each lead's conversation, `perLead` mails in all (npm run bench:inbox): its auto-reply (a sent
 * delivery of the visitor channel, as the site sends it) and, a few seconds apart after it, mails
 * read from the agency's mailbox: the visitor's answers and the agency's replies by turns (half of
 * the leads end with the visitor's, half with the agency's). Each lead's status, unread mark, wait
 * and last activity then follow its last mail, as the reader leaves them (spam leads keep theirs).
 * One transaction; nothing committed before it ends.
 */
export function seedMails(store: Store, perLead: number, { bodyChars = 200 } = {}): { mails: number; ms: number } {
  const began = performance.now();
  const db = store.db;
  const leads = db
    .prepare('SELECT l.doc_id AS docId, l.seq, l.person, l.spam, d.created_at AS createdAt FROM leads l JOIN documents d ON d.doc_id = l.doc_id ORDER BY l.seq')
    .all() as { docId: string; seq: number; person: string | null; spam: number; createdAt: string }[];
  const delivery = db.prepare(
    "INSERT INTO deliveries (id, doc_id, channel, state, attempts, next_at, created_at, sent_at) VALUES (?, ?, 'visitor', 'sent', 1, ?, ?, ?)",
  );
  const visitorMail = db.prepare(
    "INSERT INTO visitor_mails (delivery_id, doc_id, kind, author, to_address, subject, body, created_at) VALUES (?, ?, 'autoReply', NULL, ?, ?, ?, ?)",
  );
  const received = db.prepare(
    "INSERT INTO lead_messages (doc_id, message_id, direction, from_address, from_name, subject, body, too_large, attachments, sent_at, read_at, folder) VALUES (?, ?, ?, ?, ?, ?, ?, 0, '[]', ?, ?, ?)",
  );
  const state = db.prepare('UPDATE leads SET status = ?, unread = ?, waiting_since = ?, active_at = ? WHERE doc_id = ? AND spam = 0');
  const padding = 'Thank you for your message; here is what we think about the plan and the dates. '.repeat(Math.ceil(bodyChars / 80)).slice(0, bodyChars);
  let mails = 0;
  db.transaction(() => {
    for (const lead of leads) {
      const address = lead.person ?? 'someone@example.com';
      const start = Date.parse(lead.createdAt);
      const id = `msg_${newDocumentId()}`;
      delivery.run(id, lead.docId, start, start, start);
      visitorMail.run(id, lead.docId, address, 'A seeded conversation', `Dear visitor, thank you. ${padding}`, start);
      mails++;
      // Odd leads end with the visitor's answer, even ones with the agency's reply.
      const theirsFirst = (lead.seq + perLead) % 2 === 0;
      let last = { direction: 'out', at: start };
      let waitingSince: number | null = null;
      for (let k = 1; k < perLead; k++) {
        const direction = (k % 2 === 1) === theirsFirst ? 'in' : 'out';
        const at = start + k * 2000;
        received.run(
          lead.docId,
          `<seed-${lead.seq}-${k}@mail.example.net>`,
          direction,
          direction === 'in' ? address : 'agency@example.com',
          '',
          'Re: A seeded conversation',
          `Mail ${k}. ${padding}`,
          at,
          at,
          direction === 'in' ? 'INBOX' : 'Sent',
        );
        waitingSince = direction === 'in' ? (waitingSince ?? at) : null;
        last = { direction, at };
        mails++;
      }
      const iso = (ms: number) => new Date(ms).toISOString();
      if (perLead > 1)
        state.run(
          last.direction === 'in' ? 'answered' : 'replied',
          last.direction === 'in' && lead.seq % 4 === 1 ? 1 : 0,
          waitingSince === null ? null : iso(waitingSince),
          iso(last.at),
          lead.docId,
        );
    }
  })();
  return { mails, ms: performance.now() - began };
}
