/**
 * Security headers on every answer of our server (the values: src/shared/headers.ts).
 *
 * Pages carry a fresh nonce per answer: the build writes the placeholder of
 * src/shared/cspNonce.ts into every inline <style> and <script>, and the server replaces it
 * with a random value, which the page's policy names. In the browser emotion reads the same
 * nonce (src/app/emotionCache.ts) for the styles it adds later.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config/serverSchema';
import { commonHeaders, NON_PAGE_POLICY } from '../shared/headers';

export function newNonce(): string {
  return randomBytes(18).toString('base64');
}

export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** Headers for every answer; pages add their own Content-Security-Policy. */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply, headers: ServerConfig['headers']): void {
  for (const [name, value] of commonHeaders(headers, { https: isHttps(request) })) reply.header(name, value);
  if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', NON_PAGE_POLICY);
}

