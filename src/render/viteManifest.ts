/**
 * Reading vite's build manifest (dist/client/.vite/manifest.json): which files a page's
 * scripts load, and which files a lazily loaded module needs beyond those.
 */
import path from 'node:path';
import ts from 'typescript';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The file of a chunk and of every chunk it imports statically, leaving out those in `skip`. */
export function chunkFiles(manifest: ViteManifest, key: string, skip: ReadonlySet<string> = new Set(), found = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || skip.has(chunk.file) || found.has(chunk.file)) return found;
  found.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, skip, found);
  return found;
}

/** Everything the scripts a page names (by their built file) load before any dynamic import. */
export function filesLoadedBy(manifest: ViteManifest, scriptFiles: readonly string[]): Set<string> {
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const found = new Set<string>();
  for (const file of scriptFiles) {
    const key = keyOfFile.get(file);
    if (key === undefined) throw new Error(`vite's manifest does not name ${file}, a script of index.html`);
    chunkFiles(manifest, key, new Set(), found);
  }
  return found;
}

/**
 * The module each key of a registry loads, read from the registry's own source: in
 * `const islands = { faq: { load: () => import('./faq/Faq'), … }, … }` the key `faq` loads
 * src/site/islands/faq/Faq.tsx. Paths are relative to `root`, with `/`, as vite's
 * manifest names its modules. The registry is the one place that says which module draws
 * which island; the build reads it there rather than guessing from folder names.
 */
export function registryModules(root: string, registryFile: string, objectName: string): Record<string, string> {
  const file = path.resolve(root, registryFile);
  const modules: Record<string, string> = {};
  for (const [key, entry] of registryEntries(file, registryFile, objectName)) {
    let specifier: string | undefined;
    const find = (node: ts.Node) => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0]))
        specifier ??= node.arguments[0].text;
      ts.forEachChild(node, find);
    };
    find(entry);
    if (!specifier) throw new Error(`${registryFile}: ${key} does not import its module with import('…')`);
    const base = path.resolve(path.dirname(file), specifier);
    const resolved = ['', '.tsx', '.ts', '/index.tsx', '/index.ts'].map((ending) => base + ending).find((candidate) => ts.sys.fileExists(candidate));
    if (!resolved) throw new Error(`${registryFile}: ${key} imports ${specifier}, which does not exist`);
    modules[key] = path.relative(root, resolved).split(path.sep).join('/');
  }
  return modules;
}

/**
 * A text property of each key of a registry, read from its source as registryModules reads the
 * modules (`when: 'visible'` -> 'visible'); keys without it are left out. vite.config.ts reads
 * the islands' triggers so, without importing the registry (which would pull every island's
 * component, and everything they import, into vite's config bundle).
 */
function registryTexts(root: string, registryFile: string, objectName: string, property: string): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [key, entry] of registryEntries(path.resolve(root, registryFile), registryFile, objectName)) {
    if (!ts.isObjectLiteralExpression(entry)) continue;
    for (const field of entry.properties) {
      if (ts.isPropertyAssignment(field) && ts.isIdentifier(field.name) && field.name.text === property && ts.isStringLiteralLike(field.initializer))
        texts[key] = field.initializer.text;
    }
  }
  return texts;
}

/** Each key of the object literal named `objectName` in a registry's source, with its value. */
function registryEntries(file: string, registryFile: string, objectName: string): [string, ts.Expression][] {
  const source = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  let registry: ts.ObjectLiteralExpression | undefined;
  // `{ … } satisfies T`, `{ … } as T`, `({ … })`: the object inside.
  const unwrap = (node: ts.Expression): ts.Expression =>
    ts.isSatisfiesExpression(node) || ts.isAsExpression(node) || ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node;
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === objectName && node.initializer) {
      const value = unwrap(node.initializer);
      if (ts.isObjectLiteralExpression(value)) registry = value;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!registry) throw new Error(`${registryFile} has no object literal named ${objectName}`);
  return registry.properties.flatMap((property): [string, ts.Expression][] =>
    ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
      ? [[property.name.text, property.initializer]]
      : [],
  );
}

/** What hydrates an island in the browser (React with it): src/site/main.tsx loads it on an island's trigger. */
export const HYDRATE_MODULE = 'src/site/islands/hydrate.tsx';

/** Where each island's module is named: `islands` in src/site/islands/registry.ts. */
export const ISLAND_REGISTRY = 'src/site/islands/registry.ts';

/** Island name -> its module (a chunk of its own). */
export function islandModules(root: string): Record<string, string> {
  return registryModules(root, ISLAND_REGISTRY, 'islands');
}

/** Island name -> when its code runs (`when` in src/site/islands/registry.ts: 'interaction', 'visible', 'forms'). */
export function islandTriggers(root: string): Record<string, string> {
  return registryTexts(root, ISLAND_REGISTRY, 'islands', 'when');
}
