/**
 * The newsletter on our server (docs/inbox.md "The newsletter"): what the rest of the server uses.
 *
 * - `registerNewsletter(app, options)`: the unsubscribe link's page and one-click POST, and the
 *   key of its tokens for this store (src/server/app.ts, at start);
 * - `startNewsletter(store, options)`: the send queue's worker, once the database is open, when
 *   the mail settings are there (SMTP_URL, MAIL_FROM); without them newsletters are written and
 *   previewed, and the inbox says that sending is not set up;
 * - `newsletterHandlers` (routes.ts): the inbox's routes;
 * - `newsletterClaimOf` and `takeNewsletterMail` (reports.ts): the mailbox's reader hands over
 *   what is the newsletter's (reports on it, answers to it, mailto: unsubscribes).
 */
import type { FastifyInstance } from 'fastify';
import type { Store } from '../store';
import { NewsletterQueue, type QueueOptions } from './queue';
import { registerUnsubscribe } from './unsubscribe';

export { newsletterClaimOf, takeNewsletterMail } from './reports';
export { CRASH_POINTS, type CrashPoint } from './queue';

const queues = new WeakMap<Store, NewsletterQueue>();
const keys = new WeakMap<Store, Buffer>();

/** The store's send queue, when sending is set up. */
export const newsletterQueueOf = (store: Store): NewsletterQueue | undefined => queues.get(store);

/** The key of the store's unsubscribe tokens (registerNewsletter sets it; undefined for a store without the app: a tool, a test). */
export const tokenKeyOf = (store: Store): Buffer | undefined => keys.get(store);

/** The unsubscribe link's routes, and the tokens' key for this store. */
export async function registerNewsletter(app: FastifyInstance, options: { store: Store; tokenKey: Buffer; clock: () => number; rateLimitFactor?: number }): Promise<void> {
  keys.set(options.store, options.tokenKey);
  await registerUnsubscribe(app, options);
}

export type NewsletterOptions = QueueOptions;

/** Starts the send queue's worker for this store (the sending a crash cut off goes on first); answers its stop. */
export function startNewsletter(store: Store, options: NewsletterOptions): () => Promise<void> {
  keys.set(store, options.tokenKey);
  const queue = new NewsletterQueue(store, options);
  queues.set(store, queue);
  queue.start();
  return async () => {
    await queue.stop();
    queues.delete(store);
  };
}
