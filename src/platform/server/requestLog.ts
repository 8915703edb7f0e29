/**
 * The server's log (LOG=off turns it off: src/apps/server/index.ts). One entry per request, when its
 * answer is sent, instead of Fastify's two. Where it goes decides its
 * form: to a terminal, one short line a person reads (`14:03:07 GET /Contact 200 2 ms`); anywhere
 * else (journald, a file, a pipe), pino's JSON lines, one object per line, for machines.
 */
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/** Where the log is written: stdout, or a test's stream. */
export interface LogDestination {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** pino's levels, by number, as a person reads them (info says nothing: it is most of the log). */
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: '', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** What pino writes on every entry, or what a readable line already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** One JSON line of pino, as one short line for a terminal (lines that are not JSON pass as they are). */
export function readableLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const at = new Date(typeof entry.time === 'number' ? entry.time : Date.now());
  const parts = [`${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())}`];
  const level = LEVELS[Number(entry.level)] ?? String(entry.level);
  if (level) parts.push(level);
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  if (req?.method) parts.push(req.method, req.url ?? '');
  if (res?.statusCode !== undefined) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${Math.round(entry.responseTime)} ms`);
  // A request's own line needs no message ("request completed"); anything else says what happened.
  if (!(req?.method && res) && typeof entry.msg === 'string') parts.push(entry.msg);
  const err = entry.err as { message?: string } | undefined;
  if (err?.message) parts.push(`(${err.message})`);
  const rest = Object.fromEntries(Object.entries(entry).filter(([key]) => !SHOWN.has(key)));
  if (Object.keys(rest).length > 0) parts.push(JSON.stringify(rest));
  return `${parts.join(' ')}\n`;
}

/** Fastify's logger for this destination: readable lines in a terminal, JSON lines elsewhere. */
export function loggerOptions(destination: LogDestination): FastifyServerOptions['logger'] {
  return {
    level: 'info',
    stream: destination.isTTY ? { write: (json: string) => destination.write(readableLine(json)) } : destination,
  };
}

/** One entry per request, when its answer is sent: the request, its status and its time (Fastify writes two). */
export class OneEntryPerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const entry = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...entry, err: error }, 'request errored');
    else reply.log.info(entry, 'request completed');
  }
}
