/**
 * Edits written into the real config files as a person would: only the edited lines change
 * (git's own diff of the file before and after is compared), comments and formatting stay, and
 * a value worked out in code is refused with a sentence.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { diffValues } from '../model/contentDiff';
import { loadRealConfig, projectDir } from '../../test/realConfig';
import { configModules } from './configModules';
import { codePathsOf, editSource, isNewFileAllowed, loadSourceParser, newFileSource, UnwritableEdit } from './write';

// The parser is loaded as the server loads it, before its first edit.
beforeAll(loadSourceParser);

const source = (file: string) => readFileSync(path.join(projectDir, file), 'utf8');
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The lines git's diff adds and removes (without its headers). */
function changedLines(before: string, after: string): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'write-'));
  writeFileSync(path.join(dir, 'a.ts'), before);
  writeFileSync(path.join(dir, 'b.ts'), after);
  let out = '';
  try {
    execFileSync('git', ['diff', '--no-index', '--unified=0', 'a.ts', 'b.ts'], { cwd: dir, encoding: 'utf8' });
  } catch (error) {
    out = (error as { stdout: string }).stdout;
  }
  return out.split('\n').filter((line) => /^[+-](?![+-])/.test(line));
}

it("a changed headline is one line changed, in the file's own quotes", async () => {
  const { pages } = await loadRealConfig();
  const after = clone(pages.home!) as { sections: { heading?: string }[] };
  const old = after.sections[0]!.heading!;
  after.sections[0]!.heading = "Grow your business online, it's time";
  const text = editSource('config/pages/home.ts', source('config/pages/home.ts'), diffValues(pages.home, after));
  expect(changedLines(source('config/pages/home.ts'), text)).toEqual([
    `-      heading: '${old}',`,
    `+      heading: 'Grow your business online, it\\'s time',`,
  ]);
});

it('an item added to a list is only the new lines; an item removed only its lines', async () => {
  const { forms } = await loadRealConfig();
  const after = clone(forms.contact!) as { fields: { name: string; options?: { value: string; label: string }[] }[] };
  const select = after.fields.find((f) => f.options)!;
  select.options!.push({ value: 'You are a Student', label: 'A Student' });
  const text = editSource('config/forms/contact.ts', source('config/forms/contact.ts'), diffValues(forms.contact, after));
  const lines = changedLines(source('config/forms/contact.ts'), text);
  expect(lines.every((line) => line.startsWith('+'))).toBe(true);
  expect(lines.join('\n')).toContain("value: 'You are a Student'");
  // Comments and the import of the shared messages are kept.
  expect(text).toContain("import messages from './_messages';");
  expect(text).toContain('// The specification: after a submit the visitor type is set to empty.');

  const removed = clone(forms.contact!) as typeof after;
  removed.fields.find((f) => f.options)!.options!.splice(1, 1);
  const removedLines = changedLines(
    source('config/forms/contact.ts'),
    editSource('config/forms/contact.ts', source('config/forms/contact.ts'), diffValues(forms.contact, removed)),
  );
  expect(removedLines).toHaveLength(1);
  expect(removedLines[0]).toMatch(/^-\s+\{ value: /);
});

it('refuses to overwrite a value worked out in code, naming its key', async () => {
  const { pages } = await loadRealConfig();
  const after = clone(pages.about!) as { sections: { actions?: { href: string }[] }[] };
  const i = after.sections.findIndex((s) => s.actions?.some((a) => a.href.startsWith('https://wa.me/')));
  after.sections[i]!.actions![0]!.href = 'https://example.com/';
  expect(() => editSource('config/pages/about.ts', source('config/pages/about.ts'), diffValues(pages.about, after))).toThrow(UnwritableEdit);
  expect(() => editSource('config/pages/about.ts', source('config/pages/about.ts'), diffValues(pages.about, after))).toThrow(
    `config/pages/about.ts: sections[${i}].actions[0].href is worked out in the file's code (not written as text there): a developer's change. Ask a developer, or change it in the file itself.`,
  );
});

it('a question added to the FAQs is only its own lines, laid out as its neighbours; a key added or removed is one line', async () => {
  const { pages } = await loadRealConfig();
  const after = clone(pages.about!) as { sections: { type: string; items?: { question: string; answer: string }[]; text?: string; eyebrow?: string }[] };
  const faq = after.sections.find((s) => s.type === 'faq')!;
  faq.items!.push({
    question: 'Do you build shops?',
    answer: 'Yes: online shops with payments, stock and delivery, and we show your team how to run them day to day.',
  });
  const text = editSource('config/pages/about.ts', source('config/pages/about.ts'), diffValues(pages.about, after));
  const lines = changedLines(source('config/pages/about.ts'), text);
  expect(lines).toEqual([
    '+        {',
    "+          question: 'Do you build shops?',",
    "+          answer: 'Yes: online shops with payments, stock and delivery, and we show your team how to run them day to day.',",
    '+        },',
  ]);

  const keyed = clone(pages.about!) as typeof after;
  delete keyed.sections.find((s) => s.type === 'faq')!.text;
  const removed = changedLines(
    source('config/pages/about.ts'),
    editSource('config/pages/about.ts', source('config/pages/about.ts'), diffValues(pages.about, keyed)),
  );
  expect(removed).toHaveLength(1);
  expect(removed[0]).toMatch(/^-\s+text: /);
});

it("a new article's file is written as a person would (its type named; text stays text), and reads back as the same value; an edit to it is its own lines", async () => {
  const { articles } = await loadRealConfig();
  const article = clone(Object.values(articles)[0]!) as { title: string; body: unknown[] };
  article.title = "An article's <b>title</b>";
  article.body = [{ type: 'paragraph', content: [{ text: 'Plain ' }, { text: 'bold', bold: true }, { text: 'a link', href: '/Contact' }] }];
  const file = 'config/articles/a-new-one.ts';
  expect(isNewFileAllowed(file)).toBe(true);
  expect(isNewFileAllowed('config/articles/../site.ts')).toBe(false);
  const text = newFileSource(file, article);
  expect(text.startsWith("import type { ArticleConfig } from '../../src/content/model/articleSchema';")).toBe(true);
  expect(text).toContain('satisfies ArticleConfig;');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'article-'));
  mkdirSync(path.join(dir, 'articles'));
  writeFileSync(path.join(dir, 'articles', 'a-new-one.ts'), text);
  const read = (await configModules(dir).load(path.join(dir, 'articles', 'a-new-one.ts'))).default;
  expect(read).toEqual(article);

  const edited = clone(article);
  edited.title = 'Another title';
  expect(changedLines(text, editSource(file, text, diffValues(article, edited)))).toEqual([
    `-  title: 'An article\\'s <b>title</b>',`,
    "+  title: 'Another title',",
  ]);
});

it('names the values a file works out in its code, each by its key path (the whole list where a spread makes its places unknown), and exactly those its edits are refused for', () => {
  const source = [
    "import site from '../site';",
    "const CHAT = `https://wa.me/${site.contact.phone.href.replace(/\\D/g, '')}`;",
    'const shared = [{ label: "a" }];',
    'export default {',
    "  title: 'Plain',",
    '  sections: [',
    "    { heading: 'One', actions: [{ label: 'Chat', href: CHAT }] },",
    "    { heading: `Two ${1 + 1}`, items: [...shared, { label: 'b' }] },",
    "    { heading: 'Three', count: -1, on: true, none: null },",
    '  ],',
    '};',
    '',
  ].join('\n');
  expect(codePathsOf(source)).toEqual([
    ['sections', 0, 'actions', 0, 'href'],
    ['sections', 1, 'heading'],
    ['sections', 1, 'items'],
  ]);
  expect(() =>
    editSource('config/pages/x.ts', source, [{ op: 'set', path: ['sections', 0, 'actions', 0, 'href'], before: '', after: 'https://wa.me/1' }]),
  ).toThrow(UnwritableEdit);
  expect(editSource('config/pages/x.ts', source, [{ op: 'set', path: ['sections', 2, 'heading'], before: 'Three', after: 'Drei' }])).toContain(
    "heading: 'Drei'",
  );
  // A file not written as { … } after export default names none.
  expect(codePathsOf('export default makePage();')).toEqual([]);
});
