/**
 * The content editor's drafts: each account's unpublished value of each file it edits, kept in
 * the site's database as it is typed, so nothing is lost to a reload, a closed tab, a lost
 * connection or a crash of the server in the middle of a publish (the unfinished edit becomes
 * its author's draft again: publish.ts). A publish of a file clears its author's draft of it.
 *
 * A draft may carry a time: the server publishes it by itself then (schedule.ts). A scheduled
 * publish that does not go through leaves the draft, unscheduled, with the reason.
 *
 * Every draft is kept through one gate, `keep`, which holds the drafts' limits (config/server.ts
 * admin.drafts: the files a draft may be of, its size, how many an account has, how many saves a
 * minute): the autosave route and the publish (which keeps its changes as drafts before anything
 * else) call it, and nothing else writes a draft's value. An account's drafts go with the account
 * (a trigger on its table: src/content/server/migrations/index.ts).
 */
import type { Statement } from 'better-sqlite3';
import server from '../../../config/server';
import { fill } from '../../schema/text';
import { createLimiter } from '../../platform/server/rateLimit';
import type { Store } from '../../platform/server/store/store';
import { isNewFileAllowed } from './write';

export interface Draft {
  author: string;
  file: string;
  value: unknown;
  /** The revision the draft was started from. */
  base: string;
  /** ms since 1970. */
  updatedAt: number;
  /** When the server publishes it by itself (ms since 1970). */
  scheduledAt?: number;
  /** Why the last scheduled publish did not go through. */
  scheduleError?: string;
}

interface Row {
  author: string;
  file: string;
  value: string;
  base: string;
  updated_at: number;
  scheduled_at: number | null;
  schedule_error: string | null;
}

const fromRow = (row: Row): Draft => ({
  author: row.author,
  file: row.file,
  value: JSON.parse(row.value) as unknown,
  base: row.base,
  updatedAt: row.updated_at,
  ...(row.scheduled_at === null ? {} : { scheduledAt: row.scheduled_at }),
  ...(row.schedule_error === null ? {} : { scheduleError: row.schedule_error }),
});

const COLUMNS = 'author, file, value, base, updated_at, scheduled_at, schedule_error';

/** Why a draft was not kept: the answer's status, config's sentence, and (429) the seconds to wait. */
interface DraftRefusal {
  status: 400 | 409 | 413 | 429;
  message: string;
  retryAfter?: number;
}

/** The longest revision name a draft is said to start from. */
const MAX_BASE = 200;

/** A file a draft may be kept of: one the editor edits, or may make (a new page, article or form, a translation). */
const draftable = (file: string) =>
  file === 'config/site.ts' ||
  file === 'config/routes.ts' ||
  /^config\/forms\/[\w-]{1,64}\.ts$/.test(file) ||
  /^config\/pages\/[\w-]{1,64}\.ts$/.test(file) ||
  isNewFileAllowed(file);

export interface Drafts {
  /** Every draft, of every account (an editor sees who else has a draft of a file). */
  all(): Draft[];
  of(author: string, file: string): Draft | undefined;
  /** How many drafts the account has. */
  count(author: string): number;
  /**
   * Keeps each change as the account's draft of its file, started from `base`, as far as the
   * drafts' limits allow, checked in this order for each change: a file a draft may be of, its
   * size, the account's saves a minute (each change kept takes one), how many drafts it has (a
   * new file's draft only while it has fewer than the limit). Answers, per change, undefined
   * (kept: its schedule, if any, stays, the newest value is the one published) or why not.
   */
  keep(author: string, changes: readonly { file: string; value: unknown }[], base: string): (DraftRefusal | undefined)[];
  /** The draft as started from `base` now (it is scheduled knowing what is published). */
  rebase(author: string, file: string, base: string): void;
  discard(author: string, file: string): void;
  /** Sets (a time) or clears (undefined) when the server publishes the draft; false when there is no such draft. */
  schedule(author: string, file: string, at: number | undefined): boolean;
  /** A scheduled publish did not go through: the draft stays, not scheduled any more, with the reason. */
  scheduleFailed(author: string, file: string, reason: string): void;
  /** The earliest time a draft is scheduled for. */
  nextScheduled(): number | undefined;
  /** The drafts scheduled at or before `at`, earliest first. */
  due(at: number): Draft[];
}

const messages = server.admin.messages;

/**
 * The drafts of the site's database (its statements made at first use: the database may open
 * later than the app), kept within `limits` (one bucket of saves per account, in memory: a
 * restart forgives them), their times read from `clock`.
 */
export function drafts(
  store: Store,
  { clock = Date.now, limits = server.admin.drafts }: { clock?: () => number; limits?: typeof server.admin.drafts } = {},
): Drafts {
  const saves = createLimiter(limits.rate, clock);
  let statements: Record<'list' | 'one' | 'count' | 'upsert' | 'rebase' | 'remove' | 'schedule' | 'failed' | 'next' | 'due', Statement> | undefined;
  const sql = () =>
    (statements ??= {
      list: store.db.prepare(`SELECT ${COLUMNS} FROM content_drafts ORDER BY updated_at DESC`),
      one: store.db.prepare(`SELECT ${COLUMNS} FROM content_drafts WHERE author = ? AND file = ?`),
      count: store.db.prepare('SELECT count(*) FROM content_drafts WHERE author = ?').pluck(),
      upsert: store.db.prepare(
        'INSERT INTO content_drafts (author, file, value, base, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (author, file) DO UPDATE SET value = excluded.value, base = excluded.base, updated_at = excluded.updated_at',
      ),
      rebase: store.db.prepare('UPDATE content_drafts SET base = ?, updated_at = ? WHERE author = ? AND file = ?'),
      remove: store.db.prepare('DELETE FROM content_drafts WHERE author = ? AND file = ?'),
      schedule: store.db.prepare('UPDATE content_drafts SET scheduled_at = ?, schedule_error = NULL WHERE author = ? AND file = ?'),
      failed: store.db.prepare('UPDATE content_drafts SET scheduled_at = NULL, schedule_error = ? WHERE author = ? AND file = ?'),
      next: store.db.prepare('SELECT min(scheduled_at) FROM content_drafts WHERE scheduled_at IS NOT NULL').pluck(),
      due: store.db.prepare(`SELECT ${COLUMNS} FROM content_drafts WHERE scheduled_at IS NOT NULL AND scheduled_at <= ? ORDER BY scheduled_at, author, file`),
    });
  const refusalOf = (author: string, file: unknown, text: string | undefined, base: unknown): DraftRefusal | undefined => {
    if (typeof base !== 'string' || base.length > MAX_BASE || text === undefined) return { status: 400, message: server.messages.badRequest };
    if (typeof file !== 'string' || !draftable(file)) return { status: 400, message: messages.notEditable };
    if (Buffer.byteLength(text) > limits.maxBytes) return { status: 413, message: fill(messages.draftTooLarge, { max: Math.floor(limits.maxBytes / 1000) }) };
    const wait = saves.take(author);
    if (wait > 0) return { status: 429, message: fill(messages.draftsTooFast, { seconds: wait }), retryAfter: wait };
    if (!sql().one.get(author, file) && (sql().count.get(author) as number) >= limits.perAccount)
      return { status: 409, message: fill(messages.tooManyDrafts, { max: limits.perAccount }) };
    return undefined;
  };
  // One transaction: the changes are kept together (and counted as they are kept).
  const keep = (author: string, changes: readonly { file: string; value: unknown }[], base: string) =>
    store.db.transaction(() => {
      const at = clock();
      return changes.map(({ file, value }) => {
        const text = JSON.stringify(value) as string | undefined;
        const refusal = refusalOf(author, file, text, base);
        if (!refusal) sql().upsert.run(author, file, text, base, at);
        return refusal;
      });
    })();
  return {
    all: () => (sql().list.all() as Row[]).map(fromRow),
    of: (author, file) => {
      const row = sql().one.get(author, file) as Row | undefined;
      return row && fromRow(row);
    },
    count: (author) => sql().count.get(author) as number,
    keep,
    rebase: (author, file, base) => void sql().rebase.run(base, clock(), author, file),
    discard: (author, file) => void sql().remove.run(author, file),
    schedule: (author, file, at) => sql().schedule.run(at ?? null, author, file).changes > 0,
    scheduleFailed: (author, file, reason) => void sql().failed.run(reason, author, file),
    nextScheduled: () => (sql().next.get() as number | null) ?? undefined,
    due: (at) => (sql().due.all(at) as Row[]).map(fromRow),
  };
}

interface ContentJob {
  file: string;
  /** ms since 1970. */
  at: number;
  reason: string;
}

/** "Publish the content as it is at this time" moments the content names itself (an article's expiry). */
export interface ContentJobs {
  /** Makes the jobs of `reason` these (file, time) pairs: later ones are added, those no longer named go; those already due stay until run. */
  sync(reason: string, wanted: readonly { file: string; at: number }[], now: number): void;
  next(): number | undefined;
  /** The jobs due at `at`, earliest first. */
  due(at: number): ContentJob[];
  /** A job was run: it goes. */
  done(job: ContentJob): void;
}

export function contentJobs(store: Store): ContentJobs {
  return {
    sync(reason, wanted, now) {
      const db = store.db;
      db.transaction(() => {
        // Jobs already due are kept (they run next); the others are replaced by what the content names now.
        db.prepare('DELETE FROM content_jobs WHERE reason = ? AND due_at > ?').run(reason, now);
        const add = db.prepare('INSERT OR IGNORE INTO content_jobs (due_at, reason, file) VALUES (?, ?, ?)');
        for (const { file, at } of wanted) if (at > now) add.run(at, reason, file);
      })();
    },
    next: () => (store.db.prepare('SELECT min(due_at) FROM content_jobs').pluck().get() as number | null) ?? undefined,
    due: (at) =>
      (
        store.db.prepare('SELECT due_at, reason, file FROM content_jobs WHERE due_at <= ? ORDER BY due_at').all(at) as {
          due_at: number;
          reason: string;
          file: string;
        }[]
      ).map((r) => ({
        file: r.file,
        at: r.due_at,
        reason: r.reason,
      })),
    done: (job) => void store.db.prepare('DELETE FROM content_jobs WHERE due_at = ? AND reason = ? AND file = ?').run(job.at, job.reason, job.file),
  };
}
