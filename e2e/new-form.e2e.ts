/**
 * A form of the office's own, as the office makes one, on the editor's site behind a real Caddy
 * (e2e/helpers/editorSite.ts): New form (axe finds nothing at 1280 and 375 px; screenshots in
 * test-results/new-form/), named, with why it asks; its screen, where each question of the
 * test's own audit form (AUDIT below: a web address, a choice of budget, a project type as
 * radio buttons, "which platform" asked only for an online shop, a brief as a file) is added by
 * its label, its answers typed and its condition chosen; published; a new landing page places
 * it with the form section's picker, which names it by its title; the live page shows it, at
 * 375 px too. A campaign's visitor at 375 px sends it with JavaScript (the conditional question
 * only when it applies, a hidden one not sent, the brief uploaded) and without (every question
 * shown, its condition in words, the post still lands): each lead is in the inbox with its
 * answers by label and its campaign, and the form's CSV has a column per question. This
 * checkout's config/ is never edited; every text is read from config/ or from AUDIT.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import admin from '../config/admin';
import messages from '../config/forms/_messages';
import { escapeRegExp, fill } from '../src/schema/text';
import { collectionOf, fieldKeyOf } from '../src/content/model/newForm';
import { choose, pdfWith, signedInByRequest, SIGNED_OUT, sourceShown, type SignedIn } from './helpers/admin';
import { needsCaddy } from './helpers/caddy';
import { publishButton } from './helpers/content';
import { expect, test } from './fixtures';
import { screenshots } from './helpers/shots';
import { EDITOR_SCREEN, expectNoAxeFindings } from './helpers/axe';
import { addItemLabel, labelOf, numberedItem } from '../src/content/model/officeSentences';
import { adminRoutes } from '../src/platform/inboxRoutes';

needsCaddy();
test.describe.configure({ mode: 'serial' });

const t = admin.content.newForm;
const TITLE = 'Free website audit';
const FILE = 'config/forms/free-website-audit.ts';
const ADDRESS = '/website-audit';

interface Question {
  kind: keyof typeof admin.content.choices.kind;
  label: string;
  required?: boolean;
  answers?: string[];
  showWhen?: { question: string; is: string[] };
}
/** The test's own audit form: the questions added after the one a new form starts with (config/admin.ts). */
const AUDIT: Question[] = [
  { kind: 'email', label: 'Your e-mail', required: true },
  { kind: 'url', label: 'Your current site' },
  { kind: 'select', label: 'Monthly budget', answers: ['Under 500 a month', 'Over 500 a month'] },
  { kind: 'radio', label: 'Project type', answers: ['A company website', 'An online shop'] },
  {
    kind: 'select',
    label: 'Which platform?',
    answers: ['Shopify', 'WooCommerce'],
    required: true,
    showWhen: { question: 'Project type', is: ['An online shop'] },
  },
  { kind: 'file', label: 'Your brief' },
];
const question = (label: string) => AUDIT.find((q) => q.label === label)!;
const [EMAIL, SITE, BUDGET, PROJECT, PLATFORM, BRIEF] = AUDIT.map((q) => q.label) as [string, string, string, string, string, string];
const NAME = t.start.question;
/** The answer that shows the conditional question. */
const SHOP = question(PLATFORM).showWhen!.is[0]!;
/** A visitor's box by its question's label (a required one's label ends with its star). */
const box = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${escapeRegExp(label)}[^\\p{L}\\p{N}]*$`, 'u'));

let signedIn: SignedIn;
let origin: string;
let dataDir: string;

/** Adds a question as the office does: its label, its kind, its answers typed, Required switched on, its condition chosen. */
async function addQuestion(page: Page, q: Question, n: number) {
  // A list's item is a group named by its place and its label (Field 2 · Your e-mail); its buttons are a group of the same name.
  const itemOf = (scope: Page | Locator, place: string) => scope.getByRole('group', { name: new RegExp(`^${escapeRegExp(place)}( · |$)`) }).first();
  await page.getByRole('button', { name: addItemLabel('fields', admin.content.labels.fields) }).click();
  const item = itemOf(page, numberedItem('fields', n));
  await item.getByRole('textbox', { name: labelOf('label'), exact: true }).fill(q.label);
  await expect(item).toHaveAccessibleName(`${numberedItem('fields', n)} · ${q.label}`);
  await choose(page, item.getByRole('combobox', { name: labelOf('kind'), exact: true }), admin.content.choices.kind[q.kind]);
  for (const [i, answer] of (q.answers ?? []).entries()) {
    if (i > 0) await item.getByRole('button', { name: addItemLabel('options', labelOf('options')) }).click();
    // An answer is folded under its name until opened.
    const option = itemOf(item, numberedItem('options', i));
    const value = option.getByRole('textbox', { name: labelOf('value'), exact: true });
    const open = item.getByRole('button', {
      name: new RegExp(`^${escapeRegExp(fill(admin.content.openItemNamed, { name: numberedItem('options', i) }))}( · |$)`),
    });
    await expect(value.or(open)).toBeVisible();
    if (await open.isVisible()) await open.click();
    await value.fill(answer);
    await expect(option).toHaveAccessibleName(`${numberedItem('options', i)} · ${answer}`);
  }
  if (q.required) {
    await item.getByLabel(labelOf('required'), { exact: true }).check();
  }
  if (q.showWhen) {
    await item.getByRole('button', { name: fill(admin.content.addNamed, { name: labelOf('showWhen') }) }).click();
    await choose(page, item.getByRole('combobox', { name: labelOf('field'), exact: true }), q.showWhen.question);
    // Its answers ticked (the first is ticked when the question is chosen), the others not.
    for (const answer of q.showWhen.is) await item.getByRole('checkbox', { name: answer, exact: true }).check();
    for (const other of question(q.showWhen.question).answers!.filter((a) => !q.showWhen!.is.includes(a))) {
      await item.getByRole('checkbox', { name: other, exact: true }).uncheck();
    }
  }
}

// The office signs in once, with the sign-in's own requests (no browser), for the whole file: its tests are about the forms, not the sign-in (e2e/admin-signin.e2e.ts).
test.beforeAll(async ({ editorSite }) => {
  // A sign-in (its password check queued on the server): slow on a busy machine.
  test.setTimeout(120_000);
  ({ origin, dataDir } = editorSite);
  signedIn = await signedInByRequest(await editorSite.newAccount(), origin);
});
// eslint-disable-next-line no-empty-pattern
test.use({ storageState: async ({}, use) => use(signedIn) });

const shot = screenshots('new-form', { fullPage: true });

test('the office makes a form, adds a question by its label, and publishes it', async ({ page }) => {
  test.setTimeout(420_000);
  page.setDefaultTimeout(60_000);
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
  for (const [n, q] of AUDIT.entries()) await addQuestion(page, q, n + 1);
  // The preview draws them at once, the conditional one only when its answer is chosen.
  const preview = page.frameLocator('iframe').first();
  await expect(preview.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(SITE)}`) })).toBeVisible();
  await expect(preview.getByLabel(new RegExp(`^${escapeRegExp(PLATFORM)}`))).toHaveCount(0);
  // The preview is drawn again as the draft is saved: the answer is chosen again until the question shows.
  await expect(async () => {
    await preview.getByRole('radio', { name: SHOP }).check();
    await expect(preview.getByLabel(new RegExp(`^${escapeRegExp(PLATFORM)}`))).toBeVisible({ timeout: 1000 });
  }).toPass();
  // Shown, it starts on its first answer, as on the live page.
  await expect(preview.getByLabel(new RegExp(`^${escapeRegExp(PLATFORM)}`))).toHaveValue(question(PLATFORM).answers![0]!);
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
    await expect(box(page, start.question)).toBeVisible();
    await expect(box(page, SITE)).toBeVisible();
    await expect(page.getByRole('button', { name: start.submitLabel })).toBeVisible();
    await expectNoAxeFindings(page, `the landing page with the new form at ${width} px`);
    await shot(page, `live-${width}`);
  }
});

/** The stored documents of the form whose answers hold `marker`, newest last, with their spam mark. */
function storedWith(marker: string): { docId: string; data: Record<string, unknown>; spam: number }[] {
  const db = new Database(path.join(dataDir, 'site.db'), { readonly: true });
  try {
    const rows = db
      .prepare(
        'SELECT d.doc_id AS docId, d.data AS data, l.spam AS spam FROM documents d JOIN leads l ON l.doc_id = d.doc_id WHERE d.collection = ? AND d.data LIKE ? ORDER BY d.seq',
      )
      .all(collectionOf(TITLE, new Set()), `%${marker}%`) as { docId: string; data: string; spam: number }[];
    return rows.map((row) => ({ ...row, data: JSON.parse(row.data) as Record<string, unknown> }));
  } finally {
    db.close();
  }
}

/** The open lead's answers, label and value, as the inbox shows them. */
async function answersShown(page: Page): Promise<[string, string][]> {
  const region = page.getByRole('region', { name: admin.lead.fieldsHeading });
  await expect(region).toBeVisible();
  const terms = await region.locator('dt').allTextContents();
  const values = await region.locator('dd').allTextContents();
  return terms.map((term, i) => [term.trim(), values[i]!.trim()]);
}

const key = (label: string) => fieldKeyOf(label, new Set());

test("a campaign's visitor at 375 px sends it with JavaScript: the conditional question only when it applies, a hidden one not sent; the lead in the inbox by its labels, with its campaign", async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const marker = `audit${Date.now()}`;
  const campaign = `spring-${marker}`;
  const visitor = await browser.newContext({ storageState: SIGNED_OUT, viewport: { width: 375, height: 800 } });
  const visit = await visitor.newPage();
  await visit.goto(`${origin}${ADDRESS}?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`);
  const form = visit.locator('form').filter({ has: box(visit, SITE) });
  await box(form, NAME).focus();
  await expect(form).toHaveAttribute('data-interactive', 'true');
  // Running, the form shows only what applies, and no condition in words.
  await expect(box(form, PLATFORM)).toHaveCount(0);
  await expect(form.locator('[data-condition]')).toHaveCount(0);
  await box(form, NAME).fill(`Ada ${marker}`);
  // The e-mail question checks its answer by itself (the office chose no check for it).
  await box(form, EMAIL).fill(marker);
  await form.getByRole('button', { name: t.start.submitLabel }).click();
  await expect(form.getByText(fill(t.start.email, { label: EMAIL }))).toBeVisible();
  await box(form, EMAIL).fill(`${marker}@example.com`);
  await box(form, SITE).fill('https://shop.example.com/');
  await box(form, BUDGET).selectOption({ label: question(BUDGET).answers![1]! });
  await form.getByRole('radio', { name: SHOP, exact: true }).check();
  await expect(box(form, PLATFORM)).toBeVisible();
  // On its first answer, as in the editor's preview.
  await expect(box(form, PLATFORM)).toHaveValue(question(PLATFORM).answers![0]!);
  await box(form, PLATFORM).selectOption({ label: question(PLATFORM).answers![0]! });
  await shot(visit, 'visitor-shop-375');
  // Another project type: the platform question goes, and its answer is not sent.
  const company = question(PROJECT).answers!.find((answer) => answer !== SHOP)!;
  await form.getByRole('radio', { name: company, exact: true }).check();
  await expect(box(form, PLATFORM)).toHaveCount(0);
  await box(form, BRIEF).setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: await pdfWith(marker) });
  await expect(form.getByText(fill(t.start.upload.done, { name: 'brief.pdf' }))).toBeVisible();
  await form.getByRole('button', { name: t.start.submitLabel }).click();
  await expect(visit.getByText(t.start.success)).toBeVisible();
  await shot(visit, 'visitor-sent-375');
  await visitor.close();

  const [lead] = storedWith(marker);
  expect(lead).toMatchObject({ spam: 0, data: { [key(PROJECT)]: company, [key(PLATFORM)]: '', [key(BUDGET)]: question(BUDGET).answers![1] } });
  // The brief, uploaded into the form's own folder.
  expect(String(lead!.data[key(BRIEF)])).toContain(`/Image/${collectionOf(TITLE, new Set())}/`);
  await page.goto(`${origin}/admin/leads/${lead!.docId}`);
  const shown = await answersShown(page);
  // Its answers by label in the form's order; the question its answers hid is not there (the brief is the lead's file, shown apart).
  const labels = shown.map(([label]) => label);
  expect(labels.filter((label) => [NAME, ...AUDIT.map((q) => q.label)].includes(label))).toEqual([NAME, EMAIL, SITE, BUDGET, PROJECT]);
  expect(Object.fromEntries(shown)).toMatchObject({
    [SITE]: expect.stringContaining('https://shop.example.com/'),
    [BUDGET]: question(BUDGET).answers![1],
    [PROJECT]: company,
  });
  expect(await sourceShown(page, 'utmCampaign')).toBe(campaign);
  expect(await sourceShown(page, 'landingPage')).toBe(ADDRESS);
});

test('without JavaScript, every question shows with its condition in words, and the post still lands (in Spam, with no proof of work)', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const marker = `plain${Date.now()}`;
  const visitor = await browser.newContext({ storageState: SIGNED_OUT, viewport: { width: 375, height: 800 }, javaScriptEnabled: false });
  const visit = await visitor.newPage();
  await visit.goto(`${origin}${ADDRESS}?utm_source=newsletter&utm_campaign=plain-${marker}`);
  const form = visit.locator('form').filter({ has: box(visit, SITE) });
  for (const label of [NAME, EMAIL, SITE, BUDGET, PLATFORM, BRIEF]) await expect(box(form, label)).toBeVisible();
  await expect(form.getByRole('radio')).toHaveCount(question(PROJECT).answers!.length);
  await expect(form.locator('[data-condition]')).toHaveText([fill(messages.onlyIf, { label: PROJECT, values: SHOP })]);
  await shot(visit, 'visitor-no-js-375');
  await box(form, NAME).fill(`Bo ${marker}`);
  await box(form, EMAIL).fill(`${marker}@example.com`);
  await form.getByRole('radio', { name: SHOP, exact: true }).check();
  await box(form, PLATFORM).selectOption({ label: question(PLATFORM).answers![1]! });
  await form.getByRole('button', { name: t.start.submitLabel }).click();
  await expect(visit.getByText(t.start.success)).toBeVisible();
  await visitor.close();

  const [lead] = storedWith(marker);
  expect(lead).toMatchObject({ spam: 1, data: { [key(PROJECT)]: SHOP, [key(PLATFORM)]: question(PLATFORM).answers![1] } });
  await page.goto(`${origin}/admin/leads/${lead!.docId}`);
  expect(Object.fromEntries(await answersShown(page))).toMatchObject({ [PROJECT]: SHOP, [PLATFORM]: question(PLATFORM).answers![1] });
});

test("the form's CSV export has a column per question, by its label", async ({ page }) => {
  const csv = await (await page.request.get(`${origin}${adminRoutes.export.path}?form=${FILE.split('/').at(-1)!.replace(/\.ts$/, '')}&format=csv`)).text();
  const header = csv.replace(/^\uFEFF/, '').split('\r\n')[0]!;
  // The first e-mail question's answers are the export's own e-mail column.
  for (const label of [NAME, ...AUDIT.map((q) => q.label)].filter((label) => label !== EMAIL)) expect(header).toContain(`"${label}"`);
  expect(csv).toMatch(/"audit\d+@example\.com"/);
});
