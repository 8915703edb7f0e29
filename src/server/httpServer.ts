/**
 * The Node HTTP server under the Fastify app (Fastify's `serverFactory`), with what Node's
 * defaults get wrong for this site:
 *
 * - The requests Node answers itself, in its own words and without the security headers (an
 *   HTTP/1.1 request without Host: 400; an Expect other than 100-continue: 417), are answered
 *   here like any other refusal (src/server/refusals.ts).
 */
import http from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import server from '../../config/server';
import { refuse } from './refusals';

/** The timeouts Fastify sets on the server it makes itself (its options, with its defaults filled in). */
interface Timeouts {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
}

export const serverFactory: FastifyServerFactory = (handler, options) => {
  const { keepAliveTimeout, requestTimeout, connectionTimeout } = options as Timeouts;
  const httpServer = http.createServer({ requireHostHeader: false }, (request, response) => {
    if (request.httpVersion === '1.1' && request.headers.host === undefined) return refuse(response, 400, server.messages.badRequest);
    handler(request, response);
  });
  httpServer.on('checkExpectation', (_request: http.IncomingMessage, response: http.ServerResponse) => refuse(response, 417, server.messages.badRequest));
  if (keepAliveTimeout !== undefined) httpServer.keepAliveTimeout = keepAliveTimeout;
  if (requestTimeout !== undefined) httpServer.requestTimeout = requestTimeout;
  httpServer.setTimeout(connectionTimeout ?? 0);
  return httpServer;
};
