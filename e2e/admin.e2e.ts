/**
 * The inbox as the agency uses it, in a real browser against the built server: a visitor sends
 * the career form with a CV; the agency signs in, sees the new lead stand out (and counted in
 * the tab's title), finds it by search, opens it (every field by its label, as text; the
 * portfolio "javascript:" address stays inert), downloads the CV, changes the status, exports
 * the view, and signs out. The Spam folder and "Not spam"; erasing a person on a phone (the
 * password asked again, every item shown, the address typed a second time, what is left outside,
 * the record); the page's headers and crawler rules; axe on every screen at both widths; and the
 * public pages never load the inbox's code.
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import admin from '../config/admin';
import forms from '../config/forms';
import server from '../config/server';
import { BYTE_ORDER_MARK, csvColumnsFor, csvRow, sharedCsvColumns } from '../src/leads/server/leads';
import { bundledForms } from '../src/site/forms/model/registry';
import { SOURCE_CSV_COLUMNS } from '../src/leads/server/sources';
import { SIGN_IN_API } from '../src/platform/signIn';
import { adminRoutes, type Me } from '../src/platform/inboxRoutes';
import { fill } from '../src/schema/text';
import { animationsDone, expect, test, visit } from './fixtures';
import {
  addAccount,
  choose,
  passwordTypedAt,
  pdfWith,
  sendApplication,
  signedInByRequest,
  signIn,
  signInByRequest,
  storeSpam,
  tick,
  type Account,
  type SignedIn,
} from './helpers/admin';
import { uniqueSuffix } from './helpers/forms';
import { proofHeaders } from '../src/test/proof';
import { escapeRegExp } from '../src/schema/text';
import { expectNoAxeFindings, WCAG21_AND_BEST_PRACTICE } from './helpers/axe';
import { screenshots } from './helpers/shots';

/** The erasure's screens, for people to look at (test-results/admin/, with E2E_SHOTS=1). */
const adminShot = screenshots('admin');

/** The address of the server under test: a form posted as a page's script posts it carries a puzzle solved for it (src/test/proof.ts). */
const baseOf = () => test.info().project.use.baseURL!;

let account: Account;
let signedInCookies: SignedIn | undefined;
// One account and one sign-in by the sign-in's own requests per worker: the tests that are not
// about signing in or out start with its cookies (the journey below signs in through the form). A
// worker that comes back to the file runs this hook again, its variables kept: the session it
// signed in is still open (no test here ends it).
test.beforeAll(async () => {
  if (signedInCookies) return;
  // The password check may wait long behind others on a busy machine.
  test.setTimeout(120_000);
  account = await addAccount();
  signedInCookies = await signedInByRequest(account, baseOf());
});
/** In a describe block: its tests' pages start signed in as `account`. */
// eslint-disable-next-line no-empty-pattern
const startSignedIn = () => test.use({ storageState: async ({}, use) => use(signedInCookies) });

/** Opens the inbox, signed in already; resolves once its list shows. */
/** The inbox, newest first (the leads a test just sent on its first page, whatever waits longer). */
async function openInbox(page: Page): Promise<void> {
  await page.goto('/admin?sort=receivedAt');
  await expect(page.getByRole('heading', { name: admin.list.heading, exact: true, level: 1 })).toBeVisible();
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

/**
 * Searches the list for `s` and waits until its page is shown: the server's answer to the search,
 * then the grid done loading, one lead (and the header row). The lead may show before the search
 * applies (a folder holding only it), and a click made while the list is drawn anew is lost.
 */
async function searchApplied(page: Page, s: string): Promise<void> {
  const listed = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === adminRoutes.leads.path && url.searchParams.get('q') === s;
  });
  await page.getByRole('searchbox', { name: admin.list.search }).fill(s);
  await listed;
  await expect(page.getByRole('grid').getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('row')).toHaveCount(2);
}

test('the agency sees a new lead, opens it, downloads the CV, sets its status, exports, signs out', async ({ page, request }) => {
  // A whole journey, with a sign-in through the form: long on a busy machine.
  test.slow();
  const s = uniqueSuffix();
  const name = `Grace <img src=x onerror=alert(1)> ${s}`;
  const cv = pdfWith(`the CV of ${s}`);
  await sendApplication(
    page,
    { fullName: name, Email: `grace.${s}@example.com`, Number: '0123456789', portfolioUrl: 'javascript:alert(1)', Messsage: `=1+1\nI build apps. ${s}` },
    cv,
  );

  await signIn(page, account);
  await openInbox(page);
  const lead = row(page, name);
  await expect(lead).toBeVisible();
  // New: it stands out, and the tab counts it.
  await expect(lead.getByText(admin.statuses.new, { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(admin.titleWithUnread).replace(escapeRegExp('{count}'), '\\d[^)]*')}$`));

  // Search finds it by any field (here the message), in any case.
  await page.getByRole('searchbox', { name: admin.list.search }).fill(`BUILD APPS. ${s.toUpperCase()}`);
  // (The search has run once the address holds it: on a fresh inbox the list held only this lead anyway.)
  await expect(page).toHaveURL(/[?&]q=BUILD/);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(lead).toBeVisible();

  await lead.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/[A-Za-z0-9]{20}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  // The keyboard starts at the new screen's content, not at the top of the document.
  await expect(page.getByRole('main')).toBeFocused();
  // Every field by its label, as text: the markup the visitor typed is not markup here.
  const fields = page.getByRole('region', { name: admin.lead.fieldsHeading });
  for (const f of forms.freelancer.fields.filter((f) => f.kind !== 'file')) await expect(fields.getByText(f.label, { exact: true })).toBeVisible();
  await expect(fields.locator('img')).toHaveCount(0);
  // A portfolio address that is not http(s) stays text: no link, nothing to run. The only
  // links are the e-mail address's and the phone number's (mailto:, tel:).
  await expect(fields.getByText('javascript:alert(1)', { exact: true })).toBeVisible();
  await expect(fields.locator('a:not([href^="mailto:"]):not([href^="tel:"])')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  // Opening it marked it read.
  await expect(page.getByRole('combobox', { name: admin.lead.status })).toHaveText(admin.statuses.read);

  // The CV, through the inbox only.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /Download the CV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^cv-.*\.pdf$/);
  expect(readFileSync((await download.path())!)).toEqual(cv);

  // Status: replied.
  await choose(page, page.getByRole('combobox', { name: admin.lead.status }), admin.statuses.replied);
  await expect(page.getByText(admin.lead.statusSaved)).toBeVisible();

  await page.getByRole('link', { name: admin.lead.back }).click();
  await page.getByRole('searchbox', { name: admin.list.search }).fill(s);
  // Replied is done for now: not in the default view (what needs the agency), in its own.
  await expect(row(page, name)).toHaveCount(0);
  await choose(page, page.getByRole('combobox', { name: admin.list.status }), admin.statuses.replied);
  await expect(row(page, name).getByText(admin.statuses.replied, { exact: true })).toBeVisible();

  // Export of this view: the same columns and cells as npm run leads -- export, formulas inert.
  await choose(page, page.getByRole('combobox', { name: admin.list.form }), new RegExp(`^${admin.forms.freelancer}`));
  await expect(row(page, name)).toBeVisible();
  const exporting = page.waitForEvent('download');
  await page.getByRole('link', { name: admin.list.exportCsv }).click();
  const exported = await exporting;
  // The view's filters in the file's name.
  expect(exported.suggestedFilename()).toMatch(/^leads-freelancer-replied-.*\.csv$/);
  const csv = readFileSync((await exported.path())!, 'utf8');
  const lines = csv.split('\r\n');
  // For a spreadsheet: a byte order mark, then the shared columns and the form's words (src/leads/server/leads.ts), where the lead came from, the inbox's address last.
  expect(`${lines[0]}\r\n`).toBe(
    BYTE_ORDER_MARK +
      csvRow([
        ...sharedCsvColumns(bundledForms).map((c) => c.header),
        ...csvColumnsFor(bundledForms, forms.freelancer.collection).map((c) => c.header),
        ...SOURCE_CSV_COLUMNS,
        server.admin.exportInboxColumn,
      ]),
  );
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(`"'=1+1\nI build apps. ${s}"`);

  // Signing out ends the session: its cookie no longer opens anything.
  const cookies = await page.context().cookies();
  await page.getByRole('button', { name: admin.nav.signOut, exact: true }).click();
  await expect(page.getByRole('button', { name: admin.signIn.submit, exact: true })).toBeVisible();
  const session = cookies.find((c) => c.path === '/api/')!;
  const after = await request.get(adminRoutes.leads.path, { headers: { cookie: `${session.name}=${session.value}` } });
  expect(after.status()).toBe(401);
});

test("/admin and its addresses: noindex, never cached, a nonce policy as strict as the pages', not in the sitemap, disallowed in robots.txt", async ({
  page,
  request,
}) => {
  for (const address of ['/admin', '/admin/', '/admin/leads/AAAAAAAAAAAAAAAAAAAA', '/admin/spam']) {
    const response = await request.get(address);
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    const csp = headers['content-security-policy']!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toBe(
      `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'; style-src-attr 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-src 'none'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
    );
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain(`<title>${admin.title}</title>`);
    expect(html).not.toContain('__CSP_NONCE__');
  }
  // A fresh nonce per answer.
  const [a, b] = await Promise.all([request.get('/admin'), request.get('/admin')]);
  expect(a.headers()['content-security-policy']).not.toBe(b.headers()['content-security-policy']);

  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/admin');
  expect(await (await request.get('/robots.txt')).text()).toMatch(/^Disallow: \/admin$/m);

  // Every style and script of the page carries the nonce (the fixture fails on any CSP refusal).
  const response = await page.goto('/admin');
  await expect(page.getByRole('button', { name: admin.signIn.submit, exact: true })).toBeVisible();
  const nonce = /'nonce-([^']+)'/.exec(response!.headers()['content-security-policy']!)?.[1];
  const nonces = await page.evaluate(() => [...document.querySelectorAll('style, script')].map((el) => (el as HTMLElement).nonce));
  expect(new Set(nonces)).toEqual(new Set([nonce]));
});

test.describe('every admin address without a session', () => {
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
  test('is 401 for every route of the table and every method (the sign-in excepted, which is outside /api/admin/)', async ({ request }) => {
    for (const route of Object.values(adminRoutes)) {
      const address = route.path.replace(/:\w+/g, 'AAAAAAAAAAAAAAAAAAAA');
      for (const method of methods) {
        const response = await request.fetch(address, {
          method,
          data: method === 'GET' || method === 'HEAD' ? undefined : '{"status":"read"}',
          headers: { 'content-type': 'application/json' },
        });
        expect(response.status(), `${method} ${address}`).toBe(401);
        if (method !== 'HEAD') expect(await response.json()).toEqual({ message: server.admin.messages.signInRequired });
      }
    }
    expect((await request.get(SIGN_IN_API)).status()).toBe(200);
  });
});

test.describe('signed in', () => {
  startSignedIn();

  // A file's beforeAll may run again in the same worker (its tests are spread over the workers),
  // when the file's signed-in cookies are already the default of every context the test makes.
  // A sign-in that sent those cookies would end their session (a new session id at each sign-in).
  test('a sign-in for the tests starts signed out, whatever the file starts with, and leaves the file’s session signed in', async ({ request }) => {
    const again = await signedInByRequest(account, baseOf());
    const session = (state: SignedIn) => state.cookies.map(({ name, value }) => `${name}=${value}`).sort();
    expect(session(again)).toHaveLength(session(signedInCookies!).length);
    expect(session(again)).not.toEqual(session(signedInCookies!));
    expect((await request.get(adminRoutes.me.path)).status()).toBe(200);
  });

  test('a lead opened while the search still waits for the typing to pause keeps its own address', async ({ page, request }) => {
    const s = uniqueSuffix();
    const email = `pause.${s}@example.com`;
    const name = `Pause ${s}`;
    // A lead of a form that awaits an answer: the inbox's default view holds it.
    const stored = await request.post(`/api/collections/${forms.contact.collection}/documents`, {
      headers: await proofHeaders(baseOf()),
      data: { Fullname: name, Company: 'Co', Number: '1', Email: email, Your: '', Messsage: 'Hi', id: Date.now(), Date: new Date().toString() },
    });
    expect(stored.status()).toBe(201);
    // The page's clock is the test's: the search's pause ends when the test moves it on.
    await page.clock.install();
    await openInbox(page);
    const link = page.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    // The lead's page's code is held until the test lets it come (the list stays on screen meanwhile).
    let letCodeCome = () => {};
    const held = new Promise<void>((resolve) => (letCodeCome = resolve));
    const codeAsked = page.waitForRequest(/\.js$/);
    await page.route(/\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.clock.pauseAt(Date.now() + 1_000);
    // Typed, then the lead clicked at once: its code on its way, the search's pause ends.
    await page.getByRole('searchbox', { name: admin.list.search }).fill(email.toUpperCase());
    await link.click();
    await codeAsked;
    await expect(page).toHaveURL(/\/admin\/leads\/[A-Za-z0-9]{20}$/);
    await page.clock.runFor(2_000);
    await expect(page).toHaveURL(/\/admin\/leads\/[A-Za-z0-9]{20}$/);
    letCodeCome();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await page.clock.runFor(2_000);
    await expect(page).toHaveURL(/\/admin\/leads\/[A-Za-z0-9]{20}$/);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  });

  test('the settings still at their examples and the count of unread leads come with the frame: a screen drawn before them is never pushed down, nor the sections sideways, under the pointer', async ({
    page,
    request,
  }) => {
    // At least one lead unread.
    const s = uniqueSuffix();
    const lead = { Fullname: `Unread ${s}`, Company: 'Co', Number: '1', Email: `unread.${s}@example.com`, Your: '', Messsage: 'Hi', id: 2, Date: 'now' };
    expect((await request.post(`/api/collections/${forms.contact.collection}/documents`, { headers: await proofHeaders(baseOf()), data: lead })).status()).toBe(
      201,
    );
    // Whatever config/ holds now, the server's `me` names at least one setting at its example.
    await page.route(adminRoutes.me.path, async (route) => {
      const response = await route.fetch();
      const me = (await response.json()) as Me;
      const placeholders = me.placeholders?.length ? me.placeholders : ['config/site.ts: a setting at its example value (the test says so).'];
      await route.fulfill({ response, json: { ...me, placeholders } });
    });
    // Every other call of the inbox waits until the frame is drawn, as a busy server may answer them in any order.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/admin\/(?!me(\?|$))/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: admin.nav.label });
    await expect(nav).toBeVisible();
    await expect(page.getByTestId('placeholders')).toBeVisible();
    // The Inbox section shows its count (a number) from the first drawing; the next section stays where it was drawn.
    const inbox = nav.getByRole('link', { name: new RegExp(`^${escapeRegExp(admin.nav.inbox)}`) });
    await expect(inbox).toContainText(/\d/);
    const spam = nav.getByRole('link', { name: admin.nav.spam });
    const drawn = { inbox: await inbox.textContent(), spamAt: await spam.boundingBox() };
    release();
    await expect(page.getByRole('heading', { name: admin.list.heading, exact: true, level: 1 })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    // Unless the count has grown a digit meanwhile (another test's lead), nothing moved.
    const now = { inbox: await inbox.textContent(), spamAt: await spam.boundingBox() };
    if (now.inbox?.length === drawn.inbox?.length) expect(now.spamAt).toEqual(drawn.spamAt);
  });

  test('the Spam folder: a trapped submission waits there, "Not spam" moves it to the inbox; deleted there, the list says so once', async ({ page }) => {
    const s = uniqueSuffix();
    const name = `Caught ${s}`;
    await storeSpam(forms.inquiry.collection, {
      Fname: name,
      Email: `caught.${s}@example.com`,
      Number: '',
      Pname: 'A shop',
      id: Date.now(),
      Date: new Date().toString(),
    });
    await openInbox(page);
    await page.getByRole('searchbox', { name: admin.list.search }).fill(s);
    await expect(page.getByText(admin.list.empty)).toBeVisible();

    await page.getByRole('navigation', { name: admin.nav.label }).getByRole('link', { name: admin.nav.spam }).click();
    await expect(page.getByRole('heading', { name: admin.spam.heading, level: 1 })).toBeVisible();
    await searchApplied(page, s);
    await row(page, name).getByRole('button', { name: admin.spam.notSpam }).click();
    await expect(page.getByText(admin.spam.movedToInbox)).toBeVisible();
    await expect(row(page, name)).toHaveCount(0);

    await page.getByRole('navigation', { name: admin.nav.label }).getByRole('link', { name: admin.nav.inbox }).click();
    // The inbox's own screen first: a search typed into the Spam screen's box as it goes would be lost.
    await expect(page.getByRole('heading', { name: admin.list.heading, exact: true, level: 1 })).toBeVisible();
    await searchApplied(page, s);
    await expect(row(page, name)).toBeVisible();

    // Deleted on its page: the list says so once; a reload (the browser keeps the address's state) does not say it again.
    await row(page, name).getByRole('link', { name, exact: true }).click();
    await page.getByRole('button', { name: admin.lead.deleteButton }).click();
    await page.getByRole('dialog', { name: admin.lead.deleteButton }).getByRole('button', { name: admin.lead.deleteConfirm }).click();
    const deleted = page.getByRole('status').filter({ hasText: admin.lead.deleted });
    await expect(deleted).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: admin.list.heading, exact: true, level: 1 })).toBeVisible();
    await expect(deleted).toHaveCount(0);
  });

  test.describe('erasing a person', () => {
    // The password asked again is the server's refusal first (403), which the browser reports.
    test.use({ expectedConsoleErrors: /the server responded with a status of 403/ });

    test('erasing a person at 375 px: the password again, every item, the address a second time, then what is left outside and a record', async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      // The window only until the end: a whole-page screenshot leaves Chromium's scrolling off (a later tap misses).
      const shot = (name: string, fullPage = false) => adminShot(page, `erase-${name}-375`, fullPage);
      const s = uniqueSuffix();
      const email = `leaving.${s}@example.com`;
      // One person in two forms: another case and a +tag.
      for (const [collection, document] of [
        [forms.contact.collection, { Fullname: `Leaving ${s}`, Company: 'Co', Number: '1', Email: email, Your: '', Messsage: 'Bye', id: 1, Date: 'now' }],
        [forms.newsletter.collection, { Email: `LEAVING.${s}+news@example.com`, id: 2, Date: 'now' }],
      ] as const) {
        const response = await request.post(`/api/collections/${collection}/documents`, { headers: await proofHeaders(baseOf()), data: document });
        expect(response.status()).toBe(201);
      }
      const stay = `Staying ${s}`;
      expect(
        (
          await request.post(`/api/collections/${forms.inquiry.collection}/documents`, {
            headers: await proofHeaders(baseOf()),
            data: { Fname: stay, Email: `staying.${s}@example.com`, Number: '', Pname: 'x', id: 3, Date: 'now' },
          })
        ).status(),
      ).toBe(201);

      await openInbox(page);
      // The password was typed long ago (as after admin.passwordAgainMinutes).
      await passwordTypedAt(page, 0);
      await page.getByRole('button', { name: admin.nav.menu }).click();
      await page.getByRole('navigation', { name: admin.nav.label }).getByRole('link', { name: admin.nav.erase }).click();
      await page.getByRole('textbox', { name: admin.erase.email }).fill(`Leaving.${s}+asked@Example.com`);
      await page.getByRole('button', { name: admin.erase.find }).click();

      // Asked for the password, then shown what the erasure deletes.
      const dialog = page.getByRole('dialog', { name: admin.passwordAgain.heading });
      await expect(dialog).toBeVisible();
      await animationsDone(page);
      await expectNoAxeFindings(page, 'the password asked again at 375 px', { tags: WCAG21_AND_BEST_PRACTICE });
      await shot('password');
      await dialog.getByLabel(admin.passwordAgain.password, { exact: true }).fill(account.password);
      await dialog.getByRole('button', { name: admin.passwordAgain.confirm }).click();
      await expect(dialog).toBeHidden();
      const found = page.getByRole('region', { name: admin.erase.foundHeading });
      await expect(found.getByText(fill(admin.erase.kinds.leads, { count: '2' }))).toBeVisible();
      // Each lead by its form (and name), the newsletter's too.
      await expect(
        found
          .getByRole('listitem')
          .filter({ hasText: admin.forms.contact })
          .filter({ hasText: `Leaving ${s}` })
          .last(),
      ).toBeVisible();
      await expect(found.getByRole('listitem').filter({ hasText: admin.forms.newsletter }).last()).toBeVisible();
      await expect(found).toContainText(`LEAVING.${s}+news@example.com`);

      // The second step: the address again (another person's does not do).
      const erase = found.getByRole('button', { name: admin.erase.confirm });
      await expect(erase).toBeDisabled();
      const again = found.getByRole('textbox', { name: admin.erase.confirmLabel });
      await again.fill(`staying.${s}@example.com`);
      await expect(erase).toBeDisabled();
      await again.fill(`LEAVING.${s}@example.com`);
      await expectScreenClean(page, 'erase preview', 375);
      await erase.click();
      await expect(page.getByText(admin.erase.erased)).toBeVisible();
      // What is left outside: this server sends no mail, so backups only.
      const outside = page.getByRole('region', { name: admin.erase.outsideHeading });
      await expect(outside.getByRole('listitem')).toHaveCount(1);
      // And the addresses to search those places for, each form it was found under (this page keeps them; the record never does).
      await expect(outside).toContainText(fill(admin.erase.outsideAddresses, { addresses: '' }).trim());
      for (const address of [email, `LEAVING.${s}+news@example.com`]) await expect(outside).toContainText(address);
      const records = page.getByRole('region', { name: admin.erase.recordsHeading });
      await expect(records).toContainText(account.email);
      await expect(records).not.toContainText(s);
      await expectScreenClean(page, 'erase done', 375);
      await shot('done', true);

      await page.getByRole('textbox', { name: admin.erase.email }).fill(email);
      await page.getByRole('button', { name: admin.erase.find }).click();
      await expect(page.getByText(admin.erase.none)).toBeVisible();
      await page.goto('/admin');
      await page.getByRole('searchbox', { name: admin.list.search }).fill(s);
      await expect(row(page, stay)).toBeVisible();
      await expect(page.getByRole('row')).toHaveCount(2);
    });
  });

  test("the public pages never load the inbox's code", async ({ page }) => {
    const scripts = (into: Set<string>) => (request: { url(): string }) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('.js')) into.add(url.pathname);
    };
    const inbox = new Set<string>();
    page.on('request', scripts(inbox));
    await openInbox(page);
    await page.getByRole('navigation', { name: admin.nav.label }).getByRole('link', { name: admin.nav.spam }).click();
    await expect(page.getByRole('heading', { name: admin.spam.heading, level: 1 })).toBeVisible();
    page.removeAllListeners('request');
    const site = new Set<string>();
    page.on('request', scripts(site));
    for (const address of ['/', '/Career', '/Contact']) {
      await visit(page, address);
      await page.mouse.wheel(0, 4000);
      await page.waitForLoadState('networkidle');
    }
    expect(inbox.size).toBeGreaterThan(0);
    expect(site.size).toBeGreaterThan(0);
    expect([...site].filter((file) => inbox.has(file))).toEqual([]);
  });

  test.describe('at 375 px wide, a phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the first screen shows leads; the other filters and the export open from one button, by the keyboard, and still filter; the sections open from a menu that Escape closes', async ({
      page,
      request,
    }) => {
      // Two runs of axe among many steps: long on a busy machine.
      test.slow();
      const s = uniqueSuffix();
      const signUp = `phone.${s}@example.com`;
      const asking = `Asking ${s}`;
      const name = `Phone ${s}`;
      expect(
        (
          await request.post(`/api/collections/${forms.newsletter.collection}/documents`, {
            headers: await proofHeaders(baseOf()),
            data: { Email: signUp, id: 1, Date: 'now' },
          })
        ).status(),
      ).toBe(201);
      expect(
        (
          await request.post(`/api/collections/${forms.inquiry.collection}/documents`, {
            headers: await proofHeaders(baseOf()),
            data: { Fname: asking, Email: `asking.${s}@example.com`, Number: '', Pname: 'x', id: 3, Date: 'now' },
          })
        ).status(),
      ).toBe(201);
      expect(
        (
          await request.post(`/api/collections/${forms.contact.collection}/documents`, {
            headers: await proofHeaders(baseOf()),
            data: { Fullname: name, Company: 'Co', Number: '1', Email: `contact.${s}@example.com`, Your: '', Messsage: 'Hi', id: 2, Date: 'now' },
          })
        ).status(),
      ).toBe(201);
      await openInbox(page);
      // Right after the list loads, its first lead is within the first screen.
      const firstLead = page.getByRole('row').nth(1);
      await expect(firstLead.getByRole('link')).toBeVisible();
      const box = (await firstLead.boundingBox())!;
      expect(box.y + box.height, 'the first lead ends above the bottom of the first screen').toBeLessThanOrEqual(740);
      // Search stays in sight; the other filters, the export and the bulk actions wait.
      await expect(page.getByRole('searchbox', { name: admin.list.search })).toBeInViewport();
      await expect(page.getByRole('combobox', { name: admin.list.form })).toBeHidden();
      await expect(page.getByRole('link', { name: admin.list.exportCsv })).toBeHidden();
      await expect(page.getByRole('region', { name: admin.list.bulkLabel })).toHaveCount(0);

      // The default view holds the two leads that await an answer, not the newsletter's sign-up (it is under Newsletter, Subscribers).
      await page.getByRole('searchbox', { name: admin.list.search }).fill(s);
      await expect(page.getByRole('row')).toHaveCount(3);
      await expect(page.getByRole('link', { name: asking, exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: signUp, exact: true })).toHaveCount(0);
      const filters = page.getByRole('button', { name: admin.list.filtersButton, exact: true });
      await filters.focus();
      await page.keyboard.press('Enter');
      await expect(filters).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('combobox', { name: admin.list.form })).toBeVisible();
      await expect(page.getByRole('combobox', { name: admin.list.status })).toBeVisible();
      await expect(page.getByRole('link', { name: admin.list.exportCsv })).toBeVisible();
      // A filter set in it still filters, and the button says how many are set.
      await choose(page, page.getByRole('combobox', { name: admin.list.form }), new RegExp(`^${admin.forms.inquiry}`));
      await expect(page.getByRole('row')).toHaveCount(2);
      await expect(page.getByRole('link', { name: asking, exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
      await expect(
        page.getByRole('button', { name: fill(admin.list.filtersButtonActive, { count: new Intl.NumberFormat(admin.locale).format(1) }), exact: true }),
      ).toHaveAttribute('aria-expanded', 'true');
      // A lead ticked: its actions appear.
      await tick(page.getByRole('checkbox', { name: admin.list.selectRow }).first());
      await expect(page.getByRole('region', { name: admin.list.bulkLabel }).getByRole('button', { name: admin.list.bulk.read })).toBeVisible();
      await expectNoAxeFindings(page, 'the inbox with the filters open', { tags: WCAG21_AND_BEST_PRACTICE });

      // The sections: one Menu button; its links follow it in the keyboard's order; Escape closes it and gives the keyboard back.
      const sections = page.getByRole('navigation', { name: admin.nav.label });
      const menu = sections.getByRole('button', { name: admin.nav.menu });
      const header = (await page.getByRole('banner').boundingBox())!;
      expect(header.height, 'the closed header is one row').toBeLessThanOrEqual(72);
      await expect(sections.getByRole('link', { name: admin.nav.spam })).toBeHidden();
      // Closed, the Menu button shows the Inbox section's count of unread leads (this test's lead is one), seen only: its name stays the Menu's.
      await expect(menu).toContainText(/\d/);
      await expect(menu).toHaveAccessibleName(admin.nav.menu);
      await menu.focus();
      await page.keyboard.press('Enter');
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Tab');
      await expect(sections.getByRole('link', { name: new RegExp(`^${admin.nav.inbox}`) })).toBeFocused();
      await expect(sections.getByRole('link', { name: admin.nav.spam })).toBeVisible();
      // Who is signed in shows with the sections.
      const signedIn = page.getByRole('banner').getByText(fill(admin.nav.signedInAs, { email: account.email, role: admin.nav.roles.owner }), { exact: true });
      await expect(signedIn).toBeVisible();
      await expectNoAxeFindings(page, 'the inbox with the menu open', { tags: WCAG21_AND_BEST_PRACTICE });
      await page.keyboard.press('Escape');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeFocused();
      await expect(sections.getByRole('link', { name: admin.nav.spam })).toBeHidden();
      await expect(signedIn).toBeHidden();
      await menu.click();
      await sections.getByRole('link', { name: admin.nav.spam }).click();
      await expect(page.getByRole('heading', { name: admin.spam.heading, level: 1 })).toBeVisible();
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
    });
  });
});

test('at 1024 and 1280 px the sections and Sign out are one row; who is signed in is under it, whole (a long address cut with an ellipsis, whole in its title)', async ({
  page,
}) => {
  const usual = await addAccount(undefined, 'owner');
  const long = await addAccount(undefined, 'owner', 'a-rather-long-name-of-a-department.of-the-agency-for-its-inbox.agency.test');
  for (const account of [usual, long]) {
    await page.setViewportSize({ width: 1280, height: 800 });
    // Signed in by the sign-in's own requests: the screen after it is what this test is about.
    await signInByRequest(page, account, baseOf());
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: admin.list.heading, exact: true, level: 1 })).toBeVisible();
    const signedIn = fill(admin.nav.signedInAs, { email: account.email, role: admin.nav.roles.owner });
    const address = page.getByRole('banner').getByText(signedIn, { exact: true });
    await expect(address).toHaveAttribute('title', signedIn);
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      const inbox = (await page
        .getByRole('navigation', { name: admin.nav.label })
        .getByRole('link', { name: new RegExp(`^${admin.nav.inbox}`) })
        .boundingBox())!;
      const signOut = (await page.getByRole('button', { name: admin.nav.signOut, exact: true }).boundingBox())!;
      const text = (await address.boundingBox())!;
      expect(Math.abs(signOut.y + signOut.height / 2 - (inbox.y + inbox.height / 2)), `Sign out on the sections' row at ${width} px`).toBeLessThanOrEqual(4);
      expect(signOut.x + signOut.width).toBeLessThanOrEqual(width);
      expect(text.y, `the address under the sections' row at ${width} px`).toBeGreaterThanOrEqual(inbox.y + inbox.height);
      expect(text.x + text.width).toBeLessThanOrEqual(width);
      const cut = await address.evaluate((el) => el.scrollWidth > el.clientWidth);
      if (account === usual) expect(cut, `a usual address whole at ${width} px`).toBe(false);
      else if (cut) expect(await address.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
    }
    await page.getByRole('button', { name: admin.nav.signOut, exact: true }).click();
    await expect(page.getByRole('button', { name: admin.signIn.submit, exact: true })).toBeVisible();
  }
});

/** Once the screen is shown and its transitions have ended: it does not scroll sideways, and axe finds nothing. */
async function expectScreenClean(page: Page, name: string, width: number): Promise<void> {
  await animationsDone(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
  await expectNoAxeFindings(page, `the ${name} screen at ${width} px`, { tags: WCAG21_AND_BEST_PRACTICE });
}

/** A spam lead of the test's own: its name and e-mail address, and its id. */
async function axeLead() {
  const s = uniqueSuffix();
  const lead = { name: `Axe ${s}`, email: `axe.${s}@example.com` };
  const id = await storeSpam(forms.freelancer.collection, {
    fullName: lead.name,
    Email: lead.email,
    Number: '',
    portfolioUrl: 'https://example.com/work',
    SelectedTechnology: 'React.js',
    CvFile: '',
    Messsage: 'Hello',
    id: 1,
    Date: 'now',
  });
  return { ...lead, id };
}

// Every screen of the inbox at both widths, a test each: no axe violations, no sideways scrolling.
for (const width of [1280, 375]) {
  test.describe(`at ${width} px wide, every screen of the inbox: no axe violations, no sideways scrolling`, () => {
    test.use({ viewport: { width, height: width > 800 ? 800 : 740 } });

    test('the sign-in screen', async ({ page }) => {
      // Axe on a whole screen: long on a busy machine.
      test.slow();
      await page.goto('/admin');
      await expect(page.getByRole('button', { name: admin.signIn.submit, exact: true })).toBeVisible();
      await expectScreenClean(page, 'sign-in', width);
    });

    test.describe('signed in', () => {
      startSignedIn();

      const screens: [string, (page: Page, lead: Awaited<ReturnType<typeof axeLead>>) => Promise<void>][] = [
        ['inbox', (page) => openInbox(page)],
        [
          'spam',
          async (page, lead) => {
            await page.goto('/admin/spam');
            await expect(page.getByRole('link', { name: lead.name })).toBeVisible();
          },
        ],
        [
          'lead',
          async (page, lead) => {
            await page.goto(`/admin/leads/${lead.id}`);
            await expect(page.getByRole('heading', { name: lead.name, level: 1 })).toBeVisible();
          },
        ],
        [
          'erase',
          async (page, lead) => {
            await page.goto('/admin/erase');
            // The password typed just now: the preview shows at once.
            await passwordTypedAt(page, Date.now());
            await page.getByRole('textbox', { name: admin.erase.email }).fill(lead.email);
            await page.getByRole('button', { name: admin.erase.find }).click();
            await expect(page.getByText(fill(admin.erase.kinds.leads, { count: '1' }))).toBeVisible();
          },
        ],
        [
          'insights',
          async (page) => {
            await page.goto('/admin/insights');
            await expect(page.getByRole('region', { name: admin.insights.byLandingPage })).toBeVisible();
          },
        ],
      ];
      for (const [name, open] of screens) {
        test(`the ${name} screen`, async ({ page }) => {
          test.slow();
          await open(page, await axeLead());
          await expectScreenClean(page, name, width);
          if (name === 'erase') await adminShot(page, `erase-preview-${width}`, true);
        });
      }
    });
  });
}
