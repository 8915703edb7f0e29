/**
 * The agency's side of the server: the inbox page (/admin), its API (/api/session,
 * /api/admin/…), and the retention periods enforced at start and then every
 * `retentionCheckHours` (config/server.ts), newsletter sign-ups never confirmed with them. src/apps/server/app.ts registers it in one line.
 */
import type { FastifyInstance } from 'fastify';
import server from '../../../../config/server';
import { isDataFault } from '../../../platform/server/dataFaults';
import type { Store } from '../../../platform/server/store/store';
import type { ContentOptions } from '../../../content/server';
import { LiveUpdates } from '../../../leads/server/live';
import { registerAdminPage } from './page';
import { enforceRetention, type OutsideSettings } from '../../../leads/server/privacy';
import { dropUnconfirmed } from '../../../newsletter/server/subscribers';
import { registerAdminApi } from './routes';
import type { SenderSettings } from '../../../platform/server/mail/transport';
import { sweepSessions } from '../../../platform/server/accounts/sessions';
import { sweepFailures } from '../../../platform/server/accounts/throttle';

export interface AdminOptions {
  store: Store;
  dataDir: string;
  /** The built site; leave out to serve only the API. */
  clientDir?: string;
  clock: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** The content editor's site and served build (SITE_DIR); left out, its routes answer 503. */
  content?: ContentOptions;
  /** The site's public address (PUBLIC_URL): the exports' links to each lead. */
  publicUrl: string;
  /** Whether the agency's mailbox is read (IMAP_URL): the inbox says when it last was. */
  mailboxOn: boolean;
  /** The settings still at their example values, one sentence each (the inbox shows them to owners). */
  placeholders: readonly string[];
  /** Where the site's mails and webhook calls about leads go (the notification settings): an erasure names them. */
  outside?: Omit<OutsideSettings, 'agencyMailbox'>;
  /** The site's sender (SMTP_URL, MAIL_FROM): a new browser's code is mailed through it. */
  sender?: SenderSettings;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The inbox's live updates (live.ts): its open streams. */
    liveUpdates?: LiveUpdates;
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function registerAdmin(
  app: FastifyInstance,
  { store, dataDir, clientDir, clock, sleep = wait, publicUrl, content, mailboxOn, placeholders, outside = { notifyTo: [] }, sender }: AdminOptions,
): Promise<void> {
  if (clientDir) registerAdminPage(app, clientDir);
  // The open screens' live updates: closed first when the server stops (a stream never ends by itself).
  const live = new LiveUpdates(store, app.served.forms, clock, (message) => app.log.warn(message));
  app.decorate('liveUpdates', live);
  app.addHook('preClose', async () => live.close());
  await registerAdminApi(app, {
    store,
    notifications: app.notifications,
    personTables: app.personTables,
    served: app.served,
    dataDir,
    clock,
    sleep,
    publicUrl,
    mailboxOn,
    placeholders,
    outside,
    live,
    ...(content ? { content } : {}),
    ...(sender ? { sender } : {}),
  });

  const housekeeping = () => {
    try {
      const now = clock();
      const deleted = enforceRetention(store, app.served.forms, dataDir, now);
      if (deleted.leads > 0 || deleted.files > 0)
        app.log.info(`Retention: deleted ${deleted.leads} leads and ${deleted.files} files past their forms' retention periods`);
      // Newsletter sign-ups never confirmed (config/server.ts newsletter.unconfirmedDays).
      const dropped = dropUnconfirmed(store.db, now);
      if (dropped > 0) app.log.info(`Newsletter: deleted ${dropped} sign-ups never confirmed`);
      sweepSessions(store, now);
      sweepFailures(store, now);
    } catch (error) {
      // A full or read-only data disk: nothing can be deleted either; the next check tries again.
      if (isDataFault(error)) app.log.warn({ err: error }, 'Retention: the data folder does not take writes; the next check tries again');
      else app.log.error({ err: error }, 'Retention: the daily deletion failed; it runs again at the next check');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    housekeeping();
    timer = setInterval(housekeeping, server.admin.retentionCheckHours * 60 * 60 * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
