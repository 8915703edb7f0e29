/**
 * One item published at a time, and one change undone at a time, in the browser, on the built
 * server behind a real Caddy (deploy/Caddyfile) whose SITE_DIR is a copy of this site that is a
 * git work tree (e2e/helpers/editorSite.ts):
 *
 * - an editor starts an article (its title only: it cannot be published yet) and leaves it, then
 *   changes the phone number in the contact bar and publishes it at once: the publish sends that
 *   item alone, the screen having said the article is not in it; the article stays a draft. On an
 *   article with no draft of its own, Publish is unavailable and says why;
 * - the FAQ answer and About's title are published together by publishing all of the editor's
 *   drafts, which lists About as ready and names the article it leaves, with its problems;
 * - in the revisions that publish lists each change, and only the answer is undone (its preview:
 *   the change and the page after it): the site then shows the old answer and the new title. About's
 *   own screen lists its revisions.
 *
 * - a section of Services moved two places down in the outline and published is one change in the
 *   revisions ("moved <heading> from position 1 to 3"), not an edit of every section between; its
 *   undo puts it back, each text under its own heading, on the page a visitor opens.
 *
 * Axe and screenshots (test-results/revisions/) at 1280 and 375 px. Every text is read from config/.
 */
import admin from '../config/admin';
import { fieldId } from '../src/content/editor/schemaValues';
import { placeOf, sectionNameOf } from '../src/content/model/officeSentences';
import { contentRoutes, type ContentSnapshot } from '../src/content/model/contentApi';
import { escapeRegExp, fill } from '../src/schema/text';
import { mainPaths, publishButton } from './helpers/content';
import { signInByRequest, type Account } from './helpers/admin';
import { needsCaddy } from './helpers/caddy';
import { expect, test } from './fixtures';
import { uniqueSuffix } from './helpers/forms';
import { screenshots } from './helpers/shots';
import { EDITOR_SCREEN, expectNoAxeFindings } from './helpers/axe';

needsCaddy();

const t = admin.content;
const h = t.history;
const w = t.publishItems;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const SITE = 'config/site.ts';
const ABOUT = 'config/pages/about.ts';
let account: Account;
let origin: string;

// The editor's site shared by the editor's journeys (e2e/helpers/editorSite.ts): other files may have published before.
test.beforeAll(async ({ editorSite }) => {
  origin = editorSite.origin;
  account = await editorSite.newAccount('editor');
});

const shot = screenshots('revisions', { fullPage: true });
const aboutPath = mainPaths.find((p) => p.page === 'about')!.path;
/** A text of config/ with a value to fill in, found by what it starts with. */
const startingWith = (template: string, key: string) => new RegExp(`^${escapeRegExp(template.split(`{${key}}`)[0]!)}`);

// Two publishes and an undo, each drawing the pages on a shared 2-core machine.
test.setTimeout(420_000);

test('the phone number published at once beside an unfinished article; the FAQ answer and About title published together, then only the answer undone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const s = uniqueSuffix();
  const edit = (file: string, params: Record<string, string> = {}) => `${origin}/admin/content/edit?${new URLSearchParams({ file, ...params })}`;
  const input = (file: string, at: Array<string | number>) => page.locator(`#${fieldId(file, at)}`);
  const bar = page.getByRole('region', { name: t.publish, exact: true });
  const isPublish = (url: string) => url.endsWith(contentRoutes.contentPublish.path);
  /** Clicks and answers which items the publish sent, once it went through. */
  async function published(click: () => Promise<void>): Promise<string[]> {
    const sent = page.waitForRequest((r) => isPublish(r.url()) && r.method() === 'POST', { timeout: 60_000 });
    const answered = page.waitForResponse((r) => isPublish(r.url()), { timeout: 300_000 });
    answered.catch(() => undefined);
    await click();
    const files = ((await sent).postDataJSON() as { changes: { file: string }[] }).changes.map((c) => c.file);
    expect((await answered).status()).toBe(200);
    return files;
  }

  // Signed in by the sign-in's own requests (the form is not what this test is about), on the editor's first screen.
  await signInByRequest(page, account, origin);
  await page.goto(`${origin}/admin`);
  await expect(page.getByRole('heading', { name: t.heading, exact: true, level: 1 })).toBeVisible();
  const snapshot = (await (await page.request.get(`${origin}${contentRoutes.content.path}`)).json()) as ContentSnapshot;
  const about = snapshot.files.find((f) => f.file === ABOUT)!.value as Json;
  const faqIndex = (about.sections as Json[]).findIndex((x) => x.type === 'faq');
  const oldAnswer = about.sections[faqIndex].items[0].answer as string;
  const article = { title: `Half-written ${s}` };
  const changes = { phone: `+1 (555) 014-${String(Date.now() % 10_000).padStart(4, '0')}`, answer: `Within a day, ${s}.`, title: `About the agency ${s}` };

  await test.step('an unfinished article is left; the phone number is changed and published at once, alone', async () => {
    await page.getByRole('button', { name: t.articles.add, exact: true }).click();
    await page.getByLabel(t.articles.newTitle).fill(article.title);
    await page.getByRole('button', { name: t.articles.create, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(article.title);
    // Not publishable yet: the screen lists what it still needs (a checklist, not errors, until Publish is pressed).
    await expect(bar.getByRole('status').filter({ hasText: t.checklist }).getByRole('listitem').first()).toBeVisible();
    await expect(bar.getByRole('status').filter({ hasNotText: t.checklist })).toHaveText(startingWith(t.draftSaved, 'time'));

    await page.goto(edit(SITE, { at: 'contact' }));
    await input(SITE, ['contact', 'phone', 'label']).fill(changes.phone);
    await input(SITE, ['contact', 'phone', 'href']).fill(`tel:${changes.phone.replace(/[^\d+]/g, '')}`);
    // The screen says what this Publish leaves: the article.
    await expect(bar).toContainText(fill(w.notWithIt, { items: `${article.title} (${t.articles.newLabel})` }));
    await expect(publishButton(page, SITE)).toBeEnabled();
    await expectNoAxeFindings(page, 'a part with another draft left, 1280', EDITOR_SCREEN);
    await shot(page, 'publish-part-1280');
    expect(await published(() => publishButton(page, SITE).click())).toEqual([SITE]);
    await expect(bar.getByRole('status')).toHaveText(t.published);
    expect(await (await page.request.get(`${origin}/`)).text()).toContain(changes.phone);
    const { drafts } = (await (await page.request.get(`${origin}${contentRoutes.content.path}`)).json()) as ContentSnapshot;
    expect(drafts.filter((d) => d.author === account.email).map((d) => d.file)).toEqual([expect.stringMatching(/^config\/articles\//)]);
  });

  await test.step('an article with no draft of its own: Publish unavailable, saying why', async () => {
    const other = snapshot.files.find((f) => f.file.startsWith('config/articles/'))!.file;
    await page.goto(edit(other));
    await expect(publishButton(page, other)).toBeDisabled();
    await expect(bar).toContainText(fill(w.nothing, { item: w.item.article }));
    await expect(publishButton(page, other)).toHaveAccessibleDescription(new RegExp(escapeRegExp(fill(w.nothing, { item: w.item.article }))));
    await expectNoAxeFindings(page, 'nothing to publish 1280', EDITOR_SCREEN);
    await shot(page, 'nothing-to-publish-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(bar).toContainText(fill(w.nothing, { item: w.item.article }));
    await expectNoAxeFindings(page, 'nothing to publish 375', EDITOR_SCREEN);
    await shot(page, 'nothing-to-publish-375');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step("the FAQ answer and About's title, published together with Publish all, which names the article it leaves", async () => {
    await page.goto(edit(ABOUT));
    await input(ABOUT, ['title']).fill(changes.title);
    await page.getByRole('link', { name: fill(t.openSectionNamed, { name: sectionNameOf(about.sections, faqIndex) }), exact: true }).click();
    await input(ABOUT, ['sections', faqIndex, 'items', 0, 'answer']).fill(changes.answer);
    await page.getByRole('link', { name: startingWith(t.backToOutline, 'page') }).click();
    await page.getByRole('link', { name: t.back, exact: true }).click();
    await page.getByRole('button', { name: w.all, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: w.allTitle });
    await expect(dialog.getByRole('region', { name: w.allIntro })).toContainText(changes.title);
    const left = dialog.getByRole('region', { name: w.allLeft });
    await expect(left).toContainText(article.title);
    await expect(left.getByRole('listitem').first().getByRole('listitem')).not.toHaveCount(0);
    await expectNoAxeFindings(page, 'publish all 1280', EDITOR_SCREEN);
    await shot(page, 'publish-all-1280');
    expect(await published(() => dialog.getByRole('button', { name: w.allConfirm, exact: true }).click())).toEqual([ABOUT]);
    await expect(page.getByRole('status').filter({ hasText: w.allPublished })).toBeVisible();
  });

  const revisions = page.getByRole('main').locator('ol > li');
  const together = revisions.filter({ hasText: changes.answer }).filter({ has: page.getByRole('button', { name: startingWith(h.undoAll, 'count') }) });

  await test.step('in the revisions, that publish lists each change; only the answer is undone, after its preview', async () => {
    await page.goto(`${origin}/admin/content/revisions`);
    await expect(together).toHaveCount(1);
    await together.getByRole('button', { name: h.showChanges }).click();
    const change = together
      .locator('li')
      .filter({ hasText: changes.answer })
      .filter({ has: page.getByRole('button', { name: h.undoOne }) });
    await expect(together.getByRole('button', { name: h.undoOne })).toHaveCount(2);
    await expectNoAxeFindings(page, 'revisions 1280', EDITOR_SCREEN);
    await shot(page, 'revisions-1280');
    await change.getByRole('button', { name: h.undoOne }).click();
    const dialog = page.getByRole('dialog', { name: h.undoTitle });
    await expect(dialog.getByText(h.undoIntro)).toBeVisible({ timeout: 60_000 });
    await expect(dialog.locator('dl')).toHaveCount(1);
    await expect(dialog.locator('dl').getByRole('definition').first()).toHaveText(changes.answer);
    await expect(dialog.locator('dl').getByRole('definition').last()).toHaveText(oldAnswer);
    // The preview of the page after the undo: the old answer back.
    const after = dialog.getByRole('region', { name: h.previewAfter });
    await expect(after.frameLocator('iframe').getByText(oldAnswer).first()).toBeAttached({ timeout: 15_000 });
    await expectNoAxeFindings(page, 'undo one change 1280', EDITOR_SCREEN);
    await shot(page, 'undo-one-1280');
    const undone = page.waitForResponse((r) => r.url().endsWith('/undo') && r.request().method() === 'POST', { timeout: 300_000 });
    await dialog.getByRole('button', { name: h.undoConfirm }).click();
    expect((await undone).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: h.undone })).toBeVisible();

    const visitor = await page.context().newPage();
    await visitor.goto(`${origin}${aboutPath}`);
    await expect(visitor).toHaveTitle(new RegExp(escapeRegExp(changes.title)));
    await expect(visitor.getByText(oldAnswer).first()).toBeAttached();
    await expect(visitor.getByText(changes.answer)).toHaveCount(0);
    await visitor.close();
    await expect(revisions.first()).toContainText(fill(h.undoOf, { of: '' }).trim());
  });

  await test.step("About's own screen lists its revisions: the undo, then the publish with its two changes", async () => {
    await page.goto(edit(ABOUT));
    const own = page.getByRole('region', { name: startingWith(h.ofItem, 'label') });
    await own.getByRole('button', { name: h.showOfItem }).click();
    await expect(own.locator('ol > li').first()).toContainText(fill(h.undoOf, { of: '' }).trim());
    await expect(
      own
        .locator('ol > li')
        .nth(1)
        .getByRole('button', { name: fill(h.undoAll, { count: 2 }) }),
    ).toBeVisible();
    await expectNoAxeFindings(page, 'about revisions 1280', EDITOR_SCREEN);
  });

  await test.step('at 375 px: Publish all, the revisions, the undo of one change', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${origin}/admin/content`);
    await page.getByRole('button', { name: w.all, exact: true }).click();
    const all = page.getByRole('dialog', { name: w.allTitle });
    await expect(all.getByRole('region', { name: w.allLeft })).toContainText(article.title);
    await expectNoAxeFindings(page, 'publish all 375', EDITOR_SCREEN);
    await shot(page, 'publish-all-375');
    await all.getByRole('button', { name: w.allCancel }).click();

    await page.goto(`${origin}/admin/content/revisions`);
    await together.getByRole('button', { name: h.showChanges }).click();
    await expect(together.getByRole('button', { name: h.undoOne })).toHaveCount(2);
    await expectNoAxeFindings(page, 'revisions 375', EDITOR_SCREEN);
    await shot(page, 'revisions-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await together.locator('li').filter({ hasText: changes.title }).getByRole('button', { name: h.undoOne }).click();
    const dialog = page.getByRole('dialog', { name: h.undoTitle });
    await expect(dialog.getByText(h.undoIntro)).toBeVisible({ timeout: 60_000 });
    await expect(dialog.getByRole('region', { name: h.previewAfter }).locator('iframe')).toBeVisible();
    await expectNoAxeFindings(page, 'undo one change 375', EDITOR_SCREEN);
    await shot(page, 'undo-one-375');
    await dialog.getByRole('button', { name: h.cancel }).click();
    await expect(dialog).toHaveCount(0);
  });
});

test('a section moved two places down is one change in the revisions, and its undo puts it back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const SERVICES = 'config/pages/services.ts';
  const servicesPath = mainPaths.find((p) => p.page === 'services')!.path;
  await signInByRequest(page, account, origin);
  const snapshot = (await (await page.request.get(`${origin}${contentRoutes.content.path}`)).json()) as ContentSnapshot;
  const services = snapshot.files.find((f) => f.file === SERVICES)!.value as Json;
  const sections = services.sections as Json[];
  const headingOf = (section: Json) => section.heading as string;
  const bar = page.getByRole('region', { name: t.publish, exact: true });
  // The first of three sections of one kind in a row: moved two places down (from 2 to 4, counted from 1, on this page).
  const first = sections.findIndex((x, i) => i + 2 < sections.length && x.type === sections[i + 1]!.type && x.type === sections[i + 2]!.type);
  const moved = sections[first]!;
  const line = fill(h.changeMoved, {
    where: placeOf(SERVICES, services, ['sections']).join(t.placeJoint),
    item: `'${headingOf(moved)}'`,
    from: first + 1,
    to: first + 3,
  });
  /** Its Move down, wherever it is (named with its heading). */
  const moveDown = () => page.getByRole('button', { name: fill(t.moveDownNamed, { name: `'${headingOf(moved)}'` }), exact: true });
  /** The headings of the sections of Services on the page a visitor opens, in order (those of the sections). */
  const visitorHeadings = async () => {
    const visitor = await page.context().newPage();
    await visitor.goto(`${origin}${servicesPath}`);
    const texts = (await visitor.getByRole('heading').allTextContents()).map((text) => text.trim());
    await visitor.close();
    return sections
      .map(headingOf)
      .filter((heading) => texts.includes(heading))
      .sort((x, y) => texts.indexOf(x) - texts.indexOf(y));
  };
  /** The page a visitor opens shows these sections' headings in this order (the moved one and its neighbours among them). */
  const expectOnPage = async (order: Json[]) => {
    const shown = await visitorHeadings();
    expect(shown).toEqual(expect.arrayContaining(sections.slice(first, first + 3).map(headingOf)));
    expect(shown).toEqual(order.map(headingOf).filter((heading) => shown.includes(heading)));
  };

  await test.step('a section moved down twice in the outline, and published', async () => {
    await page.goto(`${origin}/admin/content/edit?${new URLSearchParams({ file: SERVICES })}`);
    await moveDown().click();
    // The keyboard stays on the moved section's Move down.
    await expect(moveDown()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(moveDown()).toBeFocused();
    const answered = page.waitForResponse((r) => r.url().endsWith(contentRoutes.contentPublish.path), { timeout: 300_000 });
    await publishButton(page, SERVICES).click();
    expect((await answered).status()).toBe(200);
    await expect(bar.getByRole('status')).toHaveText(t.published);
    // What was published, in words: the one move.
    await expect(bar.getByRole('listitem')).toHaveText([line]);
    await expectOnPage([...sections.slice(0, first), ...sections.slice(first + 1, first + 3), moved, ...sections.slice(first + 3)]);
  });

  await test.step('the revisions list the move as one change; its undo puts the section back', async () => {
    await page.goto(`${origin}/admin/content/revisions`);
    const revision = page.getByRole('main').locator('ol > li').filter({ hasText: line });
    await expect(revision).toHaveCount(1);
    await expect(revision.getByRole('button', { name: h.undo, exact: true })).toBeVisible();
    await revision.getByRole('button', { name: h.showChanges }).click();
    await expect(revision.locator('dl')).toHaveCount(1);
    await expect(revision.getByRole('button', { name: h.undoOne })).toHaveCount(0);
    await expectNoAxeFindings(page, 'a move in the revisions 1280', EDITOR_SCREEN);
    await shot(page, 'move-1280');
    await revision.getByRole('button', { name: h.undo, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: h.undoTitle });
    await expect(dialog.getByText(h.undoIntro)).toBeVisible({ timeout: 60_000 });
    await expect(dialog.locator('dl')).toHaveCount(1);
    const undone = page.waitForResponse((r) => r.url().endsWith('/undo') && r.request().method() === 'POST', { timeout: 300_000 });
    await dialog.getByRole('button', { name: h.undoConfirm }).click();
    expect((await undone).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: h.undone })).toBeVisible();
    await expectOnPage(sections);
    const after = (await (await page.request.get(`${origin}${contentRoutes.content.path}`)).json()) as ContentSnapshot;
    expect(after.files.find((f) => f.file === SERVICES)!.value).toEqual(services);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoAxeFindings(page, 'a move in the revisions 375', EDITOR_SCREEN);
    await shot(page, 'move-375');
  });
});
