/**
 * A form of the office's own, as the office makes one, on the editor's site behind a real Caddy
 * (e2e/helpers/editorSite.ts): New form (axe finds nothing at 1280 and 375 px; screenshots in
 * test-results/new-form/), named, with why it asks; its screen, where a question is added by
 * its label; published; a new landing page places it with the form section's picker, which
 * names it by its title; the live page shows it, at 375 px too. This checkout's config/ is never
 * edited; every text is read from config/.
 */
import admin from '../config/admin';
import { signIn, type Account } from './helpers/admin';
import { needsCaddy } from './helpers/caddy';
import { publishButton } from './helpers/content';
import { expect, test } from './fixtures';
import { screenshots } from './helpers/shots';
import { EDITOR_SCREEN, expectNoAxeFindings } from './helpers/axe';
import { addItemLabel, labelOf } from '../src/content/model/officeSentences';

needsCaddy();
test.describe.configure({ mode: 'serial' });

const t = admin.content.newForm;
const TITLE = 'Free website audit';
const FILE = 'config/forms/free-website-audit.ts';
const ADDRESS = '/website-audit';
const QUESTION = 'Your current site';
let account: Account;
let origin: string;

test.beforeAll(async ({ editorSite }) => {
  ({ origin } = editorSite);
  account = await editorSite.newAccount();
});

const shot = screenshots('new-form', { fullPage: true });

test('the office makes a form, adds a question by its label, and publishes it', async ({ page }) => {
  test.setTimeout(420_000);
  await signIn(page, account, origin);
  await page.goto(`${origin}/admin/content`);
  await page.getByRole('link', { name: t.open }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeFindings(page, `the new form screen at ${width} px`, EDITOR_SCREEN);
    await shot(page, `new-form-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // Made without a name or a reason: both said in words, nothing made.
  await page.getByRole('button', { name: t.create }).click();
  await expect(page.getByRole('textbox', { name: t.title })).toHaveAccessibleDescription(t.noTitle);
  await expect(page.getByRole('textbox', { name: t.purpose })).toHaveAccessibleDescription(t.noPurpose);
  await page.getByRole('textbox', { name: t.title }).fill(TITLE);
  await page.getByRole('textbox', { name: t.purpose }).fill('To look at your website and send you what we find.');
  await page.getByRole('button', { name: t.create }).click();

  // Its own screen: the form by its name; a question added, named by its label.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(TITLE);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeFindings(page, `the new form's screen at ${width} px`, EDITOR_SCREEN);
    await shot(page, `new-form-edit-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: addItemLabel('fields', admin.content.labels.fields) }).click();
  await page
    .getByRole('combobox', { name: labelOf('kind') })
    .last()
    .click();
  await page.getByRole('option', { name: admin.content.choices.kind.url, exact: true }).click();
  await page
    .getByRole('textbox', { name: labelOf('label') })
    .last()
    .fill(QUESTION);
  // The preview draws it at once.
  await expect(page.frameLocator('iframe').first().getByRole('textbox', { name: QUESTION })).toBeVisible();
  await shot(page, 'new-form-question-1280');
  const publish = publishButton(page, FILE);
  await expect(publish).toBeEnabled();
  await publish.click();
  await expect(page.getByText(admin.content.published)).toBeVisible({ timeout: 300_000 });
  await shot(page, 'new-form-published-1280');
});

test('a new landing page places it by its title, and the live page shows it at 1280 and 375 px', async ({ page }) => {
  test.setTimeout(420_000);
  const p = admin.content.newPage;
  await signIn(page, account, origin);
  await page.goto(`${origin}/admin/content`);
  await page.getByRole('link', { name: p.open }).click();
  await page.getByRole('textbox', { name: p.title }).fill('Website audit');
  await page.getByRole('textbox', { name: p.address }).fill(ADDRESS);
  await page.getByRole('textbox', { name: p.description }).fill('Ask for a free audit of your website.');
  await page.getByRole('combobox', { name: p.formChoice }).click();
  await page.getByRole('option', { name: TITLE, exact: true }).click();
  await page.getByRole('button', { name: p.create }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Website audit');
  await publishButton(page, 'config/pages/website-audit.ts').click();
  await expect(page.getByText(admin.content.published)).toBeVisible({ timeout: 300_000 });

  const start = admin.content.newForm.start;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${origin}${ADDRESS}`);
    await expect(page.getByRole('textbox', { name: start.question })).toBeVisible();
    await expect(page.getByRole('textbox', { name: QUESTION })).toBeVisible();
    await expect(page.getByRole('button', { name: start.submitLabel })).toBeVisible();
    await expectNoAxeFindings(page, `the landing page with the new form at ${width} px`);
    await shot(page, `live-${width}`);
  }
});
