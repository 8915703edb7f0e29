/**
 * The inbox and insights by language, in a real browser, on a server of this file's own serving
 * the site in two languages (e2e/helpers/languageSite.ts: German declared in a copy of the site,
 * never in the seed's): a visitor on the German contact page and one on the English page each
 * send the form; the owner filters the list by language (the filter kept in the address, each
 * language with its count), the lead's page names the language it was sent in, and the insights
 * count each language's visits and leads, a language's leads a link to them in the list. On the
 * shared server (the seed's site, in one language) none of it shows. Every
 * word is read from config/; axe on every screen; screenshots at 1280 and 375 px in
 * test-results/inbox-languages/.
 */
import type { Locator, Page } from '@playwright/test';
import admin from '../config/admin';
import site from '../config/site';
import { validData } from '../src/test/formFixtures';
import { GERMAN } from '../src/test/secondLanguage';
import { fill } from '../src/schema/text';
import { expect, test } from './fixtures';
import { addAccount, choose, signedInByRequest, SIGNED_OUT, type SignedIn } from './helpers/admin';
import { expectNoAxeFindings } from './helpers/axe';
import { sendForm } from './helpers/forms';
import { startLanguageSite, type LanguageSite } from './helpers/languageSite';
import { screenshots } from './helpers/shots';
import { pageViewOf } from './helpers/visits';

test.describe.configure({ mode: 'serial' });

const t = admin.languages;
const ENGLISH = site.languages.default;
/** The two visitors, each sending the contact form from one language's page. */
const VISITORS = [
  { name: `Leserin ${Date.now()}`, page: `${GERMAN.prefix}/Contact` },
  { name: `Reader ${Date.now()}`, page: '/Contact' },
] as const;
const [GERMAN_VISITOR, ENGLISH_VISITOR] = VISITORS;

let languageSite: LanguageSite | undefined;
let base = '';
let owner: SignedIn;

test.beforeAll(async () => {
  // The site copied, drawn in two languages and served: minutes on a busy machine.
  test.setTimeout(600_000);
  languageSite = await startLanguageSite();
  base = languageSite.base;
  owner = await signedInByRequest(await addAccount(languageSite.dataDir), base);
});
test.afterAll(async () => {
  await languageSite?.stop();
});

const shot = screenshots('inbox-languages');

/**
 * Looks at the screen at both widths (`before375`: what a phone must open first; `shown`: the part
 * the screenshot is of, scrolled to): axe reports nothing, a screenshot is kept.
 */
async function atBothWidths(page: Page, name: string, { before375, shown }: { before375?: () => Promise<void>; shown?: Locator } = {}) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    if (width === 375) await before375?.();
    await shown?.scrollIntoViewIfNeeded();
    await expectNoAxeFindings(page, `${name} at ${width}`);
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a visitor on the German contact page and one on the English page each send the form, each page's visit counted", async ({ browser }) => {
  for (const visitor of VISITORS) {
    const context = await browser.newContext({ storageState: SIGNED_OUT });
    const page = await context.newPage();
    await pageViewOf(page, () => page.goto(`${base}${visitor.page}`));
    const values = Object.fromEntries(
      Object.entries({ ...validData.contact, Fullname: visitor.name, Email: `${visitor.name.replace(/\W+/g, '.').toLowerCase()}@example.com` })
        .filter(([key]) => key !== 'Your')
        .map(([key, value]) => [key, String(value)]),
    );
    await sendForm(page, 'contact', values);
    await context.close();
  }
});

test.describe('the owner', () => {
  // eslint-disable-next-line no-empty-pattern
  test.use({ storageState: async ({}, use) => use(owner) });

  test('filters the list by language, kept in the address, and the lead names the language it was sent in', async ({ page }) => {
    await page.goto(`${base}/admin/`);
    const lead = (name: string) => page.getByRole('link', { name, exact: true });
    await expect(lead(GERMAN_VISITOR.name)).toBeVisible();
    await expect(lead(ENGLISH_VISITOR.name)).toBeVisible();
    const filter = page.getByRole('combobox', { name: t.language });
    await expect(filter).toHaveText(t.allLanguages);
    await choose(page, filter, fill(t.choiceCount, { name: GERMAN.name, count: 1 }));
    await expect(page).toHaveURL(new RegExp(`[?&]language=${GERMAN.code}(&|$)`));
    await expect(lead(ENGLISH_VISITOR.name)).toHaveCount(0);
    await expect(lead(GERMAN_VISITOR.name)).toBeVisible();
    // The address keeps the view: a reload shows the same.
    await page.reload();
    await expect(filter).toHaveText(fill(t.choiceCount, { name: GERMAN.name, count: 1 }));
    await expect(lead(GERMAN_VISITOR.name)).toBeVisible();
    await expect(lead(ENGLISH_VISITOR.name)).toHaveCount(0);
    // On a phone the filters wait behind one button, which counts the language among them.
    await atBothWidths(page, 'list-filtered', {
      before375: async () => {
        await page.getByRole('button', { name: fill(admin.list.filtersButtonActive, { count: 1 }) }).click();
        await expect(filter).toBeVisible();
      },
    });

    await lead(GERMAN_VISITOR.name).click();
    const language = page.getByTestId('lead-language');
    await expect(language).toHaveText(fill(t.sentIn, { language: GERMAN.name }));
    // The name is marked as the words of its language.
    await expect(language.locator(`[lang="${GERMAN.code}"]`)).toHaveText(GERMAN.name);
    await atBothWidths(page, 'lead-german');

    await page.goto(`${base}/admin/?language=${ENGLISH.code}`);
    await lead(ENGLISH_VISITOR.name).click();
    await expect(page.getByTestId('lead-language')).toHaveText(fill(t.sentIn, { language: ENGLISH.name }));
  });

  test("the insights count each language's visits by the pages opened and its leads, each a link to them in the list", async ({ page }) => {
    await page.goto(`${base}/admin/insights`);
    const region = page.getByRole('region', { name: t.heading });
    const cells = (name: string) =>
      region
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name, exact: true }) })
        .getByRole('cell');
    // Visits, then visitors, then leads of the first kind (each person once).
    await expect(cells(GERMAN.name).nth(1)).toHaveText('1');
    await expect(cells(GERMAN.name).nth(3)).toHaveText('1');
    await expect(cells(ENGLISH.name).nth(1)).toHaveText('1');
    await expect(cells(ENGLISH.name).nth(3)).toHaveText('1');
    await atBothWidths(page, 'insights', { shown: region });
    await region.getByRole('link', { name: GERMAN.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]language=${GERMAN.code}(&|$)`));
    await expect(page.getByRole('link', { name: GERMAN_VISITOR.name, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: ENGLISH_VISITOR.name, exact: true })).toHaveCount(0);
  });
});

test('a site in one language (the shared server, the seed’s site) shows no language: no filter, no line on the lead, no table', async ({ browser }, info) => {
  const shared = info.project.use.baseURL!;
  const name = `Solo ${Date.now()}`;
  const visitor = await browser.newContext({ storageState: SIGNED_OUT });
  const page = await visitor.newPage();
  await page.goto(`${shared}/Contact`);
  await sendForm(
    page,
    'contact',
    Object.fromEntries(
      Object.entries({ ...validData.contact, Fullname: name, Email: `solo.${Date.now()}@example.com` })
        .filter(([key]) => key !== 'Your')
        .map(([key, value]) => [key, String(value)]),
    ),
  );
  await visitor.close();

  const context = await browser.newContext({ storageState: await signedInByRequest(await addAccount(), shared) });
  const inbox = await context.newPage();
  // The shared server holds the other tests' leads too (thousands, from the volume tests): the list searched for this one.
  await inbox.goto(`${shared}/admin/?q=${encodeURIComponent(name)}`);
  await expect(inbox.getByRole('link', { name, exact: true })).toBeVisible();
  // The other filters are there; the language's is not.
  await expect(inbox.getByRole('combobox', { name: admin.list.form })).toBeVisible();
  await expect(inbox.getByRole('combobox', { name: t.language })).toHaveCount(0);
  await inbox.getByRole('link', { name, exact: true }).click();
  await expect(inbox.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(inbox.getByTestId('lead-language')).toHaveCount(0);
  await inbox.goto(`${shared}/admin/insights`);
  await expect(inbox.getByRole('region', { name: admin.insights.bySource })).toBeVisible();
  await expect(inbox.getByRole('region', { name: t.heading })).toHaveCount(0);
  await context.close();
});
