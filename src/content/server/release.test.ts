/**
 * No edit lost, played with real git repositories in a temporary folder: the developers' remote
 * (a bare repository), a developer's checkout, and the server's site folder (a clone where the
 * office publishes through our real server). An office edit is published, a developer release
 * changing code and another text is deployed with `npm run release`: both survive, here and on
 * the remote. A release changing the same text as the office stops with a sentence naming the
 * file and both texts, and leaves the site folder as it was. A release and a publish take turns
 * (the lock both take, siteLock.ts): each is refused with its sentence while the other holds it,
 * changing nothing; a lock left by a process that is gone is taken over.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import server from '../../../config/server';
import os from 'node:os';
import path from 'node:path';
import { contentRoutes, type ContentSnapshot } from '../model/contentApi';
import { type Client, startEditing, type TestServer } from '../../test/adminServer';
import { keptBundle } from '../../test/bundle';
import { DEVELOPER, gitIn, makeSite } from '../../test/contentSite';
import { projectDir } from '../../test/realConfig';
import { lockFile, takeLock } from './siteLock';

jest.setTimeout(180_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * `npm run release -- --no-build` in `cwd`: this checkout's scripts/release.ts, from its kept
 * bundle (src/test/bundle.ts: the same code, without tsx's loader compiling it at each of the
 * five runs). releaseBuild.test.ts runs the release as npm does, build and all.
 */
async function release(cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const script = await keptBundle(path.join(projectDir, 'scripts', 'release.ts'));
  return new Promise((resolve) =>
    execFile(process.execPath, [script, '--no-build'], { cwd, encoding: 'utf8', env: { ...process.env, ...DEVELOPER } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    ),
  );
}

let root: string;
let developer: string;
let live: string;
let s: TestServer;
let editor: Client;

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');
/** Replaces one text in a file of the developer's checkout, commits and pushes it. */
function developerChanges(edits: Array<[file: string, from: string, to: string]>, message: string) {
  gitIn(developer, 'pull', '--quiet', '--no-rebase', 'origin', 'main');
  for (const [file, from, to] of edits) {
    const text = read(developer, file);
    expect(text).toContain(from);
    writeFileSync(path.join(developer, file), text.replace(from, to));
  }
  gitIn(developer, 'commit', '--quiet', '-am', message);
  gitIn(developer, 'push', '--quiet', 'origin', 'HEAD:main');
}
async function officePublishes(file: string, change: (value: Json) => void) {
  const snap = (await (await editor.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
  const value = JSON.parse(JSON.stringify(snap.files.find((f) => f.file === file)!.value)) as Json;
  change(value);
  const response = await editor.change('POST', contentRoutes.contentPublish.path, { json: { baseRevision: snap.revision, changes: [{ file, value }] } });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'release-'));
  const first = makeSite({ git: true, buildable: true });
  gitIn(root, 'clone', '--quiet', '--bare', first, 'origin.git');
  rmSync(first, { recursive: true, force: true });
  gitIn(root, 'clone', '--quiet', 'origin.git', 'developer');
  gitIn(root, 'clone', '--quiet', 'origin.git', 'live');
  developer = path.join(root, 'developer');
  live = path.join(root, 'live');
  ({ server: s, editor } = await startEditing(live, { remove: root }));
});
afterAll(() => s.close());

it("an office edit and a developer's release (code and another text) both survive, on the server and on the remote", async () => {
  await officePublishes('config/pages/home.ts', (home) => (home.sections[0].heading = 'Grow your business online'));
  const aboutHeading = /heading: ('[^']+')/.exec(read(developer, 'config/pages/about.ts'))![1]!;
  developerChanges(
    [
      ['config/pages/about.ts', `heading: ${aboutHeading}`, "heading: 'About the team behind the agency'"],
      [
        'src/content/server/checkConfig.ts',
        ' * The config checker over this project',
        ' * The config checker over this project (the release changed this line)',
      ],
    ],
    'A developer release',
  );

  const result = await release(live);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  for (const dir of [live]) {
    expect(read(dir, 'config/pages/home.ts')).toContain("heading: 'Grow your business online'");
    expect(read(dir, 'config/pages/about.ts')).toContain("heading: 'About the team behind the agency'");
    expect(read(dir, 'src/content/server/checkConfig.ts')).toContain('(the release changed this line)');
  }
  // Pushed back: the developer's next pull has the office's edit.
  gitIn(developer, 'pull', '--quiet', '--no-rebase', 'origin', 'main');
  expect(read(developer, 'config/pages/home.ts')).toContain("heading: 'Grow your business online'");
  // The editor goes on from the merged content.
  const snap = (await (await editor.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
  expect(snap.revision).toBe(gitIn(live, 'rev-parse', 'HEAD').trim());
});

it('a release changing the same text as the office stops with a sentence naming the file and both texts, and deploys nothing', async () => {
  await officePublishes('config/pages/home.ts', (home) => (home.sections[0].heading = 'The office wrote this'));
  developerChanges([['config/pages/home.ts', "heading: 'Grow your business online'", "heading: 'The developer wrote this'"]], 'A release with the same text');
  const head = gitIn(live, 'rev-parse', 'HEAD');

  const result = await release(live);
  expect(result.code).toBe(1);
  expect(result.stderr).toBe(
    "config/pages/home.ts: the office's edit and the release both changed the same text. The office's: heading: 'The office wrote this', The release's: heading: 'The developer wrote this',\n" +
      "Nothing was deployed, and the office's edits are kept. A developer merges origin/main with this folder's commits (git pull, keep the text wanted, commit, push), then runs the release again.\n",
  );
  expect(gitIn(live, 'rev-parse', 'HEAD')).toBe(head);
  expect(gitIn(live, 'status', '--porcelain')).toBe('');
  expect(read(live, 'config/pages/home.ts')).toContain("heading: 'The office wrote this'");
});

it('a release while a publish holds the lock is refused with a sentence and merges nothing', async () => {
  // The conflict above, settled as the sentence says: the developer merges the site folder's commits, keeping the office's text.
  gitIn(developer, 'pull', '--quiet', '--no-rebase', '-X', 'theirs', live, 'HEAD');
  gitIn(developer, 'push', '--quiet', 'origin', 'HEAD:main');
  developerChanges(
    [['src/content/server/checkConfig.ts', '(the release changed this line)', '(the release changed this line again)']],
    'A release during a publish',
  );
  const head = gitIn(live, 'rev-parse', 'HEAD');
  const publishing = takeLock(lockFile(live), 'publish');
  if (!publishing.taken) throw new Error('The lock was not free');
  try {
    const result = await release(live);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('A publish from the browser is under way in this folder. Nothing was deployed: try again in a minute.\n');
    expect(gitIn(live, 'rev-parse', 'HEAD')).toBe(head);
    expect(read(live, 'src/content/server/checkConfig.ts')).not.toContain('(the release changed this line again)');
  } finally {
    publishing.release();
  }
  // Once the publish is done, the release goes through (and leaves the lock free).
  const result = await release(live);
  expect(result.code).toBe(0);
  expect(read(live, 'src/content/server/checkConfig.ts')).toContain('(the release changed this line again)');
  const free = takeLock(lockFile(live), 'publish');
  expect(free.taken).toBe(true);
  if (free.taken) free.release();
});

it("a publish while a release holds the lock answers 409 with config's sentence and changes nothing; a lock left by a process that is gone is taken over", async () => {
  const head = gitIn(live, 'rev-parse', 'HEAD');
  const home = read(live, 'config/pages/home.ts');
  const releasing = takeLock(lockFile(live), 'release');
  if (!releasing.taken) throw new Error('The lock was not free');
  const snap = (await (await editor.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
  const value = JSON.parse(JSON.stringify(snap.files.find((f) => f.file === 'config/pages/home.ts')!.value)) as Json;
  value.sections[0].heading = 'Published during a release';
  const publish = () =>
    editor.change('POST', contentRoutes.contentPublish.path, { json: { baseRevision: snap.revision, changes: [{ file: 'config/pages/home.ts', value }] } });
  try {
    const refused = await publish();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: server.admin.messages.releaseUnderWay });
    expect(read(live, 'config/pages/home.ts')).toBe(home);
    expect(gitIn(live, 'rev-parse', 'HEAD')).toBe(head);
    expect(gitIn(live, 'status', '--porcelain')).toBe('');
  } finally {
    releasing.release();
  }
  // A release that crashed: its lock names a process that has ended.
  const gone = spawnSync('true').pid;
  writeFileSync(lockFile(live), JSON.stringify({ what: 'release', pid: gone, since: new Date().toISOString() }));
  const published = await publish();
  expect(published.status).toBe(200);
  expect(read(live, 'config/pages/home.ts')).toContain("heading: 'Published during a release'");
});

it("a release keeps what the office made: a new page, a new article, an article's new address and config/moved.ts; the release's own new files come in beside them", async () => {
  const snap = (await (await editor.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
  const valueOf = (file: string) => JSON.parse(JSON.stringify(snap.files.find((f) => f.file === file)!.value)) as Json;
  const articles = snap.files.filter((f) => f.file.startsWith('config/articles/')).map((f) => f.file);
  expect(articles.length).toBeGreaterThan(1);
  const [renamedFile, modelFile] = articles as [string, string];
  const renamed = valueOf(renamedFile);
  const oldAddress = renamed.address as string;
  const page = {
    title: 'Summer offer',
    description: 'A page for the summer campaign.',
    address: '/summer-offer',
    inMenu: false,
    sections: valueOf('config/pages/contact.ts').sections.slice(0, 1),
  };
  const article = { ...valueOf(modelFile), title: 'A new article from the office', address: 'a-new-article-from-the-office' };
  // One publish, as the office makes it: a page and an article of its own, and another article's address changed.
  const published = await editor.change('POST', contentRoutes.contentPublish.path, {
    json: {
      baseRevision: snap.revision,
      changes: [
        { file: 'config/pages/summer-offer.ts', value: page },
        { file: 'config/articles/a-new-article-from-the-office.ts', value: article },
        { file: renamedFile, value: { ...renamed, address: `${oldAddress}-again` } },
      ],
    },
  });
  expect(published.status).toBe(200);
  const office = ['config/pages/summer-offer.ts', 'config/articles/a-new-article-from-the-office.ts', renamedFile, 'config/moved.ts'];
  const officeTexts = Object.fromEntries(office.map((file) => [file, read(live, file)]));
  expect(officeTexts['config/moved.ts']).toContain(`-again' }`);

  // The developer's release: code, and a file of its own in config/articles.
  gitIn(developer, 'pull', '--quiet', '--no-rebase', 'origin', 'main');
  writeFileSync(
    path.join(developer, 'config/articles/from-the-developers.ts'),
    read(developer, modelFile).replace(/address: '[^']+'/, "address: 'from-the-developers'"),
  );
  gitIn(developer, 'add', 'config/articles/from-the-developers.ts');
  developerChanges(
    [['src/content/server/checkConfig.ts', '(the release changed this line again)', '(and once more, with the office files)']],
    'A release beside the office files',
  );

  const result = await release(live);
  expect([result.code, result.stderr]).toEqual([0, '']);
  gitIn(developer, 'pull', '--quiet', '--no-rebase', 'origin', 'main');
  for (const dir of [live, developer]) {
    // The office's files as the office published them, here and on the remote.
    for (const file of office) expect([file, read(dir, file)]).toEqual([file, officeTexts[file]]);
    expect(read(dir, 'src/content/server/checkConfig.ts')).toContain('(and once more, with the office files)');
    expect(read(dir, 'config/articles/from-the-developers.ts')).toContain("address: 'from-the-developers'");
  }
  expect(gitIn(live, 'status', '--porcelain')).toBe('');
  // The editor goes on from the merged content, the office's files and the release's among it.
  const after = (await (await editor.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
  expect(after.revision).toBe(gitIn(live, 'rev-parse', 'HEAD').trim());
  expect(after.files.map((f) => f.file)).toEqual(
    expect.arrayContaining([...office.filter((f) => f !== 'config/moved.ts'), 'config/articles/from-the-developers.ts']),
  );
});
