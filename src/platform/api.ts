import { API_PREFIX } from '../schema/ownAddresses';

/** Addresses of our own server's endpoints, shared by the local adapter and the server. */
export const api = {
  /** Every address of the API starts so (robots.txt keeps crawlers out of it). */
  prefix: API_PREFIX,
  documents: (collection: string) => `/api/collections/${encodeURIComponent(collection)}/documents`,
  /** The same address as a server route pattern. */
  documentsRoute: '/api/collections/:collection/documents',
  files: '/api/files/',
  /** The header carrying the browser's key for one submission (a retry repeats it). */
  submissionKeyHeader: 'Idempotency-Key',
  /**
   * The forms' proof of work (src/leads/server/proofOfWork.ts): GET gives a puzzle (ALTCHA's
   * challenge); the solution goes with the form in `proofHeader` (base64 JSON, as ALTCHA sends it).
   */
  proofChallenge: '/api/forms/challenge',
  proofHeader: 'X-Proof-Of-Work',
  /** The header carrying where the lead came from (src/site/model/attribution.ts), outside the document. */
  sourceHeader: 'X-Lead-Source',
  /** The visit beacon: one page view, counted per day, page and source (src/leads/server/visits.ts). */
  visits: '/api/visits',
  /**
   * The newsletter's confirmation (src/newsletter/server): GET with `?token=` shows the page with
   * its one button; the button POSTs the token here and confirms. Under /api/: our server answers
   * it wherever the site's files are served from, and no cache keeps it.
   */
  newsletterConfirm: '/api/newsletter/confirm',
} as const;

/** The body of an error answer from our server. */
export interface ApiError {
  message: string;
  field?: string;
}

/** A puzzle of the forms' proof of work, as `proofChallenge` answers it (ALTCHA's challenge). */
export interface Puzzle {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/**
 * When a puzzle stops being good, in milliseconds since 1970: its `expires` (seconds), which
 * ALTCHA writes in the salt's query part (`…?expires=1767225600`) and signs with it. NaN when
 * the salt carries none. Our server and the browser read it here alike.
 */
export function puzzleExpiry(salt: string): number {
  const query = salt.split('?')[1];
  const expires = query === undefined ? null : new URLSearchParams(query).get('expires');
  return expires === null || expires === '' ? Number.NaN : Number(expires) * 1000;
}
