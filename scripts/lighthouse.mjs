// npm run lighthouse: builds if needed, starts the site on a temporary database, runs Lighthouse
// (mobile, default simulated throttling) on every page with Debian's Chromium, prints a table,
// and exits non-zero if any page is below the floors. LH_REPORTS=<folder> keeps the reports.
//
// Lighthouse is not one of the site's packages (it would be a quarter of what every npm ci
// writes): it has a folder of its own, tools/lighthouse/, with its lock file, installed there by
// the first run, and again when the lock file changes (npm ci, about 10 s, from the registry).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startBuiltSite } from './lib/builtSite.mjs';
import { DESKTOP, LAUNCH_ARGS } from './lib/chromium.mjs';
import { readCommandLine } from './lib/commandLine.mjs';

const port = Number(process.env.LH_PORT ?? 3998);
// Issue 14's floors: what a page of plain HTML would score on a phone, near enough.
const floors = { performance: 99, accessibility: 100, 'best-practices': 100, seo: 100, lcpMs: 1000, tbtMs: 100, cls: 0 };
const given = readCommandLine(process.argv.slice(2), { command: 'npm run lighthouse', words: [0, Infinity], wordsHint: ' [<page address> …]' }).words;
const pages = given.length ? given : ['/', '/About-us', '/Product', '/Services', '/Blog', '/Career', '/Contact', '/Privacy'];

// LH_REPORTS=<folder>: also keeps each page's full Lighthouse report there (JSON), to see why.
const reports = process.env.LH_REPORTS;
if (reports) mkdirSync(reports, { recursive: true });

const tool = path.resolve(import.meta.dirname, '..', 'tools', 'lighthouse');
/** The versions of a lock file's packages (npm keeps the installed ones in node_modules/.package-lock.json). */
const versionsIn = (file) =>
  existsSync(file)
    ? JSON.stringify(
        Object.entries(JSON.parse(readFileSync(file, 'utf8')).packages)
          .filter(([key]) => key)
          .map(([key, p]) => [key, p.version]),
      )
    : '';
if (versionsIn(path.join(tool, 'node_modules', '.package-lock.json')) !== versionsIn(path.join(tool, 'package-lock.json'))) {
  console.log(`Installing Lighthouse in ${path.relative(process.cwd(), tool)}/ from its lock file (its first run, or the lock file changed)…`);
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: tool, stdio: 'inherit' });
}
const { lighthouse, chromeLauncher } = await import('../tools/lighthouse/index.mjs');

const site = await startBuiltSite({ port, rebuild: process.env.LH_BUILD === '1', name: 'lighthouse' });

const chrome = await chromeLauncher.launch({
  // Lighthouse drives the desktop browser (its own --headless=new); CHROME_PATH is chrome-launcher's override.
  chromePath: process.env.CHROME_PATH ?? DESKTOP,
  chromeFlags: ['--headless=new', ...LAUNCH_ARGS],
});

const MEASURE_TRIES = 3;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'];
const measured = (lhr) => !lhr.runtimeError && METRICS.every((id) => lhr.audits[id]?.numericValue !== undefined);

const rows = [];
let failed = false;
try {
  for (const page of pages) {
    // Lighthouse sometimes fails to record a page load's trace (NO_NAVSTART, "Please run
    // Lighthouse again"): such a page is measured again, at most MEASURE_TRIES times in all.
    // A page that loaded and scored is never measured again.
    let lhr;
    for (let attempt = 1; attempt <= MEASURE_TRIES; attempt++) {
      ({ lhr } = await lighthouse(`http://127.0.0.1:${port}${page}`, { port: chrome.port, output: 'json', logLevel: 'error' }));
      if (measured(lhr)) break;
      console.log(`${page}: not measured on try ${attempt} of ${MEASURE_TRIES} (${lhr.runtimeError?.message ?? 'a metric is missing from the report'})`);
    }
    if (reports) writeFileSync(path.join(reports, `${page.slice(1).replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(lhr));
    const { categories, audits, runtimeError } = lhr;
    if (!measured(lhr)) {
      // Lighthouse could not measure the page (it says why): a failed run, not a crash of this script.
      const why = runtimeError?.message ?? 'a metric is missing from the report';
      rows.push({
        page,
        performance: 0,
        accessibility: 0,
        'best-practices': 0,
        seo: 0,
        fcpMs: NaN,
        lcpMs: NaN,
        tbtMs: NaN,
        cls: NaN,
        below: `not measured: ${why}`,
      });
      failed = true;
      console.log(`${page}: not measured (${why})`);
      continue;
    }
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    const row = {
      page,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
      lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(audits['total-blocking-time'].numericValue),
      cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    };
    const below = [
      ...['performance', 'accessibility', 'best-practices', 'seo'].filter((k) => row[k] < floors[k]),
      ...(row.lcpMs > floors.lcpMs ? ['LCP'] : []),
      ...(row.tbtMs > floors.tbtMs ? ['TBT'] : []),
      ...(row.cls > floors.cls ? ['CLS'] : []),
    ];
    row.below = below.join(', ') || 'ok';
    if (below.length) failed = true;
    rows.push(row);
    console.log(`${page}: done`);
  }
} finally {
  await chrome.kill();
  await site.stop();
}

console.log('\n| page | perf | a11y | best practices | SEO | FCP | LCP | TBT | CLS | below the floors |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) {
  console.log(
    `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${r.seo} | ${(r.fcpMs / 1000).toFixed(1)} s | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs} ms | ${r.cls} | ${r.below} |`,
  );
}
console.log(
  `\nFloors: performance ${floors.performance}, accessibility ${floors.accessibility}, best practices ${floors['best-practices']}, SEO ${floors.seo}, LCP ${floors.lcpMs / 1000} s, TBT ${floors.tbtMs} ms, CLS ${floors.cls}.`,
);
process.exit(failed ? 1 : 0);
