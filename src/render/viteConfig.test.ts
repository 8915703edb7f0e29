/**
 * vite.config.ts and vite.admin.config.ts load without a warning: vite bundles a config and
 * everything it imports each time it loads it (three times per build), and warns of each import
 * its future loader cannot read. The config reads the islands' registry as text
 * (src/render/viteManifest.ts) rather than importing it, which would pull every island's
 * component into the config; the few modules it imports name their files in full.
 * One Node process loads both, as vite does (vite is an ES module, which jest's own module
 * system cannot load), each with a logger of its own.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

jest.setTimeout(120_000);

const root = path.resolve(__dirname, '../..');
const configFiles = ['vite.config.ts', 'vite.admin.config.ts'];

let loaded: { warnings: string[]; dependencies: number }[];
let stderr: string;
beforeAll(() => {
  const script = `
    import { createLogger, loadConfigFromFile } from 'vite';
    const results = [];
    for (const configFile of ${JSON.stringify(configFiles)}) {
      const warnings = [];
      const logger = { ...createLogger('silent'), warn: (text) => warnings.push(text), warnOnce: (text) => warnings.push(text) };
      const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, configFile, process.cwd(), 'warn', logger);
      results.push({ warnings, dependencies: loaded.dependencies.length });
    }
    console.log(JSON.stringify(results));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 110_000 });
  stderr = run.stderr;
  loaded = JSON.parse(run.stdout) as typeof loaded;
});

it('nothing is printed on standard error', () => {
  expect(stderr).toBe('');
  expect(loaded).toHaveLength(configFiles.length);
});

it.each(configFiles.map((file, i) => [file, i] as const))('%s loads without a warning, importing a handful of modules', (_file, i) => {
  const { warnings, dependencies } = loaded[i]!;
  expect(warnings).toEqual([]);
  // The config, the build's helpers it names, and the few shared files they import (about ten): not the site's components (hundreds).
  expect(dependencies).toBeLessThan(15);
});
