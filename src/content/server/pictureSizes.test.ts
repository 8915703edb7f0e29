/**
 * The sizes of an uploaded picture, made from a real JPEG (a photo-like picture:
 * src/test/photo.ts) as the content editor's upload stores it: the upload answered first, then, in the
 * background, every width of PICTURE_WIDTHS narrower than the upload and its own, in AVIF and
 * WebP, each file really that wide and in that format, never wider than the picture sent; a
 * picture uploaded before pictures had sizes (its one WebP) gets them at start (`fill`) or when
 * a publish needs them (`ready`); the uploads' quota counts pictures, not their sizes.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import server from '../../../config/server';
import { photoJpeg } from '../../test/photo';
import { UPLOADS_PATH } from '../../platform/uploads';
import { PICTURE_WIDTHS, sizeOf, type SizeFormat } from '../../site/model/pictureSizes';
import { pictureSizes, storeImage, uploadsUsage } from './images';

jest.setTimeout(120_000);

const limits = { maxBytes: server.admin.imageMaxBytes, maxPixels: server.admin.imageMaxPixels };
/** The article's cover is drawn 960 × 540 (src/site/model/articleSchema.ts): kept up to twice that. */
const COVER = { width: 960, height: 540 };

let dir: string;
let siteDir: string;
let uploadsDir: string;
/** The files beside an upload: its sizes, by format, each with its real width, height and format. */
async function sizesOf(upload: string) {
  const found: Record<SizeFormat, { width: number; named: number; height: number; format: string | undefined }[]> = { avif: [], webp: [] };
  for (const name of readdirSync(uploadsDir).sort()) {
    const size = sizeOf(name);
    if (size?.upload !== upload) continue;
    const meta = await sharp(path.join(uploadsDir, name)).metadata();
    found[size.format].push({ named: size.width, width: meta.width!, height: meta.height!, format: meta.format === 'heif' ? meta.compression : meta.format });
  }
  for (const list of Object.values(found)) list.sort((a, b) => a.named - b.named);
  return found;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'picture-sizes-'));
  siteDir = path.join(dir, 'site');
  uploadsDir = path.join(siteDir, 'public', UPLOADS_PATH);
  mkdirSync(uploadsDir, { recursive: true });
});
afterAll(async () => {
  await pictureSizes.idle();
  rmSync(dir, { recursive: true, force: true });
});

it('a 2400 × 1350 JPEG: the upload answered at once, then every width up to its own in AVIF and WebP, each that wide', async () => {
  const stored = await storeImage(siteDir, await photoJpeg(2400, 1350), COVER, limits);
  if (!stored.ok) throw new Error(stored.reason);
  const upload = stored.image.src.slice(UPLOADS_PATH.length);
  // Answered before its sizes are made: none is there yet.
  expect(await sizesOf(upload)).toEqual({ avif: [], webp: [] });
  expect(stored.image).toMatchObject({ width: 1920, height: 1080 });

  await pictureSizes.idle();
  const sizes = await sizesOf(upload);
  const heightOf = (width: number) => Math.round((width * 1080) / 1920);
  expect(sizes.avif).toEqual(PICTURE_WIDTHS.map((width) => ({ named: width, width, height: heightOf(width), format: 'av1' })));
  // The WebP at 1920 is the upload itself.
  expect(sizes.webp).toEqual(PICTURE_WIDTHS.filter((w) => w < 1920).map((width) => ({ named: width, width, height: heightOf(width), format: 'webp' })));
  // Smaller as they are narrower; the one a 375 px phone needs (960 wide at 3 dots a pixel) well under 60 kB.
  const bytes = (name: string) => readFileSync(path.join(uploadsDir, name)).length;
  const avif = PICTURE_WIDTHS.map((w) => bytes(upload.replace('.webp', `-${w}.avif`)));
  expect(avif).toEqual([...avif].sort((a, b) => a - b));
  expect(avif[PICTURE_WIDTHS.indexOf(960)]).toBeLessThan(60_000);
  // A picture with its sizes counts as one picture; its bytes with theirs.
  expect(uploadsUsage(siteDir).pictures).toBe(1);
});

it('never wider than the picture sent: a 700 × 394 JPEG is kept at 320, 480, 640 and 700', async () => {
  const stored = await storeImage(siteDir, await photoJpeg(700, 394), COVER, limits);
  if (!stored.ok) throw new Error(stored.reason);
  expect(stored.image).toMatchObject({ width: 700, height: 394 });
  await pictureSizes.idle();
  const sizes = await sizesOf(stored.image.src.slice(UPLOADS_PATH.length));
  expect(sizes.avif.map((s) => s.width)).toEqual([320, 480, 640, 700]);
  expect(sizes.webp.map((s) => s.width)).toEqual([320, 480, 640]);
  expect(Math.max(...[...sizes.avif, ...sizes.webp].map((s) => s.width))).toBeLessThanOrEqual(700);
});

it('a picture uploaded before sizes were (its one WebP) gets them at start, or as soon as a publish needs them', async () => {
  // Two uploads as they were stored before: the WebP alone.
  const photo = await photoJpeg(1000, 600);
  const older = async (colour: number) => {
    const bytes = await sharp(photo).modulate({ hue: colour }).webp({ quality: 80 }).toBuffer();
    const name = `${String(colour).padStart(20, '0')}.webp`;
    await sharp(bytes).toFile(path.join(uploadsDir, name));
    return name;
  };
  const [atStart, atPublish] = [await older(90), await older(180)];
  const made = (name: string) =>
    readdirSync(uploadsDir)
      .filter((n) => sizeOf(n)?.upload === name)
      .sort();
  const expected = (name: string) =>
    [...PICTURE_WIDTHS.filter((w) => w < 1000), 1000]
      .flatMap((w) => [`${name.replace('.webp', '')}-${w}.avif`, ...(w < 1000 ? [`${name.replace('.webp', '')}-${w}.webp`] : [])])
      .sort();
  expect([made(atStart), made(atPublish)]).toEqual([[], []]);

  // A publish waits for those its content names (first in the queue).
  await pictureSizes.ready(uploadsDir, [atPublish, 'not-there.webp']);
  expect(made(atPublish)).toEqual(expected(atPublish));

  pictureSizes.fill(uploadsDir);
  await pictureSizes.idle();
  expect(made(atStart)).toEqual(expected(atStart));
  // Made once: asked again, nothing is made anew.
  const before = readdirSync(uploadsDir).map((n) => `${n}:${readFileSync(path.join(uploadsDir, n)).length}`);
  pictureSizes.fill(uploadsDir);
  await pictureSizes.idle();
  expect(readdirSync(uploadsDir).map((n) => `${n}:${readFileSync(path.join(uploadsDir, n)).length}`)).toEqual(before);
  expect(existsSync(path.join(uploadsDir, 'not-there.webp'))).toBe(false);
});

it('a picture no longer there gets none, said to no one, and the queue goes on', async () => {
  const warned = jest.spyOn(console, 'warn');
  await pictureSizes.make(path.join(uploadsDir, `${'f'.repeat(20)}.webp`));
  expect(readdirSync(uploadsDir).filter((n) => n.startsWith('f'.repeat(20)))).toEqual([]);
  expect(warned).not.toHaveBeenCalled();
});
