/**
 * The reading of the agency's mailbox as a part of our server (a Fastify plugin:
 * src/apps/server/app.ts registers it when IMAP_URL is set): the reader (reader.ts) starts once the
 * database is open (at start, or when its disk allows: src/platform/server/store/store.ts whenOpen), and is
 * stopped when the server closes, before the notifications it hands answers to, and before the
 * database (registered after them, its stop comes first).
 */
import fastifyPlugin from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { NotifySettings } from '../notify';
import { MailboxReader, type ReaderOptions } from './reader';

export interface MailboxPluginOptions {
  /** The data folder: the attachments of the mails it keeps go there. */
  dataDir: string;
  /** The mailbox and how it is read (src/apps/server/index.ts reads IMAP_URL); what it names wins over the rest. */
  reader: Omit<ReaderOptions, 'dataDir' | 'notifications' | 'served'>;
  /** The notifications' settings, when they are set up: the alarm is mailed to their address, and the owner's replies sent on with their mail settings. */
  notify?: NotifySettings;
  /** The site's public address (PUBLIC_URL): the lead's link in the mails about the owner's replies. */
  publicUrl: string;
  /** The server's log (none: the console). */
  log?: ReaderOptions['log'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The reader of the agency's mailbox, once the database is open (when IMAP_URL is set). */
    mailboxReader?: MailboxReader;
  }
}

async function mailbox(app: FastifyInstance, { dataDir, reader: settings, notify, publicUrl, log }: MailboxPluginOptions) {
  let reader: MailboxReader | undefined;
  app.decorate('mailboxReader', { getter: () => reader });
  app.store.whenOpen((opened) => {
    // Its alarm is mailed to the notification address, when mail is set up.
    const alarmMail = notify?.email ? { alarmMail: { settings: notify.email, publicUrl: notify.publicUrl } } : {};
    // The owner's replies from a mail program to a notification's reply address are sent on from there (ownerReplies.ts).
    const replies = { mail: notify?.email, publicUrl };
    reader = new MailboxReader(opened, {
      ...(log ? { log } : {}),
      ...alarmMail,
      replies,
      ...settings,
      dataDir,
      notifications: app.notifications,
      served: app.served,
    });
    reader.start();
  });
  app.addHook('onClose', async () => {
    await reader?.stop();
  });
}

export const mailboxPlugin = fastifyPlugin(mailbox, { name: 'mailbox', fastify: '5.x', dependencies: ['store', 'notifications', 'served'] });
