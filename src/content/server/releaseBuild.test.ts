/**
 * A whole release on the server, with its build and a restart, in real git repositories in a
 * temporary folder (the developers' remote, a developer's checkout, the live site folder with
 * its own build): the live folder, built (a copy of the one build of this checkout that the
 * tests share), is served; the office publishes an edit (a build of its own, dist/releases/LIVE
 * naming it); a developer releases a change to code (the page template) and to another text;
 * `npm run release` merges and builds; the server is restarted as the unit starts it
 * (`node dist/server/index.js`) and serves that build, not the publish's: both texts and the
 * code's change are on its pages. Two real builds: slow-ish.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import routes from '../../../config/routes';
import site from '../../../config/site';
import { contentRoutes, type ContentSnapshot } from '../model/contentApi';
import { startEditing } from '../../test/adminServer';
import { addBuild, DEVELOPER, gitIn, makeSite } from '../../test/contentSite';
import { projectDir } from '../../test/realConfig';
import { liveClientDir } from './liveBuild';
import { freePort } from '../../test/freePort';

// Real builds on a machine that may be busy: a hang, not a slow build, is what a timeout is for.
jest.setTimeout(1_500_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let root: string;
let restarted: ChildProcess | undefined;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'release-build-'));
});
afterAll(() => {
  restarted?.kill();
  rmSync(root, { recursive: true, force: true });
});

// As on the server, in a shell of its own: not jest's NODE_ENV=test.
const { NODE_ENV: _jest, ...shellEnv } = process.env;

function npm(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile('npm', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...shellEnv, ...DEVELOPER } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    ),
  );
}
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;');
const pathOf = (page: string) => routes.routes.find((r) => r.page === page)!.path;

it("an office publish, then a developer's release (code and another text) built and the server restarted: the served pages show both", async () => {
  const first = makeSite({ git: true, buildable: true });
  gitIn(root, 'clone', '--quiet', '--bare', first, 'origin.git');
  rmSync(first, { recursive: true, force: true });
  gitIn(root, 'clone', '--quiet', 'origin.git', 'developer');
  gitIn(root, 'clone', '--quiet', 'origin.git', 'live');
  const developer = path.join(root, 'developer');
  const live = path.join(root, 'live');
  // The live folder as installed: its node_modules (linked here, kept out of git by name) and a build (of the same sources).
  symlinkSync(path.join(projectDir, 'node_modules'), path.join(live, 'node_modules'));
  writeFileSync(path.join(live, '.git', 'info', 'exclude'), 'node_modules\n');
  await addBuild(live);

  // Served as the unit serves it, the office publishes a new heading for the home page.
  const { server, editor } = await startEditing(live, {
    clientDir: liveClientDir(path.join(live, 'dist', 'client'), live),
    remove: mkdtempSync(path.join(os.tmpdir(), 'nothing-')),
  });
  const officeHeading = 'The office published this heading';
  try {
    const snap = (await (await editor.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
    const home = JSON.parse(JSON.stringify(snap.files.find((f) => f.file === 'config/pages/home.ts')!.value)) as Json;
    home.sections[0].heading = officeHeading;
    const published = await editor.change('POST', contentRoutes.contentPublish.path, {
      json: { baseRevision: snap.revision, changes: [{ file: 'config/pages/home.ts', value: home }] },
    });
    expect(published.status).toBe(200);
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(await (await fetch(server.base + pathOf('home'))).text())?.[1]).toBe(escapeHtml(officeHeading));
  } finally {
    await server.close();
  }
  expect(existsSync(path.join(live, 'dist', 'releases', 'LIVE'))).toBe(true);

  // A developer's release: the page template (code) and the about page's heading.
  const developerHeading = 'The developer released this heading';
  const about = readFileSync(path.join(developer, 'config/pages/about.ts'), 'utf8');
  const aboutHeading = /heading: ('[^']+')/.exec(about)![1]!;
  writeFileSync(path.join(developer, 'config/pages/about.ts'), about.replace(`heading: ${aboutHeading}`, `heading: '${developerHeading}'`));
  const template = readFileSync(path.join(developer, 'index.html'), 'utf8');
  expect(template).toContain('<meta charset="UTF-8" />');
  writeFileSync(
    path.join(developer, 'index.html'),
    template.replace('<meta charset="UTF-8" />', '<meta charset="UTF-8" />\n    <meta name="release-test" content="a developer release" />'),
  );
  gitIn(developer, 'commit', '--quiet', '-am', 'A developer release');
  gitIn(developer, 'push', '--quiet', 'origin', 'HEAD:main');

  const released = await npm(live, 'run', 'release');
  expect({ code: released.code, error: released.code === 0 ? '' : released.stderr.slice(-2000) }).toEqual({ code: 0, error: '' });
  expect(released.stdout).toContain('Released (merge ');
  // The build the release made is the one served from the restart on.
  expect(existsSync(path.join(live, 'dist', 'releases', 'LIVE'))).toBe(false);

  const port = await freePort();
  const data = mkdtempSync(path.join(root, 'data-'));
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: live,
    env: { ...shellEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: data, LOG: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  restarted = child;
  // It says where it serves once it listens (src/apps/server/index.ts); one that stops first fails here with what it said.
  await new Promise<void>((resolve, reject) => {
    let said = '';
    const hear = (chunk: Buffer) => {
      said += String(chunk);
      if (said.includes(`${site.brand.name} site: http://127.0.0.1:${port}`)) resolve();
    };
    child.stdout!.on('data', hear);
    child.stderr!.on('data', hear);
    child.once('exit', (code) => reject(new Error(`The restarted server stopped (${code}): ${said.slice(-2000)}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const page = async (address: string) => (await fetch(base + address)).text();
  const homePage = await page(pathOf('home'));
  const aboutPage = await page(pathOf('about'));
  const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
  expect(h1(homePage)).toBe(escapeHtml(officeHeading));
  expect(h1(aboutPage)).toBe(escapeHtml(developerHeading));
  expect(/<meta name="release-test" content="([^"]*)"/.exec(homePage)?.[1]).toBe('a developer release');
});
