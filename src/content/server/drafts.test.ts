/**
 * Drafts and scheduled publishes against our real server over real HTTP, on a site folder of
 * its own (a git work tree) and a real SQLite database: a draft saved as it is typed is in the
 * content every account reads (who and when: presence), survives a restart of the server, is
 * discarded; refusals (no CSRF token, a file the editor does not edit, too large, too many, too
 * fast, a time in the past, a draft the checker refuses) keep nothing; a scheduled draft is
 * published by the server by itself at its time (the test moves the server's clock and fires its
 * timer: nothing waits for real time), as its author's, the revision saying it was scheduled;
 * one that came due while the server was down is published at start; one whose file another
 * publish changed meanwhile stays a draft with the reason; a content file's `expires` is a stored
 * moment run like the others. A publish keeps its changes as drafts only as far as the same limits
 * allow (ten publishes of 100 changes); opening the editor with drafts from many revisions runs
 * at most the content side's pool of processes at once (counted as each starts and exits); an
 * account's removal removes its drafts. Limits are read from config/server.ts.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import server from '../../../config/server';
import { CSRF_HEADER } from '../../platform/signIn';
import { contentRoutes, type ContentDraft, type ContentProblem, type ContentSnapshot, type Revision } from '../model/contentApi';
import { fill } from '../../schema/text';
import { addAccount, Client, PASSWORD, startEditing, startServer, type TestServer } from '../../test/adminServer';
import { DEVELOPER as GIT_DEVELOPER, gitIn, makeSite } from '../../test/contentSite';
import { removeAdmin } from '../../platform/server/accounts/accounts';
import { contentJobs } from './drafts';
import { EXPIRES, momentsOf } from './schedule';
import type { Timers } from '../../platform/server/timers';
import { childProcesses, MAX_CHILD_PROCESSES, run } from './site';

jest.setTimeout(120_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const HOME = 'config/pages/home.ts';
const ABOUT = 'config/pages/about.ts';
const MINUTE = 60_000;
const limits = server.admin.drafts;
const messages = server.admin.messages;

/** The server's timer, held by the test: it fires it when the test says (after moving the clock). */
function heldTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let next = 0;
  const timers: Timers = {
    set: (run, ms) => (pending.set(++next, { run, ms }), next),
    clear: (handle) => void pending.delete(handle as number),
  };
  return {
    timers,
    /** The delay the one timer set asks for, or undefined when none is set. */
    delay: () => [...pending.values()].at(-1)?.ms,
    fire() {
      const all = [...pending.values()];
      pending.clear();
      for (const p of all) p.run();
    },
  };
}

let siteDir: string;
let s: TestServer;
let editor: Client;
let held: ReturnType<typeof heldTimers>;

const snapshot = async (client = editor): Promise<ContentSnapshot> => (await (await client.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
const valueOf = (snap: ContentSnapshot, file: string) => JSON.parse(JSON.stringify(snap.files.find((f) => f.file === file)!.value)) as Json;
const send = (client: Client, route: 'contentDraftSave' | 'contentDraftDiscard' | 'contentDraftSchedule', json: unknown) =>
  client.change('POST', contentRoutes[route].path, { json });
const publish = (client: Client, baseRevision: string, changes: unknown) =>
  client.change('POST', contentRoutes.contentPublish.path, { json: { baseRevision, changes } });
/** A draft put straight into the database, past every limit, as publishes kept them before the limits held there. */
const putDraft = (author: string, file: string, value: unknown, base: string) =>
  s.app.store.db
    .prepare('INSERT INTO content_drafts (author, file, value, base, updated_at) VALUES (?, ?, ?, ?, ?)')
    .run(author, file, JSON.stringify(value), base, s.clock.now);
const scheduler = () => s.app.contentScheduler!;

async function signedIn(on: TestServer, email: string): Promise<Client> {
  const client = new Client(on.base);
  expect((await client.signIn(email, PASSWORD)).status).toBe(204);
  return client;
}

/** The server stopped and started again on the same database and site folder; resolves with the editor signed in again. */
async function restart(options: { clock?: () => number } = {}): Promise<Client> {
  const { dataDir } = s;
  await s.app.close();
  held = heldTimers();
  const again = await startServer({ dataDir, siteDir, scheduleTimers: held.timers, ...options });
  s = {
    ...again,
    close: async () => {
      await again.app.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(siteDir, { recursive: true, force: true });
    },
  };
  return signedIn(s, 'editor@agency.test');
}

/** Moves the server's clock to `at`, fires its timer, and waits for what it publishes. */
async function timeComes(at: number) {
  s.clock.now = at;
  held.fire();
  await scheduler().idle();
}

beforeEach(async () => {
  siteDir = makeSite({ git: true });
  held = heldTimers();
  ({ server: s, editor } = await startEditing(siteDir, { role: 'editor', scheduleTimers: held.timers }));
});
afterEach(() => s.close());

it('a draft saved as it is typed is read back by its author and seen by another editor with who and when; discarding it removes it', async () => {
  const snap = await snapshot();
  const home = valueOf(snap, HOME);
  home.sections[0].heading = 'A headline being written';
  const saved = await send(editor, 'contentDraftSave', { file: HOME, value: home, base: snap.revision });
  expect(saved.status).toBe(200);
  const { draft } = (await saved.json()) as { draft: ContentDraft };
  expect(draft).toEqual({ author: 'editor@agency.test', file: HOME, value: home, base: snap.revision, updatedAt: new Date(s.clock.now).toISOString() });

  // The next keystrokes replace it: one draft per account and file.
  home.sections[0].heading = 'A headline being written, longer';
  s.clock.now += 1000;
  expect((await send(editor, 'contentDraftSave', { file: HOME, value: home, base: snap.revision })).status).toBe(200);
  expect((await snapshot()).drafts).toEqual([{ ...draft, value: home, updatedAt: new Date(s.clock.now).toISOString() }]);

  // Another editor sees whose draft it is, and since when; the live content is unchanged.
  await addAccount(s, 'second@agency.test', PASSWORD, 'editor');
  const second = await signedIn(s, 'second@agency.test');
  const theirs = await snapshot(second);
  expect(theirs.drafts.map((d) => [d.author, d.file, d.updatedAt])).toEqual([['editor@agency.test', HOME, new Date(s.clock.now).toISOString()]]);
  expect(valueOf(theirs, HOME).sections[0].heading).toBe(valueOf(snap, HOME).sections[0].heading);

  // Another account's discard does not touch it; its author's does.
  expect((await send(second, 'contentDraftDiscard', { file: HOME })).status).toBe(200);
  expect((await snapshot()).drafts).toHaveLength(1);
  expect((await send(editor, 'contentDraftDiscard', { file: HOME })).status).toBe(200);
  expect((await snapshot()).drafts).toEqual([]);
});

it('a draft survives a restart of the server (it is in the database), with its schedule', async () => {
  const snap = await snapshot();
  const home = valueOf(snap, HOME);
  home.sections[0].heading = 'Kept across a restart';
  await send(editor, 'contentDraftSave', { file: HOME, value: home, base: snap.revision });
  const at = s.clock.now + 10 * MINUTE;
  expect((await send(editor, 'contentDraftSchedule', { file: HOME, at: new Date(at).toISOString() })).status).toBe(200);
  const client = await restart();
  const [draft] = (await snapshot(client)).drafts;
  expect(draft).toMatchObject({ author: 'editor@agency.test', file: HOME, value: home, scheduledAt: new Date(at).toISOString() });
  // Its time is the timer's: set again at start.
  expect(held.delay()).toBe(at - s.clock.now);
});

it('refuses, keeping nothing: no CSRF token, a file not edited here, a draft too large, too many drafts, too many saves', async () => {
  const snap = await snapshot();
  const home = valueOf(snap, HOME);
  const { csrfToken } = await editor.me();
  expect(csrfToken).toBeTruthy();
  const forged = await editor.send('POST', contentRoutes.contentDraftSave.path, { json: { file: HOME, value: home, base: snap.revision } });
  expect(forged.status).toBe(403);
  const wrongToken = await editor.send('POST', contentRoutes.contentDraftSave.path, {
    json: { file: HOME, value: home, base: snap.revision },
    headers: { [CSRF_HEADER]: 'forged', 'sec-fetch-site': 'same-origin' },
  });
  expect(wrongToken.status).toBe(403);

  for (const file of ['config/server.ts', 'config/admin.ts', '../etc/passwd', 'config/pages/../server.ts']) {
    const refused = await send(editor, 'contentDraftSave', { file, value: {}, base: snap.revision });
    expect([file, refused.status, await refused.json()]).toEqual([file, 400, { message: messages.notEditable }]);
  }
  const large = await send(editor, 'contentDraftSave', { file: HOME, value: { ...home, filler: 'x'.repeat(limits.maxBytes) }, base: snap.revision });
  expect(large.status).toBe(413);
  expect(await large.json()).toEqual({ message: fill(messages.draftTooLarge, { max: Math.floor(limits.maxBytes / 1000) }) });
  expect((await snapshot()).drafts).toEqual([]);

  // As many drafts as an account may have (new pages' files), then one more is refused; an existing one is still saved.
  const page = (n: number) => `config/pages/draft-${n}.ts`;
  for (let n = 0; n < limits.perAccount; n++) {
    if (n > 0 && n % Math.max(1, limits.rate.requests - 1) === 0) s.clock.now += limits.rate.perSeconds * 1000;
    expect((await send(editor, 'contentDraftSave', { file: page(n), value: { title: `Page ${n}`, sections: [] }, base: snap.revision })).status).toBe(200);
  }
  s.clock.now += limits.rate.perSeconds * 1000;
  const tooMany = await send(editor, 'contentDraftSave', { file: page(limits.perAccount), value: { title: 'One more', sections: [] }, base: snap.revision });
  expect(tooMany.status).toBe(409);
  expect(await tooMany.json()).toEqual({ message: fill(messages.tooManyDrafts, { max: limits.perAccount }) });
  expect((await send(editor, 'contentDraftSave', { file: page(0), value: { title: 'Page 0, again', sections: [] }, base: snap.revision })).status).toBe(200);
  expect((await snapshot()).drafts).toHaveLength(limits.perAccount);

  // Saves come in as fast as a bucket of `requests` allows, then 429 with the wait; the clock moving on lets them in again.
  s.clock.now += limits.rate.perSeconds * 1000;
  let answered = 0;
  let refusal: Response | undefined;
  while (!refusal && answered <= limits.rate.requests) {
    const response = await send(editor, 'contentDraftSave', { file: page(1), value: { title: `Typed ${answered}`, sections: [] }, base: snap.revision });
    if (response.status === 429) refusal = response;
    else answered++;
  }
  expect(answered).toBe(limits.rate.requests);
  const seconds = Number(refusal!.headers.get('retry-after'));
  expect(seconds).toBeGreaterThan(0);
  expect(await refusal!.json()).toEqual({ message: fill(messages.draftsTooFast, { seconds }) });
  s.clock.now += seconds * 1000;
  expect((await send(editor, 'contentDraftSave', { file: page(1), value: { title: 'Typed later', sections: [] }, base: snap.revision })).status).toBe(200);
});

it('ten publishes of 100 changes by one editor are refused and keep, as drafts, only what draft saves would have kept: files, size, count and rate', async () => {
  const snap = await snapshot();
  const CHANGES = 100;
  // The premise: one publish's changes are more than an account's drafts and more than a minute's saves.
  expect(CHANGES).toBeGreaterThan(Math.max(limits.perAccount, limits.rate.requests));
  const mine = async () => (await snapshot()).drafts.filter((d) => d.author === 'editor@agency.test');

  // The editor's own edit, in a publish refused because the content changed meanwhile: it stays its draft (nothing typed is lost).
  const home = valueOf(snap, HOME);
  home.sections[0].heading = 'Typed, then published too late';
  const stale = 'f'.repeat(40);
  expect((await publish(editor, stale, [{ file: HOME, value: home }])).status).toBe(409);
  expect((await mine()).map((d) => [d.file, d.value])).toEqual([[HOME, home]]);

  const page = (n: number) => `config/pages/flood-${n}.ts`;
  const notDraftable = ['config/server.ts', '../etc/passwd', 'config/pages/../server.ts', `config/pages/${'a'.repeat(300)}.ts`];
  const pages = CHANGES - notDraftable.length - 1;
  for (let round = 0; round < 10; round++) {
    // A minute later each time: the saves' bucket is full again.
    s.clock.now += limits.rate.perSeconds * 1000;
    const changes = [
      ...notDraftable.map((file) => ({ file, value: { round } })),
      { file: 'config/pages/too-large.ts', value: { round, filler: 'x'.repeat(limits.maxBytes) } },
      ...Array.from({ length: pages }, (_, n) => ({ file: page(n), value: { round, title: `Flood ${n}` } })),
    ];
    // On the content as it is (the checker refuses the pages), or on a revision that is not (409).
    const answer = await publish(editor, round % 2 === 0 ? snap.revision : stale, changes);
    expect([round, answer.status]).toEqual([round, round % 2 === 0 ? 400 : 409]);
    // Kept: the first pages as far as the count and a minute's saves allow (the home draft counts, and took its save before); no file
    // a draft may not be of, nothing too large; each kept page's value is this round's.
    const kept = Math.min(limits.perAccount - 1, limits.rate.requests);
    const drafts = await mine();
    expect([round, drafts.length]).toEqual([round, kept + 1]);
    expect(
      drafts
        .filter((d) => d.file !== HOME)
        .map((d) => [d.file, (d.value as Json).round])
        .sort(),
    ).toEqual(Array.from({ length: kept }, (_, n) => [page(n), round]).sort());
  }
  expect(gitIn(siteDir, 'rev-parse', 'HEAD').trim()).toBe(snap.revision);

  // Past a minute's saves, nothing more is kept: the publish's and the autosave's are one budget.
  const late = await publish(editor, stale, [{ file: page(0), value: { round: 'late' } }]);
  expect(late.status).toBe(409);
  expect((await mine()).find((d) => d.file === page(0))!.value).toEqual({ round: 9, title: 'Flood 0' });
  const autosave = await send(editor, 'contentDraftSave', { file: page(0), value: { round: 'typed' }, base: snap.revision });
  expect(autosave.status).toBe(429);
  expect(Number(autosave.headers.get('retry-after'))).toBeGreaterThan(0);
});

it('opening the editor with many drafts started from many revisions runs at most the pool of processes at once, and says which are outdated', async () => {
  const snap = await snapshot();
  // Revisions to start drafts from: commits one after another; then a publish of the about page after all of them.
  const REVISIONS = 8 * MAX_CHILD_PROCESSES;
  execFileSync('sh', ['-c', `for i in $(seq ${REVISIONS}); do git commit --quiet --allow-empty -m "Revision $i"; done`], {
    cwd: siteDir,
    env: { ...process.env, ...GIT_DEVELOPER },
  });
  const bases = gitIn(siteDir, 'rev-list', `--max-count=${REVISIONS}`, 'HEAD').trim().split('\n');
  expect(bases).toHaveLength(REVISIONS);
  const about = valueOf(snap, ABOUT);
  about.sections[0].heading = 'Published after every draft was started';
  expect((await publish(editor, gitIn(siteDir, 'rev-parse', 'HEAD').trim(), [{ file: ABOUT, value: about }])).status).toBe(200);
  const now = (await snapshot()).revision;

  // Per revision, one account's draft of the about page (changed since: outdated) and of a page no publish touched (not outdated);
  // one started from a revision this history does not have (outdated) and one from the content as it is (not outdated).
  const expected: Record<string, boolean> = {};
  bases.forEach((base, i) => {
    putDraft(`author-${i}@agency.test`, ABOUT, about, base);
    putDraft(`author-${i}@agency.test`, HOME, valueOf(snap, HOME), base);
    expected[`author-${i}@agency.test ${ABOUT}`] = true;
    expected[`author-${i}@agency.test ${HOME}`] = false;
  });
  putDraft('unknown@agency.test', HOME, valueOf(snap, HOME), 'a'.repeat(40));
  putDraft('current@agency.test', HOME, valueOf(snap, HOME), now);
  expected[`unknown@agency.test ${HOME}`] = true;
  expected[`current@agency.test ${HOME}`] = false;

  expect(childProcesses.alive).toBe(0);
  childProcesses.peak = 0;
  const started = childProcesses.started;
  const opened = await snapshot();
  expect(Object.fromEntries(opened.drafts.map((d) => [`${d.author} ${d.file}`, d.outdated === true]))).toEqual(expected);
  // Real processes, counted as each starts and exits: git is asked about the revisions together, never once per draft.
  expect(childProcesses.started - started).toBeLessThan(REVISIONS);
  expect(childProcesses.peak).toBeLessThanOrEqual(MAX_CHILD_PROCESSES);

  // The editor opened many times at once (each asks git what the content's revision is): never more processes at once than the pool.
  const openings = await Promise.all(Array.from({ length: 2 * MAX_CHILD_PROCESSES + 1 }, () => snapshot()));
  for (const again of openings) expect(again.drafts.map((d) => d.outdated === true)).toEqual(opened.drafts.map((d) => d.outdated === true));
  expect(childProcesses.peak).toBeLessThanOrEqual(MAX_CHILD_PROCESSES);
  // The pool itself: more programs asked for at once than it runs wait their turn (the first ones start at once, so it is full).
  await Promise.all(Array.from({ length: 4 * MAX_CHILD_PROCESSES }, () => run('git', ['--version'], siteDir)));
  expect(childProcesses.peak).toBe(MAX_CHILD_PROCESSES);
});

it("an account's removal removes its drafts, scheduled ones included: nothing of it is published later", async () => {
  const snap = await snapshot();
  await addAccount(s, 'second@agency.test', PASSWORD, 'editor');
  const second = await signedIn(s, 'second@agency.test');
  const theirs = valueOf(snap, HOME);
  theirs.sections[0].heading = 'Scheduled by an account that goes';
  expect((await send(second, 'contentDraftSave', { file: HOME, value: theirs, base: snap.revision })).status).toBe(200);
  expect((await send(second, 'contentDraftSave', { file: ABOUT, value: valueOf(snap, ABOUT), base: snap.revision })).status).toBe(200);
  const at = s.clock.now + MINUTE;
  expect((await send(second, 'contentDraftSchedule', { file: HOME, at: new Date(at).toISOString() })).status).toBe(200);
  const mine = valueOf(snap, ABOUT);
  mine.sections[0].heading = 'Kept: this account stays';
  expect((await send(editor, 'contentDraftSave', { file: ABOUT, value: mine, base: snap.revision })).status).toBe(200);

  // As `npm run leads -- remove-admin` removes it.
  expect(removeAdmin(s.app.store, 'Second@agency.test')).toBe(true);
  expect((await snapshot()).drafts.map((d) => [d.author, d.file])).toEqual([['editor@agency.test', ABOUT]]);
  await timeComes(at);
  expect(gitIn(siteDir, 'rev-parse', 'HEAD').trim()).toBe(snap.revision);
});

it('a scheduled draft is published by the server by itself at its time, as its author, the revision saying it was scheduled', async () => {
  const snap = await snapshot();
  const home = valueOf(snap, HOME);
  home.sections[0].heading = 'Published by the schedule';
  await send(editor, 'contentDraftSave', { file: HOME, value: home, base: snap.revision });

  // Refused times and drafts: nothing is scheduled.
  const past = await send(editor, 'contentDraftSchedule', { file: HOME, at: new Date(s.clock.now - MINUTE).toISOString() });
  expect([past.status, await past.json()]).toEqual([400, { message: fill(messages.badScheduleTime, { days: limits.scheduleMaxDays }) }]);
  const tooFar = await send(editor, 'contentDraftSchedule', {
    file: HOME,
    at: new Date(s.clock.now + (limits.scheduleMaxDays + 1) * 86_400_000).toISOString(),
  });
  expect(tooFar.status).toBe(400);
  const none = await send(editor, 'contentDraftSchedule', { file: ABOUT, at: new Date(s.clock.now + MINUTE).toISOString() });
  expect([none.status, await none.json()]).toEqual([404, { message: messages.noDraft }]);
  const broken = valueOf(snap, ABOUT);
  broken.sections[0].heading = '';
  await send(editor, 'contentDraftSave', { file: ABOUT, value: broken, base: snap.revision });
  const refused = await send(editor, 'contentDraftSchedule', { file: ABOUT, at: new Date(s.clock.now + MINUTE).toISOString() });
  expect(refused.status).toBe(400);
  const { problems, message } = (await refused.json()) as { problems: ContentProblem[]; message: string };
  expect(problems.map((p) => [p.file, p.path])).toEqual([[ABOUT, ['sections', 0, 'heading']]]);
  expect(message).toBe(fill(messages.draftHasProblems, { count: 1 }));
  await send(editor, 'contentDraftDiscard', { file: ABOUT });
  expect(held.delay()).toBeUndefined();

  const at = s.clock.now + 2 * MINUTE;
  const scheduled = await send(editor, 'contentDraftSchedule', { file: HOME, at: new Date(at).toISOString() });
  expect(scheduled.status).toBe(200);
  expect(((await scheduled.json()) as { draft: ContentDraft }).draft.scheduledAt).toBe(new Date(at).toISOString());
  expect(held.delay()).toBe(2 * MINUTE);

  // A timer that fires early publishes nothing, and is set again for the rest of the time.
  await timeComes(at - 1000);
  expect(gitIn(siteDir, 'rev-parse', 'HEAD').trim()).toBe(snap.revision);
  expect(held.delay()).toBe(1000);

  await timeComes(at);
  const after = await snapshot();
  expect(valueOf(after, HOME).sections[0].heading).toBe('Published by the schedule');
  expect(after.drafts).toEqual([]);
  expect(gitIn(siteDir, 'log', '-1', '--format=%ae%n%B')).toMatch(/^editor@agency\.test\n[\s\S]*\nPublish-Scheduled-By: editor@agency\.test\n/);
  const { revisions } = (await (await editor.send('GET', contentRoutes.contentRevisions.path)).json()) as { revisions: Revision[] };
  expect(revisions[0]).toMatchObject({ author: 'editor@agency.test', scheduledBy: 'editor@agency.test' });
  expect(revisions[0]!.summary.join('\n')).toContain('Published by the schedule');
  expect(revisions[0]!.summary.join('\n')).not.toContain('Scheduled-By');
  // Nothing else waits.
  expect(held.delay()).toBeUndefined();
});

it('a schedule can be cancelled: the draft stays, and nothing is published at that time', async () => {
  const snap = await snapshot();
  const home = valueOf(snap, HOME);
  home.sections[0].heading = 'Not after all';
  await send(editor, 'contentDraftSave', { file: HOME, value: home, base: snap.revision });
  const at = s.clock.now + MINUTE;
  await send(editor, 'contentDraftSchedule', { file: HOME, at: new Date(at).toISOString() });
  const cancelled = await send(editor, 'contentDraftSchedule', { file: HOME, at: null });
  expect(cancelled.status).toBe(200);
  expect(((await cancelled.json()) as { draft: ContentDraft }).draft.scheduledAt).toBeUndefined();
  expect(held.delay()).toBeUndefined();
  await timeComes(at + MINUTE);
  expect(gitIn(siteDir, 'rev-parse', 'HEAD').trim()).toBe(snap.revision);
  expect((await snapshot()).drafts.map((d) => d.value)).toEqual([home]);
});

it('a schedule that came due while the server was down is published at start', async () => {
  const snap = await snapshot();
  const home = valueOf(snap, HOME);
  home.sections[0].heading = 'Due while the server was down';
  await send(editor, 'contentDraftSave', { file: HOME, value: home, base: snap.revision });
  const at = s.clock.now + MINUTE;
  await send(editor, 'contentDraftSchedule', { file: HOME, at: new Date(at).toISOString() });
  // The server starts again after that time: the timer is set to fire at once.
  const later = at + 5 * MINUTE;
  const client = await restart({ clock: () => later });
  expect(held.delay()).toBe(0);
  held.fire();
  await scheduler().idle();
  expect(gitIn(siteDir, 'log', '-1', '--format=%B')).toContain('Publish-Scheduled-By: editor@agency.test');
  expect(valueOf(await snapshot(client), HOME).sections[0].heading).toBe('Due while the server was down');
});

it('a scheduled draft whose file another publish changed meanwhile is not published over it: it stays a draft, with the reason', async () => {
  const snap = await snapshot();
  const home = valueOf(snap, HOME);
  home.sections[0].heading = 'Scheduled, but overtaken';
  await send(editor, 'contentDraftSave', { file: HOME, value: home, base: snap.revision });
  const at = s.clock.now + MINUTE;
  await send(editor, 'contentDraftSchedule', { file: HOME, at: new Date(at).toISOString() });

  // Another editor publishes a change of the same page first.
  await addAccount(s, 'second@agency.test', PASSWORD, 'editor');
  const second = await signedIn(s, 'second@agency.test');
  const theirs = valueOf(snap, HOME);
  theirs.sections[0].heading = 'Published by someone else';
  expect(
    (await second.change('POST', contentRoutes.contentPublish.path, { json: { baseRevision: snap.revision, changes: [{ file: HOME, value: theirs }] } }))
      .status,
  ).toBe(200);
  const head = gitIn(siteDir, 'rev-parse', 'HEAD').trim();

  await timeComes(at);
  expect(gitIn(siteDir, 'rev-parse', 'HEAD').trim()).toBe(head);
  const [draft] = (await snapshot()).drafts;
  expect(draft).toMatchObject({ author: 'editor@agency.test', file: HOME, value: home });
  expect(draft!.scheduledAt).toBeUndefined();
  expect(draft!.scheduleError).toBe(fill(messages.scheduledPublishFailed, { reason: messages.contentChanged }));
  // The editor is told the draft is older than the page's last publish.
  expect(draft!.outdated).toBe(true);

  // Scheduled again, knowing it (the editor said so): it is published over that change at its time.
  const again = s.clock.now + MINUTE;
  const rescheduled = await send(editor, 'contentDraftSchedule', { file: HOME, at: new Date(again).toISOString() });
  expect(rescheduled.status).toBe(200);
  expect(((await rescheduled.json()) as { draft: ContentDraft }).draft.base).toBe(head);
  expect((await snapshot()).drafts[0]!.outdated).toBeUndefined();
  await timeComes(again);
  expect(valueOf(await snapshot(), HOME).sections[0].heading).toBe('Scheduled, but overtaken');
});

it("a publish takes the items named and nothing else: the drafts of other items (unfinished or not, the account's or another's) neither join it nor are checked, and stay as they were", async () => {
  const snap = await snapshot();
  const SITE = 'config/site.ts';
  const ARTICLE = 'config/articles/half-written.ts';
  // An article with its title only (the checker refuses it), and a finished About, both the editor's drafts; another account's Home.
  const unfinished = { title: 'Half-written' };
  expect((await send(editor, 'contentDraftSave', { file: ARTICLE, value: unfinished, base: snap.revision })).status).toBe(200);
  const about = valueOf(snap, ABOUT);
  about.title = 'About, a draft left for later';
  expect((await send(editor, 'contentDraftSave', { file: ABOUT, value: about, base: snap.revision })).status).toBe(200);
  await addAccount(s, 'second@agency.test', PASSWORD, 'editor');
  const second = await signedIn(s, 'second@agency.test');
  const theirs = valueOf(snap, HOME);
  theirs.sections[0].heading = "Another account's draft";
  expect((await send(second, 'contentDraftSave', { file: HOME, value: theirs, base: snap.revision })).status).toBe(200);
  const checked = await editor.change('POST', contentRoutes.contentCheck.path, { json: { changes: [{ file: ARTICLE, value: unfinished }] } });
  expect(((await checked.json()) as { problems: ContentProblem[] }).problems.length).toBeGreaterThan(0);

  // The urgent fix: the phone number, published alone at once.
  const site = valueOf(snap, SITE);
  site.contact.phone = { label: '+1 (555) 014-2200', href: 'tel:+15550142200' };
  const answer = await publish(editor, snap.revision, [{ file: SITE, value: site }]);
  expect([answer.status, answer.status === 200 ? '' : await answer.text()]).toEqual([200, '']);
  const { revision } = (await answer.json()) as { revision: Revision };
  expect(revision.changed).toEqual([SITE]);
  expect(revision.items?.map((item) => [item.file, item.summary.length])).toEqual([[SITE, revision.summary.length]]);
  expect(gitIn(siteDir, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n')).toEqual([SITE]);

  const after = await snapshot();
  expect(valueOf(after, SITE).contact.phone.label).toBe('+1 (555) 014-2200');
  expect(valueOf(after, ABOUT).title).toBe(valueOf(snap, ABOUT).title);
  expect(valueOf(after, HOME).sections[0].heading).toBe(valueOf(snap, HOME).sections[0].heading);
  expect(after.files.some((f) => f.file === ARTICLE)).toBe(false);
  // Every other draft as it was (the site's draft, published, is gone).
  expect(after.drafts.map((d) => [d.author, d.file, d.value]).sort()).toEqual(
    [
      ['editor@agency.test', ARTICLE, unfinished],
      ['editor@agency.test', ABOUT, about],
      ['second@agency.test', HOME, theirs],
    ].sort(),
  );

  // The unfinished article, named on its own, is refused with its own problems only, and nothing is written.
  const head = gitIn(siteDir, 'rev-parse', 'HEAD').trim();
  const refused = await publish(editor, after.revision, [{ file: ARTICLE, value: unfinished }]);
  expect(refused.status).toBe(400);
  expect(new Set(((await refused.json()) as { problems: ContentProblem[] }).problems.map((p) => p.file))).toEqual(new Set([ARTICLE]));
  expect(gitIn(siteDir, 'rev-parse', 'HEAD').trim()).toBe(head);
});

it('drafts scheduled for the same time are published each on its own: one the checker refuses by then leaves the other to go live', async () => {
  const snap = await snapshot();
  const about = valueOf(snap, ABOUT);
  about.title = 'About, on time';
  const home = valueOf(snap, HOME);
  home.sections[0].heading = '';
  const at = s.clock.now + MINUTE;
  // Home's draft was fine when it was scheduled; by its time it is not (as put here, past the schedule's check).
  expect((await send(editor, 'contentDraftSave', { file: ABOUT, value: about, base: snap.revision })).status).toBe(200);
  expect((await send(editor, 'contentDraftSchedule', { file: ABOUT, at: new Date(at).toISOString() })).status).toBe(200);
  putDraft('editor@agency.test', HOME, home, snap.revision);
  s.app.store.db.prepare('UPDATE content_drafts SET scheduled_at = ? WHERE author = ? AND file = ?').run(at, 'editor@agency.test', HOME);
  scheduler().changed();

  await timeComes(at);
  const after = await snapshot();
  expect(valueOf(after, ABOUT).title).toBe('About, on time');
  expect(gitIn(siteDir, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n')).toEqual([ABOUT]);
  expect(after.drafts.map((d) => [d.file, d.scheduledAt, typeof d.scheduleError])).toEqual([[HOME, undefined, 'string']]);
});

it("a content file's expires is a stored moment: kept in the database, run at its time like a schedule", async () => {
  const now = s.clock.now;
  expect(
    momentsOf([
      { file: 'config/articles/a.ts', value: { expires: new Date(now + MINUTE).toISOString() } },
      { file: HOME, value: { title: 'No expiry' } },
      { file: 'config/articles/b.ts', value: { expires: 'not a date' } },
    ]),
  ).toEqual([{ file: 'config/articles/a.ts', at: now + MINUTE }]);
  const jobs = contentJobs(s.app.store);
  jobs.sync(
    EXPIRES,
    [
      { file: 'config/articles/a.ts', at: now + MINUTE },
      { file: 'config/articles/old.ts', at: now - MINUTE },
    ],
    now,
  );
  // Only moments still to come are added.
  expect(jobs.due(now + MINUTE)).toEqual([{ file: 'config/articles/a.ts', at: now + MINUTE, reason: EXPIRES }]);
  scheduler().changed();
  expect(held.delay()).toBe(MINUTE);
  await timeComes(now + MINUTE);
  expect(jobs.next()).toBeUndefined();
  expect(held.delay()).toBeUndefined();
});
