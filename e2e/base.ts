/**
 * The base of the `test` every browser test uses (fixtures.ts). It adds two things to Playwright's own `page`:
 *
 * 1. Requests that leave the site fail at once: the browser is started resolving no host name
 *    but localhost (playwright.config.ts, LOCAL_ONLY), so only addresses on this machine are
 *    reached. The tests must not depend on the network: the Contact map points to an external
 *    map site, which is unreachable on an offline machine, and social/WhatsApp/NFC links
 *    are only checked by their attributes, never followed. (The browser does it, not a route
 *    of the page's: a route sends every request through the test's process and turns the
 *    browser's cache off, which the pages' own caching rules are then never tried with.)
 * 2. Every console error and uncaught page error is collected, and the test fails at the
 *    end if there was any. The only errors ignored are the browser's own
 *    "Failed to load resource" messages for the external requests that fail in (1): they are
 *    caused by the test, not by the site. A test that provokes errors on purpose lists
 *    them with `test.use({ expectedConsoleErrors: /.../ })`.
 *
 * With the helpers every test uses (expect, whose poll asks every 0.1 s; visit, animationsDone,
 * nextFrames). The test files import all of it from fixtures.ts, which adds the worker's fixture
 * of the content editor's site; the helpers (e2e/helpers) import it from here, which imports none
 * of them.
 */
import { test as base, expect as baseExpect, type Page } from '@playwright/test';

/**
 * How often `expect.poll` asks again: every tenth of a second. Playwright's own steps back off
 * to a second, so a check that comes true just after an ask was waited on for up to a second
 * more, a second in which the machine has nothing to do (a slide's end, a page's answer).
 */
const POLL_INTERVALS = [50, 100];

type PollOptions = Exclude<Parameters<typeof baseExpect.poll>[1], string | undefined>;
function poll<T>(actual: () => T | Promise<T>, messageOrOptions?: string | PollOptions) {
  const options = typeof messageOrOptions === 'string' ? { message: messageOrOptions } : messageOrOptions;
  return baseExpect.poll(actual, { intervals: POLL_INTERVALS, ...options });
}

/** Playwright's `expect`, its `poll` asking every tenth of a second unless told otherwise. */
export const expect: typeof baseExpect = new Proxy(baseExpect, {
  get: (target, key, receiver) => (key === 'poll' ? poll : Reflect.get(target, key, receiver)),
});

function isLocal(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) || url.protocol === 'data:' || url.protocol === 'blob:';
}

interface Fixtures {
  /** Console errors this test provokes on purpose (matched against the message text). */
  expectedConsoleErrors: RegExp | null;
}

export const test = base.extend<Fixtures>({
  expectedConsoleErrors: [null, { option: true }],

  page: async ({ page, expectedConsoleErrors }, use, testInfo) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      const source = message.location().url;
      // The browser reports a request to elsewhere, which fails here by design: not the site's fault.
      if (/^Failed to load resource/.test(text) && source && !isLocal(new URL(source))) return;
      if (expectedConsoleErrors?.test(text)) return;
      consoleErrors.push(`console.error on ${page.url()}: ${text}${source ? ` (${source})` : ''}`);
    });
    page.on('pageerror', (error) => {
      if (expectedConsoleErrors?.test(error.message)) return;
      consoleErrors.push(`uncaught error on ${page.url()}: ${error.stack ?? error.message}`);
    });

    await use(page);

    if (consoleErrors.length > 0) {
      await testInfo.attach('console-errors.txt', { body: consoleErrors.join('\n'), contentType: 'text/plain' });
    }
    expect(consoleErrors, 'The page logged errors (console.error or an uncaught exception)').toEqual([]);
  },
});

/**
 * The browser's console message for a page answered with status 404, as an unknown address
 * is (it shows the fallback page): a test that visits one expects it.
 */
export const NOT_FOUND_STATUS_MESSAGE = /^Failed to load resource: the server responded with a status of 404/;

/** Text as React writes it into HTML. */
export function asHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/** The h1 with this text in a page's raw HTML; the first group is its class attribute. */
export function headlinePattern(heading: string): RegExp {
  return new RegExp(`<h1[^>]*class="([^"]*)"[^>]*>${asHtml(heading).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`);
}

/**
 * Opens an address and waits until its page (not the loading screen) is shown and the app has
 * started (src/site/main.tsx marks <html data-app="started">): before that, a click on the server
 * HTML does what it does without JavaScript.
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'started');
}

/** Fills `{name}` placeholders the way the site does (config/site.ts ui texts). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
}

/**
 * Resolves once the page is at rest: its fonts are in and its CSS transitions and animations
 * that have an end have ended (a label's rise, a slide, a collapse, a menu's fade), including
 * those that one ending starts (a transition after a fade). The page then looks as it stays, as
 * axe and a measure of its width must see it: a fading element's colours are not its own yet.
 * Asking for the animations first lets the browser start those that a change made just before
 * calls for. Endless ones (a spinner) and paused ones are left out. Not for a page whose clock
 * the test holds (page.clock): nothing waits on its timers here, but the browser's own animations
 * run on their own time anyway.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const ending = () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    for (let running = ending(); running.length > 0; running = ending()) await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Resolves once the browser has drawn two more frames: whatever the page's code had asked to
 * draw before the call (a React update, a toast) is on screen by then. Not for a page whose
 * clock the test holds (page.clock fakes requestAnimationFrame).
 */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
