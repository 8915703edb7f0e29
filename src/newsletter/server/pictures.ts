/**
 * The pictures of the newsletters' texts, as the readers' mail programs load them
 * (NEWSLETTER_PICTURES/<name>): only an upload of the site (the content editor's, in its uploads
 * folder, named by the hash of its bytes) that a newsletter shows, a draft's too (its test mail
 * shows it). Public, so each request reads one row by its key (newsletter_pictures, kept when a
 * newsletter is saved: newsletters.ts), never the newsletters' texts, and each client address has
 * `newsletter.picturesRate` of them.
 */
import type { FastifyInstance } from 'fastify';
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import server from '../../../config/server';
import { UPLOAD_NAME } from '../../platform/uploads';
import type { Store } from '../../platform/server/store/store';
import { createLimiter } from '../../platform/server/rateLimit';
import { preparedIn } from '../../platform/server/statements';
import { newsletterLinkRoutes } from '../model/newsletterApi';
import type { UploadExists } from './newsletters';
import { routeOf, type RouteTypes } from '../../platform/server/contracts';

/** Whether an upload is shown in a newsletter: one row by its key. */
const pictureShown = preparedIn((db) => db.prepare('SELECT 1 FROM newsletter_pictures WHERE name = ? LIMIT 1').pluck());

/** Whether a picture of this name was uploaded for the site (in its uploads folder, the newsletter's `uploads`): none without a site folder. */
export const uploadExistsIn =
  (folder: string | undefined): UploadExists =>
  (name) =>
    folder !== undefined && UPLOAD_NAME.test(name) && existsSync(path.join(folder, name));

export interface PictureOptions {
  store: Store;
  clock: () => number;
  /** Tests and benchmarks raise the limit (RATE_LIMIT_FACTOR). */
  rateLimitFactor?: number;
  /** The site's uploads folder (SITE_DIR's: the newsletter's `uploads`): the pictures; none without a site folder. */
  uploads: string | undefined;
}

export function registerNewsletterPictures(app: FastifyInstance, { store, clock, rateLimitFactor = 1, uploads }: PictureOptions): void {
  const rate = server.newsletter.picturesRate;
  const limiter = createLimiter({ requests: rate.requests * rateLimitFactor, perSeconds: rate.perSeconds }, clock);
  const notFound = { message: server.messages.unknownAddress };
  app.route<RouteTypes<typeof newsletterLinkRoutes.newsletterPicture>>({
    ...routeOf(newsletterLinkRoutes.newsletterPicture),
    handler: async (request, reply) => {
      const wait = limiter.take(request.ip);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        return reply.code(429).type('application/json; charset=utf-8').send({ message: server.messages.tooManyRequests });
      }
      const { name } = request.params;
      const file = uploads && UPLOAD_NAME.test(name) ? path.join(uploads, name) : undefined;
      if (!file || !pictureShown(store.db).get(name) || !existsSync(file)) return reply.code(404).type('application/json; charset=utf-8').send(notFound);
      return reply.header('Cache-Control', 'public, max-age=31536000, immutable').type('image/webp').send(createReadStream(file));
    },
  });
}
