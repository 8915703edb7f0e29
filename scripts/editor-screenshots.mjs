// The pictures of CONTENT.md: the content editor's screens, taken from a running server whose
// editor is on, signed in with an account of it, and written small (a palette PNG) to docs/images/.
// Nothing is published: the edits shown are typed and left unpublished.
// Usage: EDITOR_EMAIL=… EDITOR_PASSWORD=… npx tsx scripts/editor-screenshots.mjs http://127.0.0.1:3000
// (tsx: the editor's words are read from config/admin.ts)
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import admin from '../config/admin.ts';
import { readCommandLine } from './lib/commandLine.mjs';

const [base = 'http://127.0.0.1:3000'] = readCommandLine(process.argv.slice(2), { command: 'npx tsx scripts/editor-screenshots.mjs', words: [0, 1], wordsHint: ' [<site address>]' }).words;
const { EDITOR_EMAIL: email, EDITOR_PASSWORD: password } = process.env;
if (!email || !password) {
  console.error('Set EDITOR_EMAIL and EDITOR_PASSWORD to an account of that server (npm run leads -- add-admin … --role editor).');
  process.exit(1);
}
const out = 'docs/images';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });

/** Saves the window (or one element) as a small palette PNG. */
async function shot(name, target = page) {
  const png = await target.screenshot({ animations: 'disabled' });
  await sharp(png).png({ palette: true, colours: 64, compressionLevel: 9 }).toFile(`${out}/${name}.png`);
  console.log(`${out}/${name}.png`);
}
const settled = () => page.waitForFunction(() => !document.querySelector('[role=progressbar]'), null, { timeout: 60_000 });
const edit = async (query) => {
  await page.goto(`${base}/admin/content/edit?${new URLSearchParams(query)}`);
  await settled();
  await page.frameLocator('iframe').locator('main').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1500);
};

await page.goto(`${base}/admin`);
await shot('editor-sign-in');
await page.locator('input[type=email], input[autocomplete=username]').first().fill(email);
await page.locator('input[type=password]').first().fill(password);
await page.keyboard.press('Enter');
await page.waitForURL(/\/admin\/content/, { timeout: 30_000 });
await settled();
await shot('editor-list');

// A page: the outline of its sections, the preview at a desktop's width; then its first section
// opened on its own, and its headline typed empty.
await edit({ file: 'config/pages/home.ts' });
await shot('editor-page');
await edit({ file: 'config/pages/home.ts', section: '0' });
const heading = page.locator('input[id$="-heading"]').first();
await heading.fill('');
await page.waitForTimeout(500);
await shot('editor-problem');
await heading.press('Control+z');

// The preview at a phone's width.
const preview = page.getByRole('region', { name: admin.content.preview });
await preview.getByRole('button', { name: admin.content.phone, exact: true }).click();
await page.waitForTimeout(2000);
await shot('editor-preview-phone', preview);

// On a phone: the form and the preview are two tabs; the preview opens on the section being edited.
await page.setViewportSize({ width: 375, height: 740 });
await page.goto(`${base}/admin/content/edit?${new URLSearchParams({ file: 'config/pages/home.ts', section: '0' })}`);
await settled();
await page.waitForTimeout(1000);
await shot('editor-phone-edit');
await page.getByRole('tab', { name: admin.content.preview, exact: true }).click();
await page.frameLocator('iframe').locator('main').waitFor({ timeout: 30_000 });
await page.waitForTimeout(1500);
await shot('editor-phone-preview');
await page.setViewportSize({ width: 1280, height: 800 });

// A picture: the first picture field of the about page's team (its section opened on its own).
const about = (await import('../config/pages/about.ts')).default;
await edit({ file: 'config/pages/about.ts', section: String(Math.max(0, about.sections.findIndex((s) => s.type === 'team'))) });
const picture = page.locator('fieldset:has(input[type=file]):not(:has(fieldset input[type=file]))').first();
await picture.scrollIntoViewIfNeeded();
await shot('editor-picture', picture);

// A form: its visitor-facing texts (the keys a developer changes are not shown).
await edit({ file: 'config/forms/contact.ts' });
await shot('editor-form');

// The header and menu, a part of every page.
await edit({ file: 'config/site.ts', at: 'navigation' });
await shot('editor-menu');

// An article: its text in the writing box, the preview beside it; then on a phone.
await page.goto(`${base}/admin/content`);
await settled();
await page.getByRole('region', { name: admin.content.articles.heading }).getByRole('link').first().click();
await page.frameLocator('iframe').locator('main').waitFor({ timeout: 30_000 });
await page.getByRole('toolbar', { name: admin.content.articles.toolbar }).scrollIntoViewIfNeeded();
await page.waitForTimeout(1500);
await shot('editor-article');
await page.setViewportSize({ width: 375, height: 740 });
await page.getByRole('toolbar', { name: admin.content.articles.toolbar }).scrollIntoViewIfNeeded();
await page.waitForTimeout(1000);
await shot('editor-article-phone');
await page.setViewportSize({ width: 1280, height: 800 });

// The revisions: the newest publish's changes before and after, then the preview of undoing it (cancelled: nothing is published).
const history = admin.content.history;
const revisions = async () => {
  await page.goto(`${base}/admin/content/revisions`);
  await settled();
  await page.waitForTimeout(500);
};
await revisions();
const newest = page.locator('main ol > li').filter({ has: page.getByRole('button', { name: history.undo, exact: true }) }).first();
if ((await newest.count()) > 0) {
  await newest.getByRole('button', { name: history.showChanges }).click();
  await newest.locator('dl').waitFor({ timeout: 30_000 });
}
await shot('editor-revisions');
for (const [width, name] of [[1280, 'editor-undo'], [375, 'editor-undo-phone']]) {
  if ((await newest.count()) === 0) break;
  await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
  await revisions();
  await newest.getByRole('button', { name: history.undo, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: history.undoTitle });
  await dialog.getByRole('button', { name: history.cancel }).or(dialog.getByRole('button', { name: history.close })).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500);
  await shot(name);
  await dialog.getByRole('button', { name: history.cancel }).or(dialog.getByRole('button', { name: history.close })).click();
}
await browser.close();
