/**
 * The content editor (/admin/content) in a real browser, signed in to the built server. Until our
 * server answers the content API (src/shared/contentApi.ts), its answers are played here from the
 * real config (page.route): the screens, the checker in the browser, the preview and the
 * publishing flow are real; nothing is written. Axe on every screen at 1280 and 375 px, with
 * screenshots in test-results/content/.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, Route } from '@playwright/test';
import admin from '../config/admin';
import forms from '../config/forms';
import pageLoaders from '../config/pages';
import routes from '../config/routes';
import server from '../config/server';
import site from '../config/site';
import { contentRoutes, type ContentSnapshot, type Revision } from '../src/shared/contentApi';
import { expect, test } from './fixtures';
import { addAccount, signIn, type Account } from './helpers/admin';

const t = admin.content;
let account: Account;
let snapshot: ContentSnapshot;

test.beforeAll(async () => {
  account = await addAccount();
  const pages = await Promise.all(Object.entries(pageLoaders).map(async ([id, load]) => ({ file: `config/pages/${id}.ts`, value: (await load()).default })));
  snapshot = {
    revision: 'r1',
    files: [
      { file: 'config/site.ts', value: site },
      { file: 'config/routes.ts', value: routes },
      ...pages,
      ...Object.entries(forms).map(([id, value]) => ({ file: `config/forms/${id}.ts`, value })),
    ],
    // Every picture the content names is in public/ (npm run check says so).
    publicFiles: [...JSON.stringify([site, pages]).matchAll(/"src":"(\/[^"]+)"/g)].map((m) => m[1]!),
  };
});

/** Plays the content API's answers; records what was published. */
async function fakeContentApi(page: Page) {
  const published: unknown[] = [];
  const revisions: Revision[] = [{ id: 'r1', author: 'developer', at: '2026-11-20T10:00:00Z', summary: ['Release'] }];
  const json = (route: Route, body: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route(`**${contentRoutes.content.path}`, (route) => json(route, snapshot));
  await page.route(`**${contentRoutes.contentRevisions.path}`, (route) => json(route, { revisions }));
  await page.route(`**${contentRoutes.contentPublish.path}`, async (route) => {
    published.push(route.request().postDataJSON());
    await new Promise((resolve) => setTimeout(resolve, 500));
    const revision = { id: `r${revisions.length + 1}`, author: account.email, at: new Date().toISOString(), summary: ['Home › hero › heading'] };
    revisions.unshift(revision);
    await json(route, { revision });
  });
  return { published };
}

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).exclude('iframe').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/content/${name}.png`, fullPage: false, animations: 'disabled', timeout: 15_000 });

test.setTimeout(90_000);

for (const width of [1280, 375]) {
  test(`the editor at ${width} px: list, edit with the checker and the preview, publish, revisions`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    const { published } = await fakeContentApi(page);
    await signIn(page, account);
    await page.getByRole('link', { name: admin.nav.content, exact: true }).click();
    await expect(page.getByRole('heading', { name: t.heading, level: 1 })).toBeVisible();
    await axe(page);
    await shot(page, `list-${width}`);

    const home = (snapshot.files.find((f) => f.file === 'config/pages/home.ts')!.value as { title: string; sections: Array<{ type: string; heading?: string }> });
    await page.getByRole('link', { name: `${home.title} (/)`, exact: true }).click();
    const heroIndex = home.sections.findIndex((s) => s.type === 'hero');
    const heading = page.locator(`#field-config_pages_home_ts-sections-${heroIndex}-heading`);
    await expect(heading).toHaveValue(home.sections[heroIndex]!.heading!);
    const frame = page.frameLocator('iframe');
    await expect(frame.getByRole('heading', { name: home.sections[heroIndex]!.heading!, level: 1 })).toBeVisible({ timeout: 15_000 });

    // Wrong as typed: the checker's sentence on the field, Publish unavailable.
    await heading.fill('');
    await expect(heading).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: t.publish, exact: true })).toBeDisabled();
    const newHeading = `Grow your business online ${width}`;
    await heading.fill(newHeading);
    await expect(frame.getByRole('heading', { name: newHeading })).toBeVisible();
    await axe(page);
    await shot(page, `edit-${width}`);
    await page.getByRole('region', { name: t.preview }).getByRole('button', { name: t.phone, exact: true }).press('Enter');
    await expect(frame.getByRole('heading', { name: newHeading })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('region', { name: t.preview }).screenshot({ path: `test-results/content/preview-phone-${width}.png` });

    await page.getByRole('button', { name: t.publish, exact: true }).click();
    await expect(page.getByText(t.published)).toBeVisible();
    await expect(page.getByRole('link', { name: t.openLive })).toHaveAttribute('href', '/');
    expect(JSON.stringify(published)).toContain(newHeading);
    await shot(page, `published-${width}`);

    await page.getByRole('link', { name: t.back }).click();
    await page.getByRole('link', { name: t.revisions }).click();
    await expect(page.getByRole('button', { name: t.restore })).toHaveCount(1);
    await axe(page);
    await shot(page, `revisions-${width}`);
  });
}

test('a form in the preview stores and sends nothing: the visitor sees the outcome only', async ({ page }) => {
  await fakeContentApi(page);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && !request.url().includes('/api/admin/') && !request.url().includes('/api/session')) posts.push(request.url());
  });
  await signIn(page, account);
  await page.goto('/admin/content/edit?file=config%2Fforms%2Fnewsletter.ts');
  const frame = page.frameLocator('iframe');
  const email = frame.getByRole('textbox').first();
  await email.fill('someone@example.com');
  await email.press('Enter');
  await expect(page.getByText(t.previewSent)).toBeVisible();
  const { toast } = forms.newsletter.success as { toast?: string };
  if (toast) await expect(page.getByText(toast)).toBeVisible();
  expect(posts).toEqual([]);
  void server;
});
