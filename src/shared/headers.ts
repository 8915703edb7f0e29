/**
 * The security headers and the page policy, as values: one builder for our server
 * (src/server/security.ts, per answer) and Firebase Hosting (src/deploy/firebaseJson.ts).
 */
import type { ServerConfig } from '../config/serverSchema';

/**
 * The page policy. Scripts and style elements: our own files, or inline with the nonce.
 * Style attributes stay allowed: MUI writes a few CSS variables in style="" (Paper's shadow)
 * and a prerendered page needs them before its script runs; attributes cannot run code.
 * Frames: only the map providers named in config/pages. Nobody may frame the site.
 */
export function contentSecurityPolicy(
  nonce: string | undefined,
  { frameOrigins = [] as readonly string[], https = false, connectOrigins = [] as readonly string[] } = {},
): string {
  // Without a nonce (static hosting, where every answer is the same file) inline code has to be allowed.
  const inline = nonce === undefined ? "'unsafe-inline'" : `'nonce-${nonce}'`;
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${inline}`,
    `style-src 'self' ${inline}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connectOrigins].join(' ')}`,
    `frame-src ${frameOrigins.length > 0 ? frameOrigins.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/** A policy for answers that are not pages (JSON, files): nothing may run or frame them. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The headers every answer gets, as name/value pairs (the server's and Firebase Hosting's).
 * No Cross-Origin-Opener-Policy: it makes the browser start a fresh renderer process for
 * every visit that arrives from another page, and Lighthouse measured that start-up as 50-190 ms
 * more blocking time per page (0-20 ms without it, /Career, same build). The public pages have
 * no signed-in state for another window to reach (the inbox at /admin, which has, sends it:
 * src/server/admin/page.ts), and framing is refused below anyway.
 */
export function commonHeaders(headers: ServerConfig['headers'], { https }: { https: boolean }): [string, string][] {
  return [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', headers.referrerPolicy],
    ['Permissions-Policy', headers.permissionsPolicy],
    ['X-Frame-Options', 'DENY'],
    ...(https && headers.hstsMaxAgeSeconds > 0 ? [['Strict-Transport-Security', `max-age=${headers.hstsMaxAgeSeconds}; includeSubDomains`] as [string, string]] : []),
  ];
}

/** Origins of the map embeds the pages show (for frame-src). */
export function frameOriginsOf(pages: readonly unknown[]): string[] {
  const origins = new Set<string>();
  for (const page of pages) {
    const sections = (page as { sections?: unknown[] } | undefined)?.sections ?? [];
    for (const section of sections) {
      const { type, src } = section as { type?: string; src?: string };
      if (type === 'map' && typeof src === 'string') {
        try {
          origins.add(new URL(src).origin);
        } catch {
          // npm run check reports a bad address; it simply gets no frame permission here.
        }
      }
    }
  }
  return [...origins];
}
