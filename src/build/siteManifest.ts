/**
 * The site manifest (src/shared/siteManifest.ts), made from config: the build writes it for our
 * server, and the Firebase generator (src/deploy/firebaseJson.ts) is given the same value.
 * The one place on the Node side that loads every page's config.
 */
import pages from '../../config/pages';
import { frameOriginsOf } from '../shared/headers';
import { ERROR_FILE, FALLBACK_FILE, htmlFileFor } from '../shared/pageFiles';
import { pagePaths } from '../shared/routing';
import type { SiteManifest } from '../shared/siteManifest';

export async function siteManifest(): Promise<SiteManifest> {
  const configs = await Promise.all(Object.values(pages).map(async (load) => (await load()).default));
  return {
    pages: pagePaths.map(({ path }) => ({ path, file: htmlFileFor(path) })),
    fallbackFile: FALLBACK_FILE,
    errorFile: ERROR_FILE,
    frameOrigins: frameOriginsOf(configs),
  };
}
