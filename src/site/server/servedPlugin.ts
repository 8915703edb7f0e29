/**
 * The content our server serves, as a part of it (a Fastify plugin named `served`, registered
 * after the store by src/apps/server/app.ts): one servedContent.ts per server, decorated as
 * `app.served`, the code's own config/ until the content's plugin serves a build
 * (src/content/server/plugin.ts, siteBuild.ts). The parts that read it declare it
 * (`dependencies: ['served']`); routes read it as `request.server.served`.
 */
import fastifyPlugin from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createServedContent, type Served } from './servedContent';

declare module 'fastify' {
  interface FastifyInstance {
    /** The content of the build this server serves (servedContent.ts): its pages' addresses, forms, languages and the agency's words. */
    served: Served;
  }
}

async function served(app: FastifyInstance) {
  app.decorate('served', createServedContent());
}

export const servedPlugin = fastifyPlugin(served, { name: 'served', fastify: '5.x' });
