/**
 * Page content that does something: the Blog's list of articles, where the chat button
 * sits, the Contact map, and the error screen. (The links that leave the site, https in a new
 * tab with a safe rel, are checked on the server renderer's output: src/site/pages/renderedPages.test.ts.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import blog from '../config/pages/blog';
import contact from '../config/pages/contact';
import { expect, test, visit } from './fixtures';
import { headingOf, site } from './helpers/content';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../src/site/model/siteManifest';
import { readSiteContent } from '../src/content/server/configFolder';
import { escapeRegExp } from '../src/schema/text';

test.describe('Blog', () => {
  const list = blog.sections.find((s) => s.type === 'articles');
  if (!list || list.type !== 'articles') throw new Error('config/pages/blog.ts has no list of articles');

  test("shows the article it names whole, then each other article's card, newest first, whose 'Read More' leads to its page", async ({ page }) => {
    const { articles, site: content } = await readSiteContent(process.cwd());
    await visit(page, '/Blog');
    const whole = list.inFull === 'newest' ? articles[0] : articles.find((a) => a.id === list.inFull);
    if (!whole) throw new Error('config/pages/blog.ts shows no article whole');
    // The article whole: a region named by its title, above the cards.
    const shown = page.getByRole('region', { name: whole.title });
    await expect(shown.getByRole('heading', { level: 2 })).toHaveText(whole.title);
    await expect(shown.getByRole('img', { name: whole.cover.alt })).toBeVisible();
    const cards = page.getByRole('region', { name: list.heading });
    expect((await shown.boundingBox())!.y).toBeLessThan((await cards.boundingBox())!.y);

    const others = articles.filter((a) => a.id !== whole.id);
    const items = cards.getByRole('listitem');
    await expect(items).toHaveCount(others.length);
    for (const [i, article] of others.entries()) await expect(items.nth(i).getByRole('heading', { level: 3 })).toHaveText(article.title);

    const first = others[0]!;
    // Its name is the link's words and, for screen readers, the article's title.
    const more = items.first().getByRole('link', { name: list.more });
    await expect(more).toHaveAccessibleName(new RegExp(`${escapeRegExp(first.title)}$`));
    await more.click();
    await expect(page).toHaveURL(`${content.articles.path}/${first.address}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
  });
});

test('the chat button sits at the end of the footer, and is fixed to the corner of a screen wide enough to hold it beside the content', async ({ page }) => {
  // (Its name, address and new tab: src/site/pages/renderedPages.test.ts. It never covers a form: e2e/overlap.e2e.ts.)
  await visit(page, '/');
  const chat = page.getByRole('contentinfo').locator('a.MuiFab-root');
  await expect(chat).toHaveCount(1);
  await expect(chat).toBeVisible();
  await expect(chat).not.toHaveCSS('position', 'fixed');
  await page.setViewportSize({ width: site.constants.breakpoints.xxl, height: 800 });
  await expect(chat).toHaveCSS('position', 'fixed');
  await expect(chat).toBeInViewport();
});

test('the Contact map has a title, loads lazily and is as high as config says (constants.mapHeightPx)', async ({ page }) => {
  const map = contact.sections.find((s) => s.type === 'map');
  if (!map || map.type !== 'map') throw new Error('config/pages/contact.ts has no map');
  await visit(page, '/Contact');
  const frame = page.getByTitle(map.title);
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveJSProperty('tagName', 'IFRAME');
  await expect(frame).toHaveAttribute('loading', 'lazy');
  expect(map.src).toMatch(/^https:\/\//);
  // The frame gets its address when the visitor scrolls near it.
  await frame.scrollIntoViewIfNeeded();
  await expect(frame).toHaveAttribute('src', map.src);
  await expect.poll(async () => (await frame.boundingBox())?.height).toBe(site.constants.mapHeightPx);
});

test.describe('the error screen', () => {
  // A page our server cannot send (a disk fault: src/site/server/siteBuild.test.ts provokes it) is
  // answered with the build's error page, status 500. Here the browser gets that answer for
  // /About-us: the error screen inside the normal header and footer, with a way back home.
  // The browser notes the 500 in its console.
  test.use({ expectedConsoleErrors: /Failed to load resource: the server responded with a status of 500/ });

  test('shows when a page cannot be shown', async ({ page }) => {
    const clientDir = path.resolve('dist/client');
    const { errorFile } = JSON.parse(readFileSync(path.join(clientDir, SITE_MANIFEST_FILE), 'utf8')) as SiteManifest;
    await page.route('**/About-us', (route) =>
      route.fulfill({ status: 500, contentType: 'text/html; charset=utf-8', body: readFileSync(path.join(clientDir, errorFile)) }),
    );
    // Opened directly: a click from another page may be answered by Chromium's prerendered copy
    // (the speculation rules), which Playwright's routing does not see.
    const answer = await page.goto('/About-us');
    expect(answer?.status()).toBe(500);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.ui.errorScreen.heading);
    await expect(page.getByRole('alert')).toContainText(site.ui.errorScreen.text);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page).toHaveTitle(site.ui.errorScreen.heading);

    await page.getByRole('link', { name: site.ui.errorScreen.homeLabel, exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf('home'));
  });
});
