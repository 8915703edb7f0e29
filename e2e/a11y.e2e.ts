/**
 * axe-core finds no WCAG 2.1 A/AA or best-practice violations on any page, on a large and
 * a small screen. No rule is switched off. And no page is wider than the screen (nothing to
 * scroll sideways: WCAG's reflow), which axe does not check.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, mainPaths, test, visit } from './fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Scrolls through the page so lazy content and the counters have run, then back up. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, window.innerHeight - 100);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  // Let the counters (2 s) and any collapse or slide animation finish.
  const counting = (await page.getByTestId('counter').count()) > 0;
  await page.waitForTimeout(counting ? 2300 : 400);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px wide`, () => {
    test.use({ viewport: { width, height: width > 800 ? 800 : 740 } });

    for (const { path, page: pageId } of mainPaths) {
      test(`${path} (${pageId}) has no axe violations and does not scroll sideways`, async ({ page }) => {
        await visit(page, path);
        await settle(page);
        const overflow = await page.evaluate(() => ({
          width: document.documentElement.scrollWidth,
          screen: document.documentElement.clientWidth,
          // What sticks out, to say where to look.
          wide: [...document.body.querySelectorAll('*')]
            .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
            .slice(0, 3)
            .map((element) => element.outerHTML.slice(0, 120)),
        }));
        expect(overflow.width, `${path} at ${width} px is ${overflow.width} px wide: ${overflow.wide.join(' | ')}`).toBeLessThanOrEqual(overflow.screen);
        const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        const report = results.violations.map(
          (v) =>
            `${v.id} [${v.impact}] ${v.help} (${v.helpUrl})\n` +
            v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`).join('\n'),
        );
        expect(report, `axe violations on ${path} at ${width} px`).toEqual([]);
      });
    }
  });
}
