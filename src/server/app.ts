/**
 * The site's own HTTP server: the form and upload endpoints (api.ts) and the built site,
 * with every page address (and any unknown address, which shows the fallback page)
 * answered by the app.
 */
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import server from '../../config/server';
import { registerApi } from './api';
import { openStore, type Store } from './store';

export interface AppOptions {
  /** The folder `vite build` wrote (dist/client); leave out to serve only the endpoints. */
  clientDir?: string;
  /** Where the database and uploaded files live (DATA_DIR, default ./data). */
  dataDir: string;
  logger?: boolean;
}

/** Addresses that look like files (have an extension) are files: unknown ones are a real 404. */
const looksLikeFile = (url: string) => /\.[a-z0-9]+$/i.test(url.split('?')[0] ?? '');

export async function buildApp({ clientDir, dataDir, logger = false }: AppOptions): Promise<FastifyInstance & { store: Store }> {
  const app = Fastify({ logger: logger ? { level: 'info' } : false, trustProxy: true });
  const store = openStore(dataDir);
  app.addHook('onClose', async () => store.close());

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    const { messages } = server;
    if (status >= 500) request.log.error(error);
    const message =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? messages.tooLarge
        : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || status === 400
          ? messages.notJson
          : status >= 500
            ? messages.serverError
            : error.message;
    return reply.code(status).send({ message });
  });

  await registerApi(app, { store, dataDir });

  if (clientDir) await serveSite(app, clientDir);
  else app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: server.messages.wrongMethod }));

  return Object.assign(app, { store }) as FastifyInstance & { store: Store };
}

async function serveSite(app: FastifyInstance, clientDir: string) {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`No built site at ${clientDir}: run "npm run build" first.`);

  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    // One route per built file, registered at start: nothing outside clientDir is reachable.
    wildcard: false,
    cacheControl: false,
    setHeaders(reply, filePath) {
      // Vite puts a content hash in every file name under assets/: they never change.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      const html = filePath.endsWith('.html');
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : html ? 'no-cache' : 'public, max-age=3600');
    },
  });

  const indexHtml = readFileSync(indexFile, 'utf8');
  const sendApp = (reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

  // Every page address, and any other address that is not a file, is answered by the app
  // (which shows the fallback page for unknown addresses).
  app.get('/', (_request, reply) => sendApp(reply));
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) return reply.code(404).send({ message: server.messages.wrongMethod });
    if ((request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile(request.url)) return sendApp(reply);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
