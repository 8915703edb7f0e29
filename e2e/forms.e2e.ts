/**
 * The four forms as a visitor meets them (SPEC sections 3, 4, 5, 7, 8, 9): the home inquiry
 * in the hero of '/', the footer newsletter, the freelancer application on '/Career' and the
 * contact form on '/Contact'.
 *
 * - the checks fail one by one in the specification's order, each with its exact message in
 *   role="alert", the field marked aria-invalid and focused, and nothing is saved;
 * - a valid submit shows the exact toast (top-right), stores exactly the specified keys
 *   (read back with the agency's `leads` command line) and clears the form;
 * - a failed save shows what the specification says, per form;
 * - the CV upload (also while it runs, and when a second file replaces the first), a double
 *   click, the toasts' auto-close, pause on hover and drag-to-dismiss.
 *
 * The document keys and collections are written out here from the specification (the data
 * contract): a config change that breaks them fails a test. The messages, toasts and options
 * are the agency's copy, read from config/forms, so that rewording them or adding an option
 * (CONTENT.md) needs nothing but the edit; the tests still fail if the page shows other words.
 *
 * The database is shared with earlier runs and with parallel tests: every test uses its own
 * unique values and looks only for documents holding them.
 */
import type { Locator, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import inquiryConfig from '../config/forms/inquiry';
import { api } from '../src/platform/api';
import { expect, nextFrames, test, visit } from './fixtures';
import { screenshots } from './helpers/shots';
import {
  expectNoLibraryMessages,
  expectTopRight,
  field,
  findDocuments,
  formOf,
  fieldConfig,
  formPlaces,
  messageOf,
  recordToasts,
  recordWrites,
  requestsSoFar,
  spamMarks,
  submitButton,
  submitEnded,
  toastOf,
  toasts,
  toastUiDrawn,
  uniqueSuffix,
  type FormName,
  type StoredDocument,
} from './helpers/forms';

const shot = screenshots('forms');

/* ------------------------------------------------------- the words config/forms gives */

const toast = {
  inquirySaved: toastOf('inquiry', 'success'),
  inquiryFailed: toastOf('inquiry', 'failure'),
  freelancerSaved: toastOf('freelancer', 'success'),
  freelancerFailed: toastOf('freelancer', 'failure'),
  contactSaved: toastOf('contact', 'success'),
} as const;

/** The options a visitor can choose in a list (config/forms), the disabled placeholder left out. */
function choosable(form: FormName, key: string) {
  return fieldConfig(form, key).options!.filter((o) => !o.disabled);
}

/** Section 3: the keys of each stored document, exactly. */
const documentKeys: Record<FormName, string[]> = {
  newsletter: ['Email', 'id', 'Date'],
  inquiry: ['Fname', 'Email', 'Number', 'Pname', 'id', 'Date'],
  freelancer: ['fullName', 'Email', 'Number', 'portfolioUrl', 'SelectedTechnology', 'CvFile', 'Messsage', 'id', 'Date'],
  contact: ['Fullname', 'Company', 'Email', 'Number', 'Your', 'Messsage', 'id', 'Date'],
};

const visitorTypes = choosable('contact', 'Your').map((o) => o.value);
/** The visitor type the contact form starts with, and the last one offered. */
const defaultVisitorType = fieldConfig('contact', 'Your').defaultValue!;
const lastVisitorType = visitorTypes.at(-1)!;
/** A position whose label differs from its stored value, and the last position offered. */
const labelledPosition = choosable('freelancer', 'SelectedTechnology').find((o) => o.label && o.label !== o.value)!;
const lastPosition = choosable('freelancer', 'SelectedTechnology').at(-1)!.value;
const upload = fieldConfig('freelancer', 'CvFile').upload!;

/* --------------------------------------------------------------------- helpers */

/** Opens the form's page (formPlaces) and goes into the form (enter). */
async function open(page: Page, name: FormName): Promise<Locator> {
  await visit(page, formPlaces[name].path);
  return enter(page, name);
}

/** Goes into the form on the page already open, as a visitor does; resolves once it is interactive and the toast UI is there. */
async function enter(page: Page, name: FormName): Promise<Locator> {
  const form = formOf(page, name);
  await expect(form).toHaveCount(1);
  // As a visitor does: reach the form and click into it. Its code loads then (it is not part
  // of the first page load) and the form becomes interactive.
  await form.scrollIntoViewIfNeeded();
  await form.locator('input:not([type=hidden]), textarea, select').first().focus();
  await expect(form).toHaveAttribute('data-interactive', 'true');
  // The form loads the toast UI as it becomes interactive: once it is there, a toast shows as soon as it is asked for.
  await toastUiDrawn(page);
  return form;
}

async function fillFields(form: Locator, values: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(values)) await field(form, key).fill(value);
}

async function expectValues(form: Locator, values: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(values)) await expect(field(form, key), `field ${key}`).toHaveValue(value);
}

/** Reads a collection until the test's document is there (or `count` of them), and returns them. */
async function storedOnce(collection: string, key: string, value: string, count = 1): Promise<StoredDocument[]> {
  let documents: StoredDocument[] = [];
  await expect
    .poll(async () => (documents = await findDocuments(collection, key, value)).length, {
      message: `documents in ${collection} with ${key}=${value}`,
      timeout: 10_000,
    })
    .toBe(count);
  return documents;
}

/** `id` is the submit time in ms, `Date` the same moment as non-empty text. */
function expectStamp(document: StoredDocument, before: number, after: number): void {
  expect(typeof document.id).toBe('number');
  const id = document.id as number;
  expect(id).toBeGreaterThanOrEqual(before - 1000);
  expect(id).toBeLessThanOrEqual(after + 1000);
  expect(typeof document.Date).toBe('string');
  const date = document.Date as string;
  expect(date.trim()).not.toBe('');
  const parsed = Date.parse(date);
  if (!Number.isNaN(parsed)) expect(Math.abs(parsed - id), 'Date is the same moment as id').toBeLessThan(1000);
}

function expectExactKeys(document: StoredDocument, name: FormName): void {
  expect(Object.keys(document).sort()).toEqual([...documentKeys[name]].sort());
}

/** The one toast with this text: visible, exactly that text, in the top-right corner. */
async function expectToast(page: Page, text: string): Promise<Locator> {
  const shown = toasts(page).filter({ hasText: text });
  await expect(shown).toHaveCount(1);
  await expect(shown).toBeVisible();
  await expect(shown).toHaveText(text);
  await expectTopRight(page, shown);
  return shown;
}

/** Fails every document save with a 500, as a broken backend would; counts the attempts. */
async function failSaves(page: Page): Promise<{ attempts: number }> {
  const counter = { attempts: 0 };
  await page.route('**/api/collections/**', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    counter.attempts++;
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Broken on purpose by the test' }) });
  });
  return counter;
}

/** The browser's console error a save failure logs (useSubmission logs it by design). */
function saveFailureLogged(page: Page, collection: string): Promise<unknown> {
  return page.waitForEvent('console', { predicate: (m) => m.type() === 'error' && m.text().includes(`Could not save to ${collection}`), timeout: 10_000 });
}

const saveFailureErrors = /Could not save to|the server responded with a status of 500/;

/* ------------------------------------------- 1. failing checks, in the spec's order */

interface Step {
  /** Values typed before this submit (on top of the earlier steps'). */
  fill: Record<string, string>;
  /** The field of the first failing check, and its message. */
  key: string;
  message: string;
}

async function walkChecks(page: Page, name: FormName, steps: Step[], unique: { key: string; value: string }): Promise<void> {
  const writes = recordWrites(page);
  const form = await open(page, name);
  for (const [i, step] of steps.entries()) {
    await test.step(`submit ${i + 1}: ${step.key} fails with "${step.message}"`, async () => {
      await fillFields(form, step.fill);
      await submitButton(form).click();
      const alert = form.getByRole('alert');
      await expect(alert).toHaveCount(1);
      await expect(alert).toHaveText(step.message);
      const input = field(form, step.key);
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      // The focus left the field for the button: only the failed submit brings it back.
      await expect(input).toBeFocused();
      await expect(input, "the alert is the field's description").toHaveAccessibleDescription(step.message);
      // Only the first failing check is shown: no other field is marked.
      await expect(form.locator('[aria-invalid="true"]')).toHaveCount(1);
      await expectNoLibraryMessages(page);
    });
  }
  // The last submit has ended, and every request the page began by then has been seen.
  await submitEnded(form);
  await requestsSoFar(page);
  expect(writes.saves, 'no save was attempted').toHaveLength(0);
  expect(await findDocuments(formPlaces[name].collection, unique.key, unique.value)).toEqual([]);
}

test.describe('failing checks come one at a time, in the order of the specification', () => {
  test('home inquiry', async ({ page }) => {
    const s = uniqueSuffix();
    const email = `ada.${s}@example.com`;
    await walkChecks(
      page,
      'inquiry',
      [
        { fill: {}, key: 'Fname', message: messageOf('inquiry', 'Fname') },
        { fill: { Fname: '   ' }, key: 'Fname', message: messageOf('inquiry', 'Fname') },
        { fill: { Fname: `Ada ${s}`, Email: `ada.${s}@example` }, key: 'Email', message: messageOf('inquiry', 'Email') },
        { fill: { Email: `ada ${s}@example.com` }, key: 'Email', message: messageOf('inquiry', 'Email') },
        { fill: { Email: email, Number: 'abc' }, key: 'Number', message: messageOf('inquiry', 'Number') },
        { fill: { Number: '12345-678' }, key: 'Number', message: messageOf('inquiry', 'Number') },
        { fill: { Number: '0123456789', Pname: '  ' }, key: 'Pname', message: messageOf('inquiry', 'Pname') },
      ],
      { key: 'Email', value: email },
    );
  });

  test('footer newsletter', async ({ page }) => {
    const s = uniqueSuffix();
    const last = `news.${s}@example`;
    await walkChecks(
      page,
      'newsletter',
      [
        { fill: {}, key: 'Email', message: messageOf('newsletter', 'Email') },
        { fill: { Email: `news ${s}@example.com` }, key: 'Email', message: messageOf('newsletter', 'Email') },
        { fill: { Email: `@example.com` }, key: 'Email', message: messageOf('newsletter', 'Email') },
        { fill: { Email: last }, key: 'Email', message: messageOf('newsletter', 'Email') },
      ],
      { key: 'Email', value: last },
    );
  });

  test('freelancer application', async ({ page }) => {
    const s = uniqueSuffix();
    const email = `grace.${s}@example.com`;
    await walkChecks(
      page,
      'freelancer',
      [
        { fill: {}, key: 'fullName', message: messageOf('freelancer', 'fullName') },
        { fill: { fullName: `Grace ${s}`, Email: `grace.${s}@example` }, key: 'Email', message: messageOf('freelancer', 'Email') },
        { fill: { Email: email, Number: 'abc' }, key: 'Number', message: messageOf('freelancer', 'Number') },
        { fill: { Number: '0123456789' }, key: 'portfolioUrl', message: messageOf('freelancer', 'portfolioUrl') },
        { fill: { portfolioUrl: `https://grace-${s}.example.com` }, key: 'Messsage', message: messageOf('freelancer', 'Messsage') },
        { fill: { Messsage: ' \n ' }, key: 'Messsage', message: messageOf('freelancer', 'Messsage') },
      ],
      { key: 'Email', value: email },
    );
  });

  test('contact', async ({ page }) => {
    const s = uniqueSuffix();
    const email = `linus.${s}@example.com`;
    await walkChecks(
      page,
      'contact',
      [
        { fill: {}, key: 'Fullname', message: messageOf('contact', 'Fullname') },
        { fill: { Fullname: `Linus ${s}` }, key: 'Company', message: messageOf('contact', 'Company') },
        { fill: { Company: '   ' }, key: 'Company', message: messageOf('contact', 'Company') },
        // The phone is required here: empty fails.
        { fill: { Company: 'Acme Ltd' }, key: 'Number', message: messageOf('contact', 'Number') },
        { fill: { Number: 'abc' }, key: 'Number', message: messageOf('contact', 'Number') },
        { fill: { Number: '0123456789', Email: `linus.${s}@example` }, key: 'Email', message: messageOf('contact', 'Email') },
        { fill: { Email: email }, key: 'Messsage', message: messageOf('contact', 'Messsage') },
      ],
      { key: 'Email', value: email },
    );
  });
});

test.describe("our server's refusal shows on its field, focused, as the browser's own check does", () => {
  // The browser's checks pass; the request is then changed on its way out (as a page with
  // other code, or a script, might send it), and the real server refuses it with 400 {field, message}.
  const cases: { name: FormName; fill: (s: string) => Record<string, string>; spoil: { key: string; value: string }; message: string }[] = [
    {
      name: 'inquiry',
      fill: (s) => ({ Fname: `Ada ${s}`, Email: `ada.${s}@example.com`, Pname: 'Shop' }),
      spoil: { key: 'Email', value: 'ada at example' },
      message: messageOf('inquiry', 'Email'),
    },
    {
      name: 'newsletter',
      fill: (s) => ({ Email: `news.${s}@example.com` }),
      spoil: { key: 'Email', value: 'news@example' },
      message: messageOf('newsletter', 'Email'),
    },
    {
      name: 'freelancer',
      fill: (s) => ({
        fullName: `Grace ${s}`,
        Email: `grace.${s}@example.com`,
        Number: '0123456789',
        portfolioUrl: 'https://grace.example.com',
        Messsage: 'Hello',
      }),
      spoil: { key: 'portfolioUrl', value: '   ' },
      message: messageOf('freelancer', 'portfolioUrl'),
    },
    {
      name: 'contact',
      fill: (s) => ({ Fullname: `Linus ${s}`, Company: 'Acme Ltd', Number: '0123456789', Email: `linus.${s}@example.com`, Messsage: 'Hello' }),
      spoil: { key: 'Messsage', value: '' },
      message: messageOf('contact', 'Messsage'),
    },
  ];
  test.use({ expectedConsoleErrors: /Could not save to|the server responded with a status of 400/ });

  for (const { name, fill, spoil, message: expected } of cases) {
    test(name, async ({ page }) => {
      const s = uniqueSuffix();
      const answers: number[] = [];
      await page.route('**/api/collections/**', async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        const document = { ...(route.request().postDataJSON() as Record<string, unknown>), [spoil.key]: spoil.value };
        const response = await route.fetch({ postData: JSON.stringify(document) });
        answers.push(response.status());
        return route.fulfill({ response });
      });
      const seen = await recordToasts(page);
      const form = await open(page, name);
      await fillFields(form, fill(s));
      await submitButton(form).click();

      const alert = form.getByRole('alert');
      await expect(alert).toHaveText(expected);
      expect(answers).toEqual([400]);
      const input = field(form, spoil.key);
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toBeFocused();
      await expect(input).toHaveAccessibleDescription(expected);
      await expect(form.locator('[aria-invalid="true"]')).toHaveCount(1);
      // The field's message says it all: no failure toast on top of it (by the submit's end, any would be drawn).
      await submitEnded(form);
      expect(await seen()).toEqual([]);
      expect(await findDocuments(formPlaces[name].collection, 'Email', fill(s).Email!)).toEqual([]);
    });
  }
});

/* ------------------------------------------------------- a box that stops taking characters */

test.describe('a box that stops at a limit says so before the visitor types', () => {
  for (const [name, width] of [
    ['inquiry', 1280],
    ['freelancer', 1280],
    ['contact', 1280],
    ['contact', 375],
    ['inquiry', 375],
  ] as const) {
    test(`${name} at ${width} px: the phone box's limit is under it, and named to screen readers, from the start`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const form = await open(page, name);
      const { hint, maxLength } = fieldConfig(name, 'Number');
      // The limit is in the words (the box stops there: the specification's cap).
      expect(hint).toContain(String(maxLength));
      const box = field(form, 'Number');
      await expect(box).toHaveAccessibleDescription(hint!);
      await expect(form.getByText(hint!, { exact: true })).toBeVisible();
      // Typed past the limit, the words stay under the box.
      await box.pressSequentially('0'.repeat(maxLength + 2));
      await expect(box).toHaveValue('0'.repeat(maxLength));
      await expect(form.getByText(hint!, { exact: true })).toBeVisible();
      await box.scrollIntoViewIfNeeded();
      await shot(page, `phone-limit-${name}-${width}`);
    });
  }
});

/* ------------------------------------------------------- 2./3. valid submits */

test.describe('a valid submit stores exactly the specified document and clears the form', () => {
  test('home inquiry: its success toast, phone capped at 10 characters', async ({ page }) => {
    const s = uniqueSuffix();
    const form = await open(page, 'inquiry');
    const values = { Fname: `Ada ${s}`, Email: `ada.${s}@example.com`, Pname: `An online shop ${s}` };
    await fillFields(form, values);
    // The phone input stops at 10 characters.
    await field(form, 'Number').pressSequentially('012345678912');
    await expect(field(form, 'Number')).toHaveValue('0123456789');
    await expect(field(form, 'Number')).toHaveAttribute('maxlength', '10');

    const before = Date.now();
    await submitButton(form).click();
    await expectToast(page, toast.inquirySaved);
    const after = Date.now();

    const [document] = await storedOnce('Inquriy', 'Email', values.Email);
    expectExactKeys(document!, 'inquiry');
    expect(document).toEqual({ ...values, Number: '0123456789', id: expect.any(Number), Date: expect.any(String) });
    expectStamp(document!, before, after);

    await expectValues(form, { Fname: '', Email: '', Number: '', Pname: '' });
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expectNoLibraryMessages(page);
  });

  test('footer newsletter: nothing is shown, the e-mail is stored and cleared', async ({ page }) => {
    const s = uniqueSuffix();
    const form = await open(page, 'newsletter');
    const email = `news.${s}@example.com`;
    await field(form, 'Email').fill(email);

    const before = Date.now();
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/collections/'));
    await submitButton(form).click();
    expect((await saved).status()).toBe(201);
    const after = Date.now();

    await expect(field(form, 'Email')).toHaveValue('');
    await submitEnded(form);
    await expect(toasts(page)).toHaveCount(0);
    await expect(form.getByRole('alert')).toHaveCount(0);

    const [document] = await storedOnce('subcribe', 'Email', email);
    expectExactKeys(document!, 'newsletter');
    expect(document).toEqual({ Email: email, id: expect.any(Number), Date: expect.any(String) });
    expectStamp(document!, before, after);
  });

  test('contact: its success toast; the visitor type starts on its default, is stored as chosen, then empty', async ({ page }) => {
    const s = uniqueSuffix();
    const shownToasts = await recordToasts(page);
    const form = await open(page, 'contact');
    const select = field(form, 'Your');
    await expect(select).toHaveValue(defaultVisitorType);
    await expect(field(form, 'Number')).toHaveAttribute('maxlength', '10');
    // Every option of config/forms can be chosen.
    const choosable = await select.locator('option:not([disabled])').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(choosable).toEqual(visitorTypes);

    // First submit: the visitor type left at its default.
    const first = { Fullname: `Linus ${s}`, Company: `Acme ${s}`, Number: '0123456789', Email: `linus.${s}@example.com`, Messsage: `Hello\nfrom ${s}` };
    await fillFields(form, first);
    let before = Date.now();
    await submitButton(form).click();
    await expectToast(page, toast.contactSaved);
    let after = Date.now();
    await expectValues(form, { Fullname: '', Company: '', Number: '', Email: '', Messsage: '', Your: '' });
    let [document] = await storedOnce('Contact_cli', 'Email', first.Email);
    expectExactKeys(document!, 'contact');
    expect(document).toEqual({ ...first, Your: defaultVisitorType, id: expect.any(Number), Date: expect.any(String) });
    expectStamp(document!, before, after);

    // Second submit: another visitor type chosen.
    const second = { ...first, Email: `linus.2.${s}@example.com`, Number: '42' };
    await fillFields(form, second);
    await select.selectOption(lastVisitorType);
    before = Date.now();
    await submitButton(form).click();
    await expect.poll(shownToasts).toEqual([toast.contactSaved, toast.contactSaved]);
    after = Date.now();
    await expectValues(form, { Fullname: '', Company: '', Number: '', Email: '', Messsage: '', Your: '' });
    [document] = await storedOnce('Contact_cli', 'Email', second.Email);
    expectExactKeys(document!, 'contact');
    expect(document).toEqual({ ...second, Your: lastVisitorType, id: expect.any(Number), Date: expect.any(String) });
    expectStamp(document!, before, after);

    // Third submit straight after a reset: the visitor type is stored as the empty value it shows.
    const third = { ...first, Email: `linus.3.${s}@example.com` };
    await fillFields(form, third);
    await submitButton(form).click();
    await expect.poll(shownToasts).toEqual([toast.contactSaved, toast.contactSaved, toast.contactSaved]);
    [document] = await storedOnce('Contact_cli', 'Email', third.Email);
    expect(document).toEqual({ ...third, Your: '', id: expect.any(Number), Date: expect.any(String) });
    await expectNoLibraryMessages(page);
  });
});

/* ------------------------------------------------------------- 4. failed saves */

test.describe('when the save fails', () => {
  // useSubmission logs the failure, and the browser logs the 500: both on purpose here.
  test.use({ expectedConsoleErrors: saveFailureErrors });

  test('home inquiry shows its failure toast and keeps the values', async ({ page }) => {
    const s = uniqueSuffix();
    const broken = await failSaves(page);
    const form = await open(page, 'inquiry');
    const values = { Fname: `Ada ${s}`, Email: `ada.${s}@example.com`, Number: '0123', Pname: `Shop ${s}` };
    await fillFields(form, values);
    await submitButton(form).click();
    await expectToast(page, toast.inquiryFailed);
    expect(broken.attempts).toBe(1);
    await expectValues(form, values);
    await expect(toasts(page).filter({ hasText: toast.inquirySaved })).toHaveCount(0);
    await expect(submitButton(form)).toBeEnabled();
  });

  test('freelancer application shows its failure toast and keeps the values', async ({ page }) => {
    const s = uniqueSuffix();
    const broken = await failSaves(page);
    const form = await open(page, 'freelancer');
    const values = {
      fullName: `Grace ${s}`,
      Email: `grace.${s}@example.com`,
      Number: '555',
      portfolioUrl: `https://grace-${s}.example.com`,
      Messsage: `Hi ${s}`,
    };
    await fillFields(form, values);
    await field(form, 'SelectedTechnology').selectOption(lastPosition);
    await submitButton(form).click();
    await expectToast(page, toast.freelancerFailed);
    expect(broken.attempts).toBe(1);
    await expectValues(form, { ...values, SelectedTechnology: lastPosition });
    await expect(toasts(page).filter({ hasText: toast.freelancerSaved })).toHaveCount(0);
  });

  test('contact shows nothing, is cleared anyway and the visitor type becomes empty', async ({ page }) => {
    const s = uniqueSuffix();
    const broken = await failSaves(page);
    const form = await open(page, 'contact');
    await fillFields(form, { Fullname: `Linus ${s}`, Company: 'Acme', Number: '0123456789', Email: `linus.${s}@example.com`, Messsage: 'Hello' });
    await field(form, 'Your').selectOption(lastVisitorType);
    const logged = saveFailureLogged(page, 'Contact_cli');
    await submitButton(form).click();
    await logged;
    expect(broken.attempts).toBe(1);
    await expectValues(form, { Fullname: '', Company: '', Number: '', Email: '', Messsage: '', Your: '' });
    await submitEnded(form);
    await expect(toasts(page)).toHaveCount(0);
    await expect(form.getByRole('alert')).toHaveCount(0);
  });

  test('footer newsletter shows nothing and keeps the e-mail', async ({ page }) => {
    const s = uniqueSuffix();
    const broken = await failSaves(page);
    const form = await open(page, 'newsletter');
    const email = `news.${s}@example.com`;
    await field(form, 'Email').fill(email);
    const logged = saveFailureLogged(page, 'subcribe');
    await submitButton(form).click();
    await logged;
    expect(broken.attempts).toBe(1);
    await submitEnded(form);
    await expect(field(form, 'Email')).toHaveValue(email);
    await expect(toasts(page)).toHaveCount(0);
    await expect(form.getByRole('alert')).toHaveCount(0);
  });
});

/* ---------------------------------------------------------------- 5. CV upload */

const storageUrl = /^(https?:\/\/[^/]+)?\/api\/files\/Image\/CvDeveloper\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\?token=[^&\s]+$/;

function freelancerValues(s: string) {
  return {
    fullName: `Grace ${s}`,
    Email: `grace.${s}@example.com`,
    Number: '0123456789',
    portfolioUrl: `https://grace-${s}.example.com/work`,
    Messsage: `I build apps.\nRegards, ${s}`,
  };
}

test.describe('the freelancer CV', () => {
  test('a PDF uploads at once; the stored CvFile URL serves the same bytes as an attachment', async ({ page, request }) => {
    const s = uniqueSuffix();
    const writes = recordWrites(page);
    const form = await open(page, 'freelancer');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n% e2e '), Buffer.from(s), Buffer.from('\n'), randomBytes(4096), Buffer.from('\n%%EOF\n')]);

    await field(form, 'CvFile').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(form.getByRole('progressbar').or(form.getByText('cv.pdf uploaded.')).first()).toBeVisible();
    await expect(form.getByText('cv.pdf uploaded.')).toBeVisible();
    expect(writes.uploads).toHaveLength(1);
    expect(new URL(writes.uploads[0]!.url()).pathname).toMatch(/^\/api\/files\/Image\/CvDeveloper\/[0-9a-f-]{36}$/);

    const values = freelancerValues(s);
    await fillFields(form, values);
    await expect(field(form, 'Number')).toHaveAttribute('maxlength', '10');
    await field(form, 'SelectedTechnology').selectOption({ label: labelledPosition.label! });
    const before = Date.now();
    await submitButton(form).click();
    await expectToast(page, toast.freelancerSaved);
    const after = Date.now();

    const [document] = await storedOnce('freelancers', 'Email', values.Email);
    expectExactKeys(document!, 'freelancer');
    expect(document).toEqual({
      ...values,
      SelectedTechnology: labelledPosition.value,
      CvFile: expect.stringMatching(storageUrl),
      id: expect.any(Number),
      Date: expect.any(String),
    });
    expectStamp(document!, before, after);

    const download = await request.get(document!.CvFile as string);
    expect(download.status()).toBe(200);
    expect(Buffer.compare(await download.body(), pdf)).toBe(0);
    expect(download.headers()['content-type']).toMatch(/^application\/pdf/);
    expect(download.headers()['content-disposition']).toMatch(/^attachment\b/);
    // The token is what makes the URL work.
    const wrongToken = (document!.CvFile as string).replace(/token=.*/, 'token=not-the-token');
    expect((await request.get(wrongToken)).status()).toBe(404);

    // The form is cleared, CV included.
    await expectValues(form, { fullName: '', Email: '', Number: '', portfolioUrl: '', Messsage: '', SelectedTechnology: '', CvFile: '' });
    await expect(form.getByText('cv.pdf uploaded.')).toHaveCount(0);
    await expect(form.getByText(upload.hint)).toBeVisible();
  });

  test('a .txt or a PDF over 5 MB is refused with the plain message, nothing uploads, the form still sends with CvFile ""', async ({ page }, testInfo) => {
    const s = uniqueSuffix();
    const writes = recordWrites(page);
    const form = await open(page, 'freelancer');
    const cv = field(form, 'CvFile');

    await cv.setInputFiles({ name: 'cv.txt', mimeType: 'text/plain', buffer: Buffer.from('not a CV') });
    await expect(form.getByRole('alert')).toHaveText(upload.wrongType);
    await expect(cv).toHaveAttribute('aria-invalid', 'true');

    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(upload.maxBytes, 0x20)]);
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    // Chosen from a file on disk, as a visitor does: the browser reads it there, where a buffer's
    // bytes would go to the page through the test's connection (base64, seconds of CPU).
    const bigFile = testInfo.outputPath('big.pdf');
    writeFileSync(bigFile, big);
    await cv.setInputFiles(bigFile);
    await expect(form.getByRole('alert')).toHaveText(upload.tooLarge);
    await requestsSoFar(page);
    expect(writes.uploads, 'no upload was attempted').toHaveLength(0);

    const values = freelancerValues(s);
    await fillFields(form, values);
    await submitButton(form).click();
    await expectToast(page, toast.freelancerSaved);
    const [document] = await storedOnce('freelancers', 'Email', values.Email);
    expectExactKeys(document!, 'freelancer');
    expect(document).toEqual({ ...values, SelectedTechnology: '', CvFile: '', id: expect.any(Number), Date: expect.any(String) });
    expect(writes.uploads).toHaveLength(0);
    await expectNoLibraryMessages(page);
  });

  /**
   * Holds back the first CV upload (PUT /api/files/...) until the test lets it go (the returned
   * function); later ones go through at once. `held` resolves once the first has reached the gate.
   */
  async function holdFirstUpload(page: Page): Promise<{ held: Promise<void>; release: () => void }> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const held = new Promise<void>((resolve) => (reached = resolve));
    let seen = 0;
    await page.route('**/api/files/**', async (route) => {
      if (route.request().method() === 'PUT' && seen++ === 0) {
        reached();
        await released;
      }
      await route.continue();
    });
    return { held, release };
  }

  test('a submit while the CV is still uploading waits for it and stores its URL', async ({ page, request }) => {
    const s = uniqueSuffix();
    const gate = await holdFirstUpload(page);
    const writes = recordWrites(page);
    const form = await open(page, 'freelancer');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n% slow '), Buffer.from(s), randomBytes(512)]);
    const values = freelancerValues(s);
    await fillFields(form, values);
    await field(form, 'CvFile').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(form.getByRole('progressbar')).toBeVisible();
    await gate.held;
    await submitButton(form).click();
    // The form waits for the upload: it says it is sending, and nothing is saved yet.
    await expect(form).toHaveAttribute('aria-busy', 'true');
    await requestsSoFar(page);
    expect(writes.saves, 'no save before the CV has uploaded').toHaveLength(0);
    gate.release();
    await expectToast(page, toast.freelancerSaved);
    expect(writes.saves).toHaveLength(1);
    const [document] = await storedOnce('freelancers', 'Email', values.Email);
    expect(document!.CvFile, 'CvFile of a CV chosen before the submit').toMatch(storageUrl);
    const download = await request.get(document!.CvFile as string);
    expect(Buffer.compare(await download.body(), pdf)).toBe(0);
  });

  test('choosing another file while the first still uploads keeps the last one chosen', async ({ page, request }) => {
    const s = uniqueSuffix();
    const gate = await holdFirstUpload(page);
    const form = await open(page, 'freelancer');
    const first = Buffer.concat([Buffer.from('%PDF-1.4\n% first '), Buffer.from(s)]);
    const second = Buffer.concat([Buffer.from('%PDF-1.4\n% second '), Buffer.from(s)]);
    const settled = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/api/files/') && r.request().postDataBuffer()?.equals(first) === true,
    );
    await field(form, 'CvFile').setInputFiles({ name: 'first.pdf', mimeType: 'application/pdf', buffer: first });
    await gate.held;
    await field(form, 'CvFile').setInputFiles({ name: 'second.pdf', mimeType: 'application/pdf', buffer: second });
    await expect(form.getByText('second.pdf uploaded.')).toBeVisible();
    // Now the first, held upload finishes too, after the second: the page has read its answer
    // once the request has finished and the page has drawn since. (The form's own test, with a
    // gate in the page, checks this step exactly: src/site/forms/ui/fields/fields.test.tsx.)
    gate.release();
    await (await settled).finished();
    await nextFrames(page);
    await expect(form.getByText('second.pdf uploaded.'), 'the status still names the last file chosen').toBeVisible();

    const values = freelancerValues(s);
    await fillFields(form, values);
    await submitButton(form).click();
    await expectToast(page, toast.freelancerSaved);
    const [document] = await storedOnce('freelancers', 'Email', values.Email);
    expect(document!.CvFile).toMatch(storageUrl);
    const download = await request.get(document!.CvFile as string);
    expect((await download.body()).toString('latin1'), 'the stored CV is the last file chosen').toBe(second.toString('latin1'));
  });

  test.describe('an upload the server refuses (not really a PDF)', () => {
    test.use({ expectedConsoleErrors: /CV upload failed|the server responded with a status of 415/ });

    test('the form can still be sent, with CvFile ""', async ({ page }) => {
      const s = uniqueSuffix();
      const form = await open(page, 'freelancer');
      const logged = page.waitForEvent('console', { predicate: (m) => m.type() === 'error' && m.text().includes('CV upload failed'), timeout: 10_000 });
      await field(form, 'CvFile').setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text pretending') });
      await logged;
      await expect(form.getByText('fake.pdf uploaded.')).toHaveCount(0);
      // The server's own sentence, on the CV field, not the generic "did not work" (which invites the same file again).
      const cv = field(form, 'CvFile');
      await expect(form.getByRole('alert')).toHaveText(upload.wrongType);
      await expect(cv).toHaveAttribute('aria-invalid', 'true');
      await expect(cv).toHaveAccessibleDescription(upload.wrongType);
      const values = freelancerValues(s);
      await fillFields(form, values);
      await submitButton(form).click();
      await expectToast(page, toast.freelancerSaved);
      const [document] = await storedOnce('freelancers', 'Email', values.Email);
      expect(document).toEqual({ ...values, SelectedTechnology: '', CvFile: '', id: expect.any(Number), Date: expect.any(String) });
    });
  });
});

test.describe('a form our server refuses although the browser let it through', () => {
  // The browser logs the 400 and useSubmission the failure: both on purpose here.
  test.use({ expectedConsoleErrors: /Could not save to|the server responded with a status of 400/ });

  /** Sends every save on with `change` applied to its body: the real server then judges it. */
  async function tamper(page: Page, change: (document: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
    await page.route('**/api/collections/**', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      return route.continue({ postData: JSON.stringify(change(route.request().postDataJSON() as Record<string, unknown>)) });
    });
  }

  test("the failing check's message shows on its field, and the values stay", async ({ page }) => {
    const s = uniqueSuffix();
    await tamper(page, (document) => ({ ...document, Pname: '' }));
    const form = await open(page, 'inquiry');
    const values = { Fname: `Ada ${s}`, Email: `ada.${s}@example.com`, Number: '0123', Pname: `Shop ${s}` };
    await fillFields(form, values);
    await submitButton(form).click();
    await expect(form.getByRole('alert')).toHaveText(messageOf('inquiry', 'Pname'));
    await expect(field(form, 'Pname')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(form, 'Pname')).toHaveAccessibleDescription(messageOf('inquiry', 'Pname'));
    await expectValues(form, values);
    await expect(toasts(page).filter({ hasText: toast.inquiryFailed })).toHaveCount(0);
  });

  test("a refusal of no field of the form: the server's sentence, not the form's generic failure", async ({ page }) => {
    const s = uniqueSuffix();
    await tamper(page, (document) => ({ ...document, isAdmin: 'yes' }));
    const form = await open(page, 'inquiry');
    await fillFields(form, { Fname: `Ada ${s}`, Email: `ada.${s}@example.com`, Number: '0123', Pname: `Shop ${s}` });
    await submitButton(form).click();
    await expect(toasts(page).filter({ hasText: inquiryConfig.messages.unknownKey })).toBeVisible();
    await expect(toasts(page).filter({ hasText: toast.inquiryFailed })).toHaveCount(0);
  });
});

test.describe('an upload that cannot reach the server', () => {
  test.use({ expectedConsoleErrors: /CV upload failed|net::ERR_FAILED/ });

  test('is the one case with the generic message', async ({ page }) => {
    await page.route('**/api/files/**', (route) => route.abort('failed'));
    const form = await open(page, 'freelancer');
    await field(form, 'CvFile').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% offline') });
    await expect(form.getByRole('alert')).toHaveText(upload.failed);
  });
});

/* --------------------------------------------------------------- 6. double click */

test('a double click on a valid inquiry stores exactly one document', async ({ page }) => {
  const s = uniqueSuffix();
  const writes = recordWrites(page);
  const form = await open(page, 'inquiry');
  const values = { Fname: `Ada ${s}`, Email: `ada.${s}@example.com`, Number: '', Pname: `Double ${s}` };
  await fillFields(form, values);
  await submitButton(form).dblclick();
  await expectToast(page, toast.inquirySaved);
  // Both clicks were made before the toast showed: by the end of the submit, any second save would have been sent.
  await submitEnded(form);
  await requestsSoFar(page);
  expect(writes.saves).toHaveLength(1);
  await expect(toasts(page)).toHaveCount(1);
  // The second click is not taken as a new (empty) submit either.
  await expect(form.getByRole('alert')).toHaveCount(0);
  const documents = await storedOnce('Inquriy', 'Email', values.Email);
  expect(documents).toHaveLength(1);
});

test('two submits in the same instant (before the button can disable) store exactly one document', async ({ page }) => {
  const s = uniqueSuffix();
  const writes = recordWrites(page);
  const form = await open(page, 'inquiry');
  const values = { Fname: `Ada ${s}`, Email: `ada.${s}@example.com`, Number: '77', Pname: `Twice ${s}` };
  await fillFields(form, values);
  // A dblclick usually finds the button already disabled; two submit events in one task do not.
  await form.evaluate((f: HTMLFormElement) => {
    f.requestSubmit();
    f.requestSubmit();
  });
  await expectToast(page, toast.inquirySaved);
  await submitEnded(form);
  await requestsSoFar(page);
  expect(writes.saves).toHaveLength(1);
  await expect(form.getByRole('alert')).toHaveCount(0);
  expect(await storedOnce('Inquriy', 'Email', values.Email)).toHaveLength(1);
});

/* --------------------------------------------------------------------- 7. toasts */

/** The toast's box once its entry animation is over (two reads 100 ms apart agree). */
async function settledBox(toastLocator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = '';
  let box = (await toastLocator.boundingBox())!;
  await expect
    .poll(
      async () => {
        box = (await toastLocator.boundingBox())!;
        const now = JSON.stringify(box);
        const same = now === last;
        last = now;
        return same;
      },
      { intervals: [100] },
    )
    .toBe(true);
  return box;
}

/** How far the toast is shifted sideways by a drag (its translateX, in px). */
function dragOffset(toastLocator: Locator): Promise<number> {
  return toastLocator.evaluate((el) => Number(/translateX\((-?[\d.]+)px\)/.exec((el as HTMLElement).style.transform)?.[1] ?? NaN));
}

/** Sends a valid inquiry on the open home page; resolves to the new toast. */
async function sendInquiryForToast(page: Page, form: Locator): Promise<Locator> {
  const s = uniqueSuffix();
  const before = await toasts(page).count();
  await fillFields(form, { Fname: `Toast ${s}`, Email: `toast.${s}@example.com`, Pname: `Toast ${s}` });
  await submitButton(form).click();
  // Keep the pointer off the toast: hovering pauses its countdown.
  await page.mouse.move(5, page.viewportSize()!.height - 5);
  await expect(toasts(page)).toHaveCount(before + 1);
  const shown = toasts(page).nth(before);
  await expect(shown).toHaveText(toast.inquirySaved);
  return shown;
}

/**
 * The same with the page's clock in the test's hands (page.clock): it runs as usual while the
 * page loads, and is stopped before the submit, so the toast's countdown moves only when the
 * test moves the clock (runClock), however busy the machine is.
 */
async function showInquiryToastOnHeldClock(page: Page): Promise<Locator> {
  const form = await open(page, 'inquiry');
  await page.clock.install();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  const shown = await sendInquiryForToast(page, form);
  await expectTopRight(page, shown);
  return shown;
}

/**
 * Moves the page's held clock on by `ms`, in steps: the page draws between two steps, so the
 * timers an update sets as it is drawn (a toast's exit) run within the same span too. A step is
 * a round trip to the browser; a quarter of a second is shorter than any of a toast's
 * transitions, so each of them still starts within a step of the one before.
 */
async function runClock(page: Page, ms: number, step = 250): Promise<void> {
  for (let done = 0; done < ms; done += step) await page.clock.runFor(Math.min(step, ms - done));
}

/** Presses on the middle of the toast, moves sideways by `share` of its width, waits until the toast has followed, releases. */
async function drag(page: Page, shown: Locator, share: number): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await settledBox(shown);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + box.width * share, y, { steps: 8 });
  await expect.poll(() => dragOffset(shown), { message: 'the toast follows the pointer' }).toBeCloseTo(box.width * share, -1);
  await page.mouse.up();
  return box;
}

test.describe('toasts', () => {
  for (const width of [1280, 375]) {
    test(`at ${width} px the thank-you covers nothing of the header: its call to action and its menu stay in view`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const form = await open(page, 'inquiry');
      const shown = await sendInquiryForToast(page, form);
      const header = page.getByRole('banner');
      // Once the toast has come in and the page has stopped moving under the header.
      await expect
        .poll(
          async () => {
            const headerBox = (await header.boundingBox())!;
            return (await shown.boundingBox())!.y - (headerBox.y + headerBox.height);
          },
          { message: "the toast starts below the header's bottom" },
        )
        .toBeGreaterThanOrEqual(0);
      // Every button and link of the header is uncovered (the top-most element at its centre is itself).
      for (const control of await header.locator('a:visible, button:visible').all()) {
        const covered = await control.evaluate((element) => {
          const r = element.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return top !== null && !element.contains(top);
        });
        expect(covered, `${await control.innerText()} is covered`).toBe(false);
      }
      await shot(page, `thank-you-toast-${width}`);
    });
  }

  test('close by themselves after about 5 seconds', async ({ page }) => {
    const shown = await showInquiryToastOnHeldClock(page);
    await runClock(page, 4000);
    await expect(shown, 'still shown at 4 s').toBeVisible();
    await runClock(page, 2500);
    await expect(shown, 'gone by 6.5 s').toBeHidden();
  });

  test('pause while the pointer is over them', async ({ page }) => {
    const shown = await showInquiryToastOnHeldClock(page);
    await shown.hover();
    await runClock(page, 6000);
    await expect(shown, 'still shown after 6 s under the pointer').toBeVisible();
    await page.mouse.move(5, page.viewportSize()!.height - 5);
    await runClock(page, 6000);
    await expect(shown, 'closes within 6 s once the pointer leaves').toBeHidden();
  });

  // Dismissed, not timed out: the page's clock is held, and moved on by a second only (a toast
  // closes by itself after several), however long the machine takes to draw the exit.
  test('a sideways drag past 80 % of the width dismisses', async ({ page }) => {
    const shown = await showInquiryToastOnHeldClock(page);
    await drag(page, shown, -0.85);
    await runClock(page, 1000);
    await expect(shown).toBeHidden();
  });

  // The page's clock held, as above: neither toast closes by itself (after several seconds) while a
  // busy machine draws the drag, which then found no toast under the pointer.
  test('a 30 % drag snaps back', async ({ page }) => {
    await showInquiryToastOnHeldClock(page);
    // On a second toast (the first one shown at its place): it stays and returns to its place.
    const form = formOf(page, 'inquiry');
    const second = await sendInquiryForToast(page, form);
    const box = await drag(page, second, 0.3);
    // A second of the page's time: the way back, and frames drawn after it.
    await runClock(page, 1000);
    await expect(second).toBeVisible();
    await expect.poll(async () => Math.round((await second.boundingBox())!.x - box.x), { message: 'toast back in place' }).toBe(0);
    // Back in place and drawn since: the release did not close it.
    expect(await dragOffset(second)).toBe(0);
  });

  // A mouse drag that starts on selected text would become the browser's own text drag
  // (pointercancel): the toast's text cannot be selected, and a drag on it still dismisses.
  test('a drag that starts on selected toast text still dismisses', async ({ page }) => {
    const shown = await showInquiryToastOnHeldClock(page);
    await settledBox(shown);
    // The state a short first drag leaves behind: (some of) the toast's text selected.
    await shown.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });
    const box = (await shown.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - box.width * 0.85, box.y + box.height / 2, { steps: 8 });
    // The toast has followed the pointer: the browser did not take the move for a text drag (which would cancel it).
    await expect.poll(() => dragOffset(shown), { message: 'the toast follows the pointer' }).toBeCloseTo(-box.width * 0.85, -1);
    await page.mouse.up();
    await runClock(page, 1000);
    await expect(shown).toBeHidden();
  });

  // Whether a drag dismisses is decided from where the pointer is released: a flick whose move
  // and release arrive before React has drawn the move (dispatched in one task here) counts too.
  test('a quick flick past 80 % (move and release before a render) dismisses too', async ({ page }) => {
    const shown = await showInquiryToastOnHeldClock(page);
    await settledBox(shown);
    await shown.evaluate((el) => {
      const b = el.getBoundingClientRect();
      const x = b.left + b.width / 2;
      const y = b.top + b.height / 2;
      const send = (type: string, clientX: number) =>
        el.dispatchEvent(new PointerEvent(type, { bubbles: true, clientX, clientY: y, pointerId: 1, pointerType: 'mouse', isPrimary: true }));
      send('pointerdown', x);
      send('pointermove', x - b.width * 0.9);
      send('pointerup', x - b.width * 0.9);
    });
    await runClock(page, 1000);
    await expect(shown).toBeHidden();
  });
});

/* ------------------------------------------------------------ 8. nothing is lost */

const OUTBOX = 'business-growth.outbox';
const waiting = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as { key: string; collection: string }[], OUTBOX);

test.describe('a submission that could not be saved waits in the browser and is sent again', () => {
  test.use({
    expectedConsoleErrors: /Could not save to|the server responded with a status of (500|503)|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_RESET|Failed to fetch/,
  });

  test('offline: the inquiry fails as the specification says, then is stored once when the connection returns', async ({ page, context }) => {
    const s = uniqueSuffix();
    const shownToasts = await recordToasts(page);
    const form = await open(page, 'inquiry');
    const values = { Fname: `Offline ${s}`, Email: `offline.${s}@example.com`, Number: '0123', Pname: `Shop ${s}` };
    await fillFields(form, values);
    await context.setOffline(true);
    await submitButton(form).click();
    await expectToast(page, toast.inquiryFailed);
    expect(await waiting(page)).toEqual([expect.objectContaining({ collection: 'Inquriy' })]);
    expect(await findDocuments('Inquriy', 'Email', values.Email)).toEqual([]);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const [document] = await storedOnce('Inquriy', 'Email', values.Email);
    expect(document).toEqual({ ...values, id: expect.any(Number), Date: expect.any(String) });
    await expect.poll(shownToasts).toEqual([toast.inquiryFailed, toast.inquirySaved]);
    await expect.poll(() => waiting(page)).toEqual([]);
  });

  test('the contact form, which clears at once: a failed save is sent on the next visit', async ({ page }) => {
    const s = uniqueSuffix();
    const broken = await failSaves(page);
    const form = await open(page, 'contact');
    const values = { Fullname: `Later ${s}`, Company: 'Acme', Number: '0123456789', Email: `later.${s}@example.com`, Messsage: 'Call me' };
    await fillFields(form, values);
    const logged = saveFailureLogged(page, 'Contact_cli');
    await submitButton(form).click();
    await logged;
    expect(broken.attempts).toBe(1);
    await expectValues(form, { Fullname: '', Company: '', Number: '', Email: '', Messsage: '', Your: '' });
    expect(await waiting(page)).toHaveLength(1);

    // The server is back; the visitor comes back (any page).
    await page.unroute('**/api/collections/**');
    await visit(page, '/About-us');
    const [document] = await storedOnce('Contact_cli', 'Email', values.Email);
    expect(document).toEqual({ ...values, Your: defaultVisitorType, id: expect.any(Number), Date: expect.any(String) });
    await expect.poll(() => waiting(page)).toEqual([]);
  });

  test('an answer lost on the way back: the retry carries the same key and the document is stored once', async ({ page }) => {
    const s = uniqueSuffix();
    // The server gets and stores the first try, but its answer never reaches the page.
    let lost = 0;
    await page.route('**/api/collections/**', async (route) => {
      if (route.request().method() !== 'POST' || lost > 0) return route.fallback();
      lost++;
      await route.fetch();
      await route.abort('connectionreset');
    });
    const form = await open(page, 'inquiry');
    const values = { Fname: `Lost ${s}`, Email: `lost.${s}@example.com`, Number: '', Pname: `App ${s}` };
    await fillFields(form, values);
    await submitButton(form).click();
    await expectToast(page, toast.inquiryFailed);
    await storedOnce('Inquriy', 'Email', values.Email);
    const [entry] = await waiting(page);

    // The next visit sends it again with its key: the server answers with the first id.
    const retry = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/collections/'));
    await page.reload();
    const answer = await retry;
    expect(answer.status()).toBe(200);
    expect(answer.request().headers()['idempotency-key']).toBe(entry!.key);
    await expect.poll(() => waiting(page)).toEqual([]);
    await storedOnce('Inquriy', 'Email', values.Email);
  });
});

/* ---------------------------------------------------------------- 9. spam trap */

test.describe('the spam trap', () => {
  test('is out of sight, out of the tab order and hidden from screen readers on every form', async ({ page }) => {
    for (const name of ['inquiry', 'newsletter', 'freelancer', 'contact'] as const) {
      await visit(page, formPlaces[name].path);
      const trap = formOf(page, name).locator('input[name="website"]');
      await expect(trap).toHaveCount(1);
      await expect(trap).toHaveAttribute('tabindex', '-1');
      await expect(trap).toHaveAttribute('autocomplete', 'off');
      expect(await trap.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
      const box = await trap.boundingBox();
      expect(box === null || box.x + box.width <= 0).toBe(true);
    }
  });

  test("a submission that fills it (a robot, or a browser's autofill) is thanked as usual, and stored marked as spam", async ({ page }) => {
    const s = uniqueSuffix();
    const email = `robot.${s}@example.com`;
    const writes = recordWrites(page);
    const form = await open(page, 'inquiry');
    await fillFields(form, { Fname: `Robot ${s}`, Email: email, Pname: 'Cheap pills' });
    await form.locator('input[name="website"]').fill('http://spam.example', { force: true });
    await submitButton(form).click();
    await expectToast(page, toast.inquirySaved);
    // Sent like any submission, with the trap's value: the server marks it.
    expect(writes.saves).toHaveLength(1);
    expect(JSON.parse(writes.saves[0]!.postData() ?? '{}')).toMatchObject({ Email: email, website: 'http://spam.example' });
    await expect.poll(() => spamMarks('Inquriy', 'Email', email)).toEqual([1]);
    const [stored] = await findDocuments('Inquriy', 'Email', email);
    expect(Object.keys(stored!)).not.toContain('website');
    // A person's submission (the trap left empty) is not marked.
    const person = `person.${s}@example.com`;
    await fillFields(form, { Fname: `Person ${s}`, Email: person, Pname: 'A real project' });
    await submitButton(form).click();
    await expect.poll(() => spamMarks('Inquriy', 'Email', person)).toEqual([0]);
    // The server may store it before Playwright has told this test of the request: wait for that too.
    await expect.poll(() => writes.saves.length).toBe(2);
    expect(JSON.parse(writes.saves[1]!.postData() ?? '{}')).not.toHaveProperty('website');
  });
});

/* ---------------------------------------------------------------- 10. proof of work */

test.describe('the proof of work', () => {
  test('a page asks for no puzzle until the visitor is in a form; the form goes with the puzzle its browser solved, and is a lead, not spam', async ({
    page,
  }) => {
    const puzzles: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === api.proofChallenge) puzzles.push(request.url());
    });
    const writes = recordWrites(page);
    await visit(page, formPlaces.contact.path);
    // The page alone, read and scrolled through to its end, sets no work for the visitor's device.
    await page.mouse.wheel(0, 10_000);
    await nextFrames(page);
    expect(puzzles).toEqual([]);

    const s = uniqueSuffix();
    const email = `solver.${s}@example.com`;
    // The visitor then goes into the form of the same page.
    const form = await enter(page, 'contact');
    await fillFields(form, { Fullname: `Solver ${s}`, Company: 'Acme', Number: '0123456789', Email: email, Messsage: 'A real question.' });
    await submitButton(form).click();
    await expectToast(page, toast.contactSaved);
    expect(puzzles).toHaveLength(1);
    expect(writes.saves).toHaveLength(1);
    const proof = JSON.parse(Buffer.from(writes.saves[0]!.headers()[api.proofHeader.toLowerCase()] ?? '', 'base64').toString('utf8')) as Record<
      string,
      unknown
    >;
    expect(Object.keys(proof).sort()).toEqual(['algorithm', 'challenge', 'number', 'salt', 'signature']);
    await expect.poll(() => spamMarks(formPlaces.contact.collection, 'Email', email)).toEqual([0]);
  });
});
