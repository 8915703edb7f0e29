/**
 * GET /healthz, for an uptime checker: 200 only when the database accepts a write and the
 * files folder is writable (what a visitor's form and CV need), else 503. The answer says
 * nothing more (no paths, no errors): the reason goes to the server's log. One check a
 * second at most; asking more often gets the last answer.
 */
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import server from '../../../config/server';
import type { HasDatabase } from './statements';
import { HEALTH_PATH } from '../../schema/ownAddresses';

const CHECK_EVERY_MS = 1000;

export function registerHealth(app: FastifyInstance, { store, dataDir, clock = Date.now }: { store: HasDatabase; dataDir: string; clock?: () => number }) {
  const filesDir = path.join(dataDir, 'files');
  let last: { at: number; healthy: boolean } | undefined;

  const check = (): boolean => {
    try {
      store.db.prepare('INSERT INTO health (id, checked_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at').run(clock());
      mkdirSync(filesDir, { recursive: true });
      const probe = path.join(filesDir, `.healthz-${randomBytes(6).toString('hex')}`);
      const fd = openSync(probe, 'wx');
      try {
        writeSync(fd, 'ok');
        fsyncSync(fd);
      } finally {
        closeSync(fd);
        unlinkSync(probe);
      }
      return true;
    } catch (error) {
      app.log.error({ err: error }, 'Health check failed: the data folder does not accept writes');
      return false;
    }
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: HEALTH_PATH,
    handler: async (_request, reply) => {
      const now = clock();
      if (!last || now - last.at >= CHECK_EVERY_MS) last = { at: now, healthy: check() };
      return reply
        .code(last.healthy ? 200 : 503)
        .header('Cache-Control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(last.healthy ? server.messages.healthy : server.messages.unhealthy);
    },
  });
}
