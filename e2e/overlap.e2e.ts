/**
 * Nothing floats over a form: on every page, at widths from 320 to 1400 px, every field, label
 * and button of every form is scrolled into view (at the top, the middle and the bottom of the
 * screen), and its box is compared with the boxes of the chat button and the back-to-top link.
 */
import { expect, test } from './fixtures';
import { chatHref } from '../src/schema/links';
import { mainPaths, site } from './helpers/content';

const widths = [320, 375, 576, 768, 992, 1200, 1280, 1399, 1400];

/** The links that could float: the chat button (and any other chat link) and the back-to-top link. */
const floaters = [`a[href="${chatHref(site, site.chat)}"]`, 'a[href="#top"]'];

for (const { path } of mainPaths) {
  test(`${path}: the chat button and the back-to-top link cover no field, label or button of a form, at ${widths.join(', ')} px`, async ({ page }) => {
    test.setTimeout(90_000);
    // The page is loaded once and the window resized from width to width (the layout is CSS:
    // media queries and the chat button's breakpoint follow the width as it changes).
    await page.setViewportSize({ width: widths[0]!, height: 700 });
    await page.goto(path);
    for (const width of widths) {
      await page.setViewportSize({ width, height: width < 768 ? 700 : 800 });
      const found = await page.evaluate((selectors) => {
        const controls = [...document.querySelectorAll<HTMLElement>('form input, form select, form textarea, form button, form label')].filter(
          (c) => !c.closest('[aria-hidden="true"]') && c.getClientRects().length > 0 && (c as HTMLInputElement).type !== 'hidden',
        );
        const floating = selectors.flatMap((s) => [...document.querySelectorAll<HTMLElement>(s)]);
        const describe = (e: Element) =>
          `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.getAttribute('name') ? `[name=${e.getAttribute('name')}]` : ''}${e.getAttribute('aria-label') ? ` "${e.getAttribute('aria-label')}"` : ''}${e.textContent?.trim() ? ` "${e.textContent.trim().slice(0, 30)}"` : ''}`;
        const overlaps: string[] = [];
        for (const control of controls) {
          for (const block of ['start', 'center', 'end'] as const) {
            control.scrollIntoView({ block, inline: 'nearest', behavior: 'instant' });
            const a = control.getBoundingClientRect();
            for (const floater of floating) {
              const b = floater.getBoundingClientRect();
              if (b.width === 0 || b.height === 0) continue;
              const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
              if (!apart) overlaps.push(`${describe(floater)} covers ${describe(control)} (scrolled to the ${block})`);
            }
          }
        }
        return { controls: controls.length, floaters: floating.length, overlaps: [...new Set(overlaps)] };
      }, floaters);
      // The page's forms were found (every page has the newsletter), and both floaters.
      expect(found.controls, `form controls on ${path} at ${width} px`).toBeGreaterThan(1);
      expect(found.floaters, `chat and back-to-top links on ${path} at ${width} px`).toBeGreaterThanOrEqual(2);
      expect(found.overlaps, `on ${path} at ${width} px`).toEqual([]);
    }
  });
}
