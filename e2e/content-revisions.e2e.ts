/**
 * One change undone at a time, in the browser, on the built server behind a real Caddy
 * (deploy/Caddyfile) whose SITE_DIR is a copy of this site that is a git work tree: an editor
 * publishes three changes (the Home headline, the Home text, the About heading), opens the
 * revisions, sees the first change's before/after, chooses to undo it, reads its
 * preview and confirms; the site then shows only that change gone, the two later ones live. The
 * undo is listed as a revision of its own; a page's own screen lists that page's revisions. Axe
 * on the list, the before/after view, the preview dialog and the page's revisions at 1280 and
 * 375 px; screenshots in test-results/revisions/. Every text is read from config/.
 */
import admin from '../config/admin';
import { fieldId } from '../src/admin/content/model';
import type { Path } from '../src/config/schema';
import { contentRoutes } from '../src/shared/contentApi';
import { fill } from '../src/shared/text';
import { mainPaths, pageConfigs } from './helpers/content';
import { signIn, type Account } from './helpers/admin';
import { needsCaddy } from './helpers/caddy';
import { expect, test } from './fixtures';
import { uniqueSuffix } from './helpers/forms';
import { screenshots } from './helpers/shots';
import { EDITOR_SCREEN, expectNoAxeFindings } from './helpers/axe';

needsCaddy();

const t = admin.content;
const h = t.history;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const HOME = 'config/pages/home.ts';
const ABOUT = 'config/pages/about.ts';
let account: Account;
let origin: string;

// The editor's site shared by the editor's journeys (e2e/helpers/editorSite.ts): other files may have published before.
test.beforeAll(async ({ editorSite }) => {
  origin = editorSite.origin;
  account = await editorSite.newAccount('editor');
});

const shot = screenshots('revisions', { fullPage: true });
const pathTo = (page: keyof typeof pageConfigs) => mainPaths.find((p) => p.page === page)!.path;
const h1Of = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

// Three publishes and an undo, each drawing the pages on a shared 2-core machine.
test.setTimeout(420_000);
// Under load, a click on Publish twice sent nothing (the status still "Draft saved", the button
// enabled and focused): the page still glided after the typing, so the press landed on the button
// and the release beside it. The editor no longer glides (src/theme.ts, its glide); should a click
// send nothing again, the test says so within a minute (publishOne).

test('three publishes in the editor, then an undo of the first, with its preview and confirmation: only that change goes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const home = pageConfigs.home as unknown as Json;
  const about = pageConfigs.about as unknown as Json;
  const heroIndex = (home.sections as Json[]).findIndex((s) => s.type === 'hero');
  const aboutIndex = (about.sections as Json[]).findIndex((s) => typeof s.heading === 'string');
  const oldHeading = home.sections[heroIndex].heading as string;
  const s = uniqueSuffix();
  const changes = { heading: `Undo me ${s}`, text: `A text that stays ${s}.`, about: `An About heading that stays ${s}` };
  const input = (file: string, at: Path) => page.locator(`#${fieldId(file, at)}`);
  // A long page opens as the outline of its sections; `section` opens one of them on its own.
  const edit = (file: string, section?: number) => `${origin}/admin/content/edit?${new URLSearchParams({ file, ...(section === undefined ? {} : { section: String(section) }) })}`;

  async function publishOne(file: string, at: Path, value: string) {
    await page.goto(edit(file, at[0] === 'sections' ? (at[1] as number) : undefined));
    await input(file, at).fill(value);
    const isPublish = (url: string) => url.endsWith(contentRoutes.contentPublish.path);
    // The click sends the publish at once; its answer may take the pages' drawing on a busy machine.
    const sent = page.waitForRequest((r) => isPublish(r.url()) && r.method() === 'POST', { timeout: 60_000 });
    const published = page.waitForResponse((r) => isPublish(r.url()), { timeout: 300_000 });
    published.catch(() => undefined);
    await page.getByRole('button', { name: t.publish, exact: true }).click();
    await sent.catch(() => {
      throw new Error(`A click on ${t.publish} sent no publish (${file})`);
    });
    expect((await published).status()).toBe(200);
  }

  /** How many revisions of Home the server lists (the site is shared: other files may have published it before). */
  const homeRevisions = async () =>
    ((await (await page.request.get(`${origin}${contentRoutes.contentRevisions.path}?${new URLSearchParams({ file: HOME })}`)).json()) as { revisions: unknown[] }).revisions.length;
  let homeBefore = 0;
  await test.step('three publishes in the editor', async () => {
    await signIn(page, account, origin, t.heading);
    homeBefore = await homeRevisions();
    await publishOne(HOME, ['sections', heroIndex, 'heading'], changes.heading);
    await publishOne(HOME, ['sections', heroIndex, 'text'], changes.text);
    await publishOne(ABOUT, ['sections', aboutIndex, 'heading'], changes.about);
    expect(h1Of(await (await page.request.get(`${origin}${pathTo('home')}`)).text())).toBe(changes.heading);
  });

  const revisions = page.getByRole('main').locator('li').filter({ has: page.getByRole('button', { name: h.undo, exact: true }) });
  const first = revisions.filter({ hasText: changes.heading });

  await test.step('the revisions list: the first change with its before and after', async () => {
    await page.goto(`${origin}/admin/content/revisions`);
    await expect(first).toHaveCount(1);
    await first.getByRole('button', { name: h.showChanges }).click();
    const view = first.locator('dl');
    await expect(view.getByRole('definition').first()).toHaveText(oldHeading);
    await expect(view.getByRole('definition').last()).toHaveText(changes.heading);
    await expectNoAxeFindings(page, 'revisions 1280', EDITOR_SCREEN);
    await shot(page, 'revisions-1280');
  });

  await test.step('the undo: its preview, then the confirmation; the site shows only that change gone', async () => {
    await first.getByRole('button', { name: h.undo, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: h.undoTitle });
    await expect(dialog.getByText(h.undoIntro)).toBeVisible({ timeout: 60_000 });
    await expect(dialog.locator('dl').getByRole('definition').first()).toHaveText(changes.heading);
    await expect(dialog.locator('dl').getByRole('definition').last()).toHaveText(oldHeading);
    await expectNoAxeFindings(page, 'undo preview 1280', EDITOR_SCREEN);
    await shot(page, 'undo-preview-1280');
    const undone = page.waitForResponse((r) => r.url().endsWith('/undo') && r.request().method() === 'POST', { timeout: 300_000 });
    await dialog.getByRole('button', { name: h.undoConfirm }).click();
    expect((await undone).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: h.undone })).toBeVisible();
    await expect(dialog).toHaveCount(0);

    const homePage = await (await page.request.get(`${origin}${pathTo('home')}`)).text();
    expect(h1Of(homePage)).toBe(oldHeading);
    expect(homePage).toContain(changes.text);
    expect(await (await page.request.get(`${origin}${pathTo('about')}`)).text()).toContain(changes.about);
    // The undo is a revision of its own, first in the list, saying which change it took back.
    const newest = page.getByRole('main').locator('ol > li').first();
    await expect(newest).toContainText(fill(h.undoOf, { of: '' }).trim());
    await shot(page, 'revisions-after-undo-1280');
  });

  await test.step('the page\'s own screen lists its revisions', async () => {
    await page.goto(edit(HOME));
    const own = page.getByRole('region', { name: fill(h.ofItem, { label: `${home.title} (${pathTo('home')})` }) });
    await own.getByRole('button', { name: h.showOfItem }).click();
    // Home's two publishes and the undo, after what it had: the page's own, never About's.
    await expect(own.locator('ol > li')).toHaveCount(homeBefore + 3);
    expect(await homeRevisions()).toBe(homeBefore + 3);
    await expect(own.getByText(changes.about)).toHaveCount(0);
    await expectNoAxeFindings(page, 'page revisions 1280', EDITOR_SCREEN);
    await own.screenshot({ path: 'test-results/revisions/page-revisions-1280.png', animations: 'disabled' });
  });

  await test.step('at 375 px: the list, the before/after view and a preview', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${origin}/admin/content/revisions`);
    const third = revisions.filter({ hasText: changes.about });
    await third.getByRole('button', { name: h.showChanges }).click();
    await expect(third.locator('dl').getByRole('definition').last()).toHaveText(changes.about);
    await expectNoAxeFindings(page, 'revisions 375', EDITOR_SCREEN);
    await shot(page, 'revisions-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await third.getByRole('button', { name: h.undo, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: h.undoTitle });
    await expect(dialog.getByText(h.undoIntro)).toBeVisible({ timeout: 60_000 });
    await expectNoAxeFindings(page, 'undo preview 375', EDITOR_SCREEN);
    await shot(page, 'undo-preview-375');
    await dialog.getByRole('button', { name: h.cancel }).click();
    await expect(dialog).toHaveCount(0);
    await page.goto(edit(HOME));
    const own = page.getByRole('region', { name: fill(h.ofItem, { label: `${home.title} (${pathTo('home')})` }) });
    await own.getByRole('button', { name: h.showOfItem }).click();
    await expect(own.locator('ol > li')).toHaveCount(homeBefore + 3);
    await expectNoAxeFindings(page, 'page revisions 375', EDITOR_SCREEN);
    await own.screenshot({ path: 'test-results/revisions/page-revisions-375.png', animations: 'disabled' });
    expect(await (await page.request.get(`${origin}${pathTo('about')}`)).text()).toContain(changes.about);
  });
});
