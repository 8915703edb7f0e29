/**
 * The public footer on a phone and a wide screen: the site's phone number is never broken across
 * two lines, and the page does not scroll sideways for it. With E2E_SHOTS=1, pictures of the
 * footer are saved in test-results/footer/ (to look at).
 */
import { expect, test } from './fixtures';
import { screenshots } from './helpers/shots';

const shot = screenshots('footer');

for (const width of [375, 1280]) {
  test(`at ${width} px the footer's phone number is on one line`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const phone = page.getByRole('contentinfo').locator('a[href^="tel:"]').first();
    await phone.scrollIntoViewIfNeeded();
    const lines = await phone.evaluate((link) => {
      // The boxes of its text (not of its icon), one per line the text takes.
      const bottoms = new Set<number>();
      const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) bottoms.add(Math.round(r.bottom));
      }
      return bottoms.size;
    });
    expect(lines, 'lines the phone number takes').toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'scrolls sideways by').toBeLessThanOrEqual(0);
    await shot(page.getByRole('contentinfo'), `footer-${width}`);
  });
}
