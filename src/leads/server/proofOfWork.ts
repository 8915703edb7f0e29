/**
 * The forms' proof of work: a spam guard with no third party (config/server.ts proofOfWork). Our
 * server sets a puzzle (ALTCHA's challenge, made and checked by `altcha-lib`: a salt, the SHA-256
 * of the salt and a secret number below `maxNumber`, and our HMAC of that hash); the visitor's
 * browser finds the number while they type (src/site/forms/submit/proof.ts, in a worker) and sends
 * it with the form. A puzzle is good until its time (in the salt, signed with it) and counts for
 * one submission: its signature is kept (`used_proofs`) with the submission's key, so a retry of
 * that same submission may carry it again and nothing else may. No cookie, nothing kept of the
 * visitor. The key is made from the server's secret (src/platform/server/accounts/secret.ts),
 * for this purpose only.
 */
import { createHmac } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import server from '../../../config/server';
import { puzzleExpiry } from '../../platform/api';
import type { Store } from '../../platform/server/store/store';

export type ProofSettings = typeof server.proofOfWork;

export interface ProofOfWork {
  /** A new puzzle, good for `expiresMinutes`. */
  challenge(): Promise<Challenge>;
  /**
   * Whether `proof` (the header as sent: base64 of ALTCHA's JSON payload) solves a puzzle of ours
   * that is still good and was not sent with another submission; takes it for `submissionKey`.
   */
  accepts(proof: string | undefined, submissionKey: string | undefined): Promise<boolean>;
}

export function createProofOfWork({
  store,
  secret,
  clock,
  settings = server.proofOfWork,
}: {
  store: Store;
  secret: string;
  clock: () => number;
  settings?: ProofSettings;
}): ProofOfWork {
  const hmacKey = createHmac('sha256', secret).update('forms proof of work').digest('hex');
  // Prepared once the database is open (the site starts on a full or missing data disk, and opens
  // it later): reading `store.db` before then throws the store's own "not available", answered 503.
  let statements: ReturnType<typeof prepare> | undefined;
  const prepare = (db: Store['db']) => ({
    db,
    take: db.prepare('INSERT INTO used_proofs (signature, client_key, expires_at) VALUES (?, ?, ?) ON CONFLICT (signature) DO NOTHING'),
    takenBy: db.prepare<[string], { client_key: string }>('SELECT client_key FROM used_proofs WHERE signature = ?'),
    forgetPast: db.prepare('DELETE FROM used_proofs WHERE expires_at < ?'),
  });
  const prepared = () => {
    const db = store.db;
    if (statements?.db !== db) statements = prepare(db);
    return statements;
  };

  return {
    challenge: () => createChallenge({ hmacKey, maxNumber: settings.maxNumber, expires: new Date(clock() + settings.expiresMinutes * 60_000) }),

    async accepts(proof, submissionKey) {
      if (typeof proof !== 'string' || proof.length === 0 || proof.length > settings.longestProofChars) return false;
      let payload: { signature?: unknown; salt?: unknown };
      try {
        payload = JSON.parse(Buffer.from(proof, 'base64').toString('utf8')) as typeof payload;
      } catch {
        return false;
      }
      if (typeof payload !== 'object' || payload === null || typeof payload.signature !== 'string' || typeof payload.salt !== 'string') return false;
      // Its time is read on the server's clock (the library's own check reads the machine's).
      const expires = puzzleExpiry(payload.salt);
      const now = clock();
      if (!Number.isFinite(expires) || expires < now) return false;
      if (!(await verifySolution(proof, hmacKey, false).catch(() => false))) return false;
      const { take, takenBy, forgetPast } = prepared();
      forgetPast.run(now);
      const key = submissionKey ?? '';
      if (take.run(payload.signature, key, expires).changes === 1) return true;
      // Taken before: only by a retry of that same submission.
      return key !== '' && takenBy.get(payload.signature)?.client_key === key;
    },
  };
}
