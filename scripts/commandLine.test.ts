/**
 * Every command line of scripts/ refuses what it does not understand: an unknown option, an
 * option without its value, a word too many or too few. One sentence on standard error, exit
 * code 2, and nothing changed: for `npm run leads`, the real SQLite database (with leads and an
 * account in it) and everything else in its data folder are byte for byte the same afterwards.
 *
 * How a command line is read is parseCommandLine's (tested here in this process, every kind of
 * mistake); each command's run shows that it reads its own command line that way, strictly,
 * before it does anything: its real process, once for each thing that command takes (its
 * options, its words); `npm run leads`, run fourteen times, from one bundle of scripts/leads.ts
 * (src/test/bundle.ts keptBundle: its code as tsx runs it, without tsx compiling it again each time).
 * Elsewhere: `npm run check`'s wrong options (check-config.test.ts), a role that is not one for
 * add-admin (src/platform/server/accounts/roles.test.ts).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forms from '../config/forms';
import { buildApp } from '../src/apps/server/app';
import { setAdmin } from '../src/platform/server/accounts/accounts';
import { buildDocument } from '../src/site/forms/model/document';
import { keptBundle } from '../src/test/bundle';
import { validData } from '../src/test/formFixtures';
import { projectDir } from '../src/test/realConfig';
import { runScript, type ScriptRun as Run } from '../src/test/runScript';
import { LEAD_STATUSES } from '../src/leads/model/adminApi';
import { ADMIN_ROLES } from '../src/platform/roles';
import { parseCommandLine } from './lib/commandLine.mjs';

jest.setTimeout(180_000);

/**
 * Runs each job given to it when one of `limit` places is free (each is a Node process loading
 * TypeScript). A block starts all its commands in beforeAll, and each test waits for its own:
 * the time a test is allowed is its command's, not the whole block's.
 */
function inTurns(limit: number): <R>(job: () => Promise<R>) => Promise<R> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (job) => {
    while (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await job();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
const inTurn = inTurns(3);

/** One plain sentence: one line, ending with a full stop, no stack trace. */
function expectOneSentence(run: Run, what: string) {
  expect({ what, code: run.code }).toEqual({ what, code: 2 });
  const lines = run.stderr.trim().split('\n');
  expect({ what, lines: lines.length }).toEqual({ what, lines: 1 });
  expect(lines[0]).toMatch(/\.$/);
  expect(run.stderr).not.toMatch(/\n\s+at |Error:|node:internal/);
  expect(run.stdout).toBe('');
}

/** Every file of a folder, with a hash of its bytes. */
function snapshot(folder: string): Record<string, string> {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return Object.fromEntries(
    files.map((e) => [
      path.relative(folder, path.join(e.parentPath, e.name)),
      createHash('sha256')
        .update(readFileSync(path.join(e.parentPath, e.name)))
        .digest('hex'),
    ]),
  );
}

describe('parseCommandLine', () => {
  const spec = {
    command: 'npm run leads -- export',
    options: { format: { type: 'string', value: 'json|csv' }, spam: { type: 'boolean' } },
    words: [0, 1],
    wordsHint: ' [<collection>]',
  } as const;

  it.each([
    [['--role', 'editor'], 'Unknown option --role: npm run leads -- export takes --format <json|csv> and --spam. Nothing was done.'],
    [['-r'], 'Unknown option -r: npm run leads -- export takes --format <json|csv> and --spam. Nothing was done.'],
    [['--format'], '--format needs a value after it, like --format <json|csv>. Nothing was done.'],
    [['--format', '--spam'], '--format needs a value after it, like --format <json|csv>. Nothing was done.'],
    [['--format='], '--format needs a value after it, like --format <json|csv>. Nothing was done.'],
    [['--spam=yes'], '--spam takes no value: write it alone. Nothing was done.'],
    [['Inquriy', 'Contact_cli'], 'Too many words after npm run leads -- export ("Contact_cli"): use npm run leads -- export [<collection>]. Nothing was done.'],
  ])('%j is refused with one sentence', (args, sentence) => {
    expect(parseCommandLine(args, { ...spec, words: [0, 1] })).toEqual({ problem: sentence });
  });

  it('reads what it knows; a command without options says so', () => {
    expect(parseCommandLine(['Inquriy', '--format', 'csv', '--spam'], { ...spec, words: [0, 1] })).toEqual({
      values: { format: 'csv', spam: true },
      words: ['Inquriy'],
    });
    expect(parseCommandLine(['--x'], { command: 'npm run build' })).toEqual({
      problem: 'Unknown option --x: npm run build takes no options. Nothing was done.',
    });
    expect(parseCommandLine([], { command: 'npm run leads -- backup', words: [1, 1], wordsHint: ' <file>' })).toEqual({
      problem: 'Something is missing: use npm run leads -- backup <file>. Nothing was done.',
    });
    // A command that names no words takes none.
    expect(parseCommandLine(['extra'], { command: 'npm run build' })).toEqual({
      problem: 'Too many words after npm run build ("extra"): use npm run build. Nothing was done.',
    });
    // An option that takes a value, followed by another option or at the very end, has none.
    const exportSpec = { ...spec, words: [0, 1] as [number, number] };
    expect(parseCommandLine(['--format', '--spam'], exportSpec)).toEqual(parseCommandLine(['--format'], exportSpec));
    expect(parseCommandLine(['Inquriy', '--format'], exportSpec)).toEqual(parseCommandLine(['--format'], exportSpec));
  });
});

describe('npm run leads refuses what it does not understand, and changes nothing', () => {
  let dataDir: string;
  let before: Record<string, string>;
  let runs: Promise<Run>[];
  let leads: string;

  beforeAll(async () => {
    leads = await keptBundle(path.join(projectDir, 'scripts', 'leads.ts'));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cli-strict-'));
    const app = await buildApp({ dataDir, rateLimitFactor: 1000 });
    for (const [id, form] of Object.entries(forms)) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/collections/${form.collection}/documents`,
        payload: buildDocument(form, validData[id as keyof typeof validData]),
      });
      expect(response.statusCode).toBe(201);
    }
    await setAdmin(app.store, 'owner@example.com', 'a long enough password');
    await app.close();
    before = snapshot(dataDir);
    expect(Object.keys(before)).toContain('site.db');
    // add-admin is given a password on standard input, as a script would: it must not be used.
    runs = cases.map(([, args]) => inTurn(() => runScript(leads, args(), { env: { DATA_DIR: dataDir }, input: 'a long enough password\n' })));
  });

  afterAll(async () => {
    // Each command waited for before its data folder goes, whatever the tests did.
    await Promise.allSettled(runs ?? []);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const backupFile = () => path.join(dataDir, 'copy.db');
  const command = (name: string) => `npm run leads -- ${name}`;
  const noOptions = (name: string) => `${command(name)} takes no options`;
  /** Each command's refusal of what it does not take: its options (all named) and its words. */
  const cases: [what: string, args: () => string[], sentence: string][] = [
    [
      'export: an unknown option',
      () => ['export', '--role', 'editor'],
      `Unknown option --role: ${command('export')} takes --format <json|csv>, --status <${LEAD_STATUSES.join('|')}>, --spam, --inbox and --search <text>`,
    ],
    [
      'export: a word too many',
      () => ['export', 'Inquriy', 'Contact_cli'],
      `Too many words after ${command('export')} ("Contact_cli"): use ${command('export')} [<collection>]`,
    ],
    [
      'documents: an unknown option',
      () => ['documents', '--format', 'csv'],
      `Unknown option --format: ${command('documents')} takes --status <${LEAD_STATUSES.join('|')}>, --spam, --inbox and --search <text>`,
    ],
    [
      'documents: a word too many',
      () => ['documents', 'Inquriy', 'Contact_cli'],
      `Too many words after ${command('documents')} ("Contact_cli"): use ${command('documents')} [<collection>]`,
    ],
    ['backup: an unknown option', () => ['backup', backupFile(), '--force'], `Unknown option --force: ${noOptions('backup')}`],
    ['backup: the file missing', () => ['backup'], `Something is missing: use ${command('backup')} <file>`],
    ['count: an unknown option', () => ['count', '--all'], `Unknown option --all: ${noOptions('count')}`],
    ['count: a word it does not take', () => ['count', 'Inquriy'], `Too many words after ${command('count')} ("Inquriy"): use ${command('count')}`],
    [
      'add-admin: an unknown option',
      () => ['add-admin', 'new@example.com', '--team', 'editor'],
      `Unknown option --team: ${command('add-admin')} takes --role <${ADMIN_ROLES.join('|')}>`,
    ],
    ['add-admin: the e-mail missing', () => ['add-admin'], `Something is missing: use ${command('add-admin')} <email>`],
    ['remove-admin: an unknown option', () => ['remove-admin', 'owner@example.com', '--force'], `Unknown option --force: ${noOptions('remove-admin')}`],
    ['remove-admin: the e-mail missing', () => ['remove-admin'], `Something is missing: use ${command('remove-admin')} <email>`],
    ['admins: an unknown option', () => ['admins', '--json'], `Unknown option --json: ${noOptions('admins')}`],
    [
      'admins: a word it does not take',
      () => ['admins', 'owner@example.com'],
      `Too many words after ${command('admins')} ("owner@example.com"): use ${command('admins')}`,
    ],
  ];

  it.each(cases.map(([what, , sentence], i) => [what, sentence, i] as const))('%s: one sentence and exit code 2', async (what, sentence, i) => {
    const run = await runs[i]!;
    expectOneSentence(run, what);
    // Said for what it is (not, say, a password refused after the option was ignored).
    expect(run.stderr).toBe(`${sentence}. Nothing was done.\n`);
  });

  it('after all of them, the data folder is byte for byte the same', async () => {
    await Promise.all(runs);
    expect(snapshot(dataDir)).toEqual(before);
  });
});

describe('the other scripts refuse an unknown option and a word they do not take', () => {
  // [how it is run, the script, whether it takes no words]; the .mjs run by tsx imports TypeScript.
  const scripts: [name: string, script: string, noWords: boolean, typescript?: boolean][] = [
    ['npm run build', 'scripts/build.ts', true],
    ['npm start', 'scripts/start.ts', true],
    ['npm run firebase:config', 'scripts/firebase-config.ts', true],
    ['npm run release', 'scripts/release.ts', true],
    ['npm run bench', 'scripts/bench.mjs', true],
    ['npm run bench:pages', 'scripts/bench-pages.mjs', true],
    ['npm run bench:server-start', 'scripts/bench-server-start.mjs', true],
    ['npm run stress:slow-read', 'scripts/stress-slow-read.mjs', false],
    ['npm run lighthouse', 'scripts/lighthouse.mjs', false],
    ['npm run navigation', 'scripts/navigation.mjs', false],
    ['node scripts/screenshots.mjs', 'scripts/screenshots.mjs', false],
    ['npx tsx scripts/editor-screenshots.mjs', 'scripts/editor-screenshots.mjs', false, true],
    ['npm run bench:inbox', 'scripts/bench-inbox.ts', false],
  ];

  // Scripts that take no words refuse one too.
  const runs: [name: string, arg: string, script: string, typescript?: boolean][] = [
    ...scripts.map(([name, script, , typescript]) => [name, '--bogus', script, typescript] as [string, string, string, boolean?]),
    ...scripts
      .filter(([, , noWords]) => noWords)
      .map(([name, script, , typescript]) => [name, 'extra', script, typescript] as [string, string, string, boolean?]),
  ];
  const deployFiles = ['firestore.rules', 'storage.rules'];
  let firebaseFiles: string[];
  let results: Promise<Run>[];
  beforeAll(() => {
    firebaseFiles = deployFiles.map((f) => readFileSync(path.join(projectDir, f), 'utf8'));
    results = runs.map(([, arg, script, typescript]) => inTurn(() => runScript(script, [arg], typescript === undefined ? {} : { typescript })));
  });

  it.each(runs.map(([name, arg], i) => [name, arg, i] as const))('%s %s: one sentence, exit code 2', async (name, arg, i) => {
    const run = await results[i]!;
    expectOneSentence(run, `${name} ${arg}`);
    expect(run.stderr).toMatch(arg === 'extra' ? /^Too many words after .+\("extra"\)/ : /^Unknown option --bogus: /);
  });

  it('before doing anything: the Firebase deploy files are as they were', async () => {
    await Promise.all(results);
    expect(deployFiles.map((f) => readFileSync(path.join(projectDir, f), 'utf8'))).toEqual(firebaseFiles);
  });
});
