/**
 * Helpers for the form tests (e2e/forms.e2e.ts): where each form is, its fields by
 * document key, unique test values, and the stored documents read back with the
 * agency's own export (the code behind `npm run leads -- export <collection>` and the inbox's
 * Export, src/leads/server/leads.ts), run in this process on the server's database, opened read-only.
 */
import type { Locator, Page, Request } from '@playwright/test';
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import forms from '../../config/forms';
import type { FieldConfig } from '../../src/site/forms/model/formSchema';
import { exportDocuments } from '../../src/leads/server/leads';
import { bundledForms } from '../../src/site/forms/model/registry';
import { openStore } from '../../src/apps/server/siteStore';
import { databaseFile } from '../../src/platform/server/store/store';
import { expect, nextFrames } from '../base';
import { site } from './content';

const root = path.resolve(import.meta.dirname, '..', '..');
/** The test server's data folder (E2E_DATA_DIR of playwright.config.ts). */
const E2E_DATA_DIR = '.e2e-data';

export type StoredDocument = Record<string, unknown>;

/** Every document of a collection, as the JSON export gives it. */
function readCollection(collection: string): Promise<StoredDocument[]> {
  return readCollectionIn(E2E_DATA_DIR, collection);
}

/**
 * The same, from another server's data folder: the stored documents as `npm run leads -- documents
 * <collection>` prints them (newest first), the same code in this process instead of a command per look
 * (a process and a TypeScript compile each). Async, as the command was, for its callers.
 */
export async function readCollectionIn(dataDir: string, collection: string): Promise<StoredDocument[]> {
  // The data contract: a collection the site does not know is a mistake of the test, as the command says.
  const { knownCollections } = bundledForms;
  if (!knownCollections().includes(collection)) throw new Error(`"${collection}" is not a collection. Use one of: ${knownCollections().join(', ')}.`);
  const folder = path.resolve(root, dataDir);
  // Before the first submit ever, the server may not have made the database yet.
  if (!existsSync(databaseFile(folder))) return [];
  const store = openStore(folder, { readonly: true });
  try {
    return JSON.parse([...exportDocuments(store, bundledForms, { collection })].join('')) as StoredDocument[];
  } finally {
    store.close();
  }
}

/** The documents of a collection whose `key` holds `value` (the test's unique value). */
export async function findDocuments(collection: string, key: string, value: string): Promise<StoredDocument[]> {
  return (await readCollection(collection)).filter((d) => d[key] === value);
}

/** The spam marks (1 spam, 0 not) of the stored leads of a collection whose `key` holds `value`, oldest first. */
export function spamMarks(collection: string, key: string, value: string, dataDir = E2E_DATA_DIR): number[] {
  const db = new Database(path.join(root, dataDir, 'site.db'), { readonly: true });
  try {
    const rows = db
      .prepare('SELECT l.spam FROM documents d JOIN leads l ON l.doc_id = d.doc_id WHERE d.collection = ? AND json_extract(d.data, ?) = ? ORDER BY d.seq')
      .all(collection, `$.${key}`, value) as { spam: number }[];
    return rows.map((r) => r.spam);
  } finally {
    db.close();
  }
}

/** A suffix no other test (or earlier run) uses. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
}

/** The spec's forms: where they are shown and the collection they save to. */
export const formPlaces = {
  inquiry: { path: '/', collection: 'Inquriy' },
  newsletter: { path: '/Blog', collection: 'subcribe' },
  freelancer: { path: '/Career', collection: 'freelancers' },
  contact: { path: '/Contact', collection: 'Contact_cli' },
} as const;
export type FormName = keyof typeof formPlaces;

/** The first check on `key` (config/forms) and its place in the form's order of checks (the `check=` of a plain post's outcome). */
export function checkOf(form: FormName, key: string): { index: number; message: string } {
  const index = forms[form].checks.findIndex((c) => c.field === key);
  if (index < 0) throw new Error(`config/forms/${form}.ts has no check of ${key}`);
  return { index, message: forms[form].checks[index]!.message };
}

/** The message of the check on `key` (config/forms): the agency's words, read, never written out here. */
export function messageOf(form: FormName, key: string): string {
  return checkOf(form, key).message;
}

/** The toast a form shows after a save or a failed one (config/forms). */
export function toastOf(form: FormName, outcome: 'success' | 'failure'): string {
  const text = (forms[form][outcome] as { toast?: string }).toast;
  if (!text) throw new Error(`config/forms/${form}.ts shows no toast on ${outcome}: the test expects one (the specification does)`);
  return text;
}

/** A field's description in config/forms. */
export function fieldConfig(form: FormName, key: string): FieldConfig {
  const found = (forms[form].fields as readonly FieldConfig[]).find((f) => f.name === key);
  if (!found) throw new Error(`config/forms/${form}.ts has no field ${key}`);
  return found;
}

/** The <form> element of one of the four forms on the current page. */
export function formOf(page: Page, name: FormName): Locator {
  if (name === 'newsletter') return page.getByRole('region', { name: site.footer.newsletter.heading }).locator('form');
  // The page's own form (one per page); the newsletter sits in the footer, outside <main>.
  return page.getByRole('main').locator('form');
}

/**
 * Opens `url` and makes the home page's inquiry form ready as a visitor does: scrolls to it and
 * clicks into its first field (its code loads then), until it says it is interactive.
 */
export async function openInquiryForm(page: Page, url: string): Promise<Locator> {
  await page.goto(url);
  const form = formOf(page, 'inquiry');
  await form.scrollIntoViewIfNeeded();
  await field(form, 'Fname').focus();
  await expect(form).toHaveAttribute('data-interactive', 'true');
  return form;
}

/**
 * Sends a page's form as a visitor does: scrolls to it, clicks into the first field given (the
 * form's code loads then), waits until it is interactive, types each value and sends it;
 * resolves once the form's success toast shows.
 */
export async function sendForm(page: Page, name: FormName, values: Record<string, string>): Promise<void> {
  const form = formOf(page, name);
  await form.scrollIntoViewIfNeeded();
  await field(form, Object.keys(values)[0]!).focus();
  await expect(form).toHaveAttribute('data-interactive', 'true');
  for (const [key, value] of Object.entries(values)) await field(form, key).fill(value);
  await submitButton(form).click();
  await expect(toasts(page).filter({ hasText: toastOf(name, 'success') })).toHaveCount(1);
}

/** A field by its document key (inputs get the id `<prefix>-<key>`). */
export function field(form: Locator, key: string): Locator {
  return form.locator(`[id$="-${key}"]`);
}

export function submitButton(form: Locator): Locator {
  return form.locator('button[type="submit"]');
}

/** How long a plain post may take, from the click to the page it leads to: a whole navigation on a busy machine. */
const PLAIN_POST_MS = 15_000;

/**
 * Sends a form as a browser without JavaScript does: a click on its submit button, the browser's
 * POST, our server's 303 back to the page with the outcome in its address. Resolves once that
 * page has loaded; a click that sent no POST, or a POST not answered with a redirect, fails with
 * a sentence saying which step did not happen.
 */
export async function sendPlain(page: Page, form: Locator): Promise<void> {
  const action = new URL((await form.getAttribute('action')) ?? '', page.url()).href;
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url() === action, { timeout: PLAIN_POST_MS });
  await submitButton(form).click();
  const request = await posted.catch(() => {
    throw new Error(`the click on the form's submit button sent no POST to ${action} within ${PLAIN_POST_MS} ms`);
  });
  const answer = await request.response();
  expect(answer?.status(), `our server's answer to the plain post to ${action}`).toBe(303);
  await page.waitForURL((url) => url.search !== '', { timeout: PLAIN_POST_MS, waitUntil: 'load' });
}

/**
 * Resolves once every request the page had begun before this call has been reported to the
 * test (page.on('request'), recordWrites): the page sends a request of its own now, and the
 * browser reports a page's requests in the order it sends them. So "no save was sent" is read
 * after this, not after a pause.
 */
export async function requestsSoFar(page: Page): Promise<void> {
  const marker = `/robots.txt?requests-so-far=${uniqueSuffix()}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(marker));
  await page.evaluate((address) => void fetch(address), marker);
  await seen;
}

/**
 * Resolves once the form's submit has run to its end (react-hook-form's isSubmitting, which the
 * form shows as aria-busy): what it shows (a toast asked for, an alert, the fields cleared) has
 * been asked for by then, and is drawn two frames later. Call it once the submit has begun (its
 * outcome, or the request it sent, has been seen).
 */
export async function submitEnded(form: Locator): Promise<void> {
  await expect(form).toHaveAttribute('aria-busy', 'false');
  await nextFrames(form.page());
}

/**
 * Resolves once the toast UI is on the page (a form loads it as it becomes interactive): a
 * toast asked for from then on shows at once, so "no toast was shown" can be read as soon as
 * the submit has ended (submitEnded).
 */
export async function toastUiDrawn(page: Page): Promise<void> {
  await expect(page.locator('[data-toasts]')).toBeAttached();
}

/** Collects the document saves (POST /api/collections/...) and file uploads (PUT /api/files/...) a page makes. */
export function recordWrites(page: Page): { saves: Request[]; uploads: Request[] } {
  const writes = { saves: [] as Request[], uploads: [] as Request[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'POST' && url.pathname.startsWith('/api/collections/')) writes.saves.push(request);
    if (request.method() === 'PUT' && url.pathname.startsWith('/api/files/')) writes.uploads.push(request);
  });
  return writes;
}

/** Texts that only a form library's default messages contain (yup, react-hook-form, the browser's own bubbles). */
const libraryDefaults =
  /must be a|is a required field|must be at least|must be at most|must match|is invalid|this field is required|please fill (in|out) this field|please include an '@'/i;

export async function expectNoLibraryMessages(page: Page): Promise<void> {
  await expect(page.locator('body')).not.toContainText(libraryDefaults);
}

/** The toasts on screen (notistack, with the site's swipeable content). */
export function toasts(page: Page): Locator {
  return page.getByTestId('toast');
}

/**
 * Records the text of every toast shown from now on (toasts close by themselves after 5 s,
 * so on a busy machine counting those on screen can miss one). Call before the page loads;
 * the returned function reads the record.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { __toastsShown: string[] }).__toastsShown = shown;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          const found = node.matches('[data-testid="toast"]') ? [node] : [...node.querySelectorAll('[data-testid="toast"]')];
          for (const toast of found) shown.push(toast.textContent ?? '');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toastsShown: string[] }).__toastsShown);
}

/** The toast is in the top-right corner of the viewport, below the header. */
export async function expectTopRight(page: Page, toast: Locator): Promise<void> {
  const viewport = page.viewportSize()!;
  const box = (await toast.boundingBox())!;
  expect(box, 'toast box').not.toBeNull();
  expect(box.x, 'toast left edge is in the right half').toBeGreaterThan(viewport.width / 2);
  expect(viewport.width - (box.x + box.width), 'toast right edge is near the right of the viewport').toBeLessThan(60);
  // Near the top, below the header as it shows (its buttons, the call to action and the menu, stay uncovered).
  // Measured once the toast has come in and the page has stopped moving under the header.
  const belowHeader = async () => {
    const header = (await page.getByRole('banner').boundingBox())!;
    return (await toast.boundingBox())!.y - Math.max(0, header.y + header.height);
  };
  await expect.poll(belowHeader, { message: "toast top is below the header's bottom" }).toBeGreaterThanOrEqual(0);
  expect(await belowHeader(), "toast top is near the header's bottom").toBeLessThan(40);
}
