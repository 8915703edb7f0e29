/**
 * The site manifest (src/shared/siteManifest.ts), made from config and the pages the build
 * wrote: the build writes it beside them for our server, and the Firebase and Caddy
 * generators (src/deploy/) read the same file.
 * The one place on the Node side that loads every page's config.
 */
import pages from '../../config/pages';
import { frameOriginsOf } from '../shared/headers';
import { ERROR_FILE, FALLBACK_FILE, htmlFileFor } from '../shared/pageFiles';
import { pagePaths } from '../shared/routing';
import type { SiteManifest } from '../shared/siteManifest';

/** What only the written pages tell (src/build/prerender.ts). */
export type WrittenPages = Pick<SiteManifest, 'inlineHashes' | 'outcomes' | 'connectOrigins' | 'forms'>;

export async function siteManifest(written: WrittenPages): Promise<SiteManifest> {
  const configs = await Promise.all(Object.values(pages).map(async (load) => (await load()).default));
  return {
    pages: pagePaths.map(({ path }) => ({ path, file: htmlFileFor(path) })),
    fallbackFile: FALLBACK_FILE,
    errorFile: ERROR_FILE,
    frameOrigins: frameOriginsOf(configs),
    ...written,
  };
}
