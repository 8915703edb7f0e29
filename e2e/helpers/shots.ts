/**
 * Screenshots of the screens an editor's journey passes through, for people to look at
 * (test-results/<folder>/<name>.png, at each width the journey visits). They assert nothing.
 *
 * Taken only when asked for, `E2E_SHOTS=1 npm run test:e2e -- e2e/<file>.e2e.ts`: nobody looks
 * at a whole run's, and each costs the machine about half a second of Chromium's CPU (a whole
 * tall page drawn and encoded; docs/performance.md, CI time). Without it, a journey runs the same
 * steps and checks, the pictures left out.
 */
import type { Locator, Page } from '@playwright/test';

/** Whether this run keeps the journeys' screenshots. */
const wanted = Boolean(process.env.E2E_SHOTS);

/**
 * The journey's `shot(page, name)`: the window (or, `fullPage`, the whole page) into
 * test-results/<folder>/<name>.png, when asked for; given a locator, that element alone.
 */
export function screenshots(folder: string, { fullPage: wholeByDefault = false }: { fullPage?: boolean } = {}) {
  return async (of: Page | Locator, name: string, fullPage = wholeByDefault): Promise<void> => {
    if (!wanted) return;
    const options = { path: `test-results/${folder}/${name}.png`, animations: 'disabled', timeout: 15_000 } as const;
    await ('goto' in of ? of.screenshot({ ...options, fullPage }) : of.screenshot(options));
  };
}
