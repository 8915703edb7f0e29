/**
 * Hydrating a page completely, as a visitor who uses every part of it would: its islands
 * (their code loads after the page has painted), then its forms (their code loads on the
 * first scroll). And the page policy's refusals, recorded meanwhile.
 */
import type { Page } from '@playwright/test';
import { HYDRATION_ERROR_PREFIX } from '../../src/site/islands/hydrationErrors';
import { expect } from '../base';

/**
 * Loads a page and lets everything on it hydrate; returns the hydration problems it logged, and
 * each style rule emotion inserted meanwhile. The islands draw in the browser what the server
 * drew, whose styles are in the page: the page lists their names (src/site/entry-server.tsx),
 * so that the browser's emotion inserts none of them again (in style elements of its own, which
 * name only its key, where the prerendered ones name their styles too).
 */
export async function hydrateFully(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith(HYDRATION_ERROR_PREFIX)) problems.push(message.text());
  });
  await page.goto(path);
  // The app has started (src/site/main.tsx): its triggers now answer a scroll and a pointer.
  await expect(page.locator('html')).toHaveAttribute('data-app', 'started');
  // The first scroll loads the forms' code (src/site/forms/ui/formsGate.ts); then every form hydrates.
  await page.mouse.wheel(0, 400);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const forms = page.locator('form');
  for (const form of await forms.all()) await expect(form).toHaveAttribute('data-interactive', 'true');
  // Every other island hydrates on its trigger (src/site/islands/registry.ts): a pointer over it, or coming near the screen.
  for (const island of await page.locator('[data-island]').all()) {
    // (The menu's toggle and panel are hidden on wide screens: a pointer event alone starts them.)
    if (await island.isVisible()) await island.scrollIntoViewIfNeeded();
    await island.dispatchEvent('pointerover');
  }
  await expect(page.locator('[data-island]:not([data-hydrated="true"])')).toHaveCount(0);
  // Hydration runs in short tasks: wait until the browser has had an idle moment.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2000 })));
  const inserted = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion]:not([data-emotion*=" "])')].flatMap((element) =>
      [...(element.sheet?.cssRules ?? [])].map((rule) => rule.cssText),
    ),
  );
  return [...problems, ...inserted.map((rule) => `Style inserted while hydrating: ${rule}`)];
}

/** Records every refusal of the page policy (CSP) on the page, from before its first byte runs; call before the page loads. */
export async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}
