/**
 * The site's database: one SQLite file (WAL, fully synchronous: an acknowledged submission
 * survives a crash or power cut) holding every document by collection, the records of uploaded
 * files, and the tables every feature keeps in it (its migrations: migrate.ts). Every feature's
 * migrations, and what a feature writes beside each new document (its `StoreParts`: the leads'
 * are src/leads/server/store.ts), come in from the program that opens it
 * (src/apps/server/siteStore.ts): this folder imports no feature.
 */
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DataUnavailable, isDataFault } from '../dataFaults';
import { migrate, type Migration } from './migrate';

export interface StoredFile {
  path: string;
  token: string;
  mediaType: string;
  size: number;
}

interface Saved {
  id: string;
  /** True when a document with the same client key was already stored (nothing new was written). */
  replayed: boolean;
}

/**
 * What a feature says of a new document besides its data, handed to the hooks of `onInsert` as
 * given: each feature declares its own keys here in its own file (TypeScript's module
 * augmentation, as Fastify's decorators are declared), so that this file names no feature.
 * @public (imported by no file: the features' declarations merge into it)
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' declarations
export interface DocumentFacts {}

/** A document just written, as the hooks of `onInsert` see it (inside its transaction). */
export interface Inserted extends DocumentFacts {
  docId: string;
  collection: string;
  document: Record<string, unknown>;
  /** Caught by the spam trap: stored in the Spam folder, never notified. */
  spam: boolean;
  /** The address the post came from (the visitors' mails hold its network to a share: notify/visitorMail.ts); never stored. */
  client?: string;
}

interface InsertOptions extends DocumentFacts {
  /** The browser's key for this submission: a retry stores nothing and gets the first id. */
  clientKey?: string;
  spam?: boolean;
  /** The address the post came from (Inserted.client). */
  client?: string;
}

/** A feature's part of the store: what it writes beside each new document, inside the document's transaction (before the hooks of `onInsert`). */
export interface StoreParts {
  /** What the feature sets up on the connection once it is open and migrated (the SQL functions its queries call). */
  connected?(db: Database.Database): void;
  documentAdded(
    db: Database.Database,
    added: { seq: number | bigint; docId: string; collection: string; document: Record<string, unknown>; spam: boolean },
  ): void;
}

/** What the store is opened with: every feature's migrations in their one order (migrate.ts inOrder), and the features' parts. */
export interface StoreSetup extends StoreParts {
  migrations: readonly Migration[];
}

export interface Store {
  readonly file: string;
  /** The open database, for the rooms that keep their own tables in it (their migrations: migrate.ts). */
  readonly db: Database.Database;
  /**
   * Runs `hook` inside the transaction of every new document (not of a replayed one): what it
   * writes (a pending notification) is on disk exactly when the document is.
   */
  onInsert(hook: (inserted: Inserted) => void): void;
  /** Adds a document; returns its new random id (like Firestore's). */
  insert(collection: string, document: Record<string, unknown>, options?: InsertOptions): string;
  /**
   * The same, for request handlers: documents arriving together are written in one
   * transaction (one disk flush for all of them, "group commit"); each promise resolves
   * only once its document is durably on disk. With a client key (the browser makes one
   * per submission), a retry of a stored submission stores nothing and gets the first id.
   */
  insertDurably(collection: string, document: Record<string, unknown>, options?: InsertOptions): Promise<Saved>;
  /** Every document of a collection, oldest first, exactly as sent. */
  list(collection: string): Record<string, unknown>[];
  count(collection?: string): number;
  addFile(file: StoredFile): void;
  getFile(filePath: string): StoredFile | undefined;
  /** A consistent copy of the database while the site runs (SQLite online backup). */
  backup(destination: string): Promise<void>;
  close(): void;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 20-character random id, as Firestore makes them. */
export function newDocumentId(): string {
  const bytes = randomBytes(20);
  let id = '';
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return id;
}

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'site.db');
}

export function openStore(dataDir: string, parts: StoreSetup, options: { readonly?: boolean } = {}): Store {
  mkdirSync(dataDir, { recursive: true });
  const file = databaseFile(dataDir);
  const db = new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  if (!options.readonly) {
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
      // Deleted content is overwritten, not left in free pages: an erased lead is gone from the file.
      db.pragma('secure_delete = ON');
      migrate(db, parts.migrations);
    } catch (error) {
      // A full disk (WAL mode needs room for its shared-memory file) or a newer database: not left open.
      db.close();
      throw error;
    }
  }
  parts.connected?.(db);

  const insertDocument = options.readonly ? undefined : db.prepare('INSERT INTO documents (collection, doc_id, data) VALUES (?, ?, ?)');
  const insertKeyed = options.readonly
    ? undefined
    : db.prepare('INSERT INTO documents (collection, doc_id, data, client_key) VALUES (?, ?, ?, ?) ON CONFLICT (collection, client_key) DO NOTHING');
  const selectByKey = options.readonly ? undefined : db.prepare('SELECT doc_id AS id FROM documents WHERE collection = ? AND client_key = ?');
  const listDocuments = db.prepare('SELECT data FROM documents WHERE collection = ? ORDER BY seq');
  const countAll = db.prepare('SELECT count(*) AS n FROM documents');
  const countCollection = db.prepare('SELECT count(*) AS n FROM documents WHERE collection = ?');
  const insertFile = options.readonly ? undefined : db.prepare('INSERT INTO files (path, token, media_type, size) VALUES (?, ?, ?, ?)');
  const selectFile = db.prepare('SELECT path, token, media_type AS mediaType, size FROM files WHERE path = ?');

  const hooks: ((inserted: Inserted) => void)[] = [];
  /** What goes with a new document: the features' rows beside it, then the hooks of `onInsert`. */
  const inserted = (seq: number | bigint, docId: string, collection: string, document: Record<string, unknown>, options: InsertOptions) => {
    const { clientKey: _clientKey, spam = false, ...facts } = options;
    parts.documentAdded(db, { seq, docId, collection, document, spam });
    for (const hook of hooks) hook({ ...facts, docId, collection, document, spam });
  };

  /** Inside a transaction: writes the document (once per client key) and what goes with it. */
  const insertInTransaction = (collection: string, document: Record<string, unknown>, options: InsertOptions = {}): Saved => {
    const { clientKey } = options;
    if (!insertDocument || !insertKeyed || !selectByKey) throw new Error('The store was opened read-only');
    const id = newDocumentId();
    const written =
      clientKey === undefined
        ? insertDocument.run(collection, id, JSON.stringify(document))
        : insertKeyed.run(collection, id, JSON.stringify(document), clientKey);
    if (written.changes === 0) return { id: (selectByKey.get(collection, clientKey) as { id: string }).id, replayed: true };
    inserted(written.lastInsertRowid, id, collection, document, options);
    return { id, replayed: false };
  };

  const insert = (collection: string, document: Record<string, unknown>, insertOptions?: InsertOptions): string =>
    db.transaction(() => insertInTransaction(collection, document, insertOptions).id)();

  type Pending = {
    collection: string;
    document: Record<string, unknown>;
    options?: InsertOptions;
    resolve: (saved: Saved) => void;
    reject: (e: unknown) => void;
  };
  let queue: Pending[] = [];
  const flush = () => {
    const batch = queue;
    queue = [];
    try {
      const saved = db.transaction(() => batch.map((p) => insertInTransaction(p.collection, p.document, p.options)))();
      batch.forEach((p, i) => p.resolve(saved[i]!));
    } catch (error) {
      batch.forEach((p) => p.reject(error));
    }
  };

  return {
    file,
    db,
    onInsert(hook) {
      hooks.push(hook);
    },
    insert,
    insertDurably(collection, document, insertOptions) {
      return new Promise<Saved>((resolve, reject) => {
        if (queue.length === 0) setImmediate(flush);
        queue.push({ collection, document, options: insertOptions, resolve, reject });
      });
    },
    list(collection) {
      return (listDocuments.all(collection) as { data: string }[]).map((row) => JSON.parse(row.data) as Record<string, unknown>);
    },
    count(collection) {
      const row = (collection === undefined ? countAll.get() : countCollection.get(collection)) as { n: number };
      return row.n;
    },
    addFile(stored) {
      if (!insertFile) throw new Error('The store was opened read-only');
      insertFile.run(stored.path, stored.token, stored.mediaType, stored.size);
    },
    getFile(filePath) {
      return selectFile.get(filePath) as StoredFile | undefined;
    },
    async backup(destination) {
      await db.backup(destination);
    },
    close() {
      if (queue.length > 0) flush();
      db.close();
    },
  };
}

/** At most one try a second to open a database the disk refused. */
const RETRY_EVERY_MS = 1000;

/**
 * The store of the running site. Opened at once when the data folder allows; when its disk
 * does not (full: SQLite cannot even make its WAL's shared-memory file; read-only; failing),
 * the site starts all the same and every use throws DataUnavailable (the forms answer with
 * their failure outcome, /healthz with 503) while each use, at most once a second, tries to
 * open it again: when space returns, the next form or health check finds it open. Any other
 * fault (a database written by a newer release) still stops the start. What needs the database
 * to run (the notifications' worker, the mailbox's reader…) starts with `whenOpen`.
 */
export interface StoreWhenPossible extends Store {
  /**
   * Runs `start` with the store once the database is open: at once when it is, else when a use
   * finds the disk allows it again (each start once, in the order they were given).
   */
  whenOpen(start: (store: Store) => void): void;
}

export function openStoreWhenPossible(
  dataDir: string,
  parts: StoreSetup,
  {
    onFault = () => {},
    now = Date.now,
  }: {
    /** A disk fault kept the database closed (at most once a second). */
    onFault?: (error: unknown) => void;
    now?: () => number;
  } = {},
): StoreWhenPossible {
  let store: Store | undefined;
  let closed = false;
  let triedAt = -Infinity;
  let lastFault: unknown;
  const hooks: ((inserted: Inserted) => void)[] = [];
  /** What waits for the database to open (whenOpen). */
  const starts: ((store: Store) => void)[] = [];

  const open = (): Store => {
    if (store) return store;
    if (closed) throw new Error('The store is closed');
    if (now() - triedAt < RETRY_EVERY_MS) throw new DataUnavailable(lastFault);
    triedAt = now();
    try {
      store = openStore(dataDir, parts);
    } catch (error) {
      if (!isDataFault(error)) throw error;
      lastFault = error;
      onFault(error);
      throw new DataUnavailable(error);
    }
    for (const hook of hooks) store.onInsert(hook);
    for (const start of starts.splice(0)) start(whenPossible);
    return store;
  };

  const whenPossible: StoreWhenPossible = {
    file: databaseFile(dataDir),
    get db() {
      return open().db;
    },
    onInsert(hook) {
      hooks.push(hook);
      store?.onInsert(hook);
    },
    insert: (collection, document, options) => open().insert(collection, document, options),
    insertDurably: async (collection, document, options) => open().insertDurably(collection, document, options),
    list: (collection) => open().list(collection),
    count: (collection) => open().count(collection),
    addFile: (file) => open().addFile(file),
    getFile: (filePath) => open().getFile(filePath),
    backup: async (destination) => open().backup(destination),
    whenOpen(start) {
      if (closed) return;
      if (store) start(whenPossible);
      else starts.push(start);
    },
    close() {
      closed = true;
      store?.close();
    },
  };
  try {
    open();
  } catch (error) {
    if (!(error instanceof DataUnavailable)) throw error;
  }
  return whenPossible;
}
