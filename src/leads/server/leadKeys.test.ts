/**
 * The inbox's sort and search keys (leadKeys.ts) against a real SQLite file: the list sorted and
 * searched through them gives exactly what reading every document gives (the search as it always
 * was: any value or the note, any case, a substring of one value), they follow a note's change
 * and a deletion (nothing of a deleted lead stays in the index), a database of the release
 * before gets them from its migration, and each order of the list is an index walk (the query
 * plan, so no 100,000 leads are needed to know it: volume.test.ts and `npm run bench:inbox` time it).
 * The searches and orders only read: they share one seeded database; what writes has its own.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forms from '../../../config/forms';
import { bundledForms, senderFields } from '../../site/forms/model/registry';
import { LEAD_SORTS, type LeadSort } from '../model/adminApi';
import { FIRST_STAGE, WON_STAGE } from '../model/pipeline';
import { validData } from '../../test/formFixtures';
import { updateLead } from './inbox';
import { deleteLeads } from './privacy';
import { leadPage, pageQuery, viewCounts, type LeadFilter } from './leads';
import { migrate } from '../../platform/server/store/migrate';
import { migrations } from '../../apps/server/siteStore';
import { openStore } from '../../apps/server/siteStore';
import { databaseFile, type Store } from '../../platform/server/store/store';

let dataDir: string;
let store: Store;
function open() {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'lead-keys-'));
  store = openStore(dataDir);
}
function close() {
  store.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Values that test the edges: case, non-ASCII letters, quotes, FTS5's own syntax, short and long text, hidden characters, every trigram of a search but not the search (abab, ababab). */
const NAMES = [
  'ada Lovelace',
  'Ådne Ørsted',
  'ZOË "Z" Quinn',
  'bob',
  'Émile',
  '李小龙',
  'x',
  'Straße AND OR NOT',
  'a*b(c) NEAR',
  'gpj.exe\u202Eevil',
  'abab',
  '',
];

/** The leads, each by the store's insert, in one transaction as the server writes a batch (one write to the disk, not 25). */
function seed(): string[] {
  return store.db.transaction(() => {
    const ids: string[] = [];
    NAMES.forEach((name, i) => {
      ids.push(
        store.insert(forms.inquiry.collection, {
          ...validData.inquiry,
          Fname: name,
          Email: `P${i}@Example.COM`,
          Pname: `project ${i} for the 🍞 bakery`,
          id: i + 1,
          Date: 'then',
        }),
      );
      ids.push(
        store.insert(
          forms.contact.collection,
          {
            ...validData.contact,
            Fullname: name.toUpperCase(),
            Email: `c${i}@example.org`,
            Messsage: `line one\nline ${'two '.repeat(i)}`,
            id: 100 + i,
            Date: 'then',
          },
          { spam: i % 4 === 3 },
        ),
      );
    });
    ids.push(store.insert(forms.newsletter.collection, { Email: 'solo@news.example', id: 999, Date: 'then' }));
    return ids;
  })();
}

/** The search as it always was: every document read, its values and the note, lower case. */
function reference(needle: string): Set<string> {
  const wanted = needle.trim().toLocaleLowerCase();
  const rows = store.db.prepare('SELECT d.doc_id, d.data, l.note FROM documents d JOIN leads l ON l.doc_id = d.doc_id').all() as {
    doc_id: string;
    data: string;
    note: string;
  }[];
  const has = (value: unknown) =>
    String(value ?? '')
      .toLocaleLowerCase()
      .includes(wanted);
  return new Set(rows.filter((row) => has(row.note) || Object.values(JSON.parse(row.data) as Record<string, unknown>).some(has)).map((row) => row.doc_id));
}

const everything = (filter: LeadFilter, sort: LeadSort = 'receivedAt', direction: 'asc' | 'desc' = 'desc') =>
  leadPage(store, filter, { offset: 0, limit: 1000, sort, direction });

const NEEDLES = [
  'a',
  'Å',
  '李',
  'x',
  '🍞',
  'ad',
  '"z',
  'ob',
  'AND',
  'exe',
  'e.c',
  'lovelace',
  'ADA LOVE',
  'Straße',
  'two two two',
  '"Z" Q',
  'a*b(c)',
  'NEAR',
  'OR NOT',
  '\u202E',
  'p1@example.com',
  'example.org',
  'nowhere',
  'ce\nli',
  'one\nline',
  'bob\u0001x',
  'ababab',
];

/** SQLite's NOCASE: ASCII letters in one case, then the bytes. */
const nocase = (a: string | null, b: string | null) => {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return Buffer.compare(Buffer.from(a.replace(/[A-Z]/g, (c) => c.toLowerCase())), Buffer.from(b.replace(/[A-Z]/g, (c) => c.toLowerCase())));
};

describe('on one seeded database (the searches and orders only read it)', () => {
  beforeAll(() => {
    open();
    seed();
    // Some leads the agency answered (nobody waits), the others waiting since various moments, all
    // active at various moments (ties too): the order by attention has something to order.
    store.db
      .prepare(
        `UPDATE leads SET
           waiting_since = CASE WHEN seq % 3 = 0 THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || ((seq * 7) % 5) || ' minutes') END,
           active_at = strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-02', '+' || ((seq * 5) % 4) || ' minutes')`,
      )
      .run();
  });
  afterAll(close);

  it.each(NEEDLES)('a search for %j finds exactly what reading every document finds, and counts it', (needle) => {
    const found = everything({ search: needle });
    expect(new Set(found.map((lead) => lead.docId))).toEqual(reference(needle));
    expect(viewCounts(store, bundledForms, { search: needle }).total).toBe(found.length);
  });

  it('a search never spans two values (the separator is between them)', () => {
    // "bob" is a name, "c3@…" an e-mail of another field: together they are in no one value.
    expect(everything({ search: `${NAMES[3]}${String.fromCharCode(1)}` })).toEqual([]);
    expect(everything({ search: 'bakerybob' })).toEqual([]);
  });

  it.each(
    LEAD_SORTS.flatMap(
      (sort) =>
        [
          [sort, 'asc'],
          [sort, 'desc'],
        ] as const,
    ),
  )('sorts by %s %s as the documents say (the key, then arrival)', (sort, direction) => {
    const leads = everything({ spam: false }, sort, direction);
    const keyOf = (lead: (typeof leads)[number]) => {
      const form = Object.values(forms).find((f) => f.collection === lead.collection)!;
      const field = sort === 'name' ? senderFields(form).name : senderFields(form).emails[0];
      if (sort === 'name' || sort === 'email') return field ? String(lead.document[field.name]) : '';
      return sort === 'status' ? lead.status : sort === 'form' ? lead.collection : '';
    };
    const seqOf = new Map((store.db.prepare('SELECT doc_id, seq FROM documents').all() as { doc_id: string; seq: number }[]).map((r) => [r.doc_id, r.seq]));
    const sign = direction === 'asc' ? 1 : -1;
    // By attention (descending): who waits first, longest waiting first; then the last activity, the newest first.
    const attention = (a: (typeof leads)[number], b: (typeof leads)[number]) =>
      Number(a.waitingSince === null) - Number(b.waitingSince === null) ||
      (a.waitingSince ?? '').localeCompare(b.waitingSince ?? '') ||
      b.activeAt.localeCompare(a.activeAt) ||
      seqOf.get(b.docId)! - seqOf.get(a.docId)!;
    const expected = [...leads].sort((a, b) =>
      sort === 'activity' ? -sign * attention(a, b) : sign * (nocase(keyOf(a), keyOf(b)) || seqOf.get(a.docId)! - seqOf.get(b.docId)!),
    );
    expect(leads.map((lead) => lead.docId)).toEqual(expected.map((lead) => lead.docId));
    expect(leads).toHaveLength(viewCounts(store, bundledForms, { spam: false }).total);
  });
});

describe('on a database of its own (what writes, and the schema)', () => {
  beforeEach(open);
  afterEach(close);

  it('follows the note: a lead is found by its note once written, and no more once it is changed', () => {
    const [first] = seed();
    expect(everything({ search: 'call back on monday' })).toEqual([]);
    updateLead(store, bundledForms, first!, { note: 'Call back on Monday' }, Date.now());
    expect(everything({ search: 'call back on monday' }).map((lead) => lead.docId)).toEqual([first]);
    expect(everything({ search: 'mo' }).map((lead) => lead.docId)).toContain(first);
    updateLead(store, bundledForms, first!, { note: 'done' }, Date.now());
    expect(everything({ search: 'monday' })).toEqual([]);
  });

  it('what the list worked out (a search, the counts) is worked out again once a lead arrives, changes or goes', () => {
    seed();
    const before = viewCounts(store, bundledForms, { search: 'sourdough' });
    expect(before.total).toBe(0);
    const docId = store.insert(forms.inquiry.collection, { ...validData.inquiry, Pname: 'Sourdough', id: 1, Date: 'then' });
    expect(viewCounts(store, bundledForms, { search: 'sourdough' }).unreadInView).toBe(1);
    updateLead(store, bundledForms, docId, { status: 'read' }, Date.now());
    expect(viewCounts(store, bundledForms, { search: 'sourdough' })).toMatchObject({ total: 1, unreadInView: 0 });
    deleteLeads(store, dataDir, [docId]);
    expect(everything({ search: 'sourdough' })).toEqual([]);
    expect(viewCounts(store, bundledForms, { search: 'sourdough' }).total).toBe(0);
  });

  it('a deleted lead leaves nothing in the keys, the text or the index', () => {
    const ids = seed();
    const [gone] = ids;
    deleteLeads(store, dataDir, [gone!]);
    const seqs = store.db.prepare('SELECT seq FROM leads').pluck().all() as number[];
    expect(store.db.prepare('SELECT seq FROM lead_text ORDER BY seq').pluck().all()).toEqual([...seqs].sort((a, b) => a - b));
    // The index knows no lead that is not in the table (a trigram of the deleted name: "ada").
    const indexed = store.db.prepare('SELECT rowid FROM lead_search WHERE lead_search MATCH ?').pluck().all('"ada"') as number[];
    expect(indexed.every((seq) => seqs.includes(seq))).toBe(true);
    expect(everything({ search: 'project 0 for' })).toEqual([]);
  });

  it('each order of a view is a walk of its index: no sorting, no reading of the documents', () => {
    const views: LeadFilter[] = [{ spam: false }, { spam: true, collection: forms.contact.collection }, { spam: false, status: 'new' }];
    for (const sort of LEAD_SORTS) {
      for (const filter of views) {
        const query = pageQuery(store.db, filter, { offset: 0, limit: 25, sort, direction: 'asc' });
        const plan = (store.db.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.params) as { detail: string }[]).map((row) => row.detail).join('\n');
        expect(plan).toMatch(/^SEARCH l USING COVERING INDEX leads_by_\w+ \(spam=\?[^)]*\)$/);
      }
    }
  });

  it("a stage's view and an assignee's (\"mine\", nobody's), newest first, walk an index of their own", () => {
    for (const filter of [
      { spam: false, stage: FIRST_STAGE },
      { spam: false, stage: WON_STAGE },
      { spam: false, assignee: 'owner@agency.test' },
      { spam: false, assignee: null },
    ] as LeadFilter[]) {
      const query = pageQuery(store.db, filter, { offset: 0, limit: 25, sort: 'receivedAt', direction: 'desc' });
      const plan = (store.db.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.params) as { detail: string }[]).map((row) => row.detail).join('\n');
      expect(plan).toMatch(/^SEARCH l USING COVERING INDEX leads_by_(stage|assignee) \(spam=\? AND (stage|assignee)=\?\)$/);
    }
  });

  it('a database of the release before gets every lead its keys from the migration', () => {
    store.close();
    rmSync(dataDir, { recursive: true, force: true });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lead-keys-'));
    const db = new Database(databaseFile(dataDir));
    db.pragma('journal_mode = WAL');
    // Every migration before the one that brings the keys: the release before it.
    migrate(
      db,
      migrations.slice(
        0,
        migrations.findIndex((m) => m.name.startsWith("each lead's sort and search keys")),
      ),
    );
    const insert = db.prepare('INSERT INTO documents (collection, doc_id, data) VALUES (?, ?, ?)');
    insert.run(forms.inquiry.collection, 'A'.repeat(20), JSON.stringify({ ...validData.inquiry, Fname: 'Zed', id: 1, Date: 'then' }));
    insert.run(forms.inquiry.collection, 'B'.repeat(20), JSON.stringify({ ...validData.inquiry, Fname: 'amy', id: 2, Date: 'then' }));
    db.prepare("INSERT INTO leads (doc_id, collection, note) SELECT doc_id, collection, 'noted' FROM documents").run();
    db.close();
    store = openStore(dataDir);
    expect(everything({}, 'name', 'asc').map((lead) => lead.document.Fname)).toEqual(['amy', 'Zed']);
    expect(everything({ search: 'NOTED' })).toHaveLength(2);
    expect(everything({ search: 'ze' }).map((lead) => lead.docId)).toEqual(['A'.repeat(20)]);
  });
});
