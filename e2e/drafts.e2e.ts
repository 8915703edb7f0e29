/**
 * Drafts and schedules as the office meets them, on an editor's site of its own (a copy of this
 * site, a git work tree: e2e/helpers/editorSite.ts startEditorSite, since it crashes the server),
 * with two editor accounts:
 *   - an edit is saved as its author's draft as it is typed (the status line says so); with the
 *     connection lost it says it is kept in this browser, and is saved by itself once the
 *     connection is back; the browser is closed, a new one opened: the draft is there; a second
 *     editor opening the same page sees whose draft it is;
 *     The server is crashed (SIGKILL) and started again before the new browser opens;
 *   - a draft scheduled two minutes ahead goes live with no click, the server crashed and started
 *     again meanwhile, with its clock moved on to two seconds before that time
 *     (e2e/helpers/clockAhead.mjs: nothing waits for the real minutes): a visitor's request finds
 *     the new text, and the revisions say it was published as its author scheduled.
 * Every text is read from config/; axe on every screen; screenshots at 1280 and 375 px in
 * test-results/drafts/.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import admin from '../config/admin';
import { fieldId } from '../src/content/editor/schemaValues';
import { contentRoutes, type ContentSnapshot, type Revision } from '../src/content/model/contentApi';
import { escapeRegExp } from '../src/schema/text';
import { gitIn } from '../src/test/contentSite';
import { loadRealConfig } from '../src/test/realConfig';
import { expect, fill, test } from './fixtures';
import { mainPaths, publishButton } from './helpers/content';
import { signedInByRequest, type Account, type SignedIn } from './helpers/admin';
import { startEditorSite, type OwnEditorSite } from './helpers/editorSite';
import { screenshots } from './helpers/shots';
import { EDITOR_SCREEN, expectNoAxeFindings } from './helpers/axe';

const t = admin.content;
const HOME = 'config/pages/home.ts';
const ABOUT = 'config/pages/about.ts';
/** Each load of the editor waits for the content, read from the site folder's files by the server (slow on a busy machine). */
const CONTENT_READ_MS = 20_000;

let base: string;
let siteDir: string;
let site: OwnEditorSite | undefined;
let author: Account;
let second: Account;
let authorState: SignedIn;
let secondState: SignedIn;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Of its own: the tests crash and restart its server.
  site = await startEditorSite({ caddy: false });
  ({ base, siteDir } = site);
  author = await site.newAccount('editor');
  second = await site.newAccount('editor');
  authorState = await signedInByRequest(author, base);
  secondState = await signedInByRequest(second, base);
});
test.afterAll(async () => {
  await site?.stop();
});

// The second test crashes the server the first one uses: one after the other.
test.describe.configure({ mode: 'serial' });

/** The server crashes (SIGKILL: nothing is tidied) and starts again on the same data and port. */
async function crashAndRestart() {
  await site!.restart({ crash: true });
}

/** A template of config/admin.ts as a pattern: each {placeholder} stands for any text. */
const pattern = (template: string) => new RegExp(`^${escapeRegExp(template).replace(/\\\{\w+\\\}/g, '.+')}$`);
const field = (page: Page, file: string, ...keyPath: Array<string | number>): Locator => page.locator(`#${fieldId(file, keyPath)}`);
const status = (page: Page) => page.getByRole('region', { name: t.publish, exact: true }).getByRole('status');
const shot = screenshots('drafts');

/** The editor of a page's section, opened on its own (a page opens as the outline of its sections). */
async function open(page: Page, file: string, section: number) {
  await page.goto(`${base}/admin/content/edit?${new URLSearchParams({ file, section: String(section) })}`, { waitUntil: 'domcontentloaded' });
  await expect(publishButton(page, file)).toBeVisible({ timeout: CONTENT_READ_MS });
}

/** Looks at the screen at both widths: axe reports nothing, a screenshot is kept. */
async function atBothWidths(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await expectNoAxeFindings(page, `${name} at ${width}`, EDITOR_SCREEN);
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function newEditor(browser: Browser, state: SignedIn) {
  const context = await browser.newContext({ storageState: state, viewport: { width: 1280, height: 800 } });
  return { context, page: await context.newPage() };
}

/** The index of the first section of a page of this site's content with a heading (the page's h1). */
async function headed(page: 'home' | 'about'): Promise<number> {
  const sections = (await loadRealConfig()).pages[page]!.sections as ReadonlyArray<{ heading?: unknown }>;
  return sections.findIndex((s) => typeof s.heading === 'string');
}

test('a draft is saved as it is typed, kept in the browser while offline, there in a new browser, and shown to a second editor with its author', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const hero = await headed('home');
  const typed = `A headline typed ${Date.now()}`;

  const first = await newEditor(browser, authorState);
  await open(first.page, HOME, hero);
  await expect(status(first.page)).toHaveText(t.statusPublished);
  await field(first.page, HOME, 'sections', hero, 'heading').fill(typed);
  await expect(status(first.page)).toHaveText(pattern(t.draftSaved));
  await atBothWidths(first.page, 'draft-saved');

  // The connection lost: the edit stays in this browser, and goes to the server once it is back.
  await first.context.setOffline(true);
  await field(first.page, HOME, 'sections', hero, 'heading').fill(`${typed}, and more`);
  await expect(status(first.page)).toHaveText(fill(t.notSaved, { reason: t.offline }));
  await shot(first.page, 'not-saved-1280');
  await first.context.setOffline(false);
  await expect(status(first.page)).toHaveText(pattern(t.draftSaved));
  await first.context.close();

  // The server crashes; a new browser (nothing kept in it) finds the draft on the restarted server.
  await crashAndRestart();
  const again = await newEditor(browser, authorState);
  await open(again.page, HOME, hero);
  await expect(field(again.page, HOME, 'sections', hero, 'heading')).toHaveValue(`${typed}, and more`);
  await expect(status(again.page)).toHaveText(pattern(t.draftSaved));
  // The preview draws the draft.
  await expect(again.page.frameLocator('iframe').getByRole('heading', { name: `${typed}, and more`, exact: true })).toBeVisible();
  await again.context.close();

  // The second editor sees whose draft it is; their own form shows what is published.
  const other = await newEditor(browser, secondState);
  await open(other.page, HOME, hero);
  const presence = other.page.getByRole('region', { name: t.publish, exact: true }).getByText(author.email);
  await expect(presence).toHaveText(pattern(t.othersDraft));
  await expect(field(other.page, HOME, 'sections', hero, 'heading')).not.toHaveValue(new RegExp(escapeRegExp(typed)));
  await expect(status(other.page)).toHaveText(t.statusPublished);
  await atBothWidths(other.page, 'presence');

  // Its author discards it, after a question: the page is as published again, for both.
  const last = await newEditor(browser, authorState);
  await open(last.page, HOME, hero);
  await last.page.getByRole('button', { name: t.discard, exact: true }).click();
  const question = last.page.getByRole('dialog', { name: t.discard });
  // It names what is discarded: the page, as the list names it.
  const title = (await loadRealConfig()).pages.home!.title as string;
  await expect(question).toContainText(fill(t.discardQuestion, { name: `${title} (/)` }));
  await atBothWidths(last.page, 'discard');
  await question.getByRole('button', { name: t.discardConfirm, exact: true }).click();
  await expect(last.page.getByText(t.discarded, { exact: true })).toBeVisible();
  await expect(status(last.page)).toHaveText(t.statusPublished);
  await expect(field(last.page, HOME, 'sections', hero, 'heading')).not.toHaveValue(new RegExp(escapeRegExp(typed)));
  await last.context.close();
  await other.page.reload();
  await expect(status(other.page)).toHaveText(t.statusPublished, { timeout: CONTENT_READ_MS });
  await expect(other.page.getByText(author.email, { exact: false }).filter({ hasText: pattern(t.othersDraft) })).toHaveCount(0);
  await other.context.close();
});

test('a draft scheduled two minutes ahead goes live with no click, recorded as scheduled by its author', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const header = await headed('about');
  const typed = `A heading scheduled ${Date.now()}`;
  const aboutPath = mainPaths.find((p) => p.page === 'about')!.path;

  const { context, page } = await newEditor(browser, authorState);
  await open(page, ABOUT, header);
  await field(page, ABOUT, 'sections', header, 'heading').fill(typed);
  await expect(status(page)).toHaveText(pattern(t.draftSaved));

  await page.getByRole('button', { name: t.schedule, exact: true }).click();
  const form = page.getByRole('form', { name: t.scheduleHeading });
  await expect(form.getByLabel(t.scheduleAt)).toBeVisible();
  await atBothWidths(page, 'schedule');
  // Two minutes ahead, in the browser's local time, to the minute (the schedule's finest step).
  const when = await page.evaluate(() => {
    const d = new Date(Date.now() + 2 * 60_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
  });
  await form.getByLabel(t.scheduleAt).fill(when);
  await form.getByRole('button', { name: t.scheduleConfirm, exact: true }).click();
  await expect(status(page)).toHaveText(pattern(t.scheduledFor));
  await atBothWidths(page, 'scheduled');
  // The moment as the server stored it: the local time typed, to the minute.
  const stored = (await (await page.request.get(`${base}${contentRoutes.content.path}`)).json()) as ContentSnapshot;
  const scheduledAt = stored.drafts.find((d) => d.author === author.email && d.file === ABOUT)?.scheduledAt;
  expect(scheduledAt && new Date(scheduledAt).getTime()).toBe(new Date(when).getTime());
  await context.close();

  // The server crashes meanwhile: the time is stored, and the restarted server keeps it. It
  // starts with its clock two seconds before that time, so its own timer publishes it (or, on
  // a machine slow to start it, its start finds it due: published at once).
  await site!.restart({ crash: true, clockAheadMs: Math.max(0, Date.parse(scheduledAt!) - Date.now() - 2_000) });

  // No one clicks anything: at its time the server publishes it, and a visitor sees it.
  await expect
    .poll(async () => (await request.get(`${base}${aboutPath}`)).text(), { timeout: 240_000, message: 'the scheduled heading goes live' })
    .toContain(typed);

  // The revision is the author's, published at the time they scheduled.
  expect(gitIn(siteDir, 'log', '-1', '--format=%ae%n%B')).toContain(`Publish-Scheduled-By: ${author.email}`);
  const editor = await newEditor(browser, authorState);
  await editor.page.goto(`${base}/admin/content/revisions`);
  const newest = editor.page.getByRole('listitem').first();
  await expect(newest.getByRole('heading')).toHaveText(pattern(t.revisionScheduled));
  await expect(newest.getByRole('heading')).toContainText(author.email);
  await atBothWidths(editor.page, 'revisions-scheduled');
  // Its draft is gone: the editor opens on what is published.
  const content = (await (await editor.page.request.get(`${base}${contentRoutes.content.path}`)).json()) as ContentSnapshot;
  expect(content.drafts.filter((d) => d.author === author.email && d.file === ABOUT)).toEqual([]);
  const revisions = (await (await editor.page.request.get(`${base}${contentRoutes.contentRevisions.path}`)).json()) as { revisions: Revision[] };
  expect(revisions.revisions[0]).toMatchObject({ author: author.email, scheduledBy: author.email });
  await editor.context.close();
});
