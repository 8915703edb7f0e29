/**
 * Each language of a page an item of its own, on our real server over real HTTP, with a site
 * folder that is a real git work tree:
 * - only an owner adds a language (an editor's change to the site's languages is refused);
 * - an editor's German translation of Home is a draft of its own and is published alone while
 *   the same editor's English draft of Home stays a draft, unpublished; the translation's file is
 *   written as a person would write it (its type's import, the texts), and read back in the content;
 * - the revisions of the German translation are its own; its undo takes the German back and leaves
 *   the English as it is (and the reverse: an English undo leaves the German);
 * - a change to an English text published after the German makes the German stale;
 * - a page removed takes its translations with it; undoing its removal (its change alone) brings
 *   them back in the same undo, and so does restoring a revision before it;
 * - a removed page's own words (config/moved.ts) are in the content, read only, and translated as
 *   any file's;
 * - undoing a page's creation after it was translated takes the translation with it, and undoing
 *   that undo brings both back.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentRoutes, type ContentSnapshot, type HistoryPlan, type Revision } from '../model/contentApi';
import { pageSchema } from '../../site/model/pageSchema';
import { translationFileOf, translationStates, type TranslationFile } from '../../site/model/translation';
import { addAccount, Client, startEditing, type TestServer } from '../../test/adminServer';
import { gitIn, makeSite } from '../../test/contentSite';

jest.setTimeout(600_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const SITE = 'config/site.ts';
const HOME = 'config/pages/home.ts';
const DE_HOME = translationFileOf('de-DE', HOME);
const GERMAN = { code: 'de-DE', name: 'Deutsch', prefix: '/de' };
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const at = (route: keyof typeof contentRoutes, id: string) => contentRoutes[route].path.replace(':revisionId', encodeURIComponent(id));

let siteDir: string;
let s: TestServer;
let owner: Client;
let editor: Client;

beforeAll(async () => {
  siteDir = makeSite({ git: true });
  ({ server: s, editor: owner } = await startEditing(siteDir));
  await addAccount(s, 'translator@agency.test', undefined, 'editor');
  editor = new Client(s.base);
  expect((await editor.signIn('translator@agency.test')).status).toBe(204);
});
afterAll(() => s.close());

const snapshot = async (client: Client) => (await (await client.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
const valueOf = (snap: ContentSnapshot, file: string) => clone(snap.files.find((f) => f.file === file)?.value) as Json;
const publish = (client: Client, baseRevision: string, changes: { file: string; value: unknown }[]) =>
  client.change('POST', contentRoutes.contentPublish.path, { json: { baseRevision, changes } });
const withGerman = (site: Json) => ({ ...site, languages: { ...site.languages, others: [...site.languages.others, GERMAN] } });
const revisionsOf = async (file: string) =>
  ((await (await editor.send('GET', `${contentRoutes.contentRevisions.path}?${new URLSearchParams({ file })}`)).json()) as { revisions: Revision[] }).revisions;

it('only an owner adds a language', async () => {
  const snap = await snapshot(editor);
  const refused = await publish(editor, snap.revision, [{ file: SITE, value: withGerman(valueOf(snap, SITE)) }]);
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { problems: { path: unknown[] }[] }).problems.map((p) => p.path[0])).toEqual(['languages']);
  const added = await publish(owner, snap.revision, [{ file: SITE, value: withGerman(valueOf(snap, SITE)) }]);
  expect(added.status).toBe(200);
  expect(valueOf(await snapshot(editor), SITE).languages.others).toEqual([GERMAN]);
});

it('German is published alone while an English draft of the same page stays a draft; its file reads as a person writes it', async () => {
  const snap = await snapshot(editor);
  const home = valueOf(snap, HOME);
  const englishDraft = { ...clone(home), title: 'An English draft, not published' };
  const saved = await editor.change('POST', contentRoutes.contentDraftSave.path, { json: { file: HOME, value: englishDraft, base: snap.revision } });
  expect(saved.status).toBe(200);
  const german: TranslationFile = { texts: { title: { text: 'Startseite', source: home.title } } };
  const draftOfGerman = await editor.change('POST', contentRoutes.contentDraftSave.path, { json: { file: DE_HOME, value: german, base: snap.revision } });
  expect(draftOfGerman.status).toBe(200);
  const answer = await publish(editor, snap.revision, [{ file: DE_HOME, value: german }]);
  expect([answer.status, answer.status === 200 ? '' : await answer.text()]).toEqual([200, '']);
  const revision = ((await answer.json()) as { revision: Revision }).revision;
  expect(revision.changed).toEqual([DE_HOME]);
  const after = await snapshot(editor);
  expect(valueOf(after, DE_HOME)).toEqual(german);
  expect(valueOf(after, HOME)).toEqual(home);
  // The English draft is still there, the German one gone with its publish.
  expect(after.drafts.filter((d) => d.file === HOME || d.file === DE_HOME).map((d) => [d.file, d.value])).toEqual([[HOME, englishDraft]]);
  const text = readFileSync(path.join(siteDir, DE_HOME), 'utf8');
  expect(text).toBe(
    `import type { TranslationFile } from '../../../../src/site/model/translation';\n\nexport default {\n  texts: {\n    title: { text: 'Startseite', source: ${JSON.stringify(home.title).replace(/"/g, "'")} },\n  },\n} satisfies TranslationFile;\n`,
  );
  expect((await revisionsOf(DE_HOME)).map((r) => r.id)).toEqual([revision.id]);
});

it('undo of a German change leaves English alone, and an English change makes the German stale', async () => {
  const snap = await snapshot(editor);
  const home = valueOf(snap, HOME);
  const german = valueOf(snap, DE_HOME) as TranslationFile;
  const changed: TranslationFile = { texts: { ...german.texts, title: { text: 'Willkommen', source: home.title } } };
  const germanChange = await publish(editor, snap.revision, [{ file: DE_HOME, value: changed }]);
  expect(germanChange.status).toBe(200);
  const germanRevision = ((await germanChange.json()) as { revision: Revision }).revision;
  // An English change after it.
  const englishHome = { ...home, description: `${home.description} Now.` };
  const second = await snapshot(editor);
  expect((await publish(owner, second.revision, [{ file: HOME, value: englishHome }])).status).toBe(200);
  // The German change undone: the German as before it, the English as it is now.
  const third = await snapshot(editor);
  const undone = await editor.change('POST', at('contentUndo', germanRevision.id), { json: { baseRevision: third.revision, file: DE_HOME } });
  expect([undone.status, undone.status === 200 ? '' : await undone.text()]).toEqual([200, '']);
  const after = await snapshot(editor);
  expect(valueOf(after, DE_HOME)).toEqual(german);
  expect(valueOf(after, HOME)).toEqual(englishHome);
  // The English title changes: the German title is stale (its source is the old title), the rest as it was.
  const retitled = { ...englishHome, title: 'A new English title' };
  expect((await publish(owner, after.revision, [{ file: HOME, value: retitled }])).status).toBe(200);
  const last = await snapshot(editor);
  expect(translationStates(pageSchema, valueOf(last, HOME), valueOf(last, DE_HOME) as TranslationFile).get('title')).toBe('stale');
  expect(valueOf(last, DE_HOME)).toEqual(german);
});

it('a page removed takes its translations with it: their files leave the site and the content in the same publish', async () => {
  const file = 'config/pages/summer-offer.ts';
  const translation = translationFileOf(GERMAN.code, file);
  const first = await snapshot(owner);
  const page = {
    title: 'Summer offer',
    description: 'An offer for the summer.',
    address: '/summer-offer',
    inMenu: false,
    sections: valueOf(first, HOME).sections.slice(0, 1),
  };
  expect((await publish(owner, first.revision, [{ file, value: page }])).status).toBe(200);
  const made = await snapshot(owner);
  const german = { texts: { title: { text: 'Sommerangebot', source: page.title } } };
  expect((await publish(owner, made.revision, [{ file: translation, value: german }])).status).toBe(200);
  expect(existsSync(path.join(siteDir, translation))).toBe(true);
  const translated = await snapshot(owner);
  const removed = await publish(owner, translated.revision, [{ file, value: null }]);
  expect([removed.status, removed.status === 200 ? '' : await removed.text()]).toEqual([200, '']);
  const after = await snapshot(owner);
  expect(after.files.map((f) => f.file)).not.toContain(file);
  expect(after.files.map((f) => f.file)).not.toContain(translation);
  expect(existsSync(path.join(siteDir, translation))).toBe(false);
  removal = { file, translation, page, german, revision: ((await removed.json()) as { revision: Revision }).revision.id, before: translated.revision };
});

/** The page removed with its translation above: its file, its translation's, their values, the removal's revision and the one before it. */
let removal: { file: string; translation: string; page: Json; german: Json; revision: string; before: string };

/** Whether the page and its translation are in the content now, with their values before the removal (and their files in the site's folder). */
const bothBack = async () => {
  const now = await snapshot(owner);
  const value = (file: string) => now.files.find((f) => f.file === file)?.value as Json | undefined;
  return [
    value(removal.file)?.title === removal.page.title,
    JSON.stringify(value(removal.translation)) === JSON.stringify(removal.german),
    existsSync(path.join(siteDir, removal.translation)),
  ];
};

it('undoing the removal of that page alone (its change in the revision) brings its translation back with it, in one undo; undone again, both go', async () => {
  const detail = (await (await owner.send('GET', at('contentRevision', removal.revision))).json()) as { changes: { file: string }[] };
  const place = detail.changes.findIndex((c) => c.file === removal.file);
  expect(place).toBeGreaterThanOrEqual(0);
  const plan = (await (await owner.send('GET', `${at('contentUndoPreview', removal.revision)}?change=${place}`)).json()) as HistoryPlan;
  expect(plan.refusals).toEqual([]);
  expect(plan.files.map((f) => f.file).sort()).toEqual([removal.file, removal.translation].sort());
  const undone = await owner.change('POST', at('contentUndo', removal.revision), { json: { baseRevision: plan.baseRevision, change: place } });
  expect([undone.status, undone.status === 200 ? '' : await undone.text()]).toEqual([200, '']);
  expect(await bothBack()).toEqual([true, true, true]);
  // Undoing that undo removes both again (one change, reversed whole).
  const undo = ((await undone.json()) as { revision: Revision }).revision.id;
  const again = (await (await owner.send('GET', at('contentUndoPreview', undo))).json()) as HistoryPlan;
  expect((await owner.change('POST', at('contentUndo', undo), { json: { baseRevision: again.baseRevision } })).status).toBe(200);
  expect(await bothBack()).toEqual([false, false, false]);
});

it('restoring the revision before the removal brings the page and its translation back', async () => {
  const plan = (await (await owner.send('GET', at('contentRestorePreview', removal.before))).json()) as HistoryPlan;
  expect(plan.refusals).toEqual([]);
  expect(plan.files.map((f) => f.file)).toEqual(expect.arrayContaining([removal.file, removal.translation]));
  const restored = await owner.change('POST', at('contentRestore', removal.before), { json: { baseRevision: plan.baseRevision } });
  expect([restored.status, restored.status === 200 ? '' : await restored.text()]).toEqual([200, '']);
  expect(await bothBack()).toEqual([true, true, true]);
});

it("a removed page's own words (config/moved.ts, the publish's file) are in the content for the editor, never changed by it, and translated as any file's", async () => {
  const moved = 'config/moved.ts';
  const translation = translationFileOf(GERMAN.code, moved);
  // As a publish that removed a page with words of its own leaves it.
  const words = {
    moved: [],
    gone: [{ address: '/autumn-offer', message: 'The autumn offer has ended', links: [{ label: 'Our services', href: '/Services' }] }],
  };
  writeFileSync(path.join(siteDir, moved), `export default ${JSON.stringify(words)};\n`);
  gitIn(siteDir, 'commit', '--quiet', '-m', 'A page removed', '--', moved);
  const snap = await snapshot(editor);
  expect(valueOf(snap, moved)).toEqual(words);
  const refused = await publish(owner, snap.revision, [{ file: moved, value: { ...words, gone: [] } }]);
  expect(refused.status).toBe(400);
  const german: TranslationFile = { texts: { 'gone[0].message': { text: 'Das Herbstangebot ist beendet', source: words.gone[0]!.message } } };
  const answer = await publish(editor, snap.revision, [{ file: translation, value: german }]);
  expect([answer.status, answer.status === 200 ? '' : await answer.text()]).toEqual([200, '']);
  const after = await snapshot(editor);
  expect(valueOf(after, translation)).toEqual(german);
  expect(valueOf(after, moved)).toEqual(words);
  expect(readFileSync(path.join(siteDir, translation), 'utf8')).toContain("import type { TranslationFile } from '../../../src/site/model/translation';");
});

it('undoing the creation of a page translated since takes its translation with it (both in the plan, one undo); undoing that undo brings both back', async () => {
  const file = 'config/pages/winter-offer.ts';
  const translation = translationFileOf(GERMAN.code, file);
  const first = await snapshot(owner);
  const page = {
    title: 'Winter offer',
    description: 'An offer for the winter.',
    address: '/winter-offer',
    inMenu: false,
    sections: valueOf(first, HOME).sections.slice(0, 1),
  };
  const made = await publish(owner, first.revision, [{ file, value: page }]);
  expect(made.status).toBe(200);
  const creation = ((await made.json()) as { revision: Revision }).revision.id;
  const german = { texts: { title: { text: 'Winterangebot', source: page.title } } };
  expect((await publish(editor, (await snapshot(editor)).revision, [{ file: translation, value: german }])).status).toBe(200);
  const present = async () => {
    const now = await snapshot(owner);
    return [
      now.files.some((f) => f.file === file),
      JSON.stringify(now.files.find((f) => f.file === translation)?.value) === JSON.stringify(german),
      existsSync(path.join(siteDir, translation)),
    ];
  };
  expect(await present()).toEqual([true, true, true]);
  // The plan says what the undo does: the page and its translation go.
  const plan = (await (await owner.send('GET', at('contentUndoPreview', creation))).json()) as HistoryPlan;
  expect(plan.refusals).toEqual([]);
  expect(plan.files.map((f) => f.file).sort()).toEqual([file, translation].sort());
  const undone = await owner.change('POST', at('contentUndo', creation), { json: { baseRevision: plan.baseRevision } });
  expect([undone.status, undone.status === 200 ? '' : await undone.text()]).toEqual([200, '']);
  expect(await present()).toEqual([false, false, false]);
  // Undoing that undo: the page and its translation both come back, as they were.
  const undo = ((await undone.json()) as { revision: Revision }).revision.id;
  const again = (await (await owner.send('GET', at('contentUndoPreview', undo))).json()) as HistoryPlan;
  expect(again.refusals).toEqual([]);
  expect(again.files.map((f) => f.file).sort()).toEqual([file, translation].sort());
  expect((await owner.change('POST', at('contentUndo', undo), { json: { baseRevision: again.baseRevision } })).status).toBe(200);
  expect(await present()).toEqual([true, true, true]);
});
