/**
 * Going back in the content's history as data (revisions.ts), on our real server over real
 * HTTP, with a site folder that is a real git work tree:
 *
 * - three publishes, then an undo of the first: only its change goes, the two later
 *   ones stay; the undo is a revision of its own, with its preview first;
 * - an undo whose text a later change touched again is refused with a sentence naming that change;
 * - restore across a release that added a required key (the key keeps its value of today) and
 *   across a value now worked out in the file's code (left to the code), each said in words;
 * - killed (SIGKILL) in the middle of an undo and of a restore, then started again: the live site
 *   is the last recorded revision, the work tree clean.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import admin from '../../../config/admin';
import server from '../../../config/server';
import { exited } from '../../../scripts/lib/builtServer.mjs';
import { contentRoutes, type ContentSnapshot, type HistoryPlan, type Revision, type RevisionDetail } from '../model/contentApi';
import { formatDate } from '../../platform/received';
import { fill } from '../../schema/text';
import { type Client, EDITOR, editorDataDir, startBuiltEditing, startEditing, stopChild, type TestServer } from '../../test/adminServer';
import { gitIn, makeBuiltSite, makeSite } from '../../test/contentSite';
import { whereInWords } from './changeWords';

jest.setTimeout(600_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const messages = server.admin.messages;
const history = admin.content.history;
const HOME = 'config/pages/home.ts';
const ABOUT = 'config/pages/about.ts';
const CONTACT = 'config/pages/contact.ts';
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const at = (route: keyof typeof contentRoutes, id: string) => contentRoutes[route].path.replace(':revisionId', encodeURIComponent(id));

/** The editor's calls, as the revisions screen makes them. */
function editorCalls(client: () => Client) {
  const snapshot = async () => (await (await client().send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
  const valueOf = (snap: ContentSnapshot, file: string) => clone(snap.files.find((f) => f.file === file)!.value) as Json;
  return {
    snapshot,
    valueOf,
    /** Publishes an edit of one file; answers its revision. */
    async publish(file: string, edit: (value: Json) => void): Promise<Revision> {
      const snap = await snapshot();
      const value = valueOf(snap, file);
      edit(value);
      const answer = await client().change('POST', contentRoutes.contentPublish.path, { json: { baseRevision: snap.revision, changes: [{ file, value }] } });
      expect([answer.status, answer.status === 200 ? '' : await answer.text()]).toEqual([200, '']);
      return ((await answer.json()) as { revision: Revision }).revision;
    },
    preview: async (route: 'contentUndoPreview' | 'contentRestorePreview', id: string) => {
      const answer = await client().send('GET', at(route, id));
      expect(answer.status).toBe(200);
      return (await answer.json()) as HistoryPlan;
    },
    confirm: (route: 'contentUndo' | 'contentRestore', id: string, baseRevision: string) => client().change('POST', at(route, id), { json: { baseRevision } }),
  };
}

describe('undo and restore, on a git work tree', () => {
  let siteDir: string;
  let s: TestServer;
  let editor: Client;
  const calls = editorCalls(() => editor);
  const head = () => gitIn(siteDir, 'rev-parse', 'HEAD').trim();
  const read = async (file: string) => calls.valueOf(await calls.snapshot(), file);

  beforeAll(async () => {
    siteDir = makeSite({ git: true });
    ({ server: s, editor } = await startEditing(siteDir, { role: 'editor' }));
  });
  afterAll(() => s.close());

  it('three publishes, then an undo of the first: only its change goes, the two later stay', async () => {
    const original = await read(HOME);
    const first = await calls.publish(HOME, (home) => (home.sections[0].heading = 'The first change'));
    const second = await calls.publish(ABOUT, (about) =>
      about.sections.find((x: Json) => x.type === 'faq').items.push({ question: 'The second change?', answer: 'Yes.' }),
    );
    const third = await calls.publish(HOME, (home) => (home.sections[0].text = 'The third change.'));

    // Its before/after view: the whole texts.
    const detail = (await (await editor.send('GET', at('contentRevision', first.id))).json()) as RevisionDetail;
    expect(detail.revision).toMatchObject({ id: first.id, kind: 'publish', author: EDITOR, changed: [HOME] });
    const heading = whereInWords(HOME, original, ['sections', 0, 'heading']);
    expect(detail.changes).toEqual([
      { file: HOME, path: ['sections', 0, 'heading'], where: heading, before: original.sections[0].heading, after: 'The first change' },
    ]);

    // The preview: exactly the undo, nothing changed yet.
    const plan = await calls.preview('contentUndoPreview', first.id);
    expect(plan).toMatchObject({
      baseRevision: third.id,
      refusals: [],
      summary: [fill(history.changeSet, { where: heading, before: "'The first change'", after: `'${original.sections[0].heading}'` })],
    });
    expect(head()).toBe(third.id);

    const answer = await calls.confirm('contentUndo', first.id, plan.baseRevision);
    expect(answer.status).toBe(200);
    const { revision } = (await answer.json()) as { revision: Revision };
    expect(revision).toMatchObject({ kind: 'undo', of: first.id, author: EDITOR, summary: plan.summary });
    const home = await read(HOME);
    expect(home.sections[0].heading).toBe(original.sections[0].heading);
    expect(home.sections[0].text).toBe('The third change.');
    expect((await read(ABOUT)).sections.find((x: Json) => x.type === 'faq').items.map((i: Json) => i.question)).toContain('The second change?');
    // A revision of its own, in the list with its kind; the one file's revisions only on its screen.
    expect(gitIn(siteDir, 'log', '-1', '--format=%B')).toMatch(new RegExp(`Publish-Kind: undo\nPublish-Of: ${first.id}`));
    expect(gitIn(siteDir, 'status', '--porcelain')).toBe('');
    const list = (await (await editor.send('GET', contentRoutes.contentRevisions.path)).json()) as { revisions: Revision[] };
    expect(list.revisions.slice(0, 4).map((r) => [r.id, r.kind])).toEqual([
      [revision.id, 'undo'],
      [third.id, 'publish'],
      [second.id, 'publish'],
      [first.id, 'publish'],
    ]);
    const ofAbout = (await (await editor.send('GET', `${contentRoutes.contentRevisions.path}?file=${encodeURIComponent(ABOUT)}`)).json()) as {
      revisions: Revision[];
    };
    expect(ofAbout.revisions.map((r) => r.id)).toEqual([second.id, expect.any(String)]);
    // The developer's first commit is one line in words, not its message.
    const release = ofAbout.revisions[1]!;
    expect([
      release.kind,
      release.summary.length,
      release.summary[0]!.startsWith(messages.releaseInWords.split('{places}')[0]!),
      release.summary[0]!.includes('About'),
    ]).toEqual(['release', 1, true, true]);

    // Undoing the second (a FAQ item added) after the others: the item goes, the rest stays.
    const again = await calls.confirm('contentUndo', second.id, head());
    expect(again.status).toBe(200);
    expect((await read(ABOUT)).sections.find((x: Json) => x.type === 'faq').items.map((i: Json) => i.question)).not.toContain('The second change?');
    expect((await read(HOME)).sections[0].text).toBe('The third change.');
  });

  it('an undo whose text a later change touched is refused with a sentence naming it; a stale preview is refused too', async () => {
    const fourth = await calls.publish(HOME, (home) => (home.sections[0].heading = 'The fourth change'));
    const fifth = await calls.publish(HOME, (home) => (home.sections[0].heading = 'The fifth change'));
    const sentence = fill(messages.undoConflict, {
      where: whereInWords(HOME, await read(HOME), ['sections', 0, 'heading']),
      author: EDITOR,
      at: formatDate(fifth.at),
      change: fifth.summary[0]!,
    });
    const plan = await calls.preview('contentUndoPreview', fourth.id);
    expect(plan).toMatchObject({ refusals: [sentence], summary: [] });
    const refused = await calls.confirm('contentUndo', fourth.id, plan.baseRevision);
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([409, sentence]);
    expect(head()).toBe(fifth.id);
    expect(gitIn(siteDir, 'status', '--porcelain')).toBe('');

    // An undo confirmed on content that changed since its preview.
    const sixth = await calls.publish(ABOUT, (about) => (about.title = 'About the sixth change'));
    const undoSixth = await calls.preview('contentUndoPreview', sixth.id);
    await calls.publish(HOME, (home) => (home.sections[0].text = 'The seventh change.'));
    const stale = await calls.confirm('contentUndo', sixth.id, undoSixth.baseRevision);
    expect([stale.status, ((await stale.json()) as { message: string }).message]).toEqual([409, messages.contentChanged]);
  });

  it('restore goes back as data, across a release that added a required key and a value now worked out in code, and says so', async () => {
    const file = (name: string) => path.join(siteDir, name);
    // An older release: the Contact page had no description yet.
    const contact = readFileSync(file(CONTACT), 'utf8');
    writeFileSync(file(CONTACT), contact.replace(/\n {2}description:\n\s+'[^']*',/, ''));
    gitIn(siteDir, 'commit', '--quiet', '-am', 'Pages before descriptions');
    const older = head();
    // The release that made the description required.
    writeFileSync(file(CONTACT), contact);
    gitIn(siteDir, 'commit', '--quiet', '-am', 'Every page has a description');
    const headingThen = (await read(CONTACT)).sections[0].heading as string;
    const changed = await calls.publish(CONTACT, (page) => (page.sections[0].heading = 'Contact the changed page'));
    const contactBefore = (await read(CONTACT)).description as string;

    const plan = await calls.preview('contentRestorePreview', older);
    expect(plan.refusals).toEqual([]);
    const contactNow = await read(CONTACT);
    expect(plan.notes).toContain(fill(messages.restoreAddedSince, { where: whereInWords(CONTACT, contactNow, ['description']) }));
    expect(plan.summary).toContain(
      fill(history.changeSet, {
        where: whereInWords(CONTACT, contactNow, ['sections', 0, 'heading']),
        before: "'Contact the changed page'",
        after: `'${headingThen}'`,
      }),
    );
    const restored = await calls.confirm('contentRestore', older, plan.baseRevision);
    expect(restored.status).toBe(200);
    const answer = (await restored.json()) as { revision: Revision; notes: string[] };
    expect(answer.revision).toMatchObject({ kind: 'restore', of: older });
    expect(answer.notes).toEqual(plan.notes);
    expect((await read(CONTACT)).description).toBe(contactBefore);
    expect((await read(CONTACT)).sections[0].heading).toBe(headingThen);
    expect(changed.id).not.toBe(head());

    // A release that works the hero's text out in code; then the heading is changed.
    const atTextLiteral = head();
    const home = readFileSync(file(HOME), 'utf8');
    const heroText = /\n {6}text: '[^']*',/.exec(home)!;
    writeFileSync(
      file(HOME),
      home
        .replace(heroText[0], '\n      text: HERO_TEXT,')
        .replace('export default', "const HERO_TEXT = ['Worked out', 'in code.'].join(' ');\n\nexport default"),
    );
    gitIn(siteDir, 'commit', '--quiet', '-am', 'The hero text from code');
    const headingBefore = (await read(HOME)).sections[0].heading as string;
    await calls.publish(HOME, (value) => (value.sections[0].heading = 'A heading after the code change'));

    const back = await calls.preview('contentRestorePreview', atTextLiteral);
    expect(back).toMatchObject({
      refusals: [],
      notes: [fill(messages.restoreLeftToCode, { where: whereInWords(HOME, await read(HOME), ['sections', 0, 'text']) })],
    });
    const done = await calls.confirm('contentRestore', atTextLiteral, back.baseRevision);
    expect(done.status).toBe(200);
    const now = await read(HOME);
    expect([now.sections[0].heading, now.sections[0].text]).toEqual([headingBefore, 'Worked out in code.']);
    expect(readFileSync(file(HOME), 'utf8')).toContain('text: HERO_TEXT,');
  });
});

describe('a publish of several items, each change undone alone; the list in order of time, releases folded', () => {
  let siteDir: string;
  let s: TestServer;
  let editor: Client;
  const calls = editorCalls(() => editor);
  const read = async (file: string) => calls.valueOf(await calls.snapshot(), file);
  const list = async (file?: string) =>
    (
      (await (await editor.send('GET', `${contentRoutes.contentRevisions.path}${file ? `?${new URLSearchParams({ file })}` : ''}`)).json()) as {
        revisions: Revision[];
      }
    ).revisions;
  const faqOf = (about: Json) => about.sections.find((x: Json) => x.type === 'faq');

  beforeAll(async () => {
    siteDir = makeSite({ git: true });
    ({ server: s, editor } = await startEditing(siteDir, { role: 'editor' }));
  });
  afterAll(() => s.close());

  it('records which item each change belongs to; one change is undone alone, the others stay; a change touched since is refused and named', async () => {
    const snap = await calls.snapshot();
    const original = { about: calls.valueOf(snap, ABOUT), home: calls.valueOf(snap, HOME) };
    const about = calls.valueOf(snap, ABOUT);
    about.title = 'About, a new title';
    faqOf(about).items[0].answer = 'A new answer.';
    const home = calls.valueOf(snap, HOME);
    home.sections[0].heading = 'Home, published with About';
    const answer = await editor.change('POST', contentRoutes.contentPublish.path, {
      json: {
        baseRevision: snap.revision,
        changes: [
          { file: ABOUT, value: about },
          { file: HOME, value: home },
        ],
      },
    });
    expect(answer.status).toBe(200);
    const { revision } = (await answer.json()) as { revision: Revision };
    // Each change with its item, in the revision and in its commit.
    expect(revision.items?.map((item) => [item.file, item.summary.length])).toEqual([
      [ABOUT, 2],
      [HOME, 1],
    ]);
    expect(revision.items!.flatMap((item) => item.summary)).toEqual(revision.summary);
    expect(gitIn(siteDir, 'log', '-1', '--format=%B')).toContain(`Publish-Item: ${ABOUT} (2)\nPublish-Item: ${HOME} (1)`);
    // An item's list shows its own changes of it only.
    const [ofHome] = await list(HOME);
    expect(ofHome).toMatchObject({ id: revision.id, summary: revision.items![1]!.summary });

    // Each change on its own, with its item: the FAQ answer is one of them.
    const detail = (await (await editor.send('GET', at('contentRevision', revision.id))).json()) as RevisionDetail;
    expect(detail.changes.map((c) => c.file)).toEqual([ABOUT, ABOUT, HOME]);
    const answerAt = ['sections', original.about.sections.indexOf(faqOf(original.about)), 'items', 0, 'answer'];
    const place = detail.changes.findIndex((c) => c.where === whereInWords(ABOUT, original.about, answerAt));
    expect(detail.changes[place]).toMatchObject({ before: faqOf(original.about).items[0].answer, after: 'A new answer.', path: answerAt });

    // Undo that change alone: its preview, with the file as it will be, then the undo.
    const planned = await editor.send('GET', `${at('contentUndoPreview', revision.id)}?change=${place}`);
    expect(planned.status).toBe(200);
    const plan = (await planned.json()) as HistoryPlan;
    expect(plan.summary).toEqual([
      fill(history.changeSet, { where: whereInWords(ABOUT, about, answerAt), before: "'A new answer.'", after: `'${faqOf(original.about).items[0].answer}'` }),
    ]);
    expect(plan.files.map((f) => f.file)).toEqual([ABOUT]);
    expect(plan.files[0]!.value).toMatchObject({ title: 'About, a new title' });
    const undone = await editor.change('POST', at('contentUndo', revision.id), { json: { baseRevision: plan.baseRevision, change: place } });
    expect(undone.status).toBe(200);
    const now = { about: await read(ABOUT), home: await read(HOME) };
    expect([now.about.title, faqOf(now.about).items[0].answer, now.home.sections[0].heading]).toEqual([
      'About, a new title',
      faqOf(original.about).items[0].answer,
      'Home, published with About',
    ]);

    // One item's changes: Home's, the rest staying.
    const homePlan = (await (
      await editor.send('GET', `${at('contentUndoPreview', revision.id)}?${new URLSearchParams({ file: HOME })}`)
    ).json()) as HistoryPlan;
    expect(homePlan.files.map((f) => f.file)).toEqual([HOME]);

    // The title, changed again since: refused, the later change named; nothing published.
    const later = await calls.publish(ABOUT, (value) => (value.title = 'About, changed again'));
    const titlePlace = detail.changes.findIndex((c) => c.where === whereInWords(ABOUT, original.about, ['title']));
    const sentence = fill(messages.undoConflict, {
      where: whereInWords(ABOUT, about, ['title']),
      author: EDITOR,
      at: formatDate(later.at),
      change: later.summary[0]!,
    });
    const refusedPlan = (await (await editor.send('GET', `${at('contentUndoPreview', revision.id)}?change=${titlePlace}`)).json()) as HistoryPlan;
    expect(refusedPlan).toMatchObject({ refusals: [sentence], summary: [], files: [] });
    const refused = await editor.change('POST', at('contentUndo', revision.id), { json: { baseRevision: refusedPlan.baseRevision, change: titlePlace } });
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([409, sentence]);
    expect(gitIn(siteDir, 'rev-parse', 'HEAD').trim()).toBe(later.id);
    // A change it does not have, and a scope that is not one.
    expect((await editor.send('GET', `${at('contentUndoPreview', revision.id)}?change=${detail.changes.length}`)).status).toBe(404);
    expect((await editor.send('GET', `${at('contentUndoPreview', revision.id)}?change=x`)).status).toBe(400);
  });

  it("lists the revisions newest first by their time, a run of developers' releases as one line", async () => {
    const day = 86_400_000;
    const release = (daysAgo: number, note: string) => {
      const file = path.join(siteDir, 'config/pages/services.ts');
      writeFileSync(file, `${readFileSync(file, 'utf8')}// ${note}\n`);
      gitIn(siteDir, 'commit', '--quiet', '-am', note, `--date=${new Date(s.clock.now - daysAgo * day).toISOString()}`);
    };
    const first = await calls.publish(HOME, (home) => (home.sections[0].text = 'Before the releases.'));
    // Three releases made after it, dated earlier and out of order (a branch merged late).
    release(5, 'Release five days ago');
    release(3, 'Release three days ago');
    release(4, 'Release four days ago');
    s.clock.now += 1000;
    const second = await calls.publish(HOME, (home) => (home.sections[0].text = 'After the releases.'));

    const revisions = await list();
    const times = revisions.map((r) => Date.parse(r.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const at0 = revisions.findIndex((r) => r.id === second.id);
    expect(revisions[at0 + 1]?.id).toBe(first.id);
    // No two releases one after another: each run is one line, how many and from when to when.
    expect(revisions.some((r, i) => r.kind === 'release' && revisions[i + 1]?.kind === 'release')).toBe(false);
    const folded = revisions.find((r) => r.folded);
    expect(folded).toMatchObject({ kind: 'release', folded: { count: 4 } });
    expect(Date.parse(folded!.folded!.from)).toBeLessThan(s.clock.now - 4.5 * day);
    expect(folded!.summary).toHaveLength(1);
    expect(folded!.summary[0]).toContain(whereInWords('config/pages/services.ts', undefined));
  });
});

describe('outside git: the revisions are snapshots in the data folder', () => {
  let siteDir: string;
  let s: TestServer;
  let editor: Client;
  const calls = editorCalls(() => editor);
  beforeAll(async () => {
    siteDir = makeSite();
    ({ server: s, editor } = await startEditing(siteDir, { role: 'editor' }));
  });
  afterAll(() => s.close());

  it("three publishes, the first undone alone (its values before were kept with it), then its file's revisions", async () => {
    const original = calls.valueOf(await calls.snapshot(), HOME);
    const first = await calls.publish(HOME, (home) => (home.sections[0].heading = 'The first change, outside git'));
    await calls.publish(ABOUT, (about) => (about.title = 'About, the second change'));
    await calls.publish(HOME, (home) => (home.sections[0].text = 'The third change, outside git.'));
    const plan = await calls.preview('contentUndoPreview', first.id);
    expect(plan.refusals).toEqual([]);
    const answer = await calls.confirm('contentUndo', first.id, plan.baseRevision);
    expect(answer.status).toBe(200);
    const now = await calls.snapshot();
    expect(calls.valueOf(now, HOME).sections[0]).toEqual({ ...original.sections[0], text: 'The third change, outside git.' });
    expect(calls.valueOf(now, ABOUT).title).toBe('About, the second change');
    const ofHome = (await (await editor.send('GET', `${contentRoutes.contentRevisions.path}?file=${encodeURIComponent(HOME)}`)).json()) as {
      revisions: Revision[];
    };
    expect(ofHome.revisions.map((r) => r.kind)).toEqual(['undo', 'publish', 'publish']);
  });
});

describe('killed in the middle of an undo, then started again', () => {
  let siteDir: string;
  let dataDir: string;
  let child: ChildProcess | undefined;
  let base = '';
  let client: Client;
  const calls = editorCalls(() => client);
  const h1 = async () => /<h1[^>]*>([^<]*)<\/h1>/.exec(await (await fetch(`${base}/`)).text())?.[1];
  const head = () => gitIn(siteDir, 'rev-parse', 'HEAD').trim();

  beforeAll(async () => {
    siteDir = await makeBuiltSite({ git: true, buildable: false });
    dataDir = await editorDataDir('undo-crash-');
  });
  afterAll(async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(siteDir, { recursive: true, force: true });
  });

  async function start(crashAt = ''): Promise<void> {
    await stopChild(child);
    ({ child, base, editor: client } = await startBuiltEditing(siteDir, dataDir, crashAt));
  }

  it('killed before the record: the last revision stays live; killed after it: the undo (or the restore) is live', async () => {
    // An undo of the first revision, killed before its record and then right after it; then a
    // restore of it, killed before its record and then right after its switch. The server started
    // again after each has the next one's crash switch (which does nothing until a publish); the
    // first server's fires after the three publishes below, at the undo's (its fourth time there).
    const kills = [
      { what: 'undo', step: 'written' },
      { what: 'undo', step: 'recorded' },
      { what: 'restore', step: 'rendered' },
      { what: 'restore', step: 'switched' },
    ] as const;
    await start(`${kills[0].step}=4`);
    const original = await h1();
    const first = await calls.publish(HOME, (home) => (home.sections[0].heading = 'Undo me'));
    await calls.publish(ABOUT, (about) => (about.title = 'About, second'));
    const third = await calls.publish(CONTACT, (contact) => (contact.title = 'Contact, third'));
    expect(await h1()).toBe('Undo me');

    let undone = '';
    for (const [i, { what, step }] of kills.entries()) {
      if (what === 'restore') undone ||= head();
      const [preview, confirm] = what === 'undo' ? (['contentUndoPreview', 'contentUndo'] as const) : (['contentRestorePreview', 'contentRestore'] as const);
      const plan = await calls.preview(preview, first.id);
      await expect(calls.confirm(confirm, first.id, plan.baseRevision)).rejects.toThrow();
      expect(await exited(child!)).toEqual({ code: null, signal: 'SIGKILL' });
      await start(kills[i + 1]?.step);
      expect(gitIn(siteDir, 'status', '--porcelain')).toBe('');
      if (step === 'written') {
        // Not recorded: the third publish is the last revision, and it is live.
        expect([head(), await h1()]).toEqual([third.id, 'Undo me']);
      } else if (step === 'recorded') {
        expect(gitIn(siteDir, 'log', '-1', '--format=%B')).toContain(`Publish-Of: ${first.id}`);
        expect(await h1()).toBe(original);
        expect((await calls.snapshot()).files.find((f) => f.file === CONTACT)!.value).toMatchObject({ title: 'Contact, third' });
      } else if (step === 'rendered') {
        expect([head(), await h1()]).toEqual([undone, original]);
      } else {
        expect([gitIn(siteDir, 'log', '-1', '--format=%B').includes(`Publish-Kind: restore\nPublish-Of: ${first.id}`), await h1()]).toEqual([true, 'Undo me']);
      }
    }
  });
});
