/**
 * axe-core finds no WCAG 2.1 A/AA or best-practice violations on any page, on a large and
 * a small screen. No rule is switched off. And no page is wider than the screen (nothing to
 * scroll sideways: WCAG's reflow), which axe does not check.
 *
 * On the large screen the same visit first hydrates the page completely (its islands, then its
 * forms: e2e/helpers/hydrate.ts), as a visitor who uses every part of it would: none of it is
 * drawn again in the browser (a hydration mismatch), none of its styles is inserted again, and
 * the browser refuses nothing of it under the page's policy (CSP). The other checks of hydration are e2e/hydration.e2e.ts's.
 */
import type { Page } from '@playwright/test';
import { animationsDone, expect, nextFrames, test, visit } from './fixtures';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../src/site/model/siteManifest';
import { KONTAKT, writeRealGerman } from '../src/test/realGerman';
import { GERMAN } from '../src/test/secondLanguage';
import { mainPaths, pageConfigs, site } from './helpers/content';
import { startLanguageSite, type LanguageSite } from './helpers/languageSite';
import { expectNoAxeFindings, WCAG21_AND_BEST_PRACTICE } from './helpers/axe';
import { hydrateFully, recordViolations } from './helpers/hydrate';

/**
 * Brings the page to the state a visitor who has scrolled through it sees: each part that starts
 * when seen (the islands: the counters, the lazy map frame) is scrolled into view until it has
 * started, the counters have counted up to their targets, then the page is back at the top with
 * its animations (a slide, a fade) ended. Each step waits for what it brings about, not for a time.
 */
async function settle(page: Page): Promise<void> {
  // In the page, in one go (a round trip per island is slow on a busy machine).
  await page.evaluate(async () => {
    for (const island of document.querySelectorAll<HTMLElement>('[data-island]')) {
      // (The menu's panel and toggle are hidden on wide screens: a pointer starts them, not a scroll.)
      if (island.getClientRects().length === 0) continue;
      island.scrollIntoView({ block: 'center', behavior: 'instant' });
      // A counter counts once it is seen: it has started before the page scrolls on.
      const counter = island.querySelector<HTMLElement>('[data-testid="counter"]');
      if (!counter || counter.dataset.counting) continue;
      await new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!counter.dataset.counting) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(counter, { attributes: true, attributeFilter: ['data-counting'] });
      });
    }
  });
  // Each counter ends on its target (over constants.counterDurationMs).
  for (const counter of await page.getByTestId('counter').all()) {
    const target = await counter.getAttribute('data-target');
    await expect(counter).toHaveText(new RegExp(`(^|\\D)${target}(\\D|$)`));
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await nextFrames(page);
  await animationsDone(page);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px wide`, () => {
    test.use({ viewport: { width, height: width > 800 ? 800 : 740 } });

    const hydrated = width === 1280;
    for (const { path, page: pageId } of mainPaths) {
      const title = `${path} (${pageId})${hydrated ? ' hydrates without a mismatch, the browser refuses nothing of it, it' : ''} has no axe violations and does not scroll sideways`;
      test(title, async ({ page }) => {
        // axe's analysis is a long computation in the page: on a busy machine it takes many seconds (a limit, not a budget).
        test.setTimeout(90_000);
        if (hydrated) {
          const violations = await recordViolations(page);
          expect(await hydrateFully(page, path)).toEqual([]);
          expect(await violations()).toEqual([]);
        } else {
          await visit(page, path);
        }
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
        await expectNoAxeFindings(page, `${path} at ${width} px`, { tags: WCAG21_AND_BEST_PRACTICE });
      });
    }
  });
}

test.describe('the German pages of a site in two languages, one text of Home left in English', () => {
  test.describe.configure({ mode: 'serial' });
  /** The text of Home left untranslated: its first section's heading after the hero. */
  const UNTRANSLATED = { file: 'config/pages/home.ts', path: 'sections[1].heading' };
  let languageSite: LanguageSite;
  let germanPages: string[];
  test.beforeAll(async () => {
    // The site copied, translated, drawn in two languages and served: minutes on a busy machine.
    test.setTimeout(600_000);
    // Its pages are read in the browser, never weighed (budgets.e2e.ts weighs its own): their compressed copies made quickly.
    languageSite = await startLanguageSite({ translate: (siteDir) => writeRealGerman(siteDir, UNTRANSLATED), brotli: 1 });
    const manifest = JSON.parse(readFileSync(path.join(languageSite.clientDir, SITE_MANIFEST_FILE), 'utf8')) as SiteManifest;
    germanPages = manifest.pages.map((p) => p.path).filter((address) => address === GERMAN.prefix || address.startsWith(`${GERMAN.prefix}/`));
  });
  test.afterAll(async () => {
    await languageSite?.stop();
  });

  test('the text left in English is marked as English on the German Home', async ({ page }) => {
    await visit(page, `${languageSite.base}${GERMAN.prefix}`);
    await expect(page.locator('html')).toHaveAttribute('lang', GERMAN.code);
    const heading = pageConfigs.home.sections[1]!;
    const english = 'heading' in heading ? (heading.heading ?? '') : '';
    await expect(page.getByRole('heading', { name: english, exact: true })).toHaveAttribute('lang', site.languages.default.code);
  });

  for (const width of [1280, 375]) {
    test(`every German page at ${width} px has no axe violations and does not scroll sideways`, async ({ page }) => {
      test.setTimeout(90_000 * Math.max(1, germanPages.length));
      await page.setViewportSize({ width, height: width > 800 ? 800 : 740 });
      expect(germanPages).toContain(`${GERMAN.prefix}${KONTAKT}`);
      for (const address of germanPages) {
        await visit(page, `${languageSite.base}${address}`);
        await settle(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${address} at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
        await expectNoAxeFindings(page, `${address} at ${width} px`, { tags: WCAG21_AND_BEST_PRACTICE });
      }
    });
  }
});
