/**
 * Jest's eager import globs (scripts/lib/jestImportGlob.mjs): a module that finds its parts by a
 * pattern, as vite's build does (src/site/sections/registry.tsx), runs in jest with the same files,
 * and a file added later is found without clearing Jest's cache.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import transformer, { expandImportGlobs, filesMatching } from './lib/jestImportGlob.mjs';

/** A call of vite's eager glob, written so that this file's own source holds none for the transformer to expand. */
const eagerGlob = (pattern: string) => `import.meta.${'glob'}('${pattern}', { eager: true })`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'import-glob-'));
  for (const [file, source] of Object.entries({
    'a/ASection.tsx': 'export const ASection = 1;',
    'b/BSection.tsx': 'export const BSection = 2;',
    'b/Grid.tsx': 'export const Grid = 3;',
    'b/BSection.test.tsx': '',
    'CSection.tsx': '',
  })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('finds the files of each folder a pattern names, and only those, in order', () => {
  expect(filesMatching(dir, './*/*Section.tsx')).toEqual(['./a/ASection.tsx', './b/BSection.tsx']);
  expect(filesMatching(dir, './b/*.tsx')).toEqual(['./b/BSection.test.tsx', './b/BSection.tsx', './b/Grid.tsx']);
  expect(() => filesMatching(dir, './**/*.tsx')).toThrow(/\*\*/);
});

test('writes an eager glob out as an import of each file, by its relative path, the lines of the source kept', () => {
  const source = `const parts = ${eagerGlob('./*/*Section.tsx')};\nexport default parts;`;
  const expanded = expandImportGlobs(source, path.join(dir, 'registry.tsx'));
  const lines = expanded.split('\n');
  expect(lines[0]).toBe('const parts = { "./a/ASection.tsx": __importGlob0, "./b/BSection.tsx": __importGlob1 };');
  expect(lines[1]).toBe('export default parts;');
  expect(lines).toEqual(expect.arrayContaining(['import * as __importGlob0 from "./a/ASection.tsx";', 'import * as __importGlob1 from "./b/BSection.tsx";']));
  // A source without one is left as it is.
  expect(expandImportGlobs('const parts = {};', path.join(dir, 'other.ts'))).toBe('const parts = {};');
});

test('runs, compiled for jest, with the modules the pattern finds; a file added later changes the cache key', () => {
  const { process, getCacheKey } = transformer.createTransformer({ jsc: { parser: { syntax: 'typescript', tsx: true } }, module: { type: 'commonjs' } });
  const file = path.join(dir, 'registry.ts');
  const source = `export const parts = ${eagerGlob('./*/*Section.tsx')};`;
  const options = { config: {}, configString: '{}', instrument: false, supportsStaticESM: false } as object;
  const { code } = process(source, file, options);
  expect(code).not.toContain('import.meta');
  expect(code).toContain('require("./a/ASection.tsx")');

  const before = getCacheKey(source, file, options);
  expect(getCacheKey(source, file, options)).toBe(before);
  mkdirSync(path.join(dir, 'd'));
  writeFileSync(path.join(dir, 'd/DSection.tsx'), 'export const DSection = 4;');
  expect(getCacheKey(source, file, options)).not.toBe(before);
});
