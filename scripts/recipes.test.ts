/**
 * The recipes of docs/code-layout.md ("Three changes, step by step") name every file a new section
 * type and a new kind of field touch: a file of the code or of config/ that names every section type
 * (or every kind of value) keeps a list of them, and each such list is one of the recipe's steps.
 * Every other list is made from the recipe's own (the descriptions, the examples, the docs' quotes,
 * each kind's empty and wrong values). The number of files each recipe says is the number of files
 * its steps name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sectionSchemas } from '../src/site/sections/schemas';
import { KIND_VALUES } from '../src/schema/schema';

const root = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Every file of the code and of config/ but the tests (which may list what they test). */
function sourceFiles(): string[] {
  return ['src', 'config', 'scripts', 'e2e']
    .flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs)$/.test(entry.name))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')),
    )
    .filter((file) => !/\.test\.tsx?$|^e2e\/|^src\/test\//.test(file));
}

/** Whether a text names each of these words as a key (`name:`), a quoted word (`'name'`) or an item of a list of names (`{ a, name, b }`). */
function namesEvery(text: string, names: readonly string[]): boolean {
  return names.every((name) => new RegExp(`(^|[\\s{,'\`(])${name}(['\`]|\\s*[:,}])`, 'm').test(text));
}

/** The recipe under this heading of docs/code-layout.md: the number of files it says ("Five files"), and the files its numbered steps name. */
function recipe(heading: string): { says: number; files: string[] } {
  const doc = read('docs/code-layout.md');
  const start = doc.indexOf(`### ${heading}\n`);
  expect(start).toBeGreaterThan(-1);
  const end = doc.indexOf('\n### ', start + 1);
  const text = doc.slice(start, end === -1 ? undefined : end);
  const numbers = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven'];
  const says = numbers.indexOf(/\b(One|Two|Three|Four|Five|Six|Seven) files\b/.exec(text)![1]!) + 1;
  // A step's own file is the first it names; "Not counted" steps are not steps of the count.
  const steps = [...text.matchAll(/^\d+\. (?!Not counted)`([^`]+)`/gm)].map((m) => m[1]!);
  return { says, files: [...new Set(steps)] };
}

describe('the recipes of docs/code-layout.md', () => {
  const files = sourceFiles().map((file) => ({ file, text: read(file) }));

  test.each([
    ['A new section type', Object.keys(sectionSchemas)],
    ['A new kind of field in the editor', Object.keys(KIND_VALUES)],
  ])('%s: every file that lists them all is a step of the recipe, and the recipe counts its steps’ files', (heading, names) => {
    const { says, files: steps } = recipe(heading);
    expect(steps).toHaveLength(says);
    // A new file is one the recipe makes (its placeholder in the path): the lists are in the others.
    const lists = files.filter(({ text }) => namesEvery(text, names)).map(({ file }) => file);
    expect(lists.length).toBeGreaterThanOrEqual(2);
    expect(lists.filter((file) => !steps.includes(file))).toEqual([]);
  });

  test('a list of every name is found, in any of the ways a list is written; a list one name short is not', () => {
    const names = ['pageHeader', 'hero', 'faq'];
    expect(namesEvery('const x = { pageHeader, hero, faq };', names)).toBe(true);
    expect(namesEvery("pageHeader: A,\n hero: B,\n faq: 'C'", names)).toBe(true);
    expect(namesEvery("['pageHeader', 'hero', 'faq']", names)).toBe(true);
    expect(namesEvery('{ pageHeader, hero }, the faq page', names)).toBe(false);
  });
});
