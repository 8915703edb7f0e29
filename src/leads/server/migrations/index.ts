/**
 * The leads' migrations: each lead's row and keys, its events, the deliveries and mails to the
 * visitor, the mailbox's mails, sources and visits, spam marks, erasures, the forms' proofs.
 * Numbered in the one order of every feature's migrations (src/platform/server/store/migrate.ts);
 * frozen once shipped: never edited, importing only the frozen copies beside them (splitText.ts,
 * leadKeys.ts). Migration 3 made the accounts' and sessions' tables too (they shipped together).
 */
import type { Migration } from '../../../platform/server/store/migrate';
import { fillLeadKeys, fillPeople } from './leadKeys';
import { splitText } from './splitText';

export const leadMigrations: readonly Migration[] = [
  {
    id: 3,
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
    id: 6,
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
    id: 7,
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
    id: 9,
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
    id: 10,
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
    id: 11,
    name: "each lead's sort and search keys beside it (leadKeys.ts): the inbox's pages are index walks, its search an index of each value's characters, pairs and trigrams",
    up(db) {
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
      fillLeadKeys(db);
    },
  },
  {
    id: 12,
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
    id: 14,
    name: "conversations: the status Answered (the visitor wrote back), each lead's person (its e-mail address, any case or +tag) and last activity; the mails read from the agency's mailbox, and where the reading got to",
    up(db) {
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
      fillPeople(db);
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
    id: 17,
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
    id: 18,
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
    id: 20,
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
    id: 21,
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
    id: 23,
    name: "the conversation whole and readable: each mail read from the mailbox kept as its new part and its folded rest (quote, signature); the agency's replies from a mail program, sent on through the site by a reply address of each notification's own (its token's hash, lead, recipients and end); the mails' new parts in each lead's search",
    up(db) {
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
          const split = splitText(row.body);
          if (!split.unsure && split.quoted !== '') update.run(split.text, split.quoted, row.id);
        }
        if (rows.length < 500) break;
        after = rows.at(-1)!.id;
      }
      fillLeadKeys(db, true);
    },
  },
  {
    id: 24,
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
    id: 25,
    name: "automatic mails (an out-of-office, a delivery or feedback report, a list's mail) kept as such: they change nothing on their lead",
    up(db) {
      // What kind of automatic mail it is (AutomaticKind: src/leads/model/adminApi.ts); NULL: a person's.
      db.exec('ALTER TABLE lead_messages ADD COLUMN automatic TEXT');
    },
  },
  {
    id: 26,
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
    id: 33,
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
    id: 35,
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
    id: 36,
    name: 'the language each lead was sent in (the page it came from: config/site.ts languages), beside the document; none for the leads before',
    up(db) {
      db.exec(`
        ALTER TABLE leads ADD COLUMN language TEXT;
        CREATE INDEX leads_by_language ON leads (language);
      `);
    },
  },
  {
    id: 38,
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
