/**
 * The button that mails a newsletter's test to the signed-in account answers beside itself, in view, at 375 and 1280 px: on the shared test
 * server, whose mail is not set up, the refusal is read out (a live region) just under the
 * button, not in the page's notice thousands of pixels above it. Screenshots in
 * test-results/newsletter-test-notice/.
 */
import admin from '../config/admin';
import server from '../config/server';
import { expect, test } from './fixtures';
import { addAccount, signIn } from './helpers/admin';
import { uniqueSuffix } from './helpers/forms';
import { screenshots } from './helpers/shots';

const t = admin.newsletters;
const shot = screenshots('newsletter-test-notice');
// The server refuses the test (409): the browser says so in its console.
test.use({ expectedConsoleErrors: /the server responded with a status of 409/ });

for (const width of [375, 1280]) {
  test(`the refusal of a test mail shows beside its button, in view, at ${width} px`, async ({ page }) => {
    const owner = await addAccount(undefined, 'owner');
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, owner);
    await page.goto('/admin/newsletters/new');
    await page.getByLabel(t.subject, { exact: false }).fill(`Test notice ${width}`);
    await page.getByLabel(t.name, { exact: false }).fill(`test-notice-${uniqueSuffix().toLowerCase()}`);
    await page.locator('#newsletter-body').click();
    await page.keyboard.type('A few words for the test.');
    await page.getByRole('button', { name: t.save, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/newsletters\/\d+$/);

    // The preview drawn first: it is above the button, and the page grows as it is drawn.
    await expect.poll(() => page.getByTestId('newsletter-mail').evaluate((host) => host.shadowRoot?.textContent ?? '')).toContain('A few words for the test.');
    const button = page.getByRole('button', { name: t.test, exact: true });
    await expect(button).toBeEnabled();
    await button.click();
    const refusal = page.getByRole('status').filter({ hasText: server.newsletter.messages.mailOff });
    await expect(refusal).toHaveCount(1);
    await expect(refusal).toHaveAttribute('aria-live', 'polite');
    // In the window, and just under the button (the same section of the page), not above it.
    await expect(refusal).toBeInViewport();
    // Both measured at once, once the page has stopped moving (polled).
    const gap = async () => {
      const [at, said] = await Promise.all([button.boundingBox(), refusal.boundingBox()]);
      return said!.y - (at!.y + at!.height);
    };
    await expect.poll(gap).toBeGreaterThanOrEqual(0);
    await expect.poll(gap).toBeLessThan(100);
    await shot(page, `refused-${width}`);
  });
}
