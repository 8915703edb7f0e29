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
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import server from '../../../config/server';
import { UPLOAD_NAME, UPLOADS_PATH } from '../../shared/contentApi';
import { NEWSLETTER_PICTURES } from '../../shared/newsletterApi';
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

/** The unsubscribe link's routes, the pictures of the newsletters' texts (from the site folder's uploads, SITE_DIR), and the tokens' key for this store. */
export async function registerNewsletter(app: FastifyInstance, options: { store: Store; tokenKey: Buffer; clock: () => number; rateLimitFactor?: number; siteDir?: string }): Promise<void> {
  keys.set(options.store, options.tokenKey);
  await registerUnsubscribe(app, options);
  const { siteDir, store } = options;
  // An upload named in a newsletter's text (a draft's too: its test mail shows it), by the hash of its bytes; nothing else of the uploads.
  app.get<{ Params: { name: string } }>(`${NEWSLETTER_PICTURES}/:name`, async (request, reply) => {
    const { name } = request.params;
    const file = siteDir && UPLOAD_NAME.test(name) ? path.join(siteDir, 'public', UPLOADS_PATH, name) : undefined;
    const named = file && store.db.prepare('SELECT 1 FROM newsletters WHERE instr(body, ?) > 0 LIMIT 1').get(`${UPLOADS_PATH}${name}`);
    if (!file || !named || !existsSync(file)) return reply.code(404).type('application/json; charset=utf-8').send({ message: server.messages.unknownAddress });
    return reply.header('Cache-Control', 'public, max-age=31536000, immutable').type('image/webp').send(createReadStream(file));
  });
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
