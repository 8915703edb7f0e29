/** Starts the site: `npm start` (after a build). PORT, HOST and CLIENT_DIR override the defaults. */
import path from 'node:path';
import { buildApp } from './app';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? 'localhost';
const clientDir = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');

const app = await buildApp({ clientDir, logger: process.env.LOG !== 'off' });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: finishing open requests, then stopping`);
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port, host });
console.log(`Business Growth site: http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
