/**
 * The notifications as a part of our server (a Fastify plugin: src/apps/server/app.ts registers it
 * when they are set up): their worker and the owners' daily mail start once the database is open
 * (at start, or when its disk allows: src/platform/server/store/store.ts whenOpen), and stop when the server
 * closes, before the database does (the mailbox's reader, registered after, stops before them).
 */
import fastifyPlugin from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { startNotifications, type NotifyOptions } from './index';

export type NotificationsPluginOptions = NotifyOptions;

async function notifications(app: FastifyInstance, options: NotificationsPluginOptions) {
  let stop: (() => Promise<void>) | undefined;
  app.store.whenOpen((opened) => {
    stop = startNotifications(opened, options);
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}

export const notificationsPlugin = fastifyPlugin(notifications, { name: 'notifications', fastify: '5.x', dependencies: ['store'] });
