/**
 * Pictures uploaded in the content editor: a file attack like any other. The type is told by
 * the bytes (sharp decodes them; what it cannot decode as a JPEG, PNG, WebP, GIF or AVIF picture
 * is refused, whatever the request says), the size is limited before and while decoding (the
 * bytes, then the pixels its header declares, before anything is decoded), one picture is
 * decoded at a time (a few wait, more are refused at once), every upload together has a quota
 * (config/server.ts admin.uploads), and the bytes sent are never served: the picture is decoded, turned upright, stripped of its
 * metadata, cut to the shape the page draws it in (where it has one) around the point the office
 * chose (model/pictureCrop.ts), resized to twice the size the page draws it (for high-density
 * screens, never larger than the original nor wider than MAX_PICTURE_WIDTH) and encoded anew as WebP, named by
 * a hash of the result, under public/images/uploads/. Its narrower sizes, in AVIF and WebP, are
 * made after the answer, in the background (pictureSizes.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Metadata, OutputInfo, Sharp, SharpOptions } from 'sharp';
import server from '../../../config/server';
import { type ContentImage } from '../model/contentApi';
import { UPLOADS_PATH, uploadNamesIn } from '../../platform/uploads';
import { MAX_PICTURE_WIDTH, sizeOf } from '../../site/model/pictureSizes';
import { cropBox, type Focus } from '../model/pictureCrop';
import { fill } from '../../schema/text';
import { refusal } from '../../platform/server/refusals';
import { PictureSizes } from './pictureSizes';

export { UPLOADS_PATH };
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
const messages = server.admin.messages;

/** sharp (and libvips), loaded at the first picture: a server that is sent none never loads it. */
let loaded: Promise<(bytes: Buffer, options: SharpOptions) => Sharp> | undefined;
const sharp = async (bytes: Buffer, options: SharpOptions): Promise<Sharp> => {
  loaded ??= import('sharp').then(({ default: make }) => {
    // A picture decoded is not kept once re-encoded (sharp's cache would hold up to 50 MB of them).
    make.cache(false);
    // One thread for a picture (libvips' and the AVIF encoder's): the other core keeps answering
    // visitors and drawing pages while pictures are made, one at a time (imageQueue).
    make.concurrency(1);
    return make;
  });
  return (await loaded)(bytes, options);
};

export type ImageResult = { ok: true; image: ContentImage } | { ok: false; reason: 'notAnImage' | 'tooLarge' };

/** The CSS pixels a picture is drawn at: a box, or (no height) a width, the picture keeping its own shape. */
export interface DrawnSize {
  width: number;
  height?: number | undefined;
  /** With a height: the point kept in view when the picture is cut to that shape (the centre without it). */
  focus?: Focus | undefined;
}

export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
  /** Every uploaded picture together (public/images/uploads): default config/server.ts admin.uploads. */
  uploads?: { maxPictures: number; maxBytes: number };
}

/**
 * What sharp is asked to do, in two steps: the picture's header (format and size: nothing is
 * decoded), then the picture decoded and encoded anew. Tests watch `reencode` to see that a
 * picture refused by its header is never decoded.
 */
export const imageCodec = {
  header: async (bytes: Buffer): Promise<Metadata> => (await sharp(bytes, { limitInputPixels: false })).metadata(),
  reencode: async (bytes: Buffer, drawn: DrawnSize, maxPixels: number): Promise<{ data: Buffer; info: OutputInfo }> => {
    // Twice the drawn size, in its proportions (without a height: in the picture's own), at most MAX_PICTURE_WIDTH wide.
    const scale = Math.min(2, MAX_PICTURE_WIDTH / drawn.width);
    const width = Math.max(1, Math.round(drawn.width * scale));
    const image = (await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', animated: false })).rotate();
    if (drawn.height === undefined) return image.resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    // Cut to the drawn shape around the chosen point (as the editor showed it: pictureCrop.ts), upright, then made smaller
    // when larger than twice the drawn size: a picture smaller than that keeps its pixels, in the drawn shape.
    const upright = (await image.metadata()).autoOrient;
    const height = Math.max(1, Math.round(drawn.height * scale));
    return image
      .extract(cropBox(upright, drawn as { width: number; height: number }, drawn.focus))
      .resize({ width, height, fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
  },
};

/** The room a picture takes with its sizes, about, as a multiple of its upload's bytes (measured on photos: 4.6; rounded up). */
const ROOM_WITH_SIZES = 5;

/**
 * Pictures are decoded and encoded one at a time (each can take a hundred MB of memory), so the
 * server's memory is bounded however many are sent at once. An upload is admitted before its
 * bytes are read (src/apps/server/admin/routes.ts): one being re-encoded and `waiting` more, each
 * holding at most its bytes; past that, it is refused at once (429 with Retry-After).
 */
class ImageQueue {
  private admitted = 0;
  private busy = false;
  private readonly turns: (() => void)[] = [];
  /** Work that waits for every upload: the sizes made in the background (pictureSizes.ts). */
  private readonly later: (() => void)[] = [];
  private readonly watchers = new Set<(admitted: number) => void>();

  constructor(private readonly waiting: () => number) {}

  /** Uploads admitted and not answered yet (receiving, waiting or being re-encoded). */
  get load(): number {
    return this.admitted;
  }

  /** Admits an upload, or false when `waiting` wait already: the caller refuses it. Each admission is ended by `leave`, once. */
  admit(): boolean {
    if (this.admitted >= 1 + this.waiting()) return false;
    this.admitted++;
    this.changed();
    return true;
  }

  leave(): void {
    this.admitted = Math.max(0, this.admitted - 1);
    this.changed();
  }

  /**
   * Runs `work` when no other picture is being re-encoded; `background` work (a size of a picture
   * already stored) after every upload waiting, so an upload waits at most for one size being made.
   */
  async run<T>(work: () => Promise<T>, { background = false }: { background?: boolean } = {}): Promise<T> {
    if (this.busy) await new Promise<void>((resolve) => (background ? this.later : this.turns).push(resolve));
    this.busy = true;
    try {
      return await work();
    } finally {
      const next = this.turns.shift() ?? this.later.shift();
      if (next) next();
      else this.busy = false;
    }
  }

  /** Calls `watcher` with the number admitted whenever it changes (tests wait on it); returns the unwatch. */
  watch(watcher: (admitted: number) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  private changed() {
    for (const watcher of this.watchers) watcher(this.admitted);
  }
}

/** The server's one queue of pictures. */
export const imageQueue = new ImageQueue(() => server.admin.imageQueue.waiting);

/** The sizes of the uploaded pictures, made in that queue's background (pictureSizes.ts). */
export const pictureSizes = new PictureSizes(imageQueue, sharp);

/**
 * The upload address's first step (a Fastify onRequest hook, after the session and CSRF checks,
 * before the body is read): the upload is admitted to the queue until its answer is done, or
 * answered 429 with Retry-After and config's sentence at once.
 */
export async function admitUpload(_request: unknown, reply: FastifyReply): Promise<unknown> {
  if (!imageQueue.admit()) {
    const busy = queueFull();
    return reply
      .code(busy.status)
      .header('Retry-After', String(busy.retryAfterSeconds))
      .type('application/json; charset=utf-8')
      .send({ message: busy.message });
  }
  // The answer done, or the connection gone: the place is free again (once).
  reply.raw.once('close', () => imageQueue.leave());
  return undefined;
}

/** The refusal of an upload that found the queue full: config's sentence, and when to try again. */
function queueFull(): { status: 429; retryAfterSeconds: number; message: string } {
  const seconds = server.admin.imageQueue.retryAfterSeconds;
  return { status: 429, retryAfterSeconds: seconds, message: fill(messages.imageBusy, { seconds }) };
}

/**
 * The refusal of a picture over the bytes the editor takes (config/server.ts admin.imageMaxBytes):
 * config's sentence, naming the limit and how to make the picture smaller.
 */
export function imageTooLarge(maxBytes: number = server.admin.imageMaxBytes): { status: 413; message: string } {
  return { status: 413, message: fill(messages.imageTooLarge, { max: Math.floor(maxBytes / 1048576) }) };
}

/**
 * The upload address's error handler: a picture refused by the body's limit before its bytes are
 * read is answered in the upload's own words (imageTooLarge), not as a form's submission; any
 * other error goes on to the handlers around the address (the inbox's CSRF sentence, then
 * src/platform/server/refusals.ts).
 */
export async function uploadErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
  const { status, message } = imageTooLarge();
  return reply.code(status).type('application/json; charset=utf-8').send({ message });
}

/** Where an uploaded picture is kept, from the site's folder (its address on the site is the part after public). */
const uploadFile = (name: string) => `public${UPLOADS_PATH}${name}`;

/**
 * The uploaded pictures the content names, with their sizes (as paths in the site's folder:
 * public/images/uploads/<name>), those that are there. A publish commits these with the
 * edit; pictures uploaded and then not used stay out of the site's history.
 */
export function uploadsNamedIn(siteDir: string, content: unknown): string[] {
  const named = uploadNamesIn(content);
  let sizes: string[] = [];
  try {
    sizes = readdirSync(path.join(siteDir, uploadFile(''))).filter((name) => named.has(sizeOf(name)?.upload ?? ''));
  } catch {
    // No uploads folder: no sizes.
  }
  return [...named, ...sizes]
    .map(uploadFile)
    .filter((file) => existsSync(path.join(siteDir, file)))
    .sort();
}

/** The uploaded pictures there are now: how many (their sizes are not counted), and their bytes (with their sizes). */
export function uploadsUsage(siteDir: string): { pictures: number; bytes: number } {
  const dir = path.join(siteDir, uploadFile(''));
  let pictures = 0;
  let bytes = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return { pictures, bytes };
  }
  for (const name of names) {
    if (name.startsWith('.')) continue;
    try {
      bytes += statSync(path.join(dir, name)).size;
      if (!sizeOf(name)) pictures++;
    } catch {
      // Removed meanwhile.
    }
  }
  return { pictures, bytes };
}

/**
 * Re-encodes the picture at the drawn size (CSS pixels) and stores it in <siteDir>/public/images/uploads/.
 * The header is read first: a picture larger than maxPixels is refused (413, config's sentence)
 * before anything is decoded. Then, one picture at a time (imageQueue), the uploads' space is
 * checked (413, config's sentence, when a picture more would pass it), the picture re-encoded and
 * written. Refusals with their own sentence are thrown (src/platform/server/refusals.ts refusal): the
 * server answers them with their status and sentence.
 */
export async function storeImage(siteDir: string, bytes: Buffer, drawn: DrawnSize, limits: ImageLimits): Promise<ImageResult> {
  if (bytes.length > limits.maxBytes) return { ok: false, reason: 'tooLarge' };
  const quota = limits.uploads ?? server.admin.uploads;
  const full = () => refusal(413, fill(messages.uploadsFull, { pictures: quota.maxPictures, megabytes: Math.floor(quota.maxBytes / 1048576) }));
  const usage = uploadsUsage(siteDir);
  if (usage.pictures >= quota.maxPictures || usage.bytes >= quota.maxBytes) throw full();
  let header: Metadata;
  try {
    // Only the header is read here: nothing is decoded.
    header = await imageCodec.header(bytes);
  } catch {
    return { ok: false, reason: 'notAnImage' };
  }
  if (!header.format || !FORMATS.has(header.format) || !header.width || !header.height) return { ok: false, reason: 'notAnImage' };
  if (header.width * header.height > limits.maxPixels) {
    throw refusal(413, fill(messages.imageTooManyPixels, { width: header.width, height: header.height, max: Math.floor(limits.maxPixels / 1_000_000) }));
  }
  return imageQueue.run(async (): Promise<ImageResult> => {
    let output: { data: Buffer; info: OutputInfo };
    try {
      output = await imageCodec.reencode(bytes, drawn, limits.maxPixels);
    } catch {
      return { ok: false, reason: 'notAnImage' };
    }
    const name = `${createHash('sha256').update(output.data).digest('hex').slice(0, 20)}.webp`;
    const file = path.join(siteDir, uploadFile(name));
    if (!existsSync(file)) {
      // Checked again in turn (no other picture is written meanwhile): this one must fit too, with its sizes.
      const now = uploadsUsage(siteDir);
      if (now.pictures + 1 > quota.maxPictures || now.bytes + output.data.length * ROOM_WITH_SIZES > quota.maxBytes) throw full();
      mkdirSync(path.dirname(file), { recursive: true });
      // Written whole under a temporary name, then renamed: never a half-written picture.
      const temporary = path.join(path.dirname(file), `.${name}.${process.pid}.tmp`);
      writeFileSync(temporary, output.data);
      renameSync(temporary, file);
    }
    // Its sizes, after the answer (those an earlier upload of the same picture made are kept).
    void pictureSizes.make(file);
    return { ok: true, image: { src: `${UPLOADS_PATH}${name}`, width: output.info.width, height: output.info.height } };
  });
}
