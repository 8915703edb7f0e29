/**
 * Nothing a visitor sends is lost: every submission is written to the browser's storage
 * (src/site/forms/submit/outboxStorage.ts) before it is sent, with a key of its own, and removed only
 * once a server has it. If the save fails for a reason that may pass (offline, a timeout,
 * too many requests, a server error) it is sent again: on the next visit, when the
 * connection returns, and on a timer while the page stays open (config/site.ts
 * constants.outbox). The key makes a retry of something already stored harmless: our
 * server answers with the first id; in Firebase mode the key is the document id and
 * the rules refuse to overwrite it.
 */
import site from '../../model/builtSettings';
import { notify } from '../../islands/toasts/notify';
import type { DataPort } from '../../data/port';
import { sourceOfPost } from '../../islands/visit';
import { forgetPending, keepPending, readPending, type Pending } from './outboxStorage';

export type { Pending } from './outboxStorage';

const settings = site.constants.outbox;
const DAY_MS = 86_400_000;

/** A new key for one submission. */
export function newSubmissionKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Old browsers: a v4 UUID from getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether sending again can never help: the server refused the submission itself (our
 * server's 4xx other than 408 and 429; Firebase's refusals). Such a submission was already
 * shown as failed and is dropped; everything else waits and is tried again.
 */
export function isPermanent(error: unknown): boolean {
  const { status, code } = (error ?? {}) as { status?: unknown; code?: unknown };
  if (typeof status === 'number' && status >= 400 && status < 500) return status !== 408 && status !== 429;
  if (typeof code === 'string') return /(^|\/)(permission-denied|invalid-argument|already-exists|failed-precondition|unauthenticated|unauthorized)$/.test(code);
  return false;
}

/**
 * Where each submission of this tab came from (src/site/islands/visit.ts), in memory only: nothing of
 * the visit outlives the tab. A submission sent again on a later visit goes without it.
 */
const sources = new Map<string, string>();

/**
 * Submissions being sent by this page right now, each with its sending (another page of the same
 * browser may send them too: the key makes that harmless). A second send of one that is on its
 * way (the visitor's, the timer's) waits for the same answer, so it is announced once.
 */
const inFlight = new Map<string, Promise<string>>();

/** What the page does once a submission of its own is saved, whoever sent it (its form, or the outbox later): by key. */
const whenSaved = new Map<string, () => void>();

/**
 * `then` runs once the submission with this key is saved, by whichever send (instead of the
 * outbox's own toast): its form says so and clears as after its own send. Returns how to stop.
 */
export function onSaved(key: string, then: () => void): () => void {
  whenSaved.set(key, then);
  return () => {
    if (whenSaved.get(key) === then) whenSaved.delete(key);
  };
}

/** A submission is saved: its form is told, or, with no form waiting for it, its success message is shown (the visitor was told it failed). */
function announceSaved(entry: Pending): void {
  const then = whenSaved.get(entry.key);
  whenSaved.delete(entry.key);
  if (then) then();
  else if (entry.success?.toast) notify(entry.success.toast, entry.success.variant ?? 'success');
}

/**
 * Sends one waiting submission and, once saved, says so (announceSaved). Resolves with the saved
 * id; rejects with the save's error, after dropping the submission if sending again could never help.
 */
export function send(port: DataPort, entry: Pending): Promise<string> {
  const going = inFlight.get(entry.key);
  if (going) return going;
  const sending = (async () => {
    try {
      const saved = await port.saveDocument(entry.collection, entry.document, entry.key, sources.get(entry.key));
      forgetPending(entry.key);
      sources.delete(entry.key);
      announceSaved(entry);
      return saved.id;
    } catch (error) {
      if (isPermanent(error)) forgetPending(entry.key);
      else if (readPending().some((p) => p.key === entry.key)) keepPending({ ...entry, attempts: entry.attempts + 1 });
      throw error;
    } finally {
      inFlight.delete(entry.key);
    }
  })();
  inFlight.set(entry.key, sending);
  return sending;
}

/** Writes a new submission to the outbox (before anything else happens to it) and returns it. */
export function enqueue(collection: string, document: Record<string, unknown>, success?: Pending['success']): Pending {
  const entry: Pending = { key: newSubmissionKey(), collection, document, sentAt: Date.now(), attempts: 0, ...(success?.toast ? { success } : {}) };
  keepPending(entry);
  const source = sourceOfPost();
  if (source) sources.set(entry.key, source);
  return entry;
}

/**
 * Tries every waiting submission once. One that goes through now is announced (its form, still
 * on the page, clears and says so; else its success message: the visitor was told it failed);
 * one too old is dropped. Returns how many wait still.
 */
export async function sendPending(port: DataPort, now = Date.now()): Promise<number> {
  for (const entry of readPending()) {
    if (inFlight.has(entry.key)) continue;
    if (now - entry.sentAt > settings.keepDays * DAY_MS) {
      console.warn(`Dropped a submission to ${entry.collection} that could not be sent for ${settings.keepDays} days`);
      forgetPending(entry.key);
      continue;
    }
    try {
      const id = await send(port, entry);
      console.info(`Saved to ${entry.collection} on a later try:`, id);
    } catch (error) {
      console.warn(`Still could not save to ${entry.collection}; it waits in this browser:`, error);
    }
  }
  return readPending().length;
}

let current: DataPort | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let delay = settings.firstRetryMs;
let listening = false;

function schedule(ms: number) {
  if (timer !== undefined) return;
  timer = setTimeout(() => {
    timer = undefined;
    void run();
  }, ms);
}

async function run() {
  if (!current) return;
  const left = await sendPending(current);
  if (left === 0) {
    delay = settings.firstRetryMs;
    return;
  }
  schedule(delay);
  delay = Math.min(delay * 2, settings.maxRetryMs);
}

function sendNow() {
  clearTimeout(timer);
  timer = undefined;
  void run();
}

function listen() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', () => {
    delay = settings.firstRetryMs;
    sendNow();
  });
}

/** Sends what waits now, then keeps trying: when the connection returns, and on a timer that backs off. */
export function startOutbox(port: DataPort): void {
  current = port;
  listen();
  sendNow();
}

/** After a failed save: try again later (on the timer, or when the connection returns), not at once. */
export function retryLater(port: DataPort): void {
  current = port;
  listen();
  schedule(delay);
}
