/**
 * The pictures the content editor uploads: where they are on the site (and under public/), and
 * their names. The site, its hosts' files, the render, the publish and the newsletter find them so.
 */

/** Where the editor's uploaded pictures are, on the site and under public/. */
export const UPLOADS_PATH = '/images/uploads/';
/** An uploaded picture's name: the hash of its bytes, as WebP. */
export const UPLOAD_NAME = /^[0-9a-f]{20}\.webp$/;

/** The names of the uploaded pictures a piece of content names (each once). */
export function uploadNamesIn(content: unknown): Set<string> {
  const address = new RegExp(`${UPLOADS_PATH.replace(/[/.]/g, '\\$&')}([0-9a-f]{20}\\.webp)`, 'g');
  return new Set([...JSON.stringify(content).matchAll(address)].map((m) => m[1]!));
}
