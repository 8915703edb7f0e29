/**
 * `npm run build` and `npm start` check config/ first: with a mistake there they stop with
 * the checker's sentence (no stack trace) and build or serve nothing. Run on a copy of the
 * project whose config/ is broken (its code is linked, not copied). Both commands run at once.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectDir } from '../src/test/realConfig';
import { runScript, type ScriptRun } from '../src/test/runScript';

jest.setTimeout(120_000);

const commands = [
  ['npm run build', 'build.ts', 'The site was not built'],
  ['npm start', 'start.ts', 'The site was not started'],
] as const;
let runs: ScriptRun[];

let workDir: string;
beforeAll(async () => {
  workDir = mkdtempSync(path.join(projectDir, '.tmp-build-'));
  for (const linked of ['src', 'scripts', 'node_modules', 'public']) symlinkSync(path.join(projectDir, linked), path.join(workDir, linked), 'dir');
  for (const copied of ['config', 'package.json', 'vite.config.ts', 'index.html', 'firestore.rules', 'storage.rules']) {
    cpSync(path.join(projectDir, copied), path.join(workDir, copied), { recursive: true });
  }
  // A non-developer's slip: the blog page's title emptied.
  const blog = path.join(workDir, 'config', 'pages', 'blog.ts');
  const source = readFileSync(blog, 'utf8');
  const title = /title: '[^']+'/.exec(source)?.[0];
  if (!title) throw new Error('config/pages/blog.ts has no title line: update this test.');
  writeFileSync(blog, source.replace(title, "title: ''"));
  runs = await Promise.all(commands.map(([, script]) => runScript(path.join('scripts', script), [], { cwd: workDir })));
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

it.each(commands.map(([command, , ending], i) => [command, ending, i] as const))(
  '%s stops at a mistake in config/ with the sentence naming the file and the key',
  (_command, ending, i) => {
    const result = runs[i]!;
    const output = result.stdout + result.stderr;
    expect(result.code).toBe(1);
    expect(output).toContain('Found 1 problem in config/:');
    expect(output).toMatch(/^config\/pages\/blog\.ts: title .+$/m);
    expect(output).toContain(ending);
    // Plain sentences only: no stack trace, no build output.
    expect(output).not.toMatch(/^\s+at /m);
    expect(existsSync(path.join(workDir, 'dist'))).toBe(false);
  },
);
