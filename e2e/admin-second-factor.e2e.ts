/**
 * The second step at sign-in, as an owner lives it in Chromium against a built server of the
 * test's own: the account's security screen reached from the header; an authenticator app set up from its
 * key (the code computed as the app would) and its recovery codes shown once; a passkey added with
 * the browser's own window (a virtual authenticator, CDP's WebAuthn domain); then signing in with
 * the passkey, with the app's code and with a recovery code (once), and a stolen password alone
 * opening nothing. Passkeys need a host name, not an address: the site is opened at localhost.
 * With new browsers confirmed by mail (the server mails through a real SMTP server of the test's),
 * a browser new to the account is asked for the mailed code, and a known one is not.
 * Each screen at 1280 and 375 px, axe clean.
 */
import type { CDPSession, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import admin from '../config/admin';
import server from '../config/server';
import { SECOND_STEP_API, SIGN_IN_API } from '../src/platform/signIn';
import { expect, test } from './fixtures';
import { addAccount, type Account } from './helpers/admin';
import { expectNoAxeFindings } from './helpers/axe';
import { startMailingSite, type MailingSite } from './helpers/server';
import { screenshots } from './helpers/shots';
import { waitFor, type SmtpReceiver } from '../src/test/receivers';

/** The screens of a new browser confirmed by mail, for people to look at (test-results/admin-second-factor/, with E2E_SHOTS=1). */
const shot = screenshots('admin-second-factor', { fullPage: true });
const t = admin.security;
const s = admin.signIn;

let base: string;
let dataDir: string;
let mailing: MailingSite | undefined;
let smtp: SmtpReceiver;

test.describe.configure({ mode: 'serial' });
// A wrong or used code, and the stolen password's page asking who is signed in, are answered 401.
test.use({ expectedConsoleErrors: /the server responded with a status of 401/ });

test.beforeAll(async () => {
  mailing = await startMailingSite('second-factor', { host: 'localhost' });
  ({ smtp, dataDir, base } = mailing);
});

test.afterAll(() => mailing?.close());

/** The app's code `steps` periods of 30 s from now, as an authenticator app computes it from the key. */
const codeOf = (key: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** A device with a passkey of its own (a platform authenticator that verifies its user), for this page. */
async function virtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

/** The password step; resolves once the second step is asked for. */
async function password(page: Page, account: Account): Promise<void> {
  await page.goto(`${base}/admin`);
  await page.getByLabel(s.email, { exact: true }).fill(account.email);
  await page.getByLabel(s.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: s.submit, exact: true }).click();
  await expect(page.getByRole('heading', { name: s.secondStepHeading, level: 1 })).toBeVisible({ timeout: 20_000 });
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: admin.nav.signOut, exact: true }).click();
  await expect(page.getByLabel(s.email, { exact: true })).toBeVisible();
}

let account: Account;
let key: string;
let recoveryCodes: string[];

test('an owner sets up an authenticator app and a passkey from the security screen of the account, and is shown the recovery codes once', async ({ page }) => {
  test.setTimeout(90_000);
  account = await addAccount(dataDir);
  await virtualAuthenticator(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${base}/admin`);
  await page.getByLabel(s.email, { exact: true }).fill(account.email);
  await page.getByLabel(s.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: s.submit, exact: true }).click();
  await page.getByRole('banner').getByRole('link', { name: t.link }).click();
  await expect(page.getByRole('heading', { name: t.heading, level: 1 })).toBeVisible();
  await expectNoAxeFindings(page, 'the security screen, nothing set up');

  await page.getByRole('button', { name: t.setUpApp }).click();
  await expect(page.getByRole('img', { name: t.qrLabel })).toBeVisible();
  key = (await page.getByTestId('totp-key').textContent())!;
  await expectNoAxeFindings(page, 'the app being set up');
  await page.getByLabel(t.firstCode).fill(codeOf(key));
  await page.getByRole('button', { name: t.turnOn }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(server.admin.signIn.secondFactor.recoveryCodes);
  recoveryCodes = await codes.allTextContents();
  await expectNoAxeFindings(page, 'the recovery codes');
  await page.getByRole('button', { name: t.codesKept }).click();
  await expect(page.getByText(t.appOn)).toBeVisible();
  await expect(page.getByTestId('recovery-codes')).toHaveCount(0);

  await page.getByLabel(t.passkeyName).fill('Work laptop');
  await page.getByRole('button', { name: t.addPasskey }).click();
  await expect(page.getByRole('button', { name: t.removePasskey.replace('{name}', 'Work laptop') })).toBeVisible();
  // Not the account's first second step: no new codes.
  await expect(page.getByTestId('recovery-codes')).toHaveCount(0);
  await expectNoAxeFindings(page, 'the security screen, app and passkey on');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeFindings(page, 'the security screen at 375 px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signOut(page);

  // The same device signs in with its passkey.
  await password(page, account);
  await expectNoAxeFindings(page, 'the second step');
  await page.getByRole('button', { name: s.usePasskey }).click();
  await expect(page.getByRole('heading', { name: admin.list.heading, level: 1 })).toBeVisible();
  await signOut(page);

  // The app's next code (the one set up with is taken), then a recovery code, once.
  await password(page, account);
  await page.getByLabel(s.code).fill(codeOf(key, 1));
  await page.getByRole('button', { name: s.confirm }).click();
  await expect(page.getByRole('heading', { name: admin.list.heading, level: 1 })).toBeVisible();
  await signOut(page);

  for (const [i, expected] of [
    [0, 'signedIn'],
    [1, 'refused'],
  ] as const) {
    await password(page, account);
    await page.getByRole('button', { name: s.useRecovery }).click();
    await page.getByLabel(s.recoveryCode).fill(recoveryCodes[0]!);
    const answer = page.waitForResponse((r) => r.url().endsWith(SECOND_STEP_API));
    await page.getByRole('button', { name: s.confirm }).click();
    await answer;
    if (expected === 'signedIn') {
      await expect(page.getByRole('heading', { name: admin.list.heading, level: 1 })).toBeVisible();
      await signOut(page);
    } else {
      await expect(page.getByRole('status').getByText(server.admin.messages.wrongRecoveryCode)).toBeVisible();
      expect(i).toBe(1);
    }
  }
});

test('a stolen password alone opens nothing: at 375 px the second step waits, and the inbox stays closed', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await password(page, account);
  await expectNoAxeFindings(page, 'the second step at 375 px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // No passkey on this device: the browser's window finds none and the step says so.
  const refused = await page.request.get(`${base}${SIGN_IN_API}`);
  expect(((await refused.json()) as { email?: string }).email).toBeUndefined();
  await page.reload();
  await expect(page.getByLabel(s.email, { exact: true })).toBeVisible();
  await context.close();
});

test('with new browsers confirmed by mail, a new browser is asked for the code mailed to the account and signs in with it; a known browser is not asked', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = await addAccount(dataDir);
  const inbox = (on: Page) => expect(on.getByRole('heading', { name: admin.list.heading, level: 1 })).toBeVisible({ timeout: 20_000 });
  const passwordOnly = async (on: Page) => {
    await on.goto(`${base}/admin`);
    await on.getByLabel(s.email, { exact: true }).fill(owner.email);
    await on.getByLabel(s.password, { exact: true }).fill(owner.password);
    await on.getByRole('button', { name: s.submit, exact: true }).click();
  };
  // This browser signs in before the owner turns it on: it is known to the account.
  await page.setViewportSize({ width: 1280, height: 900 });
  await passwordOnly(page);
  await inbox(page);
  await page.getByRole('banner').getByRole('link', { name: t.link }).click();
  const toggle = page.getByRole('switch', { name: t.newDeviceMail });
  // Switched once the server took it.
  await toggle.click();
  await expect(toggle).toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: t.newDeviceMail })).toBeChecked();
  await expectNoAxeFindings(page, 'the security screen, new browsers confirmed by mail');
  await shot(page, 'security-new-device-1280');
  await signOut(page);
  await passwordOnly(page);
  await inbox(page);

  // A browser new to the account, on a phone: the password, then the code of the mail.
  const phone = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const other = await phone.newPage();
  const before = smtp.mails.length;
  await passwordOnly(other);
  await expect(other.getByText(s.mailIntro)).toBeVisible({ timeout: 20_000 });
  await waitFor('the mail with the code', () => smtp.mails.some((m, i) => i >= before && m.envelope.to.includes(owner.email)), { on: [smtp.changes] });
  const mail = smtp.mails.slice(before).find((m) => m.envelope.to.includes(owner.email))!;
  const code = new RegExp(`\\b\\d{${server.admin.signIn.newDevice.digits}}\\b`).exec(mail.email.text ?? '')![0];
  await expectNoAxeFindings(other, 'the mailed code asked at 375 px');
  expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(other, 'new-device-code-375');
  // Not signed in before the code: the inbox's own question says so.
  expect(((await (await other.request.get(`${base}${SIGN_IN_API}`)).json()) as { email?: string }).email).toBeUndefined();
  await other.getByLabel(s.mailCode).fill(code);
  await other.getByRole('button', { name: s.confirm }).click();
  await inbox(other);
  // Known from now on: the password alone.
  await signOut(other);
  const mails = smtp.mails.length;
  await passwordOnly(other);
  await inbox(other);
  expect(smtp.mails.length).toBe(mails);
  await phone.close();
});
