/**
 * The visitors' build holds only the parts of config/site.ts and config/server.ts built into its
 * code (src/render/vitePlugins.ts contentOutOfTheCode, taken from vite.config.ts as the build takes
 * it): a module of that code that imports either file itself stops the build, naming the module to
 * read instead; the one that may gets the part, and nothing else of the file. Each case is a real
 * `vite build` of a small module written as if it sat in src/site/islands, in one Node process
 * (vite is an ES module, which jest's own module system cannot load).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import server from '../../config/server';
import { serverSettingsOf } from '../site/model/serverSettings';
import { copyOf } from '../test/copyGuard';

jest.setTimeout(120_000);

const root = path.resolve(__dirname, '../..');

/** Each case's module: what it imports, as a module of src/site/islands would. */
const cases = {
  server: "import value from '../../../config/server'; console.log(value);",
  site: "import value from '../../../config/site'; console.log(value);",
  builtServer: "export { default } from '../model/builtServerSettings';",
};

/** What the module built exports (as JSON) and its code, or why it was not built. */
type Outcome = { value: string; code: string } | { error: string };
let outcomes: Record<keyof typeof cases, Outcome>;
beforeAll(() => {
  const script = `
    import { build, loadConfigFromFile } from 'vite';
    const cases = ${JSON.stringify(cases)};
    const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, 'vite.config.ts', process.cwd(), 'silent');
    const plugin = loaded.config.plugins.flat().find((p) => p && p.name === 'content-out-of-the-code');
    const outcomes = {};
    for (const [name, code] of Object.entries(cases)) {
      const entry = process.cwd() + '/src/site/islands/probe-' + name + '.ts';
      const probe = { name: 'probe', enforce: 'pre', resolveId: (id) => (id === 'probe' ? entry : null), load: (id) => (id === entry ? code : null) };
      try {
        const result = await build({
          configFile: false, root: process.cwd(), logLevel: 'silent', plugins: [probe, plugin],
          build: { write: false, rolldownOptions: { input: 'probe', preserveEntrySignatures: 'strict' } },
        });
        const [chunk] = [result].flat().flatMap((r) => r.output);
        const built = await import('data:text/javascript,' + encodeURIComponent(chunk.code));
        outcomes[name] = { value: JSON.stringify(built.default), code: chunk.code };
      } catch (error) {
        outcomes[name] = { error: String(error.message) };
      }
    }
    console.log(JSON.stringify(outcomes));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 110_000 });
  if (run.status !== 0) throw new Error(run.stderr);
  outcomes = JSON.parse(run.stdout.trim().split('\n').pop()!) as typeof outcomes;
});

it.each([
  ['server', 'src/site/model/builtServerSettings.ts'],
  ['site', 'src/site/model/builtSettings.ts'],
] as const)("a module of the visitors' code that imports config/%s.ts stops the build, which names %s", (name, reader) => {
  const outcome = outcomes[name];
  expect('error' in outcome ? outcome.error : 'built').toContain(reader);
});

it('builtServerSettings.ts gets the part of config/server.ts, and nothing else of it', () => {
  const outcome = outcomes.builtServer;
  expect('value' in outcome ? outcome.value : outcome.error).toBe(JSON.stringify(serverSettingsOf(server)));
  // Its sentences (the spam trap's label, the inbox's and the mails' words): the part has none.
  const sentences = [...copyOf(server)];
  expect(sentences.length).toBeGreaterThan(0);
  expect(sentences.filter((text) => 'code' in outcome && outcome.code.includes(text))).toEqual([]);
});
