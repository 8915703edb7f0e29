/**
 * `npm run dev` offers the content editor over this checkout's own files: the same handlers as
 * our server (index.ts), without accounts (it is the developer's own machine, and vite's dev
 * server listens on localhost only). Publishing writes config/ (vite then reloads the pages) and
 * commits when the checkout is a git work tree; nothing is built or switched. Drafts and their
 * schedules are kept in the checkout's data/ database, as npm start's.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import server from '../../../config/server';
import { CSRF_HEADER, SIGN_IN_API } from '../../platform/signIn';
import { adminRoutes, type Me } from '../../platform/inboxRoutes';
import { contentRoutes } from '../../content/model/contentApi';
import path from 'node:path';
import { openStore } from './siteStore';
import { DEVELOPER } from '../../platform/server/accounts/developer';
import { contentJobs, drafts as draftsOf } from '../../content/server/drafts';
import { admitUpload, uploadErrorHandler } from '../../content/server/images';
import { Scheduler } from '../../content/server/schedule';
import { contentFiles, loadContent } from '../../content/server/site';
import { contentHandlers, contentRefusals } from '../../content/server/index';
import { Publisher } from '../../content/server/publish';
import { answerError } from '../../platform/server/refusals';
import { checksOf, type RouteTypes } from '../../platform/server/contracts';

/** Who publishes from a checkout (the author of its commits, unless git's own identity is used). */
export { DEVELOPER };
const DEV_TOKEN = 'dev';

export async function devContentApp(siteDir: string): Promise<FastifyInstance> {
  // Each route checks its request with its contract as the server does (src/platform/server/contracts.ts), refused in the same words.
  const app = Fastify();
  app.setErrorHandler(answerError);
  // Another site open in the same browser must not publish here: a change carries the token
  // (a header no form of another site can send) and does not come from elsewhere.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET') return;
    const site = request.headers['sec-fetch-site'];
    if (request.headers[CSRF_HEADER] !== DEV_TOKEN || (site !== undefined && site !== 'same-origin'))
      return reply.code(403).send({ message: server.admin.messages.notFromInbox });
  });
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: server.admin.imageMaxBytes }, (_request, body, done) => done(null, body));
  // Publishes write and record (the journal in the checkout's data/, as npm start's); vite draws the pages.
  const dataDir = path.join(siteDir, 'data');
  const store = openStore(dataDir);
  const drafts = draftsOf(store);
  // Told of each publish (declared below: a publish comes only once both exist).
  // The developer is an editor here, as `me` says below: what only an owner changes is changed in the files.
  const publisher = new Publisher({
    site: { siteDir },
    dataDir,
    clock: Date.now,
    drafts,
    onPublished: (files) => scheduler.contentChanged(files),
    roleOf: () => 'editor',
  });
  const scheduler = new Scheduler({ publisher, drafts, jobs: contentJobs(store), clock: Date.now, log: (message) => console.error(message) });
  scheduler.start(contentFiles(await loadContent({ siteDir })));
  app.addHook('onClose', async () => {
    scheduler.stop();
    await scheduler.idle();
    await publisher.close();
    store.close();
  });
  const handlers = contentHandlers({ publisher, drafts, scheduler });
  const register = <N extends keyof typeof contentRoutes>(name: N) => {
    const { method, path } = contentRoutes[name];
    const picture = name === 'contentImage';
    app.route<RouteTypes<(typeof contentRoutes)[N]>>({
      method,
      url: path,
      bodyLimit: picture ? server.admin.imageMaxBytes : 1024 * 1024,
      ...checksOf(contentRoutes[name], contentRefusals[name]),
      ...(picture ? { onRequest: admitUpload, errorHandler: uploadErrorHandler } : {}),
      handler: (request, reply) => handlers[name](request, reply, DEVELOPER, (body) => reply.code(200).type('application/json; charset=utf-8').send(body)),
    });
  };
  for (const name of Object.keys(contentRoutes) as (keyof typeof contentRoutes)[]) register(name);
  // The inbox asks who is signed in: here, always the developer, as an editor (the leads are on the server).
  app.get(SIGN_IN_API, async () => ({ email: DEVELOPER, accounts: true, csrfToken: DEV_TOKEN }));
  app.get(adminRoutes.me.path, async (): Promise<Me> => ({ email: DEVELOPER, role: 'editor', csrfToken: DEV_TOKEN, placeholders: [] }));
  await app.ready();
  return app;
}

/** Whether a request is the editor's (vite.config.ts's plugin hands it here; the rest of /api goes to the site's server). */
export const handlesUrl = (url: string) =>
  url.split('?')[0] === SIGN_IN_API || url.split('?')[0] === adminRoutes.me.path || url.startsWith(contentRoutes.content.path);
