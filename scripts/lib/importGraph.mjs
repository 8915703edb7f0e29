// Which test files read a given file: every project file a test file imports, directly or
// through others (static and dynamic imports alike), found by esbuild's bundler the way the
// tests' own compilers resolve them. The content-edits step (scripts/routine-edits.ts) uses it
// to run again only the tests that read the content the office edits.
import { build } from 'esbuild';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Every file below `dir` (relative to `root`) whose name matches `pattern`, skipping installed packages and output. */
export function filesUnder(root, dir, pattern) {
  const found = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'data', 'test-results'].includes(entry.name) && !entry.name.startsWith('.')) walk(name);
      } else if (pattern.test(entry.name)) found.push(name.split(path.sep).join('/'));
    }
  };
  walk(dir);
  return found.sort();
}

/**
 * The project's import graph as esbuild resolves it from `entries` (paths relative to `root`):
 * for each project file reached, the project files it imports (statically or with import()).
 * Installed packages are not followed.
 * @returns {Promise<Map<string, string[]>>}
 */
export async function importGraph(root, entries) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: entries,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: 'import-graph',
    logLevel: 'silent',
    // Pictures and other files a module may import are read as files, not followed.
    loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.webp': 'file', '.css': 'empty' },
  });
  const graph = new Map();
  for (const [file, input] of Object.entries(result.metafile.inputs)) {
    if (file.includes('node_modules/')) continue;
    graph.set(file, input.imports.map((i) => i.path).filter(isProjectModule));
  }
  return graph;
}

/** An import of the project's own code (not a package, a built-in or a picture). */
const isProjectModule = (imported) => Boolean(imported) && !imported.includes('node_modules/') && !imported.startsWith('node:') && /\.[cm]?[jt]sx?$/.test(imported);

/**
 * The entries that reach any of `targets` by imports that go only through files `through`
 * accepts (a target itself need not be accepted).
 */
export function readersOf(graph, entries, targets, through = () => true) {
  const wanted = new Set(targets);
  const reaches = (entry) => {
    const seen = new Set([entry]);
    const queue = [entry];
    while (queue.length) {
      const file = queue.pop();
      for (const next of graph.get(file) ?? []) {
        if (wanted.has(next)) return true;
        if (!seen.has(next) && through(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    return false;
  };
  return entries.filter(reaches).sort();
}
