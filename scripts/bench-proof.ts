/**
 * npm run bench:proof   (after `npm run build`; the browser: scripts/lib/chromium.mjs)
 *
 * How long a visitor's browser takes to solve a puzzle of the forms' proof of work
 * (config/server.ts proofOfWork.maxNumber; src/leads/server/proofOfWork.ts), in Chromium slowed
 * down to a mid-range phone (DevTools' CPU throttling, 4×). Our built server (dist/client) runs in
 * this process; the page asks it for RUNS puzzles and solves each with the site's own worker
 * (dist/client/assets/proofWorker-*.js), and, since the throttling may not reach a worker, once
 * more on the page's main thread with the same SHA-256 search. Prints each figure; exits 1 when the
 * slower median exceeds SOLVE_MS: the puzzle must be solved before the visitor has filled in a
 * form's first field (a name takes a few seconds to type).
 */
import { chromium } from '@playwright/test';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import server from '../config/server';
import { api } from '../src/platform/api';
import { buildApp } from '../src/apps/server/app';
import { percentile } from '../src/test/serverWatch';
import { chromiumPath, LAUNCH_ARGS } from './lib/chromium.mjs';
import { readCommandLine, refuse } from './lib/commandLine.mjs';

/** The slower of the two medians (the worker's, the main thread's), at a phone's speed, ms. */
const SOLVE_MS = 3000;
const RUNS = 9;
const PHONE_SLOWDOWN = 4;

readCommandLine(process.argv.slice(2), { command: 'npm run bench:proof' });
const clientDir = path.resolve('dist/client');
if (!existsSync(path.join(clientDir, 'index.html'))) refuse('The worker is the built one: run `npm run build` first. Nothing was done.');
const workerFile = readdirSync(path.join(clientDir, 'assets')).find((name) => /^proofWorker-.*\.js$/.test(name));
if (!workerFile) refuse('The build has no proof-of-work worker (dist/client/assets/proofWorker-*.js): run `npm run build` again. Nothing was done.');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-proof-'));
const browser = await chromium.launch({ executablePath: chromiumPath(), args: LAUNCH_ARGS });
const app = await buildApp({ dataDir, clientDir, rateLimitFactor: 1000 });
let failed = false;
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const page = await browser.newPage();
  await page.goto(`${base}/`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_SLOWDOWN });

  const solveMs = (where: 'worker' | 'page') =>
    page.evaluate(
      async ({ where, challengeUrl, workerUrl }) => {
        const puzzle = (await (await fetch(challengeUrl)).json()) as { challenge: string; salt: string; maxnumber: number; algorithm: string };
        const started = performance.now();
        if (where === 'worker') {
          // The page's Worker (this file is type-checked for Node, which has none of its own).
          const PageWorker = (
            globalThis as unknown as {
              Worker: new (url: string) => { onmessage: (event: { data: number | null }) => void; postMessage(message: unknown): void };
            }
          ).Worker;
          await new Promise<void>((resolve, reject) => {
            const worker = new PageWorker(workerUrl);
            worker.onmessage = (event) => (event.data === null ? reject(new Error('no solution')) : resolve());
            worker.postMessage(puzzle);
          });
        } else {
          // Inline, no named helper: the page runs this function's text alone.
          const encoder = new TextEncoder();
          for (let n = 0; n <= puzzle.maxnumber; n++) {
            const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(puzzle.salt + n)));
            if (Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('') === puzzle.challenge) break;
          }
        }
        return performance.now() - started;
      },
      { where, challengeUrl: api.proofChallenge, workerUrl: `/assets/${workerFile}` },
    );

  const medians: number[] = [];
  for (const where of ['worker', 'page'] as const) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) times.push(await solveMs(where));
    const median = percentile(times, 50);
    medians.push(median);
    console.log(
      `${where === 'worker' ? "the site's worker" : 'the main thread'}, CPU slowed ${PHONE_SLOWDOWN}×, puzzles of at most ${server.proofOfWork.maxNumber} tries: ` +
        `median ${Math.round(median)} ms, slowest ${Math.round(Math.max(...times))} ms (${times.map(Math.round).join(', ')})`,
    );
  }
  const slower = Math.max(...medians);
  failed = slower > SOLVE_MS;
  console.log(`${failed ? 'FAIL' : 'ok'}: the slower median, ${Math.round(slower)} ms, against a budget of ${SOLVE_MS} ms`);
} finally {
  await browser.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
