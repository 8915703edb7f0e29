/**
 * A small SVG picture of public/ drawn into the page itself (a data: address), so the
 * browser fetches nothing for it: for the pictures on screen with the first paint that are not
 * the page's main content (the navbar's logo). Fetched, such a picture is raised to high
 * priority once the browser finds it on screen, and whether that lands before its request is
 * a race; when it does, Lighthouse counts the picture as holding up the largest paint (LCP on
 * every page swung between 0.85 and 1.09 s with it). The file stays in public/ (the logo's
 * address in the structured data names it). Any other address is returned as it is.
 * Pages are drawn when the site is built, so this runs in Node, never in the browser.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the site's own files are (the build, the dev server and the tests run from the project's folder). */
const publicDir = path.resolve('public');

/** Pictures up to this size (bytes) are drawn in; larger ones are fetched as usual. */
const INLINE_LIMIT = 4096;

export function inlineSrc(src: string): string {
  const file = path.join(publicDir, path.normalize(src));
  if (!src.endsWith('.svg') || !file.startsWith(publicDir + path.sep) || !existsSync(file)) return src;
  const svg = readFileSync(file, 'utf8');
  if (svg.length > INLINE_LIMIT) return src;
  // A picture is read by its alt text: the file's own title and ARIA attributes (there for
  // whoever opens the file) say nothing here. Then only what a data: address must escape (and
  // the quotes, which the page's HTML would escape at twice the length): it stays small.
  const drawn = svg
    .replace(/<title[^>]*>[^<]*<\/title>/g, '')
    .replace(/\s(role|aria-[a-z]+)="[^"]*"/g, '')
    .replace(/\s+/g, ' ')
    .replace(/> </g, '><')
    .trim();
  return `data:image/svg+xml,${drawn.replace(/[%#<>"'{}]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
