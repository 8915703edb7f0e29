/**
 * The content editor's screens as the office uses them, on the editor's shared site
 * (e2e/helpers/editorSite.ts: a copy of this site; nothing is published here: e2e/content.e2e.ts publishes):
 * the preview follows an edit of the site's header, menu and footer and of a form's texts on the
 * page that shows the form; a list is reordered with the keyboard alone; a field reached with Tab
 * or Shift+Tab is never under the sticky Publish bar; a link to an alias of a page (config/routes.ts),
 * written into this copy's home page, opens as that page of the site; on a phone the form and the preview are two tabs, the preview
 * opening on the section being edited; axe reports nothing on every kind of screen at 1280 and
 * 375 px, and none scrolls sideways (a test per screen and width).
 *
 * The editor signs in once per worker (its cookies reused by every test). Each load of the editor
 * reads the content from the server (every file of the site folder's config/), so a test
 * opens its screen once.
 */
import type { Locator, Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import admin from '../config/admin';
import forms from '../config/forms';
import routes from '../config/routes';
import site from '../config/site';
import { fieldId } from '../src/content/editor/model';
import { loadRealConfig } from '../src/test/realConfig';
import { discardDrafts, signedInState, type SignedIn } from './helpers/admin';
import { animationsDone, expect, test } from './fixtures';
import { EDITOR_SCREEN, expectNoAxeFindings } from './helpers/axe';
import { publishButton } from './helpers/content';

const t = admin.content;
const SITE = 'config/site.ts';
let signedIn: SignedIn;
let base: string;
let siteDir: string;

// The editor's shared site (e2e/helpers/editorSite.ts) and a signed-in editor of this file's own per worker: the tests are independent.
test.beforeAll(async ({ browser, editorSite }) => {
  // A sign-in and the content read: slow on a busy machine.
  test.setTimeout(120_000);
  ({ base, siteDir } = editorSite);
  signedIn = await signedInState(browser, await editorSite.newAccount('editor'), base, t.heading);
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
      const bar = document.querySelector('[data-publish-bar]')!;
      if (bar.contains(el)) return '';
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
