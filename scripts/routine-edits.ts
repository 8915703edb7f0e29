/**
 * `npm run test:content-edits`: proves that a routine content edit needs nothing but the edit.
 *
 * It copies the project into a temporary folder (without node_modules, dist and data;
 * node_modules is linked), makes there the edits docs/content-files.md describes,
 * written into the config files as a person writes them (text put in or taken out at the right
 * place; the place is found by reading the file's syntax, so the edits keep working when the
 * content around them changes), adds the new pictures to public/, and then runs in the copy:
 *
 *   1. `npm run check`               must say the config is all good;
 *   2. the type checker on config/,  the config files are TypeScript (an edit can break a type,
 *      the linter on the edited      or the code's style);
 *      files
 *   3. the seam's tests              every test reads the content through one seam (the config
 *                                    modules and src/test/realConfig.ts) and writes none of it
 *                                    out (src/test/pinnedCopy.test.ts): on the copy, the seam
 *                                    must give what the site reads, each edit must be seen in
 *                                    it and on its page as the real renderer draws it
 *                                    (src/test/contentSeam.test.ts), and no test may hold a text
 *                                    of the edited content;
 *   4. the self-test                 a test of the copy is made to pin a shipped text (the old
 *                                    contact toast) and an edit is named that the copy does not
 *                                    hold: both checks of step 3 must now fail, or this whole
 *                                    step could never have caught either.
 *
 * Exit code 0 when all hold, 1 otherwise. Options:
 *   --keep        keep the temporary copy (its path is printed)
 *   --edits-only  make the edits and stop (with --keep, to look at them)
 *
 * TEST_REPORT names a file to write the checks' counts and first failure in (JSON), for
 * `npm test`'s summary.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import { parseModule } from 'magicast';
import { readJestReport, type Counts } from './lib/testReport.mjs';
import type { SeenEdit } from '../src/test/contentEdits';
import { historyOf } from '../src/test/copyGuard';

const root = path.resolve(import.meta.dirname, '..');

/** The seam's tests (step 3): run on the copy, with the edits named. */
export const SEAM_TESTS = ['src/test/contentSeam.test.ts', 'src/test/pinnedCopy.test.ts'];

/** Top-level names that are not copied: installed packages, build output, data, test output. */
const NOT_COPIED = new Set([
  '.git',
  'node_modules',
  'dist',
  'data',
  '.e2e-data',
  'coverage',
  'test-results',
  'playwright-report',
  '.lighthouse',
  'screenshots',
]);

// ---------------------------------------------------------------------------------------------
// Editing a config file as text, at places found from its syntax.

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The `export default { ... }` object of a config file (through `satisfies X` / `as X`). */
function defaultObject(source: string, file: string): Node {
  const program = (parseModule(source).$ast as unknown as { body: Node[] }).body;
  const exported = program.find((n) => n.type === 'ExportDefaultDeclaration');
  let node = exported?.declaration as Node | undefined;
  while (node && (node.type === 'TSSatisfiesExpression' || node.type === 'TSAsExpression')) node = node.expression as Node;
  if (!node || node.type !== 'ObjectExpression') throw new Error(`${file}: no "export default { ... }" found`);
  return node;
}

function keyName(property: Node): string | undefined {
  const key = property.key as Node & { name?: string; value?: string };
  return key?.name ?? key?.value;
}

/** The value of `key` in an object literal. */
function prop(object: Node, key: string, where: string): Node {
  const found = (object.properties as Node[]).find((p) => p.type === 'ObjectProperty' && keyName(p) === key);
  if (!found) throw new Error(`${where} has no key "${key}"`);
  return found.value as Node;
}

function elements(array: Node, where: string): Node[] {
  if (array.type !== 'ArrayExpression') throw new Error(`${where} is not a list`);
  return array.elements as Node[];
}

/** The literal value of a string node (or undefined). */
function stringOf(node: Node | undefined): string | undefined {
  return node?.type === 'StringLiteral' ? (node.value as string) : undefined;
}

/** Objects of a list whose `key` holds `value`. */
function whereKey(array: Node, key: string, value: string, where: string): Node[] {
  return elements(array, where).filter((e) => {
    if (e.type !== 'ObjectExpression') return false;
    const p = (e.properties as Node[]).find((q) => q.type === 'ObjectProperty' && keyName(q) === key);
    return stringOf(p?.value as Node | undefined) === value;
  });
}

function one(nodes: Node[], what: string): Node {
  const [first] = nodes;
  if (!first) throw new Error(`no ${what} found`);
  return first;
}

/** Text in quotes, as docs/content-files.md tells people to write it (double quotes around an apostrophe). */
function quote(text: string): string {
  return text.includes("'") && !text.includes('"') ? `"${text}"` : `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * A value written as a person writes it in these files: one key a line with two-space indents,
 * or all on one line (`{ value: 'x', label: 'y' }`) where the list's items are written so.
 */
function literal(value: unknown, indent: string, inline = false): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map((v) => literal(v, indent, true)).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (inline) return `{ ${entries.map(([k, v]) => `${k}: ${literal(v, indent, true)}`).join(', ')} }`;
  const inner = `${indent}  `;
  const lines = entries.map(([k, v]) => `${inner}${k}: ${literal(v, inner)},`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function lineStart(source: string, at: number): number {
  return source.lastIndexOf('\n', at - 1) + 1;
}

function indentAt(source: string, at: number): string {
  const start = lineStart(source, at);
  return /^[ \t]*/.exec(source.slice(start))![0];
}

type Splice = { from: number; to: number; text: string };

function replaceString(node: Node, text: string, where: string): Splice {
  if (node.type !== 'StringLiteral') throw new Error(`${where} is not a text in quotes`);
  return { from: node.start, to: node.end, text: quote(text) };
}

/** Adds an item at the end of a list, on a line of its own, with the comma after the one before. */
function append(source: string, array: Node, value: unknown, where: string): Splice {
  const items = elements(array, where);
  const last = items.at(-1);
  if (!last) throw new Error(`${where} is empty`);
  const indent = indentAt(source, last.start);
  const after = /^\s*,/.exec(source.slice(last.end));
  const at = after ? last.end + after[0].length : last.end;
  const inline = !source.slice(last.start, last.end).includes('\n');
  return { from: at, to: at, text: `${after ? '' : ','}\n${indent}${literal(value, indent, inline)}${after ? ',' : ''}` };
}

/** Takes an item out of a list: its lines and the comma after it. */
function remove(source: string, array: Node, index: number, where: string): Splice {
  const item = elements(array, where)[index];
  if (!item) throw new Error(`${where} has no item ${index}`);
  const comma = /^[ \t]*,?[ \t]*\n?/.exec(source.slice(item.end))![0];
  return { from: lineStart(source, item.start), to: item.end + comma.length, text: '' };
}

/** An edit of one config file: given the text and its default export, the change to make. */
interface Edit {
  /** What the office does, in their words. */
  name: string;
  file: string;
  /** The change of the file as it is; none for a new file (then in `adds`, with what it brings). */
  change?: (source: string, config: Node) => Splice;
  /** Files this edit adds (pictures), path in the project -> contents. */
  adds?: Record<string, Buffer | string>;
  /** The page (id) the edit shows on, if it shows on one page; what it shows there and in the content. */
  page?: string;
  shows?: string[];
  /** What the edit takes away (read from the file before the edit): then nowhere in the content or on the page. */
  takes?: (source: string, config: Node) => string[];
}

/** The contact form's "You are" list (the field stored as `Your`). */
function visitorTypeField(config: Node): Node {
  return one(whereKey(prop(config, 'fields', 'contact'), 'name', 'Your', 'contact fields'), 'field "Your" in the contact form');
}

function sectionsOf(config: Node, file: string): Node {
  return prop(config, 'sections', file);
}

function sectionOfType(config: Node, file: string, type: string): Node {
  return one(whereKey(sectionsOf(config, file), 'type', type, `${file} sections`), `section of type "${type}" in ${file}`);
}

// ---------------------------------------------------------------------------------------------
// New pictures, made here so the step needs no files of its own.

/** A square PNG of one colour (a stand-in for a photo). */
function png(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).fill(Buffer.from([r, g, b]))]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function svgPortrait(colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320"><rect width="320" height="320" fill="#e2e8f0"/><circle cx="160" cy="130" r="60" fill="${colour}"/><rect x="70" y="210" width="180" height="110" rx="60" fill="${colour}"/></svg>\n`;
}

// ---------------------------------------------------------------------------------------------
// The edits: the five of the office manager's afternoon, then four more of the same kind.

/** One more member at the end of the About page's team, with their picture put into public/. */
function newTeamMember(
  title: string,
  member: { name: string; role: string; picture: string; contents: Buffer | string; alt: string; description: string },
): Edit {
  return {
    name: title,
    file: 'config/pages/about.ts',
    change: (source, config) =>
      append(
        source,
        prop(sectionOfType(config, 'about', 'team'), 'members', 'the team'),
        {
          name: member.name,
          role: member.role,
          image: { src: member.picture, alt: member.alt, width: 320, height: 320 },
          description: member.description,
        },
        'the team members',
      ),
    adds: { [`public${member.picture}`]: member.contents },
    page: 'about',
    shows: [member.name, member.role],
  };
}

export const NEW_HEADLINE = 'Websites and Apps That Grow With You';
export const NEW_CONTACT_TOAST = 'Thanks! We will get back to you within one working day.';

const edits: Edit[] = [
  {
    name: 'the Home headline',
    file: 'config/pages/home.ts',
    change: (_, config) => replaceString(prop(sectionOfType(config, 'home', 'hero'), 'heading', 'the hero'), NEW_HEADLINE, 'the hero heading'),
    page: 'home',
    shows: [NEW_HEADLINE],
  },
  {
    name: 'a seventh FAQ',
    file: 'config/pages/about.ts',
    change: (source, config) =>
      append(
        source,
        prop(sectionOfType(config, 'about', 'faq'), 'items', 'the FAQ'),
        {
          question: 'Do you work with businesses outside your city?',
          answer: "Yes. We're happy to work with clients anywhere, by video call, e-mail and phone.",
        },
        'the FAQ items',
      ),
    page: 'about',
    shows: ['Do you work with businesses outside your city?'],
  },
  newTeamMember('a new team member with a photo', {
    name: 'Anna Lopez',
    role: 'UX Designer',
    picture: '/images/team/anna-lopez.png',
    contents: png(320, [37, 99, 235]),
    alt: 'Photo of Anna Lopez, UX designer',
    description: 'Anna turns ideas into screens that are easy and pleasant to use.',
  }),
  {
    name: "the contact form's success toast",
    file: 'config/forms/contact.ts',
    change: (_, config) => replaceString(prop(prop(config, 'success', 'contact'), 'toast', 'contact success'), NEW_CONTACT_TOAST, 'the success toast'),
    shows: [NEW_CONTACT_TOAST],
  },
  {
    name: 'a new "You are" option on the contact form',
    file: 'config/forms/contact.ts',
    change: (source, config) =>
      append(source, prop(visitorTypeField(config), 'options', 'the field Your'), { value: 'You are a Student', label: 'A Student' }, 'the options of Your'),
    shows: ['You are a Student', 'A Student'],
  },
  {
    name: 'a "You are" option renamed (what the visitor reads; the value stored stays)',
    file: 'config/forms/contact.ts',
    change: (_, config) => {
      const options = elements(prop(visitorTypeField(config), 'options', 'the field Your'), 'the options of Your');
      // The first option a visitor can choose (the one before it is the disabled "Select one").
      const first = options[1];
      if (!first) throw new Error('the field "Your" has fewer than two options');
      return replaceString(prop(first, 'label', 'an option of Your'), 'A Business Owner', "the option's label");
    },
    shows: ['A Business Owner'],
  },
  {
    name: 'a section removed from the Services page',
    file: 'config/pages/services.ts',
    change: (source, config) => {
      const sections = sectionsOf(config, 'services');
      const all = elements(sections, 'services sections');
      const splits = whereKey(sections, 'type', 'split', 'services sections').map((s) => all.indexOf(s));
      const second = splits[1];
      if (second === undefined) throw new Error('the Services page has fewer than two split sections');
      return remove(source, sections, second, 'the Services sections');
    },
    page: 'services',
    takes: (_, config) => {
      const second = whereKey(sectionsOf(config, 'services'), 'type', 'split', 'services sections')[1];
      const heading = second && stringOf(prop(second, 'heading', 'the second split section') as Node);
      return heading ? [heading] : [];
    },
  },
  {
    name: 'a service card added on Home',
    file: 'config/pages/home.ts',
    change: (source, config) => {
      const services = one(whereKey(sectionsOf(config, 'home'), 'id', 'services', 'home sections'), 'section with id "services" on Home');
      return append(
        source,
        prop(services, 'cards', 'the services cards'),
        {
          title: 'Business Branding',
          text: 'Logos, colours and guidelines that make your business easy to recognise everywhere.',
          icon: 'branding',
        },
        'the service cards',
      );
    },
    page: 'home',
    shows: ['Business Branding'],
  },
  {
    name: 'a menu label renamed',
    file: 'config/site.ts',
    change: (_, config) => {
      const links = elements(prop(prop(config, 'navigation', 'site'), 'links', 'navigation'), 'navigation links');
      if (!links[1]) throw new Error('the menu has fewer than two links');
      return replaceString(prop(links[1], 'label', 'the second menu link'), 'Who We Are', 'the second menu label');
    },
    page: 'home',
    shows: ['Who We Are'],
  },
  newTeamMember('a new team member with a new picture file', {
    name: 'Tom Becker',
    role: 'Backend Developer',
    picture: '/images/team/new/tom-becker.svg',
    contents: svgPortrait('#0f766e'),
    alt: 'Portrait illustration of Tom Becker, backend developer',
    description: 'Tom keeps the servers fast and the data safe.',
  }),
  {
    name: 'a new article',
    file: 'config/articles/winter-checklist.ts',
    adds: {
      'config/articles/winter-checklist.ts': `import type { ArticleConfig } from '../../src/content/model/articleSchema';

export default {
  title: 'A winter checklist for your website',
  address: 'a-winter-checklist-for-your-website',
  summary: 'Five small checks that keep your website quick, safe and easy to find through the quiet months.',
  cover: {
    src: '/images/blog/winter-checklist.svg',
    alt: 'A checklist with five ticked boxes beside a laptop',
    width: 960,
    height: 400,
  },
  author: 'the Business Growth team',
  date: '2026-11-24',
  body: [
    { type: 'heading', level: 2, text: 'Check your contact details' },
    { type: 'paragraph', content: [{ text: 'Open your site on a phone and call the number it shows. ' }, { text: 'Does it ring?', bold: true }] },
    { type: 'list', ordered: false, items: [[{ text: 'Test every form' }], [{ text: 'Renew your domain' }]] },
  ],
} satisfies ArticleConfig;
`,
      'public/images/blog/winter-checklist.svg':
        '<svg xmlns="http://www.w3.org/2000/svg" width="960" height="400" viewBox="0 0 960 400"><rect width="960" height="400" fill="#e2e8f0"/><rect x="380" y="80" width="200" height="240" rx="12" fill="#0f766e"/></svg>\n',
    },
    page: 'blog',
    shows: ['A winter checklist for your website'],
  },
  {
    name: 'a new landing page with the inquiry form',
    file: 'config/pages/winter-offer.ts',
    adds: {
      'config/pages/winter-offer.ts': `import type { PageConfig } from '../../src/content/model/pageSchema';

export default {
  title: 'Winter offer | Business Growth',
  description: 'A website check and a plan for the new year, at a winter price.',
  address: '/winter-offer',
  inMenu: false,
  sections: [
    {
      type: 'pageHeader',
      breadcrumb: [{ label: 'Home', href: '/' }, { label: 'Winter offer' }],
      heading: 'Our winter website check',
      text: 'We look at your website with you and write down what to improve first.',
    },
    {
      type: 'form',
      id: 'ask',
      form: 'inquiry',
      heading: 'Ask for your website check',
      text: 'Leave your details and we will call you to agree a time.',
    },
  ],
} satisfies PageConfig;
`,
    },
    page: 'winter-offer',
    shows: ['Our winter website check', 'Ask for your website check'],
  },
];

/** Makes the edit in the copy; what it shows and takes away, for the seam's test (CONTENT_EDITS). */
function applyEdit(dir: string, edit: Edit): SeenEdit {
  const file = path.join(dir, edit.file);
  let hides: string[] = [];
  if (edit.change) {
    const source = readFileSync(file, 'utf8');
    const config = defaultObject(source, edit.file);
    hides = edit.takes?.(source, config) ?? [];
    const splice = edit.change(source, config);
    writeFileSync(file, source.slice(0, splice.from) + splice.text + source.slice(splice.to));
  }
  for (const [name, contents] of Object.entries(edit.adds ?? {})) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), contents);
  }
  return { name: edit.name, ...(edit.page ? { page: edit.page } : {}), shows: edit.shows ?? [], hides };
}

/**
 * The self-test (step 4): a test file of the copy that pins a text of its content (the headline
 * as edited), and an edit named that the copy does not hold. Each of the seam's tests must then fail.
 */
const SELF_TEST = {
  file: 'src/test/selfTestPinned.test.ts',
  source: (pinned: string) =>
    `// Made by scripts/routine-edits.ts' self-test: pins a shipped text, as no test may.\nit('pins the toast', () => expect(${pinned}).toBeTruthy());\n`,
  notMade: { name: 'an edit that was never made (self-test)', shows: ['A text no edit wrote (self-test)'], hides: [] } satisfies SeenEdit,
};

/** The test files a jest report (--json) names as failed, relative to `dir`. */
function failedFilesOf(report: string, dir: string): string[] {
  try {
    const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as { testResults: { name: string; status: string }[] };
    return testResults.filter((r) => r.status === 'failed').map((r) => path.relative(dir, r.name).split(path.sep).join('/'));
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------

function run(title: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): { ok: boolean; seconds: number } {
  console.log(`\n==> ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  const ok = result.status === 0;
  console.log(`<== ${title}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s`);
  return { ok, seconds };
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const keep = argv.includes('--keep');
  const editsOnly = argv.includes('--edits-only');
  const unknown = argv.filter((a) => !['--keep', '--edits-only'].includes(a));
  if (unknown.length) {
    console.error(`Unknown option ${unknown.join(' ')}. Use --keep or --edits-only.`);
    return 2;
  }
  const started = Date.now();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'routine-edits-'));
  const reports = mkdtempSync(path.join(os.tmpdir(), 'routine-edits-reports-'));
  /** What the reruns counted, for `npm test`'s summary (TEST_REPORT). */
  const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  const tally = (found: Counts | undefined, what: string) => {
    if (!found) return;
    counts.passed += found.passed;
    counts.failed += found.failed;
    counts.skipped += found.skipped;
    if (found.firstFailure && !counts.firstFailure) counts.firstFailure = { ...found.firstFailure, title: `${found.firstFailure.title} (${what})` };
  };
  let ok = false;
  try {
    const copied = (from: string) => {
      const top = path.relative(root, from).split(path.sep)[0] ?? '';
      return !NOT_COPIED.has(top) && !top.startsWith('.tmp-');
    };
    cpSync(root, dir, { recursive: true, filter: copied });
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    console.log(`Copied the project to ${dir} and made these edits, as docs/content-files.md describes them:`);
    const seen: SeenEdit[] = [];
    for (const edit of edits) {
      seen.push(applyEdit(dir, edit));
      console.log(`  - ${edit.name} (${[edit.file, ...Object.keys(edit.adds ?? {})].join(', ')})`);
    }
    if (editsOnly) return 0;
    const edited = [...new Set(edits.map((edit) => edit.file))];
    const history = historyOf(root);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const check = run('npm run check', npm, ['run', '--silent', 'check'], dir);
    const steps = [check];
    // The config files and what they import, with the project's compiler options (the code around them is unchanged).
    writeFileSync(path.join(dir, 'tsconfig.content-edits.json'), JSON.stringify({ extends: './tsconfig.json', include: ['config'] }));
    // The type checker `npm run typecheck` runs: TypeScript's native compiler (package.json's typescript-native).
    const tsc = path.join('node_modules', 'typescript-native', 'bin', 'tsc');
    if (check.ok) steps.push(run('the type checker on config/', process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.content-edits.json'], dir));
    if (steps.every((s) => s.ok)) steps.push(run('the linter on the edited files', npm, ['exec', '--', 'eslint', ...edited], dir));
    const seamTests = (title: string, named: SeenEdit[], report: string) => {
      writeFileSync(path.join(reports, 'edits.json'), JSON.stringify({ edits: named }));
      const result = run(
        title,
        npm,
        ['run', '--silent', 'test:unit', '--', '--ci', '--json', '--testLocationInResults', '--outputFile', report, '--runTestsByPath', ...SEAM_TESTS],
        dir,
        {
          CONTENT_EDITS: path.join(reports, 'edits.json'),
          // The copy has no .git: the copy guard reads the project's own history (src/test/copyGuard.ts).
          ...(history ? { PINNED_COPY_GIT_DIR: history.gitDir } : {}),
        },
      );
      return { ...result, report: readJestReport(report, dir) };
    };
    if (steps.every((s) => s.ok)) {
      const seam = seamTests("the seam's tests (the content as tests read it, each edit seen, no text pinned)", seen, path.join(reports, 'seam.json'));
      tally(seam.report, 'on the edited copy');
      steps.push(seam);
    }
    ok = steps.every((s) => s.ok);
    if (ok) {
      writeFileSync(path.join(dir, SELF_TEST.file), SELF_TEST.source(quote(NEW_HEADLINE)));
      const self = seamTests(
        'self-test (a pinned headline and an edit not made: both must be caught)',
        [...seen, SELF_TEST.notMade],
        path.join(reports, 'self-test.json'),
      );
      const caught = SEAM_TESTS.filter((file) => failedFilesOf(path.join(reports, 'self-test.json'), dir).includes(file));
      if (self.ok || caught.length !== SEAM_TESTS.length) {
        console.error(
          `\nSelf-test: ${SEAM_TESTS.filter((f) => !caught.includes(f)).join(' and ') || 'the seam tests'} passed with a pinned text or an edit not made, so this step could not catch it.`,
        );
        ok = false;
      } else console.log('Self-test: as they should, the pinned text and the edit not made were both caught.');
    }
  } catch (error) {
    console.error(`\nThe edits could not be made: ${error instanceof Error ? error.message : String(error)}`);
    ok = false;
  } finally {
    if (keep) console.log(`\nThe copy is kept at ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
    rmSync(reports, { recursive: true, force: true });
  }
  if (!ok && !counts.failed) counts.failed = 1;
  if (process.env.TEST_REPORT) writeFileSync(process.env.TEST_REPORT, JSON.stringify(counts));
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    ok
      ? `\nRoutine content edits: every check and test passed on the edited copy (${seconds} s).`
      : `\nRoutine content edits: FAILED (${seconds} s). A test pins the agency's content, or an edit could not be made (see above).`,
  );
  return ok ? 0 : 1;
}

process.exitCode = await main();
