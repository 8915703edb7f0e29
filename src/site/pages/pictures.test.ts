/**
 * Pictures as the server renderer draws them (src/site/entry-server.tsx, what every page file is
 * prerendered with), with the sizes the render found beside each upload (src/render/render.ts
 * picturesIn, over a folder holding the names the server gives them): an uploaded picture is a
 * <picture> offering its AVIF sizes, then its WebP sizes, each with the `sizes` of the place
 * drawing it (src/site/ui/picturePlaces.ts), its width and height; the page's main picture (an
 * article's cover, the first picture of the first sections) is fetched first and at once, those
 * further down lazily; a picture of public/images (SVG), or an upload without sizes, is its one file.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import type { ImageConfig } from '../../schema/common';
import { renderPage } from '../entry-server';
import { picturesIn } from '../../render/render';
import { articlePages } from '../model/articles';
import { UPLOADS_PATH } from '../../platform/uploads';
import { PICTURE_WIDTHS, sizeNamesOf, widthsOf, type PictureSets } from '../model/pictureSizes';
import type { SiteContent } from '../model/siteContent';
import { siteRoutes } from '../model/routing';
import { loadRealContent } from '../../test/realConfig';
import { picturePlaces } from '../ui/picturePlaces';

Object.assign(globalThis, { __DATA_ADAPTER__: 'local' });

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** An upload as the editor stores it: its address and size. */
const upload = (hash: string, width: number, height: number, alt: string): ImageConfig => ({
  src: `${UPLOADS_PATH}${hash.padEnd(20, hash)}.webp`,
  alt,
  width,
  height,
});
const cover = upload('c', 1920, 1080, 'The cover');
const inText = upload('d', 1280, 640, 'In the text');
const hero = upload('e', 1200, 900, 'The hero');
const second = upload('f', 1200, 800, 'The second section');
const further = upload('a', 1200, 800, 'Further down');
const noSizes = upload('b', 1000, 500, 'Uploaded before sizes were');

let content: SiteContent;
let pictures: PictureSets;
let dir: string;

beforeAll(async () => {
  const real = await loadRealContent();
  const clone = JSON.parse(JSON.stringify(real)) as Json;
  // The first article's cover and a picture in its text, the home page's hero and a text-and-picture section far down: uploads.
  const first = clone.articles.findIndex((a: Json) => a.id === articlePages(real)[0]!.article.id);
  clone.articles[first].cover = cover;
  clone.articles[first].body.push({ type: 'picture', image: inText }, { type: 'picture', image: noSizes });
  const home = clone.pages.home as Json;
  // The home page opens with a hero beside a form (its picture is not shown on phones), then a text-and-picture section.
  expect([home.sections[0].type, Boolean(home.sections[0].form), home.sections[1].type]).toEqual(['hero', true, 'split']);
  home.sections[0].image = hero;
  home.sections[1].image = second;
  const far = (home.sections as Json[]).findIndex((s, i) => i >= 2 && s.type === 'split');
  expect(far).toBeGreaterThan(1);
  home.sections[far].image = further;
  content = clone as SiteContent;

  // The folder of uploads a release has: each upload with the sizes the server makes (inText: only some of them).
  dir = mkdtempSync(path.join(os.tmpdir(), 'pictures-'));
  const uploads = path.join(dir, ...UPLOADS_PATH.split('/').filter(Boolean));
  mkdirSync(uploads, { recursive: true });
  for (const image of [cover, hero, second, further, noSizes, inText]) writeFileSync(path.join(dir, image.src), '');
  for (const image of [cover, hero, second, further])
    for (const { name } of sizeNamesOf(path.basename(image.src), image.width)) writeFileSync(path.join(uploads, name), '');
  for (const { name } of sizeNamesOf(path.basename(inText.src), inText.width).filter((s) => s.format === 'webp' && s.width <= 640))
    writeFileSync(path.join(uploads, name), '');
  // A size of an upload the content does not name is not offered.
  writeFileSync(path.join(uploads, `${'9'.repeat(20)}-320.avif`), '');
  pictures = picturesIn(dir, content);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function draw(address: string, drawn: SiteContent = content) {
  const page = await renderPage(address, drawn, { pictures });
  return new JSDOM(`<!doctype html><html lang="en"><head>${page.head}</head><body><div id="root">${page.body}</div></body></html>`).window.document;
}

/** What the browser is offered for the picture whose text is `alt`. */
function offered(document: Document, alt: string) {
  const img = document.querySelector(`img[alt="${alt}"]`)!;
  expect(img).not.toBeNull();
  const picture = img.parentElement?.tagName === 'PICTURE' ? img.parentElement : undefined;
  const sources = [...(picture?.querySelectorAll('source') ?? [])].map((s) => ({
    type: s.getAttribute('type'),
    srcset: s.getAttribute('srcset'),
    sizes: s.getAttribute('sizes'),
  }));
  const attribute = (name: string) => img.getAttribute(name);
  return {
    sources,
    img: {
      src: attribute('src'),
      srcset: attribute('srcset'),
      sizes: attribute('sizes'),
      width: attribute('width'),
      height: attribute('height'),
      loading: attribute('loading'),
      fetchpriority: attribute('fetchpriority'),
    },
  };
}

const breakpoints = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 };
const at = (image: ImageConfig, format: 'avif' | 'webp', widths: readonly number[]) =>
  widths.map((w) => (format === 'webp' && w === image.width ? `${image.src} ${w}w` : `${image.src.replace('.webp', `-${w}.${format}`)} ${w}w`)).join(', ');

test("an article's cover: AVIF then WebP at every width up to its own, the article's sizes, its width and height, fetched first", async () => {
  expect(content.site.constants.breakpoints).toMatchObject(breakpoints);
  const { path: address } = articlePages(content)[0]!;
  const document = await draw(address);
  const sizes = picturePlaces.article(content.site.constants.breakpoints);
  expect(offered(document, cover.alt)).toEqual({
    sources: [{ type: 'image/avif', srcset: at(cover, 'avif', PICTURE_WIDTHS), sizes }],
    img: { src: cover.src, srcset: at(cover, 'webp', PICTURE_WIDTHS), sizes, width: '1920', height: '1080', loading: 'eager', fetchpriority: 'high' },
  });
  // A picture in its text: lazy, with the sizes there are (here WebP at 320, 480 and 640 only), and the upload at its own width.
  expect(offered(document, inText.alt)).toEqual({
    sources: [],
    img: { src: inText.src, srcset: at(inText, 'webp', [320, 480, 640, 1280]), sizes, width: '1280', height: '640', loading: 'lazy', fetchpriority: null },
  });
  // An upload with no sizes (yet): its one file, as before.
  expect(offered(document, noSizes.alt)).toEqual({
    sources: [],
    img: { src: noSizes.src, srcset: null, sizes: null, width: '1000', height: '500', loading: 'lazy', fetchpriority: null },
  });
  expect(document.querySelectorAll('[fetchpriority]').length).toBe(1);
});

test("a page's first picture shown on every screen is its main one, fetched first; one further down is lazy; each with its place's sizes", async () => {
  const document = await draw('/');
  const bp = content.site.constants.breakpoints;
  // Beside the form, the hero's picture is lazy: a phone, which does not show it, never fetches it.
  expect(offered(document, hero.alt)).toEqual({
    sources: [{ type: 'image/avif', srcset: at(hero, 'avif', widthsOf(1200)), sizes: picturePlaces.heroBesideForm(bp) }],
    img: {
      src: hero.src,
      srcset: at(hero, 'webp', widthsOf(1200)),
      sizes: picturePlaces.heroBesideForm(bp),
      width: '1200',
      height: '900',
      loading: 'lazy',
      fetchpriority: null,
    },
  });
  expect(offered(document, second.alt)).toMatchObject({
    sources: [{ type: 'image/avif', sizes: picturePlaces.split(bp) }],
    img: { sizes: picturePlaces.split(bp), width: '1200', height: '800', loading: 'eager', fetchpriority: 'high' },
  });
  expect(offered(document, further.alt)).toMatchObject({
    sources: [{ type: 'image/avif', sizes: picturePlaces.split(bp) }],
    img: { sizes: picturePlaces.split(bp), loading: 'lazy', fetchpriority: null },
  });
  expect(document.querySelectorAll('[fetchpriority]').length).toBe(1);
  // The pictures of public/images (SVG) stay as they are: one file, no srcset.
  const svgs = [...document.querySelectorAll('img[src$=".svg"]')];
  expect(svgs.length).toBeGreaterThan(0);
  expect(svgs.map((svg) => ({ srcset: svg.getAttribute('srcset'), inPicture: svg.parentElement?.tagName === 'PICTURE' }))).toEqual(
    svgs.map(() => ({ srcset: null, inPicture: false })),
  );
});

test("the list of articles: an article shown whole above the cards has the article's sizes and is the page's main picture, the cards below it lazy; without it, the first card's is", async () => {
  const bp = content.site.constants.breakpoints;
  const [pageId, page] = Object.entries(content.pages).find(([, p]) => p.sections.some((s) => s.type === 'articles'))!;
  const address = siteRoutes(content.routes).mainPathOf(pageId);
  const showing = (inFull: 'newest' | undefined): SiteContent => ({
    ...content,
    pages: { ...content.pages, [pageId]: { ...page, sections: page.sections.map((s) => (s.type === 'articles' ? { ...s, inFull } : s)) } },
  });
  // The newest article (whose cover is the upload) whole: its cover and the pictures in its text drawn as on its own page.
  const whole = await draw(address, showing('newest'));
  expect(offered(whole, cover.alt).img).toMatchObject({ sizes: picturePlaces.article(bp), loading: 'eager', fetchpriority: 'high' });
  expect(offered(whole, inText.alt).img).toMatchObject({ sizes: picturePlaces.article(bp), loading: 'lazy', fetchpriority: null });
  const cards = [...whole.querySelectorAll('li > article img')];
  expect(cards.length).toBeGreaterThan(0);
  expect(cards.map((img) => img.getAttribute('loading'))).toEqual(cards.map(() => 'lazy'));
  expect(whole.querySelectorAll('[fetchpriority]').length).toBe(1);
  // As a card, first in the list: the card's sizes, fetched first.
  const listed = await draw(address, showing(undefined));
  expect(offered(listed, cover.alt).img).toMatchObject({ sizes: picturePlaces.articleCard(bp), loading: 'eager', fetchpriority: 'high' });
  expect(listed.querySelectorAll('[fetchpriority]').length).toBe(1);
});

test('the sizes of a picture: phones first (the window less the margins), the column of the layout on wider screens', () => {
  const bp = content.site.constants.breakpoints;
  // On a 375 px phone the article's cover is the window less 16 px either side; from 880 px it is 832 px wide.
  expect(picturePlaces.article(bp)).toBe('(min-width: 880px) 832px, (min-width: 576px) calc(100vw - 48px), calc(100vw - 32px)');
  // Three cards in a row from lg: each a third of the Container's inner 1152 px less the gaps.
  expect(picturePlaces.card(3)(bp)).toBe(
    '(min-width: 1200px) 363px, (min-width: 992px) calc((100vw - 112px) / 3), (min-width: 768px) calc((100vw - 80px) / 2), (min-width: 576px) calc(100vw - 48px), calc(100vw - 32px)',
  );
});
