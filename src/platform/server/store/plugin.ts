/**
 * The database as a part of our server (a Fastify plugin named `store`, the first that
 * src/apps/server/app.ts registers): the uploads a crash left unfinished are removed, the store is
 * opened now or as soon as its disk allows (with the features' parts: `open`), decorated as
 * `app.store`, and closed when the server closes, after every part registered after it (Fastify
 * runs the onClose hooks last registered first). The workers declare it (`dependencies: ['store']`).
 */
import fastifyPlugin from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { removeUnfinishedUploads } from '../files';
import type { StoreWhenPossible } from './store';

export interface StorePluginOptions {
  dataDir: string;
  /** Opens the store with the features' parts (src/leads/server/store.ts openStoreWhenPossible); `onFault` hears why it cannot yet. */
  open(onFault: (error: unknown) => void): StoreWhenPossible;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's database, opened now or as soon as its disk allows. */
    store: StoreWhenPossible;
  }
}

async function store(app: FastifyInstance, { dataDir, open }: StorePluginOptions) {
  const unfinished = removeUnfinishedUploads(dataDir);
  if (unfinished > 0) app.log.warn(`Removed ${unfinished} unfinished upload file(s) left by a crash`);
  const opened = open((error) => app.log.error({ err: error }, 'The database cannot be opened (is the data disk full?): forms answer 503 until it can'));
  app.decorate('store', opened);
  app.addHook('onClose', async () => opened.close());
}

export const storePlugin = fastifyPlugin(store, { name: 'store', fastify: '5.x' });
