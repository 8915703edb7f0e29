/**
 * The browser's half of the forms' proof of work (src/leads/server/proofOfWork.ts, ALTCHA's
 * protocol): when the visitor first touches a form, a puzzle is fetched from our server and
 * solved in a worker (proofWorker.ts) while they type; the submission then takes the solved
 * puzzle, and a retry of that submission sends the same one. A puzzle about to run out is solved
 * anew. Only the local adapter uses it: a Firebase build has no server of ours to set puzzles.
 */
import server from '../../model/builtServerSettings';
import { api, puzzleExpiry, type Puzzle } from '../../../platform/api';

interface Solved {
  /** What goes in the proof header: base64 of ALTCHA's JSON payload. */
  proof: string;
  /** Milliseconds since 1970 (the puzzle's `expires`, in its salt). */
  expires: number;
}

/** The number that solves `puzzle`: in a worker where the browser has them, else here (tests in Node). */
async function solveNumber(puzzle: Puzzle): Promise<number | undefined> {
  if (typeof Worker === 'undefined') {
    const { solveChallenge } = await import('altcha-lib/v1');
    return (await solveChallenge(puzzle.challenge, puzzle.salt, puzzle.algorithm, puzzle.maxnumber).promise)?.number;
  }
  const { solveInWorker } = await import('./proofWorkerHost');
  return solveInWorker(puzzle);
}

async function solve(baseUrl: string): Promise<Solved | undefined> {
  const response = await fetch(`${baseUrl}${api.proofChallenge}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) return undefined;
  const puzzle = (await response.json()) as Puzzle;
  const number = await solveNumber(puzzle);
  if (number === undefined) return undefined;
  const expires = puzzleExpiry(puzzle.salt);
  const { algorithm, challenge, salt, signature } = puzzle;
  return { proof: btoa(JSON.stringify({ algorithm, challenge, number, salt, signature })), expires };
}

let ready: Promise<Solved | undefined> | undefined;
const bySubmission = new Map<string, Promise<string | undefined>>();

/** Starts solving a puzzle for the next submission (once; the visitor touched a form). */
export function prepareProof(baseUrl = ''): void {
  ready ??= solve(baseUrl).catch(() => undefined);
}

/** The solved puzzle for this submission (the same for each retry of it); undefined when none could be had. */
export function proofFor(submissionKey: string, baseUrl = ''): Promise<string | undefined> {
  const known = bySubmission.get(submissionKey);
  if (known) return known;
  const prepared = ready ?? solve(baseUrl).catch(() => undefined);
  ready = undefined;
  const mine = prepared
    .then((solved) => (solved && solved.expires - server.proofOfWork.renewSecondsBeforeEnd * 1000 > Date.now() ? solved : solve(baseUrl)))
    .catch(() => undefined)
    .then((solved) => {
      // None could be had (our server out of reach): the next try of this submission asks again.
      if (!solved) bySubmission.delete(submissionKey);
      return solved?.proof;
    });
  bySubmission.set(submissionKey, mine);
  return mine;
}
