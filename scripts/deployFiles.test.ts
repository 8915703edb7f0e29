/**
 * A routine edit of a form needs nothing but the edit, and a Firebase deploy still gets current
 * rules. On a copy of the project (its packages linked), an option is added to a form's list:
 * `npm run check` passes, the first `npm start` builds and serves (at most 20 lines, ending with
 * the site's address) and rewrites the rules as it builds; before that, the check a Firebase
 * deploy runs first (the generated firebase.json's predeploy) refuses the stale rules, and after
 * it, no longer names them (it still refuses the build: one for our own server, not Firebase's).
 * The real commands, each its own process as npm runs them (tsx's loader; src/test/runScript.ts);
 * the check and the first look at the rules run at once.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import site from '../config/site';
import { escapeRegExp } from '../src/schema/text';
import { BUILD_PARTS } from '../src/test/contentSite';
import { projectDir } from '../src/test/realConfig';
import { runScript } from '../src/test/runScript';
import { freePort } from '../src/test/freePort';

// A whole build on a machine shared with other work.
jest.setTimeout(20 * 60_000);

const COPIED = ['config', 'public', ...BUILD_PARTS];
const OPTION = 'An option added by a test';

let copy: string;
let formFile: string;
beforeAll(() => {
  copy = mkdtempSync(path.join(os.tmpdir(), 'deploy-files-'));
  for (const item of COPIED) cpSync(path.join(projectDir, item), path.join(copy, item), { recursive: true });
  symlinkSync(path.join(projectDir, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  // The first form with a list to choose from: one more option in it, as the office would add one.
  const formsDir = path.join(copy, 'config', 'forms');
  const withList = readdirSync(formsDir).find((file) => /kind: 'select'[\s\S]*?options: \[\n/.test(readFileSync(path.join(formsDir, file), 'utf8')));
  if (!withList) throw new Error('No form in config/forms has a select field with options: update this test.');
  formFile = path.join(formsDir, withList);
  const source = readFileSync(formFile, 'utf8');
  const at = source.search(/options: \[\n/) + 'options: [\n'.length;
  writeFileSync(formFile, `${source.slice(0, at)}        { value: '${OPTION}', label: '${OPTION}' },\n${source.slice(at)}`);
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** The environment a person's shell gives npm: not jest's (NODE_ENV=test would make vite build React's development code). */
const { NODE_ENV: _test, JEST_WORKER_ID: _worker, ...shellEnv } = process.env;
const notJest = { NODE_ENV: undefined, JEST_WORKER_ID: undefined };

const tsx = (script: string, args: string[] = []) => runScript(path.join('scripts', script), args, { cwd: copy, env: notJest });

/** `npm start` until it prints the site's address (then stopped): everything it printed. */
async function firstStart(): Promise<{ output: string; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: copy,
    env: { ...shellEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(copy, 'data') },
  });
  let output = '';
  /** What it printed up to its stop (which it tells of too). */
  let printed = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (new RegExp(`${escapeRegExp(site.brand.name)} site: http://127\\.0\\.0\\.1:\\d+.*\\n`).test(output)) resolve();
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('exit', (code) => reject(new Error(`npm start stopped (exit code ${code}):\n${output}`)));
    });
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
  } finally {
    printed = output;
    // Stopped, and waited for: nothing of it still writes in the copy afterwards.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
  return { output: printed, port };
}

it('an option added to a form: check passes, a deploy refuses the old rules, npm start builds, rewrites them and serves', async () => {
  const [check, before] = await Promise.all([tsx('check-config.ts'), tsx('firebase-config.ts', ['--check'])]);
  // (Then the settings still at their example values, which are not mistakes.)
  expect([check.code, check.stdout.trim().split('\n')[0]]).toEqual([0, 'Config is all good.']);

  expect(before.code).toBe(1);
  expect(before.stderr).toMatch(/^firestore\.rules is out of date: .+ Run `npm run build`/m);
  expect(readFileSync(path.join(copy, 'firestore.rules'), 'utf8')).not.toContain(OPTION);

  const { output, port } = await firstStart();
  const lines = output.trimEnd().split('\n');
  // Every line shown when there are more (what a person would read in their terminal).
  expect(lines.length <= 20 ? [] : lines).toEqual([]);
  expect(lines.at(-1)).toMatch(new RegExp(`^${escapeRegExp(site.brand.name)} site: http://127\\.0\\.0\\.1:${port} `));
  expect(output).toContain('Firebase deploy files updated from config/: firestore.rules');
  // No warning of vite's ("(!) …": the config's imports, chunk sizes).
  expect(output).not.toContain('(!)');

  expect(readFileSync(path.join(copy, 'firestore.rules'), 'utf8')).toContain(OPTION);
  // firebase.json belongs to a Firebase build (src/deploy/deployFiles.test.ts): the rules are current now, the build is not Firebase's.
  const after = await tsx('firebase-config.ts', ['--check']);
  expect([after.code, after.stderr.trim().split('\n')]).toEqual([1, [expect.stringMatching(/^dist\/ holds a build for our own server/)]]);
});
