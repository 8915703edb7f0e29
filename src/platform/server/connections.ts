/**
 * What the server holds for its visitors' connections, and for all of them together
 * (config/server.ts `limits.connections`). An answer that a client does not read waits in the
 * server's memory until it does: a "slow reader" that opens many connections, asks for pages
 * on each and reads a few bytes now and then would make the server hold gigabytes and stall
 * everyone else. So:
 *
 * - a connection may have at most `pipelined` requests waiting for their answers (a browser
 *   sends one at a time); the next one closes it at once, before any work is done for it;
 * - a connection whose waiting answer bytes pass `unsentBytes`, or that made no progress for
 *   `stallSeconds` while answer bytes wait, is closed;
 * - when all connections together hold more than `unsentBytesTotal` bytes of answers, those
 *   that have gone the longest without progress are closed first, until the rest is under it;
 * - at most `max` connections are open: one more makes room by closing the connection that has
 *   gone the longest without progress.
 *
 * A streamed answer (an export) is written only as fast as its reader takes it, so it never piles
 * up: a slow reader is paced, not closed; one that stops reading for `stallSeconds` is closed,
 * and its answer ends without its last chunk (the browser reports a failed download). Time the
 * server itself was busy is not counted against a connection.
 *
 * Progress is what a connection gets done: a request arrived, an answer finished, answer bytes
 * taken by the system (Node sees them when a write completes: a page is one write, a file a
 * write per block), request body bytes arriving. Header bytes trickling in are not progress (a
 * request that never ends is refused by Node's own time limits). A visitor's browser gets its
 * answers at once and none of this ever touches it.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  max: number;
  pipelined: number;
  unsentBytes: number;
  unsentBytesTotal: number;
  stallSeconds: number;
}

/** Why a connection was closed. */
type ShedReason = 'pipelined' | 'unsentBytes' | 'stalled' | 'unsentBytesTotal' | 'max';

export interface ConnectionGuard {
  /** Tracks the server's connections (call once, on the server that `admit` serves). */
  attach(server: Server): void;
  /** Whether to answer this request; false when it closed the connection instead. */
  admit(request: IncomingMessage, response: ServerResponse): boolean;
  /**
   * Closes the connections with nothing under way: no answer owed, and no byte received since the
   * last one was answered (a browser's connection opened ahead, which never sent a request, say).
   * Node's own closeIdleConnections() leaves those open, and a stopping server would wait for
   * them until their timeout (a minute or more). Returns how many it closed.
   */
  closeIdle(): number;
}

/** How often the connections are looked at. Between two looks, answers can add only so much. */
const LOOK_EVERY_MS = 100;
/** A look this late means the server itself was busy (a long synchronous step), not a slow machine's jitter. */
const SERVER_BUSY_MS = 1000;
/** Closed connections are reported (to the log) at most this often, counted by reason. */
const REPORT_EVERY_MS = 10_000;
/** Emitted on the attached server after each look at its connections (tests wait for it, not for a time). */
export const LOOKED_EVENT = 'connectionsLooked';

interface Tracked {
  /** The answers not yet handed to the system (the first one being sent, the others queued behind it). */
  waiting: Set<ServerResponse>;
  /** Bytes read when its last answer was finished (more since: a request is arriving). */
  readWhenAnswered: number;
  /** Bytes read and delivered when last looked at. */
  read: number;
  delivered: number;
  /** When it last made progress. */
  progressAt: number;
}

interface Look {
  socket: Socket;
  /** Answer bytes waiting: in the socket, and in the answers queued behind the one being sent. */
  unsent: number;
  /** Milliseconds since it last made progress. */
  idle: number;
}

export function createConnectionGuard(
  limits: ConnectionLimits,
  { now = Date.now, report = () => {} }: { now?: () => number; report?: (closed: Partial<Record<ShedReason, number>>) => void } = {},
): ConnectionGuard {
  const tracked = new Map<Socket, Tracked>();
  let closed: Partial<Record<ShedReason, number>> = {};
  let reportedAt = now();
  let timer: NodeJS.Timeout | undefined;
  let attachedTo: Server | undefined;

  const shed = (socket: Socket, reason: ShedReason) => {
    if (socket.destroyed) return;
    closed[reason] = (closed[reason] ?? 0) + 1;
    socket.destroy();
  };

  const look = (socket: Socket, t: Tracked, time: number): Look => {
    let unsent = socket.writableLength;
    for (const response of t.waiting) if (!response.socket) unsent += response.writableLength;
    // bytesWritten counts what is still buffered too: delivered is what the system took.
    const delivered = (socket.bytesWritten ?? 0) - socket.writableLength;
    const bodyArrived = socket.bytesRead > t.read && t.waiting.size > 0 && unsent === 0;
    if (delivered > t.delivered || bodyArrived) t.progressAt = time;
    t.read = socket.bytesRead;
    t.delivered = delivered;
    return { socket, unsent, idle: time - t.progressAt };
  };

  let lookedAt = now();
  const enforce = () => {
    const time = now();
    // Time the server itself was busy (the look came late) is no connection's fault: a reader
    // that could not be written to meanwhile is not stalled. Its progress clocks move on by it.
    const late = time - lookedAt - LOOK_EVERY_MS;
    lookedAt = time;
    if (late > SERVER_BUSY_MS) for (const t of tracked.values()) t.progressAt += late;
    let total = 0;
    const holding: Look[] = [];
    for (const [socket, t] of tracked) {
      const l = look(socket, t, time);
      if (l.unsent === 0) continue;
      if (l.unsent > limits.unsentBytes) shed(socket, 'unsentBytes');
      else if (l.idle > limits.stallSeconds * 1000) shed(socket, 'stalled');
      else {
        total += l.unsent;
        holding.push(l);
      }
    }
    if (total > limits.unsentBytesTotal) {
      // The longest without progress first; among equals, the one holding most.
      holding.sort((a, b) => b.idle - a.idle || b.unsent - a.unsent);
      for (const l of holding) {
        if (total <= limits.unsentBytesTotal) break;
        shed(l.socket, 'unsentBytesTotal');
        total -= l.unsent;
      }
    }
    if (Object.keys(closed).length > 0 && time - reportedAt >= REPORT_EVERY_MS) {
      report(closed);
      closed = {};
      reportedAt = time;
    }
    attachedTo?.emit(LOOKED_EVENT);
  };

  /** Makes room for `newcomer` by closing the connection longest without progress (the newcomer if it is alone). */
  const makeRoom = (newcomer: Socket) => {
    const time = now();
    let worst: Look | undefined;
    for (const [socket, t] of tracked) {
      if (socket === newcomer || socket.destroyed) continue;
      const l = look(socket, t, time);
      if (!worst || l.idle > worst.idle) worst = l;
    }
    shed(worst?.socket ?? newcomer, 'max');
  };

  return {
    attach(server) {
      attachedTo = server;
      server.on('connection', (socket: Socket) => {
        tracked.set(socket, { waiting: new Set(), readWhenAnswered: 0, read: 0, delivered: 0, progressAt: now() });
        socket.once('close', () => {
          tracked.delete(socket);
          if (tracked.size === 0 && timer) {
            clearInterval(timer);
            timer = undefined;
          }
        });
        if (!timer) {
          lookedAt = now();
          timer = setInterval(enforce, LOOK_EVERY_MS).unref();
        }
        if (tracked.size > limits.max) makeRoom(socket);
      });
    },
    admit(request, response) {
      const socket = request.socket;
      const t = tracked.get(socket);
      if (!t) return true;
      if (socket.destroyed) return false;
      if (t.waiting.size >= limits.pipelined) {
        shed(socket, 'pipelined');
        return false;
      }
      t.waiting.add(response);
      t.progressAt = now();
      const answered = () => {
        if (!t.waiting.delete(response)) return;
        t.progressAt = now();
        if (t.waiting.size === 0) t.readWhenAnswered = socket.bytesRead;
      };
      response.once('finish', answered);
      response.once('close', answered);
      return true;
    },
    closeIdle() {
      let count = 0;
      for (const [socket, t] of tracked) {
        if (socket.destroyed || t.waiting.size > 0 || socket.bytesRead > t.readWhenAnswered) continue;
        socket.destroy();
        count++;
      }
      return count;
    },
  };
}
