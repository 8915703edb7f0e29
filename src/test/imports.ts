/**
 * Every import of the project's own files, read with the TypeScript compiler (its parser and its
 * own module resolution, as tsc and the editors resolve them): static imports and exports,
 * import(), require(), jest.mock() and its kin, `typeof import('…')`. Packages are left out.
 * src/layers.test.ts holds them to the layers (src/layers.ts) and finds circles; the diagram of
 * docs/code-layout.md is compared with them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface Import {
  /** The importing file, from the project's folder ('src/site/main.tsx'). */
  from: string;
  /** The imported file, from the project's folder; undefined when the specifier resolves to nothing. */
  to: string | undefined;
  specifier: string;
  /** `import type`, `export type`, or every name imported marked `type`, or `typeof import()`. */
  typeOnly: boolean;
  line: number;
}

/** The folders whose code is read (besides the project's own top-level files). */
const CODE_FOLDERS = ['src', 'config', 'scripts', 'e2e'];
const CODE = /\.(ts|tsx|mts|cts|mjs|cjs|js|jsx)$/;
const SKIP = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report']);
const MOCKS = new Set(['mock', 'unmock', 'doMock', 'dontMock', 'requireActual', 'requireMock', 'createMockFromModule', 'setMock']);

/** The project's code files, from its folder, sorted. */
function codeFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
      const file = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (dir || CODE_FOLDERS.includes(entry.name)) walk(file);
      } else if (CODE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(file);
    }
  };
  walk('');
  return out.sort();
}

const options: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  allowJs: true,
  jsx: ts.JsxEmit.ReactJSX,
};

/** Every import of the project's own files in its code, in the order of the files. */
export function projectImports(root: string): Import[] {
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const imports: Import[] = [];
  for (const file of codeFiles(root)) {
    const absolute = path.join(root, file);
    const source = ts.createSourceFile(absolute, readFileSync(absolute, 'utf8'), ts.ScriptTarget.Latest, true);
    const add = (specifier: string, typeOnly: boolean, node: ts.Node) => {
      if (!specifier.startsWith('.')) return;
      const resolved = ts.resolveModuleName(specifier, absolute, options, ts.sys, cache).resolvedModule;
      const to = resolved && !resolved.isExternalLibraryImport ? path.relative(root, resolved.resolvedFileName).split(path.sep).join('/') : undefined;
      imports.push({ from: file, to, specifier, typeOnly, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    };
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.importClause;
        const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
        const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
        add(node.moduleSpecifier.text, typeOnly, node);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        add(node.moduleSpecifier.text, node.isTypeOnly, node);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        add(node.argument.literal.text, true, node);
      } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0]!)) {
        const callee = node.expression;
        const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
        const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
        const isMock =
          ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'jest' && MOCKS.has(callee.name.text);
        if (isImport || isRequire || isMock) add((node.arguments[0] as ts.StringLiteralLike).text, false, node);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return imports;
}

/** The circles of a graph: its strongly connected components of more than one node (Tarjan), each from its first node in order. */
export function circlesOf(edges: readonly (readonly [string, string])[]): string[][] {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) {
    if (!next.has(a)) next.set(a, []);
    if (!next.has(b)) next.set(b, []);
    next.get(a)!.push(b);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let counter = 0;
  const strong = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) strong(v);
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
