/**
 * Where @fastify/session keeps the inbox's sessions: rows of the `sessions` table, so a session
 * can be ended from the server (signing out, `remove-admin`, a new password) and survives a
 * restart. Only signed-in sessions are stored: a visitor of the sign-in page writes nothing.
 * The row is keyed by a hash of the session id, so the database (or a backup) holds no id a
 * browser could use. A session ends after `idleMinutes` without a request and `absoluteHours`
 * after signing in (config/server.ts), by the clock given (tests move it).
 */
import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import { createHash } from 'node:crypto';
import server from '../../../config/server';
import type { Store } from '../store';
import { lazyStatements } from '../statements';

/** What a session holds besides its cookie: who signed in, and the CSRF secret. */
export interface SessionData {
  email?: string;
  _csrf?: string;
}

declare module 'fastify' {
  interface Session {
    email?: string;
    _csrf?: string;
  }
}

const MINUTE_MS = 60 * 1000;
export const IDLE_MS = server.admin.idleMinutes * MINUTE_MS;
export const ABSOLUTE_MS = server.admin.absoluteHours * 60 * MINUTE_MS;

export const hashSessionId = (sessionId: string) => createHash('sha256').update(sessionId).digest('base64url');

/** The store interface @fastify/session expects (get, set, destroy with callbacks). */
export function sqliteSessionStore(store: Store, clock: () => number): SessionStore {
  const q = lazyStatements(store, (db) => ({
    select: db.prepare('SELECT email, data, created_at AS createdAt, last_seen_at AS lastSeenAt FROM sessions WHERE id = ?'),
    touch: db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?'),
    upsert: db.prepare(`
      INSERT INTO sessions (id, email, data, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET data = excluded.data, last_seen_at = excluded.last_seen_at`),
    remove: db.prepare('DELETE FROM sessions WHERE id = ?'),
  }));

  return {
    get(sessionId, callback) {
      try {
        const id = hashSessionId(sessionId);
        const row = q().select.get(id) as { email: string; data: string; createdAt: number; lastSeenAt: number } | undefined;
        const now = clock();
        if (!row) return callback(null, null);
        if (now - row.lastSeenAt > IDLE_MS || now - row.createdAt > ABSOLUTE_MS) {
          q().remove.run(id);
          return callback(null, null);
        }
        q().touch.run(now, id);
        // The plugin restores the cookie's settings from its own options: none are kept here.
        const session: SessionData = { ...(JSON.parse(row.data) as SessionData), email: row.email };
        callback(null, session as Session);
      } catch (error) {
        callback(error);
      }
    },
    set(sessionId, session, callback) {
      try {
        const { cookie: _cookie, email, ...data } = session as SessionData & { cookie?: unknown };
        if (email) {
          const now = clock();
          q().upsert.run(hashSessionId(sessionId), email, JSON.stringify(data), now, now);
        }
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

/** Deletes the rows of sessions that have ended (their browsers never signed out). */
export function sweepSessions(store: Store, now: number): number {
  return store.db.prepare('DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?').run(now - IDLE_MS, now - ABSOLUTE_MS).changes;
}
