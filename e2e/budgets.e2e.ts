/**
 * Performance budgets, kept by the test suite. For every page, the browser loads the page
 * without touching it; the JavaScript and CSS files it asked for are summed at their gzipped
 * size in the build output (dist/client/**.gz). Then the visitor scrolls, which loads the
 * forms' code (every page has the newsletter form): that is summed too. And every prerendered
 * HTML file contains its headline and the critical CSS that styles it, so the page reads right
 * before any script. The same holds for every page of a copy of the site in two languages, its
 * German written as the office would (src/test/realGerman.ts).
 *
 * Measured when the budgets were set (2026-11-23, islands, printed by this test): 88.9-92.4 kB
 * of gzipped JavaScript per page before any interaction (fetched once the page has painted, and
 * not run until an island is touched or seen: the islands' runtime, React and emotion, and the
 * page's islands), 40.4 kB more on the first scroll (the forms, 32.0 kB, and the toast UI they
 * load at once), no CSS file (critical CSS is inline: 49-65 kB raw), HTML 10.0-13.93 kB with
 * brotli (the navbar's logo drawn in, 0.35 kB, instead of fetched; the loader minified). Before the islands:
 * 168.8-173.6 kB, 49.5 kB, 53-67 kB and 10.0-14.8 kB.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import path from 'node:path';
import { PAINT_WAIT_MS } from '../src/render/pageDocument';
import { ADMIN_PAGE } from '../src/schema/ownAddresses';
import { expect, headlinePattern, test } from './fixtures';
import { pageConfigs, routes, type PageId } from './helpers/content';
import { startLanguageSite, type LanguageSite } from './helpers/languageSite';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../src/site/model/siteManifest';
import { KONTAKT, writeRealGerman } from '../src/test/realGerman';
import { GERMAN } from '../src/test/secondLanguage';

const BUDGET = {
  /** Gzipped JavaScript a page loads before the visitor does anything: React, emotion, the islands' runtime and the page's islands. */
  scriptBytes: 100_000,
  /**
   * Gzipped JavaScript the first scroll adds: the forms' code, and the toast UI, which a form
   * loads as it becomes ready (a save failing offline must still be able to say so).
   */
  formScriptBytes: 50_000,
  /** Gzipped CSS files a page loads (critical CSS is inline in the HTML). */
  styleFileBytes: 0,
  /** Inline critical CSS of one page, uncompressed. */
  inlineCssBytes: 70_000,
  /**
   * The page's HTML as sent (brotli): the page's content once, with no copy of it for a script,
   * within the first round trip of a new connection (TCP's initial window: 10 segments of 1,460 bytes).
   */
  htmlBrotliBytes: 14_600,
};

const clientDir = path.resolve('dist/client');
const fileFor = (address: string) => (address === '/' ? 'index.html' : `${address.slice(1)}.html`);
const gzSizeIn = (dir: string) => (urlPath: string) => {
  const file = path.join(dir, decodeURIComponent(urlPath));
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size;
};
const gzSize = gzSizeIn(clientDir);

const mainPages = routes.routes.map((r) => ({ path: r.path, page: r.page as PageId }));

/**
 * Loads `address` of the site at `base` (drawn into `dir`: its pages and code) untouched, then
 * scrolls, and holds what it fetched and its HTML to the budgets. `heading`: the page's first
 * heading, which its HTML must hold with its class's CSS rule (any h1 where not given).
 */
async function expectWithinBudgets(
  page: Page,
  { base = '', dir = clientDir, address, heading }: { base?: string; dir?: string; address: string; heading?: string },
) {
  const sizeOf = gzSizeIn(dir);
  // Every script and style file the page asks for: by the browser's requests as they start,
  // and by the page's own record (its resource timing) of those that have come.
  const requested = new Set<string>();
  const pending = new Set<Request>();
  const ours = (url: URL) => url.hostname === '127.0.0.1' && /\.(js|css)$/.test(url.pathname);
  page.on('request', (request) => {
    if (!ours(new URL(request.url()))) return;
    requested.add(new URL(request.url()).pathname);
    pending.add(request);
  });
  const done = (request: Request) => pending.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const fetched = async () => {
    const recorded = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
    await expect.poll(() => pending.size, 'script and style requests still open').toBe(0);
    return [
      ...new Set([
        ...requested,
        ...recorded
          .map((name) => new URL(name))
          .filter(ours)
          .map((url) => url.pathname),
      ]),
    ];
  };
  await page.goto(`${base}${address}`);
  // Untouched, the page starts its scripts on its own (src/render/pageDocument.ts: after the paint,
  // or PAINT_WAIT_MS after the load without one, which can be seconds after the network went
  // quiet on a busy machine): wait for the islands' runtime to run and for every file its
  // loader preloaded to have come.
  await expect(page.locator('html')).toHaveAttribute('data-app', 'started');
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].every((link) => performance.getEntriesByName(link.href).length > 0),
  );
  // The page first: no script is fetched before the page has loaded and the browser has
  // reported its first contentful paint (the largest paint of these pages is at most a frame
  // later), or, if the browser reports no paint, before the loader has waited PAINT_WAIT_MS
  // after the load (a starved browser, as on a busy machine, may report none).
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const scripts = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js'));
    return {
      load: navigation!.loadEventEnd,
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      firstScript: Math.min(...scripts.map((r) => r.startTime)),
    };
  });
  expect(timing.firstScript, `first script fetched on ${address}, load event ended at ${timing.load} ms`).toBeGreaterThan(timing.load);
  const paintOrWait = Math.min(timing.paint, timing.load + PAINT_WAIT_MS);
  expect(timing.firstScript, `first script fetched on ${address}, first contentful paint at ${timing.paint} ms`).toBeGreaterThan(paintOrWait);
  const sum = (files: string[], ext: string) => [...new Set(files)].filter((p) => p.endsWith(ext)).reduce((total, p) => total + sizeOf(p), 0);
  const atLoad = await fetched();
  expect(sum(atLoad, '.js'), `gzipped JavaScript loaded by ${address}: ${atLoad.join(', ')}`).toBeLessThanOrEqual(BUDGET.scriptBytes);
  expect(sum(atLoad, '.css'), `gzipped CSS files loaded by ${address}`).toBeLessThanOrEqual(BUDGET.styleFileBytes);

  // The first scroll brings the forms' code; the newsletter form in the footer then hydrates.
  await page.mouse.wheel(0, 600);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole('contentinfo').locator('form')).toHaveAttribute('data-interactive', 'true');
  const forForms = (await fetched()).filter((p) => !atLoad.includes(p));
  expect(sum(forForms, '.js'), `gzipped JavaScript the first scroll on ${address} added: ${forForms.join(', ')}`).toBeLessThanOrEqual(BUDGET.formScriptBytes);

  const file = path.join(dir, fileFor(address));
  const html = readFileSync(file, 'utf8');
  expect(statSync(`${file}.br`).size, `brotli size of ${fileFor(address)}`).toBeLessThanOrEqual(BUDGET.htmlBrotliBytes);
  const inlineCss = [...html.matchAll(/<style data-emotion[^>]*>([^<]*)<\/style>/g)].reduce((total, m) => total + m[1]!.length, 0);
  expect(inlineCss, `inline CSS of ${fileFor(address)}`).toBeGreaterThan(0);
  expect(inlineCss, `inline CSS of ${fileFor(address)}`).toBeLessThanOrEqual(BUDGET.inlineCssBytes);

  // The headline is in the HTML, and so is the CSS rule of its class.
  const h1 = (heading === undefined ? /<h1[^>]*class="([^"]*)"[^>]*>/ : headlinePattern(heading)).exec(html);
  expect(h1, `<h1>${heading ?? ''}</h1> in ${fileFor(address)}`).not.toBeNull();
  // The figures, for docs/performance.md and for setting the budgets again (printed by the reporter).
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  console.log(
    `${address}: JavaScript ${kB(sum(atLoad, '.js'))} at load + ${kB(sum(forForms, '.js'))} on the first scroll; inline CSS ${kB(inlineCss)}; HTML ${kB(statSync(`${file}.br`).size)} brotli`,
  );
  const emotionClass = h1![1]!.split(' ').find((c) => c.startsWith('css-'))!;
  expect(html).toContain(`.${emotionClass}{`);
}

for (const { path: address, page: pageId } of mainPages) {
  test(`${address} stays within its budgets`, async ({ page }) => {
    const first = pageConfigs[pageId].sections[0]!;
    await expectWithinBudgets(page, { address, heading: 'heading' in first ? (first.heading ?? '') : '' });
  });
}

test.describe('every page of a site in two languages, its German written as the office would (a quarter longer than the English)', () => {
  test.describe.configure({ mode: 'serial' });
  let languageSite: LanguageSite;
  let germanPages: string[];
  test.beforeAll(async () => {
    // The site copied, translated, drawn in two languages and served: minutes on a busy machine.
    test.setTimeout(600_000);
    languageSite = await startLanguageSite({ translate: writeRealGerman });
    const manifest = JSON.parse(readFileSync(path.join(languageSite.clientDir, SITE_MANIFEST_FILE), 'utf8')) as SiteManifest;
    germanPages = manifest.pages.map((p) => p.path).filter((address) => address === GERMAN.prefix || address.startsWith(`${GERMAN.prefix}/`));
  });
  test.afterAll(async () => {
    await languageSite?.stop();
  });

  test('each German page stays within the budgets of the English ones', async ({ browser }) => {
    test.setTimeout(90_000 * Math.max(1, germanPages.length));
    // Home, Contact at its own German address, the other pages and the articles.
    expect(germanPages).toContain(GERMAN.prefix);
    expect(germanPages).toContain(`${GERMAN.prefix}${KONTAKT}`);
    expect(germanPages.length).toBeGreaterThanOrEqual(mainPages.length);
    for (const address of germanPages) {
      // Each in a browser of its own, its cache empty, as each English page's test is.
      const context = await browser.newContext();
      await expectWithinBudgets(await context.newPage(), {
        base: languageSite.base,
        dir: languageSite.clientDir,
        address,
      });
      await context.close();
    }
  });
});

test('a browser that reports no paint gets the scripts once the loader has waited PAINT_WAIT_MS after the load', async ({ page }) => {
  // The browser's paint entries hidden from the page: its loader waits for one that never comes.
  await page.addInitScript(() => {
    const byName = performance.getEntriesByName.bind(performance);
    performance.getEntriesByName = (name, type) => (name === 'first-contentful-paint' ? [] : byName(name, type));
  });
  const firstScript = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith('.js'));
  await page.goto(mainPages[0]!.path);
  await firstScript;
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const scripts = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js'));
    return { load: navigation!.loadEventEnd, firstScript: Math.min(...scripts.map((r) => r.startTime)) };
  });
  expect(timing.firstScript, `first script fetched, load event ended at ${timing.load} ms`).toBeGreaterThanOrEqual(timing.load + PAINT_WAIT_MS);
});

/** The inbox's first screen: what the browser loads for /admin before anyone signs in. */
const INBOX_FIRST_SCREEN_SCRIPT_BYTES = 200_000;

test("the inbox's first screen loads at most 200 kB of gzipped JavaScript, without the list's data grid", async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.hostname === '127.0.0.1' && url.pathname.endsWith('.js')) requested.push(url.pathname);
  });
  await page.goto(ADMIN_PAGE, { waitUntil: 'networkidle' });
  await expect(page.getByRole('main')).toBeVisible();
  const files = [...new Set(requested)];
  const total = files.reduce((sum, file) => sum + gzSize(file), 0);
  console.log(`${ADMIN_PAGE}: JavaScript ${(total / 1000).toFixed(1)} kB gzipped before signing in (${files.join(', ')})`);
  expect(total, `gzipped JavaScript loaded by ${ADMIN_PAGE}: ${files.join(', ')}`).toBeLessThanOrEqual(INBOX_FIRST_SCREEN_SCRIPT_BYTES);
  // The data grid comes with the list, after signing in (src/apps/inbox/SignedIn.tsx).
  for (const file of files) expect([file, readFileSync(path.join(clientDir, file), 'utf8').includes('MuiDataGrid')]).toEqual([file, false]);
});
