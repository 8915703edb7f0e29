/**
 * The database's shape, as an ordered list of migrations. `PRAGMA user_version` records how
 * many have run; opening a database runs the ones it has not had, each in its own
 * transaction, so a database written by any earlier release opens with every lead kept.
 * Never edit a migration that has shipped: add a new one at the end.
 */
import type Database from 'better-sqlite3';
import { DEVELOPER } from '../accounts/developer';

/**
 * The features' code that shipped migrations call, given by the store's opener
 * (src/leads/server/store.ts) so that this folder imports no feature: the splitting of a mail's own
 * words from its quote, frozen as its migration shipped it (src/leads/server/migrations/splitText.ts),
 * and the leads' sort, search and people keys (src/leads/server/leadKeys.ts), which are today's
 * code, not the code of the release the migration shipped in.
 */
export interface MigrationCode {
  fillLeadKeys(db: Database.Database, again?: boolean): number;
  fillPeople(db: Database.Database): void;
  splitText(input: string): { text: string; quoted: string; unsure?: string };
}

interface Migration {
  /** What it does, for the log and for whoever reads this list. */
  name: string;
  up(db: Database.Database, code: MigrationCode): void;
}

export const migrations: readonly Migration[] = [
  {
    name: 'documents and uploaded files (the first release)',
    up(db) {
      db.exec(`
        CREATE TABLE IF NOT EXISTS documents (
          seq        INTEGER PRIMARY KEY AUTOINCREMENT,
          collection TEXT    NOT NULL,
          doc_id     TEXT    NOT NULL UNIQUE,
          data       TEXT    NOT NULL CHECK (json_valid(data)),
          created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        );
        CREATE INDEX IF NOT EXISTS documents_by_collection ON documents (collection, seq);
        CREATE TABLE IF NOT EXISTS files (
          path       TEXT    PRIMARY KEY,
          token      TEXT    NOT NULL,
          media_type TEXT    NOT NULL,
          size       INTEGER NOT NULL,
          created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        );
      `);
    },
  },
  {
    name: "the browser's submission keys",
    up(db) {
      // Databases of the first release may already have the column (it was added on open then).
      const columns = db.prepare('PRAGMA table_info(documents)').all() as { name: string }[];
      if (!columns.some((c) => c.name === 'client_key')) db.exec('ALTER TABLE documents ADD COLUMN client_key TEXT');
      db.exec('CREATE UNIQUE INDEX IF NOT EXISTS documents_by_client_key ON documents (collection, client_key)');
    },
  },
  {
    name: "the agency's side: each lead's status, note and spam mark; notifications; admin accounts and sessions",
    up(db) {
      db.exec(`
        -- Beside each document, never inside it: exports still give the specification's keys.
        CREATE TABLE leads (
          doc_id     TEXT    PRIMARY KEY REFERENCES documents (doc_id) ON DELETE CASCADE,
          status     TEXT    NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'read', 'replied', 'archived')),
          spam       INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1)),
          note       TEXT    NOT NULL DEFAULT '',
          updated_at TEXT
        );
        INSERT INTO leads (doc_id) SELECT doc_id FROM documents;
        CREATE INDEX leads_by_status ON leads (spam, status);

        -- One row per message to send (an e-mail, a webhook call). Its id is the message's
        -- stable id (Message-ID, webhook-id), so a receiver can drop a repeat.
        CREATE TABLE deliveries (
          id         TEXT    PRIMARY KEY,
          doc_id     TEXT    NOT NULL REFERENCES documents (doc_id) ON DELETE CASCADE,
          channel    TEXT    NOT NULL CHECK (channel IN ('email', 'webhook')),
          state      TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
          attempts   INTEGER NOT NULL DEFAULT 0,
          next_at    INTEGER NOT NULL,
          last_error TEXT,
          created_at INTEGER NOT NULL,
          sent_at    INTEGER
        );
        CREATE INDEX deliveries_due ON deliveries (state, next_at);
        CREATE INDEX deliveries_by_lead ON deliveries (doc_id);

        CREATE TABLE admins (
          email         TEXT    PRIMARY KEY COLLATE NOCASE,
          password_hash TEXT    NOT NULL,
          created_at    INTEGER NOT NULL
        );
        CREATE TABLE sessions (
          id           TEXT    PRIMARY KEY,
          email        TEXT    NOT NULL REFERENCES admins (email) ON DELETE CASCADE,
          data         TEXT    NOT NULL DEFAULT '{}',
          created_at   INTEGER NOT NULL,
          last_seen_at INTEGER NOT NULL
        );
        CREATE INDEX sessions_by_email ON sessions (email);
      `);
    },
  },
  {
    name: 'the health check writes one row',
    up(db) {
      db.exec('CREATE TABLE health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at INTEGER NOT NULL)');
    },
  },
  {
    name: 'wrong passwords at the sign-in, counted per account and per address',
    up(db) {
      // key: "account:<e-mail>" or "address:<ip>"; rows older than the window are swept away.
      db.exec(`
        CREATE TABLE sign_in_failures (
          key      TEXT    PRIMARY KEY,
          failures INTEGER NOT NULL,
          first_at INTEGER NOT NULL
        );
      `);
    },
  },
  {
    name: 'each uploaded file belongs to the lead whose own upload made it (the first to name its path and token)',
    up(db) {
      db.exec('ALTER TABLE files ADD COLUMN doc_id TEXT; CREATE INDEX files_by_lead ON files (doc_id)');
      // Leads stored before: the first (oldest) lead naming a file's address and token owns it.
      const claim = db.prepare('UPDATE files SET doc_id = ? WHERE path = ? AND token = ? AND doc_id IS NULL');
      // Gathered first: better-sqlite3 does not write while a statement is being iterated.
      const pending: [string, string, string][] = [];
      const named = /^\/api\/files\/([^?#]+)\?token=([A-Za-z0-9_-]+)$/;
      for (const row of db.prepare('SELECT doc_id AS docId, data FROM documents ORDER BY seq').iterate() as Iterable<{ docId: string; data: string }>) {
        for (const value of Object.values(JSON.parse(row.data) as Record<string, unknown>)) {
          const match = typeof value === 'string' ? named.exec(value) : null;
          if (match) pending.push([row.docId, decodeURIComponent(match[1]!), match[2]!]);
        }
      }
      for (const [docId, path, token] of pending) claim.run(docId, path, token);
    },
  },
  {
    name: "each lead's collection beside its status and spam mark: the inbox counts its views from this small table",
    up(db) {
      db.exec(`
        ALTER TABLE leads ADD COLUMN collection TEXT;
        UPDATE leads SET collection = (SELECT d.collection FROM documents d WHERE d.doc_id = leads.doc_id);
        CREATE INDEX leads_by_view ON leads (spam, collection, status);
      `);
    },
  },
  {
    name: "each inbox account's role: owners see leads and edit content, editors edit content only",
    up(db) {
      // The accounts made before roles existed keep seeing everything.
      db.exec("ALTER TABLE admins ADD COLUMN role TEXT NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'editor'))");
    },
  },
  {
    name: 'each spam verdict of the agency ("Mark as spam", "Not spam"): which lead, which verdict, who, when; kept so a later filter can learn from them',
    up(db) {
      // Deleted with their lead (a deletion or an erasure leaves nothing of it).
      db.exec(`
        CREATE TABLE spam_marks (
          id        INTEGER PRIMARY KEY AUTOINCREMENT,
          doc_id    TEXT    NOT NULL REFERENCES documents (doc_id) ON DELETE CASCADE,
          verdict   TEXT    NOT NULL CHECK (verdict IN ('spam', 'not_spam')),
          marked_by TEXT    NOT NULL,
          marked_at TEXT    NOT NULL
        );
        CREATE INDEX spam_marks_by_lead ON spam_marks (doc_id);
      `);
    },
  },
  {
    name: "e-mails to the visitor (the auto-reply, the agency's replies) go through the deliveries queue, each kept with its words; auto-replies are counted per day under a salted key, never the address",
    up(db) {
      // SQLite cannot change a CHECK: the table is made again with the 'visitor' channel, rows kept.
      db.exec(`
        CREATE TABLE deliveries_with_visitor (
          id         TEXT    PRIMARY KEY,
          doc_id     TEXT    NOT NULL REFERENCES documents (doc_id) ON DELETE CASCADE,
          channel    TEXT    NOT NULL CHECK (channel IN ('email', 'webhook', 'visitor')),
          state      TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
          attempts   INTEGER NOT NULL DEFAULT 0,
          next_at    INTEGER NOT NULL,
          last_error TEXT,
          created_at INTEGER NOT NULL,
          sent_at    INTEGER
        );
        INSERT INTO deliveries_with_visitor SELECT id, doc_id, channel, state, attempts, next_at, last_error, created_at, sent_at FROM deliveries;
        DROP TABLE deliveries;
        ALTER TABLE deliveries_with_visitor RENAME TO deliveries;
        CREATE INDEX deliveries_due ON deliveries (state, next_at);
        CREATE INDEX deliveries_by_lead ON deliveries (doc_id);

        CREATE TABLE visitor_mails (
          delivery_id TEXT    PRIMARY KEY REFERENCES deliveries (id) ON DELETE CASCADE,
          doc_id      TEXT    NOT NULL REFERENCES documents (doc_id) ON DELETE CASCADE,
          kind        TEXT    NOT NULL CHECK (kind IN ('autoReply', 'reply')),
          author      TEXT,
          to_address  TEXT    NOT NULL,
          subject     TEXT    NOT NULL,
          body        TEXT    NOT NULL,
          created_at  INTEGER NOT NULL
        );
        CREATE INDEX visitor_mails_by_lead ON visitor_mails (doc_id);

        CREATE TABLE auto_reply_days (
          day  TEXT PRIMARY KEY,
          salt BLOB NOT NULL
        );
        CREATE TABLE auto_reply_keys (
          key TEXT PRIMARY KEY,
          day TEXT NOT NULL
        );
      `);
    },
  },
  {
    name: "each lead's sort and search keys beside it (leadKeys.ts): the inbox's pages are index walks, its search an index of each value's characters, pairs and trigrams",
    up(db, code) {
      db.exec(`
        ALTER TABLE leads ADD COLUMN seq INTEGER;
        ALTER TABLE leads ADD COLUMN name_key TEXT COLLATE NOCASE;
        ALTER TABLE leads ADD COLUMN email_key TEXT COLLATE NOCASE;
        -- A search's leads are found by seq; each order of the list has its index, with the view's
        -- columns (a page's filters are read from the index alone).
        CREATE UNIQUE INDEX leads_by_seq ON leads (seq);
        CREATE INDEX leads_by_arrival ON leads (spam, seq, collection, status);
        CREATE INDEX leads_by_name ON leads (spam, name_key, seq, collection, status);
        CREATE INDEX leads_by_email ON leads (spam, email_key, seq, collection, status);
        CREATE INDEX leads_by_status_then_arrival ON leads (spam, status, seq, collection);
        CREATE INDEX leads_by_form ON leads (spam, collection, seq, status);
        CREATE TABLE lead_text (seq INTEGER PRIMARY KEY, text TEXT NOT NULL);
        CREATE VIRTUAL TABLE lead_search USING fts5 (words, tokenize = 'ascii', content = '', contentless_delete = 1, detail = none);
        -- A deleted lead's entries leave the index at once (not at a later merge).
        INSERT INTO lead_search (lead_search, rank) VALUES ('secure-delete', 1);
        CREATE TRIGGER leads_forget_keys AFTER DELETE ON leads BEGIN
          DELETE FROM lead_text WHERE seq = old.seq;
          DELETE FROM lead_search WHERE rowid = old.seq;
          UPDATE leads_version SET n = n + 1;
        END;
        -- Counted up by every change of a lead (a session's activity is no change): what the inbox
        -- worked out from the leads (counts, a search's leads) is kept until it moves.
        CREATE TABLE leads_version (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
        INSERT INTO leads_version (id, n) VALUES (1, 0);
        CREATE TRIGGER leads_added AFTER INSERT ON leads BEGIN UPDATE leads_version SET n = n + 1; END;
        CREATE TRIGGER leads_changed AFTER UPDATE ON leads BEGIN UPDATE leads_version SET n = n + 1; END;
      `);
      code.fillLeadKeys(db);
    },
  },
  {
    name: 'where each lead came from (beside it, never in the document), and the visits counted per day, page and source',
    up(db) {
      db.exec(`
        -- One row per lead that brought its source (src/leads/model/attribution.ts); gone with the lead.
        CREATE TABLE IF NOT EXISTS lead_sources (
          doc_id       TEXT PRIMARY KEY REFERENCES documents (doc_id) ON DELETE CASCADE,
          source       TEXT NOT NULL DEFAULT '',
          landing_page TEXT,
          form_page    TEXT,
          referrer     TEXT,
          utm_source   TEXT,
          utm_medium   TEXT,
          utm_campaign TEXT,
          utm_term     TEXT,
          utm_content  TEXT,
          click_ids    TEXT,
          device       TEXT
        );
        CREATE INDEX IF NOT EXISTS lead_sources_by_source ON lead_sources (source, utm_campaign);

        -- Counts, not hits: one row per day, page and source; no address, no identifier.
        CREATE TABLE IF NOT EXISTS visits (
          day      TEXT    NOT NULL,
          page     TEXT    NOT NULL,
          source   TEXT    NOT NULL,
          campaign TEXT    NOT NULL,
          views    INTEGER NOT NULL DEFAULT 0,
          visits   INTEGER NOT NULL DEFAULT 0,
          visitors INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (day, page, source, campaign)
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    name: "each inbox account's known-browser key: its known browsers' cookies name it, and a new one (new password, account made again) makes them worthless",
    up(db) {
      db.exec("ALTER TABLE admins ADD COLUMN browser_key TEXT NOT NULL DEFAULT ''; UPDATE admins SET browser_key = lower(hex(randomblob(16)))");
    },
  },
  {
    name: "conversations: the status Answered (the visitor wrote back), each lead's person (its e-mail address, any case or +tag) and last activity; the mails read from the agency's mailbox, and where the reading got to",
    up(db, code) {
      // SQLite cannot change a CHECK: the table is made again with 'answered', every row, index and trigger kept.
      db.exec(`
        DROP TRIGGER IF EXISTS leads_forget_keys;
        DROP TRIGGER IF EXISTS leads_added;
        DROP TRIGGER IF EXISTS leads_changed;
        CREATE TABLE leads_with_answered (
          doc_id     TEXT    PRIMARY KEY REFERENCES documents (doc_id) ON DELETE CASCADE,
          status     TEXT    NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'read', 'answered', 'replied', 'archived')),
          spam       INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1)),
          note       TEXT    NOT NULL DEFAULT '',
          updated_at TEXT,
          collection TEXT,
          seq        INTEGER,
          name_key   TEXT COLLATE NOCASE,
          email_key  TEXT COLLATE NOCASE,
          person     TEXT,
          active_at  TEXT
        );
        INSERT INTO leads_with_answered (doc_id, status, spam, note, updated_at, collection, seq, name_key, email_key)
          SELECT doc_id, status, spam, note, updated_at, collection, seq, name_key, email_key FROM leads;
        DROP TABLE leads;
        ALTER TABLE leads_with_answered RENAME TO leads;
        CREATE INDEX leads_by_status ON leads (spam, status);
        CREATE INDEX leads_by_view ON leads (spam, collection, status);
        CREATE UNIQUE INDEX leads_by_seq ON leads (seq);
        CREATE INDEX leads_by_arrival ON leads (spam, seq, collection, status);
        CREATE INDEX leads_by_name ON leads (spam, name_key, seq, collection, status);
        CREATE INDEX leads_by_email ON leads (spam, email_key, seq, collection, status);
        CREATE INDEX leads_by_status_then_arrival ON leads (spam, status, seq, collection);
        CREATE INDEX leads_by_form ON leads (spam, collection, seq, status);
        CREATE INDEX leads_by_person ON leads (person, seq);
        CREATE TRIGGER leads_forget_keys AFTER DELETE ON leads BEGIN
          DELETE FROM lead_text WHERE seq = old.seq;
          DELETE FROM lead_search WHERE rowid = old.seq;
          UPDATE leads_version SET n = n + 1;
        END;
        CREATE TRIGGER leads_added AFTER INSERT ON leads BEGIN UPDATE leads_version SET n = n + 1; END;
        CREATE TRIGGER leads_changed AFTER UPDATE ON leads BEGIN UPDATE leads_version SET n = n + 1; END;

        -- Mails read from the agency's mailbox that name a mail the site sent (src/leads/server/mailbox):
        -- the visitor's answers ('in') and the agency's replies from a mail program ('out'). One row
        -- per Message-ID: a mail read twice (two folders, a second reading) is kept once.
        CREATE TABLE lead_messages (
          id           INTEGER PRIMARY KEY AUTOINCREMENT,
          doc_id       TEXT    NOT NULL REFERENCES documents (doc_id) ON DELETE CASCADE,
          message_id   TEXT    NOT NULL UNIQUE,
          direction    TEXT    NOT NULL CHECK (direction IN ('in', 'out')),
          from_address TEXT    NOT NULL,
          from_name    TEXT    NOT NULL DEFAULT '',
          subject      TEXT    NOT NULL DEFAULT '',
          body         TEXT    NOT NULL DEFAULT '',
          too_large    INTEGER NOT NULL DEFAULT 0,
          attachments  TEXT    NOT NULL DEFAULT '[]',
          sent_at      INTEGER NOT NULL,
          read_at      INTEGER NOT NULL,
          folder       TEXT    NOT NULL
        );
        CREATE INDEX lead_messages_by_lead ON lead_messages (doc_id, sent_at);

        -- How far each folder has been read (its UIDVALIDITY and the last UID looked at).
        CREATE TABLE mailbox_folders (
          folder       TEXT    PRIMARY KEY,
          uid_validity TEXT    NOT NULL,
          last_uid     INTEGER NOT NULL
        );
        -- The reading's last success and failure, for the inbox.
        CREATE TABLE mailbox_status (
          id         INTEGER PRIMARY KEY CHECK (id = 1),
          read_at    INTEGER,
          failing_since INTEGER,
          error      TEXT,
          next_try_at INTEGER
        );
      `);
      code.fillPeople(db);
      // Last activity: the lead's arrival, its last change, the last mail sent to it.
      db.exec(`
        UPDATE leads SET active_at = max(
          coalesce((SELECT d.created_at FROM documents d WHERE d.doc_id = leads.doc_id), ''),
          coalesce(updated_at, ''),
          coalesce((SELECT strftime('%Y-%m-%dT%H:%M:%fZ', max(m.created_at) / 1000.0, 'unixepoch') FROM visitor_mails m WHERE m.doc_id = leads.doc_id), '')
        );
      `);
    },
  },
  {
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
    name: "what happens to each lead, as events written in the change's own transaction (stored, answered, replied, read, staged, assigned, …): the notifications, the digest and the inbox's live updates read them; each lead's unread mark and since when its person waits for the agency",
    up(db) {
      db.exec(`
        -- One row per thing that happened to a lead; gone with the lead (erasure, retention).
        -- kind: src/leads/server/leadEvents.ts LeadEventKind; actor: the account that did it, NULL for the
        -- visitor or the site itself; data: what the kind needs (JSON, never the visitor's text).
        CREATE TABLE lead_events (
          id     INTEGER PRIMARY KEY AUTOINCREMENT,
          doc_id TEXT    NOT NULL REFERENCES documents (doc_id) ON DELETE CASCADE,
          kind   TEXT    NOT NULL,
          actor  TEXT,
          data   TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(data)),
          at     INTEGER NOT NULL
        );
        CREATE INDEX lead_events_by_lead ON lead_events (doc_id, id);
        CREATE INDEX lead_events_by_kind ON lead_events (kind, at);

        -- Whether something of the lead is unseen by the agency (it arrived; the visitor answered):
        -- the inbox's count and the tab's title. And since when the person has been waiting for the
        -- agency (their submission or answer that no reply of the agency has followed yet), or NULL.
        ALTER TABLE leads ADD COLUMN unread INTEGER NOT NULL DEFAULT 0 CHECK (unread IN (0, 1));
        ALTER TABLE leads ADD COLUMN waiting_since TEXT;
        UPDATE leads SET unread = 1 WHERE status = 'new';
        UPDATE leads SET waiting_since = CASE
          WHEN status IN ('new', 'read') THEN (SELECT d.created_at FROM documents d WHERE d.doc_id = leads.doc_id)
          WHEN status = 'answered' THEN active_at
        END;
        CREATE INDEX leads_by_unread ON leads (spam, unread);
        CREATE INDEX leads_by_waiting ON leads (spam, waiting_since, seq);
      `);
    },
  },
  {
    name: "mails kept by their headers when they cannot be read, and mails from the agency's address that are not proved to be the agency's",
    up(db) {
      db.exec(`
        -- Why a mail could not be read (kept by its headers, with a note on the lead); NULL: read whole.
        ALTER TABLE lead_messages ADD COLUMN unreadable TEXT;
        -- 1: from one of the agency's addresses, not proved to be the agency's (kept as the visitor's).
        ALTER TABLE lead_messages ADD COLUMN suspicious INTEGER NOT NULL DEFAULT 0;
      `);
    },
  },
  {
    name: "an account's drafts go with it",
    up(db) {
      // The drafts of accounts removed before this (their removal left them) go now; the developer's own (npm run dev) stay.
      db.prepare('DELETE FROM content_drafts WHERE author NOT IN (SELECT email FROM admins) AND author <> ?').run(DEVELOPER);
      db.exec(`
        -- However an account is removed (npm run leads -- remove-admin), its drafts (scheduled ones included) go with it.
        CREATE TRIGGER content_drafts_go_with_their_account AFTER DELETE ON admins
        BEGIN
          DELETE FROM content_drafts WHERE author = old.email;
        END;
      `);
    },
  },
  {
    name: "how each lead ends: its stage (and why it was lost), value, follow-up date and the owner's account it is assigned to; mails to the owners' accounts (the daily mail) in the deliveries queue, and each owner's day of it",
    up(db) {
      db.exec(`
        -- NULL: the first stage of config/admin.ts stages (where a new lead is); else a stage's key.
        ALTER TABLE leads ADD COLUMN stage TEXT;
        -- At the lost stage: one of config/admin.ts stages.lostReasons.
        ALTER TABLE leads ADD COLUMN lost_reason TEXT;
        -- What it is worth, in minor units of config/admin.ts currency (pence, cents).
        ALTER TABLE leads ADD COLUMN value_minor INTEGER CHECK (value_minor IS NULL OR value_minor >= 0);
        -- The agency's day to follow up on it (YYYY-MM-DD).
        ALTER TABLE leads ADD COLUMN follow_up TEXT;
        -- An owner's account; an account removed leaves its leads assigned to nobody.
        ALTER TABLE leads ADD COLUMN assignee TEXT REFERENCES admins (email) ON DELETE SET NULL;
        CREATE INDEX leads_by_stage ON leads (spam, stage, seq, collection, status);
        CREATE INDEX leads_by_assignee ON leads (spam, assignee, seq, collection, status);
        CREATE INDEX leads_by_follow_up ON leads (follow_up) WHERE follow_up IS NOT NULL;

        -- The deliveries made again (SQLite cannot change a CHECK or a NOT NULL) for mails to the
        -- owners' accounts: channel 'owner', about no one lead (doc_id NULL). Dropping the table
        -- would take the visitors' mails with it (they cascade): they are kept aside and put back.
        CREATE TEMP TABLE visitor_mails_kept AS SELECT * FROM visitor_mails;
        CREATE TABLE deliveries_with_owner (
          id         TEXT    PRIMARY KEY,
          doc_id     TEXT    REFERENCES documents (doc_id) ON DELETE CASCADE,
          channel    TEXT    NOT NULL CHECK (channel IN ('email', 'webhook', 'visitor', 'owner')),
          state      TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
          attempts   INTEGER NOT NULL DEFAULT 0,
          next_at    INTEGER NOT NULL,
          last_error TEXT,
          created_at INTEGER NOT NULL,
          sent_at    INTEGER,
          CHECK ((doc_id IS NULL) = (channel = 'owner'))
        );
        INSERT INTO deliveries_with_owner SELECT id, doc_id, channel, state, attempts, next_at, last_error, created_at, sent_at FROM deliveries;
        DROP TABLE deliveries;
        ALTER TABLE deliveries_with_owner RENAME TO deliveries;
        CREATE INDEX deliveries_due ON deliveries (state, next_at);
        CREATE INDEX deliveries_by_lead ON deliveries (doc_id);
        INSERT INTO visitor_mails SELECT * FROM visitor_mails_kept;
        DROP TABLE visitor_mails_kept;

        -- Each owner's daily mail (src/leads/server/notify/digest.ts), once per account and day of the
        -- agency: its delivery, or NULL when there was nothing to tell that day.
        CREATE TABLE digests (
          account     TEXT    NOT NULL,
          day         TEXT    NOT NULL,
          delivery_id TEXT    UNIQUE REFERENCES deliveries (id) ON DELETE SET NULL,
          at          INTEGER NOT NULL,
          PRIMARY KEY (account, day)
        );
      `);
    },
  },
  {
    name: 'the record of each erasure of a person (src/leads/server/privacy.ts): when, by which account, how many items of each kind; never the address',
    up(db) {
      db.exec(`
        -- at: ms since 1970; by: the inbox account; counts: { kind: how many } (shared/adminApi.ts ERASURE_KINDS).
        CREATE TABLE erasures (
          id     INTEGER PRIMARY KEY AUTOINCREMENT,
          at     INTEGER NOT NULL,
          by     TEXT    NOT NULL,
          counts TEXT    NOT NULL CHECK (json_valid(counts))
        );
      `);
    },
  },
  {
    name: "the newsletter's subscribers: one row per person (case and +tag folded), their state and the consent they gave",
    up(db) {
      db.exec(`
        -- One row per person who signed up in the newsletter box (src/newsletter/server/subscribers.ts).
        -- The sign-up itself stays a document of the collection subcribe, as the specification stores it;
        -- this row is the agency's side of it: whether they confirmed, how to reach them, what they agreed to.
        CREATE TABLE subscribers (
          id              INTEGER PRIMARY KEY AUTOINCREMENT,
          -- src/leads/model/person.ts personKey of the address: one row per person.
          person          TEXT    NOT NULL UNIQUE,
          -- The address as last typed (mail goes there).
          email           TEXT    NOT NULL,
          -- The sign-up's document (collection subcribe); NULL once that lead is deleted.
          doc_id          TEXT    REFERENCES documents (doc_id) ON DELETE SET NULL,
          state           TEXT    NOT NULL CHECK (state IN ('waiting', 'confirmed', 'unsubscribed', 'bounced')),
          -- The consent: when, on which page, the words shown next to the box.
          signed_up_at    INTEGER NOT NULL,
          page            TEXT,
          consent_words   TEXT    NOT NULL DEFAULT '',
          -- Where they came from (src/leads/model/attribution.ts), for insights.
          source          TEXT    NOT NULL DEFAULT '',
          campaign        TEXT,
          confirmed_at    INTEGER,
          unsubscribed_at INTEGER,
          -- A hard bounce (the address is not mailed again), and soft ones counted.
          bounced_at      INTEGER,
          soft_bounces    INTEGER NOT NULL DEFAULT 0,
          updated_at      INTEGER NOT NULL
        );
        CREATE INDEX subscribers_by_state ON subscribers (state, id);
      `);
    },
  },
  {
    name: "the conversation whole and readable: each mail read from the mailbox kept as its new part and its folded rest (quote, signature); the agency's replies from a mail program, sent on through the site by a reply address of each notification's own (its token's hash, lead, recipients and end); the mails' new parts in each lead's search",
    up(db, code) {
      db.exec(`
        -- The quote and the signature of a mail read from the mailbox (src/leads/server/mailbox/replyText.ts):
        -- body is the writer's new part, quoted the rest, folded behind "Show quoted text".
        ALTER TABLE lead_messages ADD COLUMN quoted TEXT NOT NULL DEFAULT '';
        -- How the agency's reply reached the visitor: written in the inbox, or in a mail program and
        -- sent on through the site (src/leads/server/mailbox/ownerReplies.ts).
        ALTER TABLE visitor_mails ADD COLUMN via TEXT NOT NULL DEFAULT 'inbox' CHECK (via IN ('inbox', 'mail'));

        -- The reply address of each notification mail: a random token's SHA-256 (never the token),
        -- the lead and the notification it was made for, the addresses the notification went to
        -- (only they may reply through it), and until when it is taken. Gone with the lead.
        CREATE TABLE reply_tokens (
          hash        TEXT    PRIMARY KEY,
          doc_id      TEXT    NOT NULL REFERENCES documents (doc_id) ON DELETE CASCADE,
          delivery_id TEXT    NOT NULL,
          sent_to     TEXT    NOT NULL CHECK (json_valid(sent_to)),
          created_at  INTEGER NOT NULL,
          expires_at  INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX reply_tokens_by_lead ON reply_tokens (doc_id);

        -- Each mail of the agency read at a reply address, once (its Message-ID): sent on to the visitor
        -- (its words are then the visitor mail's), or refused with why, its words and the rest kept for the
        -- inbox, and the mail telling its writer so (notice_*: pending until sent, tried again as deliveries are).
        CREATE TABLE mail_replies (
          id             INTEGER PRIMARY KEY AUTOINCREMENT,
          message_id     TEXT    NOT NULL UNIQUE,
          doc_id         TEXT    NOT NULL REFERENCES documents (doc_id) ON DELETE CASCADE,
          from_address   TEXT    NOT NULL,
          subject        TEXT    NOT NULL DEFAULT '',
          outcome        TEXT    NOT NULL CHECK (outcome IN ('sent', 'refused')),
          reason         TEXT,
          body           TEXT    NOT NULL DEFAULT '',
          quoted         TEXT    NOT NULL DEFAULT '',
          notice_state   TEXT    NOT NULL DEFAULT 'none' CHECK (notice_state IN ('none', 'pending', 'sent', 'failed')),
          notice_tries   INTEGER NOT NULL DEFAULT 0,
          notice_next_at INTEGER,
          created_at     INTEGER NOT NULL
        );
        CREATE INDEX mail_replies_by_lead ON mail_replies (doc_id);
        CREATE INDEX mail_replies_notices ON mail_replies (notice_next_at) WHERE notice_state = 'pending';
      `);
      // The mails kept before: split by their text (their HTML was not kept); those whose words sit between quotes stay whole.
      const batch = db.prepare("SELECT id, body FROM lead_messages WHERE id > ? AND body <> '' ORDER BY id LIMIT 500");
      const update = db.prepare('UPDATE lead_messages SET body = ?, quoted = ? WHERE id = ?');
      for (let after = 0; ;) {
        const rows = batch.all(after) as { id: number; body: string }[];
        for (const row of rows) {
          const split = code.splitText(row.body);
          if (!split.unsure && split.quoted !== '') update.run(split.text, split.quoted, row.id);
        }
        if (rows.length < 500) break;
        after = rows.at(-1)!.id;
      }
      code.fillLeadKeys(db, true);
    },
  },
  {
    name: "the inbox's order by attention (who waits for the agency, longest first, then the last activity) as an index, the views' counts with their unread leads from an index, and which answer each mail to the owner tells of",
    up(db) {
      db.exec(`
        -- The list's default order (src/leads/server/leads.ts, sort 'activity'): the leads whose person
        -- waits for the agency first, longest waiting first, then the others by last activity,
        -- newest first; with the view's columns, so a page of it is a walk of this index alone.
        CREATE INDEX leads_by_attention ON leads (spam, waiting_since IS NULL, waiting_since, active_at DESC, seq DESC, collection, status);
        -- A view's counts (src/leads/server/leads.ts viewCounts) count its unread leads too: read from this index alone.
        DROP INDEX leads_by_view;
        CREATE INDEX leads_by_view ON leads (spam, collection, status, unread);

        -- The mails that tell the owner of a client's answer (src/leads/server/notify/answers.ts): each
        -- is a delivery of the 'email' channel (its id starts with "ans_"), and names the answer.
        -- Gone with the delivery, and with the answer (its lead).
        CREATE TABLE answer_mails (
          delivery_id TEXT    PRIMARY KEY REFERENCES deliveries (id) ON DELETE CASCADE,
          message_id  INTEGER NOT NULL REFERENCES lead_messages (id) ON DELETE CASCADE
        );
        CREATE INDEX answer_mails_by_message ON answer_mails (message_id);
      `);
    },
  },
  {
    name: "automatic mails (an out-of-office, a delivery or feedback report, a list's mail) kept as such: they change nothing on their lead",
    up(db) {
      // What kind of automatic mail it is (AutomaticKind: src/leads/model/adminApi.ts); NULL: a person's.
      db.exec('ALTER TABLE lead_messages ADD COLUMN automatic TEXT');
    },
  },
  {
    name: "the mailbox's alarm: raised once the mailbox has failed for a set time, when the owner was mailed of it, and the last outage it ended",
    up(db) {
      db.exec(`
        -- When the alarm was raised (the mailbox failing for config/server.ts mailbox.alarm.afterMinutes); NULL: none.
        ALTER TABLE mailbox_status ADD COLUMN alarm_at INTEGER;
        -- When the owner was mailed of that alarm (once per outage); NULL: not yet.
        ALTER TABLE mailbox_status ADD COLUMN alarm_mailed_at INTEGER;
        -- The last outage that raised an alarm, once the mailbox was read again: from when, until when.
        ALTER TABLE mailbox_status ADD COLUMN back_from INTEGER;
        ALTER TABLE mailbox_status ADD COLUMN back_at INTEGER;
      `);
    },
  },
  {
    name: "the newsletters: each one written (a campaign, or an article sent), its send queue with one row per reader and their state, and the mailbox's reports on them read once",
    up(db) {
      db.exec(`
        -- One row per newsletter (src/newsletter/server/newsletters.ts). Its name is the utm_campaign of
        -- its links (insights count the visits and leads it brought by it); its body the typed blocks of
        -- config/articles (src/content/model/articleSchema.ts), an article's copied when it is chosen.
        CREATE TABLE newsletters (
          id          INTEGER PRIMARY KEY AUTOINCREMENT,
          name        TEXT    NOT NULL UNIQUE,
          subject     TEXT    NOT NULL,
          -- The article it sends (its file's id in config/articles), or NULL: a campaign written in the inbox.
          article     TEXT,
          body        TEXT    NOT NULL CHECK (json_valid(body)),
          -- draft, scheduled (send_at), sending (its readers are queued), sent (none left to send).
          state       TEXT    NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'scheduled', 'sending', 'sent')),
          send_at     INTEGER,
          -- The mail as it is sent, made once when the sending starts (every reader gets the same, their own unsubscribe link put in).
          mail        TEXT    CHECK (mail IS NULL OR json_valid(mail)),
          created_by  TEXT    NOT NULL,
          created_at  INTEGER NOT NULL,
          updated_by  TEXT    NOT NULL,
          updated_at  INTEGER NOT NULL,
          -- Who pressed Send (or scheduled it), when the sending started and ended.
          sent_by     TEXT,
          started_at  INTEGER,
          finished_at INTEGER
        );
        CREATE INDEX newsletters_due ON newsletters (state, send_at);

        -- The send queue: one row per reader of a newsletter, written when its sending starts (the
        -- subscribers confirmed then). A row is marked 'sending' before the SMTP call and 'sent' after
        -- it; one left 'sending' by a crash is sent again at the next start with the same Message-ID.
        -- An erasure of the person deletes their rows with their subscription.
        CREATE TABLE newsletter_recipients (
          id            INTEGER PRIMARY KEY AUTOINCREMENT,
          newsletter_id INTEGER NOT NULL REFERENCES newsletters (id) ON DELETE CASCADE,
          subscriber_id INTEGER NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
          -- The mail's Message-ID, without <> and the domain: "nl_" and 20 letters and digits, the same on every try.
          message_id    TEXT    NOT NULL UNIQUE,
          -- pending (due at next_at), sending, sent; failed (refused for good, or every try failed);
          -- skipped (no longer confirmed when its turn came).
          state         TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'skipped')),
          attempts      INTEGER NOT NULL DEFAULT 0,
          next_at       INTEGER NOT NULL,
          last_error    TEXT,
          sent_at       INTEGER,
          -- How often it was sent again after a crash left it 'sending' (its fate unknown).
          resent        INTEGER NOT NULL DEFAULT 0,
          -- What came back: the mailbox's delivery reports ('soft': 4.x.x, 'hard': 5.x.x or a 5xx at
          -- sending), a complaint (a feedback report), an unsubscribe by this newsletter's link.
          bounce        TEXT    CHECK (bounce IS NULL OR bounce IN ('soft', 'hard')),
          complained_at INTEGER,
          unsubscribed_at INTEGER,
          UNIQUE (newsletter_id, subscriber_id)
        );
        CREATE INDEX newsletter_recipients_due ON newsletter_recipients (state, next_at);
        CREATE INDEX newsletter_recipients_by_subscriber ON newsletter_recipients (subscriber_id, newsletter_id);

        -- The reports read from the mailbox about a newsletter (delivery reports, complaints, mailto
        -- unsubscribes), by their own Message-ID: each counted once, however often it is read.
        CREATE TABLE newsletter_reports (
          message_id TEXT    PRIMARY KEY,
          kind       TEXT    NOT NULL,
          at         INTEGER NOT NULL
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    name: "one person is one mailbox: Gmail's dots and googlemail.com fold too, every lead's and subscriber's stored key written again (two subscribers of one mailbox become one)",
    up(db) {
      // The rule as it stands from this release (src/leads/model/person.ts personKey), written out
      // here so that this migration never changes: a stored key is already trimmed, in lower case
      // and without its +tag, so only Gmail's keys change.
      const gmail = (key: string): string => {
        const at = key.lastIndexOf('@');
        return at < 0 || !['gmail.com', 'googlemail.com'].includes(key.slice(at + 1)) ? key : `${key.slice(0, at).replaceAll('.', '')}@gmail.com`;
      };
      const ofGmail = "(person LIKE '%@gmail.com' OR person LIKE '%@googlemail.com')";
      const lead = db.prepare('UPDATE leads SET person = ? WHERE doc_id = ?');
      for (const row of db.prepare(`SELECT doc_id AS docId, person FROM leads WHERE ${ofGmail}`).all() as { docId: string; person: string }[]) {
        if (gmail(row.person) !== row.person) lead.run(gmail(row.person), row.docId);
      }
      // Subscribers: one row per mailbox. Of the rows that become one, a bounced one stays (the
      // mailbox refuses mail), else the one changed last (the person's latest choice, as a sign-up
      // again would have made it); the others' rows of the send queue go to it where it has none.
      type Row = { id: number; person: string; state: string; updatedAt: number };
      const rows = db.prepare(`SELECT id, person, state, updated_at AS updatedAt FROM subscribers WHERE ${ofGmail}`).all() as Row[];
      const byMailbox = new Map<string, Row[]>();
      for (const row of rows) byMailbox.set(gmail(row.person), [...(byMailbox.get(gmail(row.person)) ?? []), row]);
      const holder = db.prepare('SELECT id, person, state, updated_at AS updatedAt FROM subscribers WHERE person = ?');
      for (const [mailbox, group] of byMailbox) {
        const all = [...group, ...(holder.all(mailbox) as Row[]).filter((row) => !group.some((g) => g.id === row.id))];
        const kept = [...all].sort((a, b) => Number(b.state === 'bounced') - Number(a.state === 'bounced') || b.updatedAt - a.updatedAt || b.id - a.id)[0]!;
        for (const other of all) {
          if (other.id === kept.id) continue;
          db.prepare('UPDATE OR IGNORE newsletter_recipients SET subscriber_id = ? WHERE subscriber_id = ?').run(kept.id, other.id);
          db.prepare('DELETE FROM newsletter_recipients WHERE subscriber_id = ?').run(other.id);
          db.prepare('DELETE FROM subscribers WHERE id = ?').run(other.id);
        }
        db.prepare('UPDATE subscribers SET person = ? WHERE id = ?').run(mailbox, kept.id);
      }
    },
  },
  {
    name: "visitor mail no stranger can use up: a mail over the day's count held for the next day, the day's counts per client network and for all (under the day's salt), a sign-up whose confirmation waits for the owner",
    up(db) {
      db.exec(`
        -- A visitor's mail held over the day's count (src/leads/server/notify/visitorMail.ts): what it
        -- is ('autoReply', 'confirmation'); its delivery is due at the next day's start, when it is
        -- counted in that day (or held again). NULL: not held.
        ALTER TABLE visitor_mails ADD COLUMN held_for TEXT CHECK (held_for IS NULL OR held_for IN ('autoReply', 'confirmation'));
        CREATE INDEX visitor_mails_held ON visitor_mails (held_for) WHERE held_for IS NOT NULL;
        -- How many visitor mails each day took: 'all', 'confirmation', 'refused' (auto-replies refused
        -- for their network), and per client network (an HMAC of it under the day's salt, never the
        -- address). Deleted with the day.
        CREATE TABLE visitor_mail_counts (
          day TEXT    NOT NULL,
          key TEXT    NOT NULL,
          n   INTEGER NOT NULL,
          PRIMARY KEY (day, key)
        ) WITHOUT ROWID;
        -- A sign-up from a network over its day's share: stored, its confirmation not sent until an
        -- owner sends it (since when it waits). NULL: not held.
        ALTER TABLE subscribers ADD COLUMN confirmation_held_at INTEGER;
      `);
    },
  },
  {
    name: 'a second step at sign-in: passkeys, an authenticator app, recovery codes; a sign-in waiting for its second step; whether owners require one',
    up(db) {
      db.exec(`
        -- An account's passkeys (WebAuthn credentials, src/platform/server/accounts/secondFactor.ts):
        -- the credential's id (base64url), its public key (COSE), its signature counter, the
        -- transports the browser named, the name the person gave it.
        CREATE TABLE admin_passkeys (
          id           TEXT    PRIMARY KEY,
          email        TEXT    NOT NULL REFERENCES admins (email) ON DELETE CASCADE,
          public_key   BLOB    NOT NULL,
          counter      INTEGER NOT NULL DEFAULT 0,
          transports   TEXT    NOT NULL DEFAULT '[]',
          name         TEXT    NOT NULL,
          created_at   INTEGER NOT NULL,
          last_used_at INTEGER
        );
        CREATE INDEX admin_passkeys_by_email ON admin_passkeys (email);
        -- An account's authenticator app (TOTP, RFC 6238): its secret (base32), when it was
        -- confirmed with a first code (NULL: being set up), the last time step a code was taken for
        -- (a code is taken once).
        CREATE TABLE admin_totp (
          email        TEXT    PRIMARY KEY REFERENCES admins (email) ON DELETE CASCADE,
          secret       TEXT    NOT NULL,
          confirmed_at INTEGER,
          last_step    INTEGER NOT NULL DEFAULT 0,
          created_at   INTEGER NOT NULL
        );
        -- One-time recovery codes: a SHA-256 of each (they are random, 50 bits and more), when used.
        CREATE TABLE admin_recovery_codes (
          email     TEXT    NOT NULL REFERENCES admins (email) ON DELETE CASCADE,
          code_hash TEXT    NOT NULL,
          used_at   INTEGER,
          PRIMARY KEY (email, code_hash)
        ) WITHOUT ROWID;
        -- A right password waiting for its second step: its id is in the browser's signed cookie;
        -- the passkey's challenge; whether the session is to be remembered. Taken once.
        CREATE TABLE second_steps (
          id         TEXT    PRIMARY KEY,
          email      TEXT    NOT NULL REFERENCES admins (email) ON DELETE CASCADE,
          challenge  TEXT    NOT NULL,
          remember   INTEGER NOT NULL,
          created_at INTEGER NOT NULL
        );
        -- The accounts' settings an owner makes in the inbox: one row.
        CREATE TABLE account_settings (
          id                    INTEGER PRIMARY KEY CHECK (id = 1),
          second_factor_required INTEGER NOT NULL DEFAULT 0
        );
        INSERT INTO account_settings (id) VALUES (1);
      `);
    },
  },
  {
    name: "a newsletter's revision, its history of changes (who, when) and its pictures by their own key",
    up(db) {
      db.exec(`
        -- Counted up by each change of its text: Send and Schedule name the revision the owner read.
        ALTER TABLE newsletters ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;

        -- Every change of a newsletter: who, when, the revision it made or was sent at. A run of
        -- edits by one account in a row is one row (its last revision and time).
        CREATE TABLE newsletter_changes (
          id            INTEGER PRIMARY KEY AUTOINCREMENT,
          newsletter_id INTEGER NOT NULL REFERENCES newsletters (id) ON DELETE CASCADE,
          revision      INTEGER NOT NULL,
          -- created, edited, scheduled (sent now or at a time), unscheduled (back to draft).
          kind          TEXT    NOT NULL CHECK (kind IN ('created', 'edited', 'scheduled', 'unscheduled')),
          account       TEXT    NOT NULL,
          at            INTEGER NOT NULL
        );
        CREATE INDEX newsletter_changes_of ON newsletter_changes (newsletter_id, id);
        INSERT INTO newsletter_changes (newsletter_id, revision, kind, account, at)
          SELECT id, 1, 'created', created_by, created_at FROM newsletters ORDER BY id;

        -- The uploads a newsletter's text shows (their names: the hash of their bytes, as WebP), kept
        -- when it is saved: the public picture route finds one by its name.
        CREATE TABLE newsletter_pictures (
          name          TEXT    NOT NULL,
          newsletter_id INTEGER NOT NULL REFERENCES newsletters (id) ON DELETE CASCADE,
          PRIMARY KEY (name, newsletter_id)
        ) WITHOUT ROWID;
        CREATE INDEX newsletter_pictures_of ON newsletter_pictures (newsletter_id);
        INSERT OR IGNORE INTO newsletter_pictures (name, newsletter_id)
          SELECT substr(p.value, 17), n.id FROM newsletters n, json_tree(n.body) p
          WHERE p.key = 'src' AND p.type = 'text' AND p.value GLOB '/images/uploads/*.webp';
      `);
    },
  },
  {
    name: 'a draft newsletter marked ready for an owner to send: by whom, when',
    up(db) {
      db.exec(`
        -- Set by an account (an editor, most often) on a draft; cleared when it is sent or scheduled,
        -- or taken back. The newsletter's state is then "ready" (src/newsletter/server/newsletters.ts).
        ALTER TABLE newsletters ADD COLUMN ready_by TEXT;
        ALTER TABLE newsletters ADD COLUMN ready_at INTEGER;
      `);
    },
  },
  {
    name: "the forms' proofs of work already taken: each solved puzzle counts for one form sent",
    up(db) {
      db.exec(`
        -- A puzzle's signature (ALTCHA's HMAC of it), the submission it was sent with (the browser's
        -- Idempotency-Key: a retry of that same submission may send it again), and when it stops
        -- being good (rows past it are deleted).
        CREATE TABLE used_proofs (
          signature  TEXT    PRIMARY KEY,
          client_key TEXT    NOT NULL,
          expires_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX used_proofs_expiry ON used_proofs (expires_at);
      `);
    },
  },
  {
    name: "a new browser confirmed by mail: the browsers each account finished a sign-in from (hashes of their ids), the mailed code of a waiting sign-in, whether owners turned it on; a sign-up's document finds its subscriber",
    up(db) {
      db.exec(`
        -- A browser that finished a sign-in of the account: the SHA-256 of the id in its signed cookie.
        CREATE TABLE admin_devices (
          email        TEXT    NOT NULL REFERENCES admins (email) ON DELETE CASCADE,
          device_hash  TEXT    NOT NULL,
          created_at   INTEGER NOT NULL,
          last_used_at INTEGER NOT NULL,
          PRIMARY KEY (email, device_hash)
        ) WITHOUT ROWID;
        -- A waiting sign-in from a new browser: whether it needs the mailed code, whether its
        -- passkey, app or recovery code was given already, the code's hash, when it was mailed,
        -- its wrong tries.
        ALTER TABLE second_steps ADD COLUMN mail_needed INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE second_steps ADD COLUMN factor_done INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE second_steps ADD COLUMN mail_code_hash TEXT;
        ALTER TABLE second_steps ADD COLUMN mail_sent_at INTEGER;
        ALTER TABLE second_steps ADD COLUMN mail_tries INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE account_settings ADD COLUMN new_device_mail INTEGER NOT NULL DEFAULT 0;
        -- The visitors' mails due are sent a lead's first, a sign-up's confirmation after (notify/deliveries.ts): found by its document.
        CREATE INDEX subscribers_by_doc ON subscribers (doc_id);
      `);
    },
  },
  {
    name: "a mail to a lead's visitor that their mail server sent back: when the delivery report came, and its status",
    up(db) {
      db.exec(`
        -- Set when a delivery report read from the agency's mailbox says the mail will never arrive (src/leads/server/mailbox/record.ts).
        ALTER TABLE visitor_mails ADD COLUMN returned_at INTEGER;
        ALTER TABLE visitor_mails ADD COLUMN returned_status TEXT;
      `);
    },
  },
  {
    name: 'the language each lead was sent in (the page it came from: config/site.ts languages), beside the document; none for the leads before',
    up(db) {
      db.exec(`
        ALTER TABLE leads ADD COLUMN language TEXT;
        CREATE INDEX leads_by_language ON leads (language);
      `);
    },
  },
  {
    name: "the language each subscriber signed up in (the page of the newsletter box: config/site.ts languages), their mails written in it, none for the sign-ups before (the default language); a newsletter's words in the other languages, and its mail in each",
    up(db) {
      db.exec(`
        -- src/newsletter/server/subscribers.ts: the confirmation mail, its page, the newsletter and its unsubscribe page in this language.
        ALTER TABLE subscribers ADD COLUMN language TEXT;
        -- src/newsletter/server/newsletters.ts: a newsletter made from a translated article, its words in each other language
        -- (NewsletterTranslations); and, made when its sending starts beside mail, its mail for each other language's readers.
        ALTER TABLE newsletters ADD COLUMN translations TEXT CHECK (translations IS NULL OR json_valid(translations));
        ALTER TABLE newsletters ADD COLUMN mails TEXT CHECK (mails IS NULL OR json_valid(mails));
      `);
    },
  },
  {
    name: "which delivery report marked a mail to a lead's visitor as sent back (the report's line on the lead says what it changed); the reports before found by their lead and time",
    up(db) {
      db.exec(`
        -- The lead_messages row of the delivery report that set returned_at (src/leads/server/mailbox/record.ts).
        ALTER TABLE visitor_mails ADD COLUMN returned_by INTEGER;
        UPDATE visitor_mails SET returned_by = (
          SELECT l.id FROM lead_messages l WHERE l.doc_id = visitor_mails.doc_id AND l.automatic = 'deliveryReport' AND l.sent_at = visitor_mails.returned_at ORDER BY l.id LIMIT 1
        ) WHERE returned_at IS NOT NULL;
      `);
    },
  },
];

/** Runs the migrations this database has not had yet; returns how many ran. */
export function migrate(db: Database.Database, code: MigrationCode, list: readonly Migration[] = migrations): number {
  const done = db.pragma('user_version', { simple: true }) as number;
  if (done > list.length) {
    throw new Error(
      `The database was written by a newer release of the site (schema ${done}, this release knows ${list.length}): upgrade the site, or restore a backup.`,
    );
  }
  for (let version = done; version < list.length; version++) {
    db.transaction(() => {
      list[version]!.up(db, code);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  return list.length - done;
}
