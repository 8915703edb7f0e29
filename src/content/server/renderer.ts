/**
 * Drawing a publish's pages (src/render/render.ts) in a thread of its own, started from the code
 * build's own worker (dist/server/render-worker.js, bundled beside the server from
 * src/render/renderWorker.ts): visitors' requests keep their answers while pages are drawn, and
 * the server renderer stays loaded between publishes. One render at a time; a thread that
 * fails is replaced at the next render.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { RenderAnswer, RenderJob, RenderMessage } from '../model/renderJob';
import type { SiteManifest } from '../../site/model/siteManifest';

export interface SiteRenderer {
  render(job: RenderJob): Promise<SiteManifest>;
  /** Starts the thread and loads the code build's renderer ahead of a render (the editor was opened). */
  warm(codeDir: string): void;
  close(): Promise<void>;
}

/** The worker file of a code build. */
const renderWorkerOf = (codeDir: string) => path.join(codeDir, 'server', 'render-worker.js');

export function workerRenderer(): SiteRenderer {
  let worker: { thread: Worker; file: string } | undefined;
  let next = 1;
  let queue: Promise<unknown> = Promise.resolve();

  const threadFor = (file: string): Worker => {
    if (worker?.file === file) return worker.thread;
    void worker?.thread.terminate();
    const thread = new Worker(file);
    // A thread that stops (an error outside a job, the memory it may use) is started again at the next render.
    thread.once('exit', () => {
      if (worker?.thread === thread) worker = undefined;
    });
    // An error outside a render (a warm-up whose code build went away meanwhile) is not the process's:
    // the thread stops, and the next render starts another and reports its own.
    thread.on('error', () => undefined);
    thread.unref();
    worker = { thread, file };
    return thread;
  };

  const renderNow = (request: RenderJob) =>
    new Promise<SiteManifest>((resolve, reject) => {
      const thread = threadFor(renderWorkerOf(request.codeDir));
      const id = next++;
      const onMessage = (answer: RenderAnswer) => {
        if (answer.id !== id) return;
        done();
        if (answer.ok) resolve(answer.manifest);
        else reject(new Error(answer.error));
      };
      const onError = (error: Error) => (done(), reject(error));
      const onExit = (code: number) => (done(), reject(new Error(`The render stopped (exit code ${code})`)));
      const done = () => {
        thread.off('message', onMessage).off('error', onError).off('exit', onExit);
      };
      thread.on('message', onMessage).on('error', onError).on('exit', onExit);
      thread.postMessage({ id, ...request } satisfies RenderMessage);
    });

  return {
    warm(codeDir) {
      try {
        threadFor(renderWorkerOf(codeDir)).postMessage({ warm: codeDir } satisfies RenderMessage);
      } catch {
        // No worker file (no code build): the render will say so.
      }
    },
    render(request) {
      const result = queue.then(() => renderNow(request));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      const thread = worker?.thread;
      worker = undefined;
      await thread?.terminate();
    },
  };
}
