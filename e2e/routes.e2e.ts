/**
 * Every address (main paths, aliases, an unknown path) shows its page with the page's own
 * title and description (config/pages/*.ts), and the navbar highlights that page's link.
 */
import { addresses, expect, headingOf, navLabelOf, NOT_FOUND_STATUS_MESSAGE, pageConfigs, routes, site, test, visit, type PageId } from './fixtures';

/** Unknown addresses show the fallback page (answered with status 404). */
const unknown = ['/no-such-page', '/about-us/deeper/path'];

test('the addresses of the specification are all configured', () => {
  const configured = addresses.map((a) => `${a.path} -> ${a.page}`);
  expect(configured).toEqual(
    expect.arrayContaining([
      '/ -> home',
      '/home -> home',
      '/Home -> home',
      '/About-us -> about',
      '/About-Us -> about',
      '/Product -> product',
      '/Services -> services',
      '/Blog -> blog',
      '/Career -> career',
      '/Contact -> contact',
      '/contact -> contact',
    ]),
  );
});

function showsItsPage(path: string, pageId: PageId) {
  test(`${path} shows the ${pageId} page with its title, description and highlighted nav link`, async ({ page }) => {
    const config = pageConfigs[pageId];
    await visit(page, path);

    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveCount(1);
    await expect(h1).toHaveText(headingOf(pageId));

    await expect(page).toHaveTitle(config.title);
    const description = page.locator('meta[name="description"]');
    await expect(description).toHaveCount(1);
    await expect(description).toHaveAttribute('content', config.description);

    // The address stays what the visitor typed (no redirect).
    expect(new URL(page.url()).pathname).toBe(path);

    // Exactly one link of the (visible, desktop) navbar is marked as the current page; none
    // on a page the navbar does not link to (the privacy page, linked from the footer).
    const nav = page.getByRole('navigation', { name: site.navigation.label });
    await expect(nav).toHaveCount(1);
    const current = nav.locator('[aria-current="page"]');
    if (!site.navigation.links.some((l) => addresses.find((a) => a.path === l.href)?.page === pageId)) {
      await expect(current).toHaveCount(0);
      return;
    }
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText(navLabelOf(pageId));
    await expect(current).toHaveRole('link');
  });
}

for (const { path, page: pageId } of addresses) showsItsPage(path, pageId);

test.describe('unknown addresses', () => {
  // The browser notes the 404 status in its console.
  test.use({ expectedConsoleErrors: NOT_FOUND_STATUS_MESSAGE });
  for (const path of unknown) showsItsPage(path, routes.fallback as PageId);
});

test('client-side navigation updates the title, description and highlighted link', async ({ page }) => {
  await visit(page, '/');
  const nav = page.getByRole('navigation', { name: site.navigation.label });
  for (const link of site.navigation.links) {
    await nav.getByRole('link', { name: link.label, exact: true }).click();
    const pageId = addresses.find((a) => a.path === link.href)?.page;
    if (!pageId) throw new Error(`navbar link ${link.href} leads nowhere`);
    await expect(page).toHaveURL(link.href);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf(pageId));
    await expect(page).toHaveTitle(pageConfigs[pageId].title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', pageConfigs[pageId].description);
    await expect(nav.locator('[aria-current="page"]')).toHaveText(link.label);
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  }
});

test("the home hero's button leads where config says, and that page's link is highlighted", async ({ page }) => {
  const hero = pageConfigs.home.sections.find((s) => s.type === 'hero');
  const action = hero?.type === 'hero' ? hero.actions?.[0] : undefined;
  if (!action) throw new Error('config/pages/home.ts: the hero has no button to test');
  const target = addresses.find((a) => a.path === action.href)?.page;
  if (!target) throw new Error(`config/pages/home.ts: the hero's button leads to ${action.href}, which is no page`);
  await visit(page, '/');
  await page.getByRole('main').getByRole('link', { name: action.label, exact: true }).click();
  await expect(page).toHaveURL(action.href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf(target));
  await expect(page.getByRole('navigation', { name: site.navigation.label }).locator('[aria-current="page"]')).toHaveText(navLabelOf(target));
});

test("the header's call-to-action button leads where config says, and that page's link is highlighted", async ({ page }) => {
  const target = addresses.find((a) => a.path === site.navigation.cta.href)?.page;
  if (!target) throw new Error(`config/site.ts: navigation.cta leads to ${site.navigation.cta.href}, which is no page`);
  await visit(page, '/Blog');
  await page.getByRole('banner').getByRole('link', { name: site.navigation.cta.label }).click();
  await expect(page).toHaveURL(site.navigation.cta.href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf(target));
  await expect(page.getByRole('navigation', { name: site.navigation.label }).locator('[aria-current="page"]')).toHaveText(navLabelOf(target));
});
