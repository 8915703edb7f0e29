/**
 * The security headers and the page policy, as values: one builder for our server
 * (src/platform/server/security.ts), Firebase Hosting (src/deploy/firebaseJson.ts) and Caddy serving
 * the built files itself (src/deploy/caddy.ts).
 */
import type server from '../../config/server';
import { embedOrigin, policyHost } from '../schema/links';

/** The sha256 sources (`'sha256-…'`) of the inline scripts and style elements the build wrote into the pages. */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

/**
 * The source that allows an empty style element: emotion (the islands' styles, in its
 * production "speedy" mode) adds each style element empty and writes its rules through the
 * CSSOM (insertRule), which a policy does not check. Only the empty element needs allowing.
 */
export const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

/** What inline code a policy allows: the pages' (by hash, the same bytes for everyone) or one answer's (by nonce: the inbox). */
export type InlineCode = { hashes: InlineHashes } | { nonce: string };

/**
 * The page policy: one builder for our server, Firebase Hosting (src/deploy/firebaseJson.ts)
 * and Caddy (src/deploy/caddy.ts). Scripts: our own files, and the inline ones the build
 * wrote, by hash (never 'unsafe-inline'). Style elements: the same, plus the empty element
 * emotion fills through the CSSOM. Style attributes stay allowed: MUI writes a few CSS
 * variables in style="" (Paper's shadow) and a prerendered page needs them before its
 * script runs; attributes cannot run code. Frames: only the map providers named in
 * config/pages. Nobody may frame the site. The hosts of frames and connections go in only as
 * hosts (`https://host[:port]`, policyHost in links.ts): anything else is left out, never a
 * directive smuggled in by a `;` or a space.
 */
export function contentSecurityPolicy(
  inline: InlineCode,
  { frameOrigins = [] as readonly string[], https = false, connectOrigins = [] as readonly string[] } = {},
): string {
  const scripts = 'nonce' in inline ? [`'nonce-${inline.nonce}'`] : inline.hashes.scripts;
  const styles = 'nonce' in inline ? [`'nonce-${inline.nonce}'`] : [...new Set([...inline.hashes.styles, EMPTY_STYLE_HASH])];
  const hosts = (origins: readonly string[]) => [...new Set(origins.flatMap((origin) => policyHost(origin) ?? []))];
  const frames = hosts(frameOrigins);
  const directives = [
    "default-src 'self'",
    ["script-src 'self'", ...scripts].join(' '),
    ["style-src 'self'", ...styles].join(' '),
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...hosts(connectOrigins)].join(' ')}`,
    `frame-src ${frames.length > 0 ? frames.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/** What the policy of a build's pages is made of: the site manifest carries it (src/site/model/siteManifest.ts). */
export interface PagePolicySource {
  inlineHashes: InlineHashes;
  frameOrigins: readonly string[];
  connectOrigins: readonly string[];
}

/**
 * The policy of every page of a build, the same on every host that serves its files (our
 * server, Caddy, Firebase Hosting): from what the build wrote in the site manifest.
 */
export function pagePolicy(site: PagePolicySource, { https }: { https: boolean }): string {
  return contentSecurityPolicy({ hashes: site.inlineHashes }, { frameOrigins: site.frameOrigins, connectOrigins: site.connectOrigins, https });
}

/** A policy for answers that are not pages (JSON, files): nothing may run or frame them. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The settings of the headers every answer gets (config/server.ts `headers`). */
export type HeaderSettings = (typeof server)['headers'];

/**
 * The headers every answer gets, as name/value pairs (the server's and Firebase Hosting's).
 * No Cross-Origin-Opener-Policy: it makes the browser start a fresh renderer process for
 * every visit that arrives from another page, and Lighthouse measured that start-up as 50-190 ms
 * more blocking time per page (0-20 ms without it, /Career, same build). The public pages have
 * no signed-in state for another window to reach (the inbox at /admin, which has, sends it:
 * src/apps/server/admin/page.ts), and framing is refused below anyway.
 */
export function commonHeaders(headers: HeaderSettings, { https }: { https: boolean }): [string, string][] {
  return [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', headers.referrerPolicy],
    ['Permissions-Policy', headers.permissionsPolicy],
    ['X-Frame-Options', 'DENY'],
    ...(https && headers.hstsMaxAgeSeconds > 0
      ? [['Strict-Transport-Security', `max-age=${headers.hstsMaxAgeSeconds}; includeSubDomains`] as [string, string]]
      : []),
  ];
}

/** Origins of the map embeds the pages show (for frame-src): each as a host only (links.ts embedOrigin); an address the checker refuses gets none. */
export function frameOriginsOf(pages: readonly unknown[]): string[] {
  const origins = new Set<string>();
  for (const page of pages) {
    const sections = (page as { sections?: unknown[] } | undefined)?.sections ?? [];
    for (const section of sections) {
      const { type, src } = section as { type?: string; src?: string };
      if (type === 'map' && typeof src === 'string') {
        // npm run check reports a bad address; it simply gets no frame permission here.
        const origin = embedOrigin(src);
        if (origin) origins.add(origin);
      }
    }
  }
  return [...origins];
}
