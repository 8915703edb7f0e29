/**
 * How long browsers (and Firebase Hosting's CDN) may keep each kind of file: one table for our
 * server (src/apps/server/app.ts) and for firebase.json (src/deploy/firebaseJson.ts).
 */
import { UPLOADS_PATH } from '../../platform/uploads';

export const CACHE_CONTROL = {
  /** Built scripts under assets/: vite puts a content hash in their names, so they never change. */
  hashed: 'public, max-age=31536000, immutable',
  /**
   * Pages: any cache (the browser's, a CDN's) may keep them but asks again on every visit,
   * with the ETag, and gets a 304 while the build is the same (a changed config shows at once).
   */
  page: 'public, max-age=0, must-revalidate',
  /** A page showing a plain post's outcome (`?sent=` …): never kept, never shown again from a cache. */
  pageWithOutcome: 'no-store',
  /** Pictures of public/images, named by config/: kept a day, then refreshed in the background. */
  images: 'public, max-age=86400, stale-while-revalidate=604800',
  /** Pictures uploaded in the content editor and their sizes (UPLOADS_PATH): named by a hash of their bytes, so they never change. */
  uploads: 'public, max-age=31536000, immutable',
  /** Anything else (icon, sitemap, robots): an hour. */
  other: 'public, max-age=3600',
} as const;

/**
 * Addresses a cache in front of the site (a CDN) must never keep: our server's endpoints and
 * the agency's inbox. Our server sends `no-store` with every answer there; docs/deploy-own-server.md
 * tells a CDN to pass them through.
 */
export const NEVER_CACHED = ['/api/', '/admin'] as const;

/** The policy for a built file, by its path inside dist/client (with "/" between folders). */
export function cacheControlFor(relativePath: string): string {
  if (relativePath.startsWith('assets/')) return CACHE_CONTROL.hashed;
  if (relativePath.endsWith('.html')) return CACHE_CONTROL.page;
  if (relativePath.startsWith(UPLOADS_PATH.slice(1))) return CACHE_CONTROL.uploads;
  if (relativePath.startsWith('images/')) return CACHE_CONTROL.images;
  return CACHE_CONTROL.other;
}
