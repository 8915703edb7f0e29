/**
 * A database written by the release before migrations (its schema exactly as that release
 * made it, user_version 0) opens with every lead kept, gains the agency's tables, and opens
 * again without change. Drafts left by accounts removed earlier go at the upgrade.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fillLeadKeys } from '../../../leads/server/migrations/leadKeys';
import { openStore } from '../../../apps/server/siteStore';
import { removeAdmin } from '../accounts/accounts';
import { DEVELOPER } from '../accounts/developer';
import { migrate } from './migrate';
import { migrations } from '../../../apps/server/siteStore';
import { databaseFile } from './store';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** What the release of 2026-11-21 (commit 0036c66) wrote: its CREATE statements, then a lead and a file. */
function writeReleaseDatabase() {
  const db = new Database(databaseFile(dataDir));
  db.pragma('journal_mode = WAL');
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
    ALTER TABLE documents ADD COLUMN client_key TEXT;
    CREATE UNIQUE INDEX IF NOT EXISTS documents_by_client_key ON documents (collection, client_key);
  `);
  const insert = db.prepare('INSERT INTO documents (collection, doc_id, data, client_key) VALUES (?, ?, ?, ?)');
  insert.run(
    'Inquriy',
    'AAAAAAAAAAAAAAAAAAAA',
    JSON.stringify({ Fname: 'Ada', Email: 'ada@example.com', Number: '5550100', Pname: 'Shop', id: 1, Date: 'then' }),
    'key-one-1',
  );
  insert.run('subcribe', 'BBBBBBBBBBBBBBBBBBBB', JSON.stringify({ Email: 'bo@example.com', id: 2, Date: 'then' }), null);
  db.prepare('INSERT INTO files (path, token, media_type, size) VALUES (?, ?, ?, ?)').run('Image/CvDeveloper/x', 't', 'application/pdf', 9);
  db.close();
}

test('a database of the release before opens with every lead kept, each lead new, and the agency tables added', async () => {
  writeReleaseDatabase();
  const store = openStore(dataDir);
  try {
    expect(store.db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(store.list('Inquriy')).toEqual([{ Fname: 'Ada', Email: 'ada@example.com', Number: '5550100', Pname: 'Shop', id: 1, Date: 'then' }]);
    expect(store.list('subcribe')).toEqual([{ Email: 'bo@example.com', id: 2, Date: 'then' }]);
    expect(store.getFile('Image/CvDeveloper/x')).toMatchObject({ token: 't', size: 9 });
    expect(store.db.prepare('SELECT doc_id, status, spam, note FROM leads ORDER BY doc_id').all()).toEqual([
      { doc_id: 'AAAAAAAAAAAAAAAAAAAA', status: 'new', spam: 0, note: '' },
      { doc_id: 'BBBBBBBBBBBBBBBBBBBB', status: 'new', spam: 0, note: '' },
    ]);
    // The old client keys still work: a retry of the old submission stores nothing.
    expect(await store.insertDurably('Inquriy', { Fname: 'Ada' }, { clientKey: 'key-one-1' })).toEqual({ id: 'AAAAAAAAAAAAAAAAAAAA', replayed: true });
    const fresh = await store.insertDurably('Inquriy', { Fname: 'New' }, { clientKey: 'key-two-2', spam: true });
    expect(store.db.prepare('SELECT status, spam FROM leads WHERE doc_id = ?').get(fresh.id)).toEqual({ status: 'new', spam: 1 });
  } finally {
    store.close();
  }
  // Opened again: nothing runs twice, nothing is lost.
  const again = openStore(dataDir);
  try {
    expect(again.count()).toBe(3);
    expect(again.db.prepare('SELECT count(*) AS n FROM leads').get()).toEqual({ n: 3 });
  } finally {
    again.close();
  }
});

test('a new document and what a hook writes share one transaction: a failing hook stores neither', async () => {
  const store = openStore(dataDir);
  try {
    store.onInsert(({ collection }) => {
      if (collection === 'Contact_cli') throw new Error('the hook failed');
    });
    await expect(store.insertDurably('Contact_cli', { Name: 'x' })).rejects.toThrow('the hook failed');
    expect(store.count('Contact_cli')).toBe(0);
    expect(store.db.prepare('SELECT count(*) AS n FROM leads').get()).toEqual({ n: 0 });
    await store.insertDurably('subcribe', { Email: 'a@b.co' });
    expect(store.count('subcribe')).toBe(1);
  } finally {
    store.close();
  }
});

test('a database from a newer release is refused with a sentence, not changed', () => {
  const db = new Database(databaseFile(dataDir));
  db.pragma(`user_version = ${migrations.length + 1}`);
  db.close();
  expect(() => openStore(dataDir)).toThrow(/written by a newer release of the site .*upgrade the site, or restore a backup/);
});

test('a database of the release before the inbox (after migration 2: documents, files, submission keys) opens with every lead kept and the inbox tables added', async () => {
  // Written exactly as that release wrote it: its two migrations, then a lead per form and a CV's record.
  const db = new Database(databaseFile(dataDir));
  db.pragma('journal_mode = WAL');
  migrate(db, migrations.slice(0, 2));
  expect(db.pragma('user_version', { simple: true })).toBe(2);
  const documents = [
    ['subcribe', 'A'.repeat(20), { Email: 'bo@example.com', id: 1, Date: 'then' }],
    ['Inquriy', 'B'.repeat(20), { Fname: 'Ada', Email: 'ada@example.com', Number: '', Pname: 'Shop', id: 2, Date: 'then' }],
    [
      'freelancers',
      'C'.repeat(20),
      {
        fullName: 'Grace',
        Email: 'g@example.com',
        Number: '',
        portfolioUrl: 'x',
        SelectedTechnology: '',
        CvFile: '/api/files/Image/CvDeveloper/x?token=t',
        Messsage: 'Hi',
        id: 3,
        Date: 'then',
      },
    ],
    [
      'Contact_cli',
      'D'.repeat(20),
      { Fullname: 'Alan', Company: 'B Ltd', Number: '1', Email: 'a@example.co.uk', Your: '', Messsage: 'Hello', id: 4, Date: 'then' },
    ],
  ] as const;
  for (const [collection, docId, document] of documents) {
    db.prepare('INSERT INTO documents (collection, doc_id, data, client_key) VALUES (?, ?, ?, ?)').run(
      collection,
      docId,
      JSON.stringify(document),
      `key-${docId}`,
    );
  }
  db.prepare('INSERT INTO files (path, token, media_type, size) VALUES (?, ?, ?, ?)').run('Image/CvDeveloper/x', 't', 'application/pdf', 9);
  db.close();

  const store = openStore(dataDir);
  try {
    expect(store.db.pragma('user_version', { simple: true })).toBe(migrations.length);
    for (const [collection, , document] of documents) expect(store.list(collection)).toEqual([document]);
    expect(store.getFile('Image/CvDeveloper/x')).toMatchObject({ token: 't', size: 9 });
    expect(store.db.prepare("SELECT count(*) AS n FROM leads WHERE status = 'new' AND spam = 0 AND note = ''").get()).toEqual({ n: 4 });
    for (const table of ['deliveries', 'admins', 'sessions', 'sign_in_failures']) {
      expect(store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get()).toEqual({ n: 0 });
    }
  } finally {
    store.close();
  }
});

test("drafts of accounts removed before their drafts went with them go at the upgrade; the accounts' and the developer's stay, and a removal now takes its account's", () => {
  const at = migrations.findIndex((m) => m.name === "an account's drafts go with it");
  expect(at).toBeGreaterThan(0);
  const db = new Database(databaseFile(dataDir));
  db.pragma('journal_mode = WAL');
  migrate(db, migrations.slice(0, at));
  db.prepare('INSERT INTO admins (email, password_hash, created_at) VALUES (?, ?, ?)').run('stays@agency.test', 'x', 0);
  const draft = db.prepare("INSERT INTO content_drafts (author, file, value, base, updated_at) VALUES (?, ?, '{}', 'base', 0)");
  for (const [author, file] of [
    ['stays@agency.test', 'config/site.ts'],
    ['removed@agency.test', 'config/site.ts'],
    ['removed@agency.test', 'config/pages/home.ts'],
    [DEVELOPER, 'config/site.ts'],
  ])
    draft.run(author, file);
  db.close();

  const store = openStore(dataDir);
  const authors = () => store.db.prepare('SELECT DISTINCT author FROM content_drafts ORDER BY author').pluck().all();
  try {
    expect(authors()).toEqual([DEVELOPER, 'stays@agency.test']);
    expect(removeAdmin(store, 'stays@agency.test')).toBe(true);
    expect(authors()).toEqual([DEVELOPER]);
  } finally {
    store.close();
  }
});

test("a database of the release before the leads' stages keeps its deliveries and the visitors' mails (the deliveries are made again beside them), and takes the owners' mails", () => {
  const db = new Database(databaseFile(dataDir));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  const stages = migrations.findIndex((m) => m.name.startsWith('how each lead ends'));
  migrate(db, migrations.slice(0, stages));
  db.prepare("INSERT INTO documents (collection, doc_id, data) VALUES ('Contact_cli', 'AAAAAAAAAAAAAAAAAAAA', '{}')").run();
  db.prepare("INSERT INTO leads (doc_id, collection) VALUES ('AAAAAAAAAAAAAAAAAAAA', 'Contact_cli')").run();
  const insert = db.prepare('INSERT INTO deliveries (id, doc_id, channel, state, next_at, created_at) VALUES (?, ?, ?, ?, 1, 1)');
  insert.run('msg_mail', 'AAAAAAAAAAAAAAAAAAAA', 'email', 'sent');
  insert.run('msg_reply', 'AAAAAAAAAAAAAAAAAAAA', 'visitor', 'pending');
  db.prepare(
    "INSERT INTO visitor_mails (delivery_id, doc_id, kind, author, to_address, subject, body, created_at) VALUES ('msg_reply', 'AAAAAAAAAAAAAAAAAAAA', 'reply', 'owner@agency.test', 'ada@example.com', 'Your project', 'Dear Ada', 1)",
  ).run();
  db.close();

  const store = openStore(dataDir);
  try {
    expect(store.db.prepare('SELECT id, channel, state FROM deliveries ORDER BY id').all()).toEqual([
      { id: 'msg_mail', channel: 'email', state: 'sent' },
      { id: 'msg_reply', channel: 'visitor', state: 'pending' },
    ]);
    expect(store.db.prepare('SELECT delivery_id AS id, subject, body FROM visitor_mails').all()).toEqual([
      { id: 'msg_reply', subject: 'Your project', body: 'Dear Ada' },
    ]);
    expect(store.db.prepare('SELECT stage, lost_reason, value_minor, follow_up, assignee FROM leads').get()).toEqual({
      stage: null,
      lost_reason: null,
      value_minor: null,
      follow_up: null,
      assignee: null,
    });
    // A mail to an owner's account is about no lead; every other delivery is about one.
    store.db.prepare("INSERT INTO deliveries (id, doc_id, channel, next_at, created_at) VALUES ('msg_owner', NULL, 'owner', 1, 1)").run();
    expect(() => store.db.prepare("INSERT INTO deliveries (id, doc_id, channel, next_at, created_at) VALUES ('msg_none', NULL, 'email', 1, 1)").run()).toThrow(
      /CHECK constraint/,
    );
    // The visitors' mails still go with their lead.
    store.db.prepare("DELETE FROM documents WHERE doc_id = 'AAAAAAAAAAAAAAAAAAAA'").run();
    expect(store.db.prepare('SELECT count(*) FROM visitor_mails').pluck().get()).toBe(0);
    expect(store.db.prepare('SELECT id FROM deliveries').pluck().all()).toEqual(['msg_owner']);
  } finally {
    store.close();
  }
});

test('the mails kept before the conversation was split open split into their words and their quote, and join their lead\u2019s search; the agency\u2019s replies keep their words', async () => {
  const split = migrations.findIndex((m) => m.name.startsWith('the conversation whole and readable'));
  const db = new Database(databaseFile(dataDir));
  db.pragma('journal_mode = WAL');
  migrate(db, migrations.slice(0, split));
  const docId = 'E'.repeat(20);
  db.prepare('INSERT INTO documents (collection, doc_id, data, client_key) VALUES (?, ?, ?, ?)').run(
    'Inquriy',
    docId,
    JSON.stringify({ Fname: 'Ada', Email: 'ada@example.com', Number: '', Pname: 'Shop', id: 5, Date: 'then' }),
    null,
  );
  db.prepare('INSERT INTO leads (doc_id, collection, seq, person) VALUES (?, ?, (SELECT seq FROM documents WHERE doc_id = ?), ?)').run(
    docId,
    'Inquriy',
    docId,
    'ada@example.com',
  );
  fillLeadKeys(db, true);
  const message = db.prepare(
    "INSERT INTO lead_messages (doc_id, message_id, direction, from_address, body, sent_at, read_at, folder) VALUES (?, ?, 'in', 'ada@example.com', ?, 1, 1, 'INBOX')",
  );
  message.run(docId, '<a@example.com>', 'Wednesday suits me.\n\nOn Tue, 2 Jan 2024 at 10:00, Agency <site@agency.test> wrote:\n> Zanzibarian quoted words');
  message.run(docId, '<b@example.com>', 'Hello\n> between\nquoted lines');
  db.prepare("INSERT INTO deliveries (id, doc_id, channel, next_at, created_at) VALUES ('msg_AAAAAAAAAAAAAAAAAAAA', ?, 'visitor', 1, 1)").run(docId);
  db.prepare(
    "INSERT INTO visitor_mails (delivery_id, doc_id, kind, author, to_address, subject, body, created_at) VALUES ('msg_AAAAAAAAAAAAAAAAAAAA', ?, 'reply', 'owner@agency.test', 'ada@example.com', 'Re: Shop', 'Thursday at ten, then.', 2)",
  ).run(docId);
  db.close();

  const store = openStore(dataDir);
  try {
    expect(store.db.prepare('SELECT body, quoted FROM lead_messages ORDER BY id').all()).toEqual([
      { body: 'Wednesday suits me.', quoted: 'On Tue, 2 Jan 2024 at 10:00, Agency <site@agency.test> wrote:\n> Zanzibarian quoted words' },
      // Words between quoted lines: kept whole.
      { body: 'Hello\n> between\nquoted lines', quoted: '' },
    ]);
    expect(store.db.prepare('SELECT via FROM visitor_mails').pluck().all()).toEqual(['inbox']);
    const text = store.db.prepare('SELECT text FROM lead_text WHERE seq = (SELECT seq FROM leads WHERE doc_id = ?)').pluck().get(docId) as string;
    expect(text).toContain('wednesday suits me.');
    expect(text).toContain('thursday at ten');
    expect(text).not.toContain('zanzibarian');
  } finally {
    store.close();
  }
});

test("the stored people are written again by the mailbox they reach: Gmail's dotted and googlemail.com spellings become one person, their subscribers one row keeping the latest choice and both rows' newsletters", () => {
  const at = migrations.findIndex((m) => m.name.startsWith('one person is one mailbox'));
  expect(at).toBeGreaterThan(0);
  const db = new Database(databaseFile(dataDir));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations.slice(0, at));
  // Keys as the rule before wrote them: case and +tag folded, nothing else.
  const leads: [string, string][] = [
    ['A'.repeat(20), 'victim.joe@googlemail.com'],
    ['B'.repeat(20), 'victimjoe@gmail.com'],
    ['C'.repeat(20), 'margaret.holt@example.com'],
  ];
  for (const [docId, person] of leads) {
    db.prepare("INSERT INTO documents (collection, doc_id, data) VALUES ('Contact_cli', ?, '{}')").run(docId);
    db.prepare("INSERT INTO leads (doc_id, collection, person) VALUES (?, 'Contact_cli', ?)").run(docId, person);
  }
  const subscriber = db.prepare('INSERT INTO subscribers (person, email, state, signed_up_at, updated_at) VALUES (?, ?, ?, 1, ?) RETURNING id');
  const unsubscribed = subscriber.pluck().get('v.ictimjoe@gmail.com', 'V.ictimJoe@gmail.com', 'unsubscribed', 5) as number;
  const confirmed = subscriber.pluck().get('victim.joe@googlemail.com', 'victim.joe@googlemail.com', 'confirmed', 9) as number;
  const other = subscriber.pluck().get('margaret.holt@example.com', 'margaret.holt@example.com', 'confirmed', 1) as number;
  const newsletter = db.prepare(
    "INSERT INTO newsletters (name, subject, body, created_by, created_at, updated_by, updated_at) VALUES (?, 'S', '[]', 'o', 1, 'o', 1) RETURNING id",
  );
  const march = newsletter.pluck().get('march') as number;
  const april = newsletter.pluck().get('april') as number;
  const recipient = db.prepare('INSERT INTO newsletter_recipients (newsletter_id, subscriber_id, message_id, next_at) VALUES (?, ?, ?, 1)');
  recipient.run(march, unsubscribed, 'nl_a');
  recipient.run(march, confirmed, 'nl_b');
  recipient.run(april, unsubscribed, 'nl_c');
  db.close();

  const store = openStore(dataDir);
  try {
    expect(store.db.prepare('SELECT doc_id AS docId, person FROM leads ORDER BY doc_id').all()).toEqual([
      { docId: 'A'.repeat(20), person: 'victimjoe@gmail.com' },
      { docId: 'B'.repeat(20), person: 'victimjoe@gmail.com' },
      { docId: 'C'.repeat(20), person: 'margaret.holt@example.com' },
    ]);
    expect(store.db.prepare('SELECT id, person, state FROM subscribers ORDER BY id').all()).toEqual([
      { id: confirmed, person: 'victimjoe@gmail.com', state: 'confirmed' },
      { id: other, person: 'margaret.holt@example.com', state: 'confirmed' },
    ]);
    expect(store.db.prepare('SELECT newsletter_id AS n, subscriber_id AS s, message_id AS m FROM newsletter_recipients ORDER BY m').all()).toEqual([
      { n: march, s: confirmed, m: 'nl_b' },
      { n: april, s: confirmed, m: 'nl_c' },
    ]);
  } finally {
    store.close();
  }
});

test('a mail to a visitor marked sent back before the reports were tied to it is tied to its report, found by its lead and time; one not sent back stays untied, and other reports tie nothing', () => {
  const at = migrations.findIndex((m) => m.name.startsWith('which delivery report marked'));
  expect(at).toBeGreaterThan(0);
  const db = new Database(databaseFile(dataDir));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations.slice(0, at));
  const docId = 'D'.repeat(20);
  db.prepare("INSERT INTO documents (collection, doc_id, data) VALUES ('Contact_cli', ?, '{}')").run(docId);
  db.prepare("INSERT INTO leads (doc_id, collection, person) VALUES (?, 'Contact_cli', 'ada@example.net')").run(docId);
  const mail = (id: string, returnedAt: number | null) => {
    db.prepare("INSERT INTO deliveries (id, doc_id, channel, state, next_at, created_at) VALUES (?, ?, 'visitor', 'sent', 1, 1)").run(id, docId);
    db.prepare(
      "INSERT INTO visitor_mails (delivery_id, doc_id, kind, to_address, subject, body, created_at, returned_at) VALUES (?, ?, 'reply', 'ada@example.net', 'S', 'B', 1, ?)",
    ).run(id, docId, returnedAt);
  };
  const report = (messageId: string, sentAt: number, automatic: string) =>
    db
      .prepare(
        "INSERT INTO lead_messages (doc_id, message_id, direction, from_address, sent_at, read_at, folder, automatic) VALUES (?, ?, 'in', 'mailer-daemon@mx.example.net', ?, ?, 'INBOX', ?) RETURNING id",
      )
      .pluck()
      .get(docId, messageId, sentAt, sentAt, automatic) as number;
  mail('msg_returned0000000000', 500);
  mail('msg_kept00000000000000', null);
  const returning = report('<r1@mx>', 500, 'deliveryReport');
  report('<r2@mx>', 900, 'deliveryReport');
  report('<away@x>', 500, 'outOfOffice');
  db.close();

  const store = openStore(dataDir);
  try {
    expect(store.db.prepare('SELECT delivery_id AS id, returned_by AS by FROM visitor_mails ORDER BY delivery_id').all()).toEqual([
      { id: 'msg_kept00000000000000', by: null },
      { id: 'msg_returned0000000000', by: returning },
    ]);
  } finally {
    store.close();
  }
});
