/**
 * Publishing for real: a site folder of its own (a git work tree with everything the build
 * needs) is built, our server serves it, an editor publishes, and the site is built again into
 * a folder of its own and switched to. A probe fetches a page and one of its scripts every
 * 100 ms throughout: every answer is 200 and every page is whole, old or new, never a mix. A
 * second publish meanwhile answers 409; a build that fails changes nothing live and puts the
 * files back, the Firebase rules it had already rewritten included. The time from the click to
 * the new page live is printed (PUBLISH_RUNS=5 measures five publishes).
 */
import { readFileSync, renameSync, rmSync, watch } from 'node:fs';
import path from 'node:path';
import server from '../../../config/server';
import { contentRoutes, type ContentSnapshot } from '../../shared/contentApi';
import { type Client, startEditing, type TestServer } from '../../test/adminServer';
import { gitIn, makeSite } from '../../test/contentSite';
import { projectDir } from '../../test/realConfig';
import { buildInto } from './site';
import { buildDocument } from '../../forms/model/document';
import type { FormConfig } from '../../forms/model/formSchema';
import { api } from '../../shared/api';
import { validData, type FormId } from '../../test/formFixtures';

jest.setTimeout(900_000);

const FIREBASE_RULES = ['firestore.rules', 'storage.rules'];

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const RUNS = Number(process.env.PUBLISH_RUNS ?? 1);

let siteDir: string;
let s: TestServer;
let editor: Client;

beforeAll(async () => {
  siteDir = makeSite({ git: true, buildable: true });
  const tools = { siteDir, toolsDir: projectDir };
  await buildInto(tools, path.join(siteDir, 'dist'));
  ({ server: s, editor } = await startEditing(siteDir, { clientDir: path.join(siteDir, 'dist', 'client') }));
});
afterAll(async () => {
  if (s) await s.close();
  else rmSync(siteDir, { recursive: true, force: true });
});

async function snapshot(): Promise<ContentSnapshot> {
  return (await (await editor.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
}
const homeOf = (snap: ContentSnapshot) => JSON.parse(JSON.stringify(snap.files.find((f) => f.file === 'config/pages/home.ts')!.value)) as Json;
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;');

/** Fetches / and its first script every 100 ms until stopped; returns what it saw. */
function probe(headings: () => string[]) {
  const seen: { status: number; heading: string; whole: boolean; script?: number }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const response = await fetch(`${s.base}/`);
      const html = await response.text();
      // The page's own heading (the brand's name is elsewhere on the page too).
      const h1 = /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
      const heading = headings().find((h) => h1 === escapeHtml(h)) ?? '';
      const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
      const scriptStatus = script ? (await fetch(s.base + script)).status : undefined;
      seen.push({ status: response.status, heading, whole: html.trimEnd().endsWith('</html>'), ...(scriptStatus ? { script: scriptStatus } : {}) });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return { seen, stop: async () => ((running = false), await loop) };
}

it('switches the live site to the new build with only whole pages answered 200 throughout; a second publish meanwhile is 409', async () => {
  const times: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const snap = await snapshot();
    const home = homeOf(snap);
    const old = home.sections[0].heading as string;
    // The first one tries to put markup and script on the page: it shows as text.
    const next = run === 1 ? 'Grow <b>your</b> business <script>alert(1)</script>' : `Grow your business online (${run})`;
    home.sections[0].heading = next;
    const watch = probe(() => [old, next]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    const publishing = editor.change('POST', contentRoutes.contentPublish.path, { json: { baseRevision: snap.revision, changes: [{ file: 'config/pages/home.ts', value: home }] } });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (run === 1) {
      const second = await editor.change('POST', contentRoutes.contentPublish.path, { json: { baseRevision: snap.revision, changes: [{ file: 'config/pages/home.ts', value: home }] } });
      expect(second.status).toBe(409);
      expect(await second.json()).toEqual({ message: server.admin.messages.publishBusy });
    }
    const response = await publishing;
    expect(response.status).toBe(200);
    // Live at once when the publish answers: the next request gets the new page.
    const page = await (await fetch(`${s.base}/`)).text();
    expect(page).toContain(`>${escapeHtml(next)}<`);
    expect(page).not.toContain('<script>alert(1)');
    times.push((Date.now() - started) / 1000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await watch.stop();
    expect(watch.seen.length).toBeGreaterThan(5);
    expect(watch.seen.filter((r) => r.status !== 200 || !r.whole || r.heading === '' || (r.script !== undefined && r.script !== 200))).toEqual([]);
    expect(watch.seen[0]!.heading).toBe(old);
    expect(watch.seen[watch.seen.length - 1]!.heading).toBe(next);
  }
  console.info(`Publish, click to live: ${times.map((t) => `${t.toFixed(1)} s`).join(', ')} (max ${Math.max(...times).toFixed(1)} s)`);
  // The requirement is 30 s on a quiet machine (PUBLISH_BUDGET_S=30); by default only a publish that hangs fails here.
  expect(Math.max(...times)).toBeLessThanOrEqual(Number(process.env.PUBLISH_BUDGET_S ?? 300));
});

it('a build that fails after writing the rules changes nothing live and puts every file back (config/ and the Firebase rules)', async () => {
  const snap = await snapshot();
  const before = await (await fetch(`${s.base}/`)).text();
  const rulesBefore = FIREBASE_RULES.map((file) => readFileSync(path.join(siteDir, file), 'utf8'));
  const home = homeOf(snap);
  home.sections[0].heading = 'Never live';
  // A new option of a select: the build rewrites the rules from it (src/deploy/deployFiles.ts).
  const entry = snap.files.find((f) => f.file.startsWith('config/forms/') && JSON.stringify(f.value).includes('"kind":"select"'))!;
  const form = JSON.parse(JSON.stringify(entry.value)) as FormConfig;
  const select = form.fields.find((f) => f.kind === 'select')!;
  (select as { options: unknown[] }).options = [...select.options!, { value: 'Never a rule', label: 'Never a rule' }];
  // The build's last step (the server's bundle) fails, after the rules were written.
  const serverEntry = path.join(siteDir, 'src', 'server', 'index.ts');
  renameSync(serverEntry, `${serverEntry}.off`);
  const rulesSeen: string[] = [];
  const watcher = watch(siteDir, (_event, name) => name && FIREBASE_RULES.includes(String(name)) && rulesSeen.push(String(name)));
  try {
    const changes = [
      { file: 'config/pages/home.ts', value: home },
      { file: entry.file, value: form },
    ];
    const response = await editor.change('POST', contentRoutes.contentPublish.path, { json: { baseRevision: snap.revision, changes } });
    expect(response.status).toBe(500);
    expect(((await response.json()) as { message: string }).message).toMatch(/^The site could not be built with these changes, so nothing was published\./);
  } finally {
    watcher.close();
    renameSync(`${serverEntry}.off`, serverEntry);
  }
  // The build did rewrite the rules (else this test proves nothing), and they are back as they were.
  expect(rulesSeen).toEqual(expect.arrayContaining(['firestore.rules']));
  expect(FIREBASE_RULES.map((file) => readFileSync(path.join(siteDir, file), 'utf8'))).toEqual(rulesBefore);
  expect(gitIn(siteDir, 'status', '--porcelain')).toBe('');
  const after = await (await fetch(`${s.base}/`)).text();
  expect(after).not.toContain('Never live');
  expect(after.replace(/nonce="[^"]+"/g, '')).toBe(before.replace(/nonce="[^"]+"/g, ''));
});

it('a picture uploaded in the editor is served (as re-encoded) for the preview before it is published', async () => {
  const sharp = (await import('sharp')).default;
  const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#123456' } }).jpeg().toBuffer();
  const response = await editor.change('POST', `${contentRoutes.contentImage.path}?width=160&height=160`, { body: photo, headers: { 'content-type': 'image/jpeg' } });
  expect(response.status).toBe(201);
  const { src } = (await response.json()) as { src: string };
  const served = await fetch(s.base + src);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/webp');
  expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(320);
  // Nothing else outside the builds and public/ is reachable that way.
  expect((await fetch(`${s.base}/images/uploads/..%2F..%2F..%2Fconfig%2Fsite.ts`)).status).toBe(404);
  expect((await fetch(`${s.base}/.site-manifest.json`)).status).toBe(404);
});

it('a publish commits the uploaded pictures its content names, and leaves those uploaded and not used out of the history', async () => {
  const sharp = (await import('sharp')).default;
  const upload = async (background: string) => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background } }).jpeg().toBuffer();
    const response = await editor.change('POST', `${contentRoutes.contentImage.path}?width=150&height=100`, { body: photo, headers: { 'content-type': 'image/jpeg' } });
    expect(response.status).toBe(201);
    return (await response.json()) as { src: string; width: number; height: number };
  };
  const used = await upload('#2a6f97');
  const unused = await upload('#972a6f');
  const inFolder = (image: { src: string }) => `public${image.src}`;

  // The content's first picture (on whichever page has one) becomes the uploaded one.
  const snap = await snapshot();
  const isPicture = (value: unknown): value is Json => typeof value === 'object' && value !== null && typeof (value as Json).src === 'string' && typeof (value as Json).alt === 'string';
  const firstPicture = (value: unknown): Json | undefined => {
    if (isPicture(value)) return value;
    if (typeof value !== 'object' || value === null) return undefined;
    for (const child of Object.values(value)) {
      const found = firstPicture(child);
      if (found) return found;
    }
    return undefined;
  };
  const entry = snap.files.find((f) => firstPicture(f.value))!;
  const value = JSON.parse(JSON.stringify(entry.value)) as Json;
  Object.assign(firstPicture(value)!, used);
  const response = await editor.change('POST', contentRoutes.contentPublish.path, { json: { baseRevision: snap.revision, changes: [{ file: entry.file, value }] } });
  expect(response.status).toBe(200);

  expect(gitIn(siteDir, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual([entry.file, inFolder(used)].sort());
  // The other one is still there (an editor may be previewing it), outside the history.
  const status = gitIn(siteDir, 'status', '--porcelain', '--untracked-files=all').trim().split('\n');
  expect(status).toContain(`?? ${inFolder(unused)}`);
  expect(status.filter((line) => !line.startsWith('?? public/images/uploads/'))).toEqual([]);
  expect((await fetch(s.base + used.src)).status).toBe(200);
});

it('an option published from the editor is accepted by the running server as soon as its page is live (201), no restart', async () => {
  const snap = await snapshot();
  const entry = snap.files.find((f) => f.file.startsWith('config/forms/') && JSON.stringify(f.value).includes('"kind":"select"'))!;
  const name = path.basename(entry.file, '.ts') as FormId;
  const form = JSON.parse(JSON.stringify(entry.value)) as FormConfig;
  const select = form.fields.find((f) => f.kind === 'select')!;
  const added = 'A value the build before did not have';
  (select as { options: unknown[] }).options = [...select.options!, { value: added, label: added }];
  const document = buildDocument(form, { ...validData[name], [select.name]: added }, new Date());
  const post = () => fetch(`${s.base}${api.documents(form.collection)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(document) });
  // Before the publish: not one of the options.
  expect((await post()).status).toBe(400);
  const response = await editor.change('POST', contentRoutes.contentPublish.path, { json: { baseRevision: snap.revision, changes: [{ file: entry.file, value: form }] } });
  expect(response.status).toBe(200);
  const after = await post();
  expect({ status: after.status, body: after.status === 201 ? '' : await after.text() }).toEqual({ status: 201, body: '' });
});
