/**
 * A list (or a group of keys) replaced whole by one of another length is written so that the
 * file reads back as sent: every length from 0 to 4 to every length from 0 to 4, lists of texts
 * and of groups, written on one line or one item per line (with and without a comma after the
 * last item), with comments above the list's items, after them on their lines, after the opening
 * bracket and before the closing one. The text outside the list stays byte for byte; the comments
 * of the items kept stay, those of the items taken out go with them, the list's own stay. Then
 * random edits of random lists (a fixed seed: the same cases every run), and the office's two
 * edits that were refused (3 bullets to 2, 4 footer links to 3) on the real files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { diffValues } from '../model/contentDiff';
import { escapeRegExp } from '../../schema/text';
import { loadRealConfig, projectDir } from '../../test/realConfig';
import { editSource, loadSourceParser } from './write';

// The parser is loaded as the server loads it, before its first edit.
beforeAll(loadSourceParser);

/** The bundles made so far, by folder and text: many cases read the same text (the file before the edit), and esbuild makes the same bundle of it. */
const bundles = new Map<string, string>();

/** The default export of a config file's text, as the site reads it: types stripped, what it imports from `dir` bundled, then run (anew at each call). */
function readBack(source: string, dir = path.join(projectDir, 'config')): unknown {
  const key = `${dir}\0${source}`;
  let code = bundles.get(key);
  if (code === undefined) {
    code = buildSync({
      stdin: { contents: source, loader: 'ts', resolveDir: dir },
      bundle: true,
      format: 'cjs',
      platform: 'node',
      write: false,
      logLevel: 'silent',
    }).outputFiles[0]!.text;
    bundles.set(key, code);
  }
  const module = { exports: {} as { default?: unknown } };
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports.default;
}

type Item = string | { label: string; href: string };
type Layout = 'inline' | 'lines' | 'linesNoTrailingComma';

const itemText = (item: Item) => (typeof item === 'string' ? `'${item}'` : `{ label: '${item.label}', href: '${item.href}' }`);
/** The comment written above an item (its own) and after it on its line. */
const above = (item: Item) => `// above ${typeof item === 'string' ? item : item.label}`;
const after = (item: Item) => `/* after ${typeof item === 'string' ? item : item.label} */`;

/** A config file holding the list at `list`, with a key before and after it. */
function fileWith(items: Item[], layout: Layout, comments: boolean): string {
  let list: string;
  if (layout === 'inline') {
    list = `[${items.map((item) => (comments ? `/* ${above(item).slice(3)} */ ` : '') + itemText(item)).join(', ')}]`;
  } else {
    const lines = items.map((item, i) => {
      const comma = i < items.length - 1 || layout === 'lines' ? ',' : '';
      return `${comments ? `    ${above(item)}\n` : ''}    ${itemText(item)}${comma}${comments ? ` ${after(item)}` : ''}\n`;
    });
    list = `[${comments ? ' // the list itself' : ''}\n${lines.join('')}${comments ? '    // the end of the list\n' : ''}  ]`;
  }
  return `/** A file. */\nimport type { X } from './x';\n\nexport default {\n  before: 'kept', // a comment outside\n  list: ${list},\n  after: { n: 1 },\n} satisfies X;\n`;
}

const strings = (tag: string, n: number): Item[] => Array.from({ length: n }, (_v, i) => `${tag}${i}`);
const groups = (tag: string, n: number): Item[] => Array.from({ length: n }, (_v, i) => ({ label: `${tag}${i}`, href: `/${tag}${i}` }));

/** Writes `to` in place of `from` and checks what the file then says. */
function replaceList(from: Item[], to: Item[], layout: Layout, comments: boolean): void {
  const source = fileWith(from, layout, comments);
  const before = readBack(source) as Record<string, unknown>;
  expect(before.list).toEqual(from);
  const wanted = { ...before, list: to };
  const text = editSource('config/x.ts', source, diffValues(before, wanted));
  expect(readBack(text)).toEqual(wanted);
  // Outside the list, not one character changed.
  const start = source.indexOf('  list: ');
  const end = source.indexOf('\n  after: ');
  expect(text.slice(0, start)).toBe(source.slice(0, start));
  expect(text.slice(text.indexOf('\n  after: '))).toBe(source.slice(end));
  if (!comments) return;
  if (layout !== 'inline') {
    expect(text).toContain('// the list itself');
    expect(text).toContain('// the end of the list');
  }
  // An item kept keeps its comments, right beside it; an item taken out (and not replaced by a new one) takes its comments with it.
  // (A list of the same length is edited item by item, in place, as the editor sends a moved item: the comments stay at their places.)
  if (from.length === to.length) return;
  const same = (a: Item, b: Item) => JSON.stringify(a) === JSON.stringify(b);
  const onlyRemoved = to.every((item) => from.some((old) => same(old, item)));
  for (const item of from) {
    const kept = to.some((other) => same(other, item));
    if (kept && layout === 'inline') expect(text).toContain(`/* ${above(item).slice(3)} */ ${itemText(item)}`);
    if (kept && layout !== 'inline') {
      expect(text).toContain(`${above(item)}\n    ${itemText(item)}`);
      expect(text).toMatch(new RegExp(`${escapeRegExp(itemText(item))},? ${escapeRegExp(after(item))}`));
    }
    if (onlyRemoved && !kept) expect(text).not.toContain(typeof item === 'string' ? ` ${item} ` : ` ${item.label} `);
  }
}

const LAYOUTS: Layout[] = ['inline', 'lines', 'linesNoTrailingComma'];
const LENGTHS = [0, 1, 2, 3, 4];

describe.each(LAYOUTS)('a list written %s', (layout) => {
  describe.each([
    ['texts', strings],
    ['groups', groups],
  ] as const)('of %s', (_kind, make) => {
    it.each([false, true])('every length 0..4 to every length 0..4, all items new (comments: %s)', (comments) => {
      for (const n of LENGTHS) for (const m of LENGTHS) replaceList(make('old', n), make('new', m), layout, comments);
    });

    it.each([false, true])('every length 0..4 to every length 0..4, keeping the first and the last items (comments: %s)', (comments) => {
      for (const n of LENGTHS) {
        for (const m of LENGTHS) {
          const from = make('old', n);
          // The items alike at both ends stay (so their comments do), the ones between change.
          const to = m >= 2 && n >= 2 ? [from[0]!, ...make('new', m - 2), from[n - 1]!] : make('new', m);
          replaceList(from, to, layout, comments);
        }
      }
    });
  });
});

describe('items moved in a list', () => {
  it.each(LAYOUTS)('each moved item is written whole with its own comments at its new place, read back as sent (%s)', (layout) => {
    for (const make of [strings, groups]) {
      const from = make('m', 5);
      for (const order of [
        [2, 0, 1, 3, 4],
        [1, 2, 3, 4, 0],
        [4, 0, 1, 2, 3],
        [0, 3, 1, 2, 4],
        [4, 3, 2, 1, 0],
      ]) {
        const to = order.map((i) => from[i]!);
        const source = fileWith(from, layout, true);
        const before = readBack(source) as Record<string, unknown>;
        const edits = diffValues(before, { ...before, list: to });
        expect(edits.every((edit) => edit.op === 'move')).toBe(true);
        const text = editSource('config/x.ts', source, edits);
        expect(readBack(text)).toEqual({ ...before, list: to });
        // Every item's comment is still right above it (or before it, on one line), in the new order.
        const marks = to.map((item) =>
          text.indexOf(layout === 'inline' ? `/* ${above(item).slice(3)} */ ${itemText(item)}` : `${above(item)}\n    ${itemText(item)}`),
        );
        expect(marks.every((at) => at >= 0)).toBe(true);
        expect([...marks].sort((a, b) => a - b)).toEqual(marks);
      }
    }
  });

  it('an item moved and another edited: the edit lands on its item, wherever it went', () => {
    const from = groups('e', 4) as Array<{ label: string; href: string }>;
    const to = [from[1]!, from[2]!, { ...from[3]!, href: '/edited' }, from[0]!];
    const source = fileWith(from, 'lines', true);
    const before = readBack(source) as Record<string, unknown>;
    const edits = diffValues(before, { ...before, list: to });
    expect(edits.map((edit) => edit.op)).toEqual(['move', 'set']);
    expect(readBack(editSource('config/x.ts', source, edits))).toEqual({ ...before, list: to });
  });
});

describe('groups of keys', () => {
  const KEYS = ['a', 'b', 'c', 'd'];
  const objectFile = (keys: string[], lines: boolean) =>
    `export default {\n  group: ${lines ? `{\n${keys.map((k) => `    // about ${k}\n    ${k}: '${k}',\n`).join('')}  }` : `{ ${keys.map((k) => `${k}: '${k}'`).join(', ')} }`},\n  other: 1,\n};\n`;

  it.each([false, true])('every set of 0..4 keys to every other set: added and removed keys read back (one per line: %s)', (lines) => {
    const subsets = Array.from({ length: 16 }, (_v, mask) => KEYS.filter((_k, i) => mask & (1 << i)));
    for (const from of subsets) {
      for (const to of subsets) {
        const source = objectFile(from, lines);
        const before = readBack(source) as { group: Record<string, string> };
        const wanted = { ...before, group: Object.fromEntries(to.map((k) => [k, from.includes(k) ? k : `new ${k}`])) };
        const text = editSource('config/x.ts', source, diffValues(before, wanted));
        expect(readBack(text)).toEqual(wanted);
        if (lines) for (const k of from) expect(text.includes(`// about ${k}`)).toBe(to.includes(k));
      }
    }
  });
});

describe('random lists and random edits', () => {
  /** A small seeded generator: the same cases on every run. */
  function random(seed: number) {
    let state = seed >>> 0;
    return (n: number) => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    };
  }

  it('500 random lists, each edited by random insertions, removals and replacements, read back as sent', () => {
    const next = random(28);
    for (let round = 0; round < 500; round++) {
      const make = next(2) === 0 ? strings : groups;
      const from = make(`r${round}x`, next(6));
      const to = [...from];
      for (let step = next(4); step >= 0; step--) {
        const at = next(to.length + 1);
        const choice = next(3);
        if (choice === 0) to.splice(at, 0, ...make(`r${round}s${step}n`, 1 + next(2)));
        else if (choice === 1 && to.length > 0) to.splice(Math.min(at, to.length - 1), 1 + next(2));
        else if (to.length > 0) to[Math.min(at, to.length - 1)] = make(`r${round}s${step}c`, 1)[0]!;
      }
      replaceList(from, to, LAYOUTS[next(3)]!, next(2) === 1);
    }
  });
});

describe("the office's edits that could not be published", () => {
  const source = (file: string) => readFileSync(path.join(projectDir, file), 'utf8');
  const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

  it('a section with 3 bullets given 2, and one given none at all, read back as sent', async () => {
    const { pages } = await loadRealConfig();
    for (const [id, page] of Object.entries(pages)) {
      const sections = (page as { sections: { bullets?: string[] }[] }).sections;
      const i = sections.findIndex((s) => (s.bullets?.length ?? 0) >= 3);
      if (i < 0) continue;
      const file = `config/pages/${id}.ts`;
      const dir = path.join(projectDir, 'config', 'pages');
      for (const bullets of [['A first new bullet', 'A second new bullet'], [sections[i]!.bullets![0]!, sections[i]!.bullets![2]!], [], ['Only one']]) {
        const after = clone(page) as typeof page & { sections: { bullets?: string[] }[] };
        after.sections[i]!.bullets = bullets;
        const written = editSource(file, source(file), diffValues(page, after));
        expect(readBack(written, dir)).toEqual(after);
      }
      return;
    }
    throw new Error('No page has a section with 3 bullets or more: choose another list for this test');
  });

  it("a footer column's 4 links given 3 (and 5, and 1) read back as sent, the file's comments kept", async () => {
    const { site } = await loadRealConfig();
    const columns = (site as { footer: { columns: { links: { label: string; href: string }[] }[] } }).footer.columns;
    const c = columns.findIndex((column) => column.links.length >= 4);
    expect(c).toBeGreaterThanOrEqual(0);
    const text = source('config/site.ts');
    const comments = text.split('\n').filter((line) => line.trim().startsWith('//'));
    for (const links of [columns[c]!.links.slice(1), [...columns[c]!.links, { label: 'Careers', href: '/Career' }], [{ label: 'Only', href: '/' }]]) {
      const after = clone(site) as typeof site & { footer: { columns: { links: unknown[] }[] } };
      after.footer.columns[c]!.links = links;
      const written = editSource('config/site.ts', text, diffValues(site, after));
      expect(readBack(written)).toEqual(after);
      for (const comment of comments) expect(written).toContain(comment);
    }
  });
});

it('a text of any characters (quotes, backslashes, line ends, controls, a lone surrogate, $ patterns) reads back as sent', () => {
  const source = "export default {\n  text: 'old',\n  list: ['a'],\n};\n";
  const texts = [
    'it\'s \\ "quoted"',
    'line\nend\r\n',
    'tab\tnul\u0000del\u007f',
    'sep\u2028\u2029',
    "$' $& $` $1 $$",
    '</script><!--',
    'emoji 👍 and a lone \ud800 half',
  ];
  for (const text of texts) {
    const wanted = { text, list: ['a', text] };
    const written = editSource('config/x.ts', source, diffValues({ text: 'old', list: ['a'] }, wanted));
    // A lone surrogate cannot be stored in UTF-8: it is written as its escape, so it reads back as itself.
    expect(Buffer.from(written, 'utf8').toString('utf8')).toBe(written);
    expect(readBack(written)).toEqual(wanted);
  }
});

it('a long list (600 items) replaced by another of another length reads back as sent', () => {
  const from = strings('long', 600);
  const to = [...strings('other', 450), ...from.slice(0, 100)];
  replaceList(from, to, 'lines', false);
  replaceList(to, from.slice(0, 3), 'inline', false);
});
