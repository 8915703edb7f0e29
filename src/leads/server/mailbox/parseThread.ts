/**
 * Reading a mail's bytes (parse.ts) in a thread of its own: postal-mime takes seconds over a
 * mail of 10 MB, which the server's own thread spends answering visitors instead. One mail at a
 * time; a mail not read within `mailbox.reading.deadlineSeconds` (config/server.ts), or that
 * stops the thread (its memory bound), is answered by its headers with why, as one the parser
 * refuses is, and the thread is replaced for the next.
 *
 * The thread's file: beside the bundled server (dist/server/parse-worker.js, src/render/build.ts),
 * which src/apps/server/index.ts names; otherwise (tests, tsx) the source, parseWorker.ts, through tsx.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Email } from 'postal-mime';
import server from '../../../../config/server';
import { readOf, type ReadMail } from './parse';
import type { ParseAnswer, ParseJob } from './parseWorker';

const { deadlineSeconds } = server.mailbox.reading;

/** The most memory the thread's heap may take (a 10 MB mail takes the parser about a tenth of it). */
const MAX_HEAP_MB = 1024;

/** The source of the thread's code (under jest, whose modules are CommonJS, from this file's folder; else from the project's). */
const PARSE_WORKER_SOURCE = path.join(typeof __dirname === 'string' ? __dirname : path.resolve('src', 'server', 'mailbox'), 'parseWorker.ts');

export interface ParseThreadOptions {
  /** The thread's file: a bundled .js, or a .ts source run through tsx (default: PARSE_WORKER_SOURCE). */
  file?: string;
  /** Resolves when a mail's time is up (default: after deadlineSeconds; a test gives its own). */
  deadline?: (ms: number) => Promise<void>;
}

const realDeadline = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** A new thread running `file` (a TypeScript one through tsx's loader, registered in the thread). */
function startThread(file: string): Worker {
  const limits = { resourceLimits: { maxOldGenerationSizeMb: MAX_HEAP_MB } };
  if (!file.endsWith('.ts')) return new Worker(file, limits);
  const tsx = createRequire(file).resolve('tsx/cjs/api');
  const code = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(file)});`;
  return new Worker(code, { ...limits, eval: true });
}

const describe = (error: unknown) =>
  String((error as { message?: unknown })?.message ?? error)
    .replace(/\s+/g, ' ')
    .slice(0, 200);

export class ParseThread {
  private thread: Worker | undefined;
  private next = 1;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly file: string;
  private readonly deadline: (ms: number) => Promise<void>;

  constructor(options: ParseThreadOptions = {}) {
    this.file = options.file ?? PARSE_WORKER_SOURCE;
    this.deadline = options.deadline ?? realDeadline;
  }

  /** The mail read whole, or its headers with why not (refused, over the deadline, the thread stopped). Never rejects. */
  read(source: Uint8Array, headers: Email): Promise<ReadMail> {
    const result = this.queue.then(() => this.readNow(source, headers));
    this.queue = result;
    return result;
  }

  private readNow(source: Uint8Array, headers: Email): Promise<ReadMail> {
    let thread: Worker;
    try {
      thread = this.thread ??= this.started();
    } catch (error) {
      return Promise.resolve({ whole: false, email: headers, why: { unreadable: `the reading thread could not start (${describe(error)})` } });
    }
    const id = this.next++;
    return new Promise<ReadMail>((resolve) => {
      let settled = false;
      const finish = (mail: ReadMail, stop = false) => {
        if (settled) return;
        settled = true;
        thread.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (stop) void this.stopThread(thread);
        resolve(mail);
      };
      const unreadable = (why: string, stop = true) => finish({ whole: false, email: headers, why: { unreadable: why } }, stop);
      const onMessage = (answer: ParseAnswer) => {
        if (answer.id === id) finish(readOf(answer.read, headers));
      };
      const onError = (error: Error) => unreadable(`the reading stopped (${describe(error)})`);
      const onExit = (code: number) => unreadable(`the reading stopped (exit code ${code})`);
      thread.on('message', onMessage).on('error', onError).on('exit', onExit);
      // Moved to the thread, not copied, when the source is its buffer's whole (imapflow's is): else a copy of its own is.
      const own = source.buffer instanceof ArrayBuffer && source.byteOffset === 0 && source.byteLength === source.buffer.byteLength;
      const bytes = own ? source : new Uint8Array(source);
      thread.postMessage({ id, source: bytes } satisfies ParseJob, [bytes.buffer as ArrayBuffer]);
      void this.deadline(deadlineSeconds * 1000).then(() => unreadable(`not read within ${deadlineSeconds} s`));
    });
  }

  private started(): Worker {
    const thread = startThread(this.file);
    // Waiting for a mail is no reason for the process to stay up.
    thread.unref();
    thread.once('exit', () => {
      if (this.thread === thread) this.thread = undefined;
    });
    // An error outside a mail (none is expected) stops the thread: the next mail starts another.
    thread.on('error', () => undefined);
    return thread;
  }

  private async stopThread(thread: Worker): Promise<void> {
    if (this.thread === thread) this.thread = undefined;
    await thread.terminate();
  }

  /** Stops the thread (a mail under way is answered by its headers). */
  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = undefined;
    await thread?.terminate();
  }
}
