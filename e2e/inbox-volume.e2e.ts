/**
 * An inbox of more leads than a page shows, in Chromium against our built server on a data folder
 * of its own (seeded by the fixture generator in one transaction): the first screen asks the
 * server for one page of the list (the first page size's rows, however many leads there are) and
 * draws it with every count written in the agency's language ("1,961"), the first lead on a
 * phone's first screen, paging and sorting ask the server for one page each, and a name with a
 * right-to-left override is shown by its code in the list and on the lead's page, never
 * reversing the text around it. (Its own server: the shared e2e server's data must stay small for
 * the other tests.) How soon the first screen of 100,000 leads is drawn is
 * `npx tsx scripts/bench-inbox-screen.ts`.
 */
import { expect, test } from './fixtures';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import admin from '../config/admin';
import forms from '../config/forms';
import { buildDocument } from '../src/site/forms/model/document';
import type { FormConfig } from '../src/site/forms/model/formSchema';
import { buildApp } from '../src/apps/server/app';
import { openStore } from '../src/apps/server/siteStore';
import { OPEN_STATUSES, PAGE_SIZES, type LeadList, type LeadStatus } from '../src/leads/model/adminApi';
import { adminRoutes } from '../src/platform/inboxRoutes';
import { fill } from '../src/schema/text';
import { validData } from '../src/test/formFixtures';
import { seedDataDir } from '../src/test/seedLeads';
import { addAccount, signIn, type Account } from './helpers/admin';
import { screenshots } from './helpers/shots';

/** The list and the lead at both widths, for people to look at (test-results/inbox-volume/, with E2E_SHOTS=1). */
const shot = screenshots('inbox-volume');

/** More than a page of the largest size many times over, and thousands of them unread (the counts' separators). */
const LEADS = 2_400;
const MAX_ANSWER_BYTES = 256 * 1024;
const BIDI_NAME = 'Invoice \u202Egpj.exe';

// Both tests on one server and one seeded folder, one after the other (one worker: one seeding);
// each signs in (a real password hash) and draws the inbox several times: room for a busy machine.
test.describe.configure({ mode: 'default', timeout: 90_000 });

let app: Awaited<ReturnType<typeof buildApp>>;
let base: string;
let dataDir: string;
let account: Account;
/** How many seeded leads the inbox's default view holds. */
let inDefaultView = 0;

test.beforeAll(async () => {
  // Seeding writes each lead's sort and search keys (src/leads/server/leadKeys.ts): seconds.
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'inbox-volume-'));
  seedDataDir(dataDir, LEADS);
  const store = openStore(dataDir);
  store.insert(forms.inquiry.collection, buildDocument(forms.inquiry, { ...validData.inquiry, Fname: BIDI_NAME }));
  // What the default view should show: the leads outside Spam, of an open status, of forms that await an answer (not the sign-ups).
  const awaiting = (Object.values(forms) as FormConfig[]).filter((form) => form.awaitsAnswer !== false).map((form) => form.collection);
  const rows = store.db.prepare('SELECT collection, status, spam FROM leads').all() as { collection: string; status: LeadStatus; spam: number }[];
  inDefaultView = rows.filter((row) => row.spam === 0 && awaiting.includes(row.collection) && (OPEN_STATUSES as readonly string[]).includes(row.status)).length;
  store.close();
  account = await addAccount(dataDir);
  app = await buildApp({ dataDir, clientDir: path.resolve('dist/client'), rateLimitFactor: 1000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test(`the first screen of a ${LEADS.toLocaleString('en')}-lead inbox asks for one page; pages and sorting come from the server`, async ({ page }) => {
  await signIn(page, account, base);
  const isList = (url: string) => new URL(url).pathname === adminRoutes.leads.path;
  const listAnswers: { query: URLSearchParams; bytes: number; answer: LeadList }[] = [];
  page.on('response', (response) => {
    if (!isList(response.url())) return;
    // The list sign-in asked for may be navigated away from below: its body is gone, and it is not counted.
    response.body().then(
      (body) => listAnswers.push({ query: new URL(response.url()).searchParams, bytes: body.length, answer: JSON.parse(body.toString('utf8')) as LeadList }),
      () => undefined,
    );
  });

  // Drawn again from the start, signed in: the page, its script, the first page of leads.
  const asked: URLSearchParams[] = [];
  page.on('request', (request) => {
    if (isList(request.url())) asked.push(new URL(request.url()).searchParams);
  });
  const firstList = page.waitForResponse((response) => isList(response.url()));
  await page.goto(`${base}/admin`);
  await firstList;
  await expect(page.getByRole('row')).toHaveCount(PAGE_SIZES[0] + 1);
  // One request for the list, for its first page of the first page size; its answer that page only.
  expect(asked.map((query) => [query.get('page'), query.get('pageSize')])).toEqual([['0', String(PAGE_SIZES[0])]]);
  await expect.poll(() => listAnswers.length).toBeGreaterThanOrEqual(1);
  const first = listAnswers.at(-1)!;
  expect(first.answer.leads).toHaveLength(PAGE_SIZES[0]);
  expect(first.bytes).toBeLessThan(MAX_ANSWER_BYTES);
  // The count is the database's: every lead that needs the agency (neither spam nor a sign-up, the one added too).
  const total = inDefaultView;
  expect(total).toBeLessThan(LEADS - LEADS / 50);
  expect(first.answer.total).toBe(total);
  // Every count as the agency's language writes it ("1,961" in en-GB), in the list, the badge and the tab's title.
  const counted = new Intl.NumberFormat(admin.locale);
  await expect(page.getByText(fill(admin.list.shownRows, { from: 1, to: PAGE_SIZES[0], count: counted.format(total) }), { exact: true })).toBeVisible();
  // The inbox's number is the view's unread leads: a sign-up is never counted where it is not shown.
  const { unread } = first.answer;
  expect(unread).toBeGreaterThan(999);
  expect(unread).toBe(first.answer.unreadInView);
  await expect(page.getByText(fill(admin.list.unread, { count: counted.format(unread) }), { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: admin.nav.label }).getByRole('link', { name: new RegExp(`^${admin.nav.inbox}`) })).toContainText(
    counted.format(unread),
  );
  await expect(page).toHaveTitle(fill(admin.titleWithUnread, { count: counted.format(unread) }));

  // The next page and a sort are one page each from the server.
  await page.getByRole('button', { name: admin.list.nextPage }).click();
  await expect(
    page.getByText(fill(admin.list.shownRows, { from: PAGE_SIZES[0] + 1, to: 2 * PAGE_SIZES[0], count: counted.format(total) }), { exact: true }),
  ).toBeVisible();
  await page.getByRole('columnheader', { name: admin.list.columns.name }).click();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect.poll(() => listAnswers.length).toBeGreaterThanOrEqual(3);
  expect(asked.map((query) => query.get('pageSize'))).toEqual(asked.map(() => String(PAGE_SIZES[0])));
  expect(asked.some((query) => query.get('page') === '1')).toBe(true);
  expect(asked.some((query) => query.get('sort') === 'name')).toBe(true);
  for (const { bytes, answer } of listAnswers) {
    expect(bytes).toBeLessThan(MAX_ANSWER_BYTES);
    expect(answer.leads.length).toBeLessThanOrEqual(PAGE_SIZES[0]);
  }
});

test('a right-to-left override in a name is shown by its code in the list and on the lead page', async ({ page }) => {
  await signIn(page, account, base);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // The first lead is on the first screen at both widths (a phone's header and filters leave it room).
    await expect(page.getByRole('row').nth(1).getByRole('link')).toBeVisible();
    const first = (await page.getByRole('row').nth(1).boundingBox())!;
    expect(first.y + first.height, `the first lead within the first screen at ${width} px`).toBeLessThanOrEqual(900);
    await shot(page, `list-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // The wide layout is drawn (its search box another element than the phone's) before the search is typed.
  await expect(page.getByRole('link', { name: admin.list.exportCsv, exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: admin.list.search }).fill('gpj.exe');
  await expect(page.getByRole('searchbox', { name: admin.list.search })).toHaveValue('gpj.exe');
  const shown = 'Invoice [U+202E]gpj.exe';
  const link = page.getByRole('link', { name: shown, exact: true });
  // The search has run (the one lead left) before its link is followed.
  await expect(page.getByRole('row')).toHaveCount(2, { timeout: 15_000 });
  await expect(link).toBeVisible();
  expect(await link.textContent()).not.toContain('\u202E');
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shown, { timeout: 15_000 });
  await expect(page.getByText(shown, { exact: true }).last()).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `lead-${width}`, true);
  }
});
