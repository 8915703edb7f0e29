/**
 * The notifications as a part of our server (a Fastify plugin named `notifications`, after the
 * store's: src/apps/server/app.ts registers it on every server): the app's `Notifications`
 * (index.ts) decorated as `app.notifications`, which what stores a lead, the inbox, the mailbox's
 * reader and the newsletter queue mails through. When they are set up (`notify`), their worker
 * and the owners' daily mail start once the database is open (at start, or when its disk allows:
 * src/platform/server/store/store.ts whenOpen), and stop when the server closes, before the
 * database does (the mailbox's reader, registered after, stops before them).
 */
import fastifyPlugin from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Notifications, type NotifyOptions } from './index';

export interface NotificationsPluginOptions {
  /** The notifications' settings and worker options; left out, nothing is queued or sent. */
  notify?: NotifyOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The notifications: what queues a lead's, an answer's, a reply's and a confirmation's mails, and wakes their worker. */
    notifications: Notifications;
  }
}

async function notificationsPart(app: FastifyInstance, { notify }: NotificationsPluginOptions) {
  const notifications = new Notifications(app.store, app.served);
  app.decorate('notifications', notifications);
  if (!notify) return;
  let stop: (() => Promise<void>) | undefined;
  app.store.whenOpen((opened) => {
    stop = notifications.start(opened, notify);
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}

export const notificationsPlugin = fastifyPlugin(notificationsPart, { name: 'notifications', fastify: '5.x', dependencies: ['store', 'served'] });
