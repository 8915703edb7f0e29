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
export function contentSecurityPolicy(nonce: string, { frameOrigins = [] as readonly string[], https = false } = {}): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
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
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', headers.referrerPolicy);
  reply.header('Permissions-Policy', headers.permissionsPolicy);
  reply.header('X-Frame-Options', 'DENY');
  reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  if (isHttps(request) && headers.hstsMaxAgeSeconds > 0) {
    reply.header('Strict-Transport-Security', `max-age=${headers.hstsMaxAgeSeconds}; includeSubDomains`);
  }
  if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', NON_PAGE_POLICY);
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
