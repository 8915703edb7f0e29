/**
 * A landing page, as the office makes one and a campaign's visitor uses it: on the built server
 * behind a real Caddy (deploy/Caddyfile) whose SITE_DIR is a copy of this site in a temporary
 * folder (a git work tree). The owner opens New page (axe finds nothing at 1280 and 375 px;
 * screenshots in test-results/landing-pages/), is told in words when the address is another
 * page's or one the site keeps for itself, makes the page at an address of its own (typed
 * without its /) with its description and a form section whose form is chosen by its name, in
 * the menu, and publishes it as made, without opening any section. A visitor arriving at
 * it with UTM tags sends the inquiry form; the lead's landing page and form page are that address
 * in the inbox and in the insights. Removing the page (after a confirmation, with the words its
 * visitors read) leaves its address answering 410 with a page saying so in those words, in the
 * site's layout (axe finds nothing at 1280 and 375 px), through Caddy and from our server. This
 * checkout's config/ is never edited; every text is read from config/.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import admin from '../config/admin';
import forms from '../config/forms';
import site from '../config/site';
import { sectionNameOf, sectionTypeLabel } from '../src/content/model/officeSentences';
import { RESERVED_NAMES } from '../src/schema/addresses';
import { fill } from '../src/schema/text';
import { validData } from '../src/test/formFixtures';
import { discardDrafts, signedInByRequest, SIGNED_OUT, sourceShown, type SignedIn } from './helpers/admin';
import { contentRoutes, type ContentSnapshot } from '../src/content/model/contentApi';
import { fieldId } from '../src/content/editor/schemaValues';
import { needsCaddy } from './helpers/caddy';
import { pageConfigs, publishButton } from './helpers/content';
import { expect, test } from './fixtures';
import { sendForm } from './helpers/forms';
import { screenshots } from './helpers/shots';
import { EDITOR_SCREEN, expectNoAxeFindings } from './helpers/axe';

needsCaddy();
test.describe.configure({ mode: 'serial' });

const t = admin.content.newPage;
const r = admin.content.removePage;
const ADDRESS = '/spring-offer';
const FILE = 'config/pages/spring-offer.ts';
let signedIn: SignedIn;
let origin: string;
let dataDir: string;

// The editor's site shared by the editor's journeys (e2e/helpers/editorSite.ts). The office signs in
// once, with the sign-in's own requests (no browser), for the whole file: its tests are about the pages, not the sign-in (e2e/admin-signin.e2e.ts).
test.beforeAll(async ({ editorSite }) => {
  // A sign-in (its password check queued on the server): slow on a busy machine.
  test.setTimeout(120_000);
  ({ origin, dataDir } = editorSite);
  signedIn = await signedInByRequest(await editorSite.newAccount(), origin);
});
// eslint-disable-next-line no-empty-pattern
test.use({ storageState: async ({}, use) => use(signedIn) });

const shot = screenshots('landing-pages', { fullPage: true });

test('the office makes a landing page at an address of its own, with a form, and publishes it', async ({ page }) => {
  test.setTimeout(420_000);
  await page.goto(`${origin}/admin/content`);
  await page.getByRole('link', { name: t.open }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeFindings(page, `the new page screen at ${width} px`, EDITOR_SCREEN);
    await shot(page, `new-page-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The address is made from the title; one another page has, or one the site keeps, is refused in words.
  const title = page.getByRole('textbox', { name: t.title });
  const address = page.getByRole('textbox', { name: t.address });
  await title.fill('Spring offer');
  await expect(address).toHaveValue(ADDRESS);
  await page.getByRole('textbox', { name: t.description }).fill('Our spring offer for new websites.');
  const contact = pageConfigs.contact;
  await address.fill('/Contact');
  await expect(address).toHaveAccessibleDescription(fill(t.addressTaken, { address: '/Contact', title: contact.title }));
  const inbox = RESERVED_NAMES[0]!;
  await address.fill(`/${inbox.name}`);
  await expect(address).toHaveAccessibleDescription(new RegExp(`^"/${inbox.name}" is used by ${inbox.usedBy}`));
  // Typed without its /: the page has it all the same.
  await address.fill(ADDRESS.slice(1));
  await expect(address).toHaveValue(ADDRESS);
  await expect(address).toHaveAccessibleDescription(t.addressHelp);
  await page.getByRole('switch', { name: t.inMenu }).check();
  // It starts with the sections config/admin.ts names (a page header and a form), checked by default.
  for (const type of t.sectionsAtStart) await expect(page.getByRole('checkbox', { name: sectionTypeLabel(type), exact: true })).toBeChecked();
  // The form by its name, as every other screen names it, starting with the one config/admin.ts names for a new page (the inquiry form).
  const form = page.getByRole('combobox', { name: t.formChoice });
  await expect(form).toHaveText(admin.forms[t.form as keyof typeof admin.forms]);
  await form.click();
  await expect(page.getByRole('option')).toHaveText(Object.keys(forms).map((id) => admin.forms[id as keyof typeof admin.forms]));
  await page.getByRole('option', { name: admin.forms[t.form as keyof typeof admin.forms], exact: true }).click();
  await page.getByRole('button', { name: t.create }).click();

  // Its own screen: nothing is still to fill in; it is published as it was made, no section opened.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Spring offer');
  const publish = publishButton(page, FILE);
  const sections = [{ type: 'pageHeader' }, { type: 'form' }];
  for (const index of [0, 1])
    await expect(page.getByRole('link', { name: fill(admin.content.openSectionNamed, { name: sectionNameOf(sections, index) }), exact: true })).toBeVisible();
  // The form section is named in the outline by the heading it starts with, as the page shows it above the form.
  const formHeading = admin.content.newSectionHeadings.form;
  await expect(page.getByText(formHeading, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: admin.content.publish, exact: true }).getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(admin.content.sectionProblemsOne)).toHaveCount(0);
  await expect(publish).toBeEnabled();
  await shot(page, 'new-page-edit-1280');
  await publish.click();
  await expect(page.getByText(admin.content.published)).toBeVisible({ timeout: 300_000 });

  // Live at its address, in the menu.
  const live = await page.request.get(`${origin}${ADDRESS}`);
  expect(live.status()).toBe(200);
  expect(await live.text()).toMatch(new RegExp(`<a[^>]*href="${ADDRESS}"[^>]*>Spring offer</a>`));
  expect(await live.text()).toMatch(new RegExp(`<h2[^>]*>${formHeading}</h2>`));
});

test("a campaign's visitor sends the form from it: the lead's landing and form page are that address, in the inbox and the insights", async ({
  browser,
  page,
}) => {
  const visitor = await browser.newContext({ storageState: SIGNED_OUT });
  const visit = await visitor.newPage();
  await visit.goto(`${origin}${ADDRESS}?utm_source=ads&utm_campaign=spring`);
  await expect(visit.getByRole('heading', { level: 1 })).toHaveText('Spring offer');
  const values = { ...validData.inquiry, Email: `spring.${Date.now()}@example.com` };
  await sendForm(visit, 'inquiry', Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])));
  await visitor.close();

  const db = new Database(path.join(dataDir, 'site.db'), { readonly: true });
  const { docId } = db
    .prepare("SELECT doc_id AS docId FROM documents WHERE collection = ? AND json_extract(data, '$.Email') = ?")
    .get(forms.inquiry.collection, values.Email) as { docId: string };
  db.close();
  await page.goto(`${origin}/admin/leads/${docId}`);
  expect(await sourceShown(page, 'landingPage')).toBe(ADDRESS);
  expect(await sourceShown(page, 'formPage')).toBe(ADDRESS);
  expect(await sourceShown(page, 'utmCampaign')).toBe('spring');

  await page.goto(`${origin}/admin/insights`);
  const byPage = page.getByRole('region', { name: admin.insights.byLandingPage });
  await expect(byPage.getByRole('row').filter({ hasText: ADDRESS })).toHaveCount(1);
});

test("the office removes the page after a confirmation, with the words its visitors read: its address answers 410 with them, in the site's layout, through Caddy and from our server", async ({
  page,
  browser,
  editorSite,
}) => {
  test.setTimeout(420_000);
  await page.goto(`${origin}/admin/content`);
  await page.getByRole('link', { name: new RegExp(`^Spring offer \\(${ADDRESS}\\)`) }).click();
  await page.getByRole('button', { name: t.remove }).click();
  const dialog = page.getByRole('dialog', { name: t.remove });
  await expect(dialog).toContainText(fill(t.removeConfirm, { title: 'Spring offer', address: ADDRESS }));
  // The visitors are told it is gone, in the office's words; the pages they are offered are the site's to start with.
  await expect(dialog.getByRole('radio', { name: r.tell })).toBeChecked();
  const message = dialog.getByRole('textbox', { name: r.message });
  await expect(message).toHaveValue(site.gone.message);
  await message.fill('This offer has ended');
  for (const link of site.gone.links) await expect(dialog.getByRole('checkbox', { name: new RegExp(`\\(${link.href}\\)$`) })).toBeChecked();
  await expectNoAxeFindings(page, "the removal's confirmation", EDITOR_SCREEN);
  await shot(page, 'remove-page-1280', false);
  await dialog.getByRole('button', { name: t.removeYes }).click();
  const removed = page.getByRole('status').filter({ hasText: t.removed });
  await expect(removed).toBeVisible({ timeout: 300_000 });
  await expect(page.getByRole('link', { name: new RegExp(`\\(${ADDRESS}\\)`) })).toHaveCount(0);
  // Said once: a reload (the browser keeps the address's state) does not say it again.
  await page.reload();
  await expect(page.getByRole('heading', { name: admin.content.heading, level: 1 })).toBeVisible();
  await expect(removed).toHaveCount(0);

  // A visitor from an old newsletter: the page says it is gone, in the site's layout, with the links offered; not the Home page.
  const visitor = await browser.newContext({ storageState: SIGNED_OUT, ignoreHTTPSErrors: true });
  const gone = await visitor.newPage();
  const errors: string[] = [];
  gone.on('console', (m) => {
    if (m.type() === 'error' && !/status of 410/.test(m.text())) errors.push(m.text());
  });
  for (const at of [origin, editorSite.base]) {
    const answer = await gone.goto(`${at}${ADDRESS}?utm_source=newsletter`);
    expect([at, answer?.status()]).toEqual([at, 410]);
    await expect(gone.getByRole('heading', { level: 1 })).toHaveText('This offer has ended');
    await expect(gone).toHaveTitle(`This offer has ended | ${site.brand.name}`);
    await expect(gone.getByRole('banner')).toBeVisible();
    await expect(gone.getByRole('contentinfo')).toBeVisible();
    await expect(gone.getByRole('navigation', { name: site.navigation.label }).locator('[aria-current="page"]')).toHaveCount(0);
    const main = gone.getByRole('main');
    await expect(main).toContainText(site.gone.text);
    for (const link of site.gone.links) await expect(main.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.href);
  }
  await expect(gone.locator('html')).toHaveAttribute('data-app', 'started');
  for (const width of [1280, 375]) {
    await gone.setViewportSize({ width, height: 900 });
    await expectNoAxeFindings(gone, `the removed page's address at ${width} px`);
    expect(await gone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(gone, `gone-${width}`);
  }
  expect(errors).toEqual([]);
  await visitor.close();
});

test("a new page with a text and picture says its title once: the first section is headed by it, the text and picture's heading is left to write", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${origin}/admin/content`);
  await page.getByRole('link', { name: t.open }).click();
  await page.getByRole('textbox', { name: t.title }).fill('Summer offer');
  await page.getByRole('textbox', { name: t.description }).fill('Our summer offer for new websites.');
  await page.getByRole('checkbox', { name: sectionTypeLabel('split'), exact: true }).check();
  await page.getByRole('button', { name: t.create }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Summer offer');
  try {
    // The preview: one heading says the title (the header's); the text and picture has none yet, and its heading is a box to fill.
    const preview = page.frameLocator('iframe');
    await expect(preview.getByRole('heading', { level: 1, name: 'Summer offer' })).toBeVisible();
    await expect(preview.getByRole('heading', { name: 'Summer offer' })).toHaveCount(1);
    await shot(page, 'new-page-split-1280');
    await page.setViewportSize({ width: 375, height: 900 });
    await shot(page, 'new-page-split-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    // Its heading box, opened on its own screen, is empty (the draft saved as made: the section's place read from it).
    const file = 'config/pages/summer-offer.ts';
    let sections: { type: string; heading?: string }[] = [];
    await expect(async () => {
      const content = (await (await page.request.get(`${origin}${contentRoutes.content.path}`)).json()) as ContentSnapshot;
      sections = ((content.drafts.find((d) => d.file === file)?.value ?? {}) as { sections?: typeof sections }).sections ?? [];
      expect(sections.length).toBeGreaterThan(0);
    }).toPass();
    const split = sections.findIndex((section) => section.type === 'split');
    expect(sections.filter((section) => section.heading === 'Summer offer')).toHaveLength(1);
    await page.goto(`${origin}/admin/content/edit?${new URLSearchParams({ file, section: String(split) })}`);
    const heading = page.locator(`#${fieldId(file, ['sections', split, 'heading'])}`);
    await expect(heading).toBeVisible({ timeout: 20_000 });
    await expect(heading).toHaveValue('');
  } finally {
    await discardDrafts(page, origin);
  }
});
