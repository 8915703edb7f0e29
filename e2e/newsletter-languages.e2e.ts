/**
 * The newsletter's preview and test in each language, in a real browser, on a server of this
 * file's own serving the site in two languages (e2e/helpers/languageSite.ts: German declared in a
 * copy of the site, never in the seed's; its texts untranslated) with a real SMTP server: the
 * owner writes a newsletter, chooses German beside the preview and sees the mail as a German
 * reader gets it (its foot marked German, its brand's link to the German home page), then sends
 * themself a test in German. On the shared server (the seed's site, in one language) there is no
 * choice. Every word is read from config/; axe on the screen; screenshots at 1280 and 375 px in
 * test-results/newsletter-languages/.
 */
import type { Page } from '@playwright/test';
import admin from '../config/admin';
import site from '../config/site';
import { GERMAN } from '../src/test/secondLanguage';
import { startSmtp, waitFor, type SmtpReceiver } from '../src/test/receivers';
import { expect, fill, test } from './fixtures';
import { addAccount, choose, signedInByRequest, type Account, type SignedIn } from './helpers/admin';
import { expectNoAxeFindings } from './helpers/axe';
import { startLanguageSite, type LanguageSite } from './helpers/languageSite';
import { screenshots } from './helpers/shots';

test.describe.configure({ mode: 'serial' });

const t = admin.newsletters;
const shot = screenshots('newsletter-languages', { fullPage: true });

let languageSite: LanguageSite | undefined;
let smtp: SmtpReceiver | undefined;
let base = '';
let owner: SignedIn;
let account: Account;

test.beforeAll(async () => {
  // The site copied, drawn in two languages and served: minutes on a busy machine.
  test.setTimeout(600_000);
  smtp = await startSmtp(0);
  languageSite = await startLanguageSite({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Agency Site <site@agency.example>',
      NOTIFY_TO: 'sales@agency.example',
    },
  });
  base = languageSite.base;
  account = await addAccount(languageSite.dataDir);
  owner = await signedInByRequest(account, base);
});
test.afterAll(async () => {
  await languageSite?.stop();
  await smtp?.close();
});

/** The preview's mail, drawn in its shadow root. */
const mailOf = (page: Page) => page.getByTestId('newsletter-mail');

test.describe('the owner', () => {
  // eslint-disable-next-line no-empty-pattern
  test.use({ storageState: async ({}, use) => use(owner) });

  test('previews a newsletter as its German readers get it and sends themself a test in German', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}/admin/newsletters/new`);
    await page.getByLabel(t.subject, { exact: false }).fill('Two languages');
    await page.getByLabel(t.name, { exact: false }).fill(`two-languages-${Date.now()}`);
    await page.locator('#newsletter-body').click();
    await page.keyboard.type('Written once, read in each language.');
    await page.getByRole('button', { name: t.save, exact: true }).click();
    await expect(page.getByText(t.saved)).toBeVisible();

    // The default language first: the mail of its readers, as before languages.
    const choice = page.getByRole('combobox', { name: t.previewLanguage });
    await expect(choice).toHaveText(site.languages.default.name);
    const mail = mailOf(page);
    await expect.poll(() => mail.evaluate((host) => host.shadowRoot?.textContent ?? '')).toContain('read in each language');
    await expect.poll(() => mail.evaluate((host, code) => host.shadowRoot?.querySelector(`[lang="${code}"]`) !== null, GERMAN.code)).toBe(false);

    // German: its foot marked German (its words fall back to the first language's, untranslated), its brand's link to the German home page.
    await choose(page, choice, GERMAN.name);
    await expect.poll(() => mail.evaluate((host, code) => host.shadowRoot?.querySelector(`[lang="${code}"]`) !== null, GERMAN.code)).toBe(true);
    const home = await mail.evaluate((host) => host.shadowRoot?.querySelector('a')?.getAttribute('href') ?? '');
    expect(new URL(home).pathname).toBe(GERMAN.prefix);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.locator('#newsletter-preview').scrollIntoViewIfNeeded();
      await expectNoAxeFindings(page, `the preview in German at ${width}`);
      await shot(page, `preview-german-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The test: in German, as a German reader gets it.
    await page.getByRole('button', { name: t.test, exact: true }).click();
    await expect(page.getByText(fill(t.testSent, { email: account.email }))).toBeVisible();
    const test = () => smtp!.mails.find((m) => m.envelope.to.includes(account.email));
    await waitFor('the test mail', () => test() !== undefined, { on: [smtp!.changes] });
    const html = String(test()!.email.html);
    expect(html).toContain(`<td lang="${GERMAN.code}"`);
    expect(html).toContain(`${GERMAN.prefix}?utm_source=newsletter`);
  });
});

test('a site in one language (the shared server, the seed’s site) offers no choice of language beside the preview', async ({ browser }, info) => {
  const shared = info.project.use.baseURL!;
  const context = await browser.newContext({ storageState: await signedInByRequest(await addAccount(), shared) });
  const page = await context.newPage();
  await page.goto(`${shared}/admin/newsletters/new`);
  await expect(page.getByRole('button', { name: t.previewWide, exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: t.previewLanguage })).toHaveCount(0);
  await context.close();
});
