/**
 * Moving between pages in the browser: the navbar's links, the home hero's button and the
 * header's call to action each lead to their page, which shows its own title and description
 * (config/pages/*.ts) with that page's navbar link highlighted.
 *
 * What each address's page says (headline, title, description, the highlighted link, also for
 * aliases and unknown addresses) is checked on the server renderer's output, in
 * src/site/pages/renderedPages.test.ts; that every address answers with its page file, in
 * e2e/findable.e2e.ts and e2e/pages-files.e2e.ts.
 */
import { expect, test, visit } from './fixtures';
import { addresses, headingOf, navLabelOf, pageConfigs, site } from './helpers/content';

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
