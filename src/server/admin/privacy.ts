/**
 * Deleting for real: a lead (with its CV), everything for one e-mail address, and whatever is
 * past its form's retention period (config/forms `retention`). The rows go (their notes,
 * status and notifications with them: those tables cascade), the CV files go, and the bytes go
 * too: the database overwrites deleted content with zeros (`secure_delete`, src/server/store.ts)
 * and the write-ahead log, which still holds the pages as they were, is emptied at once (a
 * checkpoint that truncates it). A backup taken afterwards copies the zeroed pages.
 */
import { rmSync } from 'node:fs';
import { allForms, formForCollection, senderFields } from '../../forms/model/registry';
import { uploadsOf } from '../cvFiles';
import { fileOnDisk, splitStoragePath } from '../files';
import type { Store } from '../store';
import { normalizeEmail } from './accounts';

/** The e-mail addresses a document holds (its e-mail fields), normalised. */
export function emailsOf(collection: string, document: Record<string, unknown>): string[] {
  return senderFields(formForCollection(collection)).emails.flatMap((field) => {
    const value = document[field.name];
    return typeof value === 'string' && value.trim() !== '' ? [normalizeEmail(value)] : [];
  });
}

/**
 * Empties the write-ahead log into the database file and cuts it to nothing, so the old
 * versions of deleted rows it held are gone from the disk as well.
 */
export function dropOldVersions(store: Store): void {
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
 * Deletes leads by document id, with the files their own uploads made (src/server/cvFiles.ts:
 * a file another lead merely names is not theirs and stays); the bytes are gone when it returns.
 */
export function deleteLeads(store: Store, dataDir: string, docIds: readonly string[]): Deleted {
  const select = store.db.prepare('SELECT collection FROM documents WHERE doc_id = ?');
  const found = docIds.flatMap((docId) => {
    const row = select.get(docId) as { collection: string } | undefined;
    return row ? [{ docId, collection: row.collection, files: uploadsOf(store, docId).map((f) => f.path) }] : [];
  });
  if (found.length === 0) return { leads: 0, forms: 0, files: 0 };
  const files = [...new Set(found.flatMap((lead) => lead.files))];
  // The files first: should the database then fail, the lead stays, without its CV.
  for (const file of files) removeFile(dataDir, file);
  const deleteDocument = store.db.prepare('DELETE FROM documents WHERE doc_id = ?');
  const deleteFile = store.db.prepare('DELETE FROM files WHERE path = ?');
  store.db.transaction(() => {
    for (const lead of found) deleteDocument.run(lead.docId);
    for (const file of files) deleteFile.run(file);
  })();
  dropOldVersions(store);
  return { leads: found.length, forms: new Set(found.map((lead) => lead.collection)).size, files: files.length };
}

/** The leads (spam included) whose e-mail fields hold this address, in any form. */
export function leadsWithEmail(store: Store, email: string): { docId: string; collection: string }[] {
  const wanted = normalizeEmail(email);
  const found: { docId: string; collection: string }[] = [];
  // Row by row: the whole table is never in memory.
  for (const row of store.db.prepare('SELECT doc_id AS docId, collection, data FROM documents').iterate() as Iterable<{ docId: string; collection: string; data: string }>) {
    if (emailsOf(row.collection, JSON.parse(row.data) as Record<string, unknown>).includes(wanted)) found.push({ docId: row.docId, collection: row.collection });
  }
  return found;
}

export function countForEmail(store: Store, email: string): { leads: number; forms: number } {
  const leads = leadsWithEmail(store, email);
  return { leads: leads.length, forms: new Set(leads.map((lead) => lead.collection)).size };
}

/** Erases everything the site holds for an e-mail address, in every form. */
export function eraseEmail(store: Store, dataDir: string, email: string): Deleted {
  return deleteLeads(
    store,
    dataDir,
    leadsWithEmail(store, email).map((lead) => lead.docId),
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The form of the database's created_at (strftime('%Y-%m-%dT%H:%M:%fZ')), which compares as text. */
const stamp = (ms: number) => new Date(ms).toISOString();

/**
 * Deletes what is past its retention period: each form's leads after `retention.days`, and the
 * files uploaded to its folders after `retention.cvDays` (or `days`), whether or not a lead
 * names them (a CV uploaded with a form never sent is kept no longer).
 */
export function enforceRetention(store: Store, dataDir: string, now: number): Deleted {
  let deleted: Deleted = { leads: 0, forms: 0, files: 0 };
  for (const form of allForms) {
    const { days, cvDays } = form.retention;
    const old = store.db.prepare('SELECT doc_id AS docId FROM documents WHERE collection = ? AND created_at < ?').all(form.collection, stamp(now - days * DAY_MS)) as { docId: string }[];
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
      const files = store.db.prepare('SELECT path FROM files WHERE substr(path, 1, ?) = ? AND created_at < ?').all(field.upload.pathPrefix.length, field.upload.pathPrefix, cutoff) as { path: string }[];
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
