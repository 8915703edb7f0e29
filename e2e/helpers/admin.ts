/**
 * Helpers for the inbox's browser tests (e2e/admin*.e2e.ts): an account made with the agency's
 * own command line, signing in as a person does, a career application sent through the public
 * page, spam leads written into a server's database as the spam trap stores them, and what a
 * lead's page says of where it came from.
 */
import type { Page } from '@playwright/test';
import type { AttributionKey } from '../../src/shared/attribution';
import { openStore } from '../../src/server/store';
import { leads } from '../../src/test/leadsCommand';
import admin from '../../config/admin';
import { expect } from '../fixtures';
import { field, formOf, submitButton, toastOf, toasts, uniqueSuffix } from './forms';

/** The shared test server's data folder (E2E_DATA_DIR of playwright.config.ts). */
export const E2E_DATA_DIR = '.e2e-data';

export interface Account {
  email: string;
  password: string;
}

/** `npm run leads -- add-admin <email> [--role …]` with the password on standard input. A new account per call (`domain` for a longer address). */
export async function addAccount(dataDir = E2E_DATA_DIR, role?: 'owner' | 'editor', domain = 'agency.test'): Promise<Account> {
  const account = { email: `agency.${uniqueSuffix()}@${domain}`, password: `a password of ${uniqueSuffix()}` };
  const { code, stderr } = await leads(['add-admin', account.email, ...(role ? ['--role', role] : [])], dataDir, `${account.password}\n`);
  if (code !== 0) throw new Error(`add-admin failed: ${stderr}`);
  return account;
}

/** Fills the sign-in form as a person does; resolves once the inbox shows. */
export async function signIn(page: Page, { email, password }: Account, base = '', firstHeading: string = admin.list.heading): Promise<void> {
  await page.goto(`${base}/admin`);
  await page.getByLabel(admin.signIn.email, { exact: true }).fill(email);
  await page.getByLabel(admin.signIn.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: admin.signIn.submit, exact: true }).click();
  // The password is checked with scrypt (128 MiB, a third of a second when the machine is quiet).
  await expect(page.getByRole('heading', { name: firstHeading, exact: true, level: 1 })).toBeVisible({ timeout: 20_000 });
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
