/**
 * The edits between two values of a file (contentDiff.ts), on lists shaped like a page's sections:
 * an item moved is one move (not an edit of every item between its two places), an item added or
 * removed is one splice, whatever else is edited beside them; and the edits, made in their order,
 * always give the value they were worked out for (random lists, random moves and edits, a fixed seed).
 */
import { applyEdits, diffValues, moveItem, pathsAfter, type Edit } from './contentDiff';

const section = (n: number, over: Record<string, unknown> = {}) => ({ type: 'split', heading: `Heading ${n}`, text: `Text ${n}`, ...over });
const page = (sections: unknown[]) => ({ title: 'A page', sections });
const six = () => [1, 2, 3, 4, 5, 6].map((n) => section(n));
const moved = <T>(list: T[], from: number, to: number) => {
  const out = [...list];
  out.splice(to, 0, ...out.splice(from, 1));
  return out;
};

describe('diffValues: a list item moved, added or removed is one edit', () => {
  it('a section moved down or up is one move, from its place to its place, whatever the distance', () => {
    for (const [from, to] of [
      [0, 2],
      [0, 5],
      [4, 1],
      [5, 0],
      [1, 4],
    ] as const) {
      const before = page(six());
      const after = page(moved(six(), from, to));
      expect(diffValues(before, after)).toEqual([{ op: 'move', path: ['sections'], from, to, item: section(from + 1) }]);
    }
  });

  it('a section moved while another is edited: the move, then the edit at its place once moved', () => {
    const before = page(six());
    const list = moved(six(), 0, 3);
    list[5] = section(6, { heading: 'A new heading' });
    const edits = diffValues(before, page(list));
    expect(edits).toEqual([
      { op: 'move', path: ['sections'], from: 0, to: 3, item: section(1) },
      { op: 'set', path: ['sections', 5, 'heading'], before: 'Heading 6', after: 'A new heading' },
    ]);
  });

  it('a section moved and edited, known by its id, is a move and the edit inside it', () => {
    const before = page([section(1, { id: 'web' }), section(2), section(3)]);
    const after = page([section(2), section(3), section(1, { id: 'web', heading: 'Web design' })]);
    expect(diffValues(before, after)).toEqual([
      { op: 'move', path: ['sections'], from: 0, to: 2, item: section(1, { id: 'web' }) },
      { op: 'set', path: ['sections', 2, 'heading'], before: 'Heading 1', after: 'Web design' },
    ]);
  });

  it('a section added or removed anywhere is one splice of that section', () => {
    for (const at of [0, 3, 6]) {
      const grown = six();
      grown.splice(at, 0, section(9));
      expect(diffValues(page(six()), page(grown))).toEqual([{ op: 'splice', path: ['sections'], start: at, removed: [], added: [section(9)] }]);
    }
    for (const at of [0, 2, 5]) {
      const shrunk = six();
      shrunk.splice(at, 1);
      expect(diffValues(page(six()), page(shrunk))).toEqual([{ op: 'splice', path: ['sections'], start: at, removed: [section(at + 1)], added: [] }]);
    }
  });

  it('a text edited in place is an edit of that text, no move', () => {
    const list = six();
    list[2] = section(3, { text: 'Changed' });
    expect(diffValues(page(six()), page(list))).toEqual([{ op: 'set', path: ['sections', 2, 'text'], before: 'Text 3', after: 'Changed' }]);
  });

  it('two sections swapped are one move; two moves are two', () => {
    expect(diffValues(six(), moved(six(), 1, 2))).toHaveLength(1);
    const twice = moved(moved(six(), 0, 5), 0, 3);
    const edits = diffValues(six(), twice);
    expect(edits.map((e) => e.op)).toEqual(['move', 'move']);
    expect(applyEdits(six(), edits)).toEqual(twice);
  });
});

describe('applyEdits: the edits made in their order give the value they were worked out for', () => {
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

  it('1000 random lists of sections, moved, edited, added to and removed from', () => {
    const next = random(57);
    for (let round = 0; round < 1000; round++) {
      const before = Array.from({ length: 1 + next(7) }, (_v, i) => section(i, next(3) === 0 ? { id: `s${i}` } : {}));
      let after = before.map((s) => ({ ...s }));
      for (let step = next(4); step >= 0; step--) {
        const choice = next(4);
        const at = next(after.length);
        if (choice === 0 && after.length > 0) after = moved(after, at, next(after.length));
        else if (choice === 1 && after.length > 0) after[at] = { ...after[at]!, heading: `Edited ${round}.${step}` };
        else if (choice === 2) after.splice(next(after.length + 1), 0, section(100 + step));
        else if (after.length > 1) after.splice(at, 1);
      }
      const edits: Edit[] = diffValues(page(before), page(after));
      expect(applyEdits(page(before), edits)).toEqual(page(after));
      // A list of one length with nothing but moves: as many moves as items out of place at most, no other edit.
      if (after.length === before.length && after.every((s) => before.some((b) => JSON.stringify(b) === JSON.stringify(s)))) {
        expect(edits.every((e) => e.op === 'move')).toBe(true);
      }
    }
  });
});

describe('pathsAfter: a path of the file as published, where it is in the draft', () => {
  const code = ['sections', 2, 'actions', 0, 'href'];
  const page = { sections: [{ type: 'a' }, { type: 'b', actions: [{ href: 'x' }] }, { type: 'c', actions: [{ href: 'y' }] }, { type: 'd' }] };
  const moved = (from: number, to: number) => ({ ...page, sections: moveItem(page.sections, from, to) });

  it('follows its section moved, and the sections moved past it', () => {
    expect(pathsAfter(page, page, [code])).toEqual([code]);
    expect(pathsAfter(page, moved(2, 0), [code])).toEqual([['sections', 0, 'actions', 0, 'href']]);
    expect(pathsAfter(page, moved(1, 3), [code])).toEqual([['sections', 1, 'actions', 0, 'href']]);
    expect(pathsAfter(page, moved(3, 0), [code])).toEqual([['sections', 3, 'actions', 0, 'href']]);
  });

  it('shifts with sections added or removed before it, finds it spliced in again, and leaves out one removed or written anew', () => {
    expect(pathsAfter(page, { ...page, sections: [{ type: 'new' }, ...page.sections] }, [code])).toEqual([['sections', 3, 'actions', 0, 'href']]);
    expect(pathsAfter(page, { ...page, sections: page.sections.filter((_, i) => i !== 0) }, [code])).toEqual([['sections', 1, 'actions', 0, 'href']]);
    const [a, b, c, d] = page.sections;
    expect(pathsAfter(page, { ...page, sections: [c, a, b, d, { type: 'e' }] }, [code])).toEqual([['sections', 0, 'actions', 0, 'href']]);
    expect(pathsAfter(page, { ...page, sections: [a, b, d] }, [code])).toEqual([]);
    expect(pathsAfter(page, { ...page, sections: [a, b, { type: 'c', actions: [{ href: 'z' }] }, d] }, [code])).toEqual([]);
  });
});
