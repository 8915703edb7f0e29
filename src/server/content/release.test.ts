/**
 * No edit lost, played with real git repositories in a temporary folder: the developers' remote
 * (a bare repository), a developer's checkout, and the server's site folder (a clone where the
 * office publishes through our real server). An office edit is published, a developer release
 * changing code and another text is deployed with `npm run release`: both survive, here and on
 * the remote. A release changing the same text as the office stops with a sentence naming the
 * file and both texts, and leaves the site folder as it was.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentRoutes, type ContentSnapshot } from '../../shared/contentApi';
import { type Client, startEditing, type TestServer } from '../../test/adminServer';
import { DEVELOPER, gitIn, makeSite } from '../../test/contentSite';
import { projectDir } from '../../test/realConfig';

jest.setTimeout(180_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const tsx = path.join(projectDir, 'node_modules', '.bin', 'tsx');

function release(cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile(tsx, [path.join(projectDir, 'scripts', 'release.ts'), '--no-build'], { cwd, encoding: 'utf8', env: { ...process.env, ...DEVELOPER } }, (error, stdout, stderr) =>
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
      ['config/pages/about.ts', `heading: ${aboutHeading}`, "heading: 'About the team behind Business Growth'"],
      ['src/config/check.ts', ' * The config checker over this project', ' * The config checker over this project (the release changed this line)'],
    ],
    'A developer release',
  );

  const result = await release(live);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  for (const dir of [live]) {
    expect(read(dir, 'config/pages/home.ts')).toContain("heading: 'Grow your business online'");
    expect(read(dir, 'config/pages/about.ts')).toContain("heading: 'About the team behind Business Growth'");
    expect(read(dir, 'src/config/check.ts')).toContain('(the release changed this line)');
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
