/**
 * The hashes of the inline scripts and style elements of the pages the build writes: the page
 * policy names them (src/shared/headers.ts), so every host serves the same files under the
 * same strict policy, with no nonce and no 'unsafe-inline' for scripts.
 */
import { createHash } from 'node:crypto';
import type { InlineHashes } from '../shared/headers';

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

/** Collects the hashes of every page given, each once, in a stable order. */
export function createHashCollector() {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  return {
    add(html: string) {
      const code = inlineCode(html);
      for (const text of code.scripts) scripts.add(hashSource(text));
      for (const text of code.styles) styles.add(hashSource(text));
    },
    hashes: (): InlineHashes => ({ scripts: [...scripts].sort(), styles: [...styles].sort() }),
  };
}
