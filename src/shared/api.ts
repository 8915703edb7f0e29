/** Addresses of our own server's endpoints, shared by the local adapter and the server. */
export const api = {
  /** Every address of the API starts so (robots.txt keeps crawlers out of it). */
  prefix: '/api/',
  documents: (collection: string) => `/api/collections/${encodeURIComponent(collection)}/documents`,
  /** The same address as a server route pattern. */
  documentsRoute: '/api/collections/:collection/documents',
  files: '/api/files/',
  /** The header carrying the browser's key for one submission (a retry repeats it). */
  submissionKeyHeader: 'Idempotency-Key',
  /** The header carrying where the lead came from (src/shared/attribution.ts), outside the document. */
  sourceHeader: 'X-Lead-Source',
  /** The visit beacon: one page view, counted per day, page and source (src/server/visits.ts). */
  visits: '/api/visits',
  /**
   * The newsletter's confirmation (src/server/newsletter): GET with `?token=` shows the page with
   * its one button; the button POSTs the token here and confirms. Under /api/: our server answers
   * it wherever the site's files are served from, and no cache keeps it.
   */
  newsletterConfirm: '/api/newsletter/confirm',
};

/** The server's health check, for an uptime checker (src/server/health.ts). */
export const HEALTH_PATH = '/healthz';

/** The body of an error answer from our server. */
export interface ApiError {
  message: string;
  field?: string;
}
