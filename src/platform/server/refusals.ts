/**
 * How the embedded server says no to requests no page of the site sends (scripts, bots,
 * broken clients): always a 4xx with a JSON body `{ message }` whose message is a sentence
 * from config/server.ts, never Fastify's or Node's own wording.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import server from '../../../config/server';
import { api } from '../api';
import { isDataFault } from './dataFaults';
import { securityHeaders, setSecurityHeaders } from './security';

const messages = server.messages;
const REFUSED = 'BG_REFUSED';

/** An error carrying the status and the config message to answer with (e.g. from a body parser). */
export function refusal(statusCode: number, message: string): FastifyError {
  return Object.assign(new Error(message), { statusCode, code: REFUSED, name: 'Refusal' });
}

export const isRefusal = (error: { code?: string }) => error.code === REFUSED;

const ownMessages = new Set<string>(Object.values(messages));

/** The status and message for an error that reached the error handler. */
function answerFor(error: FastifyError): { status: number; message: string } {
  const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) return { status, message: messages.serverError };
  if (isRefusal(error)) return { status, message: error.message };
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: messages.tooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: messages.notJson };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: messages.emptyBody };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: messages.notJson };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'ECONNRESET': // the client stopped sending before the end of its body
      return { status: 400, message: messages.incomplete };
  }
  // Anything else (a plugin's refusal, say) keeps its text only if that text is one of ours.
  return { status, message: ownMessages.has(error.message) ? error.message : messages.badRequest };
}

/** The app's error handler: every error a route or a body parser raised becomes a refusal in config's words. */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // A body refused on an /api/ address no route takes: the address is the real problem.
  if (request.is404 && request.url.startsWith(api.prefix)) return answerUnknownApi(request, reply);
  // The data disk is full or failing: the form's failure outcome, which the browser keeps and sends again.
  if (isDataFault(error)) {
    request.log.error(error);
    return reply.code(503).type('application/json; charset=utf-8').send({ message: messages.unavailable });
  }
  const { status, message } = answerFor(error);
  if (status >= 500) request.log.error(error);
  return reply.code(status).type('application/json; charset=utf-8').send({ message });
}

/** The methods each /api/ address takes; anything else there is 405 with this list. */
const apiAddresses: [RegExp, string[]][] = [
  [new RegExp(`^${api.documentsRoute.replace(':collection', '[^/]+')}$`), ['POST']],
  [new RegExp(`^${api.files}`), ['GET', 'HEAD', 'PUT']],
];

/** An /api/ request no route took: 405 (with Allow) on an address that exists, else 404. */
export function answerUnknownApi(request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? '';
  const allow = apiAddresses.find(([pattern]) => pattern.test(pathname))?.[1];
  reply.type('application/json; charset=utf-8');
  if (allow && !allow.includes(request.method)) return reply.code(405).header('Allow', allow.join(', ')).send({ message: messages.wrongMethod });
  return reply.code(404).send({ message: messages.unknownAddress });
}

/**
 * Fastify's `frameworkErrors`: an address the router cannot read (a broken %-escape, a part
 * over 100 characters). The app's hooks do not run for these answers: the headers are set here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const [status, message] = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [414, messages.addressTooLong] : [400, messages.badAddress];
  setSecurityHeaders(request, reply, server.headers);
  return reply.code(status).type('application/json; charset=utf-8').send({ message });
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused before any route saw it
 * (broken framing, a bad Content-Length, bytes not allowed in an address, headers too large,
 * a request still arriving after the time limit). Answered on the socket, which is then closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, messages.timeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, messages.headersTooLarge]
        : error.code === 'HPE_INVALID_EOF_STATE' // the client stopped sending before the end of its body
          ? [400, messages.incomplete]
          : [400, messages.badRequest];
  if (socket.writable) {
    const { headers, body } = refusalAnswer(message);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`);
  }
  socket.destroy(error);
}

/**
 * A refusal answered outside Fastify (before it sees the request, or on the raw socket): the
 * JSON `{ message }`, the security headers every answer has, and `Connection: close`. Whether
 * the visitor came over HTTPS is not known here (the proxy says so in a header that may not
 * have been read), so there is no Strict-Transport-Security.
 */
function refusalAnswer(message: string): { headers: [string, string][]; body: string } {
  const body = JSON.stringify({ message });
  return {
    body,
    headers: [
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Length', String(Buffer.byteLength(body))],
      ['Connection', 'close'],
      ...securityHeaders(server.headers, { https: false }),
    ],
  };
}

/** Answers a request Node's HTTP server would otherwise answer itself, in its own words and without our headers. */
export function refuse(response: ServerResponse, status: number, message: string): void {
  const { headers, body } = refusalAnswer(message);
  response.writeHead(status, headers.flat());
  response.end(body);
}
