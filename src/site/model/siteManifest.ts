import type { InlineHashes } from '../../platform/headers';
import { goneAddress } from './moved';
import type { SiteContent } from './siteContent';

/** A page's variant showing a plain post's outcome (src/render/outcomePages.ts). */
export interface OutcomePage {
  /** The page address it answers… */
  path: string;
  /** …when the address carries these query parameters (src/site/forms/model/outcomes.ts outcomeQuery). */
  query: [string, string][];
  /** Its file in the built client folder. */
  file: string;
}

/**
 * What the render knows about the site that our server and the Firebase Hosting generator need,
 * written by the render (src/render/render.ts) as a small JSON file beside the pages, so
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
  /** Origins the pages' scripts send to besides the site (the Firebase SDK's, in a Firebase build). */
  connectOrigins: string[];
  /** The hashes of every inline script and style element the pages hold: the page policy names them. */
  inlineHashes: InlineHashes;
  /** The pages' variants with a plain post's outcome. */
  outcomes: OutcomePage[];
  /**
   * Each address of a page removed (config/moved.ts `gone`, expired articles' too) and the page its
   * visitors get there, status 410 (src/site/model/gonePages.ts); absent in a manifest written before
   * such pages were (the fallback page is answered).
   */
  gone?: { path: string; file: string }[];
  /**
   * On a site in more than one language: each other language's page for unknown addresses under
   * its prefix (answered 404, and 410 at a removed page's address without a page of its own) and
   * its error page (500), in its own words. Left out otherwise (the one fallback and error page).
   */
  languageErrorPages?: { prefix: string; fallbackFile: string; errorFile: string }[];
  /**
   * The content these pages were drawn from, as far as our server needs it: the routes (which
   * page an address shows), the forms (it checks posts with the forms of the pages it serves,
   * so an option published from the editor is accepted as soon as its page is live:
   * src/site/forms/model/registry.ts createFormRegistry) and the site (its name and addresses in mails).
   */
  content: ServedContent;
}

/** `moved`: config/moved.ts (addresses that lead elsewhere, or are gone); absent in a manifest written before it existed. */
export type ServedContent = Pick<SiteContent, 'site' | 'routes' | 'forms'> &
  Partial<Pick<SiteContent, 'moved'>> & {
    /**
     * On a site in more than one language: each other language's words of the site and of the
     * forms (src/site/model/languageContent.ts), by its code: a post is checked, and the mails
     * it sets off written, in the language of the page it was sent from; and each page's and
     * article's default address with its address in that language (`addresses`: a newsletter's
     * link to a page leads its readers of that language to their page). Left out otherwise.
     */
    languages?: Readonly<Record<string, Pick<SiteContent, 'site' | 'forms'> & { addresses?: Readonly<Record<string, string>> }>>;
  };

/** What an address that was a page's answers now: a permanent redirect to its page's address, or 410 Gone. */
export type MovedAnswer = { status: 301; location: string } | { status: 410 };

/**
 * The answer for an address config/moved.ts names (exact, case as written, one trailing slash
 * ignored as the router does), or undefined: our server and the tests read it; Caddy's snippets
 * and firebase.json say the same from the same lists. The query goes with a redirect (a
 * campaign's UTM tags reach the page).
 */
export function movedAnswer(moved: ServedContent['moved'], pathname: string, query = ''): MovedAnswer | undefined {
  if (!moved) return undefined;
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const to = moved.moved.find((m) => m.from === path)?.to;
  if (to !== undefined) return { status: 301, location: query ? `${to}?${query}` : to };
  return moved.gone.some((entry) => goneAddress(entry) === path) ? { status: 410 } : undefined;
}

/** Its name in the built client folder. A dot file: neither our server nor Firebase Hosting serves it. */
export const SITE_MANIFEST_FILE = '.site-manifest.json';
