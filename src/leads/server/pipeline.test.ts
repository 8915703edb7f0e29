/**
 * How each lead ends, through the inbox's real API on a real server and SQLite file, with two
 * owners and an editor signed in: a lead's stage (lost with one of config's reasons), its value
 * and follow-up date (refused with config's sentences), its assignment to an owner's account only;
 * each change written with its event naming the account that made it, and listed on the lead;
 * the list's "mine" view and stage filter, the CSV's columns, and the insights' clients won and
 * their value per source and campaign and landing page.
 */
import admin from '../../../config/admin';
import forms from '../../../config/forms';
import server from '../../../config/server';
import { buildDocument } from '../../site/forms/model/document';
import { OPEN_VIEW, type Insights, type LeadList, type LeadPipeline } from '../model/adminApi';
import { adminRoutes, pathOf } from '../../platform/inboxRoutes';
import { api } from '../../platform/api';
import { proofHeaders } from '../../test/proof';
import { encodeAttribution } from '../../site/model/attribution';
import { FIRST_STAGE, formatMoney, LOST_REASONS, LOST_STAGE, MINOR_DIGITS, STAGES, VALUE_MAX, WON_STAGE, moneyCell, stageName } from '../model/pipeline';
import { addDays, dayOf } from '../../platform/received';
import { fill } from '../../schema/text';
import { addAccount, Client, startSignedIn, submit, type TestServer } from '../../test/adminServer';
import { parseCsv } from '../../test/csv';
import { validData } from '../../test/formFixtures';
import { leadEventsOf } from './leadEvents';

jest.setTimeout(60_000);

const problems = admin.pipeline.problems;
const OWNER = 'owner@agency.test';
const PARTNER = 'partner@agency.test';
const EDITOR = 'editor@agency.test';
/** A stage between the first and the ends (the second of today's config). */
const MIDDLE = STAGES.find((stage) => ![FIRST_STAGE, WON_STAGE, LOST_STAGE].includes(stage.key))!.key;

let s: TestServer;
let owner: Client;
let partner: Client;

beforeAll(async () => {
  ({ server: s, client: owner } = await startSignedIn({ email: OWNER }));
  await addAccount(s, PARTNER);
  await addAccount(s, EDITOR, undefined, 'editor');
  partner = new Client(s.base);
  expect((await partner.signIn(PARTNER)).status).toBe(204);
});
afterAll(() => s.close());

const change = (docId: string, json: unknown, client = owner) => client.change('PATCH', pathOf('updatePipeline', { docId }), { json });
const pipelineOf = async (docId: string, client = owner) => (await (await client.send('GET', pathOf('pipeline', { docId }))).json()) as LeadPipeline;
const list = async (query: Record<string, string>, client = owner) =>
  (await (await client.send('GET', `${adminRoutes.leads.path}?${new URLSearchParams({ status: '', ...query }).toString()}`)).json()) as LeadList;
const row = (docId: string) =>
  s.app.store.db
    .prepare('SELECT stage, lost_reason AS lostReason, value_minor AS value, follow_up AS followUp, assignee FROM leads WHERE doc_id = ?')
    .get(docId);
/** The lead's events of the pipeline (its arrival writes one of its own: 'stored'). */
const PIPELINE_KINDS = new Set(['staged', 'assigned', 'updated']);
const events = (docId: string) =>
  leadEventsOf(s.app.store.db, docId)
    .filter(({ kind }) => PIPELINE_KINDS.has(kind))
    .map(({ kind, actor, data, at }) => ({ kind, actor, data, at }));
const lead = async () => (await submit(s, 'contact', validData.contact)).docId;

test('a stage change is kept beside the lead with its event, by the account that made it; the first stage again is stored as none', async () => {
  const docId = await lead();
  expect(await pipelineOf(docId)).toEqual({
    stage: FIRST_STAGE,
    lostReason: null,
    value: null,
    followUp: null,
    assignee: null,
    owners: [OWNER, PARTNER],
    history: [],
  });

  const moved = await change(docId, { stage: MIDDLE });
  expect(moved.status).toBe(200);
  expect(((await moved.json()) as LeadPipeline).stage).toBe(MIDDLE);
  expect(row(docId)).toMatchObject({ stage: MIDDLE, lostReason: null });
  expect(events(docId)).toEqual([{ kind: 'staged', actor: OWNER, data: { stage: MIDDLE }, at: s.clock.now }]);
  // The same stage again changes nothing and writes nothing.
  expect((await change(docId, { stage: MIDDLE })).status).toBe(200);
  expect(events(docId)).toHaveLength(1);

  s.clock.now += 1000;
  expect((await change(docId, { stage: FIRST_STAGE }, partner)).status).toBe(200);
  expect(row(docId)).toMatchObject({ stage: null });
  // The lead's page lists who did what, newest first.
  expect((await pipelineOf(docId)).history).toEqual([
    { kind: 'staged', actor: PARTNER, data: { stage: FIRST_STAGE }, at: s.clock.now },
    { kind: 'staged', actor: OWNER, data: { stage: MIDDLE }, at: s.clock.now - 1000 },
  ]);

  for (const stage of ['', 'no-such-stage', 7, null]) {
    const refused = await change(docId, { stage });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ field: 'stage', message: problems.unknownStage });
  }
  expect(await (await change(docId, {})).json()).toEqual({ field: 'stage', message: problems.nothingToChange });
  expect((await change('AAAAAAAAAAAAAAAAAAAA', { stage: MIDDLE })).status).toBe(404);
  expect(events(docId)).toHaveLength(2);
});

test('lost needs one of the reasons of config; another stage after it forgets the reason', async () => {
  const docId = await lead();
  for (const body of [{ stage: LOST_STAGE }, { stage: LOST_STAGE, lostReason: 'Because' }, { stage: LOST_STAGE, lostReason: '' }]) {
    const refused = await change(docId, body);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ field: 'lostReason', message: problems.reasonMissing });
  }
  expect(row(docId)).toMatchObject({ stage: null, lostReason: null });

  const reason = LOST_REASONS.at(-1)!;
  expect((await change(docId, { stage: LOST_STAGE, lostReason: reason })).status).toBe(200);
  expect(row(docId)).toMatchObject({ stage: LOST_STAGE, lostReason: reason });
  expect((await pipelineOf(docId)).lostReason).toBe(reason);
  // Another reason is a change of its own.
  expect((await change(docId, { stage: LOST_STAGE, lostReason: LOST_REASONS[0] })).status).toBe(200);
  // Won after all: no reason is kept (a reason sent with another stage is not kept either).
  expect((await change(docId, { stage: WON_STAGE, lostReason: reason })).status).toBe(200);
  expect(row(docId)).toMatchObject({ stage: WON_STAGE, lostReason: null });
  // Lost ended the lead (Archived: below); won is an end too, so the status stays.
  expect(events(docId).map((e) => e.data)).toEqual([
    { stage: LOST_STAGE, reason },
    { status: 'archived' },
    { stage: LOST_STAGE, reason: LOST_REASONS[0] },
    { stage: WON_STAGE },
  ]);
});

test('a lead ended, won or lost, is archived: nobody waits, nothing is unread, it leaves what needs the agency; back at a stage before the end it is Read and there again', async () => {
  const mark = `pipeline-end-${s.clock.now}`;
  const sent = async () => (await submit(s, 'contact', { ...validData.contact, Company: mark })).docId;
  const [won, lost, replied] = [await sent(), await sent(), await sent()];
  const attention = (docId: string) =>
    s.app.store.db.prepare('SELECT status, unread, waiting_since IS NOT NULL AS waiting FROM leads WHERE doc_id = ?').get(docId);
  const needsAgency = async () => (await list({ q: mark, status: OPEN_VIEW })).leads.map((l) => l.docId).sort();
  expect(await needsAgency()).toEqual([won, lost, replied].sort());
  expect((await owner.change('PATCH', pathOf('updateLead', { docId: replied }), { json: { status: 'replied' } })).status).toBe(200);
  expect(await needsAgency()).toEqual([won, lost].sort());

  s.clock.now += 1000;
  expect((await change(won, { stage: WON_STAGE })).status).toBe(200);
  expect((await change(lost, { stage: LOST_STAGE, lostReason: LOST_REASONS[0] }, partner)).status).toBe(200);
  expect((await change(replied, { stage: LOST_STAGE, lostReason: LOST_REASONS[0] })).status).toBe(200);
  for (const docId of [won, lost, replied]) expect(attention(docId)).toEqual({ status: 'archived', unread: 0, waiting: 0 });
  expect(await needsAgency()).toEqual([]);
  // Written with the stage, by the account that ended it, and listed on the lead.
  expect(events(lost).slice(-2)).toEqual([
    { kind: 'staged', actor: PARTNER, data: { stage: LOST_STAGE, reason: LOST_REASONS[0] }, at: s.clock.now },
    { kind: 'updated', actor: PARTNER, data: { status: 'archived' }, at: s.clock.now },
  ]);
  expect((await pipelineOf(lost)).history[0]).toEqual({ kind: 'updated', actor: PARTNER, data: { status: 'archived' }, at: s.clock.now });
  // From one end to the other: still ended, nothing more written.
  expect((await change(lost, { stage: WON_STAGE }, partner)).status).toBe(200);
  expect(events(lost).at(-1)).toMatchObject({ kind: 'staged', data: { stage: WON_STAGE } });

  // Not lost after all: in play again, Read, in what needs the agency (waiting for nobody).
  s.clock.now += 1000;
  expect((await change(replied, { stage: MIDDLE })).status).toBe(200);
  expect(attention(replied)).toEqual({ status: 'read', unread: 0, waiting: 0 });
  expect(events(replied).at(-1)).toEqual({ kind: 'updated', actor: OWNER, data: { status: 'read' }, at: s.clock.now });
  expect(await needsAgency()).toEqual([replied]);
});

test("a value is whole minor units of the currency up to config's most; a follow-up a day from today to config's days ahead; each refused with its sentence", async () => {
  const docId = await lead();
  const badValue = { field: 'value', message: fill(problems.badValue, { max: formatMoney(VALUE_MAX) }) };
  for (const value of [-1, 1.5, '1200', VALUE_MAX + 1, Number.MAX_SAFE_INTEGER + 2, true]) {
    const refused = await change(docId, { value });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(badValue);
  }
  const today = dayOf(s.clock.now);
  const badFollowUp = { field: 'followUp', message: fill(problems.badFollowUp, { max: admin.pipeline.followUpMaxDays }) };
  for (const followUp of [addDays(today, -1), addDays(today, admin.pipeline.followUpMaxDays + 1), '2027-02-30', `${today}T09:00`, 20270101, '']) {
    const refused = await change(docId, { followUp });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(badFollowUp);
  }
  expect(events(docId)).toEqual([]);

  const value = 12_500 * 10 ** MINOR_DIGITS + (MINOR_DIGITS > 0 ? 50 : 0);
  const answer = await change(docId, { value, followUp: today });
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({ value, followUp: today });
  expect((await change(docId, { value: VALUE_MAX, followUp: addDays(today, admin.pipeline.followUpMaxDays) })).status).toBe(200);
  expect((await change(docId, { value: null, followUp: null })).status).toBe(200);
  expect(row(docId)).toMatchObject({ value: null, followUp: null });
  expect(events(docId).map((e) => [e.kind, e.data])).toEqual([
    ['updated', { value }],
    ['updated', { followUp: today }],
    ['updated', { value: VALUE_MAX }],
    ['updated', { followUp: addDays(today, admin.pipeline.followUpMaxDays) }],
    ['updated', { value: null }],
    ['updated', { followUp: null }],
  ]);
});

test("a lead is assigned to an owner's account only (not an editor's, not an unknown address); each owner works on it, and its page names who did what", async () => {
  const docId = await lead();
  for (const assignee of [EDITOR, 'nobody@agency.test', 'not an address', 42]) {
    const refused = await change(docId, { assignee });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ field: 'assignee', message: problems.notAnOwner });
  }
  // Any case: accounts are addresses.
  expect((await change(docId, { assignee: PARTNER.toUpperCase() })).status).toBe(200);
  expect(row(docId)).toMatchObject({ assignee: PARTNER });
  s.clock.now += 1000;
  expect((await change(docId, { stage: MIDDLE, value: 300 }, partner)).status).toBe(200);
  s.clock.now += 1000;
  expect((await change(docId, { assignee: null }, partner)).status).toBe(200);
  expect((await pipelineOf(docId, partner)).history.map(({ kind, actor, data }) => [kind, actor, data])).toEqual([
    ['assigned', PARTNER, { to: null }],
    ['updated', PARTNER, { value: 300 }],
    ['staged', PARTNER, { stage: MIDDLE }],
    ['assigned', OWNER, { to: PARTNER }],
  ]);
  // An editor's account reaches none of it.
  const editor = new Client(s.base);
  expect((await editor.signIn(EDITOR)).status).toBe(204);
  expect((await editor.send('GET', pathOf('pipeline', { docId }))).status).toBe(403);
  expect((await change(docId, { stage: MIDDLE }, editor)).status).toBe(403);
});

test("\"mine\" is a view of the list (each owner's own leads), beside nobody's and a stage's; the CSV of a view carries stage, value, follow-up and assignee", async () => {
  const mark = `pipeline-view-${s.clock.now}`;
  const sent = async () => (await submit(s, 'contact', { ...validData.contact, Company: mark })).docId;
  const [mine, theirs, nobodys] = [await sent(), await sent(), await sent()];
  const today = dayOf(s.clock.now);
  expect((await change(mine, { assignee: OWNER, stage: WON_STAGE, value: 2 * 10 ** MINOR_DIGITS, followUp: today })).status).toBe(200);
  expect((await change(theirs, { assignee: PARTNER, stage: LOST_STAGE, lostReason: LOST_REASONS[0] })).status).toBe(200);
  const ids = (answer: LeadList) => answer.leads.map((l) => l.docId).sort();

  expect(ids(await list({ q: mark, assigned: 'me' }))).toEqual([mine]);
  expect(ids(await list({ q: mark, assigned: 'me' }, partner))).toEqual([theirs]);
  expect(ids(await list({ q: mark, assigned: 'nobody' }))).toEqual([nobodys]);
  expect(ids(await list({ q: mark, stage: FIRST_STAGE }))).toEqual([nobodys]);
  expect(ids(await list({ q: mark, stage: WON_STAGE, assigned: 'me' }))).toEqual([mine]);
  expect(ids(await list({ q: mark, stage: WON_STAGE }, partner))).toEqual([mine]);
  expect((await list({ q: mark, assigned: 'me' })).leads[0]).toMatchObject({
    stage: WON_STAGE,
    value: 2 * 10 ** MINOR_DIGITS,
    followUp: today,
    assignee: OWNER,
  });
  for (const query of [{ stage: 'nope' }, { assigned: 'someone' }, { assigned: OWNER }] as Record<string, string>[]) {
    const refused = await owner.send('GET', `${adminRoutes.leads.path}?${new URLSearchParams(query).toString()}`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: server.admin.messages.badFilter });
  }

  // The export of the view: the same leads, with the lead's course in words of config.
  const csv = await owner.send('GET', `${adminRoutes.export.path}?${new URLSearchParams({ q: mark, form: 'contact', format: 'csv' }).toString()}`);
  const [headers, ...rows] = parseCsv((await csv.text()).replace(/^\uFEFF/, ''));
  const words = server.admin.exportPipelineColumns;
  const columns = [words.stage, words.lostReason, fill(words.value, { currency: admin.currency }), words.followUp, words.assignee];
  const cells = (r: string[]) => columns.map((header) => r[headers!.indexOf(header)]);
  expect(rows.map(cells).sort()).toEqual(
    [
      [stageName(WON_STAGE), '', moneyCell(2 * 10 ** MINOR_DIGITS), today, OWNER],
      [stageName(LOST_STAGE), LOST_REASONS[0], '', '', PARTNER],
      [stageName(FIRST_STAGE), '', '', '', ''],
    ].sort(),
  );
  const mineOnly = await owner.send('GET', `${adminRoutes.export.path}?${new URLSearchParams({ q: mark, assigned: 'me', format: 'csv' }).toString()}`);
  expect(parseCsv((await mineOnly.text()).replace(/^\uFEFF/, ''))).toHaveLength(2);
});

test('insights count the clients won and their value per source, campaign and landing page, beside the leads: which campaign brought clients', async () => {
  const post = async (campaign: string, landingPage: string, email: string) => {
    const response = await fetch(s.base + api.documents(forms.contact.collection), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(await proofHeaders(s.base)),
        [api.sourceHeader]: encodeAttribution({ utmSource: 'pipeline-test', utmCampaign: campaign, landingPage, formPage: '/Contact' }),
      },
      body: JSON.stringify(buildDocument(forms.contact, { ...validData.contact, Email: email })),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const unit = 10 ** MINOR_DIGITS;
  // Spring: three people, two of them clients (one person twice: counted once, both values added); autumn: two leads, none won.
  const spring = [
    await post('spring', '/', 'ada@example.com'),
    await post('spring', '/', 'ADA+2@example.com'),
    await post('spring', '/Services', 'grace@example.com'),
    await post('spring', '/Services', 'alan@example.com'),
  ];
  const autumn = [await post('autumn', '/', 'joan@example.com'), await post('autumn', '/', 'mary@example.com')];
  expect((await change(spring[0]!, { stage: WON_STAGE, value: 1000 * unit })).status).toBe(200);
  expect((await change(spring[1]!, { stage: WON_STAGE, value: 500 * unit })).status).toBe(200);
  expect((await change(spring[2]!, { stage: WON_STAGE })).status).toBe(200);
  expect((await change(spring[3]!, { stage: LOST_STAGE, lostReason: LOST_REASONS[0], value: 99 * unit })).status).toBe(200);
  expect((await change(autumn[0]!, { stage: MIDDLE, value: 700 * unit })).status).toBe(200);

  const insights = (await (await owner.send('GET', `${adminRoutes.insights.path}?weeks=4`)).json()) as Insights;
  const source = (campaign: string) => insights.bySource.find((r) => r.source === 'pipeline-test' && r.campaign === campaign)!;
  expect(source('spring')).toMatchObject({ leads: 3, won: 2, wonValue: 1500 * unit });
  expect(source('autumn')).toMatchObject({ leads: 2, won: 0, wonValue: 0 });
  const page = (path: string) => insights.byLandingPage.find((r) => r.page === path)!;
  expect(page('/Services')).toMatchObject({ won: 1, wonValue: 0 });
  expect(page('/').won).toBeGreaterThanOrEqual(1);
  expect(insights.totals.won).toBeGreaterThanOrEqual(2);
  expect(insights.totals.wonValue).toBeGreaterThanOrEqual(1500 * unit);
});
