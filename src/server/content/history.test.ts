/**
 * One change taken back, and a file restored, as data (history.ts), and two texts in words
 * (contentDiff.ts describePair): on values shaped like the content (sections with ids, lists of
 * items), written here, not the agency's.
 */
import { describePair, editInWords } from '../../shared/contentDiff';
import { restoreFile, undoFile } from './history';

const page = (over: Record<string, unknown> = {}) => ({
  title: 'A page',
  sections: [
    { type: 'hero', heading: 'Old heading', text: 'Old text' },
    { type: 'faq', id: 'faq', items: [{ question: 'One?', answer: 'Yes.' }, { question: 'Two?', answer: 'No.' }] },
  ],
  ...over,
});
type Page = ReturnType<typeof page>;
const edited = (edit: (value: Page) => void, from: Page = page()) => {
  const value = JSON.parse(JSON.stringify(from)) as Page;
  edit(value);
  return value;
};

describe('undoFile: one revision\'s change taken back from the file as it is now', () => {
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
    expect(((undoFile(before, added, later).value as Page).sections[1] as { items: { question: string }[] }).items.map((i) => i.question)).toEqual(['Zero?', 'One?', 'Two?']);

    const removed = edited((v) => (v.sections[1] as { items: unknown[] }).items.splice(1, 1), before);
    const grown = edited((v) => (v.sections[1] as { items: unknown[] }).items.unshift({ question: 'Zero?', answer: 'First.' }), removed);
    expect(((undoFile(before, removed, grown).value as Page).sections[1] as { items: { question: string }[] }).items.map((i) => i.question)).toEqual(['Zero?', 'One?', 'Two?']);
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

describe('restoreFile: a file as it was, in the shape it has now', () => {
  it('keys added since keep their values, in the file and in list items matched by id, and each is noted', () => {
    const then = page();
    const now = edited((v) => {
      Object.assign(v, { description: 'Added by a release' });
      Object.assign(v.sections[1]!, { layout: 'wide' });
      v.sections[0]!.heading = 'Changed since';
    }, then);
    const { value, notes } = restoreFile(then, now);
    expect(value).toEqual(edited((v) => {
      Object.assign(v, { description: 'Added by a release' });
      Object.assign(v.sections[1]!, { layout: 'wide' });
    }, then));
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
    expect(editInWords('Home', { heading: `${start}win` }, { op: 'set', path: ['heading'], before: `${start}win`, after: `${start}earn` })).toMatch(/'….*win' → '….*earn'$/);
  });
});
