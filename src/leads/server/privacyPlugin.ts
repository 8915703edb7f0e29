/**
 * What an erasure of a person reaches beyond the leads, as a part of our server (a Fastify plugin
 * named `privacy`, after the store's): the server's PersonTables (privacy.ts) decorated as
 * `app.personTables`, which the features that keep people by their address join (the newsletter's
 * subscribers and send queue: src/newsletter/server/plugin.ts) and the inbox's erasures read.
 */
import fastifyPlugin from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { PersonTables } from './privacy';

declare module 'fastify' {
  interface FastifyInstance {
    /** The tables beyond the leads that an erasure of a person deletes from. */
    personTables: PersonTables;
  }
}

async function privacy(app: FastifyInstance) {
  app.decorate('personTables', new PersonTables());
}

export const privacyPlugin = fastifyPlugin(privacy, { name: 'privacy', fastify: '5.x', dependencies: ['store'] });
