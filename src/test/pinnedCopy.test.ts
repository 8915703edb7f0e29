/**
 * No test pins the agency's copy. Every text a visitor, the owner or an editor reads is in
 * config/, which the office edits; a test that writes such a text itself (instead of reading it
 * from config/) turns red at the office's next edit. This reads every text of config/ and every
 * file of the tests (unit and browser tests and their helpers) and names each test file that
 * holds one, held to config/ as it stood when that test last changed (src/test/copyGuard.ts), so
 * an office edit never makes an old test "pinned". With src/test/contentSeam.test.ts (the content
 * reaches the tests through one seam), the content-edits step (scripts/routine-edits.ts) runs
 * these two on an edited copy, not the whole suite again; it names the project's own history in
 * PINNED_COPY_GIT_DIR, as its copy has none.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import admin from '../../config/admin';
import server from '../../config/server';
import { filesUnder } from '../../scripts/lib/filesUnder.mjs';
import { copyInSource, copyOf, historyOf, isCopy, pinnedIn, pinnedTexts, type History, type TestFile } from './copyGuard';
import { loadRealConfig, projectDir } from './realConfig';

const testFiles = (dir: string) =>
  [
    ...filesUnder(dir, 'src', /\.test\.tsx?$/),
    ...filesUnder(dir, 'scripts', /\.test\.ts$/),
    ...filesUnder(dir, 'src/test', /\.tsx?$/),
    ...filesUnder(dir, 'e2e', /\.ts$/),
  ].filter((file, i, all) => all.indexOf(file) === i && file !== 'src/test/pinnedCopy.test.ts');

const read = (dir: string, files: string[]): TestFile[] => files.map((file) => ({ file, contents: readFileSync(path.join(dir, file)) }));

it('finds a text of the copy written in a test, and not one read from config/', () => {
  const copy = new Set(['Thank you, we will call you back.']);
  expect(pinnedIn(`expect(toast).toBe('Thank you, we will call you back.');`, copy)).toEqual(['Thank you, we will call you back.']);
  expect(pinnedIn(`expect(toast).toBe(forms.contact.success.toast);`, copy)).toEqual([]);
  expect(isCopy('/images/team/anna.webp')).toBe(false);
  expect(isCopy('Email')).toBe(false);
});

it("reads config/'s copy from its source as the site reads it from its values (an older config/ is read so)", async () => {
  const written = new Set<string>();
  for (const file of filesUnder(projectDir, 'config', /\.ts$/)) copyInSource(readFileSync(path.join(projectDir, file), 'utf8'), written);
  const evaluated = copyOf([await loadRealConfig(), admin, server]);
  expect([...evaluated].filter((text) => !written.has(text))).toEqual([]);
});

describe('a test is held to the copy as it stood when the test last changed (a real git repository)', () => {
  let dir: string;
  let history: History;
  const git = (...args: string[]) => {
    const result = spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  };
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  const commit = (message: string) => {
    git('add', '-A');
    git('-c', 'user.name=Test', '-c', 'user.email=test@example.test', 'commit', '-q', '-m', message);
  };
  const HEADLINE = 'Grow your business with a website';
  const option = (value: string, label: string) => `{ value: '${value}', label: '${label}' }`;
  const contactForm = (...options: string[]) => `export default {\n  headline: '${HEADLINE}',\n  options: [\n    ${options.join(',\n    ')},\n  ],\n};\n`;
  // The office's files as they are now, read from their source (the files here are not the project's modules).
  const copyNow = () => {
    const copy = new Set<string>();
    for (const name of readdirSync(path.join(dir, 'config'))) copyInSource(readFileSync(path.join(dir, 'config', name), 'utf8'), copy);
    return copy;
  };
  const guard = (h: History | undefined = history) => pinnedTexts(read(dir, testFiles(dir)), copyNow(), h);

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'copy-guard-'));
    git('init', '-q');
    for (const folder of ['scripts', 'src/test', 'e2e']) mkdirSync(path.join(dir, folder), { recursive: true });
    write('config/contact.ts', contactForm(option('You are a Business Man', 'A Business Man')));
    // A developer's test that adds an option of its own to show how a list is written.
    write('src/write.test.ts', `it('adds an option', () => add({ value: 'You are a Student', label: 'A Student' }));\n`);
    commit('the site and its tests');
    history = historyOf(dir)!;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('an office edit that adds words a test already uses for its own purposes leaves the guard quiet, published or not', () => {
    expect(history).toBeDefined();
    write('config/contact.ts', contactForm(option('You are a Business Man', 'A Business Man'), option('You are a Student', 'A Student')));
    expect(guard()).toEqual([]);
    commit('the office adds an option');
    expect(guard()).toEqual([]);
  });

  it("a developer's test that copies a text out of config/ is named: new, committed, or without a history", () => {
    write('src/home.test.ts', `it('shows the headline', () => expect(page).toContain('${HEADLINE}'));\n`);
    expect(guard()).toEqual([`src/home.test.ts: "${HEADLINE}"`]);
    commit('a test of the headline');
    expect(guard()).toEqual([`src/home.test.ts: "${HEADLINE}"`]);
    expect(guard(undefined)).toEqual([`src/home.test.ts: "${HEADLINE}"`]);
  });

  it("a test changed after the office's words came is held to them: its own change shows it", () => {
    write('config/contact.ts', contactForm(option('You are a Business Man', 'A Business Man'), option('You are a Student', 'A Student')));
    commit('the office adds an option');
    write('src/write.test.ts', `it('adds an option', () => add({ value: 'You are a Student', label: 'A Student' }));\n// touched\n`);
    expect(guard()).toEqual(['src/write.test.ts: "You are a Student"']);
  });

  it('a copy of the project without a .git of its own (the content-edits step) is held to the history named for it', () => {
    const copy = mkdtempSync(path.join(os.tmpdir(), 'copy-guard-copy-'));
    try {
      cpSync(dir, copy, { recursive: true, filter: (from) => path.relative(dir, from).split(path.sep)[0] !== '.git' });
      writeFileSync(
        path.join(copy, 'config/contact.ts'),
        contactForm(option('You are a Business Man', 'A Business Man'), option('You are a Student', 'A Student')),
      );
      const files = read(copy, testFiles(copy));
      const copyOfCopy = copyInSource(readFileSync(path.join(copy, 'config/contact.ts'), 'utf8'));
      expect(historyOf(copy)).toBeUndefined();
      expect(pinnedTexts(files, copyOfCopy, historyOf(copy, path.join(dir, '.git')))).toEqual([]);
      // Without a history, every test is held to config/ as it is now.
      expect(pinnedTexts(files, copyOfCopy, undefined)).toEqual(['src/write.test.ts: "You are a Student"']);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

it('no test file writes out a text of the copy in config/: each reads it from there', async () => {
  const copy = copyOf([await loadRealConfig(), admin, server]);
  expect(copy.size).toBeGreaterThan(100);
  const history = historyOf(projectDir, process.env.PINNED_COPY_GIT_DIR);
  expect(pinnedTexts(read(projectDir, testFiles(projectDir)), copy, history)).toEqual([]);
});
