/**
 * npm run bench:newsletter-pictures   (NEWSLETTERS=200 by default)
 *
 * The public picture route of the newsletters (/api/newsletter/pictures/<name>: mail programs
 * load it, no session) with 1 newsletter, then with NEWSLETTERS more of the largest text
 * (newsletter.bodyMaxBytes), written by several accounts as the inbox writes them. Our server
 * (the app, in this process, over real HTTP on a real SQLite file and site folder) is asked by 8
 * clients at once for a picture the newest newsletter shows and for one no newsletter shows (an
 * upload of the site all the same).
 * Prints each case's median and p99 per request; exits 1 when the route's median with many
 * newsletters is more than MAX_RATIO (2) times its median with one (plus 1 ms for the noise of a
 * busy machine): its cost must not grow with the newsletters. P99_MS (unset: none) adds a budget
 * of the p99 with many, for a quiet machine.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import server from '../config/server';
import { buildApp } from '../src/apps/server/app';
import { UPLOADS_PATH } from '../src/platform/uploads';
import { NEWSLETTER_PICTURES } from '../src/newsletter/model/newsletterApi';
import { addNewsletter, isProblem } from '../src/newsletter/server/newsletters';
import { makeSite } from '../src/test/contentSite';

const NEWSLETTERS = Number(process.env.NEWSLETTERS ?? 200);
const MAX_RATIO = Number(process.env.MAX_RATIO ?? 2);
const P99_MS = process.env.P99_MS ? Number(process.env.P99_MS) : undefined;
const CLIENTS = 8;
const REQUESTS = Number(process.env.REQUESTS ?? 400);

const siteDir = makeSite();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-pictures-'));
const uploads = path.join(siteDir, 'public', UPLOADS_PATH);
mkdirSync(uploads, { recursive: true });
// The first newsletter shows `first`; the newest of the many, `newest` (a scan of the texts would read them all to find it).
const first = `${'be'.repeat(10)}.webp`;
const newest = `${'ef'.repeat(10)}.webp`;
const notShown = `${'0d'.repeat(10)}.webp`;
const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ffffff' } })
  .webp()
  .toBuffer();
for (const name of [first, newest, notShown]) writeFileSync(path.join(uploads, name), webp);

const app = await buildApp({ dataDir, siteDir, rateLimitFactor: 1000 });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const db = app.store.db;
const uploadExists = () => true;
const picture = (name: string) => ({ type: 'picture' as const, image: { src: `${UPLOADS_PATH}${name}`, alt: 'A picture', width: 600, height: 400 } });

/** `count` newsletters of the largest text, by as many accounts as their drafts' limit needs; the last shows the upload `shown`. */
function write(count: number, from: number, shown: string) {
  const paragraph = { type: 'paragraph' as const, content: [{ text: 'Large. '.repeat(143) }] };
  const size = Math.floor((server.newsletter.bodyMaxBytes - 20_000) / Buffer.byteLength(JSON.stringify(paragraph)));
  for (let i = 0; i < count; i++) {
    const n = from + i;
    const body = [...Array.from({ length: size }, () => paragraph), ...(i === count - 1 ? [picture(shown)] : [])];
    const by = `writer${Math.floor(n / server.newsletter.drafts.perAccount)}@agency.test`;
    const made = addNewsletter(db, { subject: `News ${n}`, name: `news-${n}`, body }, by, Date.now(), uploadExists);
    if (isProblem(made)) throw new Error(made.message);
  }
}

/** CLIENTS clients asking for `name` REQUESTS times in all: each request's time (ms). */
async function measure(name: string, status: number): Promise<number[]> {
  const times: number[] = [];
  let left = REQUESTS;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (left-- > 0) {
        const started = performance.now();
        const answer = await fetch(`${base}${NEWSLETTER_PICTURES}/${name}`);
        await answer.arrayBuffer();
        times.push(performance.now() - started);
        if (answer.status !== status) throw new Error(`${name} answered ${answer.status}, not ${status}`);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}
const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const cases: { newsletters: number; shown: number[]; unknown: number[] }[] = [];
write(1, 0, first);
await measure(first, 200); // warm up
cases.push({ newsletters: 1, shown: await measure(first, 200), unknown: await measure(notShown, 404) });
write(NEWSLETTERS, 1, newest);
const megabytes = (db.prepare('SELECT sum(length(body)) FROM newsletters').pluck().get() as number) / 1e6;
cases.push({ newsletters: NEWSLETTERS + 1, shown: await measure(newest, 200), unknown: await measure(notShown, 404) });
await app.close();
rmSync(dataDir, { recursive: true, force: true });
rmSync(siteDir, { recursive: true, force: true });

console.log(`The newsletters' picture route, ${CLIENTS} clients at once, ${REQUESTS} requests per case, load average ${os.loadavg()[0]!.toFixed(1)}:`);
for (const c of cases) {
  console.log(
    `  ${String(c.newsletters).padStart(4)} newsletters: a picture shown: median ${at(c.shown, 0.5).toFixed(2)} ms, p99 ${at(c.shown, 0.99).toFixed(2)} ms; one not shown (404): median ${at(c.unknown, 0.5).toFixed(2)} ms, p99 ${at(c.unknown, 0.99).toFixed(2)} ms`,
  );
}
console.log(`  (the texts of the ${NEWSLETTERS + 1} newsletters: ${megabytes.toFixed(1)} MB)`);
const [few, many] = cases as [(typeof cases)[0], (typeof cases)[0]];
let over = false;
for (const kind of ['shown', 'unknown'] as const) {
  const ratio = at(many[kind], 0.5) / at(few[kind], 0.5);
  console.log(`  ${kind === 'shown' ? 'a picture shown' : 'one not shown'}: ${ratio.toFixed(2)}× the cost with one newsletter (budget ${MAX_RATIO}×)`);
  if (at(many[kind], 0.5) > MAX_RATIO * at(few[kind], 0.5) + 1) {
    console.error(`With ${many.newsletters} newsletters the route costs ${ratio.toFixed(1)}× what it costs with one, over the budget of ${MAX_RATIO}×.`);
    over = true;
  }
  if (P99_MS !== undefined && at(many[kind], 0.99) > P99_MS) {
    console.error(`With ${many.newsletters} newsletters its p99 is ${at(many[kind], 0.99).toFixed(0)} ms, over the budget of ${P99_MS} ms.`);
    over = true;
  }
}
process.exit(over ? 1 : 0);
