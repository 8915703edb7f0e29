/**
 * The database's shape, as an ordered list of migrations. `PRAGMA user_version` records how
 * many have run; opening a database runs the ones it has not had, each in its own
 * transaction, so a database written by any earlier release opens with every lead kept.
 * Never edit a migration that has shipped: add a new one at the end.
 */
import type Database from 'better-sqlite3';

interface Migration {
  /** What it does, for the log and for whoever reads this list. */
  name: string;
  up(db: Database.Database): void;
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
    name: "each uploaded file belongs to the lead whose own upload made it (the first to name its path and token)",
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
    name: "each spam verdict of the agency (\"Mark as spam\", \"Not spam\"): which lead, which verdict, who, when; kept so a later filter can learn from them",
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
];

/** Runs the migrations this database has not had yet; returns how many ran. */
export function migrate(db: Database.Database, list: readonly Migration[] = migrations): number {
  const done = db.pragma('user_version', { simple: true }) as number;
  if (done > list.length) {
    throw new Error(`The database was written by a newer release of the site (schema ${done}, this release knows ${list.length}): upgrade the site, or restore a backup.`);
  }
  for (let version = done; version < list.length; version++) {
    db.transaction(() => {
      list[version]!.up(db);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  return list.length - done;
}
