/**
 * Starts the site: `npm start` (after a build). PORT, HOST, DATA_DIR and CLIENT_DIR override
 * the defaults; RATE_LIMIT_FACTOR multiplies the rate limits (tests, benchmarks);
 * PROOF_MAX_NUMBER sets the forms' puzzle size in place of config/server.ts's (tests);
 * TRUST_PROXY names the proxies allowed to tell the client's address (default: loopback).
 */
import path from 'node:path';
import site from '../../../config/site';
import { buildApp } from './app';
import { caddyAdminFromEnv } from '../../content/server/caddyAdmin';
import { liveClientDir } from '../../content/server/liveBuild';
import { describeSettings, readNotifySettings } from '../../leads/server/notify';
import { agencyAddressOf } from '../../platform/server/mail/settings';
import { describeMailbox, readMailboxSettings } from '../../leads/server/mailbox/settings';
import { placeholderWarnings } from '../../content/model/placeholders';
import admin from '../../../config/admin';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? 'localhost';
// The content editor edits this checkout's config/ (SITE_DIR, default: the folder npm start runs in;
// SITE_DIR=off turns the editor off) and serves what it last published (dist/releases/LIVE).
const siteDir = process.env.SITE_DIR === 'off' ? undefined : path.resolve(process.env.SITE_DIR ?? '.');
const clientDir = liveClientDir(path.resolve(process.env.CLIENT_DIR ?? 'dist/client'), siteDir ?? '.');
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
const caddyAdmin = caddyAdminFromEnv(process.env);

const rateLimitFactor = Number(process.env.RATE_LIMIT_FACTOR ?? 1);
if (!(rateLimitFactor > 0)) throw new Error(`RATE_LIMIT_FACTOR must be a number above 0, not "${process.env.RATE_LIMIT_FACTOR}"`);
// The browser tests' pages solve a puzzle for every form they send: a small one (the same search, the same check).
const proofMaxNumber = process.env.PROOF_MAX_NUMBER === undefined ? undefined : Number(process.env.PROOF_MAX_NUMBER);
if (proofMaxNumber !== undefined && !(Number.isInteger(proofMaxNumber) && proofMaxNumber > 0)) {
  throw new Error(`PROOF_MAX_NUMBER must be a whole number above 0, not "${process.env.PROOF_MAX_NUMBER}"`);
}
const trustProxy = process.env.TRUST_PROXY;
// Notifications (SMTP_URL, MAIL_FROM, NOTIFY_TO, WEBHOOK_URL, WEBHOOK_SECRET, PUBLIC_URL): a wrong
// one is a sentence here, and the site starts without that channel (its deliveries wait).
const notifications = readNotifySettings(process.env);
for (const problem of notifications.problems) console.error(problem);
// The agency's mailbox (IMAP_URL): the answers to the site's mails come back to their leads.
const mailbox = readMailboxSettings(process.env);
for (const problem of mailbox.problems) console.error(problem);
// Settings still at their shipped example values: said now, and shown to the inbox's owners.
const placeholders = placeholderWarnings(site, process.env);
if (placeholders.length > 0) console.log([admin.placeholders, ...placeholders].join('\n'));
const email = notifications.settings.email;
// The agency's own addresses: a mail from one of them, found in the mailbox, is the agency's reply
// (config/site.ts contact.email: the code's own, read before the server serves a build).
const agency = [agencyAddressOf(site.contact.email.href), email?.fromAddress, ...(email?.to ?? [])].filter(
  (address): address is string => address !== undefined,
);

const app = await buildApp({
  clientDir,
  dataDir,
  logger: process.env.LOG !== 'off',
  rateLimitFactor,
  ...(proofMaxNumber === undefined ? {} : { proofMaxNumber }),
  notifications: { settings: notifications.settings },
  // Mails are read in a thread of its own: its file is bundled beside this one (dist/server/parse-worker.js).
  ...(mailbox.settings ? { mailbox: { settings: mailbox.settings, agency, parseWorker: path.join(import.meta.dirname, 'parse-worker.js') } } : {}),
  placeholders,
  ...(siteDir ? { siteDir } : {}),
  // Publishes draw pages with the code that runs: this bundle's own build (dist/server/.. = dist/).
  codeDir: path.resolve(import.meta.dirname, '..'),
  // Where Caddy sends the built files itself (deploy/Caddyfile.files): CADDY_ADMIN, its admin socket; CADDY_CONFIG, its Caddyfile.
  ...(caddyAdmin ? { caddyAdmin } : {}),
  ...(trustProxy === undefined ? {} : { trustProxy: trustProxy === 'true' ? true : trustProxy === 'false' ? false : trustProxy }),
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: finishing open requests, then stopping`);
    // The app's preClose hook closes each connection as soon as it is idle.
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port, host });
console.log(describeSettings(notifications.settings));
console.log(describeMailbox(mailbox.settings));
// Last, so that a terminal ends with the address to open.
console.log(`${site.brand.name} site: http://${host === '0.0.0.0' ? 'localhost' : host}:${port} (data in ${dataDir})`);
