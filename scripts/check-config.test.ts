/**
 * `npm run check` end to end: the real command on the real config, then on broken copies
 * of config/ (made inside the project, next to a link to src/, and deleted afterwards).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadRealConfig, makePublicDir, projectDir } from '../src/test/realConfig';

// Each run starts a fresh Node process with TypeScript loading: allow it time on a busy machine.
jest.setTimeout(60_000);

const tsx = path.join(projectDir, 'node_modules', '.bin', 'tsx');
const script = path.join(projectDir, 'scripts', 'check-config.ts');

function runCheck(args: string[] = []): { code: number | null; lines: string[]; stderr: string } {
  const result = spawnSync(tsx, [script, ...args], { cwd: projectDir, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, lines: result.stdout.split('\n').filter((l) => l !== ''), stderr: result.stderr };
}

let publicDir: string;
let workDir: string | undefined;

beforeAll(async () => {
  publicDir = makePublicDir(await loadRealConfig());
});

afterAll(() => {
  rmSync(publicDir, { recursive: true, force: true });
});

afterEach(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  workDir = undefined;
});

/** A copy of config/ to break, returned as its folder; the Firebase rules made from it lie beside it. */
function copyConfig(): string {
  workDir = mkdtempSync(path.join(projectDir, '.tmp-check-'));
  symlinkSync(path.join(projectDir, 'src'), path.join(workDir, 'src'), 'dir');
  const configDir = path.join(workDir, 'config');
  cpSync(path.join(projectDir, 'config'), configDir, { recursive: true });
  for (const file of ['firestore.rules', 'storage.rules']) cpSync(path.join(projectDir, file), path.join(workDir, file));
  return configDir;
}

/** `npm run check` on a copy of config/ (with the pictures folder of the real one). */
function checkCopy(configDir: string) {
  return runCheck(['--config-dir', configDir, '--public-dir', publicDir]);
}

/** Replaces `from` with `to` in a copied file; returns the 1-based line where `from` began. */
function edit(configDir: string, file: string, from: string, to: string): number {
  const full = path.join(configDir, file);
  const source = readFileSync(full, 'utf8');
  const at = source.indexOf(from);
  if (at < 0) throw new Error(`config/${file} no longer contains ${JSON.stringify(from)}: update this test.`);
  writeFileSync(full, source.slice(0, at) + to + source.slice(at + from.length));
  return source.slice(0, at).split('\n').length;
}

/** Where esbuild will stop after the comma at the end of `line` is removed: the start of the next line (1-based column). */
function nextLineStart(configDir: string, file: string, line: number): { line: number; column: number } {
  const next = readFileSync(path.join(configDir, file), 'utf8').split('\n')[line] ?? '';
  return { line: line + 1, column: next.length - next.trimStart().length + 1 };
}

test('the real config: prints "Config is all good." and exits 0', () => {
  const run = runCheck();
  expect(run.lines).toEqual(['Config is all good.']);
  expect(run.code).toBe(0);
});

test('an unbroken copy checked with --config-dir is OK too', () => {
  const configDir = copyConfig();
  const run = checkCopy(configDir);
  expect(run.lines).toEqual(['Config is all good.']);
  expect(run.code).toBe(0);
});

test('a file that cannot be read is one sentence, and every other file is still checked', () => {
  const configDir = copyConfig();
  const line = edit(configDir, 'pages/blog.ts', "heading: 'Blog & Best Advise',", "heading: 'Blog & Best Advise'");
  const stop = nextLineStart(configDir, 'pages/blog.ts', line);
  const nextKey = /^\s*(\w+)/.exec(readFileSync(path.join(configDir, 'pages/blog.ts'), 'utf8').split('\n')[line] ?? '')?.[1];
  edit(configDir, 'site.ts', "href: 'https://www.instagram.com/example'", "href: 'www.instagram.com/example'");
  edit(configDir, 'routes.ts', "page: 'product'", "page: 'prodcut'");
  edit(configDir, 'routes.ts', "{ path: '/Career', page: 'career' }", "{ path: '/Career', page: 'career', aliases: ['/Home'] }");
  edit(configDir, 'pages/home.ts', "type: 'split',", "type: 'splitt',");

  const run = checkCopy(configDir);
  expect(run.lines).toEqual([
    'Found 5 problems in config/:',
    `config/pages/blog.ts could not be read: Expected "}" but found "${nextKey}" on line ${stop.line}, column ${stop.column}. Check for a missing comma, quote or bracket near that place.`,
    'config/site.ts: social[1].href "www.instagram.com/example" does not look like a valid URL. Make sure it starts with https:// (or mailto: or tel:), or with / for a page of this site.',
    'config/routes.ts: routes[2].page is "prodcut", which is not a page. Did you mean "product"? Use one of the pages listed in config/pages/index.ts: home, about, product, services, blog, career, contact.',
    'config/routes.ts: routes[5].aliases[0] "/Home" is used twice (also at routes[0].aliases[1]). Each address may appear only once, so remove one of them.',
    'config/pages/home.ts: sections[1].type is "splitt", which is not a section type. Did you mean "split"? Use one of: pageHeader, hero, split, cards, cta, stats, article, team, faq, form, map.',
  ]);
  expect(run.code).toBe(1);
  expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
});

test("a form's notification subject naming no field, and a retry schedule the docs cannot promise", () => {
  const configDir = copyConfig();
  edit(configDir, 'forms/contact.ts', "subject: 'New message from {Fullname} ({Company})'", "subject: 'New message from {FullName}'");
  edit(configDir, 'server.ts', 'firstSeconds: 15,', 'firstSeconds: 45,');

  const run = checkCopy(configDir);
  expect(run.lines).toEqual([
    'Found 2 problems in config/:',
    'config/server.ts: notifications.retry.firstSeconds is 45, but it should be at most 30.',
    'config/forms/contact.ts: notify.subject uses {FullName}, which is not a field of this form. Did you mean {Fullname}? Use one of: {Fullname}, {Company}, {Number}, {Email}, {Your}, {Messsage}.',
  ]);
  expect(run.code).toBe(1);
});

test('a broken file that others import is reported once', () => {
  const configDir = copyConfig();
  // config/pages/about.ts imports config/site.ts: only site.ts is named.
  const line = edit(configDir, 'site.ts', "name: 'Business Growth',", "name: 'Business Growth'");
  const stop = nextLineStart(configDir, 'site.ts', line);

  const run = checkCopy(configDir);
  expect(run.lines).toEqual([
    'Found 1 problem in config/:',
    `config/site.ts could not be read: Expected "}" but found "logo" on line ${stop.line}, column ${stop.column}. Check for a missing comma, quote or bracket near that place.`,
  ]);
  expect(run.code).toBe(1);
});

test('a file without "export default" is named once, not in every file that imports it', () => {
  const configDir = copyConfig();
  edit(configDir, 'site.ts', 'export default {', 'export const settings = {');

  const run = checkCopy(configDir);
  expect(run.lines).toEqual([
    'Found 1 problem in config/:',
    'config/site.ts could not be read: it has no "export default". Put "export default" back in front of its opening curly brace.',
  ]);
  expect(run.code).toBe(1);
});

test('a broken form file is named, not the list of forms that imports it; pages may still use its name', () => {
  const configDir = copyConfig();
  const line = edit(configDir, 'forms/inquiry.ts', "collection: 'Inquriy',", "collection: 'Inquriy'");
  const stop = nextLineStart(configDir, 'forms/inquiry.ts', line);
  const nextKey = /^\s*(\w+)/.exec(readFileSync(path.join(configDir, 'forms/inquiry.ts'), 'utf8').split('\n')[line] ?? '')?.[1];

  const run = checkCopy(configDir);
  expect(run.lines).toEqual([
    'Found 1 problem in config/:',
    `config/forms/inquiry.ts could not be read: Expected "}" but found "${nextKey}" on line ${stop.line}, column ${stop.column}. Check for a missing comma, quote or bracket near that place.`,
  ]);
  expect(run.code).toBe(1);
});

test('a page file missing from disk, and a page file missing from the list', () => {
  const configDir = copyConfig();
  edit(configDir, 'pages/index.ts', "import('./product')", "import('./products')");

  const run = checkCopy(configDir);
  expect(run.lines).toEqual([
    'Found 2 problems in config/:',
    'config/pages/products.ts could not be read: there is no such file. Create it, or fix its name in config/pages/index.ts.',
    'config/pages/product.ts is not listed in config/pages/index.ts, so no route can show it. Add it there (and a route in config/routes.ts), or delete the file.',
  ]);
  expect(run.code).toBe(1);
});

test('a name that does not exist, used while a file runs', () => {
  const configDir = copyConfig();
  const line = edit(configDir, 'pages/about.ts', 'site.whatsapp.number', 'site.whatsap.number');
  const source = readFileSync(path.join(configDir, 'pages/about.ts'), 'utf8').split('\n')[line - 1] ?? '';

  const run = checkCopy(configDir);
  expect(run.lines).toEqual([
    'Found 1 problem in config/:',
    `config/pages/about.ts could not be read: Cannot read properties of undefined (reading 'number') on line ${line}, column ${source.indexOf('.number') + 2}. Check the spelling of the names used near that place, or undo the last change to this file.`,
  ]);
  expect(run.code).toBe(1);
});

test('security rules that no longer match the forms: each file is named, with the command that remakes it', () => {
  const configDir = copyConfig();
  edit(configDir, 'forms/inquiry.ts', 'maxLength: 200, required: true', 'maxLength: 300, required: true');
  edit(configDir, 'forms/freelancer.ts', 'maxBytes: 5242880', 'maxBytes: 10485760');

  const run = checkCopy(configDir);
  expect(run.lines).toEqual([
    'Found 2 problems in config/:',
    "firestore.rules is out of date: a form's fields, limits or checks changed since it was made. Run `npm run firebase:config` and commit firestore.rules, so that Firebase checks submissions the same way.",
    "storage.rules is out of date: a form's fields, limits or checks changed since it was made. Run `npm run firebase:config` and commit storage.rules, so that Firebase checks submissions the same way.",
  ]);
  expect(run.code).toBe(1);
});

test('missing security rules are named; other problems come first, alone', () => {
  const configDir = copyConfig();
  rmSync(path.join(configDir, '..', 'storage.rules'));
  expect(checkCopy(configDir).lines).toEqual([
    'Found 1 problem in config/:',
    'storage.rules is missing. Run `npm run firebase:config` and commit storage.rules, so that Firebase checks submissions the same way.',
  ]);

  edit(configDir, 'forms/inquiry.ts', "collection: 'Inquriy',", "collection: '',");
  const run = checkCopy(configDir);
  expect(run.lines).toHaveLength(2);
  expect(run.lines[1]).toMatch(/^config\/forms\/inquiry\.ts: collection/);
});

test('a wrong option is explained', () => {
  const run = runCheck(['--config', 'somewhere']);
  expect(run.stderr.trim()).toBe('Unknown option --config. Use --config-dir <folder> or --public-dir <folder>.');
  expect(run.code).toBe(2);
});
