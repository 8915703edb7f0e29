/** Solves a puzzle of the forms' proof of work (proof.ts) in a worker, off the page's main thread. */
import type { Puzzle } from '../../../platform/api';

export function solveInWorker(puzzle: Puzzle): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./proofWorker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<number | null>) => {
      worker.terminate();
      resolve(event.data ?? undefined);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage(puzzle);
  });
}
