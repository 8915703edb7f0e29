/**
 * The inbox's sign-in under attack, in a real browser against a built server of this file's
 * own (its wrong-password counts must not slow the other tests down; the ten wrong passwords on
 * one of their own, so that their counts and the others' never meet): no account yet says how
 * to make one; ten wrong passwords end in 429, the right one too while it lasts, while the
 * owner's known browser (signed in before, at the same address) still gets in; an unknown
 * e-mail gets the same answer as a wrong password; a cross-site form post is refused, and so is
 * a cross-site request that carries the session cookie.
 */
import type { Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import admin from '../config/admin';
import server from '../config/server';
import { KNOWN_BROWSER_COOKIE } from '../src/platform/server/accounts/knownBrowser';
import { CSRF_HEADER, SIGN_IN_API } from '../src/platform/signIn';
import { adminRoutes } from '../src/platform/inboxRoutes';
import { expect, test } from './fixtures';
import { addAccount, signIn, type Account } from './helpers/admin';
import { exited, freePort, startServer } from './helpers/server';

let base: string;
let dataDir: string;
let account: Account;

test.describe.configure({ mode: 'serial' });

interface Site {
  base: string;
  dataDir: string;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
}

/** A built server on a fresh data folder. */
async function startSite(): Promise<Site> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signin-'));
  const server = await startServer(port, dataDir);
  return {
    base: `http://127.0.0.1:${port}`,
    dataDir,
    async stop() {
      server.kill('SIGTERM');
      await exited(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// One server for the file's tests, in their order (the first finds no account yet).
let site: Site | undefined;
test.beforeAll(async () => {
  site = await startSite();
  ({ base, dataDir } = site);
});

test.afterAll(() => site?.stop());

const tryPassword = async (page: Page, email: string, password: string) => {
  await page.getByLabel(admin.signIn.email, { exact: true }).fill(email);
  await page.getByLabel(admin.signIn.password, { exact: true }).fill(password);
  const answer = page.waitForResponse((r) => r.url().endsWith(SIGN_IN_API) && r.request().method() === 'POST');
  await page.getByRole('button', { name: admin.signIn.submit, exact: true }).click();
  const response = await answer;
  await expect(page.getByRole('button', { name: admin.signIn.submit, exact: true })).toBeEnabled({ timeout: 20_000 });
  return response;
};

test('with no account yet, the sign-in says how to make the first one', async ({ page }) => {
  await page.goto(`${base}/admin`);
  await expect(page.getByLabel(admin.signIn.email, { exact: true })).toBeVisible();
  await expect(page.getByLabel(admin.signIn.password, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: admin.signIn.submit, exact: true })).toBeVisible();
  await expect(page.getByText(admin.signIn.noAccount)).toBeVisible();
  await expect(page.getByText('npm run leads -- add-admin you@example.com', { exact: true })).toBeVisible();

  account = await addAccount(dataDir);
  await page.reload();
  await expect(page.getByLabel(admin.signIn.email, { exact: true })).toBeVisible();
  await expect(page.getByText(admin.signIn.noAccount)).toHaveCount(0);
  await signIn(page, account, base);
});

test.describe('wrong passwords', () => {
  test.use({ expectedConsoleErrors: /the server responded with a status of (401|429)/ });
  /** The ten wrong passwords' own server: their counts start at none and reach no other test. */
  let own: Site | undefined;
  test.afterEach(async ({ page }) => {
    await page.close();
    await own?.stop();
    own = undefined;
  });

  test(`ten wrong passwords: refused with 429 after ${server.admin.signIn.perAccount.refuseAfter}, the right password too; the owner's known browser, at the same address, still signs in`, async ({
    page,
    browser,
  }) => {
    // Ten scrypt hashes and the waits after the second failure (1, 2, 4 s), on a busy machine.
    test.setTimeout(120_000);
    own = await startSite();
    const { base, dataDir } = own;
    account = await addAccount(dataDir);
    // The owner's browser signed in before (and out): Chromium keeps its known-browser cookie as the server set it.
    const owner = await browser.newContext();
    const ownerPage = await owner.newPage();
    await signIn(ownerPage, account, base);
    await ownerPage.getByRole('button', { name: admin.nav.signOut, exact: true }).click();
    await expect(ownerPage.getByRole('button', { name: admin.signIn.submit, exact: true })).toBeVisible();
    const known = (await owner.cookies()).find((c) => c.name === KNOWN_BROWSER_COOKIE)!;
    expect(known).toMatchObject({ path: SIGN_IN_API, httpOnly: true, sameSite: 'Strict', secure: false });
    expect(known.expires * 1000 - Date.now()).toBeGreaterThan((server.admin.signIn.knownBrowser.days - 1) * 24 * 60 * 60 * 1000);

    // A stranger's browser at the same address (127.0.0.1, as every browser here).
    await page.goto(`${base}/admin`);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await tryPassword(page, account.email, `not the password ${i}`)).status());
    const { refuseAfter } = server.admin.signIn.perAccount;
    expect(statuses).toEqual([...Array<number>(refuseAfter).fill(401), ...Array<number>(10 - refuseAfter).fill(429)]);
    const minutes = server.admin.signIn.windowMinutes;
    await expect(page.getByText(server.admin.messages.tooManyAttempts.replace('{minutes}', String(minutes)))).toBeVisible();

    const right = await tryPassword(page, account.email, account.password);
    expect(right.status()).toBe(429);
    expect(Number(right.headers()['retry-after'])).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: admin.list.heading, exact: true })).toHaveCount(0);

    // The owner's browser sends its cookie: its own count, its turn first.
    await signIn(ownerPage, account, base);
    await owner.close();
  });

  test('an e-mail without an account gets the same answer as a wrong password', async ({ page }) => {
    account = await addAccount(dataDir);
    await page.goto(`${base}/admin`);
    const known = await tryPassword(page, account.email, 'not the password');
    const knownText = await known.text();
    await expect(page.getByText(server.admin.messages.wrongPassword)).toBeVisible();
    const unknown = await tryPassword(page, 'nobody@agency.test', 'not the password');
    expect(unknown.status()).toBe(known.status());
    expect(await unknown.text()).toBe(knownText);
    await expect(page.getByText(server.admin.messages.wrongPassword)).toBeVisible();
  });
});

test.describe('from another site', () => {
  // The browser reports the refused post it was made to send.
  test.use({ expectedConsoleErrors: /the server responded with a status of 401/ });

  test('a cross-site post is refused: the browser sends no cookie (401), and one sent anyway without the token, or from another site, is refused (403)', async ({
    page,
    request,
  }) => {
    account = await addAccount(dataDir);
    await signIn(page, account, base);
    const target = `${base}${adminRoutes.signOut.path}`;

    // Another site posts a form to the inbox's API (its page is made up by the test: the browser
    // never reaches a real evil.test).
    const evil = 'http://evil.test';
    await page.route(`${evil}/evil`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>evil</title><form method="post" action="${target}"><button>Win</button></form>` }),
    );
    await page.goto(`${evil}/evil`);
    const answer = page.waitForResponse(target);
    await page.getByRole('button', { name: 'Win' }).click();
    expect((await answer).status()).toBe(401);

    // The session is untouched.
    await page.goto(`${base}/admin`);
    await expect(page.getByRole('heading', { name: admin.list.heading, exact: true, level: 1 })).toBeVisible();

    // The cookie sent anyway (a browser that ignored SameSite): no token, or the browser says another site.
    const session = (await page.context().cookies()).find((c) => c.path === '/api/')!;
    const cookie = `${session.name}=${session.value}`;
    const noToken = await request.post(target, { headers: { cookie, origin: evil, 'sec-fetch-site': 'cross-site' } });
    expect(noToken.status()).toBe(403);
    const me = await (await request.get(`${base}${adminRoutes.me.path}`, { headers: { cookie } })).json();
    const withToken = await request.post(target, { headers: { cookie, origin: evil, 'sec-fetch-site': 'cross-site', [CSRF_HEADER]: me.csrfToken } });
    expect(withToken.status()).toBe(403);
    expect((await request.get(`${base}${adminRoutes.me.path}`, { headers: { cookie } })).status()).toBe(200);
  });
});
