/**
 * The words a removed page's visitors read (config/moved.ts, written by each publish) translated by
 * the office in the browser, as every other text: on a site in two languages with a removed page
 * that has words of its own, an editor finds them in the list with their count of texts to
 * translate (also under "needs translation"), translates one side by side, sees the preview draw
 * the German words, and publishes the translation alone; the German address of the removed page
 * then answers 410 with the German words, the English address as before.
 * Every text of the editor is read from config/; axe on each screen; screenshots at 1280 and 375 px
 * in test-results/gone-translation/.
 */
import type { Locator, Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import admin from '../config/admin';
import { contentRoutes, type ContentSnapshot } from '../src/content/model/contentApi';
import { fieldId } from '../src/content/editor/schemaValues';
import { translationFileOf, type TranslationFile } from '../src/site/model/translation';
import type { MovedConfig } from '../src/site/model/movedSchema';
import { escapeRegExp } from '../src/schema/text';
import { gitIn } from '../src/test/contentSite';
import { addGerman, GERMAN } from '../src/test/secondLanguage';
import { expect, fill, test } from './fixtures';
import { publishButton } from './helpers/content';
import { signedInByRequest, type SignedIn } from './helpers/admin';
import { startEditorSite, type OwnEditorSite } from './helpers/editorSite';
import { screenshots } from './helpers/shots';
import { EDITOR_SCREEN, expectNoAxeFindings } from './helpers/axe';

const t = admin.content;
const tr = admin.content.translations;
const MOVED = 'config/moved.ts';
const DE_MOVED = translationFileOf(GERMAN.code, MOVED);
/** A removed page's address, and the words the office wrote when removing it (a test's own, not the site's). */
const GONE = '/Old-offer';
const MESSAGE = 'The spring offer has ended';
const LINK_LABEL = 'See our services instead';
const MESSAGE_DE = 'Das Frühlingsangebot ist beendet';
const CONTENT_READ_MS = 30_000;
/** A publish draws every page (in two languages) on a shared 2-core machine. */
const PUBLISH_MS = 300_000;

let site: OwnEditorSite | undefined;
let editorState: SignedIn;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startEditorSite({ caddy: false });
  // German declared, and a page removed with words of its own, as a publish leaves config/moved.ts.
  addGerman(site.siteDir);
  const moved: MovedConfig = { moved: [], gone: [{ address: GONE, message: MESSAGE, links: [{ label: LINK_LABEL, href: '/Contact' }] }] };
  writeFileSync(path.join(site.siteDir, MOVED), `export default ${JSON.stringify(moved, null, 2)};\n`);
  gitIn(site.siteDir, 'add', '.');
  gitIn(site.siteDir, 'commit', '--quiet', '-m', 'German, and a removed page');
  editorState = await signedInByRequest(await site.newAccount('editor'), site.base);
});
test.afterAll(async () => {
  await site?.stop();
});

const shot = screenshots('gone-translation');
const pattern = (template: string) => new RegExp(`^${escapeRegExp(template).replace(/\\\{\w+\\\}/g, '.+')}$`);
const status = (page: Page) => page.getByRole('region', { name: t.publish, exact: true }).getByRole('status');

/** Looks at the screen at both widths, `shown` in view: axe reports nothing, a screenshot is kept. */
async function atBothWidths(page: Page, name: string, shown: Locator) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await shown.scrollIntoViewIfNeeded();
    await expectNoAxeFindings(page, `${name} at ${width}`, EDITOR_SCREEN);
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("an editor translates a removed page's words into German in the browser; the German address answers 410 with them", async ({ browser }) => {
  test.setTimeout(600_000);
  const base = site!.base;
  const context = await browser.newContext({ storageState: editorState, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/admin/content`);
  const region = page.getByRole('region', { name: t.fileNames.moved, exact: true });
  const line = region.locator(`[data-translation="${GERMAN.code}"]`);

  await test.step('listed with its count of texts to translate, also under "needs translation"', async () => {
    await expect(line).toHaveText(fill(tr.toTranslate.other, { language: GERMAN.name, count: 2 }), { timeout: CONTENT_READ_MS });
    await page.getByLabel(tr.needsFilter).check();
    await expect(line).toBeVisible();
    await atBothWidths(page, 'list', region);
  });

  await test.step('translated side by side, previewed in German, published alone', async () => {
    await line.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pattern(tr.screenTitle), { timeout: CONTENT_READ_MS });
    await expect(page.getByText(MESSAGE, { exact: true }).first()).toBeVisible();
    // No way to an English screen of these words: only a publish writes them.
    await expect(page.getByRole('main').getByRole('link', { name: pattern(tr.screenTitle) })).toHaveCount(0);
    await page.locator(`#${fieldId(DE_MOVED, ['texts', 'gone[0].message'])}`).fill(MESSAGE_DE);
    await expect(status(page)).toHaveText(pattern(t.draftSaved));
    await expect(page.locator('[data-translation-left]')).toHaveText(fill(tr.left.one, { count: 1 }));
    const preview = page.getByRole('region', { name: t.preview, exact: true }).frameLocator('iframe');
    await expect(preview.getByRole('heading', { name: MESSAGE_DE })).toBeVisible({ timeout: 30_000 });
    await atBothWidths(page, 'translate', page.getByRole('heading', { level: 1 }));
    const published = page.waitForResponse((r) => r.url().endsWith(contentRoutes.contentPublish.path) && r.request().method() === 'POST', {
      timeout: PUBLISH_MS,
    });
    await publishButton(page, DE_MOVED).click();
    expect((await published).status()).toBe(200);
    await expect(status(page)).toHaveText(t.published, { timeout: PUBLISH_MS });
    const snap = (await (await page.request.get(`${base}${contentRoutes.content.path}`)).json()) as ContentSnapshot;
    expect((snap.files.find((f) => f.file === DE_MOVED)?.value as TranslationFile).texts['gone[0].message']).toEqual({ text: MESSAGE_DE, source: MESSAGE });
  });

  await test.step('the German address of the removed page answers 410 with the German words; the English one as before', async () => {
    const german = await page.request.get(`${base}${GERMAN.prefix}${GONE}`);
    expect(german.status()).toBe(410);
    const html = await german.text();
    expect(html).toContain(MESSAGE_DE);
    expect(html).not.toContain(MESSAGE);
    const english = await page.request.get(`${base}${GONE}`);
    expect(english.status()).toBe(410);
    expect(await english.text()).toContain(MESSAGE);
  });
  await context.close();
});
