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
import { writeFileSync } from 'node:fs';
import admin from '../config/admin';
import forms from '../config/forms';
import server from '../config/server';
import routes from '../config/routes';
import site from '../config/site';
import { inOfficeWords } from '../src/content/editor/editedFiles';
import { fieldId } from '../src/content/editor/schemaValues';
import { checkContent } from '../src/content/model/checkContent';
import { addItemLabel, labelOf, placeOf, sectionNameOf } from '../src/content/model/officeSentences';
import { loadRealConfig } from '../src/test/realConfig';
import { fill } from '../src/schema/text';
import { contentRoutes, type ContentSnapshot } from '../src/content/model/contentApi';
import { discardDrafts, signedInByRequest, type SignedIn } from './helpers/admin';
import { CSRF_HEADER } from '../src/platform/signIn';
import { adminRoutes } from '../src/platform/inboxRoutes';
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
test.beforeAll(async ({ editorSite }) => {
  // A sign-in (its password check queued on the server): slow on a busy machine.
  test.setTimeout(120_000);
  base = editorSite.base;
  signedIn = await signedInByRequest(await editorSite.newAccount('editor'), base);
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
const boxesOf = (page: Page, index: number) =>
  page.locator(['input', 'textarea', 'fieldset'].map((tag) => `${tag}[id^="${fieldId(HOME, ['sections', index])}-"]`).join(', '));
const openLink = (page: Page, index: number) =>
  page.getByRole('link', { name: fill(t.openSectionNamed, { name: sectionNameOf(home.sections, index) }), exact: true });

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

test("a refused value: the office's sentence under its box and, with its place, above Publish; from the outline its link opens the section", async ({
  page,
}) => {
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
  for (const text of [await bar.innerText(), await page.getByRole('form').innerText()])
    expect(text).not.toMatch(/sections\[|config\/|\.ts\b|between the quotes/);
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
  await expect(preview.getByRole('complementary', { name: site.ui.contactBarLabel }).getByRole('link', { name: number })).toHaveAttribute(
    'href',
    'tel:+15550100123',
  );
  await expect(preview.getByRole('contentinfo').getByRole('link', { name: number })).toHaveAttribute('href', 'tel:+15550100123');
  await expect(preview.getByRole('link', { name: site.contact.phone.label })).toHaveCount(0);
  // The footer's column shows it by a switch, not by a copy of the number.
  await page.getByRole('link', { name: t.back, exact: true }).click();
  await page.getByRole('link', { name: t.siteParts.footer, exact: true }).click();
  await expect(page.getByRole('switch', { name: labelOf('showPhone') }).first()).toBeVisible();
  await expect(page.getByRole('form').getByText(number)).toHaveCount(0);
});

test("the site's e-mail address, which only an owner changes, says why to an editor: visitors' answers come back to it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, SITE, { at: 'contact' });
  const address = field(page, SITE, 'contact', 'email', 'href');
  await expect(address).not.toBeEditable();
  const group = field(page, SITE, 'contact', 'email');
  await expect(group).toContainText(t.ownerOnly.answers);
  for (const why of Object.values(t.ownerOnly)) if (why !== t.ownerOnly.answers) await expect(group).not.toContainText(why);
  await group.scrollIntoViewIfNeeded();
  await shot(page, 'owner-only-email-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await group.scrollIntoViewIfNeeded();
  await shot(page, 'owner-only-email-375');
});

test.describe('a value worked out in code', () => {
  // The publish the server refuses, on purpose: the browser logs its 400.
  test.use({ expectedConsoleErrors: /the server responded with a status of 400/ });

  test("a value the site works out from other content (the About page's WhatsApp button follows the phone number): its box is read-only and says so, the search does not offer it; a draft that changes it anyway is refused in words, never as a picture not uploaded", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const ABOUT = 'config/pages/about.ts';
    const snapshot = (await (await page.request.get(`${base}${contentRoutes.content.path}`)).json()) as ContentSnapshot;
    const about = snapshot.files.find((f) => f.file === ABOUT)!;
    const sections = (about.value as Json).sections as Json[];
    const index = sections.findIndex((s) => (s.actions as Json[] | undefined)?.some((a) => String(a.href).startsWith('https://wa.me/')));
    const action = (sections[index]!.actions as Json[]).findIndex((a) => String(a.href).startsWith('https://wa.me/'));
    const at = ['sections', index, 'actions', action, 'href'];
    expect(about.fromCode).toContainEqual(at);

    // The search for the button's link itself, whole, finds no box to change (the phone's boxes hold the number, in another form).
    const href = String((sections[index]!.actions as Json[])[action]!.href);
    await page.goto(`${base}/admin/content?${new URLSearchParams({ find: href })}`);
    await expect(page.getByRole('search').getByRole('status')).not.toBeEmpty({ timeout: CONTENT_READ_MS });
    await expect(page.getByRole('link', { name: placeOf(ABOUT, about.value, at).join(t.placeJoint), exact: true })).toHaveCount(0);

    // Its box shows the link, read-only, with the line saying why.
    await open(page, ABOUT, { section: String(index) });
    const box = field(page, ABOUT, ...at);
    await expect(box).toBeVisible();
    await expect(box).not.toBeEditable();
    await expect(page.getByText(t.fromCode)).toBeVisible();
    await box.scrollIntoViewIfNeeded();
    await shot(page, 'from-code-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await box.scrollIntoViewIfNeeded();
    await shot(page, 'from-code-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A draft that changes it all the same (made before the box was read-only): Publish says nothing was published, and why.
    const me = (await (await page.request.get(`${base}${adminRoutes.me.path}`)).json()) as { csrfToken: string };
    const changed = JSON.parse(JSON.stringify(about.value)) as Json;
    changed.sections[index].actions[action].href = 'https://wa.me/442079460999';
    const saved = await page.request.post(`${base}${contentRoutes.contentDraftSave.path}`, {
      data: { file: ABOUT, value: changed, base: snapshot.revision },
      headers: { [CSRF_HEADER]: me.csrfToken },
    });
    expect(saved.status()).toBe(200);
    try {
      await open(page, ABOUT, { section: String(index) });
      await publishButton(page, ABOUT).click();
      const refused = page.getByRole('alert').filter({ hasText: t.publishRefused });
      await expect(refused).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText(t.uploadFailed)).toHaveCount(0);
      await shot(page, 'publish-refused-1280');
      await page.setViewportSize({ width: 375, height: 800 });
      await expect(refused).toBeVisible();
      await shot(page, 'publish-refused-375');
    } finally {
      // Only this page's draft: the other tests of this account keep theirs.
      await page.request.post(`${base}${contentRoutes.contentDraftDiscard.path}`, { data: { file: ABOUT }, headers: { [CSRF_HEADER]: me.csrfToken } });
    }
  });
});

test('a value worked out in code stays read-only on its own section when a draft moves the sections: the section moved into its place is editable', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const ABOUT = 'config/pages/about.ts';
  const snapshot = (await (await page.request.get(`${base}${contentRoutes.content.path}`)).json()) as ContentSnapshot;
  const about = snapshot.files.find((f) => f.file === ABOUT)!;
  const sections = (about.value as Json).sections as Json[];
  const index = sections.findIndex((s) => (s.actions as Json[] | undefined)?.some((a) => String(a.href).startsWith('https://wa.me/')));
  const action = (sections[index]!.actions as Json[]).findIndex((a) => String(a.href).startsWith('https://wa.me/'));
  expect(about.fromCode).toContainEqual(['sections', index, 'actions', action, 'href']);
  // A draft that moves the section before it into its place, with a button of its own (its link written as text).
  const other = sections.findIndex((s, i) => i < index && s.type === sections[index]!.type);
  expect(other).toBeGreaterThanOrEqual(0);
  const draft = JSON.parse(JSON.stringify(about.value)) as Json;
  const [moved] = draft.sections.splice(other, 1);
  moved.actions = Array.from({ length: action + 1 }, (_, i) => ({ ...sections[index]!.actions[action], href: `https://example.com/${i}` }));
  draft.sections.splice(index, 0, moved);
  const me = (await (await page.request.get(`${base}${adminRoutes.me.path}`)).json()) as { csrfToken: string };
  const saved = await page.request.post(`${base}${contentRoutes.contentDraftSave.path}`, {
    data: { file: ABOUT, value: draft, base: snapshot.revision },
    headers: { [CSRF_HEADER]: me.csrfToken },
  });
  expect(saved.status()).toBe(200);
  try {
    // The section worked out in code is now one place up: its box there is read-only and says so.
    await open(page, ABOUT, { section: String(index - 1) });
    const worked = field(page, ABOUT, 'sections', index - 1, 'actions', action, 'href');
    await expect(worked).toBeVisible();
    await expect(worked).not.toBeEditable();
    await expect(page.getByText(t.fromCode)).toBeVisible();
    await worked.scrollIntoViewIfNeeded();
    await shot(page, 'from-code-moved-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await worked.scrollIntoViewIfNeeded();
    await shot(page, 'from-code-moved-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    // The section moved into its old place: its own link is the office's to change.
    await open(page, ABOUT, { section: String(index) });
    const own = field(page, ABOUT, 'sections', index, 'actions', action, 'href');
    await expect(own).toHaveValue(`https://example.com/${action}`);
    await expect(own).toBeEditable();
    await expect(page.getByText(t.fromCode)).toHaveCount(0);
  } finally {
    await page.request.post(`${base}${contentRoutes.contentDraftDiscard.path}`, { data: { file: ABOUT }, headers: { [CSRF_HEADER]: me.csrfToken } });
  }
});

test("a list adds by the name of what it holds; the search says a link by its page's title and finds no picture by its file", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, HOME, { section: String(heroIndex()) });
  const actions = field(page, HOME, 'sections', heroIndex(), 'actions');
  // "Add button", not the list's own name.
  await expect(actions.getByRole('button', { name: addItemLabel('actions', labelOf('actions')), exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: fill(t.addNamed, { name: labelOf('actions') }), exact: true })).toHaveCount(0);

  // The search: a menu link to a page is said by that page's title; a picture's file name finds nothing.
  const menuLink = site.navigation.links.find((l) => l.href.startsWith('/') && l.href.length > 4)!;
  const pageId = routes.routes.find((r) => r.path === menuLink.href)!.page;
  // The page's title as the shared server has it now (other tests publish changes to the pages).
  const live = (await (await page.request.get(`${base}${contentRoutes.content.path}`)).json()) as ContentSnapshot;
  const title = (live.files.find((f) => f.file === `config/pages/${pageId}.ts`)!.value as { title: string }).title;
  await page.goto(`${base}/admin/content?${new URLSearchParams({ find: menuLink.href })}`, { waitUntil: 'domcontentloaded' });
  const results = page.locator('#content-search-results');
  // Found by its address, said by its page's title.
  await expect(results.getByRole('list', { name: t.search.heading }).getByText(title, { exact: true }).first()).toBeVisible({ timeout: CONTENT_READ_MS });
  await expect(results.getByText(menuLink.href, { exact: true })).toHaveCount(0);
  const picture = (home.sections as Json[]).find((x) => x.image?.src)!.image.src as string;
  await page.getByRole('searchbox', { name: t.search.label }).fill(picture);
  await expect(results.getByRole('status')).toHaveText(t.search.none);
  await shot(page, 'search-by-title-1280');
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

test("a 500-character title and a 30 MB photo are refused in words; the screen's heading keeps to three lines", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const uploads: string[] = [];
  page.on('request', (request) => void (request.url().includes(contentRoutes.contentImage.path) && uploads.push(request.url())));
  try {
    await open(page, HOME);
    const long = Array.from({ length: 100 }, (_, i) => `word${i}`)
      .join(' ')
      .slice(0, 500);
    await field(page, HOME, 'title').fill(long);
    const edited = { ...home, title: long };
    const refusal = checkContent({ pages: { home: edited } }, () => true).find((p) => JSON.stringify(p.path) === '["title"]')!;
    expect(refusal.words).toEqual({ kind: 'tooLong', values: { count: 500, max: 70 } });
    const said = inOfficeWords(refusal, edited);
    await expect(field(page, HOME, 'title')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, HOME, 'title')).toHaveAccessibleDescription(new RegExp(`^${said.field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    const bar = page.getByRole('region', { name: t.publish, exact: true });
    await expect(bar.getByRole('link', { name: said.message, exact: true })).toBeVisible();
    await expect(publishButton(page, HOME)).toBeDisabled();
    // The screen's heading (the page's title) wraps and is cut at three lines, not half the screen.
    const heading = page.getByRole('heading', { level: 1 });
    const lines = await heading.evaluate((h) => h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight));
    expect(lines).toBeLessThanOrEqual(3.05);
    await shot(page, 'long-title-1280');

    // A phone's 30 MB photo: the limit and what to do, and nothing is sent.
    const pictured = (home.sections as Json[]).findIndex((s) => s.image !== undefined);
    await open(page, HOME, { section: String(pictured) });
    const photo = test.info().outputPath('photo.jpg');
    writeFileSync(photo, Buffer.alloc(30 * 1024 * 1024));
    await page.locator(`#${fieldId(HOME, ['sections', pictured, 'image'])}-file`).setInputFiles(photo);
    const sentence = fill(server.admin.messages.imageTooLarge, { max: Math.floor(server.admin.imageMaxBytes / 1048576) });
    await expect(page.getByRole('status').filter({ hasText: sentence })).toBeVisible();
    expect(uploads).toEqual([]);
  } finally {
    await discardDrafts(page, base);
  }
});

test("on a phone: Publish stays at the top; a footer column's links open one at a time; a new article lists what it still needs until Publish is pressed, its formatting fits one row, its link box offers https://", async ({
  page,
}) => {
  test.slow();
  const a = t.articles;
  await page.setViewportSize({ width: 375, height: 800 });
  try {
    await open(page, SITE, { at: 'footer' });
    const links = ['footer', 'columns', 0, 'links'];
    await expect(field(page, SITE, ...links, 0)).toBeVisible();
    await expect(field(page, SITE, ...links, 0, 'label')).toHaveCount(0);
    await page.locator(`#${fieldId(SITE, links)}-0-open`).click();
    await expect(field(page, SITE, ...links, 0, 'label')).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    test.info().annotations.push({ type: 'footer screen height at 375 px', description: `${height} px` });
    await shot(page, 'footer-375', true);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect(publishButton(page, SITE)).toBeInViewport();

    // A new article: what it still needs, as a list of its boxes, not as problems.
    await page.goto(`${base}/admin/content`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: a.add, exact: true }).click({ timeout: CONTENT_READ_MS });
    await page.getByLabel(a.newTitle).fill(`A new article ${Date.now()}`);
    await page.getByRole('button', { name: a.create, exact: true }).click();
    const checklist = page.getByRole('region', { name: t.publish, exact: true }).getByRole('status').filter({ hasText: t.checklist });
    await expect(checklist.getByRole('listitem')).toHaveText([labelOf('summary'), labelOf('cover'), labelOf('author'), labelOf('body')]);
    await expect(page.getByRole('form').locator('[aria-invalid="true"]')).toHaveCount(0);
    await expect(page.getByRole('form').getByText(fill(t.pictureSize, { width: 1, height: 1 }))).toHaveCount(0);
    const toolbar = page.getByRole('toolbar', { name: a.toolbar });
    await expect(toolbar).toBeVisible({ timeout: CONTENT_READ_MS });
    // One row: the toolbar is as high as its buttons, the rest under More.
    const [row, button] = await Promise.all([toolbar.boundingBox(), toolbar.getByRole('button', { name: a.more, exact: true }).boundingBox()]);
    expect(row!.height).toBeLessThan(button!.height * 1.5);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectNoAxeFindings(page, `a new article at ${width} px`, EDITOR_SCREEN);
      await shot(page, `new-article-${width}`);
    }
    await page.setViewportSize({ width: 375, height: 800 });

    // The link box: what it takes, and https:// offered before an address typed without it.
    await page.locator(`#${fieldId(file(page), ['body'])}`).click();
    await page.keyboard.type('Visit us');
    for (let i = 0; i < 'us'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await toolbar.getByRole('button', { name: a.link, exact: true }).click();
    const address = page.getByRole('combobox', { name: a.linkAddress });
    await expect(address).toHaveAccessibleDescription(a.linkHelp);
    await address.fill('www.example.com');
    await expect(page.getByRole('button', { name: a.linkApply, exact: true })).toBeDisabled();
    await page.getByRole('button', { name: fill(a.linkUse, { address: 'https://www.example.com' }), exact: true }).click();
    await expect(address).toHaveValue('https://www.example.com');
    await page.getByRole('button', { name: a.linkApply, exact: true }).click();
    await expect(page.locator(`#${fieldId(file(page), ['body'])} a[href="https://www.example.com"]`)).toHaveText('us');

    // Publish pressed: the checker's sentences, on their boxes; nothing is published.
    await publishButton(page, file(page)).click();
    await expect(page.getByRole('region', { name: t.publish, exact: true }).getByRole('alert')).toBeVisible();
    await expect(field(page, file(page), 'summary')).toHaveAttribute('aria-invalid', 'true');
    await expect(publishButton(page, file(page))).toBeDisabled();
    await shot(page, 'new-article-pressed-375');
  } finally {
    await discardDrafts(page, base);
  }
});

test('a link in an article: a page chosen by its title, an address typed in any case mended, one that is no page refused in the box; a wrong link in the text is said as itself, not as a box to fill', async ({
  page,
}) => {
  test.slow();
  const a = t.articles;
  const { pages } = await loadRealConfig();
  // A page whose address has capitals (so a person may type it in small letters), with its title.
  const route = routes.routes.find((r) => r.path !== r.path.toLowerCase() && !(r.aliases ?? []).some((x) => x.toLowerCase() === r.path.toLowerCase()))!;
  const title = (pages[route.page] as Json).title as string;
  const nowhere = `/no-page-${Date.now()}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  try {
    await page.goto(`${base}/admin/content`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: a.add, exact: true }).click({ timeout: CONTENT_READ_MS });
    await page.getByLabel(a.newTitle).fill(`Links ${Date.now()}`);
    await page.getByRole('button', { name: a.create, exact: true }).click();
    const toolbar = page.getByRole('toolbar', { name: a.toolbar });
    await expect(toolbar).toBeVisible({ timeout: CONTENT_READ_MS });
    const body = page.locator(`#${fieldId(file(page), ['body'])}`);
    const address = page.getByRole('combobox', { name: a.linkAddress });
    const apply = page.getByRole('button', { name: a.linkApply, exact: true });
    /** Selects the last `n` characters typed, and opens the link box. */
    const linkLast = async (n: number) => {
      for (let i = 0; i < n; i++) await page.keyboard.press('Shift+ArrowLeft');
      await toolbar.getByRole('button', { name: a.link, exact: true }).click();
      await expect(address).toBeFocused();
    };

    // Chosen from the list, found by a part of its title in small letters: its address is in the box.
    await body.click();
    await page.keyboard.type('Read one');
    await linkLast('one'.length);
    await address.fill(title.slice(0, 4).toLowerCase());
    const option = page.getByRole('option').filter({ hasText: title });
    await expect(option).toContainText(route.path);
    // Words being searched are not yet a wrong address.
    await expect(address).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeFindings(page, 'the link box with its list of pages', EDITOR_SCREEN);
    await shot(page, 'link-pages-1280');
    await option.click();
    await expect(address).toHaveValue(route.path);
    await apply.click();
    await expect(body.locator(`a[href="${route.path}"]`)).toHaveText('one');

    // The link opened again: its address is in the box.
    await page.keyboard.press('End');
    await linkLast(1);
    await expect(address).toHaveValue(route.path);
    await toolbar.getByRole('button', { name: a.link, exact: true }).click();
    await expect(address).toHaveCount(0);

    // Typed in small letters, with or without its /: the page, its true address said under the box and applied.
    for (const typed of [route.path.toLowerCase(), route.path.slice(1).toLowerCase()]) {
      await body.click();
      await page.keyboard.press('End');
      await page.keyboard.type(' and two');
      await linkLast('two'.length);
      await address.fill(typed);
      await expect(address).toHaveAccessibleDescription(fill(a.linkToPage, { title, address: route.path }));
      await address.press('Enter');
      await expect(body.locator(`a[href="${route.path}"]`, { hasText: 'two' }).first()).toBeVisible();
      await expect(body.locator(`a[href="${typed}"]`)).toHaveCount(0);
    }

    // An address of the site that is no page: said at once in the box, and not applied.
    await page.keyboard.press('End');
    await page.keyboard.type(' three');
    await linkLast('three'.length);
    await address.fill(nowhere);
    await expect(address).toHaveAccessibleDescription(fill(a.linkNotAPage, { address: nowhere }));
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(apply).toBeDisabled();
    await address.press('Enter');
    await expect(body.locator(`a[href="${nowhere}"]`)).toHaveCount(0);
    await shot(page, 'link-not-a-page-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoAxeFindings(page, 'the link box refusing an address, 375', EDITOR_SCREEN);
    await shot(page, 'link-not-a-page-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A link to no page pasted into the text (from another document): above Publish the checker's sentence about it,
    // while the checklist names only the boxes still empty, not the text.
    await body.click();
    await page.keyboard.press('End');
    await body.evaluate((element, href) => {
      const data = new DataTransfer();
      data.setData('text/html', `<p>See <a href="${href}">there</a></p>`);
      data.setData('text/plain', 'See there');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, nowhere);
    await expect(body.locator(`a[href="${nowhere}"]`)).toHaveText('there');
    const bar = page.getByRole('region', { name: t.publish, exact: true });
    const checklist = bar.getByRole('status').filter({ hasText: t.checklist });
    await expect(checklist.getByRole('listitem')).toHaveText([labelOf('summary'), labelOf('cover'), labelOf('author')]);
    await expect(bar.getByRole('alert')).toContainText(`“${nowhere}”`);
    await expect(page.locator(`#${fieldId(file(page), ['body'])}-helper`)).toContainText(`“${nowhere}”`);
    await shot(page, 'link-pasted-1280');
  } finally {
    await discardDrafts(page, base);
  }
});

/** The article file the screen edits (its address: /admin/content/edit?file=…). */
const file = (page: Page) => new URL(page.url()).searchParams.get('file')!;

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
