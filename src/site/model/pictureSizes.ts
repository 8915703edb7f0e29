/**
 * The sizes an uploaded picture is kept at, so each screen downloads the one it needs. An upload
 * (public/images/uploads/<hash>.webp, what the content names: its largest) has beside it the
 * same picture at each of PICTURE_WIDTHS narrower than it, and at its own width, in AVIF and
 * WebP: `<hash>-<width>.avif` and `<hash>-<width>.webp` (the WebP at its own width is the upload
 * itself). Never wider than the upload, which is never wider than the picture sent.
 *
 * The server makes them (src/content/server/pictureSizes.ts: after an upload, in the background;
 * for older uploads at start; a publish waits for those its pages name), a release links them
 * with the upload (src/render/render.ts), the render lists those there are (picturesIn) and the
 * pages draw them as `srcset` (src/site/ui/Picture.tsx). A picture with no sizes (yet) is drawn as
 * before: its one file.
 */
import { UPLOAD_NAME, UPLOADS_PATH } from '../../platform/uploads';

/** The widths (pixels) a picture is kept at, when it is at least that wide. */
export const PICTURE_WIDTHS = [320, 480, 640, 720, 960, 1080, 1280, 1920] as const;

/** The widest an upload is kept: the largest of PICTURE_WIDTHS. */
export const MAX_PICTURE_WIDTH = PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1]!;

/** The formats of the sizes, the one browsers are offered first first. */
const SIZE_FORMATS = ['avif', 'webp'] as const;
export type SizeFormat = (typeof SIZE_FORMATS)[number];

/** A size's file name: the upload's hash, the width, the format. */
const SIZE_NAME = /^([0-9a-f]{20})-([1-9][0-9]{0,3})\.(avif|webp)$/;

/** The widths a picture `width` pixels wide is kept at: each of PICTURE_WIDTHS narrower than it, and its own. */
export function widthsOf(width: number): number[] {
  return [...PICTURE_WIDTHS.filter((w) => w < width), width];
}

/** The file name of an upload's size (the WebP at the upload's own width is the upload itself: not a size). */
function sizeName(upload: string, width: number, format: SizeFormat): string {
  return `${upload.slice(0, -'.webp'.length)}-${width}.${format}`;
}

/** The files an upload `width` pixels wide has beside it: each size but the upload itself. */
export function sizeNamesOf(upload: string, width: number): { name: string; width: number; format: SizeFormat }[] {
  return widthsOf(width).flatMap((w) =>
    SIZE_FORMATS.filter((format) => format !== 'webp' || w < width).map((format) => ({ name: sizeName(upload, w, format), width: w, format })),
  );
}

/** The upload a size belongs to (`<hash>.webp`), its width and format; undefined for any other name. */
export function sizeOf(name: string): { upload: string; width: number; format: SizeFormat } | undefined {
  const match = SIZE_NAME.exec(name);
  return match ? { upload: `${match[1]}.webp`, width: Number(match[2]), format: match[3] as SizeFormat } : undefined;
}

/** The widths of an upload there are files for, by format (ascending); the WebP at its own width is the upload itself, not listed. */
export interface PictureSet {
  avif: number[];
  webp: number[];
}

/** The sizes there are of each upload a render draws, by its address on the site (UPLOADS_PATH + name): given to the pages (src/site/ui/Picture.tsx). */
export type PictureSets = Readonly<Record<string, PictureSet>>;

/** The upload's name from its address on the site, or undefined for any other picture (an SVG of public/images, say). */
function uploadOf(src: string): string | undefined {
  const name = src.startsWith(UPLOADS_PATH) ? src.slice(UPLOADS_PATH.length) : '';
  return UPLOAD_NAME.test(name) ? name : undefined;
}

/** The sets of the sizes among `names` (the files of an uploads folder), for the uploads in `uploads` (names): those with at least one size. */
export function picturesAmong(names: Iterable<string>, uploads: ReadonlySet<string>): Record<string, PictureSet> {
  const sets: Record<string, PictureSet> = {};
  for (const name of names) {
    const size = sizeOf(name);
    if (!size || !uploads.has(size.upload)) continue;
    const set = (sets[`${UPLOADS_PATH}${size.upload}`] ??= { avif: [], webp: [] });
    set[size.format].push(size.width);
  }
  for (const set of Object.values(sets)) for (const format of SIZE_FORMATS) set[format].sort((a, b) => a - b);
  return sets;
}

/**
 * A `srcset` of one format of a picture: its sizes there are, with the upload itself (as WebP) at
 * its own width `width`. Empty when there is nothing to choose from.
 */
export function srcsetOf(src: string, set: PictureSet, format: SizeFormat, width: number): string {
  const upload = uploadOf(src);
  if (!upload) return '';
  const widths = set[format].filter((w) => w <= width);
  const candidates = widths.map((w) => `${UPLOADS_PATH}${sizeName(upload, w, format)} ${w}w`);
  if (format === 'webp' && !widths.includes(width)) candidates.push(`${src} ${width}w`);
  return candidates.length > 1 || format === 'avif' ? candidates.join(', ') : '';
}
