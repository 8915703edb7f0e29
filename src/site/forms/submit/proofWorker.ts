/** The worker that solves a puzzle of the forms' proof of work (proofWorkerHost.ts): answers the number, or null. */
import { solveChallenge } from 'altcha-lib/v1';
import type { Puzzle } from '../../../platform/api';

/** The worker's own scope (the project's types are the page's: only what is used here). */
const scope = self as unknown as {
  onmessage: (event: MessageEvent<Puzzle>) => void;
  postMessage(answer: number | null): void;
};

scope.onmessage = (event) => {
  const { challenge, salt, algorithm, maxnumber } = event.data;
  void solveChallenge(challenge, salt, algorithm, maxnumber)
    .promise.catch(() => null)
    .then((solution) => scope.postMessage(solution?.number ?? null));
};
