/**
 * An article written in the browser and read by a visitor: on the built server behind a real
 * Caddy (the repository's deploy/Caddyfile) whose SITE_DIR is a git work tree copy of this site,
 * an editor account adds an article (its address made from its title), uploads a cover with its
 * description, writes its body in the rich-text box (a heading, a bulleted list, bold words, a
 * link and a picture) and publishes. A visitor's browser then opens /Blog/<address>: the page shows it, its head
 * has the canonical address, Open Graph and Twitter tags, a 1200×630 picture made from the cover
 * and JSON-LD BlogPosting, the picture in its text; a phone (375 px, 3 dots a pixel) fetches the
 * 2400 × 1350 cover once, as AVIF, at most 60 kB (the network log), and the cover's `sizes` is the
 * width it is drawn at, on the phone and at 1280 px; the Blog lists it first; sitemap.xml and the feed list it; axe finds
 * nothing. The commit holds the new file, blocks not HTML. Screenshots of the article's page and
 * of the editor at 1280 and 375 px in test-results/articles/. Then another article is published,
 * its address changed in the editor (the old address answers 301 to the new one, through Caddy;
 * the sitemap and the feed list the new one) and removed (410, gone from the sitemap, the feed and
 * the Blog). Every text is read from config/.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import admin from '../config/admin';
import site from '../config/site';
import blog from '../config/pages/blog';
import { addressFromTitle } from '../src/site/model/articleSchema';
import { articleFileOf } from '../src/content/editor/editedFiles';
import { fieldId } from '../src/content/editor/schemaValues';
import { feedPathOf } from '../src/site/model/articles';
import { PICTURE_WIDTHS } from '../src/site/model/pictureSizes';
import { gitIn } from '../src/test/contentSite';
import { photoJpeg } from '../src/test/photo';
import { signInByRequest, type Account } from './helpers/admin';
import { needsCaddy } from './helpers/caddy';
import { devices, type Locator, type Page, type Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueSuffix } from './helpers/forms';
import { publishButton } from './helpers/content';
import { screenshots } from './helpers/shots';
import { EDITOR_SCREEN, expectNoAxeFindings } from './helpers/axe';

needsCaddy();

const t = admin.content;
const a = admin.content.articles;
const blogList = blog.sections.find((s) => s.type === 'articles');
if (!blogList || blogList.type !== 'articles') throw new Error('config/pages/blog.ts has no list of articles');
let account: Account;
let origin: string;
let siteDir: string;

// The editor's site shared by the editor's journeys (e2e/helpers/editorSite.ts).
test.beforeAll(async ({ editorSite }) => {
  ({ origin, siteDir } = editorSite);
  account = await editorSite.newAccount('editor');
});

const shot = screenshots('articles');

/** A formatting action of the article's box: in the toolbar's one row, or under its More menu (where the row is too narrow for it). */
async function format(page: Page, name: string) {
  const toolbar = page.getByRole('toolbar', { name: a.toolbar });
  const button = toolbar.getByRole('button', { name, exact: true });
  if ((await button.count()) > 0) return button.click();
  await toolbar.getByRole('button', { name: a.more, exact: true }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

/** How wide a picture is drawn, and how wide its `sizes` says it is at this window's width (the first entry whose condition holds), in CSS pixels. */
function drawnAndSaid(img: Locator): Promise<{ drawn: number; said: number }> {
  return img.evaluate((element: HTMLImageElement) => {
    const entries = element.sizes.split(',').map((entry) => /^(\([^)]*\))?\s*(.+)$/.exec(entry.trim())!);
    const [, , length] = entries.find(([, condition]) => !condition || matchMedia(condition).matches)!;
    const probe = document.createElement('div');
    probe.style.width = length!;
    document.body.append(probe);
    const said = probe.getBoundingClientRect().width;
    probe.remove();
    return { drawn: Math.round(element.getBoundingClientRect().width), said: Math.round(said) };
  });
}

/** The editor's first screen, signed in by the sign-in's own requests (the form is not what these tests are about). */
async function openEditor(page: Page): Promise<void> {
  await signInByRequest(page, account, origin);
  await page.goto(`${origin}/admin`);
  await expect(page.getByRole('heading', { name: t.heading, exact: true, level: 1 })).toBeVisible();
}

// A publish builds the site's pages on a shared 2-core machine.
test.setTimeout(420_000);

test('an editor writes an article with a cover, a heading, a list, a link and bold text; a visitor finds it everywhere', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const s = uniqueSuffix();
  const title = `Plan your shop online ${s}`;
  const address = addressFromTitle(title);
  const file = articleFileOf(address);
  const input = (at: Array<string | number>) => page.locator(`#${fieldId(file, at)}`);
  const written = {
    summary: `What to decide before you open an online shop ${s}.`,
    author: `Ada Lovelace ${s}`,
    alt: `A phone showing a shop's first page ${s}`,
    heading: `Start with the basics ${s}`,
    lead: 'Decide ',
    bold: `three things ${s}`,
    items: [`What you sell ${s}`, `Who buys it ${s}`],
    linkText: `talk to us ${s}`,
    pictureAlt: `A shop's counter with a card reader ${s}`,
  };
  // The pictures uploaded, in the test's own folder (never in the shared site's work tree).
  // The cover: a photo-like 2400 × 1350 JPEG (the same each run).
  const cover = test.info().outputPath('cover-upload.jpg');
  writeFileSync(cover, await photoJpeg(2400, 1350));
  const inText = test.info().outputPath('picture-upload.jpg');
  writeFileSync(
    inText,
    await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#aa5522' } })
      .jpeg()
      .toBuffer(),
  );

  await test.step('the editor adds an article: the title asked, the address made from it', async () => {
    await openEditor(page);
    await page.getByRole('button', { name: a.add, exact: true }).click();
    await page.getByLabel(a.newTitle).fill(title);
    await page.getByRole('button', { name: a.create, exact: true }).click();
    await expect(input(['title'])).toHaveValue(title);
    await expect(input(['address'])).toHaveValue(address);
  });

  await test.step('its summary, author, cover with its description, and a body written in the rich-text box', async () => {
    await input(['summary']).fill(written.summary);
    await input(['author']).fill(written.author);
    await page.locator(`#${fieldId(file, ['cover'])}-file`).setInputFiles(cover);
    await expect(page.getByText(t.uploaded)).toBeVisible({ timeout: 30_000 });
    await input(['cover', 'alt']).fill(written.alt);

    const box = page.locator(`#${fieldId(file, ['body'])}`);
    await box.click();
    const toolbar = page.getByRole('toolbar', { name: a.toolbar });
    await format(page, a.headingBlock);
    await page.keyboard.type(written.heading);
    await page.keyboard.press('Enter');
    await format(page, a.paragraph);
    await page.keyboard.type(written.lead);
    await toolbar.getByRole('button', { name: a.bold, exact: true }).click();
    await page.keyboard.type(written.bold);
    await toolbar.getByRole('button', { name: a.bold, exact: true }).click();
    await page.keyboard.type(':');
    await page.keyboard.press('Enter');
    await format(page, a.bulleted);
    await page.keyboard.type(written.items[0]!);
    await page.keyboard.press('Enter');
    await page.keyboard.type(written.items[1]!);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Then ');
    await page.keyboard.type(written.linkText);
    for (let i = 0; i < written.linkText.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await format(page, a.link);
    await page.getByLabel(a.linkAddress).fill('/Contact');
    await page.getByRole('button', { name: a.linkApply, exact: true }).click();
    await expect(box.locator('a', { hasText: written.linkText })).toBeVisible();
    // A picture of its own in the text, with what it shows (once the box has the focus back, the cursor at the end).
    await expect(box).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await format(page, a.picture);
    await page.locator('label', { hasText: a.pictureFile }).locator('input[type="file"]').setInputFiles(inText);
    await page.getByLabel(a.pictureAlt).fill(written.pictureAlt);
    await page.getByRole('button', { name: a.pictureInsert, exact: true }).click();
    await expect(box.getByRole('img', { name: written.pictureAlt })).toBeVisible({ timeout: 30_000 });
    await expect(box.locator('strong, .rt-bold', { hasText: written.bold })).toBeVisible();

    // The preview draws the article's page from what is written.
    const frame = page.frameLocator('iframe');
    await expect(frame.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 15_000 });
    await expect(frame.getByRole('heading', { level: 2, name: written.heading })).toBeVisible();
    await expectNoAxeFindings(page, "the article's editor", EDITOR_SCREEN);
    await shot(page, 'editor-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await box.scrollIntoViewIfNeeded();
    await shot(page, 'editor-375');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('published: the commit holds the article as blocks, never HTML', async () => {
    await publishButton(page, file).click();
    await expect(page.getByRole('status').filter({ hasText: t.published })).toBeVisible({ timeout: 360_000 });
    const source = readFileSync(path.join(siteDir, file), 'utf8');
    expect(source).toContain("type: 'heading'");
    expect(source).toContain("type: 'list'");
    expect(source).toContain('bold: true');
    expect(source).toContain("href: '/Contact'");
    expect(source).toContain("type: 'picture'");
    expect(source).not.toMatch(/<(strong|b|a|h2|ul|li|p)\b/);
    expect(gitIn(siteDir, 'show', '--name-status', '--format=', 'HEAD')).toContain(`A\t${file}`);
  });

  const path_ = `${site.articles.path}/${address}`;
  const visitor = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: origin });
  const reader = await visitor.newPage();
  await reader.setViewportSize({ width: 1280, height: 900 });

  await test.step('a visitor opens /Blog/<address>: the article, its head, its picture for link previews', async () => {
    const answer = await reader.goto(path_);
    expect(answer?.status()).toBe(200);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(title);
    const article = reader.getByRole('article', { name: title });
    await expect(article.getByRole('heading', { level: 2, name: written.heading })).toBeVisible();
    await expect(article.locator('strong', { hasText: written.bold })).toBeVisible();
    for (const item of written.items) await expect(article.getByRole('listitem').filter({ hasText: item })).toBeVisible();
    await expect(article.getByRole('link', { name: written.linkText })).toHaveAttribute('href', '/Contact');
    await expect(article.getByRole('img', { name: written.alt })).toBeVisible();
    // The picture in the text: resized to at most twice the column it is drawn in, its size in the page.
    const inPage = article.getByRole('img', { name: written.pictureAlt });
    await expect(inPage).toBeVisible();
    const [drawnWidth, drawnHeight] = [Number(await inPage.getAttribute('width')), Number(await inPage.getAttribute('height'))];
    expect(drawnWidth / drawnHeight).toBeCloseTo(2, 1);
    const stored = await sharp(await (await reader.request.get((await inPage.getAttribute('src'))!)).body()).metadata();
    expect([stored.width, stored.height]).toEqual([drawnWidth, drawnHeight]);
    expect(drawnWidth).toBeLessThan(2400);

    const url = `${site.brand.url}${path_}`;
    const head = reader.locator('head');
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
    await expect(head.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', url);
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(head.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute('href', `${site.brand.url}${feedPathOf(site)}`);
    const image = await head.locator('meta[property="og:image"]').getAttribute('content');
    expect(image?.startsWith(site.brand.url)).toBe(true);
    const picture = await reader.request.get(image!.slice(site.brand.url.length));
    expect(picture.status()).toBe(200);
    const { width, height } = await sharp(await picture.body()).metadata();
    expect([width, height]).toEqual([1200, 630]);

    const posting = (await reader.locator('script[type="application/ld+json"]').allTextContents())
      .map((json) => JSON.parse(json) as Record<string, unknown>)
      .find((d) => d['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      headline: title,
      description: written.summary,
      author: { name: written.author },
      mainEntityOfPage: { '@id': url },
      image: [image],
    });
    await expectNoAxeFindings(reader, 'the article at 1280 px');
    await shot(reader, 'article-1280', true);
    await reader.setViewportSize({ width: 375, height: 800 });
    await expectNoAxeFindings(reader, 'the article at 375 px');
    // Nothing scrolls sideways on a phone, long words included.
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(reader, 'article-375', true);
    await reader.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('a phone (375 px wide, 3 dots a pixel) fetches the cover once, as AVIF, at most 60 kB; its sizes say how wide the page draws it', async () => {
    const phone = await browser.newContext({ ...devices['iPhone 13 Mini'], ignoreHTTPSErrors: true, baseURL: origin });
    const page = await phone.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto(path_);
    const img = page.getByRole('article', { name: title }).getByRole('img', { name: written.alt });
    await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    // Every width up to the upload's (1920: twice the 960 px the cover is drawn at), in AVIF and WebP.
    const upload = (await img.getAttribute('src'))!;
    const [avif, webp] = [await page.locator('picture source[type="image/avif"]').first().getAttribute('srcset'), await img.getAttribute('srcset')];
    const widths = (srcset: string | null) => (srcset ?? '').split(', ').map((candidate) => Number(/ (\d+)w$/.exec(candidate)?.[1]));
    expect([widths(avif), widths(webp)]).toEqual([PICTURE_WIDTHS, PICTURE_WIDTHS]);
    expect([await img.getAttribute('width'), await img.getAttribute('height'), await img.getAttribute('fetchpriority')]).toEqual(['1920', '1080', 'high']);
    const ofCover = responses.filter((response) => new URL(response.url()).pathname.startsWith(upload.replace('.webp', '')));
    const fetched = await Promise.all(ofCover.map(async (response) => ({ type: response.headers()['content-type'], bytes: (await response.body()).length })));
    expect(fetched).toHaveLength(1);
    expect(fetched[0]!.type).toBe('image/avif');
    expect(fetched[0]!.bytes).toBeLessThanOrEqual(60_000);
    console.info(
      `The cover on a 375 px phone (3 dots a pixel): ${new URL(ofCover[0]!.url()).pathname}, ${fetched[0]!.bytes} bytes; the upload itself: ${(await (await page.request.get(upload)).body()).length} bytes`,
    );
    expect(await drawnAndSaid(img)).toEqual({ drawn: 343, said: 343 });
    await phone.close();
    // On a desktop screen too, its sizes are the width it is drawn at.
    expect(await drawnAndSaid(reader.getByRole('article', { name: title }).getByRole('img', { name: written.alt }))).toEqual({ drawn: 832, said: 832 });
  });

  await test.step('the Blog shows it first; sitemap.xml and the feed list it', async () => {
    await reader.goto(site.articles.path);
    // The newest: whole above the cards, or the first card (config/pages/blog.ts inFull).
    const first = reader.getByRole('main').getByRole('article').first();
    await expect(first.getByRole('heading', { level: blogList.inFull === 'newest' ? 2 : 3 }).first()).toHaveText(title);
    if (blogList.inFull === 'newest') {
      // Whole, its cover is the page's main picture, drawn as wide as on its own page and its sizes say so.
      const cover = first.getByRole('img', { name: written.alt });
      expect(await cover.getAttribute('fetchpriority')).toBe('high');
      expect(await drawnAndSaid(cover)).toEqual({ drawn: 832, said: 832 });
    }
    await expectNoAxeFindings(reader, 'the Blog');
    await shot(reader, 'blog-1280', true);
    const sitemap = await (await reader.request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${site.brand.url}${path_}</loc>`);
    const feed = await reader.request.get(feedPathOf(site));
    expect(feed.status()).toBe(200);
    const xml = await feed.text();
    expect(xml).toContain(`<id>${site.brand.url}${path_}</id>`);
    expect(xml).toContain(`<title>${title}</title>`);
  });
  await visitor.close();
});

test("an article's address changed in the editor leads from the old one (301); removed, it is gone (410) from everywhere", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const s = uniqueSuffix();
  const title = `Moving day ${s}`;
  const address = addressFromTitle(title);
  const renamed = `${address}-moved`;
  const file = articleFileOf(address);
  const input = (at: Array<string | number>) => page.locator(`#${fieldId(file, at)}`);
  const [before, after] = [`${site.articles.path}/${address}`, `${site.articles.path}/${renamed}`];
  /** What the site answers a visitor at an address (through Caddy), redirects not followed. */
  const answer = (at: string) => request.get(`${origin}${at}`, { maxRedirects: 0, ignoreHTTPSErrors: true });
  const listed = async (at: string) => {
    const [sitemap, feed, blog] = (await Promise.all(['/sitemap.xml', feedPathOf(site), site.articles.path].map(async (p) => (await answer(p)).text()))) as [
      string,
      string,
      string,
    ];
    return {
      sitemap: sitemap.includes(`<loc>${site.brand.url}${at}</loc>`),
      feed: feed.includes(`href="${site.brand.url}${at}"`),
      blog: blog.includes(`href="${at}"`),
    };
  };
  const publish = async () => {
    await publishButton(page, file).click();
    await expect(page.getByRole('status').filter({ hasText: t.published })).toBeVisible({ timeout: 360_000 });
  };
  const cover = test.info().outputPath('cover-upload.png');
  writeFileSync(
    cover,
    await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#227744' } })
      .png()
      .toBuffer(),
  );

  await test.step('an article is published', async () => {
    await openEditor(page);
    await page.getByRole('button', { name: a.add, exact: true }).click();
    await page.getByLabel(a.newTitle).fill(title);
    await page.getByRole('button', { name: a.create, exact: true }).click();
    await expect(input(['address'])).toHaveValue(address);
    await input(['summary']).fill(`Where an address goes when it changes ${s}.`);
    await input(['author']).fill(`Grace Hopper ${s}`);
    await page.locator(`#${fieldId(file, ['cover'])}-file`).setInputFiles(cover);
    // Not the cover's shape (1600 × 1000 for 16:9): framed as it will be cut, sent with its middle kept.
    await page.getByRole('button', { name: t.uploadCut, exact: true }).click();
    await expect(page.getByText(t.uploaded)).toBeVisible({ timeout: 30_000 });
    await input(['cover', 'alt']).fill(`Boxes by a door ${s}`);
    await page.locator(`#${fieldId(file, ['body'])}`).click();
    await page.keyboard.type(`Everything is packed ${s}.`);
    await publish();
    expect((await answer(before)).status()).toBe(200);
  });

  await test.step('its address changed in the editor and published: the old one answers 301 to the new one, which the sitemap and the feed list', async () => {
    await input(['address']).fill(renamed);
    await publish();
    const old = await answer(before);
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(after);
    const withQuery = await answer(`${before}?utm_source=news`);
    expect([withQuery.status(), withQuery.headers().location]).toEqual([301, `${after}?utm_source=news`]);
    expect((await answer(after)).status()).toBe(200);
    expect(await listed(after)).toEqual({ sitemap: true, feed: true, blog: true });
    expect(await listed(before)).toEqual({ sitemap: false, feed: false, blog: false });
    // Its feed entry keeps the id it had: a feed reader does not take it for a new article.
    expect(await (await answer(feedPathOf(site))).text()).toContain(`<id>${site.brand.url}${before}</id>`);
    expect(readFileSync(path.join(siteDir, 'config', 'moved.ts'), 'utf8')).toContain(`{ from: '${before}', to: '${after}' }`);
  });

  await test.step('removed in the editor and published: both addresses answer 410, and it is in no list', async () => {
    await page.getByRole('button', { name: a.remove, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: a.removeConfirm, exact: true }).click();
    await expect(page.getByText(a.removing)).toBeVisible();
    await publishButton(page, file).click();
    // The removal is live when the new address is gone.
    await expect.poll(async () => (await answer(after)).status(), { timeout: 360_000 }).toBe(410);
    for (const at of [after, before]) {
      const gone = await answer(at);
      expect(gone.status()).toBe(410);
      expect(await gone.text()).toContain('<meta name="robots" content="noindex"/>');
    }
    expect(await listed(after)).toEqual({ sitemap: false, feed: false, blog: false });
    expect(gitIn(siteDir, 'show', '--name-status', '--format=', 'HEAD')).toContain(`D\t${file}`);
  });
});
