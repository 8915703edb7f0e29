/**
 * The attacks on the content editor's API, replayed against our real server over real HTTP on a
 * site folder of its own (a git work tree): the site's addresses (config/routes.ts) cannot be
 * changed from the editor at all; a map address smuggling a directive and a link to another host
 * written as a page's are refused on their keys; a text with replacement patterns and lists of
 * another length publish and read back as sent; and pictures: one declaring 7000 × 7000 pixels
 * (alone, and four at once) is refused before it is decoded, pictures are decoded one at a time,
 * an upload past the queue is refused at once with Retry-After, and the uploads' quota is kept;
 * what the server accepts from visitors and who hears of a lead (ownerOnly in the schemas) is
 * refused to an editor sent by hand and in an undo, taken from an owner within the checker's bounds.
 * Each refusal is a sentence from config/server.ts or the checker's.
 */
import { readdirSync, readFileSync, rmSync, truncateSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import server from '../../../config/server';
import { contentRoutes, type ContentProblem, type ContentSnapshot } from '../model/contentApi';
import { READ_ONLY_FILES, readOnlySentence } from '../model/contentContract';
import { fill } from '../../schema/text';
import { pathOf } from '../../platform/inboxRoutes';
import { ownerOnlySentence } from '../model/ownerOnly';
import { officeWordsOf } from '../model/officeSentences';
import { addAccount, Client, PASSWORD, startEditing, type TestServer } from '../../test/adminServer';
import { gitIn, makeSite } from '../../test/contentSite';
import { imageCodec, imageQueue, UPLOADS_PATH } from './images';
import { sizeOf } from '../../site/model/pictureSizes';

jest.setTimeout(120_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const messages = server.admin.messages;

let siteDir: string;
let s: TestServer;
let editor: Client;
let opened: ContentSnapshot;

const valueOf = (snap: ContentSnapshot, file: string) => clone(snap.files.find((f) => f.file === file)!.value) as Json;
const post = (route: keyof typeof contentRoutes, json: unknown) => editor.change('POST', contentRoutes[route].path, { json });
const problemsOf = async (response: Response) => ((await response.json()) as { problems: ContentProblem[] }).problems;
const snapshot = async () => (await (await editor.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;

beforeAll(async () => {
  siteDir = makeSite({ git: true });
  ({ server: s, editor } = await startEditing(siteDir, { role: 'editor' }));
  opened = await snapshot();
});
afterAll(() => s.close());

describe("the site's addresses", () => {
  it.each([
    ['an alias /admin on the Privacy page', '/admin'],
    ['an alias /500', '/500'],
    ['an alias //0x7f000001', '//0x7f000001'],
  ])('%s is refused with a sentence, whatever the screens sent, and nothing is written', async (_what, alias) => {
    const routes = valueOf(opened, 'config/routes.ts');
    const privacy = (routes.routes as Json[]).find((r) => r.page === 'privacy')!;
    privacy.aliases = [alias, ...(privacy.aliases ?? [])];
    const sentence = readOnlySentence('config/routes.ts', READ_ONLY_FILES['config/routes.ts']!);
    expect(sentence).toBe(
      "config/routes.ts cannot be changed from the editor (it holds the site's addresses, which change only together with their pages: a developer's change). Ask a developer to change it in the file.",
    );

    const checked = await post('contentCheck', { changes: [{ file: 'config/routes.ts', value: routes }] });
    expect(checked.status).toBe(200);
    expect(await problemsOf(checked)).toMatchObject([{ file: 'config/routes.ts', path: [], developer: sentence }]);

    const before = readFileSync(path.join(siteDir, 'config/routes.ts'), 'utf8');
    const head = gitIn(siteDir, 'rev-parse', 'HEAD');
    const published = await post('contentPublish', { baseRevision: opened.revision, changes: [{ file: 'config/routes.ts', value: routes }] });
    expect(published.status).toBe(400);
    expect(await problemsOf(published)).toMatchObject([{ file: 'config/routes.ts', path: [], developer: sentence }]);
    expect(readFileSync(path.join(siteDir, 'config/routes.ts'), 'utf8')).toBe(before);
    expect(gitIn(siteDir, 'rev-parse', 'HEAD')).toBe(head);
  });

  it('sent unchanged, config/routes.ts is no problem (nothing is written)', async () => {
    const checked = await post('contentCheck', { changes: [{ file: 'config/routes.ts', value: valueOf(opened, 'config/routes.ts') }] });
    expect(await problemsOf(checked)).toEqual([]);
  });
});

describe("what goes into every page's policy and links", () => {
  it('a map address with ;sandbox or a brace in its host is refused on its key', async () => {
    const contact = valueOf(opened, 'config/pages/contact.ts');
    const i = (contact.sections as Json[]).findIndex((section) => section.type === 'map');
    for (const src of ['https://www.openstreetmap.org;sandbox', 'https://www.openstreetmap.org{x}/e']) {
      contact.sections[i].src = src;
      const problems = await problemsOf(await post('contentCheck', { changes: [{ file: 'config/pages/contact.ts', value: contact }] }));
      expect(problems).toMatchObject([
        {
          file: 'config/pages/contact.ts',
          path: ['sections', i, 'src'],
          developer: `config/pages/contact.ts: sections[${i}].src ${JSON.stringify(src)} has ${JSON.stringify(new URL(src).hostname)} as its host, which is not a host name (letters, digits, - and dots, like "www.openstreetmap.org"). Copy the address again from the site that gives it.`,
        },
      ]);
    }
  });

  it('a link //host in a page is refused: it is not a link to a page of this site', async () => {
    const home = valueOf(opened, 'config/pages/home.ts');
    home.sections[0].actions[0].href = '//0x7f000001/Contact';
    const problems = await problemsOf(await post('contentCheck', { changes: [{ file: 'config/pages/home.ts', value: home }] }));
    expect(problems.map((p) => [p.path.join('.'), p.developer])).toEqual([
      [
        'sections.0.actions.0.href',
        'config/pages/home.ts: sections[0].actions[0].href "//0x7f000001/Contact" starts with //, which browsers read as the address of another site, so it is not a link to a page of this one. For a page of this site write a single / ("/Contact"); for another site write its whole address, starting with https://.',
      ],
    ]);
  });

  it("the visitors' retry timing at 0 is refused, naming it in words", async () => {
    const site = valueOf(opened, 'config/site.ts');
    site.constants.outbox.firstRetryMs = 0;
    const problems = await problemsOf(await post('contentCheck', { changes: [{ file: 'config/site.ts', value: site }] }));
    expect(problems).toMatchObject([
      {
        file: 'config/site.ts',
        path: ['constants', 'outbox', 'firstRetryMs'],
        developer:
          "config/site.ts: constants.outbox.firstRetryMs is 0, but the wait before a visitor's browser sends a form again must be at least 5000 (5 seconds): a shorter wait has every browser holding a form that could not be sent send it over and over, to the site and its limits. Use 5000 or more.",
      },
    ]);
  });
});

it('a text with replacement patterns, 3 bullets given 2 and 4 footer links given 3 publish, and the files read back as sent', async () => {
  const snap = await snapshot();
  const home = valueOf(snap, 'config/pages/home.ts');
  const i = (home.sections as Json[]).findIndex((section) => (section.bullets?.length ?? 0) >= 3);
  home.sections[i].bullets = ['A first new bullet', 'A second new bullet'];
  home.sections[0].heading = "Grow $' $& $` online";
  const site = valueOf(snap, 'config/site.ts');
  const c = (site.footer.columns as Json[]).findIndex((column) => column.links.length >= 4);
  site.footer.columns[c].links = site.footer.columns[c].links.slice(0, 3);
  const published = await post('contentPublish', {
    baseRevision: snap.revision,
    changes: [
      { file: 'config/pages/home.ts', value: home },
      { file: 'config/site.ts', value: site },
    ],
  });
  expect(published.status).toBe(200);
  const after = await snapshot();
  expect(valueOf(after, 'config/pages/home.ts')).toEqual(home);
  expect(valueOf(after, 'config/site.ts')).toEqual(site);
  expect(gitIn(siteDir, 'status', '--porcelain')).toBe('');
});

describe('pictures', () => {
  const upload = (bytes: Buffer, type = 'image/png', query = 'width=160&height=160') =>
    editor.change('POST', `${contentRoutes.contentImage.path}?${query}`, { body: bytes, headers: { 'content-type': type } });

  /** A real PNG of width × height pixels, black and white, one bit each: a few KB that decode into width × height bytes. */
  function bomb(width: number, height: number): Buffer {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const sum = Buffer.alloc(4);
      sum.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, sum]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header[8] = 1; // one bit per pixel, greyscale
    const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
    return Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }

  const small = (colour: string) =>
    sharp({ create: { width: 40, height: 40, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const uploadsDir = () => path.join(siteDir, 'public', UPLOADS_PATH);

  /** Until every upload answered has left the queue (its place is freed when its connection's answer is done). */
  const idle = () =>
    new Promise<void>((resolve) => {
      if (imageQueue.load === 0) return resolve();
      const unwatch = imageQueue.watch((admitted) => admitted === 0 && (unwatch(), resolve()));
    });
  beforeEach(idle);
  afterEach(() => jest.restoreAllMocks());

  it('one of 7000 × 7000 pixels is refused by its header before it is decoded, alone and four at once', async () => {
    const picture = bomb(7000, 7000);
    expect(await sharp(picture).metadata()).toMatchObject({ format: 'png', width: 7000, height: 7000 });
    const decoded = jest.spyOn(imageCodec, 'reencode');
    const sentence = fill(messages.imageTooManyPixels, { width: 7000, height: 7000, max: Math.floor(server.admin.imageMaxPixels / 1_000_000) });

    const alone = await upload(picture);
    expect(alone.status).toBe(413);
    expect(await alone.json()).toEqual({ message: sentence });
    const together = await Promise.all([1, 2, 3, 4].map(() => upload(picture)));
    expect(together.map((r) => r.status)).toEqual([413, 413, 413, 413]);
    for (const answer of together) expect(await answer.json()).toEqual({ message: sentence });
    // sharp was never asked to decode any of them.
    expect(decoded).not.toHaveBeenCalled();
  });

  it('are decoded one at a time, however many arrive together', async () => {
    const reencode = imageCodec.reencode;
    let running = 0;
    let most = 0;
    jest.spyOn(imageCodec, 'reencode').mockImplementation(async (...args) => {
      most = Math.max(most, ++running);
      try {
        return await reencode(...args);
      } finally {
        running--;
      }
    });
    const answers = await Promise.all(['#100', '#200', '#300', '#400'].map(async (colour) => upload(await small(colour))));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(most).toBe(1);
  });

  it('past the queue, an upload is refused at once with Retry-After; those admitted are stored', async () => {
    const reencode = imageCodec.reencode;
    let open!: () => void;
    const held = new Promise<void>((resolve) => (open = resolve));
    jest.spyOn(imageCodec, 'reencode').mockImplementation(async (...args) => {
      await held;
      return reencode(...args);
    });
    const places = 1 + server.admin.imageQueue.waiting;
    // The queue full: one picture held while being re-encoded, the others waiting behind it.
    const full = new Promise<void>((resolve) => {
      const unwatch = imageQueue.watch((admitted) => admitted === places && (unwatch(), resolve()));
    });
    const admitted = Array.from({ length: places }, (_v, i) => small(`#5${i}0`).then((bytes) => upload(bytes)));
    await full;
    const refused = await upload(await small('#600'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(server.admin.imageQueue.retryAfterSeconds));
    expect(await refused.json()).toEqual({ message: fill(messages.imageBusy, { seconds: server.admin.imageQueue.retryAfterSeconds }) });
    open();
    expect((await Promise.all(admitted)).map((r) => r.status)).toEqual(Array.from({ length: places }, () => 201));
  });

  it("past the uploads' quota (pictures, then bytes), an upload is refused with config's sentence", async () => {
    const sentence = fill(messages.uploadsFull, { pictures: server.admin.uploads.maxPictures, megabytes: Math.floor(server.admin.uploads.maxBytes / 1048576) });
    mkdirSync(uploadsDir(), { recursive: true });
    // The pictures there are (their sizes are not counted).
    const already = readdirSync(uploadsDir()).filter((name) => !name.startsWith('.') && !sizeOf(name)).length;
    const fillers = Array.from({ length: server.admin.uploads.maxPictures - already }, (_v, i) => path.join(uploadsDir(), `filler-${i}.webp`));
    const decoded = jest.spyOn(imageCodec, 'reencode');
    try {
      for (const file of fillers) writeFileSync(file, '');
      const byCount = await upload(await small('#700'));
      expect(byCount.status).toBe(413);
      expect(await byCount.json()).toEqual({ message: sentence });

      for (const file of fillers) rmSync(file);
      // One file as large as the whole quota (sparse: it takes no disk).
      writeFileSync(fillers[0]!, '');
      truncateSync(fillers[0]!, server.admin.uploads.maxBytes);
      const byBytes = await upload(await small('#800'));
      expect(byBytes.status).toBe(413);
      expect(await byBytes.json()).toEqual({ message: sentence });
      expect(decoded).not.toHaveBeenCalled();
    } finally {
      for (const file of fillers) rmSync(file, { force: true });
    }
    expect((await upload(await small('#900'))).status).toBe(201);
  });
});

describe('what our server accepts from visitors and who hears of a lead: only an owner changes it', () => {
  const CONTACT = 'config/forms/contact.ts';
  let owner: Client;
  beforeAll(async () => {
    await addAccount(s, 'owner@agency.test', PASSWORD, 'owner');
    owner = new Client(s.base);
    expect((await owner.signIn('owner@agency.test')).status).toBe(204);
  });
  const by = (client: Client, route: keyof typeof contentRoutes, json: unknown) => client.change('POST', contentRoutes[route].path, { json });
  /** The form of config/forms/contact.ts with one change, as the editor's screens (or curl) would send it. */
  const contactWith = (snap: ContentSnapshot, change: (form: Json) => void) => {
    const form = valueOf(snap, CONTACT);
    change(form);
    return form;
  };
  const emailAt = (form: Json) => (form.fields as Json[]).findIndex((f) => f.kind === 'email');
  /** The refusal of an editor's change to a setting only an owner changes, as the problem list carries it. */
  const ownerOnlyProblem = (form: Json, at: (string | number)[]) => {
    const said = officeWordsOf({ file: CONTACT, path: at, words: { kind: 'ownerOnly' } }, form);
    return { file: CONTACT, path: at, developer: ownerOnlySentence(CONTACT, at), message: said.sentence, field: said.field };
  };

  it("an editor's change of the e-mail field's limit or of the notification switch, sent by hand, is refused with a sentence, and nothing is written", async () => {
    const snap = await snapshot();
    const e = emailAt(valueOf(snap, CONTACT));
    expect(ownerOnlySentence(CONTACT, ['fields', e, 'maxLength'])).toBe(
      `config/forms/contact.ts: fields[${e}].maxLength is a setting only an owner's account may change. Ask an owner to make this change.`,
    );
    const raised = contactWith(snap, (f) => (f.fields[e].maxLength = 320));
    const silenced = contactWith(snap, (f) => (f.notify.email = false));
    const both = contactWith(snap, (f) => {
      f.fields[e].maxLength = 5;
      f.notify.email = false;
    });
    const before = readFileSync(path.join(siteDir, CONTACT), 'utf8');
    const head = gitIn(siteDir, 'rev-parse', 'HEAD');
    for (const [form, at] of [
      [raised, [['fields', e, 'maxLength']]],
      [silenced, [['notify', 'email']]],
    ] as const) {
      const expected = at.map((p) => ownerOnlyProblem(form, [...p]));
      expect(await problemsOf(await post('contentCheck', { changes: [{ file: CONTACT, value: form }] }))).toEqual(expected);
      const published = await post('contentPublish', { baseRevision: snap.revision, changes: [{ file: CONTACT, value: form }] });
      expect(published.status).toBe(400);
      expect(await problemsOf(published)).toEqual(expected);
    }
    // Below what an e-mail address needs as well: both said, each on its key.
    const problems = await problemsOf(await post('contentPublish', { baseRevision: snap.revision, changes: [{ file: CONTACT, value: both }] }));
    expect(problems.map((p) => [p.path, p.developer])).toEqual([
      [['fields', e, 'maxLength'], ownerOnlySentence(CONTACT, ['fields', e, 'maxLength'])],
      [['notify', 'email'], ownerOnlySentence(CONTACT, ['notify', 'email'])],
      [
        ['fields', e, 'maxLength'],
        expect.stringContaining(`config/forms/contact.ts: fields[${e}].maxLength is 5, but an e-mail field must accept at least 254 characters`),
      ],
    ]);
    expect(readFileSync(path.join(siteDir, CONTACT), 'utf8')).toBe(before);
    expect(gitIn(siteDir, 'rev-parse', 'HEAD')).toBe(head);
  });

  it('an owner may make those changes within the bounds (below them, the checker refuses the owner too), and an editor cannot undo them', async () => {
    const snap = await snapshot();
    const e = emailAt(valueOf(snap, CONTACT));
    const five = contactWith(snap, (f) => (f.fields[e].maxLength = 5));
    const refused = await problemsOf(await by(owner, 'contentCheck', { changes: [{ file: CONTACT, value: five }] }));
    expect(refused.map((p) => [p.path, p.message])).toEqual([
      [
        ['fields', e, 'maxLength'],
        officeWordsOf(
          {
            file: CONTACT,
            path: ['fields', e, 'maxLength'],
            words: { kind: 'limitTooLow', values: { value: 5, least: 254, what: 'an e-mail field', because: 'an e-mail address can be 254 characters long' } },
          },
          five,
        ).sentence,
      ],
    ]);
    const silenced = contactWith(snap, (f) => {
      f.fields[e].maxLength = 320;
      f.notify.email = false;
    });
    expect(await problemsOf(await by(owner, 'contentCheck', { changes: [{ file: CONTACT, value: silenced }] }))).toEqual([]);
    const published = await by(owner, 'contentPublish', { baseRevision: snap.revision, changes: [{ file: CONTACT, value: silenced }] });
    expect(published.status).toBe(200);
    const { revision } = (await published.json()) as { revision: { id: string } };
    // Undoing the owner's change is a change of the same settings: the editor is refused, in the preview and when confirmed.
    const base = (await snapshot()).revision;
    const preview = await editor.send('GET', pathOf('contentUndoPreview', { revisionId: revision.id }));
    expect(((await preview.json()) as { refusals: string[] }).refusals).toEqual([
      ownerOnlyProblem(valueOf(snap, CONTACT), ['fields', e, 'maxLength']).message,
      ownerOnlyProblem(valueOf(snap, CONTACT), ['notify', 'email']).message,
    ]);
    const undone = await editor.change('POST', pathOf('contentUndo', { revisionId: revision.id }), { json: { baseRevision: base } });
    expect(undone.status).toBe(409);
    expect(valueOf(await snapshot(), CONTACT)).toEqual(silenced);
  });

  it("the words mailed to any address a stranger types: an editor's change of the auto-reply is refused; an owner's may link only to the site", async () => {
    const snap = await snapshot();
    const siteUrl = (valueOf(snap, 'config/site.ts').brand as Json).url as string;
    const withLink = (link: string) => contactWith(snap, (f) => (f.autoReply.text = `${f.autoReply.text}\n\nYour account is suspended: pay at ${link}`));
    const phishing = withLink('https://evil.test/pay');
    const before = readFileSync(path.join(siteDir, CONTACT), 'utf8');
    const byEditor = await problemsOf(await post('contentPublish', { baseRevision: snap.revision, changes: [{ file: CONTACT, value: phishing }] }));
    expect(byEditor.map((p) => [p.path, p.developer])).toEqual(
      expect.arrayContaining([
        [['autoReply'], ownerOnlySentence(CONTACT, ['autoReply'])],
        [['autoReply', 'text'], expect.stringContaining('"https://evil.test/pay", which is not an address of this site')],
      ]),
    );
    // An owner too: a link in them leads only to the site itself (a bare domain and an e-mail address are links in a mail program).
    for (const link of ['https://evil.test/pay', 'evil.test', 'www.evil.test/pay', 'billing@evil.test']) {
      const refused = await problemsOf(await by(owner, 'contentCheck', { changes: [{ file: CONTACT, value: withLink(link) }] }));
      expect(refused.map((p) => p.path)).toEqual([['autoReply', 'text']]);
      expect(refused[0]!.developer).toContain(`"${link}"`);
    }
    expect(await problemsOf(await by(owner, 'contentCheck', { changes: [{ file: CONTACT, value: withLink(`${siteUrl}/Contact`) }] }))).toEqual([]);
    expect(readFileSync(path.join(siteDir, CONTACT), 'utf8')).toBe(before);
  });
});
