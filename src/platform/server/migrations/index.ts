/**
 * The platform's migrations: the documents and their uploaded files, the health check's row, and
 * the accounts (roles, known browsers, sign-in failures, second steps). Numbered in the one order
 * of every feature's migrations (src/platform/server/store/migrate.ts); frozen once shipped: never
 * edited, importing nothing that can change. The accounts' and sessions' first tables came with
 * the leads' (migration 3, src/leads/server/migrations/index.ts).
 */
import type { Migration } from '../store/migrate';

export const platformMigrations: readonly Migration[] = [
  {
    id: 1,
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
    id: 2,
    name: "the browser's submission keys",
    up(db) {
      // Databases of the first release may already have the column (it was added on open then).
      const columns = db.prepare('PRAGMA table_info(documents)').all() as { name: string }[];
      if (!columns.some((c) => c.name === 'client_key')) db.exec('ALTER TABLE documents ADD COLUMN client_key TEXT');
      db.exec('CREATE UNIQUE INDEX IF NOT EXISTS documents_by_client_key ON documents (collection, client_key)');
    },
  },
  {
    id: 4,
    name: 'the health check writes one row',
    up(db) {
      db.exec('CREATE TABLE health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at INTEGER NOT NULL)');
    },
  },
  {
    id: 5,
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
    id: 8,
    name: "each inbox account's role: owners see leads and edit content, editors edit content only",
    up(db) {
      // The accounts made before roles existed keep seeing everything.
      db.exec("ALTER TABLE admins ADD COLUMN role TEXT NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'editor'))");
    },
  },
  {
    id: 13,
    name: "each inbox account's known-browser key: its known browsers' cookies name it, and a new one (new password, account made again) makes them worthless",
    up(db) {
      db.exec("ALTER TABLE admins ADD COLUMN browser_key TEXT NOT NULL DEFAULT ''; UPDATE admins SET browser_key = lower(hex(randomblob(16)))");
    },
  },
  {
    id: 30,
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
];
