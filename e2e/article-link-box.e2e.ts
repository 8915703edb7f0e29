/**
 * The link box of an article's text, at 1280 and 375 px: while the editor chooses the address (the
 * keyboard in the box, its list of the site's pages open), the words being linked stay marked as
 * selected, and the list does not cover them; the button that removes a link is offered only in a link there is. Screenshots in test-results/article-link-box/.
 * Every text is read from config/.
 */
import type { Page } from '@playwright/test';
import admin from '../config/admin';
import { articleFileOf } from '../src/content/editor/editedFiles';
import { fieldId } from '../src/content/editor/schemaValues';
import { addressFromTitle } from '../src/site/model/articleSchema';
import { signIn, type Account } from './helpers/admin';
import { needsCaddy } from './helpers/caddy';
import { expect, test } from './fixtures';
import { uniqueSuffix } from './helpers/forms';
import { screenshots } from './helpers/shots';

needsCaddy();

const t = admin.content;
const a = admin.content.articles;
const shot = screenshots('article-link-box');
let account: Account;
let origin: string;

test.beforeEach(async ({ editorSite }) => {
  origin = editorSite.origin;
  account = await editorSite.newAccount('editor');
});

/** A formatting action of the article's box: in the toolbar's one row, or under its More menu. */
async function format(page: Page, name: string) {
  const toolbar = page.getByRole('toolbar', { name: a.toolbar });
  const button = toolbar.getByRole('button', { name, exact: true });
  if ((await button.count()) > 0) return button.click();
  await toolbar.getByRole('button', { name: a.more, exact: true }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

for (const width of [1280, 375]) {
  test(`the words being linked stay marked and in sight while the list of pages is open, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const s = uniqueSuffix();
    const title = `Linked words ${s}`;
    const file = articleFileOf(addressFromTitle(title));
    const words = `these words ${s}`;
    await signIn(page, account, origin, t.heading);
    await page.getByRole('button', { name: a.add, exact: true }).click();
    await page.getByLabel(a.newTitle).fill(title);
    await page.getByRole('button', { name: a.create, exact: true }).click();

    const box = page.locator(`#${fieldId(file, ['body'])}`);
    await box.click();
    await page.keyboard.type(`Before ${words}`);
    for (let i = 0; i < words.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await format(page, a.link);
    const address = page.getByLabel(a.linkAddress);
    await expect(address).toBeFocused();
    // No link yet: nothing to remove, so no button to remove one.
    const remove = page.getByRole('button', { name: a.linkRemove, exact: true });
    await expect(remove).toHaveCount(0);
    // The box half way down the window, as after typing a long text on a phone: the list opening under it would push the words out of the window.
    await address.evaluate((input) => window.scrollBy(0, input.getBoundingClientRect().top - window.innerHeight / 2));
    // Every page's address has a /: the whole list is shown.
    await address.fill('/');
    const list = page.getByRole('listbox');
    await expect(list).toBeVisible();
    await expect(list.getByRole('option').first()).toBeVisible();

    // The words, as the page draws them: marked (a highlight of the page holds exactly them), and nothing over their middle.
    const seen = await box.evaluate((editable, linked) => {
      const walker = document.createTreeWalker(editable, NodeFilter.SHOW_TEXT);
      let text: Node | null;
      while ((text = walker.nextNode()) && !text.textContent!.includes(linked));
      if (!text) return undefined;
      const range = document.createRange();
      const start = text.textContent!.indexOf(linked);
      range.setStart(text, start);
      range.setEnd(text, start + linked.length);
      const rect = range.getBoundingClientRect();
      const over = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      const marked = [...CSS.highlights.values()].some((highlight) => [...highlight].some((r) => r.toString() === linked));
      return { marked, uncovered: over !== null && editable.contains(over) };
    }, words);
    expect(seen).toEqual({ marked: true, uncovered: true });
    await shot(page, `list-open-${width}`);

    await list.getByRole('option').first().click();
    await page.getByRole('button', { name: a.linkApply, exact: true }).click();
    await expect(box.locator('a', { hasText: words })).toBeVisible();
    // Closed, the mark goes (the editor's own selection is back).
    expect(await page.evaluate(() => CSS.highlights.size)).toBe(0);
    // In the link now: the box shows its address, and the button that removes it is offered.
    await box.locator('a', { hasText: words }).click();
    await format(page, a.link);
    await expect(address).not.toHaveValue('');
    await expect(remove).toBeVisible();
    await shot(page, `link-there-${width}`);
  });
}
