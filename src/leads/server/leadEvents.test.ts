/**
 * The lead's events: written in the change's transaction (rolled back with it), read in order
 * after an id, and gone with their lead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lastLeadEventId, leadEventsAfter, leadEventsOf, recordLeadEvent, watchLeadEvents } from './leadEvents';
import { openStore } from '../../apps/server/siteStore';
import { deliveriesIn } from './notify/deliveries';
import type { Store } from '../../platform/server/store/store';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'lead-events-'));
  store = openStore(dir);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const lead = () => store.insert('Inquriy', { Fname: 'Ada', Email: 'ada@example.com', Number: '1', Pname: 'App', id: 1, Date: 'x' });

test('events are read in order after an id, with their data', () => {
  const docId = lead();
  const start = lastLeadEventId(store.db);
  const first = recordLeadEvent(store.db, { docId, kind: 'stored', at: 1 });
  recordLeadEvent(store.db, { docId, kind: 'staged', actor: 'owner@example.com', data: { stage: 'won' }, at: 2 });
  expect(leadEventsAfter(store.db, start, 10).map((e) => [e.kind, e.actor, e.data])).toEqual([
    ['stored', null, {}],
    ['staged', 'owner@example.com', { stage: 'won' }],
  ]);
  expect(leadEventsAfter(store.db, first, 10).map((e) => e.kind)).toEqual(['staged']);
  expect(leadEventsAfter(store.db, start, 1)).toHaveLength(1);
});

test('an event written in a change that fails is not kept', () => {
  const docId = lead();
  expect(() =>
    store.db.transaction(() => {
      recordLeadEvent(store.db, { docId, kind: 'read', at: 1 });
      throw new Error('the change fails');
    })(),
  ).toThrow('the change fails');
  expect(leadEventsOf(store.db, docId).filter((e) => e.kind === 'read')).toEqual([]);
});

test('a watch hears every event its connection writes, inside the writing transaction, until it is stopped; another connection keeps none of it', () => {
  const docId = lead();
  const heard: string[] = [];
  const stop = watchLeadEvents(store.db, () => heard.push(store.db.inTransaction ? 'inside' : 'outside'));
  const other = watchLeadEvents(store.db, () => heard.push('other'));
  store.db.transaction(() => recordLeadEvent(store.db, { docId, kind: 'read', at: 1 }))();
  store.db.transaction(() => store.db.prepare("INSERT INTO lead_events (doc_id, kind, at) VALUES (?, 'updated', 2)").run(docId))();
  expect(heard).toEqual(['inside', 'other', 'inside', 'other']);
  stop();
  recordLeadEvent(store.db, { docId, kind: 'read', at: 3 });
  expect(heard.slice(4)).toEqual(['other']);
  other();
  const reader = openStore(dir);
  try {
    expect(reader.db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'lead_events_watched%'").pluck().get()).toBe(0);
  } finally {
    reader.close();
  }
  recordLeadEvent(store.db, { docId, kind: 'read', at: 4 });
  expect(heard).toHaveLength(5);
});

test('a lead deleted takes its events with it', () => {
  const docId = lead();
  recordLeadEvent(store.db, { docId, kind: 'read', at: 1 });
  store.db.prepare('DELETE FROM documents WHERE doc_id = ?').run(docId);
  expect(leadEventsOf(store.db, docId)).toEqual([]);
});

test("a mail's delivery sent, tried again or failed is an event of its lead (its open page follows: Waiting, then Sent)", () => {
  const docId = lead();
  const table = deliveriesIn(store.db);
  table.queue(docId, ['email', 'webhook'], 1);
  const [mail, hook] = table.due('email', 1, 10).concat(table.due('webhook', 1, 10));
  const start = lastLeadEventId(store.db);
  table.markRetry(mail!.id, 5, 'the mail server is down', 2);
  table.markSent(mail!.id, 6);
  table.markFailed(hook!.id, 'refused', 7);
  // Already sent: no change, no event.
  table.markSent(mail!.id, 8);
  expect(leadEventsAfter(store.db, start, 10).map((e) => [e.docId, e.kind, e.data, e.at])).toEqual([
    [docId, 'delivery', { delivery: mail!.id, state: 'retrying' }, 2],
    [docId, 'delivery', { delivery: mail!.id, state: 'sent' }, 6],
    [docId, 'delivery', { delivery: hook!.id, state: 'failed' }, 7],
  ]);
});
