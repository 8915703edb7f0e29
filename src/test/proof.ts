/**
 * For tests that send forms as a page's script does: a puzzle of the forms' proof of work asked of
 * the server and solved here (src/leads/server/proofOfWork.ts), as the header to send it in. The
 * search is the browser's (ALTCHA's: the number whose SHA-256 with the salt is the challenge), with
 * Node's own hashing, which takes milliseconds where the browser's takes its second: its one-shot
 * `hash`, less than half the CPU of a `createHash` object per number (the search was about half of
 * the CPU of a test file posting 300 forms).
 */
import { hash } from 'node:crypto';
import { api, type Puzzle } from '../platform/api';

/** The solution of a puzzle, as the proof header carries it. */
export function solvePuzzle({ algorithm, challenge, maxnumber = 1e6, salt, signature }: Puzzle): string {
  for (let number = 0; number <= maxnumber; number++) {
    if (hash('sha256', salt + number) === challenge) {
      return Buffer.from(JSON.stringify({ algorithm, challenge, number, salt, signature })).toString('base64');
    }
  }
  throw new Error('The puzzle has no solution');
}

export async function solvedProof(base: string): Promise<string> {
  const response = await fetch(base + api.proofChallenge);
  if (response.status !== 200) throw new Error(`The puzzle was answered ${response.status}`);
  return solvePuzzle((await response.json()) as Puzzle);
}

/** The header a page's script sends a form with beside its key: a solved puzzle. */
export async function proofHeaders(base: string): Promise<Record<string, string>> {
  return { [api.proofHeader]: await solvedProof(base) };
}
