/**
 * The editor in the office's words, on the editor's shared site (e2e/helpers/editorSite.ts: a copy
 * of this site; nothing is published here): a long page opens as the outline of its sections, each opened
 * on its own screen; a refused value shows the office's sentence under its box and, with its place,
 * above Publish, never a key path or a file; a problem's link opens its section; the phone number
 * is one value, which the contact bar and the footer both show; a form's screen shows no box of the
 * data contract. Axe reports nothing on the outline and a section at 1280 and 375 px, and each is
 * photographed (test-results/office-words/) to be looked at.
 */
import type { Locator, Page } from '@playwright/test';
import admin from '../config/admin';
import forms from '../config/forms';
import site from '../config/site';
import { inOfficeWords } from '../src/admin/content/files';
import { fieldId } from '../src/admin/content/model';
import { checkContent } from '../src/config/checkContent';
import { labelOf, placeOf, sectionNameOf } from '../src/config/place';
import { loadRealConfig } from '../src/test/realConfig';
import { fill } from '../src/shared/text';
import { signedInState, type SignedIn } from './helpers/admin';
import { publishButton } from './helpers/content';
import { animationsDone, expect, test } from './fixtures';
import { screenshots } from './helpers/shots';
import { EDITOR_SCREEN, expectNoAxeFindings } from './helpers/axe';

const t = admin.content;
const HOME = 'config/pages/home.ts';
const SITE = 'config/site.ts';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let signedIn: SignedIn;
let base: string;
let home: Json;

// The editor's site shared by the editor's journeys (e2e/helpers/editorSite.ts), its server's own address.
test.beforeAll(async ({ browser, editorSite }) => {
  // A sign-in and the content read: slow on a busy machine.
  test.setTimeout(120_000);
  base = editorSite.base;
  signedIn = await signedInState(browser, await editorSite.newAccount('editor'), base, t.heading);
  home = (await loadRealConfig()).pages.home as Json;
});
// eslint-disable-next-line no-empty-pattern
test.use({ storageState: async ({}, use) => use(signedIn) });

/** Each load of the editor waits for the content, read from the site folder's files by the server (slow on a busy machine). */
const CONTENT_READ_MS = 20_000;
const field = (page: Page, file: string, ...path: Array<string | number>): Locator => page.locator(`#${fieldId(file, path)}`);
const shot = screenshots('office-words');
const heroIndex = () => (home.sections as Json[]).findIndex((s) => s.type === 'hero');
/** The boxes of a section (its fields and groups; its Move and Remove buttons stay in the outline). */
const boxesOf = (page: Page, index: number) => page.locator(['input', 'textarea', 'fieldset'].map((tag) => `${tag}[id^="${fieldId(HOME, ['sections', index])}-"]`).join(', '));
const openLink = (page: Page, index: number) => page.getByRole('link', { name: fill(t.openSectionNamed, { name: sectionNameOf(home.sections, index) }), exact: true });

async function open(page: Page, file: string, params: Record<string, string> = {}) {
  await page.goto(`${base}/admin/content/edit?${new URLSearchParams({ file, ...params })}`, { waitUntil: 'domcontentloaded' });
  await expect(publishButton(page, file)).toBeVisible({ timeout: CONTENT_READ_MS });
}

test('a long page opens as the outline of its sections; one opened on its own shows its boxes, and the way back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, HOME);
  const sections = home.sections as Json[];
  // One line per section, named by its kind (and heading), with the way to open it; none of their boxes.
  for (const [i] of sections.entries()) await expect(openLink(page, i)).toBeVisible();
  for (const [i] of sections.entries()) await expect(boxesOf(page, i)).toHaveCount(0);
  // The page's own boxes stay (its title, its description).
  await expect(field(page, HOME, 'title')).toBeVisible();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  test.info().annotations.push({ type: 'outline height at 1280 px', description: `${height} px` });

  const hero = heroIndex();
  await openLink(page, hero).click();
  await expect(page).toHaveURL(new RegExp(`[?&]section=${hero}\\b`));
  const pageName = placeOf(HOME, home, [])[0]!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([pageName, sectionNameOf(sections, hero)].join(t.placeJoint));
  await expect(field(page, HOME, 'sections', hero, 'heading')).toHaveValue(sections[hero]!.heading);
  // Only this section's boxes.
  for (const [i] of sections.entries()) if (i !== hero) await expect(boxesOf(page, i)).toHaveCount(0);
  await expect(boxesOf(page, hero)).not.toHaveCount(0);
  await page.getByRole('link', { name: fill(t.backToOutline, { page: pageName }), exact: true }).click();
  await expect(openLink(page, hero)).toBeVisible();
});

test("a refused value: the office's sentence under its box and, with its place, above Publish; from the outline its link opens the section", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const hero = heroIndex();
  await open(page, HOME, { section: String(hero) });
  const at = ['sections', hero, 'heading'];
  const heading = field(page, HOME, ...at);
  await heading.fill('');
  const edited = JSON.parse(JSON.stringify(home)) as Json;
  edited.sections[hero].heading = '';
  const snapshot = { revision: '', files: [{ file: HOME, value: edited }], drafts: [], publicFiles: [] };
  const refusal = checkContent({ pages: { home: edited } }, () => true).find((p) => JSON.stringify(p.path) === JSON.stringify(at))!;
  expect(refusal.words.kind).toBe('empty');
  const said = inOfficeWords(refusal, snapshot.files[0]!.value);
  // Whole under its box, starting with the box's name.
  expect(said.field.startsWith(labelOf('heading'))).toBe(true);
  await expect(heading).toHaveAttribute('aria-invalid', 'true');
  await expect(heading).toHaveAccessibleDescription(said.field);
  const bar = page.getByRole('region', { name: t.publish, exact: true });
  await expect(bar.getByRole('link', { name: said.message, exact: true })).toBeVisible();
  // Nothing the editor says names a key path, a file or a developer's step.
  for (const text of [await bar.innerText(), await page.getByRole('form').innerText()]) expect(text).not.toMatch(/sections\[|config\/|\.ts\b|between the quotes/);
  await animationsDone(page);
  await expectNoAxeFindings(page, 'a refused value at 1280 px', EDITOR_SCREEN);
  await shot(page, 'refused-1280');

  // Back at the outline: the section says it has a problem; the problem's link opens it, on its box.
  await page.getByRole('link', { name: fill(t.backToOutline, { page: placeOf(HOME, home, [])[0]! }), exact: true }).click();
  await expect(page.getByText(t.sectionProblemsOne, { exact: true })).toBeVisible();
  await bar.getByRole('link', { name: said.message, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]section=${hero}\\b`));
  await expect(field(page, HOME, ...at)).toBeFocused();
});

test('the phone number is one value: changed once in the contact details, the contact bar and the footer both show it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, SITE, { at: 'contact' });
  const number = '+1 (555) 010-0123';
  await field(page, SITE, 'contact', 'phone', 'label').fill(number);
  // The number called must be the one shown: until the link follows, the editor says so in words.
  await expect(field(page, SITE, 'contact', 'phone', 'href')).toHaveAttribute('aria-invalid', 'true');
  await field(page, SITE, 'contact', 'phone', 'href').fill('tel:+15550100123');
  await expect(field(page, SITE, 'contact', 'phone', 'href')).not.toHaveAttribute('aria-invalid', 'true');
  const preview = page.frameLocator('iframe');
  await expect(preview.getByRole('complementary', { name: site.ui.contactBarLabel }).getByRole('link', { name: number })).toHaveAttribute('href', 'tel:+15550100123');
  await expect(preview.getByRole('contentinfo').getByRole('link', { name: number })).toHaveAttribute('href', 'tel:+15550100123');
  await expect(preview.getByRole('link', { name: site.contact.phone.label })).toHaveCount(0);
  // The footer's column shows it by a switch, not by a copy of the number.
  await page.getByRole('link', { name: t.back, exact: true }).click();
  await page.getByRole('link', { name: t.siteParts.footer, exact: true }).click();
  await expect(page.getByRole('switch', { name: labelOf('showPhone') }).first()).toBeVisible();
  await expect(page.getByRole('form').getByText(number)).toHaveCount(0);
});

test("a form's screen shows no box of the data contract or a developer's setting", async ({ page }) => {
  const id = Object.keys(forms).find((f) => (forms as Record<string, { fields: Array<{ autoComplete?: string }> }>)[f]!.fields.some((x) => x.autoComplete));
  await open(page, `config/forms/${id}.ts`);
  const form = page.getByRole('form');
  for (const key of ['collection', 'autoComplete', 'valueAfterReset', 'variant', 'retention', 'days', 'cvDays', 'kind', 'name']) {
    await expect(form.getByLabel(labelOf(key), { exact: true })).toHaveCount(0);
  }
  await expect(form.getByRole('group', { name: labelOf('retention') })).toHaveCount(0);
});

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test('the outline and a section: axe reports nothing, nothing scrolls sideways', async ({ page }) => {
      test.slow();
      await open(page, HOME);
      await animationsDone(page);
      await expectNoAxeFindings(page, `the outline at ${width} px`, EDITOR_SCREEN);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await shot(page, `outline-${width}`);
      await openLink(page, heroIndex()).click();
      await expect(field(page, HOME, 'sections', heroIndex(), 'heading')).toBeVisible();
      await animationsDone(page);
      await expectNoAxeFindings(page, `a section at ${width} px`, EDITOR_SCREEN);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await shot(page, `section-${width}`);
    });
  });
}
