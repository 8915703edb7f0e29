/**
 * configModules reads a config file as it is at each read, though a file read again with nothing
 * of its bundle changed is not bundled again (its last bundle is run again): a change of the file,
 * of a file it imports, or of which file an import finds is seen at the next read, and each read
 * gives a result of its own.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ConfigModuleError, configModules } from './configModules';

let dir: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
const read = async (file: string) => (await configModules(dir).load(path.join(dir, file))).default;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'config-modules-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('reads a file again as it is now, its bytes changed and its length not', async () => {
  write('site.ts', "export default { name: 'aaa' };\n");
  expect(await read('site.ts')).toEqual({ name: 'aaa' });
  write('site.ts', "export default { name: 'bbb' };\n");
  expect(await read('site.ts')).toEqual({ name: 'bbb' });
  expect(await read('site.ts')).toEqual({ name: 'bbb' });
});

it('sees a change of a file that the file read imports', async () => {
  write('words.ts', "export const hello = 'Hello';\n");
  write('pages/home.ts', "import { hello } from '../words';\nexport default { heading: hello };\n");
  expect(await read('pages/home.ts')).toEqual({ heading: 'Hello' });
  write('words.ts', "export const hello = 'Howdy';\n");
  expect(await read('pages/home.ts')).toEqual({ heading: 'Howdy' });
});

it('sees an import find another file, and an imported file go', async () => {
  write('shared/index.ts', "export default 'from the folder';\n");
  write('page.ts', "import shared from './shared';\nexport default { shared };\n");
  expect(await read('page.ts')).toEqual({ shared: 'from the folder' });
  // ./shared.ts comes before ./shared/index.ts.
  write('shared.ts', "export default 'from the file';\n");
  expect(await read('page.ts')).toEqual({ shared: 'from the file' });
  rmSync(path.join(dir, 'shared.ts'));
  rmSync(path.join(dir, 'shared'), { recursive: true });
  await expect(read('page.ts')).rejects.toMatchObject({ kind: 'missing-file' } satisfies Partial<ConfigModuleError>);
});

it('reports a mistake made after a good read, and reads the file again once mended', async () => {
  write('site.ts', "export default { name: 'good' };\n");
  expect(await read('site.ts')).toEqual({ name: 'good' });
  write('site.ts', "export default { name: 'good' ;\n");
  await expect(read('site.ts')).rejects.toMatchObject({ kind: 'syntax' } satisfies Partial<ConfigModuleError>);
  write('site.ts', "export default { name: 'mended' };\n");
  expect(await read('site.ts')).toEqual({ name: 'mended' });
});

it('gives each read a value of its own: changing one read changes no later one', async () => {
  write('site.ts', "export default { names: ['one'] };\n");
  const first = (await read('site.ts')) as { names: string[] };
  first.names.push('two');
  expect(await read('site.ts')).toEqual({ names: ['one'] });
});

it('reads the same file of two folders as each folder has it', async () => {
  write('site.ts', "export default { name: 'first' };\n");
  const first = dir;
  const second = mkdtempSync(path.join(os.tmpdir(), 'config-modules-'));
  try {
    writeFileSync(path.join(second, 'site.ts'), "export default { name: 'second' };\n");
    expect((await configModules(first).load(path.join(first, 'site.ts'))).default).toEqual({ name: 'first' });
    expect((await configModules(second).load(path.join(second, 'site.ts'))).default).toEqual({ name: 'second' });
  } finally {
    rmSync(second, { recursive: true, force: true });
  }
});

it('reads a copy of a folder as the copy has it: a file it imports changed there, its length not', async () => {
  write('words.ts', "export const hello = 'Hello';\n");
  write('pages/home.ts', "import { hello } from '../words';\nexport default { heading: hello };\n");
  const first = dir;
  const copy = mkdtempSync(path.join(os.tmpdir(), 'config-modules-'));
  const readIn = async (folder: string, file: string) => (await configModules(folder).load(path.join(folder, file))).default;
  try {
    expect(await readIn(first, 'pages/home.ts')).toEqual({ heading: 'Hello' });
    cpSync(first, copy, { recursive: true });
    writeFileSync(path.join(copy, 'words.ts'), "export const hello = 'Howdy';\n");
    expect(await readIn(copy, 'pages/home.ts')).toEqual({ heading: 'Howdy' });
    expect(await readIn(first, 'pages/home.ts')).toEqual({ heading: 'Hello' });
    expect(await readIn(copy, 'pages/home.ts')).toEqual({ heading: 'Howdy' });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
