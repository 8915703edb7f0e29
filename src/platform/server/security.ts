/**
 * Security headers on every answer of our server (the values: src/platform/headers.ts).
 *
 * Pages bring the page policy of their build (by hash: src/site/server/siteBuild.ts); the inbox
 * (src/apps/server/admin/page.ts) a fresh nonce per answer, filled into its placeholders
 * (src/platform/cspNonce.ts); anything else gets the policy that allows nothing.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { commonHeaders, NON_PAGE_POLICY, type HeaderSettings } from '../headers';

export function newNonce(): string {
  return randomBytes(18).toString('base64');
}

export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/**
 * The security headers of one answer: those every answer has, and its Content-Security-Policy
 * (a page brings its own, with its nonce; anything else gets the policy that allows nothing).
 * Fastify's answers get them below; the answers written before Fastify sees a request (a
 * request that is not HTTP, src/platform/server/refusals.ts) get the same list.
 */
export function securityHeaders(headers: HeaderSettings, { https, policy = NON_PAGE_POLICY }: { https: boolean; policy?: string }): [string, string][] {
  return [...commonHeaders(headers, { https }), ['Content-Security-Policy', policy]];
}

/** Headers for every answer; pages add their own Content-Security-Policy. */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply, headers: HeaderSettings): void {
  const policy = reply.getHeader('Content-Security-Policy');
  for (const [name, value] of securityHeaders(headers, { https: isHttps(request), policy: typeof policy === 'string' ? policy : undefined }))
    reply.header(name, value);
}
