/**
 * Our server without its pages, in a process of its own, sending newsletters: the crash test
 * (src/newsletter/server/crash.test.ts) kills it (SIGKILL) in the middle of a send and starts it
 * again on the same data (it runs it bundled: src/test/bundle.ts); `npm run bench:newsletter`
 * measures it. Run with Node and tsx's loader:
 *
 *   DATA_DIR=… SMTP_PORT=… [FAILPOINTS=newsletter.claimed=400] [POOL=1] node --import tsx src/test/newsletterServer.ts
 *
 * It sends through the SMTP server on 127.0.0.1:SMTP_PORT at an unlimited rate, listens on a free
 * port, and prints "listening on <port>" once it answers. FAILPOINTS: the queue kills the process
 * when the n-th reader reached that point (docs/failpoints.md).
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/app';
import { readNotifySettings } from '../leads/server/notify';

const { DATA_DIR, SMTP_PORT, POOL = '1' } = process.env;
if (!DATA_DIR || !SMTP_PORT) throw new Error('DATA_DIR and SMTP_PORT are needed.');
const { settings, problems } = readNotifySettings({
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  MAIL_FROM: 'Agency Site <site@agency.test>',
  NOTIFY_TO: 'sales@agency.test',
  PUBLIC_URL: 'https://www.agency.test',
  ...(process.env.DKIM_PRIVATE_KEY_FILE ? { DKIM_PRIVATE_KEY_FILE: process.env.DKIM_PRIVATE_KEY_FILE, DKIM_SELECTOR: process.env.DKIM_SELECTOR ?? '' } : {}),
});
if (problems.length > 0) throw new Error(problems.join('\n'));
const app = await buildApp({
  dataDir: DATA_DIR,
  rateLimitFactor: 1000,
  notifications: { settings, log: { warn: () => undefined } },
  newsletter: { pool: { connections: Number(POOL), messagesPerConnection: 1000 }, rate: { messages: 0, perSeconds: 1 } },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening on ${(app.server.address() as AddressInfo).port}`);
