/**
 * One fact typed once, on the editor's shared site (e2e/helpers/editorSite.ts: a copy of this
 * site; other files may have published before): the search across the content finds the phone
 * number by its digits and opens its box; the number changed there and published, every link of the
 * live site that calls or chats (the contact bar's, the footer's, the chat button's, the About
 * page's WhatsApp) reaches the new number, none the old one.
 */
import admin from '../config/admin';
import { contentRoutes, type ContentSnapshot } from '../src/content/model/contentApi';
import { fieldId } from '../src/content/editor/schemaValues';
import { placeOf } from '../src/content/model/officeSentences';
import { signIn, type Account } from './helpers/admin';
import { mainPaths, publishButton } from './helpers/content';
import { screenshots } from './helpers/shots';
import { EDITOR_SCREEN, expectNoAxeFindings } from './helpers/axe';
import { expect, test } from './fixtures';

const t = admin.content;
const SITE = 'config/site.ts';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let account: Account;
let base: string;
const shot = screenshots('one-phone');

test.beforeAll(async ({ editorSite }) => {
  base = editorSite.base;
  account = await editorSite.newAccount('editor');
});

// A publish draws every page again, on a shared 2-core machine.
test.setTimeout(420_000);

test('the phone number found by the search, changed once and published: every call and WhatsApp link of the site reaches the new number', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, account, base, t.heading);
  const snapshot = (await (await page.request.get(`${base}${contentRoutes.content.path}`)).json()) as ContentSnapshot;
  const site = snapshot.files.find((f) => f.file === SITE)!.value as Json;
  const oldDigits = (site.contact.phone.href as string).replace(/\D/g, '');
  const nextDigits = `4420794600${String(Date.now() % 100).padStart(2, '0')}`;
  const next = { label: `+44 20 7946 00${nextDigits.slice(-2)}`, href: `tel:+${nextDigits}` };

  await test.step('the search finds the number by its digits, written another way, and opens its box', async () => {
    const search = page.getByRole('searchbox', { name: t.search.label });
    // Typed key by key, as a person types: every key stays in the box (the address follows it later).
    const typed = `${oldDigits.slice(-7, -4)} ${oldDigits.slice(-4)}`;
    await search.pressSequentially(typed);
    await expect(search).toHaveValue(typed);
    const results = page.getByRole('list', { name: t.search.heading });
    const place = placeOf(SITE, site, ['contact', 'phone', 'label']).join(t.placeJoint);
    await expect(results.getByRole('link', { name: place, exact: true })).toBeVisible();
    await expectNoAxeFindings(page, 'the search across the content, 1280', EDITOR_SCREEN);
    await shot(page, 'search-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, 'search-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await results.getByRole('link', { name: place, exact: true }).click();
    await expect(page.locator(`#${fieldId(SITE, ['contact', 'phone', 'label'])}`)).toBeFocused();
    await shot(page, 'phone-box-1280');
  });

  await test.step('changed once, published: every call and chat link reaches the new number', async () => {
    await page.locator(`#${fieldId(SITE, ['contact', 'phone', 'label'])}`).fill(next.label);
    await page.locator(`#${fieldId(SITE, ['contact', 'phone', 'href'])}`).fill(next.href);
    await expect(publishButton(page, SITE)).toBeEnabled();
    await publishButton(page, SITE).click();
    await expect(page.getByRole('region', { name: t.publish, exact: true }).getByRole('status')).toHaveText(t.published, { timeout: 360_000 });
    const about = mainPaths.find((p) => p.page === 'about')!.path;
    for (const path of ['/', about]) {
      await page.goto(`${base}${path}`);
      const chats = await page.locator('a[href^="https://wa.me/"]').evaluateAll((links) => links.map((a) => new URL(a.getAttribute('href')!).pathname));
      expect(chats.length).toBeGreaterThan(0);
      expect(chats).toEqual(chats.map(() => `/${nextDigits}`));
      const calls = await page.locator('a[href^="tel:"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(calls.length).toBeGreaterThan(0);
      expect(calls).toEqual(calls.map(() => next.href));
    }
    // The home page has the contact bar's, the footer's and the chat button's; the About page its own button too.
    await page.goto(`${base}${about}`);
    await expect(page.locator('a[href^="https://wa.me/"]')).toHaveCount(4);
  });

  await test.step("a page's outline names its sections by their kind and place", async () => {
    await page.goto(`${base}/admin/content/edit?${new URLSearchParams({ file: 'config/pages/home.ts' })}`);
    await expect(publishButton(page, 'config/pages/home.ts')).toBeVisible({ timeout: 20_000 });
    await shot(page, 'outline-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, 'outline-375');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('the search finds the new number, the old one nowhere', async () => {
    await page.goto(`${base}/admin/content?${new URLSearchParams({ find: oldDigits.slice(-7) })}`);
    await expect(page.getByRole('status').filter({ hasText: t.search.none })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('searchbox', { name: t.search.label }).fill(nextDigits.slice(-6));
    await expect(page.getByRole('list', { name: t.search.heading }).getByRole('link').first()).toBeVisible();
  });
});
