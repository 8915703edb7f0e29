/**
 * An in-memory stand-in for the three Firebase SDK modules the adapter uses
 * (firebase/app, firebase/firestore/lite, firebase/storage), for tests:
 *
 *   jest.mock('firebase/app', () => jest.requireActual('./firebaseFake').fakeFirebase.app);
 *
 * Documents and files are kept in `fakeFirebase.state`, readable by the test; `failNextSave`
 * and `failNextUpload` make the next call fail the way the SDK does (a rejected promise, an
 * error event on the upload task).
 */
import { randomBytes } from 'node:crypto';

interface Snapshot {
  ref: FakeRef;
  bytesTransferred: number;
  totalBytes: number;
  state: 'running' | 'success' | 'error';
}
interface FakeRef {
  fullPath: string;
  bucket: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newId = () => [...randomBytes(20)].map((b) => ALPHABET[b % ALPHABET.length]).join('');

const state = {
  /** collection -> id -> the data as setDoc received it (cloned). */
  documents: new Map<string, Map<string, Record<string, unknown>>>(),
  /** storage path -> bytes and content type. */
  files: new Map<string, { bytes: Uint8Array; contentType?: string; token: string }>(),
  failNextSave: null as Error | null,
  failNextUpload: null as Error | null,
  reset() {
    state.documents.clear();
    state.files.clear();
    state.failNextSave = null;
    state.failNextUpload = null;
  },
};

const bucket = 'agency.appspot.com';
const downloadPrefix = `https://firebasestorage.googleapis.com/v0/b/${bucket}/o/`;

const app = {
  initializeApp: (options: Record<string, unknown>) => ({ name: '[DEFAULT]', options }),
};

const firestore = {
  getFirestore: (firebaseApp: unknown) => ({ type: 'firestore-lite', app: firebaseApp }),
  doc: (_db: unknown, path: string, id: string) => ({ type: 'document', id, path: `${path}/${id}`, parent: { path } }),
  /** Like the SDK's setDoc: writes the data at that id, replacing what was there. */
  setDoc: async (reference: { id: string; parent: { path: string } }, data: Record<string, unknown>) => {
    await Promise.resolve();
    if (state.failNextSave) {
      const error = state.failNextSave;
      state.failNextSave = null;
      throw error;
    }
    const { path } = reference.parent;
    if (!state.documents.has(path)) state.documents.set(path, new Map());
    state.documents.get(path)!.set(reference.id, structuredClone(data));
  },
};

const storage = {
  getStorage: (firebaseApp: unknown) => ({ type: 'storage', app: firebaseApp }),
  ref: (_storage: unknown, path: string): FakeRef => ({ fullPath: path, bucket }),
  uploadBytesResumable(reference: FakeRef, data: Blob, metadata?: { contentType?: string }) {
    const task = {
      snapshot: { ref: reference, bytesTransferred: 0, totalBytes: data.size, state: 'running' } as Snapshot,
      on(_event: 'state_changed', next?: (s: Snapshot) => void, error?: (e: Error) => void, complete?: () => void) {
        void (async () => {
          const bytes = new Uint8Array(await data.arrayBuffer());
          const steps = [0, Math.floor(bytes.length / 3), Math.floor((2 * bytes.length) / 3)];
          for (const sent of steps) {
            task.snapshot = { ...task.snapshot, bytesTransferred: sent };
            next?.(task.snapshot);
            // Each step after the page has had its turn (as the SDK's come, from the network), never after a time.
            await new Promise((r) => setImmediate(r));
          }
          if (state.failNextUpload) {
            const failure = state.failNextUpload;
            state.failNextUpload = null;
            task.snapshot = { ...task.snapshot, state: 'error' };
            error?.(failure);
            return;
          }
          state.files.set(reference.fullPath, { bytes, contentType: metadata?.contentType, token: newId() });
          task.snapshot = { ...task.snapshot, bytesTransferred: bytes.length, state: 'success' };
          next?.(task.snapshot);
          complete?.();
        })();
        return () => undefined;
      },
    };
    return task;
  },
  getDownloadURL: async (reference: FakeRef) => {
    const file = state.files.get(reference.fullPath);
    if (!file) throw Object.assign(new Error('Object does not exist.'), { code: 'storage/object-not-found' });
    return `${downloadPrefix}${encodeURIComponent(reference.fullPath)}?alt=media&token=${file.token}`;
  },
};

/** The bytes a download URL made by the fake points to, or undefined (wrong token, unknown file). */
function download(url: string): Uint8Array | undefined {
  if (!url.startsWith(downloadPrefix)) return undefined;
  const parsed = new URL(url);
  const path = decodeURIComponent(parsed.pathname.slice(new URL(downloadPrefix).pathname.length));
  const file = state.files.get(path);
  return file && parsed.searchParams.get('token') === file.token ? file.bytes : undefined;
}

export const fakeFirebase = { app, firestore, storage, state, download };
