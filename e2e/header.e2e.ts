/**
 * The header on large and small screens (the mobile menu toggle, the contact bar) and
 * the scroll to the top on every route change. (What the footer holds, from the page's HTML:
 * src/site/pages/renderedPages.test.ts.)
 */
import { expect, nextFrames, test, visit } from './fixtures';
import { headingOf, navLabelOf, site } from './helpers/content';

const nav = site.navigation;

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu is collapsed behind a toggle that opens it, and following a link closes it', async ({ page }) => {
    await visit(page, '/');
    const toggle = page.getByRole('button', { name: nav.openMenuLabel });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // No navbar link can be seen or reached while the menu is closed.
    await expect(page.getByRole('navigation', { name: nav.label })).toHaveCount(0);
    const header = page.getByRole('banner');
    for (const link of nav.links) {
      const all = header.getByRole('link', { name: link.label, exact: true, includeHidden: true });
      await expect(all).not.toHaveCount(0);
      for (const element of await all.all()) await expect(element).toBeHidden();
    }

    await toggle.click();
    const closeToggle = page.getByRole('button', { name: nav.closeMenuLabel });
    await expect(closeToggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: nav.label });
    await expect(menu).toBeVisible();
    for (const link of nav.links) {
      await expect(menu.getByRole('link', { name: link.label, exact: true })).toBeVisible();
    }
    await expect(menu.locator('[aria-current="page"]')).toHaveText(navLabelOf('home'));

    await menu.getByRole('link', { name: navLabelOf('services'), exact: true }).click();
    await expect(page).toHaveURL('/Services');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf('services'));
    await expect(page.getByRole('button', { name: nav.openMenuLabel })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: nav.label })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: navLabelOf('services'), exact: true })).toBeHidden();
  });

  test("a tap on the toggle before the page's script has started is answered once it has", async ({ page }) => {
    // The islands' runtime is held back, as on a slow phone that is tapped at once.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: nav.openMenuLabel });
    await toggle.click();
    await expect(page.locator('html')).not.toHaveAttribute('data-app', 'started');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    release();
    await expect(page.getByRole('button', { name: nav.closeMenuLabel })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: nav.label })).toBeVisible();
  });

  test('the toggle also closes the open menu', async ({ page }) => {
    await visit(page, '/Blog');
    await page.getByRole('button', { name: nav.openMenuLabel }).click();
    await expect(page.getByRole('navigation', { name: nav.label })).toBeVisible();
    await page.getByRole('button', { name: nav.closeMenuLabel }).click();
    await expect(page.getByRole('button', { name: nav.openMenuLabel })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: nav.label })).toHaveCount(0);
  });

  test('the contact bar is hidden', async ({ page }) => {
    await visit(page, '/');
    const bar = page.getByRole('complementary', { name: site.ui.contactBarLabel, includeHidden: true });
    await expect(bar).toBeAttached();
    await expect(bar).toBeHidden();
    await expect(bar.getByRole('link', { name: site.contact.phone.label, includeHidden: true })).toBeHidden();
    await expect(bar.getByRole('link', { name: site.contact.email.label, includeHidden: true })).toBeHidden();
  });
});

test.describe('at 1280 px wide', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the contact bar shows the phone number, the e-mail address and the social links', async ({ page }) => {
    await visit(page, '/');
    const bar = page.getByRole('complementary', { name: site.ui.contactBarLabel });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: site.contact.phone.label })).toHaveAttribute('href', site.contact.phone.href);
    await expect(bar.getByRole('link', { name: site.contact.email.label })).toHaveAttribute('href', site.contact.email.href);
    for (const social of site.social) {
      await expect(bar.getByRole('link', { name: social.label })).toBeVisible();
    }
  });

  test('the navbar links are shown without a toggle', async ({ page }) => {
    await visit(page, '/');
    await expect(page.getByRole('button', { name: nav.openMenuLabel })).toBeHidden();
    const bar = page.getByRole('navigation', { name: nav.label });
    for (const link of nav.links) {
      await expect(bar.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.href);
    }
  });

  test('the logo is drawn with the page, at its size, without a request of its own, and leads home', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await visit(page, '/Services');
    const home = page.getByRole('link', { name: nav.logoLabel });
    await expect(home).toHaveAttribute('href', '/');
    const logo = home.locator('img');
    await expect(logo).toBeVisible();
    const drawn = await logo.evaluate((img: HTMLImageElement) => ({ complete: img.complete, width: img.naturalWidth, src: img.src.slice(0, 19) }));
    expect(drawn).toEqual({ complete: true, width: site.brand.logo.width, src: 'data:image/svg+xml,' });
    expect(fetched).not.toContain(site.brand.logo.src);
  });

  test('the navbar stays at the top of the screen when scrolling', async ({ page }) => {
    await visit(page, '/Services');
    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const box = await page.getByRole('banner').boundingBox();
    expect(box?.y).toBe(0);
  });
});

test('a route change scrolls the new page to the top', async ({ page }) => {
  await visit(page, '/');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

  const footerLink = site.footer.columns.flatMap((c) => c.links).find((l) => l.href === '/Services');
  if (!footerLink) throw new Error('config/site.ts: no footer link leads to /Services');
  await page.getByRole('contentinfo').getByRole('link', { name: footerLink.label, exact: true }).first().click();
  await expect(page).toHaveURL('/Services');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf('services'));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // And it stays there: nothing scrolls it back down once the app has started and the page has drawn since.
  await expect(page.locator('html')).toHaveAttribute('data-app', 'started');
  await nextFrames(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
