/**
 * The content editor's screens as the office uses them, on the editor's shared site
 * (e2e/helpers/editorSite.ts: a copy of this site; nothing is published here: e2e/content.e2e.ts publishes):
 * the preview follows an edit of the site's header, menu and footer and of a form's texts on the
 * page that shows the form; a list is reordered with the keyboard alone; a field reached with Tab
 * or Shift+Tab is never under the sticky Publish bar; a link to an alias of a page (config/routes.ts),
 * written into this copy's home page, opens as that page of the site; on a phone the form and the preview are two tabs, the preview
 * opening on the section being edited; axe reports nothing on every kind of screen at 1280 and
 * 375 px, and none scrolls sideways (a test per screen and width). Pictures of some of the screens are kept
 * with E2E_SHOTS=1 (e2e/helpers/shots.ts).
 *
 * The editor signs in once per worker (its cookies reused by every test). Each load of the editor
 * reads the content from the server (every file of the site folder's config/), so a test
 * opens its screen once.
 */
import type { Locator, Page } from '@playwright/test';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import admin from '../config/admin';
import forms from '../config/forms';
import routes from '../config/routes';
import site from '../config/site';
import { fieldId } from '../src/content/editor/schemaValues';
import { contentRoutes } from '../src/content/model/contentApi';
import { fill } from '../src/schema/text';
import { loadRealConfig } from '../src/test/realConfig';
import { discardDrafts, signedInByRequest, type SignedIn } from './helpers/admin';
import { animationsDone, expect, test } from './fixtures';
import { EDITOR_SCREEN, expectNoAxeFindings } from './helpers/axe';
import { publishButton } from './helpers/content';
import { screenshots } from './helpers/shots';

const t = admin.content;
const SITE = 'config/site.ts';
let signedIn: SignedIn;
let base: string;
let siteDir: string;

// The editor's shared site (e2e/helpers/editorSite.ts) and a signed-in editor of this file's own per worker: the tests are independent.
test.beforeAll(async ({ editorSite }) => {
  // A sign-in (its password check queued on the server): slow on a busy machine.
  test.setTimeout(120_000);
  ({ base, siteDir } = editorSite);
  signedIn = await signedInByRequest(await editorSite.newAccount('editor'), base);
});
// eslint-disable-next-line no-empty-pattern
test.use({ storageState: async ({}, use) => use(signedIn) });
// Each edit is kept as the account's draft on the server: every test starts from what is published.
test.beforeEach(async ({ page }) => discardDrafts(page, base));

/** `at`: a part of config/site.ts; `section`: a page's section, opened on its own (a page opens as the outline of its sections). */
const editAddress = (file: string, at?: string, section?: number) =>
  `${base}/admin/content/edit?${new URLSearchParams({ file, ...(at ? { at } : {}), ...(section !== undefined ? { section: String(section) } : {}) })}`;
const field = (page: Page, file: string, ...path: Array<string | number>): Locator => page.locator(`#${fieldId(file, path)}`);
const preview = (page: Page) => page.frameLocator('iframe');

/** Each load of the editor waits for the content, read from the site folder's files by the server (slow on a busy machine). */
const CONTENT_READ_MS = 20_000;

async function open(page: Page, file: string, at?: string, section?: number) {
  await page.goto(editAddress(file, at, section), { waitUntil: 'domcontentloaded' });
  await expect(publishButton(page, file)).toBeVisible({ timeout: CONTENT_READ_MS });
}

test('the preview follows edits of the header, the menu, the footer and a form shown on the page', async ({ page }) => {
  const link = site.navigation.links[1]!;
  await open(page, SITE, 'navigation');
  const frame = preview(page);
  const header = frame.getByRole('banner');
  await expect(header.getByRole('link', { name: link.label, exact: true }).first()).toBeAttached({ timeout: 15_000 });
  const newLabel = `${link.label} (edited)`;
  await field(page, SITE, 'navigation', 'links', 1, 'label').fill(newLabel);
  await expect(header.getByRole('link', { name: newLabel, exact: true }).first()).toBeAttached();
  await expect(header.getByRole('link', { name: link.label, exact: true })).toHaveCount(0);

  // Another part of config/site.ts: the footer, with the header's edit still in the draft.
  await page.getByRole('link', { name: t.back }).click();
  await page.getByRole('link', { name: t.siteParts.footer, exact: true }).click();
  const column = site.footer.columns[0]!;
  await field(page, SITE, 'footer', 'columns', 0, 'heading').fill(`${column.heading} (edited)`);
  const footer = preview(page).getByRole('contentinfo');
  await expect(footer.getByRole('heading', { name: `${column.heading} (edited)`, exact: true })).toBeAttached({ timeout: 15_000 });
  await expect(preview(page).getByRole('banner').getByRole('link', { name: newLabel, exact: true }).first()).toBeAttached();

  // A form's label, seen on the page that shows the form.
  const pages = Object.entries(await loadPages());
  const pageOf = (formId: string) => pages.find(([id, p]) => id !== 'privacy' && p.sections.some((s) => (s as { form?: string }).form === formId))?.[0];
  const [formId, form] = Object.entries(forms).find(([id, f]) => pageOf(id) && f.fields.some((x) => x.kind === 'text'))!;
  const pageId = pageOf(formId);
  const fieldIndex = form.fields.findIndex((x) => x.kind === 'text');
  const formFile = `config/forms/${formId}.ts`;
  await open(page, formFile);
  const label = `${form.fields[fieldIndex]!.label} (edited)`;
  await field(page, formFile, 'fields', fieldIndex, 'label').fill(label);
  await page.getByRole('link', { name: t.back }).click();
  const route = routes.routes.find((r) => r.page === pageId)!;
  await page.getByRole('link', { name: new RegExp(`\\(${route.path.replace(/[/]/g, '\\/')}\\)$`) }).click();
  await expect(preview(page).getByText(label).first()).toBeAttached({ timeout: 15_000 });
});

test('a list is reordered with the keyboard: the focus stays on the moved item, the preview follows', async ({ page }) => {
  await open(page, SITE, 'navigation');
  const [first, second] = site.navigation.links;
  const label0 = field(page, SITE, 'navigation', 'links', 0, 'label');
  await label0.focus();
  // Tab from the item's last field to its Move down (Move up is disabled on the first item).
  const moveDown = page.locator(`#${fieldId(SITE, ['navigation', 'links'])}-0-down`);
  for (let i = 0; i < 10 && !(await moveDown.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(moveDown).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(label0).toHaveValue(second!.label);
  await expect(field(page, SITE, 'navigation', 'links', 1, 'label')).toHaveValue(first!.label);
  // The keyboard is on the moved item's Move down, now the second item's.
  await expect(page.locator(`#${fieldId(SITE, ['navigation', 'links'])}-1-down`)).toBeFocused();
  const nav = preview(page).getByRole('banner').getByRole('navigation').first().getByRole('link');
  await expect(nav.nth(0)).toHaveText(second!.label);
  await expect(nav.nth(1)).toHaveText(first!.label);
  // And back up with Move up, still from the keyboard.
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator(`#${fieldId(SITE, ['navigation', 'links'])}-1-up`)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(label0).toHaveValue(first!.label);
});

test('a field reached with Tab or Shift+Tab is never under the sticky Publish bar, problems listed or not', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const home = 'config/pages/home.ts';
  const heroIndex = ((await loadRealConfig()).pages.home!.sections as ReadonlyArray<{ type: string }>).findIndex((s) => s.type === 'hero');
  await open(page, home, undefined, heroIndex);
  const bar = page.getByRole('region', { name: t.publish, exact: true });
  // The editor never glides (the site does, to its anchors): a focus or a keystroke scrolls at
  // once, and a button reached for just after never moves from under the pointer.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior), 'the editor scrolls at once').toBe('auto');
  /**
   * Where the focused element is against the bar's bottom and the window's height, once the page
   * has scrolled it into view: '' when clear of the bar.
   */
  const placeOfFocus = () =>
    page.evaluate(async () => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return '';
      // What sticks of the bar: its first row (the rest of it, in the page's flow, scrolls away).
      const bar = document.querySelector('[data-publish-row]')!;
      if (document.querySelector('[data-publish-bar]')!.contains(el)) return '';
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      // Settled: the same place for three frames in a row.
      for (let i = 0, still = 0, last = NaN; i < 120 && still < 3; i++) {
        const top = el.getBoundingClientRect().top;
        still = top === last ? still + 1 : 0;
        last = top;
        await frame();
      }
      const r = el.getBoundingClientRect();
      const barBottom = bar.getBoundingClientRect().bottom;
      const what = `${el.tagName}#${el.id}`;
      if (r.top < barBottom - 0.5) return `${what} starts at ${r.top}, under the Publish bar ending at ${barBottom}`;
      // A tall text box is scrolled to its caret by the browser: its top line in the window is enough.
      if (r.top + 24 > window.innerHeight) return `${what} starts at ${r.top}, below the window`;
      return '';
    });
  const check = async (step: string) => expect(await placeOfFocus(), step).toBe('');
  const walk = async (key: 'Tab' | 'Shift+Tab', steps: number, name: string) => {
    for (let i = 0; i < steps; i++) {
      await page.keyboard.press(key);
      await check(`${name} ${key} #${i + 1}`);
    }
  };
  await field(page, home, 'sections', heroIndex, 'heading').focus();
  await walk('Tab', 20, 'unchanged');
  await walk('Shift+Tab', 20, 'unchanged');
  // An empty headline: the bar grows with the problem's sentence; a field reached from below stays clear of it.
  await field(page, home, 'sections', heroIndex, 'heading').fill('');
  await expect(bar.getByRole('alert')).toBeVisible();
  await walk('Tab', 8, 'with a problem');
  await walk('Shift+Tab', 8, 'with a problem');
  // The problem's link takes the keyboard to its field, clear of the bar.
  await bar.locator(`a[href="#${fieldId(home, ['sections', heroIndex, 'heading'])}"]`).click();
  await expect(field(page, home, 'sections', heroIndex, 'heading')).toBeFocused();
  await check("the problem's link");
});

const ARTICLE = `config/articles/${
  readdirSync(path.join(process.cwd(), 'config/articles'))
    .filter((name) => name.endsWith('.ts'))
    .sort()[0]!
}`;

/** The bottom of what sticks at the top of the window now (the Publish row, the Edit / Preview tabs): 0 when nothing does. */
const stuckBottom = (page: Page) =>
  page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll<HTMLElement>('body *')]
        .filter((e) => getComputedStyle(e).position === 'sticky')
        .map((e) => e.getBoundingClientRect())
        .filter((r) => r.height > 0 && r.top <= 1)
        .map((r) => r.bottom),
    ),
  );

/** A picture of the window, to look at (test-results/content-screens/, with E2E_SHOTS=1: e2e/helpers/shots.ts). */
const shot = screenshots('content-screens');

for (const width of [1280, 375]) {
  test(`at ${width} px, problems listed, the text gone to has its formatting bar below what sticks`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    await open(page, ARTICLE);
    // A problem listed (an empty title): the text of the article, gone to (as a problem's link goes), has its formatting bar in view.
    await field(page, ARTICLE, 'title').fill('');
    await expect(field(page, ARTICLE, 'title')).toHaveAttribute('aria-invalid', 'true');
    await field(page, ARTICLE, 'body').evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
    const formatBar = page.getByRole('toolbar', { name: t.articles.toolbar, exact: true });
    const barTop = (await formatBar.boundingBox())!.y;
    expect(barTop, 'the formatting bar starts below what sticks at the top').toBeGreaterThanOrEqual((await stuckBottom(page)) - 0.5);
    await shot(page, `text-with-problem-${width}`);
  });

  test(`at ${width} px the schedule's panel, opened with the title and the cover in view, covers neither`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    await open(page, ARTICLE);
    const title = field(page, ARTICLE, 'title');
    await title.fill('A title edited');
    await title.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
    await page.getByRole('button', { name: t.schedule, exact: true }).click();
    const panel = page.getByRole('form', { name: t.scheduleHeading });
    await expect(panel).toBeVisible();
    await animationsDone(page);
    await shot(page, `schedule-open-${width}`);
    // The panel is on the page, not in what sticks at the top; no box in view is under what sticks.
    const sticks = await panel.evaluate((el) => {
      for (let e: Element | null = el; e; e = e.parentElement) if (getComputedStyle(e).position === 'sticky') return true;
      return false;
    });
    expect(sticks, 'the panel sticks at the top').toBe(false);
    const stuck = await stuckBottom(page);
    for (const box of [title, field(page, ARTICLE, 'cover')]) {
      const { y, height } = (await box.boundingBox())!;
      if (y + height > 0 && y < 800) expect(y, `${await box.getAttribute('id')} starts below what sticks at the top`).toBeGreaterThanOrEqual(stuck - 0.5);
    }
    // The panel's time box takes the keyboard, in view.
    await expect(page.getByLabel(t.scheduleAt)).toBeFocused();
    await expect(page.getByLabel(t.scheduleAt)).toBeInViewport();
  });

  test(`at ${width} px every group's name (an item's heading, wrapped or not) is inside its frame, below its top border`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    // The footer's columns, one opened: an item's heading and its links' frames.
    await open(page, SITE, 'footer');
    const links = ['footer', 'columns', 0, 'links'];
    const opener = page.locator(`#${fieldId(SITE, links)}-0-open`);
    if (await opener.count()) await opener.click();
    await expect(field(page, SITE, ...links, 0, 'label')).toBeVisible();
    const onBorder = await page.evaluate(() =>
      // The groups' frames (a text box's outline is a fieldset too, its legend the room for its label on purpose).
      [...document.querySelectorAll<HTMLElement>('fieldset:not(.MuiOutlinedInput-notchedOutline) > legend')]
        .filter((legend) => legend.getClientRects().length > 0)
        .filter((legend) => {
          const frame = legend.parentElement!;
          const inside = frame.getBoundingClientRect().top + parseFloat(getComputedStyle(frame).borderTopWidth);
          return legend.getBoundingClientRect().top < inside - 0.5;
        })
        .map((legend) => legend.textContent),
    );
    expect(onBorder, "names on their frame's border").toEqual([]);
    await field(page, SITE, ...links, 0).evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await shot(page, `group-names-${width}`);
  });
}

for (const width of [1280, 375]) {
  test(`at ${width} px the preview shows the FAQ answer being edited, far down its page, unfolded`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const ABOUT = 'config/pages/about.ts';
    const sections = (await loadRealConfig()).pages.about!.sections as ReadonlyArray<{ type: string; id?: string; items?: unknown[] }>;
    const faq = sections.findIndex((x) => x.type === 'faq');
    const last = sections[faq]!.items!.length - 1;
    expect(last).toBeGreaterThan(0);
    await open(page, ABOUT, undefined, faq);
    const answer = field(page, ABOUT, 'sections', faq, 'items', last, 'answer');
    await answer.focus();
    await answer.press('End');
    if (width < 1000) {
      // On a phone the preview is behind its tab.
      await page.getByRole('tab', { name: t.preview, exact: true }).click();
    }
    const frame = preview(page);
    // The answer's question, unfolded, with the answer shown in the preview's window.
    const questions = frame.locator(`[id="${sections[faq]!.id}"] button[aria-controls]`);
    const question = questions.nth(last);
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    const shown = frame.getByRole('region', { name: await question.innerText() });
    await expect(shown).toBeVisible();
    await expect(shown).toBeInViewport();
    await expect(questions.first()).toHaveAttribute('aria-expanded', 'false');
    await animationsDone(page);
    await shot(page, `faq-answer-previewed-${width}`);
  });
}

test('a cover of another shape is framed before it is sent, cut around the point clicked; its sending shows its progress', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, ARTICLE);
  const sharp = (await import('sharp')).default;
  // A camera's 3:2 photo (noise: a few MB to send), its top 150 rows red.
  const noise = Buffer.alloc(1500 * 1000 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  const photo = await sharp(noise, { raw: { width: 1500, height: 1000, channels: 3 } })
    .composite([{ input: { create: { width: 1500, height: 150, channels: 3, background: '#ff0000' } }, top: 0, left: 0 }])
    .png()
    .toBuffer();
  await page.locator(`#${fieldId(ARTICLE, ['cover'])}-file`).setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo });
  // Framed as the page will cut it: 16:9 of the picture's width, top and bottom darkened, nothing sent yet.
  const slider = page.getByRole('slider', { name: t.focusDown });
  await expect(slider).toBeVisible();
  const chooser = page.locator('[data-cut-chooser]');
  // Scrolled into view as it opens, where the office can aim.
  await expect(chooser.locator('canvas')).toBeInViewport({ ratio: 1 });
  const picture = (await chooser.locator('canvas').boundingBox())!;
  const frame = async () => (await chooser.locator('[data-cut-frame]').boundingBox())!;
  expect((await frame()).height / (await frame()).width).toBeCloseTo(9 / 16, 1);
  expect(Math.abs((await frame()).y + (await frame()).height / 2 - (picture.y + picture.height / 2))).toBeLessThan(2);
  await shot(page, 'cover-framed-centre-1280');
  // A click near the top: the frame goes up to the picture's top edge.
  await page.mouse.click(picture.x + picture.width / 2, picture.y + 4);
  await expect.poll(async () => Math.round((await frame()).y - picture.y)).toBe(0);
  await shot(page, 'cover-framed-top-1280');

  // Every value the progress bar shows while the picture is sent.
  await page.evaluate((name) => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll(`[role="progressbar"][aria-label="${name}"]`)) seen.push(bar.getAttribute('aria-valuenow') ?? 'moving');
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  }, t.uploading);
  const sent = page.waitForRequest((request) => request.url().includes(contentRoutes.contentImage.path));
  await page.getByRole('button', { name: t.uploadCut, exact: true }).click();
  const url = new URL((await sent).url());
  expect(Number(url.searchParams.get('focusY'))).toBeLessThan(0.1);
  await expect(page.getByRole('status').filter({ hasText: t.uploaded })).toBeVisible({ timeout: 60_000 });
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  expect(seen.filter((v) => v !== 'moving').length, 'a progress bar with a value was shown').toBeGreaterThan(0);
  // The preview of the page: the picture cut at its top (its red rows kept), at twice the cover's size.
  await expect(field(page, ARTICLE, 'cover')).toContainText(fill(t.pictureSize, { width: 1500, height: 844 }));
  const src = await field(page, ARTICLE, 'cover').locator('img').getAttribute('src');
  const stored = await (await page.request.get(`${base}${src}`)).body();
  const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
  expect([data[0]! > 200, data[1]! < 60, data[2]! < 60], 'the top left pixel is red').toEqual([true, true, true]);
  await shot(page, 'cover-uploaded-1280');
});

/** Every link of a page config: its key path and its target. */
function hrefPaths(value: unknown, path: Array<string | number> = []): Array<[Array<string | number>, string]> {
  if (Array.isArray(value)) return value.flatMap((v, i) => hrefPaths(v, [...path, i]));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]): Array<[Array<string | number>, string]> =>
    k === 'href' && typeof v === 'string' ? [[[...path, k], v]] : hrefPaths(v, [...path, k]),
  );
}

test('a link to an alias of a page (as config/routes.ts lists it) opens as that page of the site, unchanged', async ({ page }) => {
  // This copy's home page links to an alias (the first one config/routes.ts lists) in its first link,
  // whatever the office's content links to.
  const alias = routes.routes.flatMap((r) => r.aliases ?? [])[0];
  expect(alias, 'config/routes.ts lists an alias').toBeDefined();
  const file = 'config/pages/home.ts';
  const [first] = hrefPaths((await loadRealConfig()).pages.home!);
  expect(first, 'the home page has a link').toBeDefined();
  const [linkPath, href] = first!;
  const source = readFileSync(path.join(siteDir, file), 'utf8');
  const link = `href: '${href}'`;
  expect(source).toContain(link);
  writeFileSync(path.join(siteDir, file), source.replace(link, `href: '${alias}'`));
  try {
    await open(page, file, undefined, linkPath[1] as number);
    const target = field(page, file, ...linkPath);
    await expect(target).toContainText(`(${alias})`);
    await expect(target.locator('xpath=ancestor::div[contains(@class, "MuiStack-root")][1]').getByRole('combobox').first()).toHaveText(t.linkPage);
    await expect(page.getByRole('region', { name: t.publish, exact: true }).getByRole('status')).toHaveText(t.statusPublished);
  } finally {
    writeFileSync(path.join(siteDir, file), source);
  }
});

async function loadPages() {
  const pages: Record<string, { sections: ReadonlyArray<{ type: string }> }> = {};
  Object.assign(pages, (await loadRealConfig()).pages);
  return pages;
}

/**
 * Every kind of editor screen: a page with a form, a part of the site, a form (its keys
 * read-only), an error state, the revisions; each opened at once at its own address (one load of
 * the editor), in a test of its own per width.
 */
const screens: Array<[string, (page: Page) => Promise<void>]> = [
  [
    'the list',
    async (page) => {
      await page.goto(`${base}/admin/content`);
      await expect(page.getByRole('heading', { name: t.heading, level: 1 })).toBeVisible({ timeout: CONTENT_READ_MS });
    },
  ],
  ['the contact page', (page) => open(page, 'config/pages/contact.ts')],
  [
    "the contact page's preview",
    async (page) => {
      const contact = 'config/pages/contact.ts';
      const sections = (await loadRealConfig()).pages.contact!.sections as ReadonlyArray<{ type: string; src?: string }>;
      const last = sections.length - 1;
      const wide = (page.viewportSize()?.width ?? 0) >= 1280;
      await open(page, contact, undefined, wide ? undefined : last);
      const tabs = page.getByRole('tab');
      if (wide) {
        // Beside the form: no tabs.
        await expect(page.getByRole('region', { name: t.preview, exact: true })).toBeVisible();
        await expect(tabs).toHaveCount(0);
        // A map (the inbox frames no other site) is its place and a link to its address, never a blank frame.
        const preview = page.frameLocator('iframe');
        const maps = sections.filter((x) => x.type === 'map');
        await expect(preview.getByRole('link', { name: t.openMap })).toHaveCount(maps.length);
        for (const [i, map] of maps.entries()) await expect(preview.getByRole('link', { name: t.openMap }).nth(i)).toHaveAttribute('href', map.src!);
        return expect(preview.locator('iframe')).toHaveCount(0);
      }
      // On a phone: a field of the last section (opened on its own) is being edited, then the Preview tab is chosen from the keyboard.
      expect(last).toBeGreaterThan(0);
      const input = page.locator(`input[id^="${fieldId(contact, ['sections', last])}-"]`).first();
      // Focused and scrolled to at once (the inbox scrolls smoothly otherwise).
      await input.evaluate((el) => {
        el.focus({ preventScroll: true });
        el.scrollIntoView({ block: 'center', behavior: 'instant' });
      });
      await expect(input).toBeFocused();
      const form = page.getByRole('form');
      await expect(page.getByRole('region', { name: t.preview, exact: true })).toBeHidden();
      await page.getByRole('tab', { name: t.preview, exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('tab', { name: t.preview, exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name: t.preview, exact: true })).toBeFocused();
      await expect(page.getByRole('region', { name: t.preview, exact: true })).toBeInViewport();
      await expect(form).toBeHidden();
      // The preview shows the section being edited, not the top of the page.
      await expect.poll(() => page.locator('iframe').evaluate((f: HTMLIFrameElement) => f.contentWindow?.scrollY ?? 0)).toBeGreaterThan(0);
      await expectNoAxeFindings(page, "the contact page's preview tab at 375 px", EDITOR_SCREEN);
      // Edit: the form again, where it was.
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Enter');
      await expect(form).toBeVisible();
      await expect(input).toBeInViewport();
    },
  ],
  ['the footer', (page) => open(page, SITE, 'footer')],
  [
    'a cover framed before it is sent',
    async (page) => {
      await open(page, ARTICLE);
      const sharp = (await import('sharp')).default;
      const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366aa' } })
        .png()
        .toBuffer();
      await page.locator(`#${fieldId(ARTICLE, ['cover'])}-file`).setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo });
      await expect(page.getByRole('slider', { name: t.focusDown })).toBeVisible();
    },
  ],
  ['a form', (page) => open(page, `config/forms/${Object.keys(forms)[0]}.ts`)],
  [
    'a problem',
    async (page) => {
      await open(page, SITE, 'navigation');
      await field(page, SITE, 'navigation', 'links', 0, 'label').fill('');
      await expect(field(page, SITE, 'navigation', 'links', 0, 'label')).toHaveAttribute('aria-invalid', 'true');
    },
  ],
  [
    'the revisions',
    async (page) => {
      await page.goto(`${base}/admin/content/revisions`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: CONTENT_READ_MS });
    },
  ],
];

for (const width of [1280, 375]) {
  test.describe(`at ${width} px, axe reports nothing and nothing scrolls sideways`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const [name, show] of screens) {
      test(name, async ({ page }) => {
        // The editor of a whole page is a long form: axe takes a while on it on a busy machine.
        test.slow();
        await show(page);
        await animationsDone(page);
        await expectNoAxeFindings(page, `${name} at ${width} px`, EDITOR_SCREEN);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          `${name} at ${width} px scrolls sideways by`,
        ).toBeLessThanOrEqual(0);
      });
    }
  });
}
