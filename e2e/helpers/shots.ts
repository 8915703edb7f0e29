/**
 * Screenshots of the screens an editor's journey passes through, for people to look at
 * (test-results/<folder>/<name>.png, at each width the journey visits). They assert nothing.
 */
import type { Page } from '@playwright/test';

/** The journey's `shot(page, name)`: the window (or, `fullPage`, the whole page) into test-results/<folder>/<name>.png. */
export function screenshots(folder: string, { fullPage: wholeByDefault = false }: { fullPage?: boolean } = {}) {
  return (page: Page, name: string, fullPage = wholeByDefault): Promise<Buffer> =>
    page.screenshot({ path: `test-results/${folder}/${name}.png`, fullPage, animations: 'disabled', timeout: 15_000 });
}
