/**
 * One change taken back, and a file restored, as data (history.ts), and two texts in words
 * (contentDiff.ts describePair): on values shaped like the content (sections with ids, lists of
 * items), written here, not the agency's.
 */
import admin from '../../../config/admin';
import { labelOf, placeOf } from '../model/officeSentences';
import { diffValues } from '../model/contentDiff';
import { fill } from '../../schema/text';
import { describePair, editInWords, editsInWords, editsView, fileInWords } from './changeWords';
import { restoreFile, undoFile } from './history';
import { revisionOfCommit, summaryOf } from './publish';

const page = (over: Record<string, unknown> = {}) => ({
  title: 'A page',
  sections: [
    { type: 'hero', heading: 'Old heading', text: 'Old text' },
    {
      type: 'faq',
      id: 'faq',
      items: [
        { question: 'One?', answer: 'Yes.' },
        { question: 'Two?', answer: 'No.' },
      ],
    },
  ],
  ...over,
});
type Page = ReturnType<typeof page>;
const edited = (edit: (value: Page) => void, from: Page = page()) => {
  const value = JSON.parse(JSON.stringify(from)) as Page;
  edit(value);
  return value;
};

describe("undoFile: one revision's change taken back from the file as it is now", () => {
  it('takes back a text while later changes elsewhere stay', () => {
    const before = page();
    const after = edited((v) => (v.sections[0]!.heading = 'New heading'), before);
    const now = edited((v) => (v.sections[0]!.text = 'Later text'), after);
    expect(undoFile(before, after, now)).toEqual({ value: edited((v) => (v.sections[0]!.text = 'Later text'), before), conflicts: [] });
  });

  it('refuses where a later change touched the same text, naming its place, and changes nothing', () => {
    const before = page();
    const after = edited((v) => (v.sections[0]!.heading = 'New heading'), before);
    const now = edited((v) => (v.sections[0]!.heading = 'Even newer heading'), after);
    expect(undoFile(before, after, now)).toEqual({ value: now, conflicts: [{ path: ['sections', 0, 'heading'] }] });
  });

  it('follows a section by its id when later changes moved it', () => {
    const before = page();
    const after = edited((v) => ((v.sections[1] as { items: unknown[] }).items[0] = { question: 'One?', answer: 'Maybe.' }), before);
    // A later publish put a new section first: the FAQ is now the third.
    const now = edited((v) => v.sections.unshift({ type: 'hero', heading: 'A banner', text: 'Hello' }), after);
    const undone = undoFile(before, after, now);
    expect(undone.conflicts).toEqual([]);
    expect((undone.value as Page).sections[2]).toEqual(before.sections[1]);
    expect((undone.value as Page).sections[0]).toEqual(now.sections[0]);
  });

  it('takes an added item out, and puts a removed one back after the item before it, wherever the list grew since', () => {
    const before = page();
    const added = edited((v) => (v.sections[1] as { items: unknown[] }).items.push({ question: 'Three?', answer: 'Soon.' }), before);
    const later = edited((v) => (v.sections[1] as { items: unknown[] }).items.unshift({ question: 'Zero?', answer: 'First.' }), added);
    expect(((undoFile(before, added, later).value as Page).sections[1] as { items: { question: string }[] }).items.map((i) => i.question)).toEqual([
      'Zero?',
      'One?',
      'Two?',
    ]);

    const removed = edited((v) => (v.sections[1] as { items: unknown[] }).items.splice(1, 1), before);
    const grown = edited((v) => (v.sections[1] as { items: unknown[] }).items.unshift({ question: 'Zero?', answer: 'First.' }), removed);
    expect(((undoFile(before, removed, grown).value as Page).sections[1] as { items: { question: string }[] }).items.map((i) => i.question)).toEqual([
      'Zero?',
      'One?',
      'Two?',
    ]);
  });

  it('a file the revision made goes; one it removed comes back; either refused when changed since', () => {
    expect(undoFile(undefined, page(), page())).toEqual({ value: undefined, conflicts: [] });
    expect(undoFile(undefined, page(), page({ title: 'Changed' })).conflicts).toEqual([{ path: [] }]);
    expect(undoFile(page(), undefined, undefined)).toEqual({ value: page(), conflicts: [] });
  });

  it('a key the revision removed comes back; one it added goes', () => {
    const before = page({ description: 'Said once' });
    const after = page();
    expect(undoFile(before, after, after).value).toEqual(before);
    expect(undoFile(after, before, before).value).toEqual(after);
  });
});

describe('a section moved, added or removed: one change in the revision, undone as one', () => {
  const t = admin.content.history;
  const FILE = 'config/pages/a-page.ts';
  const section = (n: number) => ({ type: 'split', heading: `Heading ${n}`, text: `Text ${n}` });
  const sections = (...ns: number[]) => ({ title: 'A page', sections: ns.map(section) });
  const headings = (value: unknown) => (value as { sections: { heading: string }[] }).sections.map((x) => x.heading);

  it('a move is one line in words, naming the section and its two places', () => {
    const before = sections(1, 2, 3, 4, 5);
    const after = sections(2, 3, 1, 4, 5);
    const lines = editsInWords(FILE, before, after, diffValues(before, after));
    expect(lines).toEqual([
      fill(t.changeMoved, { where: placeOf(FILE, before, ['sections']).join(admin.content.placeJoint), item: "'Heading 1'", from: 1, to: 3 }),
    ]);
    expect(editsView(FILE, before, after, diffValues(before, after))).toEqual([
      {
        where: placeOf(FILE, before, ['sections']).join(admin.content.placeJoint),
        before: fill(t.position, { item: "'Heading 1'", n: 1 }),
        after: fill(t.position, { item: "'Heading 1'", n: 3 }),
      },
    ]);
  });

  it('a move undone puts the section back after the one it followed, while later changes stay', () => {
    const before = sections(1, 2, 3, 4, 5);
    const after = sections(2, 3, 1, 4, 5);
    // Later: the fifth section's text changed, and a section added first.
    const now = edited((v) => {
      v.sections[4]!.text = 'Later text';
      v.sections.unshift(section(9));
    }, after as Page);
    const undone = undoFile(before, after, now);
    expect(undone.conflicts).toEqual([]);
    expect(headings(undone.value)).toEqual(['Heading 9', 'Heading 1', 'Heading 2', 'Heading 3', 'Heading 4', 'Heading 5']);
    expect((undone.value as Page).sections[5]!.text).toBe('Later text');
  });

  it('of a move and an edit published together, either is undone alone, each text staying under its own heading', () => {
    const before = sections(1, 2, 3, 4);
    const after = edited((v) => (v.sections[3]!.text = 'New text 3'), sections(2, 3, 4, 1) as Page);
    // (sections(2, 3, 4, 1)[3] is section 1: the edit is of section 1, moved.)
    const edits = diffValues(before, after);
    expect(edits.map((e) => e.op)).toEqual(['move', 'set']);
    const [move, set] = edits;
    const onlyMove = undoFile(before, after, after, [move!]).value as Page;
    expect(headings(onlyMove)).toEqual(['Heading 1', 'Heading 2', 'Heading 3', 'Heading 4']);
    expect(onlyMove.sections[0]!.text).toBe('New text 3');
    const onlyEdit = undoFile(before, after, after, [set!]).value as Page;
    expect(headings(onlyEdit)).toEqual(['Heading 2', 'Heading 3', 'Heading 4', 'Heading 1']);
    expect(onlyEdit.sections.map((x) => x.text)).toEqual(['Text 2', 'Text 3', 'Text 4', 'Text 1']);
    expect(undoFile(before, after, after).value).toEqual(before);
  });

  it('a section added, or removed, is one line and is undone as one', () => {
    const before = sections(1, 2, 3);
    for (const after of [sections(1, 9, 2, 3), sections(1, 3)]) {
      const edits = diffValues(before, after);
      expect(editsInWords(FILE, before, after, edits)).toHaveLength(1);
      const now = edited((v) => (v.title = 'Later title'), after as Page);
      expect(undoFile(before, after, now)).toEqual({ value: { ...before, title: 'Later title' }, conflicts: [] });
    }
  });

  it('a move whose section was removed since cannot be undone, and nothing changes', () => {
    const before = sections(1, 2, 3);
    const after = sections(2, 3, 1);
    const now = sections(2, 3);
    expect(undoFile(before, after, now)).toEqual({ value: now, conflicts: [{ path: ['sections'] }] });
  });
});

describe('restoreFile: a file as it was, in the shape it has now', () => {
  it('keys added since keep their values, in the file and in list items matched by id, and each is noted', () => {
    const then = page();
    const now = edited((v) => {
      Object.assign(v, { description: 'Added by a release' });
      Object.assign(v.sections[1]!, { layout: 'wide' });
      v.sections[0]!.heading = 'Changed since';
    }, then);
    const { value, notes } = restoreFile(then, now);
    expect(value).toEqual(
      edited((v) => {
        Object.assign(v, { description: 'Added by a release' });
        Object.assign(v.sections[1]!, { layout: 'wide' });
      }, then),
    );
    expect(notes).toEqual([
      { path: ['sections', 1, 'layout'], reason: 'addedSince' },
      { path: ['description'], reason: 'addedSince' },
    ]);
  });
});

describe('two long texts in a sentence', () => {
  it('are shortened around where they differ, never to the same words on both sides', () => {
    const start = 'We design and build websites and mobile apps that help your business get found, ';
    const [before, after] = describePair(`${start}win trust and grow.`, `${start}earn trust and grow.`);
    expect(before).not.toBe(after);
    expect(before).toContain('win trust');
    expect(after).toContain('earn trust');
    expect(
      editInWords('config/pages/home.ts', { heading: `${start}win` }, { op: 'set', path: ['heading'], before: `${start}win`, after: `${start}earn` }),
    ).toMatch(/'….*win' → '….*earn'$/);
  });
});

describe("an article's changes in words, as the screens name it", () => {
  const t = admin.content;
  const FILE = 'config/articles/a-test-article.ts';
  const article = () => ({
    title: 'A test article',
    address: 'a-test-article',
    body: [
      { type: 'heading', level: 2, text: 'A first heading' },
      { type: 'paragraph', content: [{ text: 'The first paragraph says one thing, ' }, { text: 'in bold', bold: true }, { text: ' and then more.' }] },
      { type: 'list', ordered: false, items: [[{ text: 'One point' }], [{ text: 'Another point' }]] },
    ],
  });
  type Article = ReturnType<typeof article>;
  const changed = (edit: (value: Article) => void) => {
    const value = article();
    edit(value);
    return value;
  };
  const articleWhere = (...names: string[]) => [t.articles.heading, 'A test article', ...names].join(t.placeJoint);
  const linesOf = (after: Article) => summaryOf([{ file: FILE, before: article(), after, edits: diffValues(article(), after) }]);

  it('names the article by its title in the list of articles, never by its file', () => {
    expect(linesOf(changed((v) => (v.title = 'A better title')))).toEqual([
      fill(t.history.changeSet, { where: articleWhere(labelOf('title')), before: "'A test article'", after: "'A better title'" }),
    ]);
    expect(fileInWords(FILE, article(), true)).toBe(fill(t.history.fileMade, { where: articleWhere() }));
    expect(fileInWords(FILE, article(), false)).toBe(fill(t.history.fileRemoved, { where: articleWhere() }));
    // A developer's release that changed it (no value at hand): the list it is in, not "the site" or its file.
    const release = revisionOfCommit({ id: 'c0ffee', author: 'Dev', at: '2026-11-25T10:00:00Z', subject: 'A release', body: '', files: [FILE] } as Parameters<
      typeof revisionOfCommit
    >[0]);
    expect(release.summary.join(' ')).toContain(t.articles.heading);
    expect(release.summary.join(' ')).not.toContain('a-test-article');
  });

  it('says an edit of the text as one change of the box, its words before and after, never its blocks as paths', () => {
    // A word changed inside a paragraph (a path deep in the blocks), and a block added (the list of blocks changed).
    for (const after of [
      changed((v) => (v.body[1]!.content![2]!.text = ' and then much more.')),
      changed((v) => v.body.push({ type: 'paragraph', content: [{ text: 'A closing line.' }] })),
    ]) {
      const lines = linesOf(after);
      expect(lines).toHaveLength(1);
      expect(lines[0]!.startsWith(`${articleWhere(t.labels.body)}: `)).toBe(true);
      for (const word of ['paragraph', 'content', 'heading', 'Item', '[', 'body']) expect(lines[0]).not.toContain(word);
    }
    const [line] = linesOf(changed((v) => (v.body[1]!.content![2]!.text = ' and then much more.')));
    expect(line).toContain('then more.');
    expect(line).toContain('then much more.');
    // Two edits in the same box are one line; an edit beside it is its own.
    expect(
      linesOf(changed((v) => ((v.body[0]!.text = 'A new heading'), (v.body[2]!.items![1]![0]!.text = 'A changed point'), (v.title = 'Retitled')))),
    ).toHaveLength(2);
  });

  it("shows the text's words whole on each side of the before/after view", () => {
    const after = changed((v) => (v.body[0]!.text = 'A new heading'));
    expect(editsView(FILE, article(), after, diffValues(article(), after))).toEqual([
      {
        where: articleWhere(t.labels.body),
        before: 'A first heading The first paragraph says one thing, in bold and then more. One point Another point',
        after: 'A new heading The first paragraph says one thing, in bold and then more. One point Another point',
      },
    ]);
    // In the summary the two sides are shortened around where they differ.
    const [line] = editsInWords(FILE, article(), after, diffValues(article(), after));
    expect(line).toMatch(new RegExp(`^${articleWhere(t.labels.body).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: 'A first heading[^']*' → 'A new heading[^']*'$`));
  });

  it("names a refusal inside the text at its box (the checker's sentences use the same places)", () => {
    expect(placeOf(FILE, article(), ['body', 1, 'content', 0, 'text'])).toEqual([t.articles.heading, 'A test article', t.labels.body]);
  });
});
