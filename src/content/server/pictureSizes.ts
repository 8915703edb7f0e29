/**
 * The sizes of the pictures uploaded in the content editor (src/site/model/pictureSizes.ts: which
 * widths, which formats, which names), made from the upload as it is stored, in the server's
 * picture queue after every upload waiting there (images.ts ImageQueue: one picture decoded or
 * encoded at a time, so memory stays bounded, and an upload waits at most for one size being made):
 *
 * - after an upload is answered: the editor does not wait for them;
 * - at start, for the uploads that have none yet (uploaded before pictures had sizes);
 * - before a publish draws its pages, for the uploads its content names (`ready`, first in the
 *   queue): its pages name every size, or, should one fail to be made, those there are.
 *
 * Each is written whole under a temporary name, then renamed, beside its upload; one there
 * already is kept. The encoders' settings are SIZE_ENCODINGS (measured: docs/performance.md).
 */
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Sharp, SharpOptions } from 'sharp';
import { UPLOAD_NAME } from '../../platform/uploads';
import { sizeNamesOf } from '../../site/model/pictureSizes';

/**
 * AVIF at effort 1 (of 0 to 9): on photos as small as at effort 2 and a third faster, and effort 4
 * (sharp's default) saves a tenth of the bytes for nine times the time. WebP as the upload itself.
 */
const SIZE_ENCODINGS = { avif: { quality: 50, effort: 1 }, webp: { quality: 80 } } as const;

interface Job {
  file: string;
  done: Promise<void>;
  finish: () => void;
}

/** Where the sizes are made: the picture queue of the uploads (images.ts ImageQueue), one picture decoded at a time, the uploads first. */
interface PictureQueue {
  run<T>(work: () => Promise<T>, options?: { background?: boolean }): Promise<T>;
}

export class PictureSizes {
  private readonly waiting: Job[] = [];
  private readonly jobs = new Map<string, Job>();
  private running: Job | undefined;
  private readonly idlers: (() => void)[] = [];

  constructor(
    private readonly queue: PictureQueue,
    private readonly sharp: (bytes: Buffer, options: SharpOptions) => Promise<Sharp>,
  ) {}

  /**
   * Makes the sizes the upload at `file` does not have yet, in the background; `first`: before
   * the other pictures waiting for theirs. Resolves when they are made (or could not be: never rejects).
   */
  make(file: string, { first = false }: { first?: boolean } = {}): Promise<void> {
    let job = this.jobs.get(file);
    if (!job) {
      let finish!: () => void;
      const done = new Promise<void>((resolve) => (finish = resolve));
      job = { file, done, finish };
      this.jobs.set(file, job);
      this.waiting.push(job);
    }
    const at = this.waiting.indexOf(job);
    if (first && at > 0) this.waiting.unshift(...this.waiting.splice(at, 1));
    void this.pump();
    return job.done;
  }

  /** Resolves once the uploads `names` of the folder `uploadsDir` have their sizes (made first, if they have not). */
  async ready(uploadsDir: string, names: Iterable<string>): Promise<void> {
    const files = [...names].map((name) => path.join(uploadsDir, name)).filter((file) => existsSync(file));
    await Promise.all(files.map((file) => this.make(file, { first: true })));
  }

  /** Puts every upload of `uploadsDir` in the queue (in the background): those that lack a size get it. */
  fill(uploadsDir: string): void {
    let names: string[];
    try {
      names = readdirSync(uploadsDir);
    } catch {
      return;
    }
    for (const name of names.sort()) if (UPLOAD_NAME.test(name)) void this.make(path.join(uploadsDir, name));
  }

  /** Resolves when no size is being made or waits to be (tests). */
  idle(): Promise<void> {
    if (!this.running && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idlers.push(resolve));
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    while ((this.running = this.waiting.shift())) {
      const job = this.running;
      try {
        await this.makeNow(job.file);
      } catch (error) {
        // A picture removed meanwhile (or its folder, a test's) needs none; anything else is said. Its pages show the sizes there are.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
          console.warn(`The sizes of ${job.file} could not all be made: ${error instanceof Error ? error.message : String(error)}`);
      }
      this.jobs.delete(job.file);
      job.finish();
    }
    for (const idler of this.idlers.splice(0)) idler();
  }

  private async makeNow(file: string): Promise<void> {
    const bytes = readFileSync(file);
    const dir = path.dirname(file);
    const { width } = await (await this.sharp(bytes, {})).metadata();
    if (!width) return;
    const missing = sizeNamesOf(path.basename(file), width).filter((size) => !existsSync(path.join(dir, size.name)));
    if (missing.length === 0) return;
    const background = { background: true };
    // Decoded once for all its sizes (a few MB: one picture at a time).
    const decoded = await this.queue.run(async () => (await this.sharp(bytes, { failOn: 'error' })).raw().toBuffer({ resolveWithObject: true }), background);
    const raw = { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels };
    for (const size of missing) {
      const data = await this.queue.run(async () => {
        const resized = (await this.sharp(decoded.data, { raw })).resize({ width: size.width });
        return (size.format === 'avif' ? resized.avif(SIZE_ENCODINGS.avif) : resized.webp(SIZE_ENCODINGS.webp)).toBuffer();
      }, background);
      const target = path.join(dir, size.name);
      const temporary = path.join(dir, `.${size.name}.${process.pid}.tmp`);
      writeFileSync(temporary, data);
      renameSync(temporary, target);
    }
  }
}
