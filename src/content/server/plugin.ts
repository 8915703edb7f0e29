/**
 * The content's part of our server (a Fastify plugin: src/apps/server/app.ts registers it): the
 * build served and what switches it, and, when the content editor is set up (SITE_DIR), its publishes
 * and scheduled publishes.
 *
 * At start, before the site is served: what a crash left of a publish is finished or undone, and
 * the pages served are made the content recorded (publish.ts recover); the build served
 * (src/site/server/siteBuild.ts) is switched by each publish (liveBuild.ts), Caddy told where it
 * sends the files itself (caddyAdmin.ts); what came due while the server was down is published
 * (schedule.ts). When the server closes, the scheduler stops and its publish under way ends before
 * the publisher (its render's thread) closes, and both before the database.
 */
import path from 'node:path';
import fastifyPlugin from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { roleOf } from '../../platform/server/accounts/accounts';
import { createSiteBuilds, type SiteBuilds } from '../../site/server/siteBuild';
import { UPLOADS_PATH } from '../../platform/uploads';
import { type CaddyAdmin, reloadCaddy } from './caddyAdmin';
import { contentJobs, drafts as draftsOf } from './drafts';
import { pictureSizes } from './images';
import type { ContentOptions } from './index';
import { LiveSite } from './liveBuild';
import { Publisher } from './publish';
import { Scheduler } from './schedule';
import type { Timers } from '../../platform/server/timers';
import { contentFiles, loadContent } from './site';

export interface ContentPluginOptions {
  /** The data folder: the publishes' journal and the revisions' snapshots. */
  dataDir: string;
  clock: () => number;
  /** The folder `vite build` wrote (dist/client), to serve; leave out to serve no site. */
  clientDir?: string;
  /** The checkout whose config/ the content editor edits and publishes (SITE_DIR); leave out for no editor. */
  siteDir?: string;
  /** The code build the publishes draw pages with (default: the site folder's dist/). */
  codeDir?: string;
  /** The timer of scheduled publishes (tests fire it themselves after moving the clock). */
  scheduleTimers?: Timers;
  /** Caddy's admin socket and Caddyfile, where Caddy sends the built files itself: told after each publish. */
  caddyAdmin?: CaddyAdmin;
  /** Where what goes wrong is written (the server's log, or the console). */
  log: (message: string) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The build being served (src/site/server/siteBuild.ts), when the app serves the site. */
    siteBuilds?: SiteBuilds;
    /** What the publishes switch and the earlier builds whose files stay reachable (liveBuild.ts), when the app serves the site. */
    liveSite?: LiveSite;
    /** The content editor's publisher, drafts and scheduler, for its routes (index.ts), when it is set up (SITE_DIR). */
    contentEditor?: ContentOptions;
    /** Scheduled publishes (schedule.ts), when the content editor is set up. */
    contentScheduler?: Scheduler;
  }
}

/**
 * Caddy, serving the files itself, loads the new build's pointer and policy. If it cannot, the
 * publish is refused and put back (liveBuild.ts): Caddy goes on serving the build it has, whole.
 */
const caddyTeller = (caddyAdmin: CaddyAdmin, log: (message: string) => void) => () =>
  reloadCaddy(caddyAdmin).catch((error: unknown) => {
    log(`Caddy did not load the new build (${error instanceof Error ? error.message : String(error)}): the publish was put back.`);
    throw error;
  });

async function content(app: FastifyInstance, { dataDir, clock, clientDir, siteDir, codeDir, scheduleTimers, caddyAdmin, log }: ContentPluginOptions) {
  const store = app.store;
  // The content editor's publishes (SITE_DIR): first, what a crash left of one is finished or
  // undone, and the pages served are made the content recorded (publish.ts recover).
  const drafts = siteDir ? draftsOf(store, { clock }) : undefined;
  let scheduler: Scheduler | undefined;
  const publisher = siteDir
    ? new Publisher({
        site: { siteDir },
        dataDir,
        clock,
        ...(codeDir ? { codeDir } : {}),
        ...(drafts ? { drafts } : {}),
        onPublished: (files) => scheduler?.contentChanged(files),
        // An account's role as it is at each publish: only an owner changes what the schemas mark ownerOnly.
        roleOf: (author) => roleOf(store, author),
      })
    : undefined;
  const served = clientDir && publisher ? await publisher.recover(clientDir) : clientDir;
  // The uploaded pictures that have no sizes yet (uploaded before pictures had them) get them, in the background: the next publish draws them.
  if (siteDir) pictureSizes.fill(path.join(siteDir, 'public', UPLOADS_PATH));
  app.addHook('onClose', async () => {
    scheduler?.stop();
    await scheduler?.idle();
    await publisher?.close();
  });
  // The build being served (siteBuild.ts), switched by the content editor's publish (liveBuild.ts).
  const builds = served ? createSiteBuilds(served, app.served) : undefined;
  const tellCaddy = caddyAdmin ? caddyTeller(caddyAdmin, log) : undefined;
  const live = builds ? new LiveSite(builds, siteDir, tellCaddy) : undefined;
  if (publisher && live) publisher.serve(live);
  // A recovery that switched the pages: Caddy, serving the files itself, loads them too.
  if (served !== clientDir && tellCaddy) await tellCaddy().catch(() => undefined);
  if (builds && live) {
    app.decorate('siteBuilds', builds);
    app.decorate('liveSite', live);
  }
  // Scheduled publishes (schedule.ts): what came due while the server was down is published now.
  if (publisher && drafts) {
    scheduler = new Scheduler({ publisher, drafts, jobs: contentJobs(store), clock, ...(scheduleTimers ? { timers: scheduleTimers } : {}), log });
    app.decorate('contentScheduler', scheduler);
    // A database the disk keeps closed: the scheduler starts with the next publish.
    try {
      scheduler.start(contentFiles(await loadContent({ siteDir: siteDir! })));
    } catch (error) {
      log(`The scheduled publishes could not start: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (publisher) app.decorate('contentEditor', { publisher, clock, ...(drafts ? { drafts } : {}), ...(scheduler ? { scheduler } : {}) });
}

export const contentPlugin = fastifyPlugin(content, { name: 'content', fastify: '5.x', dependencies: ['store', 'served'] });
