/**
 * The newsletter's sending as a part of our server (a Fastify plugin: src/apps/server/app.ts
 * registers it when the mail settings are there, SMTP_URL and MAIL_FROM): the send queue's worker
 * (queue.ts) starts once the database is open (at start, or when its disk allows:
 * src/platform/server/store/store.ts whenOpen), going on where it stopped (a crash's uncertain readers
 * first), and stops when the server closes, before the database does.
 */
import fastifyPlugin from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { agencyAddress } from '../../leads/server/notify/settings';
import { startNewsletter, type Newsletter, type NewsletterOptions } from './index';

export interface NewsletterPluginOptions extends Omit<NewsletterOptions, 'agencyMailbox'> {
  /** The app's newsletter (createNewsletter): the unsubscribe links are signed with its tokens. */
  newsletter: Newsletter;
}

async function newsletterSending(app: FastifyInstance, { newsletter, ...options }: NewsletterPluginOptions) {
  let stop: (() => Promise<void>) | undefined;
  app.store.whenOpen((opened) => {
    // List-Unsubscribe's mailto: goes to the agency's mailbox (config/site.ts contact.email), as the site served names it.
    const agency = agencyAddress();
    stop = startNewsletter(opened, newsletter, { ...options, ...(agency ? { agencyMailbox: agency } : {}) });
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}

export const newsletterPlugin = fastifyPlugin(newsletterSending, { name: 'newsletter', fastify: '5.x', dependencies: ['store'] });
