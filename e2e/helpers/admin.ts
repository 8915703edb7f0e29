/**
 * Helpers for the inbox's browser tests (e2e/admin*.e2e.ts): an account made in the server's
 * database by the command line's own code (or by the command line itself), signing in as a
 * person does (for the tests about signing in and the screen it opens) or with the sign-in's own
 * requests (for tests about what follows it), a career application sent
 * through the public page, spam leads written into a server's database as the spam trap stores
 * them, what a lead's page says of where it came from, and the content editor's drafts of an
 * account discarded (tests sharing an account each start from what is published).
 */
import { request as playwrightRequest, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { AttributionKey } from '../../src/site/model/attribution';
import { setAdmin } from '../../src/platform/server/accounts/accounts';
import { SESSION_COOKIE } from '../../src/apps/server/admin/routes';
import { hashSessionId } from '../../src/platform/server/accounts/sessions';
import { CSRF_HEADER, signInRoutes } from '../../src/platform/signIn';
import { adminRoutes, type Me } from '../../src/platform/inboxRoutes';
import { contentRoutes, type ContentSnapshot } from '../../src/content/model/contentApi';
import type { AdminRole } from '../../src/platform/roles';
import { openStore } from '../../src/apps/server/siteStore';
import { leads } from '../../src/test/leadsCommand';
import { TEST_HASHING } from '../../src/test/testHashing';
import admin from '../../config/admin';
import { animationsDone, expect } from '../base';
import { field, formOf, submitButton, toastOf, toasts, uniqueSuffix } from './forms';

/** The shared test server's data folder (E2E_DATA_DIR of playwright.config.ts). */
export const E2E_DATA_DIR = '.e2e-data';

export interface Account {
  email: string;
  password: string;
}

const newAccount = (domain: string): Account => ({ email: `agency.${uniqueSuffix()}@${domain}`, password: `a password of ${uniqueSuffix()}` });

/**
 * A new account per call (`domain` for a longer address), made in the data folder's database by
 * the code `npm run leads -- add-admin` runs (setAdmin: the same role and browser key), in this
 * process, its password hashed at the tests' cost (src/test/testHashing.ts): no process, no
 * TypeScript compile and no production-cost hash per account. The command line itself is tested
 * in scripts/commandLine.test.ts, and in a browser by addAccountByCommandLine.
 */
export async function addAccount(dataDir = E2E_DATA_DIR, role?: AdminRole, domain = 'agency.test'): Promise<Account> {
  const account = newAccount(domain);
  const store = openStore(dataDir);
  try {
    await setAdmin(store, account.email, account.password, Date.now(), role, TEST_HASHING);
  } finally {
    store.close();
  }
  return account;
}

/** `npm run leads -- add-admin <email> [--role …]` with the password on standard input, as the agency makes an account. */
export async function addAccountByCommandLine(dataDir = E2E_DATA_DIR, role?: AdminRole, domain = 'agency.test'): Promise<Account> {
  const account = newAccount(domain);
  const { code, stderr } = await leads(['add-admin', account.email, ...(role ? ['--role', role] : [])], dataDir, `${account.password}\n`);
  if (code !== 0) throw new Error(`add-admin failed: ${stderr}`);
  return account;
}

/**
 * Fills the sign-in form as a person does; resolves once the inbox shows. The password check is
 * queued on the server (at production's cost for an account the command line made): `timeout`
 * gives it room on a busy machine.
 */
export async function signIn(page: Page, { email, password }: Account, base = '', firstHeading: string = admin.list.heading, timeout = 20_000): Promise<void> {
  await page.goto(`${base}/admin`);
  await page.getByLabel(admin.signIn.email, { exact: true }).fill(email);
  await page.getByLabel(admin.signIn.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: admin.signIn.submit, exact: true }).click();
  await expect(page.getByRole('heading', { name: firstHeading, exact: true, level: 1 })).toBeVisible({ timeout });
}

/** A browser's cookies and storage (BrowserContext.storageState), for `test.use({ storageState })`. */
export type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * No cookie and no storage: for a context a test makes for someone signed out (a visitor, a
 * sign-in). Without it, Playwright gives the context the file's `test.use({ storageState })`.
 */
export const SIGNED_OUT: SignedIn = { cookies: [], origins: [] };

/**
 * Ticks a box of the inbox's list and waits until it shows ticked. The grid applies a tick in a
 * render of its own, which a busy machine may draw after the click has returned: locator.check(),
 * which reads the box at once, then calls it a failed click.
 */
export async function tick(box: Locator): Promise<void> {
  await box.click();
  await expect(box).toBeChecked();
}

/**
 * Chooses an option of one of the inbox's select boxes and waits until the box shows it. The list
 * is opened from the keyboard (the box focused, the down arrow), as a keyboard user opens it. A
 * click would open it on the press; MUI's Select then takes a release that comes 200 ms after the
 * press (400 ms over the option already chosen) for a choice of the option under the pointer
 * (press, drag to an option, release, as in a native select). A busy machine can hand the page a
 * click's press and release that far apart: the option the list opened under the pointer was
 * chosen and the list closed (seen in CI: the next stage chosen, no list open). The list opens with
 * a transition: a busy machine may draw the option where the click lands only after the click,
 * which then chooses nothing and leaves the list open (the box its old value). So the list is at
 * rest before the click, and the box must show the choice after it. A string is an option's
 * whole name; a pattern, for options whose name goes on (a form and its count).
 */
export async function choose(page: Page, box: Locator, option: string | RegExp): Promise<void> {
  await box.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  await animationsDone(page);
  await listbox.getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option }).click();
  await expect(listbox).toBeHidden();
  await expect(box).toHaveText(option);
}

/**
 * The cookies of a sign-in made with the sign-in's own requests, as the form sends them (its CSRF
 * token asked first, then the e-mail and the password, not remembered), with no browser: for the
 * tests that start signed in and are about what follows (`test.use({ storageState })`). The form
 * itself, with the screen it opens, is tested in e2e/admin-signin.e2e.ts; in a browser it costs a
 * page and the first screen drawn, about a second of the machine's CPU, here a few milliseconds.
 * `origin` is the server's (or Caddy's, whose own certificate is accepted).
 */
export async function signedInByRequest(account: Account, origin: string): Promise<SignedIn> {
  // Signed out: in a test, Playwright gives a request context the file's `test.use` options, the
  // cookies of a sign-in among them, whose session this sign-in would then end (a new session id).
  const client = await playwrightRequest.newContext({ baseURL: origin, ignoreHTTPSErrors: true, storageState: SIGNED_OUT });
  try {
    const { csrfToken } = (await (await client.get(signInRoutes.signInState.path)).json()) as { csrfToken: string };
    // The password check may wait long behind others on a busy machine.
    const answer = await client.post(signInRoutes.signIn.path, {
      data: { email: account.email, password: account.password, remember: false },
      headers: { [CSRF_HEADER]: csrfToken },
      timeout: 90_000,
    });
    expect(answer.status(), `the sign-in of ${account.email} (${await answer.text()})`).toBe(204);
    return await client.storageState();
  } finally {
    await client.dispose();
  }
}

/**
 * The page's browser signed in as `account` with the sign-in's own requests (signedInByRequest):
 * for a test whose account is its own and that is not about signing in. It opens no page: the
 * test goes where it is about.
 */
export async function signInByRequest(page: Page, account: Account, origin: string): Promise<void> {
  await page.context().addCookies((await signedInByRequest(account, origin)).cookies);
}

/** A small PDF whose bytes hold `text`. */
export { pdfWith } from '../../src/test/pdf';

/** Sends the career form on /Career, with a CV, as a visitor does. */
export async function sendApplication(page: Page, values: Record<string, string>, cv: Buffer): Promise<void> {
  await page.goto('/Career');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'started');
  const form = formOf(page, 'freelancer');
  await form.scrollIntoViewIfNeeded();
  await field(form, 'fullName').focus();
  await expect(form).toHaveAttribute('data-interactive', 'true');
  await field(form, 'CvFile').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: cv });
  await expect(form.getByText('cv.pdf uploaded.')).toBeVisible();
  for (const [key, value] of Object.entries(values)) await field(form, key).fill(value);
  await submitButton(form).click();
  await expect(toasts(page).filter({ hasText: toastOf('freelancer', 'success') })).toHaveCount(1);
}

/** Stores a document as the spam trap does (in the Spam folder, never notified); resolves with its id. */
export async function storeSpam(collection: string, document: Record<string, unknown>, dataDir = E2E_DATA_DIR): Promise<string> {
  const store = openStore(dataDir);
  try {
    return (await store.insertDurably(collection, document, { spam: true })).id;
  } finally {
    store.close();
  }
}

/** What the open lead's page shows for one key of where it came from (config/admin.ts sources.labels), trimmed. */
export async function sourceShown(page: Page, key: AttributionKey): Promise<string | undefined> {
  const region = page.getByRole('region', { name: admin.sources.heading });
  return (await region.getByText(admin.sources.labels[key], { exact: true }).locator('xpath=following-sibling::dd[1]').textContent())?.trim();
}

/** Discards every draft the signed-in account of the page's browser has (the editor keeps each edit as a draft on the server). */
export async function discardDrafts(page: Page, base: string): Promise<void> {
  const me = (await (await page.request.get(`${base}${adminRoutes.me.path}`)).json()) as Me;
  const content = (await (await page.request.get(`${base}${contentRoutes.content.path}`)).json()) as ContentSnapshot;
  for (const draft of content.drafts.filter((d) => d.author === me.email)) {
    const answer = await page.request.post(`${base}${contentRoutes.contentDraftDiscard.path}`, {
      data: { file: draft.file },
      headers: { [CSRF_HEADER]: me.csrfToken },
    });
    expect(answer.status()).toBe(200);
  }
}

/**
 * Sets when the page's session last had its password typed (ms since 1970) in the server's
 * database, as if that much time had passed: `0` makes erasing, exporting and deleting ask for it
 * again (the server's clock is the machine's), `Date.now()` makes them go through at once.
 */
export async function passwordTypedAt(page: Page, at: number, dataDir = E2E_DATA_DIR): Promise<void> {
  const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('The page is not signed in');
  const id = decodeURIComponent(cookie.value).split('.')[0]!;
  const store = openStore(dataDir);
  try {
    const changed = store.db.prepare("UPDATE sessions SET data = json_set(data, '$.passwordAt', ?) WHERE id = ?").run(at, hashSessionId(id)).changes;
    if (changed !== 1) throw new Error('The session of the page is not in the database');
  } finally {
    store.close();
  }
}
