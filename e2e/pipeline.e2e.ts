/**
 * How a lead ends, in a real browser against the built server: on a lead's page the owner sets
 * its stage (Lost asks why before it is saved), a follow-up date and takes it for themselves; the
 * list's "mine" view at that stage (its address) shows it with its stage and the follow-up due.
 * At 1280 and 375 px (a phone: the lead's course one short line under it, nothing wider than the
 * screen), screenshots for people to look at (test-results/pipeline/), and axe finds nothing.
 */
import type { Page } from '@playwright/test';
import admin from '../config/admin';
import forms from '../config/forms';
import { buildDocument } from '../src/site/forms/model/document';
import { openStore } from '../src/apps/server/siteStore';
import { LOST_REASONS, LOST_STAGE, STAGES, WON_STAGE } from '../src/leads/model/pipeline';
import { dayOf, formatDay } from '../src/platform/received';
import { fill } from '../src/schema/text';
import { validData } from '../src/test/formFixtures';
import { expect, test } from './fixtures';
import { addAccount, choose, E2E_DATA_DIR, signedInByRequest, type Account, type SignedIn } from './helpers/admin';
import { uniqueSuffix } from './helpers/forms';
import { expectNoAxeFindings, WCAG21_AND_BEST_PRACTICE } from './helpers/axe';
import { screenshots } from './helpers/shots';

const t = admin.pipeline;
const shot = screenshots('pipeline', { fullPage: true });
/** A stage between the first and the ends. */
const stage = STAGES.find((s) => ![STAGES[0]!.key, WON_STAGE, LOST_STAGE].includes(s.key))!;

let account: Account;
let cookies: SignedIn | undefined;
// One account and one sign-in per worker (a worker that comes back to the file runs this hook
// again, its variables kept, the session still open).
test.beforeAll(async () => {
  if (cookies) return;
  test.setTimeout(120_000);
  account = await addAccount();
  cookies = await signedInByRequest(account, test.info().project.use.baseURL!);
});
// eslint-disable-next-line no-empty-pattern
test.use({ storageState: async ({}, use) => use(cookies) });

/** A contact lead stored as the form stores one; resolves with its id and its sender's name. */
async function storeLead(): Promise<{ docId: string; name: string }> {
  const name = `Ada Pipeline ${uniqueSuffix()}`;
  const store = openStore(E2E_DATA_DIR);
  try {
    return { docId: (await store.insertDurably(forms.contact.collection, buildDocument(forms.contact, { ...validData.contact, Fullname: name }))).id, name };
  } finally {
    store.close();
  }
}

const panel = (page: Page) => page.getByRole('region', { name: t.heading });

/** The "mine" view at the stage, in its address, as a bookmark opens it. */
const mineAt = (page: Page, key: string) => page.goto(`/admin?${new URLSearchParams({ stage: key, assigned: 'me', status: 'all' }).toString()}`);

test('at 1280 px: the owner sets the stage (Lost asks why), a follow-up and takes the lead; "mine" at that stage lists it with the follow-up due', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const { docId, name } = await storeLead();
  await page.goto(`/admin/leads/${docId}`);
  const region = panel(page);
  await expect(region.getByRole('combobox', { name: t.stage })).toHaveText(STAGES[0]!.name);

  // Lost, without a reason: said under the box, nothing saved.
  await choose(page, region.getByRole('combobox', { name: t.stage }), STAGES.find((s) => s.key === LOST_STAGE)!.name);
  await region.getByRole('button', { name: t.save, exact: true }).click();
  await expect(region.getByText(t.problems.reasonMissing)).toBeVisible();
  await choose(page, region.getByRole('combobox', { name: t.lostReason }), LOST_REASONS[0]!);
  await region.getByRole('button', { name: t.save, exact: true }).click();
  await expect(region.getByText(t.saved, { exact: true })).toBeVisible();
  // Lost ends the lead: Archived (out of what needs the agency), on its page and in its changes.
  const status = page.getByRole('combobox', { name: admin.lead.status });
  const history = region.getByRole('list', { name: t.historyHeading });
  const changed = (text: string) => history.getByRole('listitem').filter({ hasText: text });
  await expect(status).toHaveText(admin.statuses.archived);
  await expect(changed(fill(t.changes.status, { status: admin.statuses.archived }))).toHaveCount(1);

  // Not lost after all: the stage, a follow-up today, and the lead taken by its owner.
  const today = dayOf(Date.now());
  await choose(page, region.getByRole('combobox', { name: t.stage }), stage.name);
  await region.getByLabel(t.followUp).fill(today);
  await choose(page, region.getByRole('combobox', { name: t.assignee }), fill(t.you, { email: account.email }));
  await region.getByRole('button', { name: t.save, exact: true }).click();
  // In play again: Read. Its changes, each by the account that made it.
  await expect(status).toHaveText(admin.statuses.read);
  await expect(changed(fill(t.changes.status, { status: admin.statuses.read }))).toContainText(account.email);
  await expect(history.getByRole('listitem').filter({ hasText: fill(t.changes.staged, { stage: stage.name }) })).toContainText(account.email);
  await expect(
    history
      .getByRole('listitem')
      .filter({ hasText: fill(t.changes.stagedLost, { stage: STAGES.find((s) => s.key === LOST_STAGE)!.name, reason: LOST_REASONS[0]! }) }),
  ).toHaveCount(1);
  await expect(history.getByRole('listitem').filter({ hasText: fill(t.changes.followUp, { date: formatDay(today) }) })).toHaveCount(1);
  await expectNoAxeFindings(page, "a lead's page with its stage at 1280 px", { tags: WCAG21_AND_BEST_PRACTICE });
  await shot(page, 'lead-1280');

  await mineAt(page, stage.key);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row.getByText(stage.name, { exact: true })).toBeVisible();
  await expect(row.getByText(fill(t.due, { date: formatDay(today) }), { exact: true })).toBeVisible();
  await expect(row.getByText(t.yours, { exact: true })).toBeVisible();
  // The filters show the view of the address.
  await expect(page.getByRole('combobox', { name: t.filterStage })).toHaveText(stage.name);
  await expect(page.getByRole('combobox', { name: t.filterAssignee })).toHaveText(t.mine);
  await expectNoAxeFindings(page, 'the "mine" view at 1280 px', { tags: WCAG21_AND_BEST_PRACTICE });
  await shot(page, 'mine-1280');
  // Another stage: not in this view.
  await mineAt(page, WON_STAGE);
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);

  // Won: archived, gone from what needs the agency; the Won stage chosen in that view shows it (any status).
  await page.goto(`/admin/leads/${docId}`);
  await choose(page, region.getByRole('combobox', { name: t.stage }), STAGES.find((s) => s.key === WON_STAGE)!.name);
  await region.getByRole('button', { name: t.save, exact: true }).click();
  await expect(page.getByRole('combobox', { name: admin.lead.status })).toHaveText(admin.statuses.archived);
  await page.goto(`/admin?${new URLSearchParams({ q: name }).toString()}`);
  await expect(page.getByText(admin.list.empty)).toBeVisible();
  await choose(page, page.getByRole('combobox', { name: t.filterStage }), STAGES.find((s) => s.key === WON_STAGE)!.name);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: admin.list.status })).toHaveText(admin.list.allStatuses);
});

test("at 375 px: the stage panel and the list fit the screen, the lead's course one line under it", async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 800 });
  const { docId, name } = await storeLead();
  await page.goto(`/admin/leads/${docId}`);
  const region = panel(page);
  await choose(page, region.getByRole('combobox', { name: t.stage }), stage.name);
  await region.getByLabel(t.value).fill('12500');
  await choose(page, region.getByRole('combobox', { name: t.assignee }), fill(t.you, { email: account.email }));
  await region.getByRole('button', { name: t.save, exact: true }).click();
  await expect(region.getByText(t.saved, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeFindings(page, "a lead's page with its stage at 375 px", { tags: WCAG21_AND_BEST_PRACTICE });
  await shot(page, 'lead-375');

  await mineAt(page, stage.key);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row.getByText(stage.name, { exact: true })).toBeVisible();
  await expect(row.getByText(t.yours, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeFindings(page, 'the "mine" view at 375 px', { tags: WCAG21_AND_BEST_PRACTICE });
  await shot(page, 'mine-375');
});
