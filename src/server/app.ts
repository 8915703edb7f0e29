/**
 * The site's own HTTP server: the built site, with every page address (and any
 * unknown address, which shows the fallback page) answered by the app.
 * The forms issue adds the form and upload endpoints here.
 */
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface AppOptions {
  /** The folder `vite build` wrote (dist/client). */
  clientDir: string;
  logger?: boolean;
}

/** Addresses that look like files (have an extension) are files: unknown ones are a real 404. */
const looksLikeFile = (url: string) => /\.[a-z0-9]+$/i.test(url.split('?')[0] ?? '');

export async function buildApp({ clientDir, logger = false }: AppOptions): Promise<FastifyInstance> {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`No built site at ${clientDir}: run "npm run build" first.`);

  const app = Fastify({ logger, trustProxy: true });

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
    if ((request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile(request.url)) return sendApp(reply);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  return app;
}
