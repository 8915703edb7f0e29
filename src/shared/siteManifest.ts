/**
 * What the build knows about the site that our server and the Firebase Hosting generator need,
 * written by the build (src/build/siteManifest.ts) as a small JSON file beside the pages, so
 * neither has to load every page's config: which file holds each address's HTML, the page
 * for unknown addresses, and the origins of the frames the pages embed (the policy's
 * frame-src).
 */
export interface SiteManifest {
  /** Every address the site answers (main addresses and aliases) and its prerendered file. */
  pages: { path: string; file: string }[];
  /** The page answered (status 404) for any other address. */
  fallbackFile: string;
  /** The page answered (status 500) when the page asked for cannot be sent. */
  errorFile: string;
  /** Origins of the map embeds the pages show. */
  frameOrigins: string[];
}

/** Its name in the built client folder. A dot file: neither our server nor Firebase Hosting serves it. */
export const SITE_MANIFEST_FILE = '.site-manifest.json';
