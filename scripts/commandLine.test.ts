/**
 * Every command line of scripts/ refuses what it does not understand: an unknown option, an
 * option without its value, a word too many or too few. One sentence on standard error, exit
 * code 2, and nothing changed: for `npm run leads`, the real SQLite database (with leads and an
 * account in it) and everything else in its data folder are byte for byte the same afterwards.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forms from '../config/forms';
import { buildApp } from '../src/server/app';
import { setAdmin } from '../src/server/admin/accounts';
import { buildDocument } from '../src/forms/model/document';
import { validData } from '../src/test/formFixtures';
import { projectDir } from '../src/test/realConfig';
import { parseCommandLine } from './lib/commandLine.mjs';

jest.setTimeout(180_000);

const tsx = path.join(projectDir, 'node_modules', '.bin', 'tsx');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(program: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(program, args, { cwd: projectDir, env: { ...process.env, ...env }, timeout: 120_000, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

/** Runs at most `limit` at once (each is a Node process loading TypeScript). */
async function inTurns<T, R>(items: T[], limit: number, each: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await each(items[i]!);
      }
    }),
  );
  return results;
}

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
  return Object.fromEntries(files.map((e) => [path.relative(folder, path.join(e.parentPath, e.name)), createHash('sha256').update(readFileSync(path.join(e.parentPath, e.name))).digest('hex')]));
}

describe('parseCommandLine', () => {
  const spec = { command: 'npm run leads -- export', options: { format: { type: 'string', value: 'json|csv' }, spam: { type: 'boolean' } }, words: [0, 1], wordsHint: ' [<collection>]' } as const;

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
    expect(parseCommandLine(['Inquriy', '--format', 'csv', '--spam'], { ...spec, words: [0, 1] })).toEqual({ values: { format: 'csv', spam: true }, words: ['Inquriy'] });
    expect(parseCommandLine(['--x'], { command: 'npm run build' })).toEqual({ problem: 'Unknown option --x: npm run build takes no options. Nothing was done.' });
    expect(parseCommandLine([], { command: 'npm run leads -- backup', words: [1, 1], wordsHint: ' <file>' })).toEqual({ problem: 'Something is missing: use npm run leads -- backup <file>. Nothing was done.' });
  });
});

describe('npm run leads refuses what it does not understand, and changes nothing', () => {
  let dataDir: string;
  let before: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cli-strict-'));
    const app = await buildApp({ dataDir, rateLimitFactor: 1000 });
    for (const [id, form] of Object.entries(forms)) {
      const response = await app.inject({ method: 'POST', url: `/api/collections/${form.collection}/documents`, payload: buildDocument(form, validData[id as keyof typeof validData]) });
      expect(response.statusCode).toBe(201);
    }
    await setAdmin(app.store, 'owner@example.com', 'a long enough password');
    await app.close();
    before = snapshot(dataDir);
    expect(Object.keys(before)).toContain('site.db');
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const backupFile = () => path.join(dataDir, 'copy.db');
  const cases: [string, () => string[]][] = [
    ['export: an unknown option', () => ['export', '--role', 'editor']],
    ['export: --format without its value', () => ['export', '--format']],
    ['export: --status followed by another option', () => ['export', '--status', '--spam']],
    ['export: --search without its value', () => ['export', 'Inquriy', '--search']],
    ['export: a word too many', () => ['export', 'Inquriy', 'Contact_cli']],
    ['backup: an unknown option', () => ['backup', backupFile(), '--force']],
    ['backup: the file missing', () => ['backup']],
    ['count: an unknown option', () => ['count', '--all']],
    ['count: a word it does not take', () => ['count', 'Inquriy']],
    ['add-admin: an unknown option', () => ['add-admin', 'new@example.com', '--team', 'editor']],
    ['add-admin: a role that is not one', () => ['add-admin', 'new@example.com', '--role', 'boss']],
    ['add-admin: a role without its value', () => ['add-admin', 'new@example.com', '--role']],
    ['add-admin: the e-mail missing', () => ['add-admin']],
    ['remove-admin: an unknown option', () => ['remove-admin', 'owner@example.com', '--force']],
    ['remove-admin: the e-mail missing', () => ['remove-admin']],
    ['admins: an unknown option', () => ['admins', '--json']],
    ['admins: a word it does not take', () => ['admins', 'owner@example.com']],
  ];

  it('one sentence and exit code 2 for each command, and the data folder is byte for byte the same', async () => {
    // add-admin is given a password on standard input, as a script would: it must not be used.
    const runs = await inTurns(cases, 3, ([, args]) => run(tsx, ['scripts/leads.ts', ...args()], { DATA_DIR: dataDir }));
    for (const [i, [what]] of cases.entries()) {
      expectOneSentence(runs[i]!, what);
      // Said for what it is (not, say, a password refused after the option was ignored).
      const expected = /unknown option/.test(what) ? /^Unknown option --/ : /not one/.test(what) ? /^--role must be one of: / : /without its value|followed by/.test(what) ? /^--\w+ needs a value after it/ : /missing/.test(what) ? /^Something is missing: use npm run leads -- / : /^Too many words after npm run leads -- /;
      expect({ what, said: runs[i]!.stderr }).toEqual({ what, said: expect.stringMatching(expected) });
    }
    expect(snapshot(dataDir)).toEqual(before);
  });
});

describe('the other scripts refuse an unknown option and a word they do not take', () => {
  const scripts: [string, string, string[]][] = [
    ['npm run check', tsx, ['scripts/check-config.ts']],
    ['npm run build', tsx, ['scripts/build.ts']],
    ['npm start', tsx, ['scripts/start.ts']],
    ['npm run firebase:config', tsx, ['scripts/firebase-config.ts']],
    ['npm run release', tsx, ['scripts/release.ts']],
    ['npm run bench', process.execPath, ['scripts/bench.mjs']],
    ['npm run bench:pages', process.execPath, ['scripts/bench-pages.mjs']],
    ['npm run stress:slow-read', process.execPath, ['scripts/stress-slow-read.mjs']],
    ['npm run lighthouse', process.execPath, ['scripts/lighthouse.mjs']],
    ['npm run navigation', process.execPath, ['scripts/navigation.mjs']],
    ['node scripts/screenshots.mjs', process.execPath, ['scripts/screenshots.mjs']],
    ['npx tsx scripts/editor-screenshots.mjs', tsx, ['scripts/editor-screenshots.mjs']],
    ['npm run bench:inbox', tsx, ['scripts/bench-inbox.ts']],
  ];

  it('with one sentence, exit code 2, before doing anything', async () => {
    const deployFiles = ['firestore.rules', 'storage.rules'];
    const firebaseFiles = deployFiles.map((f) => readFileSync(path.join(projectDir, f), 'utf8'));
    const runs = await inTurns(scripts, 3, ([, program, args]) => run(program, [...args, '--bogus']));
    for (const [i, [name]] of scripts.entries()) {
      expectOneSentence(runs[i]!, name);
      expect(runs[i]!.stderr).toMatch(/^Unknown option --bogus: /);
    }
    // Scripts that take no words refuse one too.
    const extra = await inTurns(scripts.slice(1, 7), 3, ([, program, args]) => run(program, [...args, 'extra']));
    for (const [i, [name]] of scripts.slice(1, 7).entries()) expectOneSentence(extra[i]!, name);
    expect(deployFiles.map((f) => readFileSync(path.join(projectDir, f), 'utf8'))).toEqual(firebaseFiles);
  });
});
