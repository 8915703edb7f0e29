/**
 * The layers hold (src/layers.ts): every import of the code, read with TypeScript's own module
 * resolution (src/test/imports.ts), points down or stays in its layer; no file is in a circle of
 * imports (tests and e2e/ included); every file of src/ and config/ is in a layer; config/ names
 * only its descriptions' types; docs/code-layout.md's diagram draws the folders' imports as they are.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isTestFile, LAYERS, layerOf, TOP_FOLDERS, topFolderOf, UPWARD_IMPORTS, upwardImportOf } from './layers';
import { circlesOf, projectImports } from './test/imports';

const root = path.resolve(__dirname, '..');
const imports = projectImports(root);
const code = imports.filter((i) => !isTestFile(i.from));
const where = (i: { from: string; line: number }) => `${i.from}:${i.line}`;

/** config/ names the types of its descriptions (`satisfies PageConfig`), which sit in the layers above it: nothing else. */
const describes = (i: { from: string; to: string | undefined; typeOnly: boolean }) =>
  i.from.startsWith('config/') && i.typeOnly && !!i.to && /Schema\.ts$/.test(i.to);

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

describe('the top folders', () => {
  const upward = code.filter((i) => {
    const from = topFolderOf(i.from);
    const to = i.to === undefined ? undefined : topFolderOf(i.to);
    return from !== undefined && to !== undefined && to > from;
  });

  test('every file of src/ and config/ is in a top folder', () => {
    const files = new Set(code.flatMap((i) => [i.from, i.to!]).filter((f) => /^(src|config)\//.test(f) && !isTestFile(f)));
    expect([...files].filter((f) => topFolderOf(f) === undefined && !/^src\/[^/]+\.ts$/.test(f))).toEqual([]);
  });

  test('no import runs up the top folders but the named exceptions', () => {
    expect(
      upward
        .filter((i) => !upwardImportOf({ ...i, to: i.to! }))
        .map((i) => `${where(i)} (${TOP_FOLDERS[topFolderOf(i.from)!]}) imports ${i.to} (${TOP_FOLDERS[topFolderOf(i.to!)!]})`),
    ).toEqual([]);
  });

  test('at most three exceptions, each still needed, each with its reason in docs/code-layout.md', () => {
    const doc = readFileSync(path.join(root, 'docs/code-layout.md'), 'utf8');
    expect(UPWARD_IMPORTS.length).toBeLessThanOrEqual(3);
    expect(UPWARD_IMPORTS.filter((u) => !upward.some((i) => upwardImportOf({ ...i, to: i.to! }) === u)).map((u) => `${u.from} -> ${u.to}`)).toEqual([]);
    expect(UPWARD_IMPORTS.filter((u) => !doc.includes(`\`${u.from}\` → \`${u.to}\``)).map((u) => `${u.from} -> ${u.to}`)).toEqual([]);
  });
});

test("config/ imports nothing of src/ but its descriptions' types", () => {
  expect(imports.filter((i) => i.from.startsWith('config/') && i.to?.startsWith('src/') && !describes(i)).map((i) => `${where(i)} ${i.specifier}`)).toEqual([]);
});

test('no file is in a circle of imports', () => {
  const circles = circlesOf(imports.filter((i) => i.to).map((i) => [i.from, i.to!] as const));
  expect(circles.map((c) => c.join(' <-> '))).toEqual([]);
});

/**
 * docs/code-layout.md draws the folders (config/ and each folder of src/ but the tests') and which
 * imports which: `a --> b` when a file of a imports one of b, `a -.-> b` when every such import
 * is of types only. The drawing and the code's imports must be the same arrows.
 */
describe("docs/code-layout.md's diagram", () => {
  const folderOf = (file: string) => (file.startsWith('src/') ? /^src\/[^/]+(?=\/)/.exec(file)?.[0] : file.split('/')[0]);
  const drawn = diagramOf(readFileSync(path.join(root, 'docs/code-layout.md'), 'utf8'));
  const kinds = new Map<string, boolean>();
  for (const i of code) {
    const from = folderOf(i.from);
    const to = folderOf(i.to!);
    if (!from || !to || from === to || isTestFile(i.to!)) continue;
    const key = `${from} ${to}`;
    kinds.set(key, (kinds.get(key) ?? true) && i.typeOnly);
  }
  const imported = [...kinds].map(([key, typesOnly]) => key.replace(' ', typesOnly ? ' -.-> ' : ' --> ')).sort();

  test('draws every folder of the code', () => {
    const folders = [
      ...new Set(
        code
          .flatMap((i) => [i.from, i.to!])
          .filter((f) => !isTestFile(f))
          .map(folderOf),
      ),
    ].filter((f) => f && f !== 'src' && /^(src|config)/.test(f));
    expect(folders.filter((folder) => !drawn.folders.includes(folder!))).toEqual([]);
  });

  test('draws each folder-to-folder import, and no arrow the code does not have', () => {
    expect({
      drawnButNotImported: drawn.edges.filter((e) => !imported.includes(e)),
      importedButNotDrawn: imported.filter((e) => !drawn.edges.includes(e)),
    }).toEqual({ drawnButNotImported: [], importedButNotDrawn: [] });
  });

  test('reads a diagram: its nodes by their labels, solid and dotted arrows', () => {
    const text = ['# A', '```mermaid', 'flowchart TD', '  a["src/a"]', '  b["config"]', '  a --> b', '  b -.-> a', '```', '```mermaid', 'x --> y', '```'].join(
      '\n',
    );
    expect(diagramOf(text)).toEqual({ folders: ['src/a', 'config'], edges: ['config -.-> src/a', 'src/a --> config'] });
  });
});

/** The folders (node labels) and arrows (`from --> to`, `from -.-> to`, by label, sorted) of the first Mermaid block of a Markdown text. */
function diagramOf(markdown: string): { folders: string[]; edges: string[] } {
  const block = /```mermaid\n([\s\S]*?)```/.exec(markdown)?.[1] ?? '';
  const labels = new Map([...block.matchAll(/^\s*(\w+)\["([^"]+)"\]\s*$/gm)].map((m) => [m[1]!, m[2]!]));
  const edges = [...block.matchAll(/^\s*(\w+)\s*(-->|-\.->)\s*(\w+)\s*$/gm)].map((m) => `${labels.get(m[1]!) ?? m[1]} ${m[2]} ${labels.get(m[3]!) ?? m[3]}`);
  return { folders: [...labels.values()], edges: edges.sort() };
}
