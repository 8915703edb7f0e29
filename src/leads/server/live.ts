/**
 * The inbox's live updates (GET /api/admin/live, docs/endpoints.md): server-sent events, one
 * stream per open screen of the inbox (a tab, a phone), owners only. They say which lead changed
 * and how (its event's kind: src/leads/server/leadEvents.ts), never what a visitor wrote: the screen
 * asks for the list or the lead again, as it would after a reload.
 *
 * Where the news comes from: the lead events, read in order after the last one sent, at once
 * after a transaction of this process wrote one (watchLeadEvents), and every
 * `checkMilliseconds` while a screen listens (another process's: the command line's). A change
 * of the leads without an event (a deletion, an erasure, the retention) shows in
 * `leads_version`: the screens are told `leads`. After each batch, the inbox's number
 * (`unread`): the tab's title follows without asking.
 *
 * Each `lead` event carries its event's id: a browser whose stream was cut connects again by
 * itself (EventSource, after `retryMilliseconds`) with the last id it saw (Last-Event-ID) and is
 * sent what it missed, up to `resumeMax` events; more, or an id this database never gave, and it
 * is told `reset` (load everything again).
 *
 * What a stream may cost: `perAccount` streams per account (one more is refused, 429); a screen
 * that stops reading is closed once `MAX_UNSENT` bytes wait for it (its browser connects again);
 * every `heartbeatSeconds` a comment line keeps proxies from closing a quiet stream, and a stream
 * whose session has ended (timed out, signed out elsewhere, the account removed or no longer an
 * owner) is closed: ended by the session store's own rule (sessions.ts accountOfLiveSession).
 * Signing out closes the session's streams at once (on all devices: the account's), and the
 * server's stop closes them all first: its graceful close never waits on them (app.ts, connections.ts).
 */
import type { FormLookups } from '../../site/forms/model/registry';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Database from 'better-sqlite3';
import { PassThrough } from 'node:stream';
import server from '../../../config/server';
import { LIVE_EVENTS, type LiveLead } from '../model/adminApi';
import { roleMayUse } from '../../platform/inboxRoutes';
import { fill } from '../../schema/text';
import { lastLeadEventId, leadEventsAfter, watchLeadEvents, type LeadEvent } from './leadEvents';
import { preparedIn } from '../../platform/server/statements';
import type { Store } from '../../platform/server/store/store';
import { roleOf } from '../../platform/server/accounts/accounts';
import { unreadCount } from './inbox';
import { accountOfLiveSession, hashSessionId } from '../../platform/server/accounts/sessions';

const limits = server.admin.live;
/** Bytes a stream may hold for a screen that does not take them (about 700 events); more, and it is closed. */
const MAX_UNSENT = 64 * 1024;

interface Stream {
  account: string;
  /** Its session's row (sessions.ts hashSessionId). */
  session: string;
  out: PassThrough;
}

/** One event of the stream, as text/event-stream writes it. */
const message = (event: string, data: unknown, id?: number) => `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const leadMessage = (event: LeadEvent) => message(LIVE_EVENTS.lead, { lead: event.docId, kind: event.kind } satisfies LiveLead, event.id);

export class LiveUpdates {
  private readonly streams = new Set<Stream>();
  /** The last event told (every stream has been sent everything up to it). */
  private position = 0;
  /** leads_version when last looked at. */
  private version = 0;
  private watched: Database.Database | undefined;
  private unwatch: (() => void) | undefined;
  private looking: NodeJS.Timeout | undefined;
  private beating: NodeJS.Timeout | undefined;
  private soon = false;
  private closed = false;

  constructor(
    private readonly store: Store,
    /** The server's forms (app.served.forms): the unread number counts the leads of the forms that await an answer. */
    private readonly forms: FormLookups,
    private readonly clock: () => number,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  /** How many streams are open, of one account or of all. */
  count(account?: string): number {
    return [...this.streams].filter((stream) => account === undefined || stream.account === account).length;
  }

  /**
   * Answers a screen's request with its stream: the browser's wait before connecting again, what
   * it missed (Last-Event-ID), the inbox's number, then every change as it happens. 429 when the
   * account has its `perAccount` streams open already.
   */
  answer(request: FastifyRequest, reply: FastifyReply, account: string, sessionId: string): FastifyReply {
    // The server stops (a request that came in just before): no stream that nobody would end.
    if (this.closed) return reply.code(503).type('application/json; charset=utf-8').send({ message: server.messages.serverError });
    if (this.count(account) >= limits.perAccount) {
      return reply
        .code(429)
        .type('application/json; charset=utf-8')
        .send({ message: fill(server.admin.messages.tooManyScreens, { max: limits.perAccount }) });
    }
    const db = this.store.db;
    this.watch(db);
    // Everything so far is told to the streams open already: the new one starts where they are.
    if (this.streams.size === 0) {
      this.position = lastLeadEventId(db);
      this.version = leadsVersion(db);
    } else this.look();
    const out = new PassThrough();
    out.write(`retry: ${limits.retryMilliseconds}\n\n`);
    const since = request.headers['last-event-id'];
    if (typeof since === 'string' && since.trim() !== '') out.write(this.missed(db, since.trim()));
    out.write(this.unread());
    const stream: Stream = { account, session: hashSessionId(sessionId), out };
    this.streams.add(stream);
    // The browser closing its side of the connection has left (our server would otherwise keep a
    // half-closed connection to finish an answer: httpServer.ts; this answer never finishes).
    const socket = request.raw.socket;
    const left = () => this.end(stream, true);
    socket.once('end', left);
    reply.raw.once('close', () => {
      socket.off('end', left);
      this.drop(stream);
      out.destroy();
    });
    this.keepLooking();
    return (
      reply
        .code(200)
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-store')
        // A proxy that buffers answers (nginx) sends these at once.
        .header('X-Accel-Buffering', 'no')
        .send(out)
    );
  }

  /** Closes the streams of a session (signing out). */
  endSession(sessionId: string): void {
    const session = hashSessionId(sessionId);
    for (const stream of this.streams) if (stream.session === session) this.end(stream);
  }

  /** Closes every stream of an account (signing out on all devices). */
  endAccount(account: string): void {
    for (const stream of this.streams) if (stream.account === account) this.end(stream);
  }

  /** Closes every stream, and refuses new ones (the server stops). */
  close(): void {
    this.closed = true;
    for (const stream of this.streams) this.end(stream);
    this.stopLooking();
    this.unwatch?.();
  }

  /** What a screen coming back missed since the event `since`, or `reset` when that cannot be told. */
  private missed(db: Database.Database, since: string): string {
    const reset = message(LIVE_EVENTS.reset, {}, this.position);
    if (!/^\d{1,15}$/.test(since) || Number(since) > this.position) return reset;
    const events = leadEventsAfter(db, Number(since), limits.resumeMax + 1).filter((event) => event.id <= this.position);
    return events.length > limits.resumeMax ? reset : events.map(leadMessage).join('');
  }

  private unread(): string {
    return message(LIVE_EVENTS.unread, { unread: unreadCount(this.store, this.forms) });
  }

  /** Looks at once after a transaction of this process wrote an event. */
  private watch(db: Database.Database): void {
    if (this.watched === db) return;
    this.unwatch?.();
    this.watched = db;
    this.unwatch = watchLeadEvents(db, () => {
      if (this.soon || this.streams.size === 0) return;
      this.soon = true;
      setImmediate(() => this.look());
    });
  }

  /** Tells every stream what changed since it last looked. */
  private look(): void {
    this.soon = false;
    if (this.streams.size === 0 || this.closed) return;
    try {
      const db = this.store.db;
      const events = leadEventsAfter(db, this.position, limits.resumeMax + 1);
      const version = leadsVersion(db);
      if (events.length === 0 && version === this.version) return;
      let told: string;
      if (events.length > limits.resumeMax) {
        this.position = lastLeadEventId(db);
        told = message(LIVE_EVENTS.reset, {}, this.position);
      } else if (events.length > 0) {
        this.position = events.at(-1)!.id;
        told = events.map(leadMessage).join('');
      } else told = message(LIVE_EVENTS.leads, {});
      this.version = version;
      this.send(told + this.unread());
    } catch (error) {
      // The database cannot be read just now (a disk fault): the next look tries again.
      this.log(`Live updates: could not read the changes (${error instanceof Error ? error.message : String(error)}); looking again shortly.`);
    }
  }

  private send(text: string): void {
    for (const stream of this.streams) {
      // A screen that does not take what it is sent is closed: its browser connects again and catches up.
      if (stream.out.writableLength + stream.out.readableLength + text.length > MAX_UNSENT) this.end(stream, true);
      else stream.out.write(text);
    }
  }

  /** The heartbeat: a comment line to each stream; a stream whose session has ended is closed. */
  private beat(): void {
    const now = this.clock();
    for (const stream of [...this.streams]) {
      if (!this.sessionAlive(stream, now)) this.end(stream);
      else this.send(': \n\n');
    }
  }

  private sessionAlive(stream: Stream, now: number): boolean {
    try {
      // Ended as the session store ends it (idle, signed in too long ago, a remembered device unused for its days), or signed out.
      const account = accountOfLiveSession(this.store, stream.session, now);
      if (account === undefined) return false;
      const role = roleOf(this.store, account);
      return role !== undefined && roleMayUse(role, 'live');
    } catch {
      // The database cannot be read just now: the stream stays until it can.
      return true;
    }
  }

  private end(stream: Stream, cut = false): void {
    this.drop(stream);
    if (cut) stream.out.destroy();
    else stream.out.end();
  }

  private drop(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    if (this.streams.size === 0) this.stopLooking();
  }

  private keepLooking(): void {
    this.looking ??= setInterval(() => this.look(), limits.checkMilliseconds).unref();
    this.beating ??= setInterval(() => this.beat(), limits.heartbeatSeconds * 1000).unref();
  }

  private stopLooking(): void {
    clearInterval(this.looking);
    clearInterval(this.beating);
    this.looking = undefined;
    this.beating = undefined;
  }
}

const statements = preparedIn((db: Database.Database) => ({
  version: db.prepare('SELECT n FROM leads_version').pluck(),
}));

/** The leads' version (a trigger counts every insert, change and deletion: src/leads/server/migrations/index.ts). */
const leadsVersion = (db: Database.Database): number => statements(db).version.get() as number;
