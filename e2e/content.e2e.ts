/**
 * The content editor (/admin/content) in a real browser, on a built server of its own whose
 * SITE_DIR is a copy of this site in a temporary folder (a git work tree): an editor account
 * made with `npm run leads -- add-admin … --role editor` signs in, the checker's sentence shows
 * on its field as typed, the preview follows the typing, Publish writes, builds and switches for
 * real, a visitor then gets the new page, and the revision is listed. The editor gets 403 on the
 * leads. This checkout's config/ is never edited. Axe on every screen at 1280 and 375 px, with
 * screenshots in test-results/content/.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import admin from '../config/admin';
import forms from '../config/forms';
import pageLoaders from '../config/pages';
import { adminRoutes } from '../src/shared/adminApi';
import { makeSite } from '../src/test/contentSite';
import { projectDir } from '../src/test/realConfig';
import { stopServer } from '../scripts/lib/builtServer.mjs';
import { expect, test } from './fixtures';
import { addAccount, signIn, type Account } from './helpers/admin';
import { freePort, startServer } from './helpers/server';

const t = admin.content;
let account: Account;
let base: string;
let siteDir: string;
let dataDir: string;
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  siteDir = makeSite({ git: true, buildable: true });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'content-e2e-data-'));
  account = await addAccount(dataDir, 'editor');
  const port = await freePort();
  // The checkout's build is served first (the shared server's, built by playwright's webServer); a publish builds into the copy.
  server = await startServer(port, dataDir, { SITE_DIR: siteDir, TOOLS_DIR: projectDir, RATE_LIMIT_FACTOR: '1000' });
  base = `http://127.0.0.1:${port}`;
});
test.afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(siteDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const editorSignIn = (page: Page) => signIn(page, account, base, t.heading);

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).exclude('iframe').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/content/${name}.png`, fullPage: false, animations: 'disabled', timeout: 15_000 });

// A publish builds the whole site on a shared 2-core machine (measured 22 to 140 s under load).
test.setTimeout(300_000);

for (const width of [1280, 375]) {
  test(`the editor at ${width} px: list, edit with the checker and the preview, publish, revisions`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    // An editor lands on the content editor and is offered no lead.
    await editorSignIn(page);
    await expect(page.getByRole('link', { name: admin.nav.content, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: admin.nav.inbox, exact: true })).toHaveCount(0);
    expect((await page.request.get(`${base}${adminRoutes.leads.path}`)).status()).toBe(403);
    await axe(page);
    await shot(page, `list-${width}`);

    // The site copy's home page as it is now (the first test's publish changed its heading).
    const home = (await pageLoaders.home()).default as unknown as { title: string; sections: Array<{ type: string; heading?: string }> };
    await page.getByRole('link', { name: `${home.title} (/)`, exact: true }).click();
    const heroIndex = home.sections.findIndex((s) => s.type === 'hero');
    const heading = page.locator(`#field-config_pages_home_ts-sections-${heroIndex}-heading`);
    const current = await heading.inputValue();
    expect([home.sections[heroIndex]!.heading!, 'Grow your business online 1280']).toContain(current);
    const frame = page.frameLocator('iframe');
    await expect(frame.getByRole('heading', { name: current, level: 1 })).toBeVisible({ timeout: 15_000 });

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
    // Written into the copy's config/, checked, built and switched for real.
    await expect(page.getByText(t.published)).toBeVisible({ timeout: 240_000 });
    await expect(page.getByRole('link', { name: t.openLive })).toHaveAttribute('href', '/');
    // A visitor gets the new page.
    expect(await (await page.request.get(`${base}/`)).text()).toContain(newHeading);
    await shot(page, `published-${width}`);

    await page.getByRole('link', { name: t.back }).click();
    await page.getByRole('link', { name: t.revisions }).click();
    // The publish is a revision in words, the old and the new heading in it, and can be restored.
    await expect(page.getByText(newHeading, { exact: false }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: t.restore }).first()).toBeVisible();
    await axe(page);
    await shot(page, `revisions-${width}`);
  });
}

test('a form in the preview stores and sends nothing: the visitor sees the outcome only', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && !request.url().includes('/api/admin/') && !request.url().includes('/api/session')) posts.push(request.url());
  });
  await editorSignIn(page);
  await page.goto(`${base}/admin/content/edit?file=config%2Fforms%2Fnewsletter.ts`);
  const frame = page.frameLocator('iframe');
  const email = frame.getByRole('textbox').first();
  await email.fill('someone@example.com');
  await email.press('Enter');
  await expect(page.getByText(t.previewSent)).toBeVisible();
  const { toast } = forms.newsletter.success as { toast?: string };
  if (toast) await expect(page.getByText(toast)).toBeVisible();
  expect(posts).toEqual([]);
});
