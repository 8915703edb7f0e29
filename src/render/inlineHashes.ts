/**
 * The hashes of the inline scripts and style elements of the pages the build writes: the page
 * policy names them (src/platform/headers.ts), so every host serves the same files under the
 * same strict policy, with no nonce and no 'unsafe-inline' for scripts.
 */
import { createHash } from 'node:crypto';
import type { InlineHashes } from '../platform/headers';

/** Script elements without a src, with their text. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

/** A CSP hash source for an element's text, as the browser computes it (UTF-8, sha256, base64). */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The texts of a page's inline scripts and style elements. */
export function inlineCode(html: string): { scripts: string[]; styles: string[] } {
  return { scripts: [...html.matchAll(INLINE_SCRIPT)].map((m) => m[1]!), styles: [...html.matchAll(STYLE)].map((m) => m[1]!) };
}

/** The hashes of one page's inline code, each once. */
export function pageHashes(html: string): InlineHashes {
  const code = inlineCode(html);
  return { scripts: [...new Set(code.scripts.map(hashSource))].sort(), styles: [...new Set(code.styles.map(hashSource))].sort() };
}

/** Collects the hashes of every page given, each once, in a stable order. */
export function createHashCollector() {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const addHashes = (found: InlineHashes) => {
    for (const hash of found.scripts) scripts.add(hash);
    for (const hash of found.styles) styles.add(hash);
  };
  return {
    add: (html: string) => addHashes(pageHashes(html)),
    addHashes,
    hashes: (): InlineHashes => ({ scripts: [...scripts].sort(), styles: [...styles].sort() }),
  };
}
