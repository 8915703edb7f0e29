/**
 * The newsletter as a part of our server (a Fastify plugin named `newsletter`, after the store's):
 * the app's newsletter (index.ts createNewsletter: its links' tokens, the site's uploads folder)
 * decorated as `app.newsletter`, and, when the mail settings are there (SMTP_URL and MAIL_FROM:
 * `sending`), its send queue's worker (queue.ts), started once the database is open (at start, or
 * when its disk allows: src/platform/server/store/store.ts whenOpen), going on where it stopped (a
 * crash's uncertain readers first), as `app.newsletter.queue`, and stopped when the server closes,
 * before the database does.
 */
import fastifyPlugin from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createNewsletter, startNewsletter, type Newsletter, type NewsletterOptions } from './index';

export interface NewsletterPluginOptions {
  /** The data folder: the server's secret signs the links. */
  dataDir: string;
  clock: () => number;
  /** The site's public address (PUBLIC_URL): the links start with it. */
  publicUrl: string;
  /** The site folder (SITE_DIR): the pictures of the newsletters' texts are its uploads. */
  siteDir?: string;
  /** The send queue's options, when sending is set up; left out, newsletters are written and previewed, never sent. */
  sending?: Omit<NewsletterOptions, 'agencyMailbox'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The newsletter: its links' tokens, the site's uploads folder, its send queue while it runs. */
    newsletter: Newsletter;
  }
}

async function newsletterPart(app: FastifyInstance, { dataDir, clock, publicUrl, siteDir, sending }: NewsletterPluginOptions) {
  const newsletter = createNewsletter({
    store: app.store,
    notifications: app.notifications,
    personTables: app.personTables,
    served: app.served,
    dataDir,
    clock,
    publicUrl,
    ...(siteDir ? { siteDir } : {}),
  });
  app.decorate('newsletter', newsletter);
  if (!sending) return;
  let stop: (() => Promise<void>) | undefined;
  app.store.whenOpen((opened) => {
    // List-Unsubscribe's mailto: goes to the agency's mailbox (config/site.ts contact.email), as the site served names it.
    const agency = app.served.agencyAddress();
    stop = startNewsletter(opened, newsletter, { ...sending, ...(agency ? { agencyMailbox: agency } : {}) });
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}

export const newsletterPlugin = fastifyPlugin(newsletterPart, {
  name: 'newsletter',
  fastify: '5.x',
  dependencies: ['store', 'notifications', 'privacy', 'served'],
});
