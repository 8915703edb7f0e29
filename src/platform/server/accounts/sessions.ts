/**
 * Where @fastify/session keeps the inbox's sessions: rows of the `sessions` table, so a session
 * can be ended from the server (signing out, `remove-admin`, a new password) and survives a
 * restart. Only signed-in sessions are stored: a visitor of the sign-in page writes nothing.
 * The row is keyed by a hash of the session id, so the database (or a backup) holds no id a
 * browser could use. A session ends after `idleMinutes` without a request and `absoluteHours`
 * after signing in (config/server.ts), by the clock given (tests move it); a remembered device's
 * ("Keep me signed in on this device") after `rememberedDays` without a request, however long it
 * has been used. It also keeps when its password was last typed (`passwordAt`: at the sign-in, or
 * asked again), which the actions that expose or destroy data look at (routes.ts).
 */
import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import { createHash } from 'node:crypto';
import server from '../../../../config/server';
import { lazyStatements, preparedIn, type HasDatabase } from '../statements';

/** What a session holds besides its cookie: who signed in, and the CSRF secret. */
export interface SessionData {
  email?: string;
  _csrf?: string;
  /** Signed in with "Keep me signed in on this device". */
  remembered?: boolean;
  /** When the password was last typed in this session (ms since 1970, the server's clock). */
  passwordAt?: number;
  /** Read from its row (not made at this request's sign-in): saving it never writes the row again once it is gone. */
  stored?: true;
  /** The challenge of a passkey being made (secondFactor.ts), until the browser answers it. */
  passkeyChallenge?: string;
}

declare module 'fastify' {
  interface Session {
    email?: string;
    _csrf?: string;
    remembered?: boolean;
    passwordAt?: number;
    stored?: true;
    passkeyChallenge?: string;
  }
}

const MINUTE_MS = 60 * 1000;
const IDLE_MS = server.admin.idleMinutes * MINUTE_MS;
const ABSOLUTE_MS = server.admin.absoluteHours * 60 * MINUTE_MS;
export const REMEMBERED_MS = server.admin.rememberedDays * 24 * 60 * MINUTE_MS;
const PASSWORD_AGAIN_MS = server.admin.passwordAgainMinutes * MINUTE_MS;

/** Whether a session has ended by the clock: idle too long, or (not remembered) signed in too long ago. */
const ended = (row: { createdAt: number; lastSeenAt: number; remembered: boolean }, now: number) =>
  row.remembered ? now - row.lastSeenAt > REMEMBERED_MS : now - row.lastSeenAt > IDLE_MS || now - row.createdAt > ABSOLUTE_MS;

export const hashSessionId = (sessionId: string) => createHash('sha256').update(sessionId).digest('base64url');

/** The store interface @fastify/session expects (get, set, destroy with callbacks). */
export function sqliteSessionStore(store: HasDatabase, clock: () => number): SessionStore {
  const q = lazyStatements(store, (db) => ({
    select: db.prepare('SELECT email, data, created_at AS createdAt, last_seen_at AS lastSeenAt FROM sessions WHERE id = ?'),
    touch: db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?'),
    upsert: db.prepare(`
      INSERT INTO sessions (id, email, data, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET data = excluded.data, last_seen_at = excluded.last_seen_at`),
    update: db.prepare('UPDATE sessions SET data = ?, last_seen_at = ? WHERE id = ?'),
    remove: db.prepare('DELETE FROM sessions WHERE id = ?'),
  }));

  return {
    get(sessionId, callback) {
      try {
        const id = hashSessionId(sessionId);
        const row = q().select.get(id) as { email: string; data: string; createdAt: number; lastSeenAt: number } | undefined;
        const now = clock();
        if (!row) return callback(null, null);
        const data = JSON.parse(row.data) as SessionData;
        if (ended({ ...row, remembered: data.remembered === true }, now)) {
          q().remove.run(id);
          return callback(null, null);
        }
        q().touch.run(now, id);
        // The plugin restores the cookie's settings from its own options: none are kept here.
        const session: SessionData = { ...data, email: row.email, stored: true };
        callback(null, session as Session);
      } catch (error) {
        callback(error);
      }
    },
    set(sessionId, session, callback) {
      try {
        const { cookie: _cookie, email, stored, ...data } = session as SessionData & { cookie?: unknown };
        const now = clock();
        // A session read from its row is only updated: ended meanwhile (signed out on all devices,
        // by another request), it stays ended. Only a sign-in writes a new row.
        if (email && stored) q().update.run(JSON.stringify(data), now, hashSessionId(sessionId));
        else if (email) q().upsert.run(hashSessionId(sessionId), email, JSON.stringify(data), now, now);
        callback();
      } catch (error) {
        // The account was removed while this request ran: there is nothing to keep.
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') callback();
        else callback(error);
      }
    },
    destroy(sessionId, callback) {
      try {
        q().remove.run(hashSessionId(sessionId));
        callback();
      } catch (error) {
        callback(error);
      }
    },
  };
}

const rowOf = preparedIn((db) => db.prepare('SELECT email, data, created_at AS createdAt, last_seen_at AS lastSeenAt FROM sessions WHERE id = ?'));

/**
 * The account of a session that has not ended, by the rule the store reads sessions with
 * (remembered or not), from its row's id (hashSessionId); undefined when it has ended or is gone.
 * A stream that outlives its request (the live updates: live.ts) asks this.
 */
export function accountOfLiveSession(store: HasDatabase, id: string, now: number): string | undefined {
  const row = rowOf(store.db).get(id) as { email: string; data: string; createdAt: number; lastSeenAt: number } | undefined;
  if (!row) return undefined;
  const data = JSON.parse(row.data) as SessionData;
  return ended({ ...row, remembered: data.remembered === true }, now) ? undefined : row.email;
}

/** Deletes the rows of sessions that have ended (their browsers never signed out). */
export function sweepSessions(store: HasDatabase, now: number): number {
  return store.db
    .prepare(
      `DELETE FROM sessions WHERE CASE WHEN json_extract(data, '$.remembered') = 1 THEN last_seen_at < @remembered
         ELSE last_seen_at < @idle OR created_at < @absolute END`,
    )
    .run({ remembered: now - REMEMBERED_MS, idle: now - IDLE_MS, absolute: now - ABSOLUTE_MS }).changes;
}

/** Ends every session of an account (signing out on all devices). Answers how many there were. */
export function endSessionsOf(store: HasDatabase, email: string): number {
  return store.db.prepare('DELETE FROM sessions WHERE email = ?').run(email).changes;
}

/** Whether the session's password was typed recently enough for the actions that expose or destroy data. */
export function passwordIsRecent(session: SessionData, now: number): boolean {
  return session.passwordAt !== undefined && now - session.passwordAt <= PASSWORD_AGAIN_MS;
}
