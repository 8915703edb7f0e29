/**
 * A slip in a config file is one sentence (src/content/server/slips.ts): the file, the line to look at
 * and what is wrong there, never esbuild's message or a stack trace. A corpus of the slips people
 * make (a missing comma, quote or bracket, a stray character), each in a page's file and in a
 * form's, written into copies of config/: the slips' own check and the checker's code (as
 * `npm run check --config-dir` runs it: src/test/checkFolders.ts) say the same sentence. Then the
 * real commands (`npm run check`, `npm start`, `npm run build`) on a copy of the whole project
 * whose form file lost a comma: the code they load imports that very file, and each still says
 * the sentence and stops (exit 1), with no stack trace.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SLIP_WORDS, slipsIn } from '../src/content/server/slips';
import { projectDir } from '../src/test/realConfig';
import { runScript, type ScriptRun } from '../src/test/runScript';

// Several Node processes loading TypeScript at once: allow them time on a busy machine.
jest.setTimeout(180_000);

const PAGE = 'config/pages/blog.ts';
const FORM = 'config/forms/contact.ts';

/** A slip: where (the file, a line found by what it holds), how it is made, and what must be said. */
interface Slip {
  name: string;
  file: string;
  /** The broken text and the 1-based line the sentence must name. */
  breakIt: (source: string) => { source: string; line: number };
  words: string;
}

/** The 1-based line of `at` in `source`. */
const lineOf = (source: string, at: number) => source.slice(0, at).split('\n').length;

/** Replaces the first match of `pattern` (its text found in the real file, whatever the office wrote) with `change(match)`. */
function replaced(pattern: RegExp, change: (found: string) => string) {
  return (source: string) => {
    const found = pattern.exec(source);
    if (!found) throw new Error(`No ${pattern} in the file any more: update this test.`);
    return { source: source.slice(0, found.index) + change(found[0]) + source.slice(found.index + found[0].length), line: lineOf(source, found.index) };
  };
}

// Lines found by their keys (a section's type, a form's collection, a field's name: the data contract), never by the office's words.
const pageLine = /type: 'pageHeader',/;
const formLine = /collection: 'Contact_cli',/;
const corpus: Slip[] = [
  { name: 'a missing comma in a page', file: PAGE, breakIt: replaced(pageLine, (l) => l.slice(0, -1)), words: SLIP_WORDS.commaAtEnd },
  { name: 'a missing quote in a page', file: PAGE, breakIt: replaced(pageLine, (l) => `${l.slice(0, -2)},`), words: SLIP_WORDS.notClosed },
  {
    name: 'a missing bracket in a page',
    file: PAGE,
    breakIt: replaced(/\{ label: '[^']*' \}\]/, (l) => l.replace(/ \}\]$/, ' ]')),
    words: SLIP_WORDS.closeBefore.replace('{missing}', '"}"').replaceAll('{token}', '"]"'),
  },
  { name: 'a stray character in a page', file: PAGE, breakIt: replaced(pageLine, (l) => `${l}§`), words: SLIP_WORDS.stray.replace('{token}', '"§"') },
  { name: 'a missing comma in a form', file: FORM, breakIt: replaced(formLine, (l) => l.slice(0, -1)), words: SLIP_WORDS.commaAtEnd },
  { name: 'a missing quote in a form', file: FORM, breakIt: replaced(formLine, (l) => `${l.slice(0, -2)},`), words: SLIP_WORDS.notClosed },
  {
    name: 'a missing bracket in a form',
    file: FORM,
    breakIt: replaced(/\{ name: 'Fullname'[^\n]*\},/, (l) => `${l.slice(0, -2)},`),
    words: SLIP_WORDS.closeAtEnd,
  },
  { name: 'a stray character in a form', file: FORM, breakIt: replaced(formLine, (l) => `${l}§`), words: SLIP_WORDS.stray.replace('{token}', '"§"') },
];

const workDirs: string[] = [];
const pending: Promise<unknown>[] = [];
afterAll(async () => {
  await Promise.allSettled(pending);
  for (const dir of workDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Breaks `file` of the config folder `configDir` with the slip; the sentence it must get. */
function breakCopy(configDir: string, slip: Slip): string {
  const full = path.join(configDir, path.relative('config', slip.file));
  const { source, line } = slip.breakIt(readFileSync(full, 'utf8'));
  writeFileSync(full, source);
  return `${slip.file}, line ${line}: ${slip.words}.`;
}

/** A copy of config/ (its code linked, as scripts/check-config.test.ts makes one). */
function copyConfig(): string {
  const workDir = mkdtempSync(path.join(projectDir, '.tmp-slips-'));
  workDirs.push(workDir);
  symlinkSync(path.join(projectDir, 'src'), path.join(workDir, 'src'), 'dir');
  cpSync(path.join(projectDir, 'config'), path.join(workDir, 'config'), { recursive: true });
  for (const file of ['firestore.rules', 'storage.rules']) cpSync(path.join(projectDir, file), path.join(workDir, file));
  return path.join(workDir, 'config');
}

/** A copy of the whole project, its code copied too: what the commands load reads this copy's config/. */
function copyProject(): string {
  const workDir = mkdtempSync(path.join(projectDir, '.tmp-slips-project-'));
  workDirs.push(workDir);
  for (const copied of ['src', 'scripts', 'config', 'package.json', 'tsconfig.json', 'firestore.rules', 'storage.rules'])
    cpSync(path.join(projectDir, copied), path.join(workDir, copied), { recursive: true });
  symlinkSync(path.join(projectDir, 'public'), path.join(workDir, 'public'), 'dir');
  return workDir;
}

let copies: { configDir: string; expected: string }[];
let checked: Promise<string[][]>;
const commands = [
  ['npm run check', 'check-config.ts'],
  ['npm start', 'start.ts'],
  ['npm run build', 'build.ts'],
] as const;
let project: { expected: string; runs: Promise<ScriptRun[]> };

beforeAll(() => {
  copies = corpus.map((slip) => {
    const configDir = copyConfig();
    return { configDir, expected: breakCopy(configDir, slip) };
  });
  const publicDir = path.join(projectDir, 'public');
  checked = runScript('src/test/checkFolders.ts', [], { input: JSON.stringify(copies.map(({ configDir }) => ({ configDir, publicDir }))) }).then((run) => {
    expect(run).toMatchObject({ code: 0, stderr: '' });
    return (JSON.parse(run.stdout) as string[]).map((text) => text.split('\n'));
  });
  const workDir = copyProject();
  const expected = breakCopy(
    path.join(workDir, 'config'),
    corpus.find((slip) => slip.name === 'a missing comma in a form')!,
  );
  project = { expected, runs: Promise.all(commands.map(([, script]) => runScript(path.join('scripts', script), [], { cwd: workDir }))) };
  pending.push(checked, project.runs);
});

test.each(corpus.map((slip, i) => [slip.name, i] as const))(
  "%s: one sentence with the file and the line, the same from the slips' check and the checker",
  async (_name, i) => {
    const { configDir, expected } = copies[i]!;
    expect(await slipsIn(configDir)).toEqual([expected]);
    expect((await checked)[i]).toEqual(['Found 1 problem in config/:', expected]);
  },
);

test.each(commands.map(([command], i) => [command, i] as const))(
  '%s on a project whose form file lost a comma: the sentence, no stack trace, exit 1',
  async (_command, i) => {
    const run = (await project.runs)[i]!;
    const output = run.stdout + run.stderr;
    expect(output.split('\n').slice(0, 2)).toEqual(['Found 1 problem in config/:', project.expected]);
    expect(run.code).toBe(1);
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('TransformError');
  },
);
