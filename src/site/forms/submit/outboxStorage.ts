/**
 * Where submissions wait in the visitor's browser until they are saved (localStorage).
 * This module is tiny on purpose: the app's first script reads it to learn whether there is
 * anything to send again, and only then loads the outbox itself (src/site/forms/submit/outbox.ts).
 */
export const OUTBOX_STORAGE_KEY = 'business-growth.outbox';

export interface Pending {
  /** The client's key for this submission; a retry repeats it, so it is stored once. */
  key: string;
  collection: string;
  document: Record<string, unknown>;
  /** When the visitor sent it (ms since 1970). */
  sentAt: number;
  attempts: number;
  /** What the form says once it is saved (its success toast), shown if it goes through on a later try. */
  success?: { toast?: string; variant?: 'success' | 'error' | 'info' | 'warning' };
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled (some private modes, sandboxed frames)
  }
}

const isPending = (value: unknown): value is Pending => {
  const p = value as Pending;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.key === 'string' &&
    typeof p.collection === 'string' &&
    typeof p.document === 'object' &&
    p.document !== null
  );
};

/** Kept here when the browser's storage cannot be used: the submission waits as long as the page is open. */
let inMemory: Pending[] = [];

export function readPending(): Pending[] {
  const store = storage();
  if (!store) return inMemory;
  try {
    const parsed: unknown = JSON.parse(store.getItem(OUTBOX_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isPending) : [];
  } catch {
    return [];
  }
}

function writePending(list: Pending[]): void {
  inMemory = list;
  const store = storage();
  if (!store) return;
  try {
    if (list.length === 0) store.removeItem(OUTBOX_STORAGE_KEY);
    else store.setItem(OUTBOX_STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Full or refused: the in-memory copy still holds it while the page is open.
  }
}

/** Adds or replaces (by key) a waiting submission. */
export function keepPending(entry: Pending): void {
  writePending([...readPending().filter((p) => p.key !== entry.key), entry]);
}

export function forgetPending(key: string): void {
  const list = readPending();
  if (list.some((p) => p.key === key)) writePending(list.filter((p) => p.key !== key));
}

export function hasPending(): boolean {
  return readPending().length > 0;
}
