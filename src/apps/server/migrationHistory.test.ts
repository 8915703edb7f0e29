/**
 * Every database the site ever wrote migrates as it always did: the schema after each migration
 * (the one order of every feature's migrations, each at its number) is pinned as the list that
 * shipped them made it, so a migration moved, renumbered or edited after it shipped fails here;
 * a database left at any point of that history and migrated to the end is the fresh one; and a
 * database holding leads, mails and subscribers from early points ends with the very rows, keys
 * and search index the shipped migrations wrote (the frozen code they call included).
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inOrder, migrate, type Migration } from '../../platform/server/store/migrate';
import { migrations } from './siteStore';

type Db = Database.Database;

/** The schema: every table, index, trigger and view as SQLite keeps its statement, and the version. */
function schemaOf(db: Db) {
  return {
    version: db.pragma('user_version', { simple: true }) as number,
    schema: db.prepare('SELECT type, name, tbl_name AS tableName, sql FROM sqlite_master ORDER BY type, name').all(),
  };
}

/** Every row of every table (the search index's own tables too), blobs in hex, each table's rows in one order. */
function rowsOf(db: Db) {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
  return tables.map((table) => {
    const rows = (db.prepare(`SELECT * FROM "${table}"`).raw().all() as unknown[][]).map((row) =>
      JSON.stringify(row.map((value) => (Buffer.isBuffer(value) ? value.toString('hex') : typeof value === 'bigint' ? String(value) : value))),
    );
    return [table, rows.sort()];
  });
}

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

function memory(): Db {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  return db;
}

/** The schema's hash after the first n migrations, n = 0, 1, 2… to the last, as the list that shipped them wrote it: a new migration adds its own at the end. */
const SCHEMA_AT = [
  '9e20a8646a18f457',
  '2026044c8d2de0da',
  '55344f22b7ad975d',
  'd90cae574dd1a01e',
  'df9f9dcb9db9ad5f',
  'f290e87f404be6bb',
  'a2893ed7450778cb',
  'a69dcddd8e82cce3',
  'ee9209c7670d0b5d',
  'a98935b3a631f711',
  '04a18d3828fbc91b',
  '8467df008768be20',
  'db3cc9f87007c40e',
  '8b27366efa7bbce5',
  '65b8424a1b9dc3d7',
  'c0dccba693eda807',
  'f42c98e3564465ca',
  'cd28c49d495651a8',
  'cb4dfa21b6dbcb23',
  '7e1981550d3df19a',
  'e5ee6ae30a5c15a8',
  'b02e786e4b2ae88b',
  '1c568dd4abe1a8a6',
  'a661e4f8b1bf90ef',
  '6ee0bee49567b5a7',
  '05b6d63bc302471c',
  '518b0000ccc75d84',
  'a71ece9cee3aa9d4',
  '66fe3a56c788f97e',
  'c24a1ce2f1e5a5e0',
  'daef8a6b91ec80a4',
  'eeda0c754297bfcc',
  'bd7f9e64d33e804c',
  'f3a770f238e0ece0',
  'a897e08c6d6e958a',
  '5adb997998edab3e',
  'c83fd16c81fa7662',
  '00c4decfec983294',
  'dbc7472206167056',
];

test('each migration keeps its number and what it makes: the schema after every point of the history is the one the shipped list made', () => {
  expect(migrations.map((_m, i) => i + 1)).toHaveLength(SCHEMA_AT.length - 1);
  const db = memory();
  const seen = [hash(schemaOf(db))];
  for (let n = 1; n <= migrations.length; n++) {
    migrate(db, migrations.slice(0, n));
    seen.push(hash(schemaOf(db)));
  }
  db.close();
  expect(seen).toEqual(SCHEMA_AT);
});

test('a database left at any point of the history migrates to exactly the fresh one', () => {
  const fresh = memory();
  migrate(fresh, migrations);
  const expected = schemaOf(fresh);
  fresh.close();
  for (const at of [0, 1, 2, 3, 11, 14, 19, 22, 23, 27, 28, 30, 34, migrations.length - 1, migrations.length]) {
    const db = memory();
    migrate(db, migrations.slice(0, at));
    expect([at, migrate(db, migrations)]).toEqual([at, migrations.length - at]);
    expect([at, schemaOf(db)]).toEqual([at, expected]);
    db.close();
  }
});

/** The rows the shipped migrations left of a history written at three points. */
const ROWS_AFTER = '77df7f1baa0d043a';

test("leads, mails and subscribers written at three points of the history end as the shipped migrations left them: every row, key and the search's index", () => {
  const db = memory();
  // The release after the submission keys: a lead of each form (Gmail and +tag addresses, letters beyond ASCII) and a CV's record.
  migrate(db, migrations.slice(0, 2));
  const documents: [string, Record<string, unknown>][] = [
    ['Inquriy', { Fname: 'Ådne Ørsted', Email: 'Victim.Joe+quote@GoogleMail.com', Number: '5550100', Pname: 'Shop «ß»', id: 1, Date: 'then' }],
    ['subcribe', { Email: 'bo@example.com', id: 2, Date: 'then' }],
    [
      'freelancers',
      {
        fullName: 'Grace',
        Email: 'g.h@example.com',
        Number: '',
        portfolioUrl: 'x',
        SelectedTechnology: '',
        CvFile: '/api/files/Image/CvDeveloper/x?token=t',
        Messsage: 'Hi "there" OR near',
        id: 3,
        Date: 'then',
      },
    ],
    ['Contact_cli', { Fullname: 'Alan', Company: 'B Ltd', Number: '1', Email: 'victimjoe@gmail.com', Your: '', Messsage: 'Hello 日本語', id: 4, Date: 'then' }],
    ['Unknown', { Name: 'someone', Email: 'x@y.z' }],
  ];
  const insert = db.prepare('INSERT INTO documents (collection, doc_id, data, client_key, created_at) VALUES (?, ?, ?, ?, ?)');
  documents.forEach(([collection, document], i) =>
    insert.run(collection, String.fromCharCode(65 + i).repeat(20), JSON.stringify(document), `key-${i}`, `2026-01-0${i + 1}T10:00:00.000Z`),
  );
  db.prepare('INSERT INTO files (path, token, media_type, size, created_at) VALUES (?, ?, ?, ?, ?)').run(
    'Image/CvDeveloper/x',
    't',
    'application/pdf',
    9,
    'then',
  );

  // Before the conversation was split: mails read from the mailbox, and a reply of the agency.
  migrate(db, migrations.slice(0, 22));
  const message = db.prepare(
    "INSERT INTO lead_messages (doc_id, message_id, direction, from_address, body, sent_at, read_at, folder) VALUES (?, ?, 'in', 'ada@example.com', ?, ?, 1, 'INBOX')",
  );
  message.run('A'.repeat(20), '<a@example.com>', 'Wednesday suits me.\n\nOn Tue, 2 Jan 2024 at 10:00, Agency <site@agency.test> wrote:\n> quoted words', 5);
  message.run('A'.repeat(20), '<b@example.com>', 'Hello\n> between\nquoted lines', 6);
  message.run('D'.repeat(20), '<c@example.com>', 'x'.repeat(30000), 7);
  db.prepare("INSERT INTO deliveries (id, doc_id, channel, next_at, created_at) VALUES ('msg_AAAAAAAAAAAAAAAAAAAA', ?, 'visitor', 1, 1767261600000)").run(
    'A'.repeat(20),
  );
  db.prepare(
    "INSERT INTO visitor_mails (delivery_id, doc_id, kind, author, to_address, subject, body, created_at) VALUES ('msg_AAAAAAAAAAAAAAAAAAAA', ?, 'reply', 'owner@agency.test', 'ada@example.com', 'Re: Shop', 'Thursday at ten, then.', 1767261600000)",
  ).run('A'.repeat(20));

  // Before one person was one mailbox: two subscribers of one Gmail mailbox, each with a newsletter's mail.
  migrate(db, migrations.slice(0, 27));
  const subscriber = db.prepare('INSERT INTO subscribers (person, email, state, signed_up_at, updated_at) VALUES (?, ?, ?, 1, ?) RETURNING id');
  const first = subscriber.pluck().get('v.ictimjoe@gmail.com', 'V.ictimJoe@gmail.com', 'unsubscribed', 5) as number;
  const second = subscriber.pluck().get('victim.joe@googlemail.com', 'victim.joe@googlemail.com', 'confirmed', 9) as number;
  const newsletter = db
    .prepare(
      "INSERT INTO newsletters (name, subject, body, created_by, created_at, updated_by, updated_at) VALUES ('march', 'S', ?, 'o', 1, 'o', 1) RETURNING id",
    )
    .pluck()
    .get(JSON.stringify([{ type: 'image', src: '/images/uploads/abcdef.webp' }])) as number;
  db.prepare("INSERT INTO newsletter_recipients (newsletter_id, subscriber_id, message_id, next_at) VALUES (?, ?, 'nl_a', 1), (?, ?, 'nl_b', 1)").run(
    newsletter,
    first,
    newsletter,
    second,
  );

  migrate(db, migrations);
  const rows = rowsOf(db);
  db.close();
  expect(hash(rows)).toBe(ROWS_AFTER);
});

test('a migration imports nothing that can change after it shipped: only the frozen copies of its folder, and the runner\u2019s type', () => {
  const root = path.resolve(__dirname, '../../..');
  // Every feature's folder of migrations, the platform's included.
  const folders = readdirSync(path.join(root, 'src'))
    .map((top) => `src/${top}/server/migrations`)
    .filter((folder) => existsSync(path.join(root, folder)));
  const imports = folders.flatMap((folder) =>
    readdirSync(path.join(root, folder)).flatMap((file) =>
      [...readFileSync(path.join(root, folder, file), 'utf8').matchAll(/^(?:import|export)(\s+type)?[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'/gm)].map(
        (m) => ({
          file: `${folder}/${file}`,
          typeOnly: m[1] !== undefined,
          to: (m[2] ?? m[3])!.startsWith('.') ? path.posix.join(folder, (m[2] ?? m[3])!) : (m[2] ?? m[3])!,
        }),
      ),
    ),
  );
  expect(folders).toHaveLength(4);
  expect(imports.length).toBeGreaterThan(4);
  const thawed = imports.filter(
    (i) =>
      !(i.to === 'better-sqlite3' && i.typeOnly) &&
      !(i.to === 'src/platform/server/store/migrate' && i.typeOnly) &&
      !(path.posix.dirname(i.to) === path.posix.dirname(i.file)),
  );
  expect(thawed).toEqual([]);
});

test('the features\u2019 numbers make one list: a gap or a repeat is refused with a sentence, and a list out of order is not run', () => {
  const step = (id: number): Migration => ({ id, name: `step ${id}`, up: () => {} });
  expect(inOrder([[step(1), step(3)], [step(2)]]).map((m) => m.id)).toEqual([1, 2, 3]);
  expect(() => inOrder([[step(1), step(3)]])).toThrow('No migration has the number 2');
  expect(() => inOrder([[step(1), step(2)], [step(2)]])).toThrow('Two migrations have the number 2');
  const db = memory();
  expect(() => migrate(db, [step(2), step(1)])).toThrow('The migration numbered 2 stands at place 1');
  expect(db.pragma('user_version', { simple: true })).toBe(0);
  db.close();
});
