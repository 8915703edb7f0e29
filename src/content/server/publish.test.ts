/**
 * Publishing for real: a site folder of its own (a git work tree with everything the build
 * needs, the site built in it) is served by our server, an editor publishes, and the site is
 * built again into a folder of its own and switched to. One publish carries a new heading (with
 * markup and script in it: shown as text), the content's first picture replaced by one uploaded
 * in the editor, and a new option of a select; while it runs, a probe fetches the home page and
 * one of its scripts, over and over: every answer is 200 and every page is whole, old or new,
 * never a mix. A second publish meanwhile answers 409. As soon as it answers, the new page is
 * served, the new option is accepted, and the commit holds exactly the edited files, the
 * picture used with its sizes (served as AVIF, kept a year; not the one uploaded and left
 * unused) and the rules the build rewrote. A build
 * that fails changes nothing live and puts the files back, the Firebase rules it had already
 * rewritten included. How long a publish takes is measured by `npx tsx scripts/bench-publish.ts`.
 */
import { readFileSync, rmSync, watch } from 'node:fs';
import path from 'node:path';
import server from '../../../config/server';
import { contentRoutes, editorImageAddress, type ContentSnapshot } from '../model/contentApi';
import { UPLOADS_PATH } from '../../platform/uploads';
import { CACHE_CONTROL } from '../../site/model/caching';
import { sizeNamesOf } from '../../site/model/pictureSizes';
import { type Client, startEditing, type TestServer } from '../../test/adminServer';
import { pictureSizes } from './images';
import { gitIn, makeBuiltSite } from '../../test/contentSite';
import { buildDocument } from '../../site/forms/model/document';
import type { FormConfig } from '../../site/forms/model/formSchema';
import { api } from '../../platform/api';
import { validData, type FormId } from '../../test/formFixtures';

// Real builds on a machine that may be busy: a hang, not a slow build, is what a timeout is for.
jest.setTimeout(900_000);

const FIREBASE_RULES = ['firestore.rules', 'storage.rules'];

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let siteDir: string;
let s: TestServer;
let editor: Client;

beforeAll(async () => {
  siteDir = await makeBuiltSite({ git: true });
  ({ server: s, editor } = await startEditing(siteDir, { clientDir: path.join(siteDir, 'dist', 'client') }));
});
afterAll(async () => {
  await s?.close();
});

async function snapshot(): Promise<ContentSnapshot> {
  return (await (await editor.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
}
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;');
const publish = (baseRevision: string, changes: { file: string; value: unknown }[]) =>
  editor.change('POST', contentRoutes.contentPublish.path, { json: { baseRevision, changes } });
const rulesNow = () => FIREBASE_RULES.map((file) => readFileSync(path.join(siteDir, file), 'utf8'));

/** A form of the content with a select, and that form with a new option (the build rewrites the Firebase rules from it). */
function formWithNewOption(snap: ContentSnapshot, option: string) {
  const entry = snap.files.find((f) => f.file.startsWith('config/forms/') && JSON.stringify(f.value).includes('"kind":"select"'))!;
  const form = clone(entry.value) as FormConfig;
  const select = form.fields.find((f) => f.kind === 'select')!;
  (select as { options: unknown[] }).options = [...select.options!, { value: option, label: option }];
  return { file: entry.file, form, select };
}

/** Resolves at the next write of `file` (an event of the file system). */
function whenWritten(file: string): { written: Promise<void>; stop(): void } {
  let stop = () => {};
  const written = new Promise<void>((resolve) => {
    const watcher = watch(path.dirname(file), (_event, name) => {
      if (String(name) !== path.basename(file)) return;
      watcher.close();
      resolve();
    });
    stop = () => watcher.close();
  });
  return { written, stop };
}

type Phase = 'before' | 'during' | 'after';
interface Sample {
  /** Where the publish was when the request was sent: not sent yet, under way, answered. */
  phase: Phase;
  status: number;
  heading: string;
  whole: boolean;
  script?: number;
}

/**
 * Fetches / and its first script, one request after the other, a new one every 50 ms at most,
 * until stopped: a sampler of what visitors get, not a wait (the test waits for its samples).
 * `phase()` says where the publish is when each request is sent.
 */
function probe(headings: () => string[], phase: () => Phase) {
  const seen: Sample[] = [];
  const waiting: { phase: Phase; resolve(): void; reject(error: unknown): void }[] = [];
  let inFlight = false;
  let failed: unknown;
  const sample = async () => {
    const at = phase();
    const response = await fetch(`${s.base}/`);
    const html = await response.text();
    // The page's own heading (the brand's name is elsewhere on the page too).
    const h1 = /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
    const heading = headings().find((h) => h1 === escapeHtml(h)) ?? '';
    const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
    let scriptStatus: number | undefined;
    if (script) {
      const answer = await fetch(s.base + script);
      await answer.arrayBuffer();
      scriptStatus = answer.status;
    }
    seen.push({ phase: at, status: response.status, heading, whole: html.trimEnd().endsWith('</html>'), ...(scriptStatus ? { script: scriptStatus } : {}) });
    for (const w of waiting.filter((x) => x.phase === at)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  };
  const timer = setInterval(() => {
    if (inFlight) return;
    inFlight = true;
    sample()
      .catch((error: unknown) => {
        // A request that failed is not a page answered 200: whoever waits for a sample hears of it.
        failed ??= error;
        for (const w of waiting.splice(0)) w.reject(error);
      })
      .finally(() => (inFlight = false));
  }, 50);
  return {
    seen,
    /** Resolves once a request sent in `phase` has been answered (and recorded). */
    sampled: (p: Phase) => {
      if (failed) return Promise.reject(failed);
      return seen.some((r) => r.phase === p) ? Promise.resolve() : new Promise<void>((resolve, reject) => waiting.push({ phase: p, resolve, reject }));
    },
    stop() {
      clearInterval(timer);
      if (failed) throw failed;
    },
  };
}

it('a picture uploaded in the editor is shown (as re-encoded) to the editor at once, and to no one else before it is published', async () => {
  const sharp = (await import('sharp')).default;
  const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#123456' } })
    .jpeg()
    .toBuffer();
  const response = await editor.change('POST', `${contentRoutes.contentImage.path}?width=160&height=160`, {
    body: photo,
    headers: { 'content-type': 'image/jpeg' },
  });
  expect(response.status).toBe(201);
  const { src } = (await response.json()) as { src: string };
  // The editor's screens read it through their own route, signed in.
  const served = await editor.send('GET', editorImageAddress(src));
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/webp');
  expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(320);
  // Not published: not on the site, and not through the editor's route without a session.
  expect((await fetch(s.base + src)).status).toBe(404);
  expect((await fetch(s.base + editorImageAddress(src))).status).toBe(401);
  // The route serves uploads only, by their names.
  for (const name of ['..%2F..%2F..%2Fconfig%2Fsite.ts', 'logo.svg', `${'a'.repeat(20)}.webp`])
    expect((await editor.send('GET', contentRoutes.contentUpload.path.replace(':name', name))).status).toBe(404);
  // Nothing else outside the builds and public/ is reachable that way.
  expect((await fetch(`${s.base}/images/uploads/..%2F..%2F..%2Fconfig%2Fsite.ts`)).status).toBe(404);
  expect((await fetch(`${s.base}/.site-manifest.json`)).status).toBe(404);
});

describe('one publish, under way and answered', () => {
  const inFolder = (image: { src: string }) => `public${image.src}`;
  let old: string;
  let next: string;
  let used: { src: string; width: number; height: number };
  let unused: { src: string };
  let edited: string[];
  let rulesBefore: string[];
  let option: { status: number; body: string; post: () => Promise<Response> };
  let second: { status: number; body: unknown; whilePublishing: boolean };
  let answered: { status: number; body: string };
  let pageAtOnce: string;
  let probed: ReturnType<typeof probe>;

  beforeAll(async () => {
    const sharp = (await import('sharp')).default;
    const upload = async (background: string) => {
      const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background } })
        .jpeg()
        .toBuffer();
      const response = await editor.change('POST', `${contentRoutes.contentImage.path}?width=150&height=100`, {
        body: photo,
        headers: { 'content-type': 'image/jpeg' },
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { src: string; width: number; height: number };
    };
    used = await upload('#2a6f97');
    unused = await upload('#972a6f');
    // The used one without its sizes, as a picture uploaded before pictures had them (or published the moment it was uploaded): the publish makes them first.
    await pictureSizes.idle();
    for (const { name } of sizeNamesOf(used.src.slice(UPLOADS_PATH.length), used.width)) rmSync(path.join(siteDir, 'public', UPLOADS_PATH, name));

    const snap = await snapshot();
    const values = new Map<string, Json>();
    const edit = (file: string) => {
      if (!values.has(file)) values.set(file, clone(snap.files.find((f) => f.file === file)!.value) as Json);
      return values.get(file)!;
    };
    // The heading tries to put markup and script on the page: it shows as text.
    const home = edit('config/pages/home.ts');
    old = home.sections[0].heading as string;
    next = 'Grow <b>your</b> business <script>alert(1)</script>';
    home.sections[0].heading = next;

    // The content's first picture (on whichever page has one) becomes the uploaded one.
    const isPicture = (value: unknown): value is Json =>
      typeof value === 'object' && value !== null && typeof (value as Json).src === 'string' && typeof (value as Json).alt === 'string';
    const firstPicture = (value: unknown): Json | undefined => {
      if (isPicture(value)) return value;
      if (typeof value !== 'object' || value === null) return undefined;
      for (const child of Object.values(value)) {
        const found = firstPicture(child);
        if (found) return found;
      }
      return undefined;
    };
    Object.assign(firstPicture(edit(snap.files.find((f) => firstPicture(f.value))!.file))!, used);

    // A new option of a select, sent by a visitor before and after the publish.
    const added = 'A value the build before did not have';
    const { file: formFile, form, select } = formWithNewOption(snap, added);
    values.set(formFile, form as unknown as Json);
    const name = path.basename(formFile, '.ts') as FormId;
    const document = buildDocument(form, { ...validData[name], [select.name]: added }, new Date());
    const post = () =>
      fetch(`${s.base}${api.documents(form.collection)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(document) });
    const refused = await post();
    option = { status: refused.status, body: await refused.text(), post };

    edited = [...values.keys()];
    rulesBefore = rulesNow();
    const changes = edited.map((file) => ({ file, value: values.get(file) }));

    let phase: Phase = 'before';
    probed = probe(
      () => [old, next],
      () => phase,
    );
    await probed.sampled('before');
    // Under way from the moment it writes the home page's file: the reading back and the build come after.
    const homeWritten = whenWritten(path.join(siteDir, 'config', 'pages', 'home.ts'));
    let settled = false;
    phase = 'during';
    const publishing = publish(snap.revision, changes).finally(() => (settled = true));
    try {
      // (A publish answered without writing it is not waited for: the assertions below tell what it answered.)
      await Promise.race([homeWritten.written, publishing]);
    } finally {
      homeWritten.stop();
    }
    await probed.sampled('during');
    const again = await publish(snap.revision, changes);
    second = { status: again.status, body: await again.json(), whilePublishing: !settled };

    const response = await publishing;
    answered = { status: response.status, body: await response.text() };
    // Live at once when the publish answers: the next request gets the new page.
    pageAtOnce = await (await fetch(`${s.base}/`)).text();
    phase = 'after';
    await probed.sampled('after');
    probed.stop();
  });

  it('switches the live site to the new build with only whole pages answered 200 throughout, the new page as soon as it answers', () => {
    expect(answered.status).toBe(200);
    expect(pageAtOnce).toContain(`>${escapeHtml(next)}<`);
    expect(pageAtOnce).not.toContain('<script>alert(1)');
    expect(probed.seen.filter((r) => r.status !== 200 || !r.whole || r.heading === '' || (r.script !== undefined && r.script !== 200))).toEqual([]);
    // Pages were fetched before it, while it ran and after it; before: the old heading, after: the new.
    expect(new Set(probed.seen.map((r) => r.phase))).toEqual(new Set(['before', 'during', 'after']));
    expect(probed.seen.filter((r) => r.phase === 'before').map((r) => r.heading)).toEqual(probed.seen.filter((r) => r.phase === 'before').map(() => old));
    expect(probed.seen.filter((r) => r.phase === 'after').map((r) => r.heading)).toEqual(probed.seen.filter((r) => r.phase === 'after').map(() => next));
  });

  it('answers a second publish meanwhile 409, in config’s words', () => {
    expect(second).toEqual({ status: 409, body: { message: server.admin.messages.publishBusy }, whilePublishing: true });
  });

  it('commits the edited files, the uploaded picture its content names with its sizes and the rules the build rewrote, and leaves the picture not used out of the history', async () => {
    expect(answered.status).toBe(200);
    const rewritten = FIREBASE_RULES.filter((_file, i) => rulesNow()[i] !== rulesBefore[i]);
    // The new option changes the rules (else this proves nothing about them).
    expect(rewritten).toContain('firestore.rules');
    // The picture with its sizes (the publish waited for them: src/site/model/pictureSizes.ts).
    const sizes = sizeNamesOf(used.src.slice(UPLOADS_PATH.length), used.width).map(({ name }) => inFolder({ src: `${UPLOADS_PATH}${name}` }));
    expect(sizes.length).toBeGreaterThan(0);
    expect(gitIn(siteDir, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual(
      [...edited, inFolder(used), ...sizes, ...rewritten].sort(),
    );
    // The other one is still there (an editor may be previewing it), outside the history.
    const status = gitIn(siteDir, 'status', '--porcelain', '--untracked-files=all').trim().split('\n');
    expect(status).toContain(`?? ${inFolder(unused)}`);
    expect(status.filter((line) => !line.startsWith('?? public/images/uploads/'))).toEqual([]);
    expect((await fetch(s.base + used.src)).status).toBe(200);
    // Served as the pictures they are, kept a year by browsers and CDNs (named by their bytes' hash).
    for (const size of sizes) {
      const served = await fetch(`${s.base}/${size.slice('public/'.length)}`);
      expect([served.status, served.headers.get('content-type'), served.headers.get('cache-control')]).toEqual([
        200,
        `image/${path.extname(size).slice(1)}`,
        CACHE_CONTROL.uploads,
      ]);
    }
    // The one not used is not in the release the site serves.
    expect((await fetch(s.base + unused.src)).status).toBe(404);
  });

  it('an option published from the editor is accepted by the running server as soon as its page is live (201), no restart', async () => {
    // Before the publish: not one of the options.
    expect(option.status).toBe(400);
    expect(answered.status).toBe(200);
    const after = await option.post();
    expect({ status: after.status, body: after.status === 201 ? '' : await after.text() }).toEqual({ status: 201, body: '' });
  });
});
