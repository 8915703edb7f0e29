/**
 * Triage in the inbox, through the real API on a real server and SQLite file: marking a lead
 * as spam and as not spam keeps each verdict (lead, verdict, who, when); the list's one bulk endpoint
 * archives, marks read, marks spam or deletes many leads (deletes with their own CV files
 * only), owners only (roles.test.ts), with the session's CSRF token, a bounded number of ids per request.
 */
import { existsSync } from 'node:fs';
import server from '../../../config/server';
import { LEAD_STATUSES, OPEN_STATUSES, OPEN_VIEW, type LeadDetail, type LeadList } from '../model/adminApi';
import { CSRF_HEADER } from '../../platform/signIn';
import { adminRoutes, pathOf } from '../../platform/inboxRoutes';
import { fill } from '../../schema/text';
import { validData } from '../../test/formFixtures';
import { type Client, pdfWith, startSignedIn, submit, uploadCv, type TestServer } from '../../test/adminServer';
import { uploadNamedBy } from './cvFiles';
import { fileOnDisk, splitStoragePath } from '../../platform/server/files';
import { deliveriesIn } from './notify/deliveries';

jest.setTimeout(60_000);

const messages = server.admin.messages;
let s: TestServer;
let owner: Client;

beforeAll(async () => {
  ({ server: s, client: owner } = await startSignedIn());
});
afterAll(() => s.close());

const marks = (docId: string) =>
  s.app.store.db.prepare('SELECT verdict, marked_by AS markedBy, marked_at AS markedAt FROM spam_marks WHERE doc_id = ? ORDER BY id').all(docId);
const leadRow = (docId: string) =>
  s.app.store.db.prepare('SELECT status, spam FROM leads WHERE doc_id = ?').get(docId) as { status: string; spam: number } | undefined;
const bulk = (json: unknown, client = owner) => client.change('POST', adminRoutes.bulk.path, { json });

test('marking a lead as spam moves it to the Spam folder, drops what was not sent yet, and keeps the verdict; not spam brings it back', async () => {
  const { docId } = await submit(s, 'inquiry', validData.inquiry);
  const deliveries = deliveriesIn(s.app.store.db);
  deliveries.queue(docId, ['email'], s.clock.now + 60_000);

  const marked = await owner.change('POST', pathOf('markSpam', { docId }));
  expect(marked.status).toBe(200);
  expect(((await marked.json()) as LeadDetail).spam).toBe(true);
  expect(s.app.store.db.prepare('SELECT count(*) AS n FROM deliveries WHERE doc_id = ?').get(docId)).toEqual({ n: 0 });

  s.clock.now += 1000;
  expect((await owner.change('POST', pathOf('notSpam', { docId }))).status).toBe(200);
  expect(leadRow(docId)!.spam).toBe(0);
  expect(marks(docId)).toEqual([
    { verdict: 'spam', markedBy: 'owner@agency.test', markedAt: new Date(s.clock.now - 1000).toISOString() },
    { verdict: 'not_spam', markedBy: 'owner@agency.test', markedAt: new Date(s.clock.now).toISOString() },
  ]);
  expect((await owner.change('POST', pathOf('markSpam', { docId: 'AAAAAAAAAAAAAAAAAAAA' }))).status).toBe(404);
});

test('bulk: archive, mark read, mark spam and delete many leads at once; a delete takes their own CV files and their marks', async () => {
  const a = (await submit(s, 'inquiry', validData.inquiry)).docId;
  const b = (await submit(s, 'contact', validData.contact)).docId;
  const cvUrl = await uploadCv(s, pdfWith('a CV'));
  const c = (await submit(s, 'freelancer', { ...validData.freelancer, CvFile: cvUrl })).docId;
  // Another lead naming the same file: not its upload, so deleting it leaves the file.
  const d = (await submit(s, 'freelancer', { ...validData.freelancer, CvFile: cvUrl })).docId;

  for (const [action, expected] of [
    ['read', { status: 'read', spam: 0 }],
    ['archive', { status: 'archived', spam: 0 }],
    ['spam', { status: 'archived', spam: 1 }],
  ] as const) {
    const response = await bulk({ action, docIds: [a, b, a, 'AAAAAAAAAAAAAAAAAAAA'] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ leads: 2 });
    expect([leadRow(a), leadRow(b)]).toEqual([expected, expected]);
  }
  expect(marks(a).map((m) => (m as { verdict: string }).verdict)).toEqual(['spam']);

  const file = splitStoragePath(uploadNamedBy(cvUrl)!.path)!;
  expect(await (await bulk({ action: 'delete', docIds: [a, d] })).json()).toEqual({ leads: 2 });
  expect(existsSync(fileOnDisk(s.dataDir, file.prefix, file.id))).toBe(true);
  expect(await (await bulk({ action: 'delete', docIds: [c] })).json()).toEqual({ leads: 1 });
  expect(existsSync(fileOnDisk(s.dataDir, file.prefix, file.id))).toBe(false);
  expect([leadRow(a), leadRow(c), leadRow(d), marks(a)]).toEqual([undefined, undefined, undefined, []]);
  expect(leadRow(b)).toEqual({ status: 'archived', spam: 1 });
});

test('bulk is bounded, knows its actions, needs the CSRF token', async () => {
  const max = server.admin.bulkMaxLeads;
  const refusal = { message: fill(messages.badBulk, { max }) };
  const { docId } = await submit(s, 'inquiry', validData.inquiry);
  for (const body of [
    { action: 'read', docIds: [] },
    { action: 'read', docIds: Array.from({ length: max + 1 }, () => docId) },
    { action: 'read', docIds: [docId, 7] },
    { action: 'shred', docIds: [docId] },
    { action: 'read', docIds: docId },
    { action: 'read', docIds: ['x'.repeat(65)] },
  ]) {
    const response = await bulk(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(refusal);
  }
  expect(await (await bulk({ action: 'read', docIds: Array.from({ length: max }, () => docId) })).json()).toEqual({ leads: 1 });

  const noToken = await owner.send('POST', adminRoutes.bulk.path, { json: { action: 'delete', docIds: [docId] }, headers: { [CSRF_HEADER]: 'made-up' } });
  expect(noToken.status).toBe(403);

  // An editor's account gets 403 here as on every owner's route (roles.test.ts walks them all).
  expect(leadRow(docId)).toEqual({ status: 'read', spam: 0 });
});

test('the open view (the inbox\'s default: src/leads/inbox/views.test.ts) is what needs the agency: new, read and answered; replied and archived have views of their own, and "any status" has all', async () => {
  const mark = `open-view-${Date.now()}`;
  const leads: Record<string, string> = {};
  for (const status of LEAD_STATUSES) {
    const { docId } = await submit(s, 'contact', { ...validData.contact, Company: `${mark} ${status}` });
    if (status !== 'new') expect((await owner.change('PATCH', pathOf('updateLead', { docId }), { json: { status } })).status).toBe(200);
    leads[status] = docId;
  }
  const view = async (status: string) => {
    const list = (await (
      await owner.send('GET', `${adminRoutes.leads.path}?${new URLSearchParams({ spam: 'false', q: mark, ...(status ? { status } : {}) }).toString()}`)
    ).json()) as LeadList;
    return new Set(list.leads.map((lead) => lead.docId));
  };
  expect(await view(OPEN_VIEW)).toEqual(new Set(OPEN_STATUSES.map((status) => leads[status])));
  for (const status of LEAD_STATUSES) expect(await view(status)).toEqual(new Set([leads[status]]));
  expect(await view('')).toEqual(new Set(Object.values(leads)));
  expect(OPEN_STATUSES).not.toContain('replied');
  expect(OPEN_STATUSES).not.toContain('archived');
});

test('a newsletter sign-up (a form that awaits no answer) is not in the open view: it lives under Newsletter, Subscribers; "any status" and its form find it', async () => {
  const email = `reader.${Date.now()}@example.com`;
  const { docId } = await submit(s, 'newsletter', { ...validData.newsletter, Email: email });
  const view = async (query: Record<string, string>) => {
    const list = (await (
      await owner.send('GET', `${adminRoutes.leads.path}?${new URLSearchParams({ spam: 'false', q: email, ...query }).toString()}`)
    ).json()) as LeadList;
    return list.leads.map((lead) => lead.docId);
  };
  expect(await view({ status: OPEN_VIEW })).toEqual([]);
  expect(await view({})).toEqual([docId]);
  expect(await view({ status: 'new', form: 'newsletter' })).toEqual([docId]);
});
