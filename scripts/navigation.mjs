// npm run navigation: how long a click from one page to another takes to show the new page,
// on one or more built sites side by side (alternating, so a busy machine hurts each alike).
// From the click (the event's own time) to the first paint of the new page: its first
// contentful paint when the browser loaded a new document (or the moment a prerendered one
// was shown), or, for a page drawn by a script in the same document, the frame after its
// headline appeared. Chromium with its CPU slowed 4x (a mid-range phone), a desktop window
// (the navbar link is visible), the page loaded and settled before each click.
//
//   node scripts/navigation.mjs                          the build in dist/
//   node scripts/navigation.mjs dist .tmp-baseline/dist  two builds, alternating
// Options (env): RUNS (9), FROM (/), LINK (Contact), HEADLINE (Contact Us), CPU (4).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readCommandLine } from './lib/commandLine.mjs';

const runs = Number(process.env.RUNS ?? 9);
const from = process.env.FROM ?? '/';
const linkName = process.env.LINK ?? 'Contact';
const headline = process.env.HEADLINE ?? 'Contact Us';
const cpu = Number(process.env.CPU ?? 4);
const given = readCommandLine(process.argv.slice(2), { command: 'npm run navigation', words: [0, Infinity], wordsHint: ' [<build folder> …]' }).words;
const builds = given.length ? given : ['dist'];
// The browser's code and the built server's are loaded once the command line is read: a mistyped one is answered at once.
const { chromium } = await import('@playwright/test');
const { chromiumPath, LAUNCH_ARGS } = await import('./lib/chromium.mjs');
const { freePort, startServer, stopServer } = await import('./lib/builtServer.mjs');

async function serve(dist) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'navigation-'));
  const server = await startServer({ dist, port, dataDir });
  return { dist, base: `http://127.0.0.1:${port}`, stop: async () => (await stopServer(server), rmSync(dataDir, { recursive: true, force: true })) };
}

async function once(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await page.goto(base + from, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  // The click's time, and a watch for a headline drawn in this same document.
  await page.evaluate((expected) => {
    const record = (name, value) => sessionStorage.setItem(name, String(value));
    addEventListener('click', (event) => record('clickAt', performance.timeOrigin + event.timeStamp), { capture: true, once: true });
    new MutationObserver(() => {
      if (document.querySelector('h1')?.textContent === expected && !sessionStorage.getItem('drawnAt')) {
        requestAnimationFrame(() => setTimeout(() => record('drawnAt', performance.timeOrigin + performance.now()), 0));
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, headline);
  const session0 = await page.evaluate(() => performance.timeOrigin);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: linkName, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: headline }).waitFor();
  await page.waitForFunction(() => sessionStorage.getItem('drawnAt') || performance.getEntriesByName('first-contentful-paint').length > 0);
  const { clickAt, paintedAt, newDocument } = await page.evaluate((oldOrigin) => {
    const newDocument = performance.timeOrigin !== oldOrigin;
    let paintedAt = Number(sessionStorage.getItem('drawnAt'));
    if (newDocument) {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const activation = performance.getEntriesByType('navigation')[0]?.activationStart ?? 0;
      paintedAt = performance.timeOrigin + Math.max(fcp.startTime, activation);
    }
    return { clickAt: Number(sessionStorage.getItem('clickAt')), paintedAt, newDocument };
  }, session0);
  await context.close();
  return { ms: paintedAt - clickAt, newDocument };
}

const sites = [];
for (const dist of builds) sites.push(await serve(path.resolve(dist)));
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: LAUNCH_ARGS,
});
const results = new Map(sites.map((s) => [s.dist, []]));
let kind = new Map();
try {
  for (let run = 0; run < runs; run++) {
    for (const site of sites) {
      const { ms, newDocument } = await once(browser, site.base);
      results.get(site.dist).push(ms);
      kind.set(site.dist, newDocument ? 'new document' : 'same document');
    }
  }
} finally {
  await browser.close();
  await Promise.all(sites.map((site) => site.stop()));
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`\nClick on "${linkName}" from ${from} to the first paint of "${headline}" (CPU ${cpu}x slower, ${runs} runs each, alternating):`);
console.log('| build | how | median | min | max |\n| --- | --- | --- | --- | --- |');
for (const [dist, values] of results) {
  console.log(
    `| ${path.relative(process.cwd(), dist) || dist} | ${kind.get(dist)} | ${median(values).toFixed(0)} ms | ${Math.min(...values).toFixed(0)} ms | ${Math.max(...values).toFixed(0)} ms |`,
  );
}
