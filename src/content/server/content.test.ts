/**
 * The content editor's API against our real server over real HTTP, on a site folder of its own
 * (a copy of config/ and public/ that is a real git work tree, and one that is not): what GET
 * content answers, the checker's sentences on their keys, the data contract refused, a publish
 * that writes only the edit and commits it as the editor, a stale base refused, restore, the
 * revisions in words, pictures as a file attack (type by content, bytes, pixels, a polyglot), and a forged
 * publish or picture upload (no CSRF token, a wrong one, another session's, or a cross-site
 * request with the right one) refused with the inbox's sentence, nothing changed.
 * The build and the switch of the served site are played in publish.test.ts.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import admin from '../../../config/admin';
import server from '../../../config/server';
import { CSRF_HEADER } from '../../platform/signIn';
import { fill } from '../../schema/text';
import { labelOf, officeWordsOf } from '../model/officeSentences';
import { contentRoutes, type ContentSnapshot, type ContentProblem, type Revision } from '../model/contentApi';
import { UPLOAD_NAME } from '../../platform/uploads';
import { addAccount, Client, startEditing, startServer, type TestServer } from '../../test/adminServer';
import { gitIn, makeSite } from '../../test/contentSite';
import { projectDir } from '../../test/realConfig';
import { whereInWords } from './changeWords';

const history = admin.content.history;
const HOME = 'config/pages/home.ts';
const ABOUT = 'config/pages/about.ts';

jest.setTimeout(120_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

let siteDir: string;
let s: TestServer;
let editor: Client;
/** The content as the editor opens it (each read of it is a process of its own: read once for the tests that only look at it). */
let opened: ContentSnapshot;

async function snapshot(client = editor): Promise<ContentSnapshot> {
  const response = await client.send('GET', contentRoutes.content.path);
  expect(response.status).toBe(200);
  return (await response.json()) as ContentSnapshot;
}
const valueOf = (snap: ContentSnapshot, file: string) => clone(snap.files.find((f) => f.file === file)!.value) as Json;
const post = (route: keyof typeof contentRoutes, json: unknown, address: string = contentRoutes[route].path) => editor.change('POST', address, { json });

beforeAll(async () => {
  siteDir = makeSite({ git: true });
  ({ server: s, editor } = await startEditing(siteDir, { role: 'editor' }));
  opened = await snapshot();
});
afterAll(() => s.close());

it('GET content answers every content file with its value, the git HEAD as revision, and the pictures in public/', () => {
  const snap = opened;
  expect(snap.revision).toBe(gitIn(siteDir, 'rev-parse', 'HEAD').trim());
  const files = snap.files.map((f) => f.file);
  expect(files).toEqual(
    expect.arrayContaining(['config/site.ts', 'config/routes.ts', 'config/pages/home.ts', 'config/pages/about.ts', 'config/forms/contact.ts']),
  );
  expect(files).not.toContain('config/server.ts');
  expect(files).not.toContain('config/pages/index.ts');
  const home = valueOf(snap, 'config/pages/home.ts');
  expect(home.sections[0].heading).toEqual(expect.any(String));
  expect(snap.publicFiles).toContain(home.sections[0].image.src);
});

it("check answers the checker's sentences on their file and key; a contract key is refused with its sentence", async () => {
  const snap = opened;
  const home = valueOf(snap, 'config/pages/home.ts');
  home.sections[0].heading = '';
  home.sections[0].actions[0].href = '/Abuot';
  const contact = valueOf(snap, 'config/forms/contact.ts');
  contact.collection = 'Contacts';
  contact.fields[0].name = 'FullName';
  const response = await post('contentCheck', {
    changes: [
      { file: 'config/pages/home.ts', value: home },
      { file: 'config/forms/contact.ts', value: contact },
    ],
  });
  expect(response.status).toBe(200);
  const { problems } = (await response.json()) as { problems: ContentProblem[] };
  const on = (file: string, keyPath: Array<string | number>) => problems.filter((p) => p.file === file && JSON.stringify(p.path) === JSON.stringify(keyPath));
  // The developer's sentence names the file and the key; the office's names the page, the section and the box, as the screens do.
  expect(on('config/pages/home.ts', ['sections', 0, 'heading'])[0]?.developer).toMatch(/^config\/pages\/home\.ts: sections\[0\]\.heading /);
  const said = officeWordsOf({ file: 'config/pages/home.ts', path: ['sections', 0, 'heading'], words: { kind: 'empty' } }, home);
  expect(on('config/pages/home.ts', ['sections', 0, 'heading'])[0]).toMatchObject({ message: said.sentence, field: said.field });
  expect(on('config/pages/home.ts', ['sections', 0, 'actions', 0, 'href'])[0]?.message).toMatch(/\/Abuot/);
  for (const p of problems) for (const said of [p.message, p.field]) expect(said).not.toMatch(/sections\[|config\/|\.ts\b/);
  expect(on('config/forms/contact.ts', ['collection'])[0]?.developer).toBe(
    "config/forms/contact.ts: collection is part of the data contract (it names where the form's answers are stored): a developer's change. Ask a developer to change it in the file.",
  );
  expect(on('config/forms/contact.ts', ['fields', 0, 'name'])).toHaveLength(1);

  // A link may not run script; a file the editor does not edit is refused.
  home.sections[0].heading = 'Fine';
  home.sections[0].actions[0].href = 'javascript:alert(1)';
  const script = (await (
    await post('contentCheck', {
      changes: [
        { file: 'config/pages/home.ts', value: home },
        { file: 'config/server.ts', value: {} },
      ],
    })
  ).json()) as { problems: ContentProblem[] };
  expect(script.problems.map((p) => p.path.join('.'))).toEqual(['', 'sections.0.actions.0.href']);
  expect(script.problems[0]!.developer).toMatch(/^config\/server\.ts is not edited here/);
});

it('publish writes only the edit, commits it authored by the editor, and says it in words; restore brings the old text back', async () => {
  // Nothing was published since the editor opened it (checks change nothing).
  const snap = opened;
  const home = valueOf(snap, 'config/pages/home.ts');
  const old = home.sections[0].heading as string;
  home.sections[0].heading = 'Grow your business online';
  const about = valueOf(snap, 'config/pages/about.ts');
  const faq = about.sections.find((section: Json) => section.type === 'faq');
  faq.items.push({ question: 'Do you build shops?', answer: 'Yes: online shops with payments and stock.' });

  const response = await post('contentPublish', {
    baseRevision: snap.revision,
    changes: [
      { file: 'config/pages/home.ts', value: home },
      { file: 'config/pages/about.ts', value: about },
    ],
  });
  expect(response.status).toBe(200);
  const { revision } = (await response.json()) as { revision: Revision };
  expect(revision.author).toBe('editor@agency.test');
  // Each place as the editor's screens name it (src/content/model/officeSentences.ts), each change in the revisions' words.
  const heading = whereInWords(HOME, home, ['sections', 0, 'heading']);
  const faqItems = whereInWords(ABOUT, about, ['sections', about.sections.indexOf(faq), 'items']);
  expect(revision.summary).toEqual([
    fill(history.changeSet, { where: heading, before: `'${old}'`, after: "'Grow your business online'" }),
    `${faqItems}: ${fill(history.changeItemsAdded, { items: "'Do you build shops?'" })}`,
  ]);
  expect(revision.id).toBe(gitIn(siteDir, 'rev-parse', 'HEAD').trim());
  expect(gitIn(siteDir, 'log', '-1', '--format=%ae|%s')).toBe(`editor@agency.test|Content: ${revision.summary[0]} (and 1 more)\n`);
  // Only the edit: one line in home.ts, the new item's lines in about.ts; nothing left uncommitted.
  const diffOf = (file: string) =>
    gitIn(siteDir, 'diff', '--unified=0', 'HEAD~1', 'HEAD', '--', file)
      .split('\n')
      .filter((l) => /^[+-](?![+-])/.test(l));
  expect(diffOf('config/pages/home.ts')).toEqual([`-      heading: '${old}',`, "+      heading: 'Grow your business online',"]);
  expect(diffOf('config/pages/about.ts')).toEqual(["+        { question: 'Do you build shops?', answer: 'Yes: online shops with payments and stock.' },"]);
  expect(gitIn(siteDir, 'diff', '--name-only', 'HEAD~1', 'HEAD')).toBe('config/pages/about.ts\nconfig/pages/home.ts\n');
  expect(gitIn(siteDir, 'status', '--porcelain')).toBe('');

  const after = await snapshot();
  expect(after.revision).toBe(revision.id);
  expect(valueOf(after, 'config/pages/home.ts').sections[0].heading).toBe('Grow your business online');

  // The same base again: the content changed since, 409.
  const stale = await post('contentPublish', { baseRevision: snap.revision, changes: [{ file: 'config/pages/home.ts', value: home }] });
  expect(stale.status).toBe(409);
  expect(await stale.json()).toEqual({ message: server.admin.messages.contentChanged });

  const { revisions } = (await (await editor.send('GET', contentRoutes.contentRevisions.path)).json()) as { revisions: Revision[] };
  expect(revisions[0]).toMatchObject({ id: revision.id, author: 'editor@agency.test', summary: revision.summary });
  // A developer's commit is one line in words (not its message), naming the content it changed.
  expect(revisions[1]).toMatchObject({ author: 'dev@agency.test', kind: 'release' });
  expect(revisions[1]!.summary).toHaveLength(1);
  expect(revisions[1]!.summary[0]).toContain('Home');

  const restored = await post('contentRestore', {}, contentRoutes.contentRestore.path.replace(':revisionId', revisions[1]!.id));
  expect(restored.status).toBe(200);
  const back = (await restored.json()) as { revision: Revision };
  expect(back.revision.summary).toContain(fill(history.changeSet, { where: heading, before: "'Grow your business online'", after: `'${old}'` }));
  expect(readFileSync(path.join(siteDir, 'config/pages/home.ts'), 'utf8')).toBe(readFileSync(path.join(projectDir, 'config/pages/home.ts'), 'utf8'));
  expect((await post('contentRestore', {}, contentRoutes.contentRestore.path.replace(':revisionId', 'f'.repeat(40)))).status).toBe(404);
});

it('an invalid publish is refused with its problems and writes nothing', async () => {
  const snap = await snapshot();
  const home = valueOf(snap, 'config/pages/home.ts');
  home.sections[0].heading = '';
  const response = await post('contentPublish', { baseRevision: snap.revision, changes: [{ file: 'config/pages/home.ts', value: home }] });
  expect(response.status).toBe(400);
  expect(((await response.json()) as { problems: ContentProblem[] }).problems[0]).toMatchObject({
    file: 'config/pages/home.ts',
    path: ['sections', 0, 'heading'],
  });
  expect(gitIn(siteDir, 'status', '--porcelain')).toBe('');
});

it("an over-long title is refused by the server in the checker's words, whatever the screens let through; nothing is written", async () => {
  const snap = await snapshot();
  const home = valueOf(snap, HOME);
  home.title = 'x'.repeat(500);
  const response = await post('contentPublish', { baseRevision: snap.revision, changes: [{ file: HOME, value: home }] });
  expect(response.status).toBe(400);
  const { problems } = (await response.json()) as { problems: ContentProblem[] };
  const said = officeWordsOf({ file: HOME, path: ['title'], words: { kind: 'tooLong', values: { count: 500, max: 70 } } }, home);
  expect(problems).toEqual([
    expect.objectContaining({
      file: HOME,
      path: ['title'],
      message: said.sentence,
      field: said.field,
      developer: 'config/pages/home.ts: title is 500 characters long, but it may have at most 70. Shorten it.',
    }),
  ]);
  expect(said.field).toBe(fill(admin.content.refusals.tooLong, { label: labelOf('title'), count: 500, max: 70 }));
  expect(gitIn(siteDir, 'status', '--porcelain')).toBe('');
});

describe('pictures', () => {
  const upload = (bytes: Buffer, query = 'width=160&height=160', type = 'image/jpeg') =>
    editor.change('POST', `${contentRoutes.contentImage.path}?${query}`, { body: bytes, headers: { 'content-type': type } });

  it('are re-encoded at twice the drawn size (never larger than the original), with width and height from the result', async () => {
    const photo = await sharp({ create: { width: 1200, height: 1500, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'GPS secret' } } })
      .toBuffer();
    const response = await upload(photo);
    expect(response.status).toBe(201);
    const image = (await response.json()) as { src: string; width: number; height: number };
    expect(image).toMatchObject({ width: 320, height: 320 });
    expect(image.src).toMatch(/^\/images\/uploads\/[0-9a-f]{20}\.webp$/);
    const stored = readFileSync(path.join(siteDir, 'public', image.src));
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 320, height: 320 });
    expect(stored.includes('GPS secret')).toBe(false);

    const small = await sharp({ create: { width: 100, height: 80, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await (await upload(small, 'width=400&height=320', 'image/png')).json()).toMatchObject({ width: 100, height: 80 });
  });

  it('a first picture in its place (a width, no height) keeps its own shape at twice that width; a height that is not a size is refused', async () => {
    // A camera's 3:2 photo in a section just added (its place 560 CSS pixels wide): never the 2 × 2 of a box with no picture yet.
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const image = (await (await upload(photo, 'width=560')).json()) as { width: number; height: number };
    expect(image).toEqual(expect.objectContaining({ width: 1120, height: 747 }));
    expect((await upload(photo, 'width=560&height=0')).status).toBe(400);
    expect((await upload(photo, 'height=400')).status).toBe(400);
  });

  it('a picture of another shape than its place is cut to that shape around the point chosen (the centre without one); a half point is refused', async () => {
    // A 3:2 photo for a 16:9 cover: 2000 rows high, 1688 kept. Its top 200 rows red, its bottom 200 rows green, white between.
    const rows = (top: number, colour: string) => ({ input: { create: { width: 3000, height: 200, channels: 3 as const, background: colour } }, top, left: 0 });
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#ffffff' } })
      .composite([rows(0, '#ff0000'), rows(1800, '#00ff00')])
      .png()
      .toBuffer();
    const cut = async (query: string) => {
      const image = (await (await upload(photo, `width=960&height=540${query}`, 'image/png')).json()) as { src: string; width: number; height: number };
      expect(image).toMatchObject({ width: 1920, height: 1080 });
      const { data } = await sharp(readFileSync(path.join(siteDir, 'public', image.src)))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixel = (row: number) => [...data.subarray(row * 1920 * 3, row * 1920 * 3 + 3)].map((v) => (v > 128 ? 1 : 0)).join('');
      return { top: pixel(0), bottom: pixel(1079) };
    };
    // The top kept (the red rows in the picture), the bottom cut: and the other way round.
    expect(await cut('&focusX=0.5&focusY=0')).toEqual({ top: '100', bottom: '111' });
    expect(await cut('&focusX=0.5&focusY=1')).toEqual({ top: '111', bottom: '010' });
    // No point: the centre, both coloured rows partly cut (156 of their 200 rows gone each side).
    expect(await cut('')).toEqual({ top: '100', bottom: '010' });
    const refused = await upload(photo, 'width=960&height=540&focusY=0.2', 'image/png');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: server.admin.messages.badImageFocus });
    expect((await upload(photo, 'width=960&height=540&focusX=2&focusY=0.2', 'image/png')).status).toBe(400);
  });

  it('are told by their content: a page, a script or a polyglot named a picture is refused or loses what it carried', async () => {
    const notAnImage = await upload(Buffer.from('<html><script>alert(1)</script></html>'), undefined, 'image/png');
    expect(notAnImage.status).toBe(415);
    expect(await notAnImage.json()).toEqual({ message: server.admin.messages.notAnImage });
    // An SVG may carry script: not taken, whatever its type says.
    expect((await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), undefined, 'image/svg+xml')).status).toBe(415);
    // A real picture with a page appended (a polyglot): only the picture survives the re-encoding.
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from('<script>alert(document.cookie)</script>')]);
    const response = await upload(polyglot, 'width=50&height=50', 'image/png');
    expect(response.status).toBe(201);
    const { src } = (await response.json()) as { src: string };
    expect(readFileSync(path.join(siteDir, 'public', src)).includes('<script>')).toBe(false);
  });

  it('are limited in bytes and in pixels, and need the drawn size', async () => {
    // A 30 MB photo: refused before its bytes are read, in the upload's own words (the limit, and how to make it smaller).
    const tooLarge = await upload(Buffer.alloc(30 * 1024 * 1024));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ message: fill(server.admin.messages.imageTooLarge, { max: Math.floor(server.admin.imageMaxBytes / 1048576) }) });
    // A PNG whose header declares 100,000 × 100,000 pixels is refused before it is decoded, with config's sentence.
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    png.writeUInt32BE(100_000, 16);
    png.writeUInt32BE(100_000, 20);
    const tooManyPixels = await upload(png, undefined, 'image/png');
    expect(tooManyPixels.status).toBe(413);
    expect(await tooManyPixels.json()).toEqual({
      message: fill(server.admin.messages.imageTooManyPixels, { width: 100_000, height: 100_000, max: Math.floor(server.admin.imageMaxPixels / 1_000_000) }),
    });
    expect((await upload(png, 'width=0&height=10', 'image/png')).status).toBe(400);
    expect((await editor.change('POST', contentRoutes.contentImage.path, { body: 'x', headers: { 'content-type': 'text/html' } })).status).toBe(415);
  });
});

describe('CSRF', () => {
  const uploads = () => {
    try {
      // The pictures themselves (their sizes are made in the background meanwhile).
      return readdirSync(path.join(siteDir, 'public', 'images', 'uploads'))
        .filter((name) => UPLOAD_NAME.test(name))
        .sort();
    } catch {
      return [];
    }
  };

  it("a publish or a picture upload without the session's token, with a wrong one, another session's, or from another site, is refused (403) and changes nothing", async () => {
    const other = new Client(s.base);
    expect((await other.signIn('editor@agency.test')).status).toBe(204);
    const otherToken = (await other.me()).csrfToken;
    const { csrfToken } = await editor.me();
    const forgeries: Record<string, string>[] = [
      {},
      { [CSRF_HEADER]: 'made-up' },
      { [CSRF_HEADER]: otherToken },
      { [CSRF_HEADER]: csrfToken, 'sec-fetch-site': 'cross-site' },
    ];

    const snap = await snapshot();
    const home = valueOf(snap, 'config/pages/home.ts');
    home.sections[0].heading = 'A forged heading';
    const homeFile = readFileSync(path.join(siteDir, 'config/pages/home.ts'), 'utf8');
    const head = gitIn(siteDir, 'rev-parse', 'HEAD');
    const picture = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const before = uploads();
    for (const headers of forgeries) {
      const publish = await editor.send('POST', contentRoutes.contentPublish.path, {
        json: { baseRevision: snap.revision, changes: [{ file: 'config/pages/home.ts', value: home }] },
        headers,
      });
      expect(publish.status).toBe(403);
      expect(await publish.json()).toEqual({ message: server.admin.messages.notFromInbox });
      const upload = await editor.send('POST', `${contentRoutes.contentImage.path}?width=40&height=40`, {
        body: picture,
        headers: { 'content-type': 'image/png', ...headers },
      });
      expect(upload.status).toBe(403);
      expect(await upload.json()).toEqual({ message: server.admin.messages.notFromInbox });
    }
    expect(readFileSync(path.join(siteDir, 'config/pages/home.ts'), 'utf8')).toBe(homeFile);
    expect(gitIn(siteDir, 'rev-parse', 'HEAD')).toBe(head);
    expect(uploads()).toEqual(before);
    // The same requests with the session's token go through: the refusals above were the token's.
    expect(
      (await editor.change('POST', `${contentRoutes.contentImage.path}?width=40&height=40`, { body: picture, headers: { 'content-type': 'image/png' } }))
        .status,
    ).toBe(201);
    expect(uploads().length).toBe(before.length + 1);
  });
});

it('outside git, each publish is a snapshot in the data folder, and restore publishes it again', async () => {
  const plainDir = makeSite();
  const plain = await startServer({ siteDir: plainDir });
  try {
    await addAccount(plain, 'owner@agency.test');
    const owner = new Client(plain.base);
    expect((await owner.signIn('owner@agency.test')).status).toBe(204);
    const snap = (await (await owner.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
    expect(snap.revision).toMatch(/^[0-9a-f]{16}$/);
    const contact = valueOf(snap, 'config/forms/contact.ts');
    const old = contact.success.toast as string;
    contact.success.toast = 'Thank you, we will write back today';
    const published = await owner.change('POST', contentRoutes.contentPublish.path, {
      json: { baseRevision: snap.revision, changes: [{ file: 'config/forms/contact.ts', value: contact }] },
    });
    expect(published.status).toBe(200);
    const { revision } = (await published.json()) as { revision: Revision };
    expect(revision.summary).toEqual([
      fill(history.changeSet, {
        where: whereInWords('config/forms/contact.ts', contact, ['success', 'toast']),
        before: `'${old}'`,
        after: "'Thank you, we will write back today'",
      }),
    ]);
    const { revisions } = (await (await owner.send('GET', contentRoutes.contentRevisions.path)).json()) as { revisions: Revision[] };
    expect(revisions.map((r) => r.id)).toEqual([revision.id]);
    contact.success.toast = 'Changed again';
    await owner.change('POST', contentRoutes.contentPublish.path, {
      json: {
        baseRevision: ((await (await owner.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot).revision,
        changes: [{ file: 'config/forms/contact.ts', value: contact }],
      },
    });
    expect((await owner.change('POST', contentRoutes.contentRestore.path.replace(':revisionId', revision.id))).status).toBe(200);
    expect(readFileSync(path.join(plainDir, 'config/forms/contact.ts'), 'utf8')).toContain("toast: 'Thank you, we will write back today'");
  } finally {
    await plain.close();
    rmSync(plainDir, { recursive: true, force: true });
  }
});

it("the revision follows what is done to the site's folder outside the editor: an edit left uncommitted, staged, committed, taken back by a soft reset, another branch, and back", async () => {
  const revisionNow = async () => (await snapshot()).revision;
  const headNow = () => gitIn(siteDir, 'rev-parse', 'HEAD').trim();
  const aboutFile = path.join(siteDir, ABOUT);
  const committed = readFileSync(aboutFile, 'utf8');
  const start = await revisionNow();
  expect(start).toBe(headNow());
  expect(await revisionNow()).toBe(start);

  // An edit by hand, not committed: HEAD with the content's hash; the same again while nothing changes.
  writeFileSync(aboutFile, committed.replace(/title: '/, "title: 'Edited by hand: "));
  const edited = await revisionNow();
  expect(edited).toMatch(new RegExp(`^${start}\\+[0-9a-f]{16}$`));
  expect(await revisionNow()).toBe(edited);
  // Staged (the index changes, the content does not): still uncommitted.
  gitIn(siteDir, 'add', ABOUT);
  expect(await revisionNow()).toBe(edited);
  // Committed by a developer: the new HEAD alone.
  gitIn(siteDir, '-c', 'user.name=Dev', '-c', 'user.email=dev@agency.test', 'commit', '--quiet', '-m', 'About title', '--', ABOUT);
  const developers = headNow();
  expect(developers).not.toBe(start);
  expect(await revisionNow()).toBe(developers);
  // Taken back by a soft reset (only the branch's ref moves): the edit is uncommitted again, then committed again.
  gitIn(siteDir, 'reset', '--quiet', '--soft', start);
  expect(await revisionNow()).toBe(edited);
  gitIn(siteDir, 'reset', '--quiet', '--soft', developers);
  expect(await revisionNow()).toBe(developers);
  // Back to the commit before, on a branch of its own, with the file as it was: that commit again.
  gitIn(siteDir, 'checkout', '--quiet', '-b', 'before-the-edit', start);
  expect(await revisionNow()).toBe(start);
  // And the developer's branch again.
  gitIn(siteDir, 'checkout', '--quiet', '-');
  expect(await revisionNow()).toBe(developers);
});
