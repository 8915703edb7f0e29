/**
 * The data port: the only two things the site asks of a backend. Two adapters implement
 * it: `local` (our own server, the default) and `firebase` (Firestore and Cloud Storage).
 * Which one a build uses is decided once, at build time (src/site/data/select.ts).
 */
export interface DataPort {
  /**
   * Adds a document to a collection; resolves to the new document's id. `key` is the
   * submission's idempotency key, made once per submission in the browser
   * (crypto.randomUUID(), src/site/forms/submit/outbox.ts), so that a retried save is stored once. The Firebase adapter
   * stores the document under it (setDoc; the Firestore rules accept no other document id
   * and refuse a second write there); the local adapter sends it as an Idempotency-Key header.
   * `source` is where the lead came from (src/site/model/attribution.ts, encoded), beside the
   * document and never in it: the local adapter sends it in the api.sourceHeader header; the
   * Firebase adapter leaves it out (its rules accept the form's keys only).
   */
  saveDocument(collection: string, document: Record<string, unknown>, key: string, source?: string): Promise<{ id: string }>;
  /** Uploads a file to a storage path; reports progress from 0 to 1; resolves to its download URL. */
  uploadFile(path: string, file: Blob, onProgress?: (fraction: number) => void): Promise<string>;
  /**
   * The visitor began filling in a form: the local adapter starts solving the forms' proof of
   * work (src/site/forms/submit/proof.ts) so it is ready by the time they send.
   */
  prepare?(): void;
}

/** A port whose real adapter is loaded the first time it is used (keeps SDKs out of the first page load). */
export function lazyPort(load: () => Promise<DataPort>): DataPort {
  let loading: Promise<DataPort> | undefined;
  const get = () => (loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));
  return {
    saveDocument: async (collection, document, key, source) => (await get()).saveDocument(collection, document, key, source),
    uploadFile: async (path, file, onProgress) => (await get()).uploadFile(path, file, onProgress),
    prepare: () => void get().then((port) => port.prepare?.(), () => undefined),
  };
}

/**
 * A save the server refused because of one field, with the check's message (our server's
 * `400 {field, message}`: the same check the browser runs, so normally the browser has
 * already said it). Adapters' errors carry these; the form shows the message on the field.
 */
export interface FieldRefusal {
  field: string;
  message: string;
}

export function fieldRefusalOf(error: unknown): FieldRefusal | undefined {
  const { status, field, message } = (error ?? {}) as { status?: unknown; field?: unknown; message?: unknown };
  return status === 400 && typeof field === 'string' && field !== '' && typeof message === 'string' ? { field, message } : undefined;
}

/**
 * The server's own sentence when it refused a save or an upload (any 4xx answer with a message:
 * a check, a wrong type, a file too large, too many requests), for the visitor to read as it is.
 * Undefined when the network failed, the server broke down (5xx) or the backend has no words
 * for the visitor (Firebase): then the form's own generic message is shown.
 */
export function serverRefusalOf(error: unknown): string | undefined {
  const { status, refusal } = (error ?? {}) as { status?: unknown; refusal?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500 && typeof refusal === 'string' && refusal !== '' ? refusal : undefined;
}
