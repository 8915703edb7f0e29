/**
 * vite.config.ts and vite.admin.config.ts load without a warning: vite bundles a config and
 * everything it imports each time it loads it (three times per build), and warns of each import
 * its future loader cannot read. The config reads the islands' registry as text
 * (src/build/viteManifest.ts) rather than importing it, which would pull every island's
 * component into the config; the few modules it imports name their files in full.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

jest.setTimeout(120_000);

const root = path.resolve(__dirname, '../..');

it.each(['vite.config.ts', 'vite.admin.config.ts'])('%s loads without a warning, importing a handful of modules', (configFile) => {
  const script = `
    import { createLogger, loadConfigFromFile } from 'vite';
    const warnings = [];
    const logger = { ...createLogger('silent'), warn: (text) => warnings.push(text), warnOnce: (text) => warnings.push(text) };
    const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, ${JSON.stringify(configFile)}, process.cwd(), 'warn', logger);
    console.log(JSON.stringify({ warnings, dependencies: loaded.dependencies.length }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 110_000 });
  expect(run.stderr).toBe('');
  const { warnings, dependencies } = JSON.parse(run.stdout) as { warnings: string[]; dependencies: number };
  expect(warnings).toEqual([]);
  // The config, the build's helpers it names, and the files they import: not the site's components.
  expect(dependencies).toBeLessThan(10);
});
