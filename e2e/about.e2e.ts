/**
 * The About page: the team carousel (slides per width, dots, keys, loop, swipe), the FAQ
 * accordion (at most one open) and the counters. (The WhatsApp link, a link in the page's
 * HTML: src/site/pages/renderedPages.test.ts.)
 */
import type { Locator, Page } from '@playwright/test';
import about from '../config/pages/about';
import type { StatItem } from '../src/site/sections/stats/schema';
import { escapeRegExp } from '../src/schema/text';
import { animationsDone, expect, fill, nextFrames, test, visit } from './fixtures';
import { site } from './helpers/content';

const team = about.sections.find((s) => s.type === 'team');
const faq = about.sections.find((s) => s.type === 'faq');
const vision = about.sections.find((s) => s.type === 'split' && 'stats' in s && s.stats);
if (!team || team.type !== 'team' || !faq || faq.type !== 'faq' || !vision || vision.type !== 'split' || !vision.stats) {
  throw new Error('config/pages/about.ts no longer has the team, faq and vision (with stats) sections the tests expect');
}
const members = team.members;
const stats: readonly StatItem[] = vision.stats;
if (members.length < 3 || faq.items.length < 2)
  throw new Error('The About page tests need at least three team members and two questions in config/pages/about.ts');

/** The real slides a carousel showing `perView` at once shows when slide `first` is at its left edge. */
function slidesFrom(first: number, perView = 3): number[] {
  return [...Array(Math.min(perView, members.length - first)).keys()].map((i) => first + i);
}

function carousel(page: Page): Locator {
  return page.getByRole('region', { name: site.ui.carouselLabel, exact: true });
}

function dot(page: Page, n: number): Locator {
  return carousel(page).getByRole('button', { name: fill(site.ui.dotLabel, { n }), exact: true });
}

/**
 * What the carousel shows: `visible`, the real slides (not the loop's copies) lying inside
 * the carousel's viewport, and `first`, the data-slide of the slide at its left edge
 * (a number, or 'copy' while the loop sits on a copied slide).
 */
async function shown(page: Page): Promise<{ visible: number[]; first: string | null }> {
  return carousel(page).evaluate((region) => {
    const slides = [...region.querySelectorAll<HTMLElement>('[data-slide]')];
    const viewport = slides[0]?.parentElement?.parentElement;
    if (!viewport) return { visible: [], first: null };
    const frame = viewport.getBoundingClientRect();
    const inside = (r: DOMRect) => r.left >= frame.left - 1 && r.right <= frame.right + 1;
    const visible = slides.filter((s) => s.dataset.slide !== 'copy' && inside(s.getBoundingClientRect())).map((s) => Number(s.dataset.slide));
    const first = slides.find((s) => Math.abs(s.getBoundingClientRect().left - frame.left) < 2)?.dataset.slide ?? null;
    return { visible, first };
  });
}

async function openCarousel(page: Page): Promise<void> {
  await visit(page, '/About-us');
  await carousel(page).scrollIntoViewIfNeeded();
  await expect(carousel(page)).toBeVisible();
  // Hydrated (a swipe on the server HTML before that is lost; clicks and keys are replayed).
  await expect(carousel(page)).toHaveAttribute('data-interactive', 'true');
}

test.describe('the team carousel', () => {
  for (const { width, slides } of [
    { width: 1280, slides: 3 },
    { width: 900, slides: 2 },
    { width: 600, slides: 1 },
  ]) {
    test.describe(`at ${width} px wide`, () => {
      test.use({ viewport: { width, height: 900 } });
      test(`shows ${slides} slide(s)`, async ({ page }) => {
        await openCarousel(page);
        await expect.poll(() => shown(page)).toEqual({ visible: slidesFrom(0, slides), first: '0' });
      });
    });
  }

  test('has one dot per team member, the first marked current', async ({ page }) => {
    await openCarousel(page);
    await expect(carousel(page).getByRole('button', { name: /./ })).toHaveCount(members.length);
    for (let n = 1; n <= members.length; n++) await expect(dot(page, n)).toBeVisible();
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
    await expect(carousel(page).locator('button[aria-current]')).toHaveCount(1);
    // The real slides are labelled "n of <members>" for screen readers.
    await expect(carousel(page).getByRole('group')).toHaveCount(members.length);
    await expect(carousel(page).getByRole('group', { name: fill(site.ui.slideLabel, { n: 1, total: members.length }) })).toContainText(members[0]!.name);
  });

  test('a dot shows its slide first and becomes the current dot', async ({ page }) => {
    await openCarousel(page);
    await dot(page, 3).click();
    await expect.poll(() => shown(page)).toEqual({ visible: slidesFrom(2), first: '2' });
    await expect(dot(page, 3)).toHaveAttribute('aria-current', 'true');
    await expect(carousel(page).locator('button[aria-current]')).toHaveCount(1);
    await expect(carousel(page).getByRole('group', { name: fill(site.ui.slideLabel, { n: 3, total: members.length }) })).toContainText(members[2]!.name);
  });

  test('the arrow keys move it by one slide when it has focus', async ({ page }) => {
    await openCarousel(page);
    await carousel(page).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shown(page)).toEqual({ visible: slidesFrom(1), first: '1' });
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shown(page)).toEqual({ visible: slidesFrom(2), first: '2' });
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => shown(page)).toEqual({ visible: slidesFrom(1), first: '1' });
    // The keys move the carousel, not the page.
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
  });

  test('loops without an end: right from the last slide goes to the first, left from the first to the last', async ({ page }) => {
    const n = members.length;
    const last = n - 1;
    await openCarousel(page);
    await dot(page, n).click();
    await expect.poll(() => shown(page)).toEqual({ visible: [last], first: String(last) });
    await expect(dot(page, n)).toHaveAttribute('aria-current', 'true');

    await carousel(page).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shown(page)).toEqual({ visible: slidesFrom(0), first: '0' });
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');

    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => shown(page)).toEqual({ visible: [last], first: String(last) });
    await expect(dot(page, n)).toHaveAttribute('aria-current', 'true');

    // Keep going round: several steps in the same direction never get stuck.
    for (let i = 0; i < n + 1; i++) {
      await page.keyboard.press('ArrowRight');
      await expect(dot(page, ((last + i + 1) % n) + 1)).toHaveAttribute('aria-current', 'true');
      // Let the slide animation (and the jump back from a copied slide) finish before the next step.
      await expect.poll(async () => (await shown(page)).first).toBe(String((last + i + 1) % n));
    }
  });

  test('a swipe (pointer drag) moves it by one slide', async ({ page }) => {
    await openCarousel(page);
    const box = await carousel(page).getByRole('group').first().boundingBox();
    if (!box) throw new Error('the first slide has no box');
    const y = box.y + box.height / 2;
    const x = box.x + box.width / 2;

    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 150, y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => shown(page)).toEqual({ visible: slidesFrom(1), first: '1' });
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');

    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 150, y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => shown(page)).toEqual({ visible: slidesFrom(0), first: '0' });

    // A small movement is not a swipe.
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 10, y, { steps: 2 });
    await page.mouse.up();
    // The release is handled at once: a slide it started would be drawn by now, and is waited for to its end.
    await nextFrames(page);
    await animationsDone(page);
    expect(await shown(page)).toEqual({ visible: slidesFrom(0), first: '0' });
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
  });
});

test.describe('the FAQ accordion', () => {
  function faqButtons(page: Page): Locator {
    return page.getByRole('region', { name: faq!.heading }).getByRole('button');
  }

  test('has every question of config, closed; at most one is open; the open one can be closed', async ({ page }) => {
    await visit(page, '/About-us');
    const buttons = faqButtons(page);
    await expect(buttons).toHaveCount(faq!.items.length);
    for (const [i, item] of faq!.items.entries()) {
      await expect(buttons.nth(i)).toHaveAccessibleName(item.question);
      await expect(buttons.nth(i)).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByText(item.answer)).toBeHidden();
    }
    const [first, second] = faq!.items;

    await buttons.nth(0).click();
    await expect(buttons.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(first!.answer)).toBeVisible();

    await buttons.nth(1).click();
    await expect(buttons.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(second!.answer)).toBeVisible();
    await expect(buttons.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(first!.answer)).toBeHidden();
    await expect(buttons.and(page.locator('[aria-expanded="true"]'))).toHaveCount(1);

    await buttons.nth(1).click();
    await expect(buttons.nth(1)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(second!.answer)).toBeHidden();
    await expect(buttons.and(page.locator('[aria-expanded="true"]'))).toHaveCount(0);
  });

  test('works from the keyboard', async ({ page }) => {
    await visit(page, '/About-us');
    const buttons = faqButtons(page);
    // From the page's HTML: the focus starts the island's code, and the key is answered once it runs.
    await buttons.nth(2).focus();
    await page.keyboard.press('Enter');
    await expect(buttons.nth(2)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(buttons.nth(2)).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('the counters', () => {
  const targets = stats.map((s) => `${s.prefix ?? ''}${s.value}${s.suffix ?? ''}`);

  test('count up from zero to their targets once scrolled into view', async ({ page }) => {
    await visit(page, '/About-us');
    const counters = page.getByTestId('counter');
    await expect(counters).toHaveCount(stats.length);
    // Every number the first counter shows from now on.
    await counters.first().evaluate((counter) => {
      const seen: string[] = [];
      (window as unknown as { counterSeen: string[] }).counterSeen = seen;
      new MutationObserver(() => seen.push(counter.textContent ?? '')).observe(counter, { subtree: true, childList: true, characterData: true });
    });
    await counters.first().scrollIntoViewIfNeeded();
    // (The page's HTML already shows the targets: wait for the count to run.)
    const seenSoFar = () => page.evaluate(() => (window as unknown as { counterSeen: string[] }).counterSeen);
    await expect.poll(async () => (await seenSoFar()).at(-1)).toBe(targets[0]);
    await expect(counters).toHaveText(targets);
    const seen = await seenSoFar();
    // It climbed from near 0, step by step (over about constants.counterDurationMs), to its target.
    // Each one a whole number (never below 0) between the first counter's prefix and suffix.
    const shape = new RegExp(`^${escapeRegExp(stats[0]!.prefix ?? '')}(\\d+)${escapeRegExp(stats[0]!.suffix ?? '')}$`);
    for (const text of seen) expect(text).toMatch(shape);
    const values = seen.map((text) => Number(shape.exec(text)![1]));
    expect(values.length).toBeGreaterThan(5);
    expect(values[0]).toBeLessThan(stats[0]!.value / 2);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values.at(-1)).toBe(stats[0]!.value);
  });

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });
    test('show the final values at once', async ({ page }) => {
      await visit(page, '/About-us');
      const counters = page.getByTestId('counter');
      await expect(counters).toHaveText(targets);
      await counters.first().scrollIntoViewIfNeeded();
      // Their code has run (a count would start at once: from 0, as soon as a counter is seen) and the page has drawn since.
      const islands = page.locator('[data-island="counter"]');
      await expect(islands).toHaveCount(stats.length);
      for (const island of await islands.all()) await expect(island).toHaveAttribute('data-hydrated', 'true');
      await nextFrames(page);
      await nextFrames(page);
      expect(await counters.allTextContents()).toEqual(targets);
      await expect(page.locator('[data-testid="counter"][data-counting]'), 'no counter started counting').toHaveCount(0);
    });
  });
});
