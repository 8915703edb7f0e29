/**
 * The parse thread's code (parseThread.ts starts it): reads one mail's bytes at a time with
 * wholeMail.ts readWhole and sends back what it read (its attachments' bytes moved, not copied), or
 * why it could not. Bundled beside the server as dist/server/parse-worker.js (src/render/build.ts);
 * from the sources through tsx.
 */
import { parentPort } from 'node:worker_threads';
import { readWhole } from './wholeMail';

export interface ParseJob {
  id: number;
  source: Uint8Array;
}

export interface ParseAnswer {
  id: number;
  read: Awaited<ReturnType<typeof readWhole>>;
}

parentPort?.on('message', (job: ParseJob) => {
  void readWhole(job.source).then((read) => {
    const moved =
      'email' in read ? [...new Set((read.email.attachments ?? []).map((a) => a.content).filter((c): c is ArrayBuffer => c instanceof ArrayBuffer))] : [];
    try {
      parentPort!.postMessage({ id: job.id, read } satisfies ParseAnswer, moved);
    } catch (error) {
      parentPort!.postMessage({
        id: job.id,
        read: { unreadable: `what was read could not be passed on (${String((error as Error)?.message ?? error).slice(0, 100)})` },
      } satisfies ParseAnswer);
    }
  });
});
