/**
 * A publish is one transaction (publish.ts), on a real site folder (a git work tree with the
 * site built in it) served by the real built server:
 *
 * - killed (SIGKILL) right after each step of a publish, then started again: the live site is
 *   the last recorded revision (the new text exactly when the commit was made), the work tree is
 *   clean, and an edit that was not recorded is its author's draft;
 * - a stale git lock, pages that cannot be drawn, a full disk under config/ or under the
 *   releases: the publish is refused with the sentence config gives, and nothing changes (the
 *   file, HEAD, the work tree, the page served), the edit kept as a draft;
 * - a change of 3,000 list items goes through (the commit's words on git's standard input).
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import server from '../../../config/server';
import { exited } from '../../../scripts/lib/builtServer.mjs';
import { contentRoutes, type ContentSnapshot } from '../model/contentApi';
import { type Client, EDITOR, editorDataDir, startBuiltEditing, startEditing, stopChild, type TestServer } from '../../test/adminServer';
import { gitIn, makeBuiltSite } from '../../test/contentSite';
import { PUBLISH_STEPS, type PublishStep } from './publish';

// Real builds and servers on a machine that may be busy: a hang, not a slow step, is what a timeout is for.
jest.setTimeout(600_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const messages = server.admin.messages;
const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

let siteDir: string;
beforeAll(async () => {
  siteDir = await makeBuiltSite({ git: true, buildable: false });
  // The full-disk test's filler files are not the site's.
  writeFileSync(path.join(siteDir, '.git', 'info', 'exclude'), '.filler\n', { flag: 'a' });
});
afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

const homeFile = 'config/pages/home.ts';
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
function withHeading(snap: ContentSnapshot, heading: string) {
  const home = clone(snap.files.find((f) => f.file === homeFile)!.value) as Json;
  home.sections[0].heading = heading;
  return [{ file: homeFile, value: home }];
}
const snapshotOf = async (client: Client) => (await (await client.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
const publishTo = (client: Client, baseRevision: string, changes: unknown) =>
  client.change('POST', contentRoutes.contentPublish.path, { json: { baseRevision, changes } });
const headOf = () => gitIn(siteDir, 'rev-parse', 'HEAD').trim();
const statusOf = () => gitIn(siteDir, 'status', '--porcelain');

describe('a publish that cannot be completed changes nothing', () => {
  let s: TestServer;
  let editor: Client;
  beforeAll(async () => {
    // The site folder stays for the crash tests after these (startEditing would remove it on close).
    ({ server: s, editor } = await startEditing(siteDir, {
      clientDir: path.join(siteDir, 'dist', 'client'),
      remove: mkdtempSync(path.join(os.tmpdir(), 'kept-')),
    }));
  });
  afterAll(async () => s?.close());

  const snapshot = () => snapshotOf(editor);
  const publish = (baseRevision: string, changes: unknown) => publishTo(editor, baseRevision, changes);

  /** Publishes a heading that must not go live, and checks that nothing did change, the edit kept as the editor's draft. */
  async function refused(sentence: string, heading: string) {
    const snap = await snapshot();
    const headBefore = headOf();
    const fileBefore = readFileSync(path.join(siteDir, homeFile), 'utf8');
    const pageBefore = await (await fetch(`${s.base}/`)).text();
    const answer = await publish(snap.revision, withHeading(snap, heading));
    const { message } = (await answer.json()) as { message: string };
    expect([answer.status, message.startsWith(sentence.split('{error}')[0]!)]).toEqual([500, true]);
    expect(readFileSync(path.join(siteDir, homeFile), 'utf8')).toBe(fileBefore);
    expect(headOf()).toBe(headBefore);
    expect(statusOf()).toBe('');
    expect(await (await fetch(`${s.base}/`)).text()).toBe(pageBefore);
    const draft = (await snapshot()).drafts.find((d) => d.file === homeFile);
    expect((draft?.value as Json | undefined)?.sections[0].heading).toBe(heading);
  }

  const root = process.getuid?.() === 0;
  // First: no release is made yet.
  (root ? it : it.skip)("a full disk under config/, then under the releases: not written, in config's words", async () => {
    // config/ on a small disk of its own, full to the last bytes.
    const configDir = path.join(siteDir, 'config');
    const saved = mkdtempSync(path.join(os.tmpdir(), 'config-'));
    cpSync(configDir, saved, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', configDir]);
    try {
      cpSync(saved, configDir, { recursive: true });
      fill(path.join(configDir, '.filler'));
      await refused(messages.publishNotWritten, 'Never live: a full disk under config');
    } finally {
      execFileSync('umount', ['--lazy', configDir]);
      rmSync(saved, { recursive: true, force: true });
    }
    // The releases on a full disk (none made yet: this runs first): the pages cannot be drawn.
    const releases = path.join(siteDir, 'dist', 'releases');
    mkdirSync(releases, { recursive: true });
    expect(readdirSync(releases)).toEqual([]);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', releases]);
    try {
      fill(path.join(releases, '.filler'));
      await refused(messages.buildFailed, 'Never live: a full disk under the releases');
    } finally {
      execFileSync('umount', ['--lazy', releases]);
    }
  });

  it("a stale git lock (index.lock): not recorded, in config's words", async () => {
    const lock = path.join(siteDir, '.git', 'index.lock');
    writeFileSync(lock, '');
    try {
      await refused(messages.publishNotRecorded, 'Never live: git locked');
    } finally {
      rmSync(lock, { force: true });
    }
  });

  it("pages that cannot be drawn (the code build broken): in config's words", async () => {
    const renderer = path.join(siteDir, 'dist', 'ssr', 'entry-server.js');
    renameSync(renderer, `${renderer}.off`);
    try {
      await refused(messages.buildFailed, 'Never live: no renderer');
    } finally {
      renameSync(`${renderer}.off`, renderer);
    }
  });
});

describe('killed in the middle of a publish, then started again', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;
  let base = '';

  beforeAll(async () => {
    dataDir = await editorDataDir('crash-data-');
  });
  afterAll(async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The site folder's own built server, as `npm start` serves it, with the crash switch if given. */
  async function start(crashAt?: PublishStep): Promise<Client> {
    let editor: Client;
    ({ child, base, editor } = await startBuiltEditing(siteDir, dataDir, crashAt));
    return editor;
  }

  /** The server the next step's publish is sent to: started with its crash switch, which does nothing until a publish. */
  let client: Client | undefined;

  // In the order of the steps, each from where the one before left the folder.
  it.each(PUBLISH_STEPS.map((step, i) => [step, PUBLISH_STEPS[i + 1]] as const))('right after "%s"', async (step, next) => {
    client ??= await start(step);
    const before = await snapshotOf(client);
    const headBefore = headOf();
    const pageBefore = h1(await (await fetch(`${base}/`)).text());
    const heading = `Killed after ${step}`;
    // The server dies during the request: no answer comes.
    await expect(publishTo(client, before.revision, withHeading(before, heading))).rejects.toThrow();
    expect(await exited(child!)).toEqual({ code: null, signal: 'SIGKILL' });

    // Started again (with the next step's switch: the checks below publish nothing).
    client = await start(next);
    const page = h1(await (await fetch(`${base}/`)).text());
    const recorded = PUBLISH_STEPS.indexOf(step) >= PUBLISH_STEPS.indexOf('recorded');
    // Live is the last record: the new text exactly when the commit was made.
    expect(page).toBe(recorded ? heading : pageBefore);
    if (recorded) expect(gitIn(siteDir, 'log', '-1', '--format=%an %B')).toContain(heading);
    else expect(headOf()).toBe(headBefore);
    expect(statusOf()).toBe('');
    const after = await snapshotOf(client);
    expect((after.files.find((f) => f.file === homeFile)!.value as Json).sections[0].heading).toBe(page);
    // An edit not recorded is its author's draft; a recorded one is not a draft any more.
    const draft = after.drafts.find((d) => d.author === EDITOR && d.file === homeFile);
    if (recorded) expect(draft).toBeUndefined();
    else expect((draft?.value as Json | undefined)?.sections[0].heading).toBe(heading);
  });
});

// Last: the crash tests above publish one heading at a time, each server they start reading the content whole, so they do not carry these items.
describe('a publish of many items', () => {
  let s: TestServer;
  let editor: Client;
  beforeAll(async () => {
    // No pages served (no clientDir): the publish writes and records, and draws no pages, which this test does not read.
    ({ server: s, editor } = await startEditing(siteDir));
  });
  afterAll(async () => s?.close());

  const snapshot = () => snapshotOf(editor);
  const publish = (baseRevision: string, changes: unknown) => publishTo(editor, baseRevision, changes);

  it('a change of 3,000 list items is published and recorded whole (no command line limit)', async () => {
    const snap = await snapshot();
    const file = snap.files.find((f) => JSON.stringify(f.value).includes('"type":"faq"'))!;
    const page = clone(file.value) as Json;
    const faq = page.sections.find((section: Json) => section.type === 'faq');
    faq.items = Array.from({ length: 3000 }, (_, i) => ({ question: `Question number ${i + 1}?`, answer: `Answer number ${i + 1}.` }));
    const answer = await publish(snap.revision, [{ file: file.file, value: page }]);
    expect([answer.status, answer.status === 200 ? '' : await answer.text()]).toEqual([200, '']);
    expect(statusOf()).toBe('');
    expect(gitIn(siteDir, 'log', '-1', '--format=%B')).toContain('Question number 3000?');
    const after = (await snapshot()).files.find((f) => f.file === file.file)!.value as Json;
    expect(after.sections.find((section: Json) => section.type === 'faq').items).toHaveLength(3000);
  });
});

/** Fills the disk holding `file` to its last bytes (a write of anything bigger fails). */
function fill(file: string): void {
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, block);
  } catch {
    // Full.
  }
  try {
    for (;;) writeSync(fd, block.subarray(0, 512));
  } catch {
    // Full to the last bytes.
  }
  closeSync(fd);
  expect(existsSync(file)).toBe(true);
}
