/**
 * The Node HTTP server under the Fastify app (Fastify's `serverFactory`), with what Node's
 * defaults get wrong for this site:
 *
 * - A client may send its request and then close its sending side (a TCP half-close,
 *   shutdown(SHUT_WR)): HTTP says that does not end its interest in the answer. Node's server
 *   would close the connection at once, so an answer that takes a moment (a compressed page,
 *   a file read from disk) was never sent. Here the answer is sent, then the connection closed.
 * - The requests Node answers itself, in its own words and without the security headers (an
 *   HTTP/1.1 request without Host: 400; an Expect other than 100-continue: 417), are answered
 *   here like any other refusal (src/platform/server/refusals.ts).
 * - What a connection may hold (src/platform/server/connections.ts) is checked before the app sees a
 *   request: a connection closed for sending too many requests at once costs no work.
 * - An answer sent before its request had all arrived (a body refused for its size while the
 *   client still sends it): Node closes the connection as soon as the answer is written, and the
 *   system answers the bytes that still come with a reset, which can make the client drop the
 *   answer it has not read yet (a browser shows a network failure, not our sentence). Here the
 *   server closes its sending side, reads and drops what still comes, and closes when the client
 *   closes its side, or after `limits.connections.lingerSeconds`.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerFactory } from 'fastify';
import server from '../../../config/server';
import type { ConnectionGuard } from './connections';
import { refuse } from './refusals';

/** The timeouts Fastify sets on the server it makes itself (its options, with its defaults filled in). */
interface Timeouts {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
}

export const serverFactory =
  (connections: ConnectionGuard): FastifyServerFactory =>
  (handler, options) => {
    const { keepAliveTimeout, requestTimeout, connectionTimeout } = options as Timeouts;
    const httpServer = http.createServer({ requireHostHeader: false }, (request, response) => {
      if (!connections.admit(request, response)) return;
      // Before Node's own listener, which closes the connection at once.
      response.prependOnceListener('finish', () => {
        if (!request.complete) lingerOnClose(request.socket, server.limits.connections.lingerSeconds);
      });
      // Requests sent together arrive together: each is handled once all of them are read, so
      // none is worked on if one of them made the connection close (too many pipelined).
      setImmediate(() => {
        if (request.socket.destroyed) return;
        if (request.httpVersion === '1.1' && request.headers.host === undefined) return refuse(response, 400, server.messages.badRequest);
        handler(request, response);
      });
    });
    connections.attach(httpServer);
    httpServer.on('checkExpectation', (_request: http.IncomingMessage, response: http.ServerResponse) => refuse(response, 417, server.messages.badRequest));
    // Not in Node's typings, but its own switch (lib/_http_server.js): on the client's half-close, answer first.
    (httpServer as http.Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
    if (keepAliveTimeout !== undefined) httpServer.keepAliveTimeout = keepAliveTimeout;
    if (requestTimeout !== undefined) httpServer.requestTimeout = requestTimeout;
    httpServer.setTimeout(connectionTimeout ?? 0);
    return httpServer;
  };

/** Makes Node's close of this connection after the answer (its `destroySoon`) the gentle one described at the top. */
function lingerOnClose(socket: Socket, seconds: number): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    const timer = setTimeout(() => this.destroy(), seconds * 1000).unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', () => this.destroy());
    if (this.writable) this.end();
    this.resume();
  };
}
