/**
 * Deleting for real: a lead (with its CV), everything of one person, and whatever is past its
 * form's retention period (config/forms `retention`). The rows go (their notes, status, mails both
 * ways with their quotes and search text, the agency's replies from a mail program to their
 * notifications' reply addresses and those addresses' tokens, sources, events, spam verdicts and
 * notifications with them: those tables cascade), the files go (CVs, kept attachments), and the
 * bytes go too: the database overwrites deleted content with zeros (`secure_delete`,
 * src/platform/server/store/store.ts) and the write-ahead log, which still holds the pages as they were, is
 * emptied at once (a checkpoint that truncates it). A backup taken afterwards copies the zeroed
 * pages.
 *
 * A person is every form of one e-mail address (src/leads/model/person.ts personKey: any case, any
 * +tag). Their erasure is shown first, item by item (erasurePreview), then done (erasePerson): it
 * answers what was deleted and what is left outside the server (the mailboxes the site's mails went
 * to, the webhook's receiver, backups), and leaves a record of itself (when, by whom, how many of
 * each kind: never the address).
 */
import { rmSync } from 'node:fs';
import type Database from 'better-sqlite3';
import server from '../../../config/server';
import { senderFields, type FormLookups } from '../../site/forms/model/registry';
import {
  ERASURE_KINDS,
  type ErasureCounts,
  type ErasureDone,
  type ErasureKind,
  type ErasurePreview,
  type ErasureRecord,
  type OutsidePlace,
} from '../model/adminApi';
import { personKey } from '../model/person';
import { uploadsOf } from './cvFiles';
import { fileOnDisk, splitStoragePath } from '../../platform/server/files';
import { ATTACHMENT_PREFIX } from './mailbox/record';
import { autoReplyMarksOf } from './notify/visitorMail';
import type { Store } from '../../platform/server/store/store';

/**
 * Empties the write-ahead log into the database file and cuts it to nothing, so the old
 * versions of deleted rows it held are gone from the disk as well.
 */
function dropOldVersions(store: Store): void {
  const [result] = store.db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
  // Another connection (the command line, a backup) is reading: try once more when it is done.
  if (result && result.busy !== 0) setTimeout(() => store.db.pragma('wal_checkpoint(TRUNCATE)'), 1000).unref();
}

function removeFile(dataDir: string, storagePath: string): void {
  const parts = splitStoragePath(storagePath);
  if (parts) rmSync(fileOnDisk(dataDir, parts.prefix, parts.id), { force: true });
}

export interface Deleted {
  leads: number;
  /** How many different forms they came from. */
  forms: number;
  files: number;
}

/**
 * Deletes leads by document id with the files they own (src/leads/server/cvFiles.ts: their CVs and the
 * kept attachments of their mails; a file another lead merely names is not theirs and stays), and
 * runs `alsoDelete` in the same transaction; the bytes are gone when it returns.
 */
function deleteLeadsAnd(store: Store, dataDir: string, docIds: readonly string[], alsoDelete: () => void): Deleted {
  const select = store.db.prepare('SELECT collection FROM documents WHERE doc_id = ?');
  const found = docIds.flatMap((docId) => {
    const row = select.get(docId) as { collection: string } | undefined;
    return row ? [{ docId, collection: row.collection, files: uploadsOf(store, docId).map((f) => f.path) }] : [];
  });
  const files = [...new Set(found.flatMap((lead) => lead.files))];
  // The files first: should the database then fail, the lead stays, without its CV.
  for (const file of files) removeFile(dataDir, file);
  const deleteDocument = store.db.prepare('DELETE FROM documents WHERE doc_id = ?');
  const deleteFile = store.db.prepare('DELETE FROM files WHERE path = ?');
  store.db.transaction(() => {
    for (const lead of found) deleteDocument.run(lead.docId);
    for (const file of files) deleteFile.run(file);
    alsoDelete();
  })();
  dropOldVersions(store);
  return { leads: found.length, forms: new Set(found.map((lead) => lead.collection)).size, files: files.length };
}

/** Deletes leads by document id, with the files their own uploads made; the bytes are gone when it returns. */
export function deleteLeads(store: Store, dataDir: string, docIds: readonly string[]): Deleted {
  if (docIds.length === 0) return { leads: 0, forms: 0, files: 0 };
  return deleteLeadsAnd(store, dataDir, docIds, () => undefined);
}

/**
 * A table beyond the leads that holds people by their address (their personKey), erased with
 * them and counted under its kind: the newsletter's subscribers and their rows of its send queue
 * join the server's PersonTables (app.personTables, privacyPlugin.ts) with `add`. `erase` runs inside the erasure's transaction, the tables in the
 * order they joined. `mails`: the e-mails of theirs it holds, listed in the preview; `outside`:
 * where its mails that left the server are (the erasure's list of what is left outside).
 */
export interface PersonTable {
  kind: ErasureKind;
  count(db: Database.Database, person: string): number;
  erase(db: Database.Database, person: string): void;
  mails?(db: Database.Database, person: string): ErasurePreview['mails'];
  outside?(db: Database.Database, person: string, settings: OutsideSettings): OutsidePlace | undefined;
}

/** The tables beyond the leads that an erasure of a person reads and deletes from, in the order they joined (one per server: app.personTables). */
export class PersonTables {
  private readonly tables: PersonTable[] = [
    // Today's "auto-reply sent" mark: a keyed hash of the person, with its salt beside it.
    { kind: 'autoReplyMarks', count: (db, person) => autoReplyMarksOf(db, person), erase: (db, person) => void autoReplyMarksOf(db, person, true) },
  ];

  /** Has every erasure of a person delete them from `table` too. */
  add(table: PersonTable): void {
    if (!this.tables.some((known) => known.kind === table.kind && known.erase === table.erase)) this.tables.push(table);
  }

  get all(): readonly PersonTable[] {
    return this.tables;
  }
}

/** The string values of a document that are e-mail addresses by its form (every e-mail field), or, for a form this site no longer has, any value with an @. */
function addressesOf(forms: FormLookups, collection: string, document: Record<string, unknown>): string[] {
  const known = forms.knownCollections().includes(collection);
  const values = known ? senderFields(forms.formForCollection(collection)).emails.map((field) => document[field.name]) : Object.values(document);
  return values.filter((value): value is string => typeof value === 'string' && value.includes('@') && value.trim() !== '');
}

/** The collections whose leads' person column does not say all: forms with more than one e-mail field, and forms this site no longer has. */
function collectionsToRead(db: Database.Database, forms: FormLookups): string[] {
  const stored = db.prepare('SELECT DISTINCT collection FROM documents').pluck().all() as string[];
  const several = new Set(
    forms
      .allForms()
      .filter((form) => senderFields(form).emails.length > 1)
      .map((form) => form.collection),
  );
  return stored.filter((collection) => several.has(collection) || !forms.knownCollections().includes(collection));
}

interface Person {
  key: string;
  docIds: string[];
  /** Their addresses as their leads hold them. */
  addresses: string[];
}

/**
 * The person of an address: their leads (spam included), found by the person kept beside each lead
 * (leads.person: the form's first e-mail field) and, for the forms where that does not say all,
 * by reading their documents.
 */
function findPerson(store: Store, forms: FormLookups, email: string): Person {
  const key = personKey(email);
  const docIds = new Set(store.db.prepare('SELECT doc_id FROM leads WHERE person = ?').pluck().all(key) as string[]);
  const addresses = new Set<string>();
  const read = store.db.prepare('SELECT doc_id AS docId, collection, data FROM documents WHERE collection = ? ORDER BY seq');
  for (const collection of collectionsToRead(store.db, forms)) {
    // Row by row: a collection is never in memory whole.
    for (const row of read.iterate(collection) as Iterable<{ docId: string; collection: string; data: string }>) {
      if (addressesOf(forms, row.collection, JSON.parse(row.data) as Record<string, unknown>).some((address) => personKey(address) === key))
        docIds.add(row.docId);
    }
  }
  const ids = [...docIds];
  const document = store.db.prepare('SELECT collection, data FROM documents WHERE doc_id = ?');
  for (const docId of ids) {
    const row = document.get(docId) as { collection: string; data: string };
    for (const address of addressesOf(forms, row.collection, JSON.parse(row.data) as Record<string, unknown>))
      if (personKey(address) === key) addresses.add(address.trim());
  }
  return { key, docIds: ids, addresses: [...addresses] };
}

/** SQL for "the person's leads": the ids travel as one JSON array. */
const OF_LEADS = 'doc_id IN (SELECT value FROM json_each(?))';

function countsOf(db: Database.Database, person: Person, personTables: PersonTables): ErasureCounts {
  const ids = JSON.stringify(person.docIds);
  const count = (sql: string) => db.prepare(sql).pluck().get(ids) as number;
  const counts: ErasureCounts = {
    leads: person.docIds.length,
    notes: count(`SELECT count(*) FROM leads WHERE ${OF_LEADS} AND note <> ''`),
    // Theirs and the agency's read from the mailbox, and the agency's replies from a mail program the site did not send on (kept with their words and quote).
    mailsReceived:
      count(`SELECT count(*) FROM lead_messages WHERE ${OF_LEADS}`) + count(`SELECT count(*) FROM mail_replies WHERE ${OF_LEADS} AND outcome = 'refused'`),
    mailsSent: count(`SELECT count(*) FROM visitor_mails WHERE ${OF_LEADS}`),
    files: count(`SELECT count(*) FROM files WHERE ${OF_LEADS}`),
    sources: count(`SELECT count(*) FROM lead_sources WHERE ${OF_LEADS}`),
    events: count(`SELECT count(*) FROM lead_events WHERE ${OF_LEADS}`),
    notifications: count(`SELECT count(*) FROM deliveries WHERE ${OF_LEADS} AND channel <> 'visitor'`),
    spamMarks: count(`SELECT count(*) FROM spam_marks WHERE ${OF_LEADS}`),
    autoReplyMarks: 0,
    subscriptions: 0,
    newsletterMails: 0,
  };
  for (const table of personTables.all) counts[table.kind] += table.count(db, person.key);
  return counts;
}

/**
 * Everything an erasure of this address's person would delete, item by item (`personTables` and
 * `forms`: the server's, app.personTables and app.served.forms).
 */
export function erasurePreview(store: Store, forms: FormLookups, personTables: PersonTables, email: string): ErasurePreview {
  const person = findPerson(store, forms, email);
  const { db } = store;
  const ids = JSON.stringify(person.docIds);
  const leads = (
    db
      .prepare(
        `SELECT d.doc_id AS docId, d.collection, d.data, d.created_at AS receivedAt, coalesce(l.spam, 0) AS spam FROM documents d LEFT JOIN leads l ON l.doc_id = d.doc_id WHERE d.${OF_LEADS} ORDER BY d.seq`,
      )
      .all(ids) as { docId: string; collection: string; data: string; receivedAt: string; spam: number }[]
  ).map((row) => {
    const nameField = forms.knownCollections().includes(row.collection) ? senderFields(forms.formForCollection(row.collection)).name : undefined;
    const name = nameField ? (JSON.parse(row.data) as Record<string, unknown>)[nameField.name] : undefined;
    return {
      docId: row.docId,
      form: forms.formNameOf(row.collection) ?? row.collection,
      formTitle: forms.collectionTitle(row.collection),
      name: typeof name === 'string' ? name : '',
      receivedAt: row.receivedAt,
      spam: row.spam === 1,
    };
  });
  const received = db
    .prepare(`SELECT direction, from_address AS fromAddress, subject, sent_at AS at, attachments FROM lead_messages WHERE ${OF_LEADS}`)
    .all(ids) as { direction: 'in' | 'out'; fromAddress: string; subject: string; at: number; attachments: string }[];
  const sent = db.prepare(`SELECT kind, via, to_address AS toAddress, subject, created_at AS at FROM visitor_mails WHERE ${OF_LEADS}`).all(ids) as {
    kind: 'autoReply' | 'reply';
    via: 'inbox' | 'mail';
    toAddress: string;
    subject: string;
    at: number;
  }[];
  const unsent = db.prepare(`SELECT subject, created_at AS at FROM mail_replies WHERE ${OF_LEADS} AND outcome = 'refused'`).all(ids) as {
    subject: string;
    at: number;
  }[];
  const mails = [
    ...received.map((mail) => ({ kind: mail.direction === 'in' ? ('answer' as const) : ('mailProgram' as const), subject: mail.subject, at: mail.at })),
    ...unsent.map((mail) => ({ kind: 'mailProgram' as const, subject: mail.subject, at: mail.at })),
    // A reply written in a mail program and sent on by the site is not one from the inbox: each is named as what it was.
    ...sent.map((mail) => ({ kind: mail.kind === 'reply' && mail.via === 'mail' ? ('relayed' as const) : mail.kind, subject: mail.subject, at: mail.at })),
    ...personTables.all.flatMap((table) => table.mails?.(db, person.key) ?? []),
  ].sort((a, b) => a.at - b.at);
  // Their addresses as the mails hold them too (an answer from another case of theirs).
  const addresses = new Set(person.addresses);
  for (const address of [...received.filter((mail) => mail.direction === 'in').map((mail) => mail.fromAddress), ...sent.map((mail) => mail.toAddress)]) {
    if (personKey(address) === person.key) addresses.add(address.trim());
  }
  const attachmentNames = new Map(
    received.flatMap((mail) => (JSON.parse(mail.attachments) as { name: string; path?: string }[]).flatMap((a) => (a.path ? [[a.path, a.name] as const] : []))),
  );
  const files = (db.prepare(`SELECT path, size FROM files WHERE ${OF_LEADS} ORDER BY path`).all(ids) as { path: string; size: number }[]).map((file) =>
    file.path.startsWith(ATTACHMENT_PREFIX)
      ? { kind: 'attachment' as const, name: attachmentNames.get(file.path) ?? '', bytes: file.size }
      : { kind: 'cv' as const, name: '', bytes: file.size },
  );
  return { addresses: [...addresses], leads, mails, files, counts: countsOf(db, person, personTables) };
}

/** What the server knows of the places outside it that its mails and calls went to (the settings it runs with). */
export interface OutsideSettings {
  /** NOTIFY_TO: who gets the notification mails. */
  notifyTo: readonly string[];
  /** MAIL_FROM's address: the account the site sends from. */
  sender?: string;
  /** WEBHOOK_URL, as the owner may be shown it (its origin: a path may hold a key). */
  webhook?: string;
  /** The agency's address (config/site.ts contact.email): the Reply-To of the site's mails, the mailbox read for answers. */
  agencyMailbox?: string;
}

/** The places outside the server that hold something of the person, with how many of what: for the owner to delete by hand. */
function outsideOf(db: Database.Database, person: Person, personTables: PersonTables, settings: OutsideSettings, at: string): OutsidePlace[] {
  const ids = JSON.stringify(person.docIds);
  const count = (sql: string) => db.prepare(sql).pluck().get(ids) as number;
  const notified = count(`SELECT count(*) FROM deliveries WHERE ${OF_LEADS} AND channel = 'email' AND state = 'sent'`);
  const called = count(`SELECT count(*) FROM deliveries WHERE ${OF_LEADS} AND channel = 'webhook' AND state = 'sent'`);
  const mailed = count(`SELECT count(*) FROM deliveries WHERE ${OF_LEADS} AND channel = 'visitor' AND state = 'sent'`);
  const answers = count(`SELECT count(*) FROM lead_messages WHERE ${OF_LEADS} AND direction = 'in'`);
  // The agency's replies from a mail program: those read from its mailbox, and those to a notification's reply address (sent on or not), which land there too.
  const replies =
    count(`SELECT count(*) FROM lead_messages WHERE ${OF_LEADS} AND direction = 'out'`) + count(`SELECT count(*) FROM mail_replies WHERE ${OF_LEADS}`);
  // The mails telling the agency a reply of theirs was not sent on (with its words), sent from MAIL_FROM's account.
  const notices = count(`SELECT count(*) FROM mail_replies WHERE ${OF_LEADS} AND notice_state = 'sent'`);
  const places: OutsidePlace[] = [];
  if (notified > 0) places.push({ place: 'notificationMailbox', addresses: [...settings.notifyTo], mails: notified });
  if (called > 0 && settings.webhook) places.push({ place: 'webhook', receiver: settings.webhook, calls: called });
  // Their answers reach the agency's address (the Reply-To of every mail the site sent them), read by the site or not.
  if (settings.agencyMailbox && (answers > 0 || replies > 0 || mailed > 0))
    places.push({ place: 'agencyMailbox', address: settings.agencyMailbox, answers, replies });
  if (settings.sender && notified + mailed + notices > 0) places.push({ place: 'sender', address: settings.sender, mails: notified + mailed + notices });
  for (const table of personTables.all) {
    const place = table.outside?.(db, person.key, settings);
    if (place) places.push(place);
  }
  places.push({ place: 'backups', before: at });
  return places;
}

/**
 * Erases everything of the person of this address (every form of it), in every form and the Spam
 * folder, with what beyond the leads holds them (personTables), and records the erasure (who, when,
 * how many of each kind). Answers what was deleted and what is left outside; nothing is recorded
 * when nothing was found. `personTables` and `forms`: the server's (app.personTables, app.served.forms).
 */
export function erasePerson(
  store: Store,
  forms: FormLookups,
  personTables: PersonTables,
  dataDir: string,
  email: string,
  by: string,
  now: number,
  settings: OutsideSettings,
): ErasureDone {
  const person = findPerson(store, forms, email);
  const counts = countsOf(store.db, person, personTables);
  const at = new Date(now).toISOString();
  const outside = outsideOf(store.db, person, personTables, settings, at);
  if (Object.values(counts).every((n) => n === 0)) return { at, counts, outside: [] };
  deleteLeadsAnd(store, dataDir, person.docIds, () => {
    for (const table of personTables.all) table.erase(store.db, person.key);
    store.db.prepare('INSERT INTO erasures (at, by, counts) VALUES (?, ?, ?)').run(now, by, JSON.stringify(counts));
  });
  return { at, counts, outside };
}

/** The erasures done, newest first (admin.erasuresShown at most). */
export function erasureRecords(store: Store): ErasureRecord[] {
  const rows = store.db.prepare('SELECT at, by, counts FROM erasures ORDER BY id DESC LIMIT ?').all(server.admin.erasuresShown) as {
    at: number;
    by: string;
    counts: string;
  }[];
  return rows.map((row) => {
    const stored = JSON.parse(row.counts) as Partial<ErasureCounts>;
    // Kinds added after an erasure count 0 for it.
    const counts = Object.fromEntries(ERASURE_KINDS.map((kind) => [kind, stored[kind] ?? 0])) as ErasureCounts;
    return { at: new Date(row.at).toISOString(), by: row.by, counts };
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The form of the database's created_at (strftime('%Y-%m-%dT%H:%M:%fZ')), which compares as text. */
const stamp = (ms: number) => new Date(ms).toISOString();

/**
 * Deletes what is past its retention period: each form's leads after `retention.days`, and the
 * files uploaded to its folders after `retention.cvDays` (or `days`), whether or not a lead
 * names them (a CV uploaded with a form never sent is kept no longer). `forms`: the server's (app.served.forms).
 */
export function enforceRetention(store: Store, forms: FormLookups, dataDir: string, now: number): Deleted {
  let deleted: Deleted = { leads: 0, forms: 0, files: 0 };
  for (const form of forms.allForms()) {
    const { days, cvDays } = form.retention;
    const old = store.db
      .prepare('SELECT doc_id AS docId FROM documents WHERE collection = ? AND created_at < ?')
      .all(form.collection, stamp(now - days * DAY_MS)) as { docId: string }[];
    if (old.length > 0) {
      const result = deleteLeads(
        store,
        dataDir,
        old.map((row) => row.docId),
      );
      deleted = { leads: deleted.leads + result.leads, forms: deleted.forms + result.forms, files: deleted.files + result.files };
    }
    for (const field of form.fields) {
      if (!field.upload) continue;
      const cutoff = stamp(now - (cvDays ?? days) * DAY_MS);
      const files = store.db
        .prepare('SELECT path FROM files WHERE substr(path, 1, ?) = ? AND created_at < ?')
        .all(field.upload.pathPrefix.length, field.upload.pathPrefix, cutoff) as { path: string }[];
      if (files.length === 0) continue;
      for (const { path } of files) removeFile(dataDir, path);
      const deleteFile = store.db.prepare('DELETE FROM files WHERE path = ?');
      store.db.transaction(() => files.forEach(({ path }) => deleteFile.run(path)))();
      dropOldVersions(store);
      deleted = { ...deleted, files: deleted.files + files.length };
    }
  }
  return deleted;
}
