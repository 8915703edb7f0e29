/**
 * Browser tests (e2e/*.e2e.ts) against the built site, served by its own server.
 * Run them with `npm run test:e2e` (scripts/e2e.mjs), which first checks that Chromium is there.
 *
 * The browser is the system Chromium (Debian's `chromium-headless-shell` where installed, else
 * `chromium`: scripts/lib/chromium.mjs), not one downloaded by Playwright: `npx playwright
 * install` cannot work on these machines. CHROMIUM_PATH overrides it.
 *
 * Test files end in .e2e.ts (not .spec.ts) so Jest's default pattern never picks them up.
 */
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath, LAUNCH_ARGS } from './scripts/lib/chromium.mjs';

/** E2E_PORT lets two checkouts run their browser tests at once on one machine. */
const PORT = Number(process.env.E2E_PORT ?? 4173);
const HOST = '127.0.0.1';
const CI = Boolean(process.env.CI);
/**
 * No request of the browser leaves this machine: every host but localhost and 127.0.0.1 (where
 * the servers under test listen) resolves to nothing, at once (e2e/fixtures.ts).
 */
const LOCAL_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1';
/**
 * The files whose tests each take 15 s or more on a quiet machine (an editor's site of their own,
 * publishes of every page), run before all the others: in their names' order the last of them
 * started near the end of the run, and one worker finished it alone while the other's core stood
 * idle (the translations' journey: about half a minute). Only the order changes.
 */
const JOURNEYS = ['translations', 'content', 'content-revisions', 'articles', 'drafts', 'gone-translation'].map((name) => `**/${name}.e2e.ts`);
const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
/** Where the server under test keeps documents and files; tests read them back with `npm run leads`. */
export const E2E_DATA_DIR = '.e2e-data';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: CI,
  // No retries: a test that needs a second try is a flaky test or a real bug; both should be seen.
  retries: 0,
  workers: 2,
  // Limits stop what hangs; they measure nothing (the benchmarks do: docs/performance.md). A test
  // or an assertion that waits for the page waits as long as a busy machine needs.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // 'list' prints every test and ends with the "N passed / N failed" summary.
  reporter: [['list']],
  use: {
    baseURL: `http://${HOST}:${PORT}`,
    // Traces cost about a third of the run time on a 2-core machine; turn them on when needed:
    // `npm run test:e2e -- --trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // scripts/e2e.mjs names it (the desktop browser for a headed run); `npx playwright test` alone finds it the same way.
      executablePath: chromiumPath(),
      args: [...LAUNCH_ARGS, LOCAL_ONLY],
    },
  },
  // The tests run in the order of their projects, then of their files' names, each worker taking
  // the next test. The longest journeys first (JOURNEYS), so that no worker is left alone with one
  // of them at the end.
  projects: [
    { name: 'chromium-journeys', testMatch: JOURNEYS, use: DESKTOP },
    { name: 'chromium', testIgnore: JOURNEYS, use: DESKTOP },
  ],
  webServer: {
    // dist/ as `npm run build` leaves it, from the build of these sources the unit tests keep
    // (e2e/helpers/buildCheckout.ts: made now if there is none), then the server.
    command: 'npx tsx e2e/helpers/buildCheckout.ts && node dist/server/index.js',
    url: `http://${HOST}:${PORT}/`,
    // The browser tests' own database and files, apart from ./data of a developer's site.
    // Every test posts from 127.0.0.1: the rate limits are raised (e2e/limits.e2e.ts tests them on a server of its own).
    // SITE_DIR off: the shared server never edits this checkout's config/ (the editor's journeys publish into a copy on a server of their own: e2e/helpers/editorSite.ts).
    // PROOF_MAX_NUMBER: the forms' puzzles at the smallest size config/server.ts allows (the same search in the page's worker, the
    // same check): at config's size, solving them was about a quarter of e2e/forms.e2e.ts's CPU. `npm run bench:proof` times config's.
    env: { PORT: String(PORT), HOST, LOG: 'off', DATA_DIR: E2E_DATA_DIR, RATE_LIMIT_FACTOR: '1000', PROOF_MAX_NUMBER: '1000', SITE_DIR: 'off' },
    reuseExistingServer: !CI,
    // A build made here when none of these sources is kept (or another run's is being made) on a busy machine.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
