/**
 * Jest's order of test files (scripts/lib/jestSequencer.mjs): without a time from an earlier run,
 * a file that raises its time limit goes before one that does not, whatever their sizes; then the
 * bigger first. With times, the longest first, after the files without one.
 */
import type { Test } from '@jest/test-result';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import LongestFirst, { declaredLimit } from './lib/jestSequencer.mjs';

it('reads the limit a file sets, as it is written', () => {
  expect(declaredLimit('jest.setTimeout(900_000);')).toBe(900_000);
  expect(declaredLimit('jest.setTimeout(20 * 60_000);')).toBe(1_200_000);
  expect(declaredLimit('// no limit of its own\nit("x", () => {});')).toBe(0);
  expect(declaredLimit('jest.setTimeout(60_000);\njest.setTimeout(180_000);')).toBe(180_000);
});

it('runs first, of the files it has no time for, those with the higher limit, then the bigger', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sequencer-'));
  try {
    const files: Record<string, string> = {
      'builds.test.ts': 'jest.setTimeout(20 * 60_000);\nit("builds", () => {});',
      'big.test.ts': `it("many", () => {});\n${'// a long file without a limit of its own\n'.repeat(200)}`,
      'servers.test.ts': 'jest.setTimeout(180_000);\nit("starts servers", () => {});',
      'small.test.ts': 'it("one", () => {});',
    };
    for (const [name, source] of Object.entries(files)) writeFileSync(path.join(dir, name), source);
    // No cache: no file has a time from an earlier run (a fresh clone's case).
    const context = { config: { cache: false }, hasteFS: { getSize: (file: string) => statSync(file).size } };
    const tests = Object.keys(files).map((name) => ({ path: path.join(dir, name), context }) as unknown as Test);
    const order = new LongestFirst({ contexts: [], globalConfig: {} } as never).sort(tests).map((t) => path.basename(t.path));
    expect(order).toEqual(['builds.test.ts', 'servers.test.ts', 'big.test.ts', 'small.test.ts']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
