/**
 * The layers hold (src/layers.ts): every import of the code, read with TypeScript's own module
 * resolution (src/test/imports.ts), points down or stays in its layer; no file is in a circle of
 * imports (tests and e2e/ included); every file of src/ and config/ is in a layer; config/ names
 * only its descriptions' types.
 */
import path from 'node:path';
import { isTestFile, LAYERS, layerOf } from './layers';
import { circlesOf, projectImports } from './test/imports';

const root = path.resolve(__dirname, '..');
const imports = projectImports(root);
const code = imports.filter((i) => !isTestFile(i.from));
const where = (i: { from: string; line: number }) => `${i.from}:${i.line}`;

/** config/ names the types of its descriptions (`satisfies PageConfig`), which sit in the layers above it: nothing else. */
const describes = (i: { from: string; to: string | undefined; typeOnly: boolean }) => i.from.startsWith('config/') && i.typeOnly && !!i.to && /Schema\.ts$/.test(i.to);

test('every import of the project resolves to a file', () => {
  expect(imports.filter((i) => i.to === undefined).map((i) => `${where(i)} ${i.specifier}`)).toEqual([]);
});

test('every file of src/ and config/ is in a layer', () => {
  const files = new Set(code.flatMap((i) => [i.from, i.to!]).filter((f) => /^(src|config)\//.test(f) && !isTestFile(f)));
  expect([...files].filter((f) => layerOf(f) === undefined && !/^src\/[^/]+\.ts$/.test(f))).toEqual([]);
});

test('no import runs up a layer', () => {
  const upward = code
    .filter((i) => i.to && !describes(i))
    .filter((i) => {
      const from = layerOf(i.from);
      const to = layerOf(i.to!);
      return from !== undefined && (to === undefined ? !i.to!.startsWith('src/test/') : to > from);
    })
    .map((i) => `${where(i)} (${LAYERS[layerOf(i.from)!]!.name}) imports ${i.to} (${layerOf(i.to!) === undefined ? 'a test' : LAYERS[layerOf(i.to!)!]!.name})`);
  expect(upward).toEqual([]);
});

test('config/ imports nothing of src/ but its descriptions\' types', () => {
  expect(imports.filter((i) => i.from.startsWith('config/') && i.to?.startsWith('src/') && !describes(i)).map((i) => `${where(i)} ${i.specifier}`)).toEqual([]);
});

test('no file is in a circle of imports', () => {
  const circles = circlesOf(imports.filter((i) => i.to).map((i) => [i.from, i.to!] as const));
  expect(circles.map((c) => c.join(' <-> '))).toEqual([]);
});
