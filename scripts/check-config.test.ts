/**
 * `npm run check` end to end: the real command on the real config, then on broken copies
 * of config/ (made inside the project, next to a link to src/, and deleted afterwards).
 *
 * The command's own process is run where it is what is checked: its exit codes (0, 1 and 2),
 * its output on the real config and on a broken copy, its sentence for a wrong command line.
 * What it prints for every copy comes from one process checking them all with the command's
 * own code (src/test/checkFolders.ts); the broken copy the command runs on shows that both
 * print the same. All of them start at once, in beforeAll; each test waits for its own.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadRealConfig, makePublicDir, projectDir, realPageIds, type Json, type RealConfig } from '../src/test/realConfig';
import { runScript, type ScriptRun } from '../src/test/runScript';
import { sectionSchemas } from '../src/site/sections/schemas';
import admin from '../config/admin';
import { placeholderWarnings } from '../src/content/model/placeholders';
import { escapeRegExp } from '../src/schema/text';
import { SLIP_WORDS } from '../src/content/server/slips';

// A few Node processes loading TypeScript at once: allow them time on a busy machine.
jest.setTimeout(180_000);

interface CheckRun extends ScriptRun {
  /** What it printed of the config's problems (or that it is all good). */
  lines: string[];
  /** The settings still at their example values, printed after them under their heading (config/admin.ts placeholders). */
  warnings: string[];
}

/** `npm run check` with `args`, as its own process. */
async function runCheck(args: string[] = []): Promise<CheckRun> {
  const run = await runScript('scripts/check-config.ts', args);
  const all = run.stdout.split('\n').filter((l) => l !== '');
  const at = all.indexOf(admin.placeholders);
  return { ...run, lines: at < 0 ? all : all.slice(0, at), warnings: at < 0 ? [] : all.slice(at + 1) };
}

let publicDir: string;
const workDirs: string[] = [];
/** The real config's values, so the edits below find their place whatever the office wrote there. */
let real: RealConfig;

/** The processes started, each waited for before the folders they read are deleted. */
const pending: Promise<unknown>[] = [];
afterAll(async () => {
  await Promise.allSettled(pending);
  for (const dir of [publicDir, ...workDirs.splice(0)]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A copy of config/ to break, returned as its folder; the Firebase rules made from the real one lie beside it. */
function copyConfig(): string {
  const workDir = mkdtempSync(path.join(projectDir, '.tmp-check-'));
  workDirs.push(workDir);
  symlinkSync(path.join(projectDir, 'src'), path.join(workDir, 'src'), 'dir');
  const configDir = path.join(workDir, 'config');
  cpSync(path.join(projectDir, 'config'), configDir, { recursive: true });
  for (const file of ['firestore.rules', 'storage.rules']) cpSync(path.join(projectDir, file), path.join(workDir, file));
  return configDir;
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

/** The text `key: 'value',` (or with double quotes) as a copied file has it. */
function keyLine(configDir: string, file: string, key: string, value: string): string {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`${key}: (['"\`])${escaped}\\1,`).exec(readFileSync(path.join(configDir, file), 'utf8'));
  if (!found) throw new Error(`config/${file} has no line ${key}: ${JSON.stringify(value)}: update this test.`);
  return found[0];
}

/**
 * `npm run check` on copies of config/: each case breaks its copy (given as its folder) and
 * answers the lines the check must print. It exits 1, or 0 after "Config is all good.", and
 * never prints a stack trace.
 */
const copies: Array<[name: string, breakCopy: (configDir: string) => string[]]> = [
  ['an unbroken copy checked with --config-dir is OK too', () => ['Config is all good.']],
  [
    'a file that cannot be read is one sentence, and every other file is still checked',
    (configDir) => {
      const blogHeading = ((real.pages.blog!.sections as Json[])[0] as { heading: string }).heading;
      const headingLine = keyLine(configDir, 'pages/blog.ts', 'heading', blogHeading);
      const line = edit(configDir, 'pages/blog.ts', headingLine, headingLine.slice(0, -1));
      const social = (real.site.social as { href: string }[])[1]!.href;
      const withoutProtocol = social.replace(/^https:\/\//, '');
      edit(configDir, 'site.ts', keyLine(configDir, 'site.ts', 'href', social), `href: '${withoutProtocol}',`);
      edit(configDir, 'routes.ts', "page: 'product'", "page: 'prodcut'");
      edit(configDir, 'routes.ts', "{ path: '/Career', page: 'career' }", "{ path: '/Career', page: 'career', aliases: ['/Home'] }");
      edit(configDir, 'pages/home.ts', "type: 'split',", "type: 'splitt',");
      return [
        'Found 5 problems in config/:',
        `config/pages/blog.ts, line ${line}: ${SLIP_WORDS.commaAtEnd}.`,
        `config/site.ts: social[1].href "${withoutProtocol}" does not look like a valid URL. Make sure it starts with https:// (or mailto: or tel:), or with / for a page of this site.`,
        `config/routes.ts: routes[2].page is "prodcut", which is not a page. Did you mean "product"? Use one of the pages of config/pages: ${realPageIds().sort().join(', ')}.`,
        'config/routes.ts: routes[5].aliases[0] "/Home" is used twice (also at routes[0].aliases[1]). Each address may appear only once, so remove one of them.',
        `config/pages/home.ts: sections[1].type is "splitt", which is not a section type. Did you mean "split"? Use one of: ${Object.keys(sectionSchemas).join(', ')}.`,
      ];
    },
  ],
  [
    "a form's notification subject naming no field, and a retry schedule the docs cannot promise",
    (configDir) => {
      const subject = (real.forms.contact!.notify as { subject: string }).subject;
      edit(configDir, 'forms/contact.ts', keyLine(configDir, 'forms/contact.ts', 'subject', subject), "subject: 'New message from {FullName}',");
      edit(configDir, 'server.ts', 'firstSeconds: 15,', 'firstSeconds: 45,');
      return [
        'Found 2 problems in config/:',
        'config/server.ts: notifications.retry.firstSeconds is 45, but it should be at most 30.',
        'config/forms/contact.ts: notify.subject uses {FullName}, which is not a field of this form. Did you mean {Fullname}? Use one of: {Fullname}, {Company}, {Number}, {Email}, {Your}, {Messsage}.',
      ];
    },
  ],
  [
    'a form without a retention period, and a form the privacy page does not list, are named with the file and key',
    (configDir) => {
      edit(configDir, 'forms/inquiry.ts', '  retention: { days: 730 },\n', '');
      edit(configDir, 'pages/privacy.ts', "          { form: 'newsletter',", "          // { form: 'newsletter',");
      return [
        'Found 2 problems in config/:',
        `config/pages/privacy.ts: sections[1].forms.items does not list “${admin.forms.newsletter}” ("newsletter"). Every form of config/forms must say here what it collects and why: add it to this list with its words.`,
        'config/forms/inquiry.ts: retention is missing: every form needs a retention period, which our server enforces and the privacy page shows. Add retention: { days: <number> } (730 is two years).',
      ];
    },
  ],
  [
    'a broken file that others import is reported once',
    (configDir) => {
      // config/pages/about.ts imports config/site.ts: only site.ts is named.
      const nameLine = keyLine(configDir, 'site.ts', 'name', (real.site.brand as { name: string }).name);
      const line = edit(configDir, 'site.ts', nameLine, nameLine.slice(0, -1));
      return ['Found 1 problem in config/:', `config/site.ts, line ${line}: ${SLIP_WORDS.commaAtEnd}.`];
    },
  ],
  [
    'a file without "export default" is named once, not in every file that imports it',
    (configDir) => {
      edit(configDir, 'site.ts', 'export default {', 'export const settings = {');
      return [
        'Found 1 problem in config/:',
        'config/site.ts could not be read: it has no "export default". Put "export default" back in front of its opening curly brace.',
      ];
    },
  ],
  [
    'a broken form file is named, not the list of forms that imports it; pages may still use its name',
    (configDir) => {
      const line = edit(configDir, 'forms/inquiry.ts', "collection: 'Inquriy',", "collection: 'Inquriy'");
      return ['Found 1 problem in config/:', `config/forms/inquiry.ts, line ${line}: ${SLIP_WORDS.commaAtEnd}.`];
    },
  ],
  [
    'a page file no route shows',
    (configDir) => {
      // A new page is a new file: until a route shows it, nobody can reach it.
      cpSync(path.join(configDir, 'pages', 'privacy.ts'), path.join(configDir, 'pages', 'landing.ts'));
      return [
        'Found 1 problem in config/:',
        'config/pages/landing.ts: (the whole file) is a page no route in config/routes.ts shows, so visitors cannot reach it. Add a route for it in config/routes.ts, or delete the file.',
      ];
    },
  ],
  [
    'a name that does not exist, used while a file runs',
    (configDir) => {
      const line = edit(configDir, 'pages/about.ts', 'site.contact.phone.href', 'site.contact.phon.href');
      const source = readFileSync(path.join(configDir, 'pages/about.ts'), 'utf8').split('\n')[line - 1] ?? '';
      return [
        'Found 1 problem in config/:',
        `config/pages/about.ts could not be read: Cannot read properties of undefined (reading 'href') on line ${line}, column ${source.indexOf('.href') + 2}. Check the spelling of the names used near that place, or undo the last change to this file.`,
      ];
    },
  ],
  [
    'a translation file naming a key that is no text, and one into a language the site does not declare, are named with the file and key',
    (configDir) => {
      edit(configDir, 'site.ts', 'others: [],', "others: [{ code: 'de-DE', name: 'Deutsch', prefix: '/de' }],");
      const folder = (code: string, ...parts: string[]) => {
        mkdirSync(path.join(configDir, 'translations', code, ...parts), { recursive: true });
        return path.join(configDir, 'translations', code, ...parts);
      };
      const title = real.pages.contact!.title as string;
      writeFileSync(
        path.join(folder('de-DE', 'pages'), 'contact.ts'),
        `export default { address: '/Kontakt', texts: { title: { text: 'Kontakt', source: ${JSON.stringify(title)} }, 'sections[0].breadcrumb[0].href': { text: '/de', source: '/' } } };\n`,
      );
      writeFileSync(path.join(folder('fr-FR'), 'site.ts'), 'export default { texts: {} };\n');
      return [
        'Found 2 problems in config/:',
        "config/translations/de-DE/pages/contact.ts: texts.sections[0].breadcrumb[0].href is not a text of config/pages/contact.ts that is written in each language (a link, a number, a key, a picture's file, or a place that holds no text now). Remove it.",
        'config/translations/fr-FR/site.ts: (the whole file) is a translation into "fr-FR", which is not a language of the site. Add it to languages.others in config/site.ts, or remove this file.',
      ];
    },
  ],
  [
    "the Firebase deploy files are not the check's business: a form's limits changed and a rules file gone, config is still all good",
    (configDir) => {
      // The build rewrites them and a Firebase deploy refuses stale ones (src/deploy/deployFiles.ts, scripts/deployFiles.test.ts).
      edit(configDir, 'forms/inquiry.ts', 'maxLength: 200, required: true', 'maxLength: 300, required: true');
      edit(configDir, 'forms/freelancer.ts', 'maxBytes: 5242880', 'maxBytes: 10485760');
      rmSync(path.join(configDir, '..', 'storage.rules'));
      return ['Config is all good.'];
    },
  ],
];

/** Each copy broken, with the lines it must print. */
let broken: { configDir: string; expected: string[] }[];
/** What the command's own code prints for each copy, in the order of `copies`. */
let printed: Promise<string[][]>;
let realConfig: Promise<CheckRun>;
/** The command itself on the copy with the most kinds of problem (a file that cannot be read among them). */
const brokenIndex = 1;
let brokenCopy: Promise<CheckRun>;
let unknownOption: Promise<CheckRun>;
let missingValue: Promise<CheckRun>;

beforeAll(async () => {
  real = await loadRealConfig();
  publicDir = makePublicDir(real);
  broken = copies.map(([, breakCopy]) => {
    const configDir = copyConfig();
    return { configDir, expected: breakCopy(configDir) };
  });
  printed = runScript('src/test/checkFolders.ts', [], { input: JSON.stringify(broken.map(({ configDir }) => ({ configDir, publicDir }))) }).then((checked) => {
    expect(checked).toMatchObject({ code: 0, stderr: '' });
    return (JSON.parse(checked.stdout) as string[]).map((text) => text.split('\n').filter((l) => l !== ''));
  });
  realConfig = runCheck();
  brokenCopy = runCheck(['--config-dir', broken[brokenIndex]!.configDir, '--public-dir', publicDir]);
  unknownOption = runCheck(['--config', 'somewhere']);
  missingValue = runCheck(['--config-dir']);
  // Every one of them waited for before the copies go, whatever the tests do.
  pending.push(printed, realConfig, brokenCopy, unknownOption, missingValue);
});

test('the real config: prints "Config is all good." and exits 0, then names each setting still at its example value and what it affects', async () => {
  const run = await realConfig;
  expect(run.lines).toEqual(['Config is all good.']);
  expect(run.code).toBe(0);
  expect(run.stderr).toBe('');
  // The shipped contact address (an example domain's) is the Reply-To of the site's mails.
  const address = (real.site.contact as { email: { href: string } }).email.href.replace(/^mailto:/, '');
  expect(address).toMatch(/@example\.(com|org)$/);
  expect(run.warnings).toContainEqual(expect.stringMatching(new RegExp(`^config/site\\.ts: contact\\.email .*${escapeRegExp(address)}.*Reply-To`)));
  expect(run.warnings).toEqual(placeholderWarnings(real.site, process.env));
});

test('a copy with problems: the command prints its lines, no stack trace, and exits 1', async () => {
  const run = await brokenCopy;
  expect(broken[brokenIndex]!.expected[0]).toMatch(/^Found \d+ problems? in config\/:$/);
  expect(run.lines).toEqual(broken[brokenIndex]!.expected);
  expect(run.code).toBe(1);
  expect(run.stderr).toBe('');
});

test.each(copies.map(([name], i) => [name, i] as const))('%s', async (_, i) => {
  expect((await printed)[i]).toEqual(broken[i]!.expected);
});

test('a wrong option is explained: one sentence on standard error, nothing else, exit code 2', async () => {
  const [unknown, missing] = await Promise.all([unknownOption, missingValue]);
  expect(unknown.stderr).toBe('Unknown option --config: npm run check takes --config-dir <folder> and --public-dir <folder>. Nothing was done.\n');
  expect(unknown).toMatchObject({ code: 2, stdout: '' });
  expect(missing.stderr).toBe('--config-dir needs a value after it, like --config-dir <folder>. Nothing was done.\n');
  expect(missing).toMatchObject({ code: 2, stdout: '' });
});
