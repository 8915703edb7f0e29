/**
 * The content editor's migrations: each account's drafts, scheduled publishes and the content's
 * own moments to publish. Numbered in the one order of every feature's migrations
 * (src/platform/server/store/migrate.ts); frozen once shipped: never edited, importing nothing that
 * can change.
 */
import type { Migration } from '../../../platform/server/store/migrate';

export const contentMigrations: readonly Migration[] = [
  {
    id: 15,
    name: "the content editor's drafts: each account's unpublished value of each file it edits, kept on the server",
    up(db) {
      db.exec(`
        CREATE TABLE content_drafts (
          author     TEXT    NOT NULL,
          file       TEXT    NOT NULL,
          value      TEXT    NOT NULL CHECK (json_valid(value)),
          -- The revision the draft was started from.
          base       TEXT    NOT NULL,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (author, file)
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    id: 16,
    name: "drafts scheduled to be published by the server, and the content's own moments to publish again (an article's expiry)",
    up(db) {
      db.exec(`
        -- When the server publishes the draft by itself (ms since 1970); NULL: not scheduled.
        ALTER TABLE content_drafts ADD COLUMN scheduled_at INTEGER;
        -- Why the last scheduled publish of this draft did not go through (then it is not scheduled any more).
        ALTER TABLE content_drafts ADD COLUMN schedule_error TEXT;
        CREATE INDEX content_drafts_scheduled ON content_drafts (scheduled_at) WHERE scheduled_at IS NOT NULL;

        -- "Publish the content as it is at this time": a moment the content names itself (an
        -- article's expires), kept until it has been published.
        CREATE TABLE content_jobs (
          due_at INTEGER NOT NULL,
          -- What asks for it: 'expires' of a content file.
          reason TEXT    NOT NULL,
          file   TEXT    NOT NULL,
          PRIMARY KEY (due_at, reason, file)
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    id: 19,
    name: "an account's drafts go with it",
    up(db) {
      // The drafts of accounts removed before this (their removal left them) go now; the developer's own (npm run dev: its address
      // written out, src/platform/server/accounts/developer.ts DEVELOPER as it was) stay.
      db.prepare('DELETE FROM content_drafts WHERE author NOT IN (SELECT email FROM admins) AND author <> ?').run('developer@localhost');
      db.exec(`
        -- However an account is removed (npm run leads -- remove-admin), its drafts (scheduled ones included) go with it.
        CREATE TRIGGER content_drafts_go_with_their_account AFTER DELETE ON admins
        BEGIN
          DELETE FROM content_drafts WHERE author = old.email;
        END;
      `);
    },
  },
];
