/**
 * A page's section moved in its outline, at 1280 and 375 px, on the content editor's site
 * (e2e/helpers/editorSite.ts):
 *
 * - its Move and Remove buttons are named with the section ("Move '<heading>' down"); after a
 *   move by the mouse, the moved section's button is still under the pointer and has the keyboard,
 *   so pressing again moves the same section again;
 * - a move published and then undone: the undo's dialog names the section on each side of its
 *   two sides, and its preview of the page shows the section where it goes back to, not the top.
 *
 * Screenshots in test-results/content-move/. Every text is read from config/.
 */
import type { Page } from '@playwright/test';
import admin from '../config/admin';
import { fieldId } from '../src/content/editor/schemaValues';
import { placeOf } from '../src/content/model/officeSentences';
import { contentRoutes, type ContentSnapshot } from '../src/content/model/contentApi';
import { fill } from '../src/schema/text';
import { publishButton } from './helpers/content';
import { signInByRequest } from './helpers/admin';
import { needsCaddy } from './helpers/caddy';
import { expect, test } from './fixtures';
import { screenshots } from './helpers/shots';

needsCaddy();

const t = admin.content;
const h = t.history;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const SERVICES = 'config/pages/services.ts';
const shot = screenshots('content-move');
let origin: string;

// An account of each test's own (the drafts of one are not the next one's start), its page signed
// in by the sign-in's own requests: the tests are about the outline.
test.beforeEach(async ({ editorSite, page }) => {
  origin = editorSite.origin;
  await signInByRequest(page, await editorSite.newAccount('editor'), origin);
});

// A publish and an undo, each drawing the pages on a shared 2-core machine.
test.setTimeout(300_000);

/** Services as published now (files before this one may have moved its sections). */
async function servicesNow(page: Page): Promise<Json> {
  const snapshot = (await (await page.request.get(`${origin}${contentRoutes.content.path}`)).json()) as ContentSnapshot;
  return snapshot.files.find((f) => f.file === SERVICES)!.value as Json;
}

const quoted = (section: Json) => `'${section.heading as string}'`;

for (const width of [1280, 375]) {
  test(`the moved section's buttons stay under the pointer and keep the keyboard, named with it, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const sections = (await servicesNow(page)).sections as Json[];
    // The second section (one with a heading), moved down twice.
    const index = sections.findIndex((s, i) => i > 0 && typeof s.heading === 'string' && i + 2 < sections.length);
    const section = sections[index]!;
    await page.goto(`${origin}/admin/content/edit?${new URLSearchParams({ file: SERVICES })}`);
    const down = page.getByRole('button', { name: fill(t.moveDownNamed, { name: quoted(section) }), exact: true });
    await expect(page.getByRole('button', { name: fill(t.moveUpNamed, { name: quoted(section) }), exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: fill(t.removeNamed, { name: quoted(section) }), exact: true })).toBeVisible();
    await down.scrollIntoViewIfNeeded();
    const box = (await down.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    const underPointer = () => page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest('button')?.textContent ?? '', [x, y]);

    await page.mouse.click(x, y);
    await expect(down).toHaveAttribute('id', new RegExp(`-${index + 1}-down$`));
    await expect(down).toBeFocused();
    await expect.poll(underPointer).toBe(fill(t.moveDownNamed, { name: quoted(section) }));
    await shot(page, `after-one-move-${width}`);
    // Pressed again where it was: the same section moves on.
    await page.mouse.click(x, y);
    await expect(down).toHaveAttribute('id', new RegExp(`-${index + 2}-down$`));
    await expect(down).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(down).toHaveAttribute('id', new RegExp(`-${index + 3}-down$`));
  });
}

test('the undo of a move names the section, and its page after shows it, at 1280 and 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const services = await servicesNow(page);
  const sections = services.sections as Json[];
  // A section far down the page (out of the preview's first screen), moved one place down.
  const index = sections.findIndex(
    (s, i) => i >= 4 && typeof s.heading === 'string' && i + 1 < sections.length && typeof sections[i + 1]!.heading === 'string',
  );
  await page.goto(`${origin}/admin/content/edit?${new URLSearchParams({ file: SERVICES })}`);
  await page.locator(`#${fieldId(SERVICES, ['sections'])}-${index}-down`).click();
  const answered = page.waitForResponse((r) => r.url().endsWith(contentRoutes.contentPublish.path), { timeout: 240_000 });
  await publishButton(page, SERVICES).click();
  expect((await answered).status()).toBe(200);
  // The two neighbours swapped: the revision names one of them as moved ("moved … from position 5 to 6", or the other from 6 to 5).
  const bar = page.getByRole('region', { name: t.publish, exact: true });
  await expect(bar.getByRole('status')).toHaveText(t.published);
  const line = (await bar.getByRole('listitem').first().textContent())!;
  const section = [sections[index]!, sections[index + 1]!].find((s) => line.includes(quoted(s)))!;
  expect(line).toBe(
    fill(h.changeMoved, {
      where: placeOf(SERVICES, services, ['sections']).join(t.placeJoint),
      item: quoted(section),
      from: section === sections[index] ? index + 1 : index + 2,
      to: section === sections[index] ? index + 2 : index + 1,
    }),
  );
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    await page.goto(`${origin}/admin/content/revisions`);
    const revision = page.getByRole('main').locator('ol > li').filter({ hasText: line }).first();
    await revision.getByRole('button', { name: h.undo, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: h.undoTitle });
    await expect(dialog.getByText(h.undoIntro)).toBeVisible({ timeout: 60_000 });
    // Both sides name the section the undo moves (one of the two swapped back), each at its place.
    const sides = dialog.locator('dl');
    await expect(sides).toHaveCount(1);
    const said = (await sides.textContent())!;
    const back = [sections[index]!, sections[index + 1]!].find((s) => said.includes(quoted(s)))!;
    expect(back).toBeDefined();
    await expect(sides).toContainText(fill(h.position, { item: quoted(back), n: index + 1 }));
    await expect(sides).toContainText(fill(h.position, { item: quoted(back), n: index + 2 }));
    // The preview of the page, brought to the moved section.
    await dialog.locator('iframe').scrollIntoViewIfNeeded();
    await expect(dialog.frameLocator('iframe').getByRole('heading', { name: back.heading as string, exact: true })).toBeInViewport();
    await shot(page, `undo-dialog-${width}`);
    if (width === 375) {
      const undone = page.waitForResponse((r) => r.url().endsWith('/undo') && r.request().method() === 'POST', { timeout: 240_000 });
      await dialog.getByRole('button', { name: h.undoConfirm }).click();
      expect((await undone).status()).toBe(200);
      await expect(page.getByRole('status').filter({ hasText: h.undone })).toBeVisible();
    } else await dialog.getByRole('button', { name: h.cancel }).click();
  }
});
