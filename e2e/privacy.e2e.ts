/**
 * The privacy page as a visitor meets it: at 1280 and 375 px, linked from the footer of every
 * page and from the note under every form, listing every form with the retention period, the
 * fields and the notifications its own config gives (read from config/forms here, never typed),
 * the agency's e-mail for erasure from config/site.ts, and in the sitemap.
 */
import type { Page } from '@playwright/test';
import forms from '../config/forms';
import privacyPage from '../config/pages/privacy';
import type { FormConfig } from '../src/site/forms/model/formSchema';
import type { SectionOf } from '../src/site/sections/schemas';
import { expect, fill, test, visit } from './fixtures';
import { mainPaths, routes, site } from './helpers/content';
import { formOf, formPlaces, type FormName } from './helpers/forms';
import { screenshots } from './helpers/shots';

/** The page at both widths, for people to look at (test-results/privacy/, with E2E_SHOTS=1). */
const shot = screenshots('privacy', { fullPage: true });
const privacyPath = routes.routes.find((r) => r.page === 'privacy')!.path;
const section = privacyPage.sections.find((s) => s.type === 'privacy') as SectionOf<'privacy'>;
const about = section.forms;
const allForms: Record<string, FormConfig> = forms;

async function expectEveryFormListed(page: Page) {
  for (const item of about.items) {
    const form = allForms[item.form]!;
    const block = page.locator(`[data-form="${item.form}"]`);
    await expect(block.getByRole('heading', { level: 3 })).toHaveText(item.name);
    const line = (label: string) => block.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    const kept = [
      fill(about.keptFor, { days: form.retention.days }),
      ...(form.retention.cvDays === undefined ? [] : [fill(about.cvKeptFor, { days: form.retention.cvDays })]),
    ].join(' ');
    await expect(line(about.labels.kept), `${item.form}: the retention of config/forms`).toHaveText(kept);
    await expect(line(about.labels.purpose)).toHaveText(item.purpose);
    await expect(line(about.labels.collects)).toHaveText(form.fields.map((f) => f.label).join(', '));
    await expect(line(about.labels.storage)).toHaveText(about.storage.local);
    const told = [form.notify.email && about.told.email, form.notify.webhook && about.told.webhook].filter(Boolean).join(' ') || about.told.none;
    await expect(line(about.labels.told)).toHaveText(told);
  }
  expect(about.items.map((i) => i.form).sort()).toEqual(Object.keys(forms).sort());
}

for (const width of [1280, 375]) {
  test.describe(`the privacy page at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 400 ? 800 : 740 } });

    test('says who is responsible, what each form collects and keeps for how long, who is told, and how to have it erased', async ({ page }) => {
      await visit(page, privacyPath);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(privacyPage.sections[0]!.type === 'pageHeader' ? privacyPage.sections[0]!.heading : '');
      await expect(page).toHaveTitle(privacyPage.title);
      for (const heading of [section.responsible.heading, about.heading, section.rights.heading])
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(site.contact.address);
      await expectEveryFormListed(page);
      // The agency's address, as a link, where the page says who is responsible and how to ask for erasure.
      const mail = page.getByRole('main').getByRole('link', { name: site.contact.email.label });
      await expect(mail).toHaveCount(2);
      for (const link of await mail.all()) await expect(link).toHaveAttribute('href', site.contact.email.href);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(page, `privacy-${width}`);
    });
  });
}

test('the alias answers with the same page', async ({ page }) => {
  const route = routes.routes.find((r) => r.page === 'privacy')!;
  for (const alias of route.aliases ?? []) {
    await visit(page, alias);
    await expect(page).toHaveTitle(privacyPage.title);
  }
});

test('every page links to it from the footer', async ({ page }) => {
  for (const { path } of mainPaths) {
    await page.goto(path);
    const links = page.getByRole('contentinfo').locator(`a[href="${privacyPath}"]`);
    expect(await links.count(), `footer of ${path}`).toBeGreaterThan(0);
  }
  await page.goto('/');
  await page.getByRole('contentinfo').locator(`a[href="${privacyPath}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${privacyPath}$`));
  await expect(page).toHaveTitle(privacyPage.title);
});

test('the note under every form links to it', async ({ page }) => {
  for (const name of Object.keys(formPlaces) as FormName[]) {
    await page.goto(formPlaces[name].path);
    const form = formOf(page, name);
    // The note is the form's next line: the first paragraph after it, with the link.
    const note = form.locator('xpath=following::p[1]');
    await expect(note, `the note under the ${name} form`).toContainText(fill(site.privacyNote.text, { link: site.privacyNote.link.label }));
    const link = note.getByRole('link', { name: site.privacyNote.link.label });
    await expect(link).toHaveAttribute('href', site.privacyNote.link.href);
  }
  await page.goto(formPlaces.contact.path);
  await formOf(page, 'contact').locator('xpath=following::p[1]').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${privacyPath}$`));
  await expectEveryFormListed(page);
});

test('is in the sitemap', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${site.brand.url}${privacyPath}</loc>`);
});
