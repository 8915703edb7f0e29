// Jest's order of test files (jest.config.ts testSequencer): the longest first, so that no worker
// is left alone with a long file at the end of the run.
//
// Jest knows how long a file took from its cache, and runs the longest first. A file it has no
// time for (every file of a fresh clone: the cache is per checkout, CI's case) it orders by size,
// and a short file that builds the site or starts servers then starts last and ends the run alone.
// Such a file says so itself: it raises its time limit (`jest.setTimeout(900_000)`) because it
// takes long on a busy machine. So among files without a time, those with the higher limit go
// first, then the bigger ones. Files with a time keep Jest's order (a failed one first, then the
// longest), after those without.
import { readFileSync } from 'node:fs';
import jestSequencer from '@jest/test-sequencer';

const Sequencer = jestSequencer.default ?? jestSequencer;

/** The limit a test file sets with `jest.setTimeout(…)` (a number, `_` separators and `*` allowed), in ms; 0 without one. */
export function declaredLimit(source) {
  const limits = [...source.matchAll(/\bjest\.setTimeout\(\s*([\d_\s*]+)\)/g)].map(([, expression]) =>
    expression.split('*').reduce((product, factor) => product * Number(factor.replace(/[_\s]/g, '')), 1),
  );
  return Math.max(0, ...limits.filter(Number.isFinite));
}

export default class LongestFirst extends Sequencer {
  sort(tests) {
    const limits = new Map();
    const limitOf = (test) => {
      if (!limits.has(test.path)) limits.set(test.path, declaredLimit(readFileSync(test.path, 'utf8')));
      return limits.get(test.path);
    };
    const sizeOf = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    for (const test of tests) test.duration = this.time(test);
    return tests.sort((a, b) => {
      const failedA = this.hasFailed(a);
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1;
      const timedA = a.duration != null;
      if (timedA !== (b.duration != null)) return timedA ? 1 : -1;
      if (timedA) return b.duration - a.duration;
      return limitOf(b) - limitOf(a) || sizeOf(b) - sizeOf(a);
    });
  }
}
