/**
 * The site in a second language, as the office lives it, on an editor's site of its own (adding a
 * language changes every page: e2e/helpers/editorSite.ts startEditorSite), with an owner's and an
 * editor's account:
 *   - the owner adds German in the browser (a code the site has already is refused in a sentence
 *     first); the editor has no such choice;
 *   - the editor translates Home and Contact side by side (each English text read-only beside its
 *     box), and publishes German alone while an English draft of Home stays unpublished; the
 *     German page draws the translation;
 *   - the count beside each page and the filter "needs translation" say what is left;
 *   - a change to an English text (published by the owner) marks its German translation stale,
 *     with the text it was made from;
 *   - an undo of a German change, from the German translation's own revisions, leaves English alone.
 * Every text is read from config/; axe on every screen; screenshots at 1280 and 375 px in
 * test-results/translations/.
 */
import type { Browser, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import forms from '../config/forms';
import type { FormConfig } from '../src/site/forms/model/formSchema';
import { databaseFile } from '../src/platform/server/store/store';
import { specDocuments, validData } from '../src/test/formFixtures';
import { field, formOf, messageOf, readCollectionIn, recordToasts, submitButton, toastOf, uniqueSuffix, type StoredDocument } from './helpers/forms';
import admin from '../config/admin';
import { contentRoutes, type ContentSnapshot } from '../src/content/model/contentApi';
import { fieldId } from '../src/content/editor/schemaValues';
import { translationFileOf, type TranslationFile } from '../src/site/model/translation';
import { escapeRegExp } from '../src/schema/text';
import { expect, fill, test } from './fixtures';
import { publishButton } from './helpers/content';
import { signedInByRequest, type Account, type SignedIn } from './helpers/admin';
import { startEditorSite, type OwnEditorSite } from './helpers/editorSite';
import { screenshots } from './helpers/shots';
import { EDITOR_SCREEN, expectNoAxeFindings } from './helpers/axe';

const t = admin.content;
const tr = admin.content.translations;
const h = admin.content.history;
const HOME = 'config/pages/home.ts';
const CONTACT = 'config/pages/contact.ts';
const GERMAN = { code: 'de-DE', name: 'Deutsch', prefix: '/de' };
const DE_HOME = translationFileOf(GERMAN.code, HOME);
const DE_CONTACT = translationFileOf(GERMAN.code, CONTACT);
const CONTACT_FORM = 'config/forms/contact.ts';
const DE_FORM = translationFileOf(GERMAN.code, CONTACT_FORM);
/** Contact's translated address in German (after the prefix). */
const KONTAKT = '/Kontakt';
/** Each load of the editor waits for the content, read from the site folder's files by the server (slow on a busy machine). */
const CONTENT_READ_MS = 30_000;
/** A publish draws every page (in two languages) on a shared 2-core machine. */
const PUBLISH_MS = 300_000;

let site: OwnEditorSite | undefined;
let base: string;
let ownerState: SignedIn;
let editorState: SignedIn;
/** Contact's English title, as published before German was added, and the site's default language. */
let contactTitle: string;
let defaultLanguage: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startEditorSite({ caddy: false });
  base = site.base;
  const owner: Account = await site.newAccount('owner');
  const editor: Account = await site.newAccount('editor');
  ownerState = await signedInByRequest(owner, base);
  editorState = await signedInByRequest(editor, base);
});
test.afterAll(async () => {
  await site?.stop();
});

const shot = screenshots('translations');
const pattern = (template: string) => new RegExp(`^${escapeRegExp(template).replace(/\\\{\w+\\\}/g, '.+')}$`);

async function open(browser: Browser, state: SignedIn, address = '/admin/content') {
  const context = await browser.newContext({ storageState: state, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}${address}`, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: CONTENT_READ_MS });
  return { context, page };
}

/** Looks at the screen at both widths: axe reports nothing, a screenshot is kept. */
async function atBothWidths(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await expectNoAxeFindings(page, `${name} at ${width}`, EDITOR_SCREEN);
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const snapshotOf = async (page: Page) => (await (await page.request.get(`${base}${contentRoutes.content.path}`)).json()) as ContentSnapshot;
const valueIn = (snap: ContentSnapshot, file: string) => snap.files.find((f) => f.file === file)?.value;
/** A text's box on a translation's screen, by its key path. */
const box = (page: Page, file: string, keyPath: string) => page.locator(`#${fieldId(file, ['texts', keyPath])}`);
const status = (page: Page) => page.getByRole('region', { name: t.publish, exact: true }).getByRole('status');
const waitForPublish = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith(contentRoutes.contentPublish.path) && r.request().method() === 'POST', { timeout: PUBLISH_MS });

test('the owner adds German; the editor translates Home and Contact side by side and publishes German alone; counts, stale marks and undo per language', async ({
  browser,
}) => {
  test.setTimeout(900_000);
  const before = await open(browser, ownerState);
  const home = valueIn(await snapshotOf(before.page), HOME) as { title: string; description: string; sections: { heading?: string }[] };
  contactTitle = (valueIn(await snapshotOf(before.page), CONTACT) as { title: string }).title;
  const defaultCode = (valueIn(await snapshotOf(before.page), 'config/site.ts') as { languages: { default: { code: string } } }).languages.default.code;
  defaultLanguage = defaultCode;

  await test.step('the owner adds German; a code the site has already is refused in a sentence first', async () => {
    const { page } = before;
    await page.getByRole('button', { name: tr.add, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: tr.addTitle });
    await dialog.getByLabel(t.labels.code).fill(defaultCode);
    await dialog.getByLabel(tr.name).fill(GERMAN.name);
    await dialog.getByLabel(t.labels.prefix).fill(GERMAN.prefix);
    await dialog.getByRole('button', { name: tr.addConfirm, exact: true }).click();
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    await atBothWidths(page, 'add-language-refused');
    await dialog.getByLabel(t.labels.code).fill(GERMAN.code);
    const published = waitForPublish(page);
    await dialog.getByRole('button', { name: tr.addConfirm, exact: true }).click();
    expect((await published).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: fill(tr.added, { language: GERMAN.name }) })).toBeVisible({ timeout: CONTENT_READ_MS });
    await expect(page.getByText(fill(tr.languages, { languages: '' }).trim(), { exact: false })).toContainText(GERMAN.name);
    await before.context.close();
  });

  const { context, page } = await open(browser, editorState);
  const homeLink = page.locator(`[data-translation="${GERMAN.code}"]`).filter({ has: page.locator(`a[href*="${encodeURIComponent(DE_HOME)}"]`) });
  let total = 0;

  await test.step('the editor sees the count under each page, and no choice to add a language', async () => {
    await expect(page.getByRole('button', { name: tr.add, exact: true })).toHaveCount(0);
    await expect(homeLink).toHaveText(pattern(tr.toTranslate.other));
    total = Number(/\d+/.exec((await homeLink.textContent()) ?? '')![0]);
    expect(total).toBeGreaterThan(3);
    await atBothWidths(page, 'list');
  });

  await test.step('an English draft of Home, left unpublished', async () => {
    await page.goto(`${base}/admin/content/edit?${new URLSearchParams({ file: HOME })}`);
    await page.locator(`#${fieldId(HOME, ['description'])}`).fill(`${home.description} An English draft.`);
    await expect(status(page)).toHaveText(pattern(t.draftSaved));
  });

  await test.step('Home translated side by side: each English text beside its box; published alone', async () => {
    await page.goto(`${base}/admin/content`);
    await homeLink.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pattern(tr.screenTitle));
    await expect(page.getByText(home.title, { exact: true }).first()).toBeVisible();
    await box(page, DE_HOME, 'title').fill('Startseite | Wachstum');
    await box(page, DE_HOME, 'sections[0].heading').fill('Wachstum für Ihr Unternehmen');
    await expect(status(page)).toHaveText(pattern(t.draftSaved));
    await expect(page.locator('[data-translation-left]')).toHaveText(fillCountText(total - 2));
    // The preview draws the page in German: the translation, and an English text where there is none yet.
    const preview = page.getByRole('region', { name: t.preview, exact: true }).frameLocator('iframe');
    await expect(preview.getByRole('heading', { name: 'Wachstum für Ihr Unternehmen' })).toBeVisible({ timeout: 30_000 });
    // On a phone the Edit / Preview tabs stay in view (they stick below the Publish bar) wherever the form is scrolled.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('tab', { name: t.preview, exact: true })).toBeInViewport();
    await shot(page, 'translate-home-scrolled-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await atBothWidths(page, 'translate-home');
    const published = waitForPublish(page);
    await publishButton(page, DE_HOME).click();
    expect((await published).status()).toBe(200);
    await expect(status(page)).toHaveText(t.published, { timeout: PUBLISH_MS });
    const snap = await snapshotOf(page);
    expect((valueIn(snap, DE_HOME) as TranslationFile).texts.title?.text).toBe('Startseite | Wachstum');
    // The English draft is still a draft: Home as published, the draft kept.
    expect((valueIn(snap, HOME) as { description: string }).description).toBe(home.description);
    expect(snap.drafts.filter((d) => d.file === HOME)).toHaveLength(1);
  });

  await test.step('Contact translated, reached from its English screen (and the way back there), and published alone', async () => {
    await page.goto(`${base}/admin/content/edit?${new URLSearchParams({ file: CONTACT })}`);
    await page
      .getByRole('main')
      .locator(`[data-translation="${GERMAN.code}"]`)
      .getByRole('link', { name: pattern(tr.toTranslate.other) })
      .click();
    await expect(box(page, DE_CONTACT, 'title')).toBeVisible({ timeout: CONTENT_READ_MS });
    await expect(page.getByRole('main').getByRole('link', { name: pattern(tr.screenTitle) })).toHaveAttribute(
      'href',
      new RegExp(`${escapeRegExp(encodeURIComponent(CONTACT))}$`),
    );
    await box(page, DE_CONTACT, 'title').fill('Kontakt | Wachstum');
    await page.locator(`#${fieldId(DE_CONTACT, ['address'])}`).fill(KONTAKT);
    await expect(status(page)).toHaveText(pattern(t.draftSaved));
    const published = waitForPublish(page);
    await publishButton(page, DE_CONTACT).click();
    expect((await published).status()).toBe(200);
    await expect(status(page)).toHaveText(t.published, { timeout: PUBLISH_MS });
  });

  await test.step("Contact's form translated (a check's message, an option's label, the thank-you and the auto-reply) and published alone", async () => {
    await page.goto(`${base}/admin/content/edit?${new URLSearchParams({ file: DE_FORM })}`);
    await expect(box(page, DE_FORM, checkPath('Fullname'))).toBeVisible({ timeout: CONTENT_READ_MS });
    for (const [keyPath, text] of Object.entries(FORM_IN_GERMAN)) await box(page, DE_FORM, keyPath).fill(text);
    await expect(status(page)).toHaveText(pattern(t.draftSaved));
    const published = waitForPublish(page);
    await publishButton(page, DE_FORM).click();
    expect((await published).status()).toBe(200);
    await expect(status(page)).toHaveText(t.published, { timeout: PUBLISH_MS });
  });

  await test.step('a German visitor at /de/Kontakt (375 px) sends the contact form in German: its messages, its thank-you, the lead in German, the German auto-reply; /Contact unchanged', async () => {
    await germanVisitorSendsContact(browser);
  });

  await test.step('the count and the filter say what is left', async () => {
    await page.goto(`${base}/admin/content`);
    await expect(homeLink).toHaveText(fillCount(tr.toTranslate, total - 2, GERMAN.name), { timeout: CONTENT_READ_MS });
    await page.getByLabel(tr.needsFilter).check();
    await expect(page.getByRole('region', { name: t.pages }).getByRole('link', { name: new RegExp(escapeRegExp(home.title)) })).toBeVisible();
    await atBothWidths(page, 'list-needs-translation');
  });

  await test.step('an English title changed (published by the owner): its German translation is marked stale, with the text it was made from', async () => {
    const owner = await open(browser, ownerState, `/admin/content/edit?${new URLSearchParams({ file: HOME })}`);
    await owner.page.locator(`#${fieldId(HOME, ['title'])}`).fill(`${home.title} (new)`);
    await expect(status(owner.page)).toHaveText(pattern(t.draftSaved));
    const published = waitForPublish(owner.page);
    await publishButton(owner.page, HOME).click();
    expect((await published).status()).toBe(200);
    await expect(status(owner.page)).toHaveText(t.published, { timeout: PUBLISH_MS });
    await owner.context.close();
    await page.goto(`${base}/admin/content/edit?${new URLSearchParams({ file: DE_HOME })}`);
    const stale = page.locator('[data-text-path="title"]');
    await expect(stale).toHaveAttribute('data-state', 'stale', { timeout: CONTENT_READ_MS });
    await expect(stale.getByRole('note')).toContainText(home.title);
    await expect(stale).toContainText(`${home.title} (new)`);
    await atBothWidths(page, 'translate-stale');
  });

  await test.step('an undo of a German change, from its own revisions, leaves English alone', async () => {
    await box(page, DE_HOME, 'sections[0].heading').fill('Wachstum, geändert');
    await expect(status(page)).toHaveText(pattern(t.draftSaved));
    const published = waitForPublish(page);
    await publishButton(page, DE_HOME).click();
    expect((await published).status()).toBe(200);
    await expect(status(page)).toHaveText(t.published, { timeout: PUBLISH_MS });
    const english = valueIn(await snapshotOf(page), HOME);
    await page.reload();
    const own = page.getByRole('region', { name: fill(h.ofItem, { label: '' }).trim(), exact: false });
    await own.getByRole('button', { name: h.showOfItem }).click();
    await own.locator('ol > li').first().getByRole('button', { name: h.undo, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: h.undoTitle });
    await expect(dialog.getByText(h.undoIntro)).toBeVisible({ timeout: 60_000 });
    const undone = page.waitForResponse((r) => r.url().endsWith('/undo') && r.request().method() === 'POST', { timeout: PUBLISH_MS });
    await dialog.getByRole('button', { name: h.undoConfirm }).click();
    expect((await undone).status()).toBe(200);
    const after = await snapshotOf(page);
    expect((valueIn(after, DE_HOME) as TranslationFile).texts['sections[0].heading']?.text).toBe('Wachstum für Ihr Unternehmen');
    expect(valueIn(after, HOME)).toEqual(english);
  });
  await context.close();
});

/** The key path of the check on a field of the contact form, and of its first option a visitor may choose. */
const contactForm = forms.contact as FormConfig;
const checkPath = (name: string) => `checks[${contactForm.checks.findIndex((c) => c.field === name)}].message`;
const choiceField = contactForm.fields.findIndex((f) => f.name === 'Your');
const choice = contactForm.fields[choiceField]!.options!.findIndex((o) => !o.disabled);
/** The German of some of the contact form's texts, typed by the editor (the rest falls back to English). */
const FORM_IN_GERMAN = {
  [checkPath('Fullname')]: 'Bitte geben Sie Ihren vollständigen Namen ein',
  [checkPath('Email')]: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  [`fields[${choiceField}].options[${choice}].label`]: 'Ein Unternehmer',
  'success.toast': 'Vielen Dank',
  'autoReply.subject': 'Wir haben Ihre Nachricht erhalten',
  'autoReply.text': 'Hallo {Fullname},\n\nvielen Dank für Ihre Nachricht.',
};

/**
 * A German visitor on a phone at /de/Kontakt sends the contact form as a visitor does (the page's
 * script, its proof of work): the check's message and the thank-you are the German ones; the
 * stored document has the seed's collection, keys and the option's stored value; the lead says
 * German beside it; the auto-reply arrives in German; the English page at /Contact is as before.
 */
async function germanVisitorSendsContact(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const shown = await recordToasts(page);
  const answer = await page.goto(`${base}${GERMAN.prefix}${KONTAKT}`);
  expect(answer?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', GERMAN.code);
  const form = formOf(page, 'contact');
  await form.scrollIntoViewIfNeeded();
  await field(form, 'Fullname').focus();
  await expect(form).toHaveAttribute('data-interactive', 'true');
  // Sent empty: the German message of the name's check, never the English one.
  await submitButton(form).click();
  await expect(form.getByText(FORM_IN_GERMAN[checkPath('Fullname')]!, { exact: true })).toBeVisible();
  await expect(form).not.toContainText(messageOf('contact', 'Fullname'));
  // Every other answer right, a wrong address: the German message of the address's check.
  const email = `juergen-${uniqueSuffix()}@example.de`;
  const values = { ...validData.contact, Fullname: 'Jürgen Becker', Email: 'not an address' };
  for (const [key, value] of Object.entries(values)) if (key !== 'Your') await field(form, key).fill(value);
  await field(form, 'Your').selectOption({ label: FORM_IN_GERMAN[`fields[${choiceField}].options[${choice}].label`]! });
  await submitButton(form).click();
  await expect(form.getByText(FORM_IN_GERMAN[checkPath('Email')]!, { exact: true })).toBeVisible();
  await expect(form).not.toContainText(messageOf('contact', 'Email'));
  await expectNoAxeFindings(page, 'the German contact page at 375');
  await shot(page, 'kontakt-375');

  await field(form, 'Email').fill(email);
  await submitButton(form).click();
  await expect.poll(shown).toContain(FORM_IN_GERMAN['success.toast']);
  expect(await shown()).not.toContain(toastOf('contact', 'success'));

  // The stored document: the seed's collection and keys, the option's stored value (not its German label).
  const contract = specDocuments.contact;
  let stored: StoredDocument | undefined;
  await expect
    .poll(async () => (stored = (await readCollectionIn(site!.dataDir, contract.collection)).find((d) => d.Email === email)), { timeout: 30_000 })
    .toBeDefined();
  expect(Object.keys(stored!).sort()).toEqual([...contract.keys].sort());
  expect(stored!.Your).toBe(contactForm.fields[choiceField]!.options![choice]!.value);
  // The lead says German, beside the document (its row of leads).
  expect(leadLanguage(contract.collection, email)).toBe(GERMAN.code);
  // The auto-reply, over real SMTP, in German.
  await expect.poll(() => site!.mails.find((m) => m.envelope.to.includes(email))?.email.subject, { timeout: 60_000 }).toBe(FORM_IN_GERMAN['autoReply.subject']);
  expect(site!.mails.find((m) => m.envelope.to.includes(email))!.email.text).toContain('Hallo Jürgen Becker,');

  // /Contact is the English page as before: its lang, its title, its form's English message.
  expect((await page.goto(`${base}/Contact`))?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', defaultLanguage);
  await expect(page).toHaveTitle(contactTitle);
  const english = formOf(page, 'contact');
  await english.scrollIntoViewIfNeeded();
  await field(english, 'Fullname').focus();
  await expect(english).toHaveAttribute('data-interactive', 'true');
  await submitButton(english).click();
  await expect(english.getByText(messageOf('contact', 'Fullname'), { exact: true })).toBeVisible();
  await context.close();
}

/** The language kept beside a lead (its row of leads), by its collection and the visitor's address. */
function leadLanguage(collection: string, email: string): unknown {
  const db = new Database(databaseFile(site!.dataDir), { readonly: true });
  try {
    return db
      .prepare("SELECT l.language FROM documents d JOIN leads l ON l.doc_id = d.doc_id WHERE d.collection = ? AND json_extract(d.data, '$.Email') = ?")
      .pluck()
      .get(collection, email);
  } finally {
    db.close();
  }
}

/** The count line of a translation's screen, as config/admin.ts words it. */
function fillCountText(count: number): string {
  return count === 0 ? tr.allDone : fill(count === 1 ? tr.left.one : tr.left.other, { count });
}
/** A line of the list: a language's count. */
function fillCount(words: { one: string; other: string }, count: number, language: string): string {
  return fill(count === 1 ? words.one : words.other, { count, language });
}
