/**
 * A lead's CV is the file its own upload made: the upload's address (/api/files/<path>?token=…,
 * what the career form puts into CvFile) names a stored upload by path AND token, and the first
 * lead naming it owns it (claimed in the lead's own transaction). Anything else in a file field
 * (another lead's file, an outside host, a path without its token) is only the text the visitor
 * typed: shown as text, never linked, never deleted with the lead.
 */
import type { FormLookups } from '../../site/forms/model/registry';
import { api } from '../../platform/api';
import { splitStoragePath } from '../../platform/server/files';
import type { Inserted, Store, StoredFile } from '../../platform/server/store/store';

/** The storage path and token of an upload address our server handed out, if the text is exactly one. */
export function uploadNamedBy(value: unknown): { path: string; token: string } | undefined {
  if (typeof value !== 'string' || !value.startsWith(api.files)) return undefined;
  const match = /^([^?#]+)\?token=([A-Za-z0-9_-]+)$/.exec(value.slice(api.files.length));
  if (!match) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  return splitStoragePath(path) ? { path, token: match[2]! } : undefined;
}

/** The values of a document's file fields (the CV), as the visitor's form sent them. */
function fileValues(forms: FormLookups, collection: string, document: Record<string, unknown>): string[] {
  const form = forms.formForCollection(collection);
  return (form?.fields ?? []).flatMap((field) => {
    const value = document[field.name];
    return field.kind === 'file' && typeof value === 'string' && value.trim() !== '' ? [value] : [];
  });
}

/** In the lead's own transaction (store.onInsert): it owns the uploads it names that no lead owns yet (its form's file fields, looked up in `forms`). */
export function claimUploads(store: Store, forms: FormLookups, { docId, collection, document }: Inserted): void {
  for (const value of fileValues(forms, collection, document)) {
    const named = uploadNamedBy(value);
    if (named) store.db.prepare('UPDATE files SET doc_id = ? WHERE path = ? AND token = ? AND doc_id IS NULL').run(docId, named.path, named.token);
  }
}

/** The uploads a lead owns. */
export function uploadsOf(store: Store, docId: string): StoredFile[] {
  return store.db.prepare('SELECT path, token, media_type AS mediaType, size FROM files WHERE doc_id = ? ORDER BY path').all(docId) as StoredFile[];
}

type CvOf = { state: 'kept'; stored: StoredFile } | { state: 'deleted' } | { state: 'none' } | { state: 'text'; text: string };

/** Whether `value` (what a file field holds) names an upload this lead owns: its own CV, which the inbox offers (the mail links the lead there). */
export function ownsUpload(store: Store, docId: string, value: unknown): boolean {
  return ownUploadNamed(store, docId, value) !== undefined;
}

function ownUploadNamed(store: Store, docId: string, value: unknown): StoredFile | undefined {
  const named = uploadNamedBy(value);
  return named ? uploadsOf(store, docId).find((f) => f.path === named.path && f.token === named.token) : undefined;
}

/**
 * What a lead's CV field holds: its own upload (kept, or deleted from the disk), nothing, or
 * only text. `onDisk` says whether a stored file is still there.
 */
export function cvOf(
  store: Store,
  forms: FormLookups,
  docId: string,
  collection: string,
  document: Record<string, unknown>,
  onDisk: (stored: StoredFile) => boolean,
): CvOf {
  const [value] = fileValues(forms, collection, document);
  if (value === undefined) return { state: 'none' };
  const named = uploadNamedBy(value);
  const own = ownUploadNamed(store, docId, value);
  if (own) return onDisk(own) ? { state: 'kept', stored: own } : { state: 'deleted' };
  // An upload address of ours whose file is gone (retention, erasure) with no one else's in its place.
  if (named && !store.getFile(named.path)) return { state: 'deleted' };
  return { state: 'text', text: value };
}
