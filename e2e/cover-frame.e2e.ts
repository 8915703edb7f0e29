/**
 * An article's cover of another shape than its place (3000 × 2000 for a wider place), framed
 * before it is sent, at 1280 and 375 px: the slider that moves the frame up and down stands
 * upright beside the picture, Up moves the frame up and Down moves it down, and the part the page
 * will show is drawn where the picture goes while the frame is chosen. Screenshots in
 * test-results/cover-frame/. Every text is read from config/.
 */
import { writeFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import admin from '../config/admin';
import { articleFileOf } from '../src/content/editor/editedFiles';
import { fieldId } from '../src/content/editor/schemaValues';
import { addressFromTitle } from '../src/site/model/articleSchema';
import { photoJpeg } from '../src/test/photo';
import { signIn, type Account } from './helpers/admin';
import { needsCaddy } from './helpers/caddy';
import { expect, test } from './fixtures';
import { uniqueSuffix } from './helpers/forms';
import { screenshots } from './helpers/shots';

needsCaddy();

const t = admin.content;
const a = admin.content.articles;
const shot = screenshots('cover-frame');
let account: Account;
let origin: string;

test.beforeEach(async ({ editorSite }) => {
  origin = editorSite.origin;
  account = await editorSite.newAccount('editor');
});

/** The frame's top, in the window. */
const topOf = async (frame: Locator) => (await frame.boundingBox())!.y;

for (const width of [1280, 375]) {
  test(`the frame of a cover moves the way its arrows point, on an upright slider, with the part kept shown, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const cover = test.info().outputPath('cover.jpg');
    writeFileSync(cover, await photoJpeg(3000, 2000));
    const title = `Framed cover ${uniqueSuffix()}`;
    const file = articleFileOf(addressFromTitle(title));
    await signIn(page, account, origin, t.heading);
    await page.getByRole('button', { name: a.add, exact: true }).click();
    await page.getByLabel(a.newTitle).fill(title);
    await page.getByRole('button', { name: a.create, exact: true }).click();
    await page.locator(`#${fieldId(file, ['cover'])}-file`).setInputFiles(cover);

    const slider = page.getByRole('slider', { name: t.focusDown, exact: true });
    await expect(slider).toBeVisible();
    await expect(slider).toHaveAttribute('aria-orientation', 'vertical');
    const frame = page.locator('[data-cut-frame]');
    const middle = await topOf(frame);
    await slider.press('ArrowUp');
    await expect.poll(() => topOf(frame)).toBeLessThan(middle);
    await slider.press('ArrowDown');
    await slider.press('ArrowDown');
    await expect.poll(() => topOf(frame)).toBeGreaterThan(middle);
    // Upright beside the picture: as tall as it, not under it.
    const picture = (await page.locator('[data-cut-chooser] canvas').boundingBox())!;
    const track = (await slider.locator('xpath=ancestor::span[contains(@class, "MuiSlider-root")]').boundingBox())!;
    expect(track.x).toBeGreaterThanOrEqual(picture.x + picture.width - 1);
    expect(track.height).toBeGreaterThan(picture.height / 2);

    // The part kept, drawn where the picture goes: not blank.
    const kept = page.getByRole('img', { name: t.cutPreview, exact: true });
    await expect(kept).toBeVisible();
    const painted = await kept.evaluate((canvas: HTMLCanvasElement) => {
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let opaque = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) opaque++;
      return opaque / (pixels.length / 4);
    });
    expect(painted).toBeGreaterThan(0.99);
    await page.locator('[data-cut-chooser]').scrollIntoViewIfNeeded();
    await shot(page, `choosing-${width}`);
  });
}
