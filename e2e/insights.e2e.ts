/**
 * Where leads come from, and what works, in a real browser against a built server of this file's
 * own (a fresh data folder: the insights' numbers are exactly the seed's and this test's).
 *
 * A visitor lands on `/?utm_source=newsletter&utm_campaign=autumn`, moves to /Contact and sends
 * the form (the lead's page showing where it came from is part of the journey in
 * e2e/replies.e2e.ts); the CSV has the source's columns. The beacon carries no cookie (not even
 * the inbox's, set on purpose) and neither the visitor's address nor user agent is anywhere in
 * the database's bytes. After a seeded week of visits and leads, the insights show the counts
 * and rates the seed makes; with more sources and landing pages than a table shows, the others
 * are added up in one row (axe finds nothing, at a desktop's and a phone's width).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import admin from '../config/admin';
import forms from '../config/forms';
import serverConfig from '../config/server';
import { DIRECT_SOURCE } from '../src/leads/model/adminApi';
import { adminRoutes } from '../src/platform/inboxRoutes';
import { buildDocument } from '../src/site/forms/model/document';
import { recordSource } from '../src/leads/server/sources';
import { openStore } from '../src/apps/server/siteStore';
import { validData } from '../src/test/formFixtures';
import { formatMoney } from '../src/leads/model/pipeline';
import { expect, test } from './fixtures';
import { addAccount, signedInByRequest, SIGNED_OUT, type SignedIn } from './helpers/admin';
import { sendForm } from './helpers/forms';
import { stopServer } from '../scripts/lib/builtServer.mjs';
import { freePort, startServer } from './helpers/server';
import { pageViewOf } from './helpers/visits';
import { expectNoAxeFindings, WCAG21_AND_BEST_PRACTICE } from './helpers/axe';

test.describe.configure({ mode: 'serial' });

const DAY = 86_400_000;
/** The visitor, as a proxy on the server's machine tells the server (TRUST_PROXY trusts loopback). */
const ADDRESS = '203.0.113.57';
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 e2e-visitor-4b1c';
const percent = new Intl.NumberFormat(admin.locale, { style: 'percent', maximumFractionDigits: 1 });
/**
 * The insights' columns after the rate, none here: the clients won among the leads and their value
 * (src/leads/server/pipeline.test.ts counts them), the leads of the other kinds of config/admin.ts,
 * and the confirmed newsletter subscribers among them (src/leads/server/insights.test.ts counts them).
 */
const noneAfterRate = [
  '0',
  formatMoney(0),
  ...Object.keys(admin.kinds)
    .slice(1)
    .map(() => '0'),
  '0',
];

let server: ChildProcess;
let base = '';
let dataDir = '';
let owner: SignedIn;

test.beforeAll(async () => {
  // A server of its own: slow on a busy machine.
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'insights-e2e-'));
  const port = await freePort();
  server = await startServer(port, dataDir, { RATE_LIMIT_FACTOR: '1000' });
  base = `http://127.0.0.1:${port}`;
  // The owner signs in once; the tests start signed in (the beacon's test in a browser of its own).
  owner = await signedInByRequest(await addAccount(dataDir), base);
});
// eslint-disable-next-line no-empty-pattern
test.use({ storageState: async ({}, use) => use(owner) });
test.afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

test('no leads yet: on a phone, the leads chart says so in words that wrap, whole on the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${base}/admin/insights`);
  const region = page.getByRole('region', { name: admin.insights.leadsPerWeek });
  const empty = region.getByText(admin.insights.empty, { exact: true });
  await expect(empty).toBeVisible();
  // Every word within the screen and within the part's frame.
  const frame = (await region.boundingBox())!;
  const text = await empty.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const r = range.getBoundingClientRect();
    return { left: r.left, right: r.right };
  });
  expect(text.left).toBeGreaterThanOrEqual(Math.max(0, frame.x));
  expect(text.right).toBeLessThanOrEqual(Math.min(375, frame.x + frame.width));
  // Page text, not a chart's SVG text: that never wraps, and the chart clips it to its plot area.
  expect(await empty.evaluate((el) => el.closest('svg') === null)).toBe(true);
});

test('a visit from a campaign: the lead keeps where it came from, the beacon keeps no cookie, address or user agent', async ({ browser }) => {
  const context = await browser.newContext({ storageState: SIGNED_OUT, userAgent: USER_AGENT, extraHTTPHeaders: { 'x-forwarded-for': ADDRESS } });
  // A cookie of the site for /api/ (as a signed-in owner's browser holds): the beacon must not carry it.
  await context.addCookies([{ name: 'bg_session', value: 'not-for-the-beacon', url: `${base}/api/` }]);
  const page = await context.newPage();
  // The beacon after each page has loaded (counted, under 1 kB: pageViewOf) carries no cookie.
  for (const address of ['/?utm_source=newsletter&utm_campaign=autumn', '/Contact']) {
    const { request } = await pageViewOf(page, () => page.goto(`${base}${address}`));
    expect((await request.allHeaders()).cookie).toBeUndefined();
  }

  await sendForm(
    page,
    'contact',
    Object.fromEntries(
      Object.entries(validData.contact)
        .filter(([key]) => key !== 'Your')
        .map(([key, value]) => [key, String(value)]),
    ),
  );

  // Nothing of the visitor's address or browser is in the database (its file and its log).
  const db = openStore(dataDir);
  db.db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  for (const file of readdirSync(dataDir)) {
    const bytes = readFileSync(path.join(dataDir, file));
    expect(bytes.includes(ADDRESS), file).toBe(false);
    expect(bytes.includes('e2e-visitor-4b1c'), file).toBe(false);
  }
  await context.close();
});

test("the owner sees the source in the CSV; the insights show a seeded week's counts and rates", async ({ page }) => {
  const csv = await (await page.request.get(`${base}${adminRoutes.export.path}?form=contact&format=csv`)).text();
  // Every cell is quoted; rows end with CRLF outside quotes.
  const [header, row] = csv
    .split(/\r\n(?=(?:[^"]*"[^"]*")*[^"]*$)/)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"')));
  expect(row![header!.indexOf(admin.sources.labels.source)]).toBe('newsletter');

  // Few leads and visits so far: the charts' count axes show whole numbers only.
  await page.goto(`${base}/admin/insights`);
  const yTicks = page.locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel');
  await expect(yTicks.first()).toBeVisible();
  expect(await yTicks.allTextContents()).toEqual(expect.arrayContaining(['0', '1']));
  for (const tick of await yTicks.allTextContents()) expect(tick).toMatch(/^\d+$/);

  // The seed: the whole of last week, 10 landings a day on / from the newsletter's autumn
  // campaign and 4 direct ones on /Services; 7 leads from the first, 2 from the second, 1 spam.
  const store = openStore(dataDir);
  store.onInsert((inserted) => recordSource(store.db, inserted));
  const monday = (() => {
    const now = new Date();
    return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - ((now.getUTCDay() + 6) % 7) * DAY - 7 * DAY;
  })();
  try {
    const visit = store.db.prepare('INSERT INTO visits (day, page, source, campaign, views, visits, visitors) VALUES (?, ?, ?, ?, ?, ?, ?)');
    for (let d = 0; d < 7; d++) {
      const day = new Date(monday + d * DAY).toISOString().slice(0, 10);
      visit.run(day, '/', 'newsletter', 'autumn', 15, 10, 10);
      visit.run(day, '/Services', '', '', 4, 4, 4);
    }
    // Each a person of their own (insights count people once).
    let person = 0;
    const lead = async (attribution: object, spam = false) => {
      const { id } = await store.insertDurably(
        forms.contact.collection,
        buildDocument(forms.contact, { ...validData.contact, Email: `seeded.${++person}.${Date.now()}@example.com` }),
        { spam, attribution },
      );
      store.db.prepare('UPDATE documents SET created_at = ? WHERE doc_id = ?').run(new Date(monday + DAY).toISOString(), id);
    };
    for (let i = 0; i < 7; i++) await lead({ landingPage: '/', utmSource: 'newsletter', utmCampaign: 'autumn' });
    for (let i = 0; i < 2; i++) await lead({ landingPage: '/Services' });
    await lead({}, true);
  } finally {
    store.close();
  }

  await page.goto(`${base}/admin/insights`);
  await expect(page.getByRole('heading', { name: admin.insights.heading, level: 1 })).toBeVisible();
  // Sources: the seed's 70 landings and 7 leads, plus this visit's landing and lead.
  const cells = (name: string, first: string) =>
    page
      .getByRole('region', { name })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: first, exact: true }) })
      .getByRole('cell');
  // Leads of the first kind of config/admin.ts (the contact form's), each person once, and their rate; the columns after them: none here.
  await expect(cells(admin.insights.bySource, 'newsletter')).toHaveText(['newsletter', 'autumn', '71', '71', '8', percent.format(8 / 71), ...noneAfterRate]);
  await expect(cells(admin.insights.bySource, admin.sources.direct)).toHaveText([
    admin.sources.direct,
    '',
    '28',
    '28',
    '2',
    percent.format(2 / 28),
    ...noneAfterRate,
  ]);
  await expect(cells(admin.insights.byLandingPage, '/')).toHaveText(['/', '71', '71', '8', percent.format(8 / 71), ...noneAfterRate]);
  await expect(cells(admin.insights.byLandingPage, '/Services')).toHaveText(['/Services', '28', '28', '2', percent.format(2 / 28), ...noneAfterRate]);
  // Last week's row of the weekly table: 9 contact leads (spam left out), 98 visits.
  const week = page
    .getByTestId('weeks-table')
    .getByRole('row')
    .filter({
      has: page.getByRole('rowheader', { name: new Intl.DateTimeFormat(admin.locale, { dateStyle: 'short', timeZone: 'UTC' }).format(monday), exact: true }),
    });
  await expect(week.getByRole('cell')).toHaveText([...Object.keys(admin.forms).map((form) => (form === 'contact' ? '9' : '0')), '98']);
  // A source's row leads to its leads in the list.
  await page
    .getByRole('region', { name: admin.insights.bySource })
    .getByRole('link', { name: /newsletter/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/?\?source=newsletter&campaign=autumn&status=all$/);
  await expect(page.getByRole('combobox', { name: admin.sources.filterSource })).toContainText('newsletter');
  // "(direct)" is a link too: to the leads that came with no source (the seed's two on /Services; the spam stays in Spam).
  await page.goto(`${base}/admin/insights`);
  const directLeads = page.waitForResponse(
    (response) => response.url().includes(adminRoutes.leads.path) && new URL(response.url()).searchParams.get('source') === DIRECT_SOURCE,
  );
  await page.getByRole('region', { name: admin.insights.bySource }).getByRole('link', { name: admin.sources.direct, exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`/admin/?\\?${new URLSearchParams({ source: DIRECT_SOURCE, status: 'all' }).toString().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  );
  await expect(page.getByRole('combobox', { name: admin.sources.filterSource })).toContainText(admin.sources.direct);
  expect(((await (await directLeads).json()) as { total: number }).total).toBe(2);
});

test.describe('more sources and landing pages than a table shows', () => {
  // As many more groups as the table shows, and 5 (each one visit of today, fewer than any before).
  test.beforeAll(() => {
    const store = openStore(dataDir);
    try {
      const visit = store.db.prepare('INSERT INTO visits (day, page, source, campaign, views, visits, visitors) VALUES (?, ?, ?, ?, ?, ?, ?)');
      const today = new Date().toISOString().slice(0, 10);
      for (let i = 0; i < serverConfig.admin.insightRows + 5; i++) visit.run(today, `/more-${i}`, `more-source-${i}`, '', 1, 1, 1);
    } finally {
      store.close();
    }
  });
  // Before them: 2 sources (one direct) and 2 landing pages, the last test's visit counted in them.
  const others = admin.insights.others.replace('{count}', '7');

  for (const width of [1280, 390]) {
    test(`at ${width} px: the others are added up in one row; axe finds nothing`, async ({ page }) => {
      // Two full tables, drawn and checked by axe: long on a busy machine.
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/admin/insights`);
      for (const region of [admin.insights.bySource, admin.insights.byLandingPage]) {
        const table = page.getByRole('region', { name: region });
        await expect(table.getByText(others, { exact: true })).toBeVisible();
        if (width === 1280) {
          const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: others, exact: true }) });
          await expect(row.getByRole('cell')).toHaveText(['7', '7', '0', percent.format(0), ...noneAfterRate]);
        }
      }
      await expectNoAxeFindings(page, `the insights at ${width} px`, { tags: WCAG21_AND_BEST_PRACTICE });
    });
  }
});
