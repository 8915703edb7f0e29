/**
 * Security headers of every answer, and the Content-Security-Policy of every page.
 *
 * Pages carry a fresh nonce per answer: the build writes the placeholder CSP_NONCE_PLACEHOLDER
 * into every inline <style> and <script> (emotion's critical CSS, the router's data, the
 * app's script tags; vite.config.ts `html.cspNonce`, src/entry-server.tsx) and the server
 * replaces it with a random value, which the policy names. In the browser emotion reads the
 * same nonce (src/app/emotionCache.ts) for the styles it adds later.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import pages from '../../config/pages';
import type { ServerConfig } from './serverSchema';

export { CSP_NONCE_PLACEHOLDER } from '../app/cspNonce';

export function newNonce(): string {
  return randomBytes(18).toString('base64');
}

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

export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** Headers for every answer; pages add their own Content-Security-Policy. */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply, headers: ServerConfig['headers']): void {
  for (const [name, value] of commonHeaders(headers, { https: isHttps(request) })) reply.header(name, value);
  if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', NON_PAGE_POLICY);
}

/**
 * The headers every answer gets, as name/value pairs (the server's and Firebase Hosting's).
 * No Cross-Origin-Opener-Policy: it makes the browser start a fresh renderer process for
 * every visit that arrives from another page, and Lighthouse measured that start-up as 50-190 ms
 * more blocking time per page (0-20 ms without it, /Career, same build). The site has no
 * signed-in state for another window to reach, and framing is refused below anyway.
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

/** The origins of the map embeds every page of config/pages shows. */
export async function pageFrameOrigins(): Promise<string[]> {
  return frameOriginsOf(await Promise.all(Object.values(pages).map(async (load) => (await load()).default)));
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
