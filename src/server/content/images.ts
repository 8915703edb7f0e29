/**
 * Pictures uploaded in the content editor: a file attack like any other. The type is told by
 * the bytes (sharp decodes them; what it cannot decode as a JPEG, PNG, WebP, GIF or AVIF picture
 * is refused, whatever the request says), the size is limited before and while decoding, and
 * the bytes sent are never served: the picture is decoded, turned upright, stripped of its
 * metadata, resized to twice the size the page draws it (for high-density screens, never
 * larger than the original) and encoded anew as WebP, named by a hash of the result, under
 * public/images/uploads/.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import type { ContentImage } from '../../shared/contentApi';

export const UPLOADS_PATH = '/images/uploads/';
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export type ImageResult = { ok: true; image: ContentImage } | { ok: false; reason: 'notAnImage' | 'tooLarge' };

export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

/** Where an uploaded picture is kept, from the site's folder (its address on the site is the part after public). */
const uploadFile = (name: string) => `public${UPLOADS_PATH}${name}`;

/** An uploaded picture's address, as storeImage names it. */
const UPLOADED = new RegExp(`${UPLOADS_PATH.replace(/[/.]/g, '\\$&')}([0-9a-f]{20}\\.webp)`, 'g');

/**
 * The uploaded pictures the content names (as paths in the site's folder:
 * public/images/uploads/<name>), those that are there. A publish commits these with the
 * edit; pictures uploaded and then not used stay out of the site's history.
 */
export function uploadsNamedIn(siteDir: string, content: unknown): string[] {
  const names = new Set([...JSON.stringify(content).matchAll(UPLOADED)].map((m) => m[1]!));
  return [...names]
    .map(uploadFile)
    .filter((file) => existsSync(path.join(siteDir, file)))
    .sort();
}

/** Re-encodes the picture at the drawn size (CSS pixels) and stores it in <siteDir>/public/images/uploads/. */
export async function storeImage(siteDir: string, bytes: Buffer, drawn: { width: number; height: number }, limits: ImageLimits): Promise<ImageResult> {
  if (bytes.length > limits.maxBytes) return { ok: false, reason: 'tooLarge' };
  let format: string | undefined;
  try {
    // Only the header is read here: a picture declaring more pixels than allowed is refused before decoding.
    format = (await sharp(bytes, { limitInputPixels: limits.maxPixels }).metadata()).format;
  } catch {
    return { ok: false, reason: 'notAnImage' };
  }
  if (!format || !FORMATS.has(format)) return { ok: false, reason: 'notAnImage' };
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'error', animated: false })
      .rotate()
      .resize({ width: Math.round(drawn.width * 2), height: Math.round(drawn.height * 2), fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { ok: false, reason: 'notAnImage' };
  }
  const name = `${createHash('sha256').update(output.data).digest('hex').slice(0, 20)}.webp`;
  const file = path.join(siteDir, uploadFile(name));
  mkdirSync(path.dirname(file), { recursive: true });
  // Written whole under a temporary name, then renamed: never a half-written picture.
  const temporary = path.join(path.dirname(file), `.${name}.${process.pid}.tmp`);
  writeFileSync(temporary, output.data);
  renameSync(temporary, file);
  return { ok: true, image: { src: `${UPLOADS_PATH}${name}`, width: output.info.width, height: output.info.height } };
}
