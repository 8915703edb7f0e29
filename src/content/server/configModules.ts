/**
 * Reads config files (TypeScript) in this process, fresh each time, without a module cache
 * that grows: each file is bundled by esbuild with the config files it imports (types are
 * dropped, as TypeScript does) and run as a function; the result is its exports. The checker,
 * the content editor's server, the build and the dev server all read config/ this way: no
 * process per read, and a publish reads the files it has just written.
 *
 * What can go wrong comes back as a ConfigModuleError that says where: esbuild's own messages
 * for a file that cannot be parsed or a name another file does not export (file, line and
 * column from esbuild), a missing file (the importer and the name it asked for), and an error
 * while the file runs (its place found through the bundle's source map).
 *
 * A config file may import other files of the same config folder only; an import() in one stays
 * a function that is never called (a file is read on its own).
 *
 * A file read again, with every file its bundle was made from unchanged, is not bundled again:
 * its last bundle is kept with the bytes of each file bundled and the file each import found
 * (`kept`), and when the same bytes are read and the same files found, it is run again (esbuild
 * makes the same bundle of the same input). The files are named inside their config folder, so
 * a copy of the folder (a publish reads its files back in one) finds the bundles made in another.
 * Each read still runs the bundle: its result is new.
 */
import type { Message, Plugin } from 'esbuild';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { compileFunction } from 'node:vm';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

export type ConfigErrorKind = 'syntax' | 'missing-file' | 'missing-export' | 'runtime' | 'outside';

/** Why a config file could not be read, with the place (an absolute file, 1-based line and column) when known. */
export class ConfigModuleError extends Error {
  constructor(
    readonly kind: ConfigErrorKind,
    /** The file the mistake is in (for a missing file: the file that is missing). */
    readonly file: string,
    message: string,
    readonly details: { line?: number; column?: number; importer?: string; name?: string; from?: string } = {},
  ) {
    super(message);
  }
}

const TS_EXTENSIONS = ['', '.ts', '/index.ts'];

/** The file a relative import names, or undefined when none exists. */
function resolveFile(spec: string, fromDir: string): string | undefined {
  const base = path.resolve(fromDir, spec);
  for (const ext of TS_EXTENSIONS) {
    const file = base + ext;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

const inside = (dir: string, file: string) => {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
};

/** What a bundle was made from: each file's bytes as bundled, and the file each import found (undefined: none). */
interface Inputs {
  files: Map<string, Buffer>;
  imports: { spec: string; fromDir: string; found: string | undefined }[];
}

/**
 * Keeps every import inside the config folder; leaves a page list's loaders to run later. Notes
 * in `inputs` what the bundle is made from: the file each import found, and the bytes of each
 * TypeScript file as read for it (another kind of file is left to esbuild, and its bundle is not kept).
 */
function configOnly(configDir: string, inputs: Inputs & { keepable: boolean }): Plugin {
  return {
    name: 'config-only',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        const contents = readFileSync(args.path);
        inputs.files.set(args.path, contents);
        return { contents, loader: 'ts' };
      });
      b.onLoad({ filter: /.*/ }, () => {
        inputs.keepable = false;
        return undefined;
      });
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        // An import() is never called here: not bundled.
        if (args.kind === 'dynamic-import') return { path: args.path, external: true };
        const file = resolveFile(args.path, args.resolveDir);
        inputs.imports.push({ spec: args.path, fromDir: args.resolveDir, found: file });
        if (!file) {
          const missing = path.resolve(args.resolveDir, args.path);
          return { errors: [{ text: `missing-file:${path.extname(missing) ? missing : `${missing}.ts`}` }] };
        }
        if (!inside(configDir, file)) return { errors: [{ text: `outside:${args.path}` }] };
        return { path: file };
      });
    },
  };
}

/** The column esbuild gives counts from 0; people count from 1. */
function fromMessage(message: Message, entry: string, root: string): ConfigModuleError {
  const where = message.location?.file ? path.resolve(root, message.location.file) : entry;
  const line = message.location?.line;
  const column = message.location ? message.location.column + 1 : undefined;
  const importer = message.location?.file ? path.resolve(root, message.location.file) : undefined;
  if (message.text.startsWith('missing-file:')) {
    const missing = message.text.slice('missing-file:'.length);
    return new ConfigModuleError('missing-file', missing, `Cannot find module '${missing}'`, importer ? { importer } : {});
  }
  if (message.text.startsWith('outside:')) {
    const spec = message.text.slice('outside:'.length);
    return new ConfigModuleError('outside', where, `imports "${spec}", which is not a file of the config folder`, {
      ...(line ? { line } : {}),
      ...(column ? { column } : {}),
    });
  }
  // No matching export in "config/site.ts" for import "default"
  const noExport = /^No matching export in "([^"]+)" for import "([^"]+)"/.exec(message.text);
  if (noExport) {
    return new ConfigModuleError('missing-export', where, message.text, {
      name: noExport[2]!,
      from: path.resolve(root, noExport[1]!),
      ...(line ? { line } : {}),
    });
  }
  return new ConfigModuleError('syntax', where, message.text, { ...(line ? { line } : {}), ...(column ? { column } : {}) });
}

interface Bundle {
  code: string;
  map: RawSourceMap;
  /** The bundle's own name in stack traces. */
  filename: string;
}

/**
 * The last bundles of each file, by its path inside its config folder, and what each was made
 * from, named inside that folder too: a copy of the folder (a publish's read-back, a revision's)
 * finds the bundle of the same file with the same bytes made in another (esbuild makes the same
 * bundle of the same files at the same places in a folder, wherever the folder is). The least
 * recently read dropped beyond FILES_KEPT. A pure memo, left at module level on purpose: a bundle
 * is a function of the bytes it was made from, which every use reads again and compares
 * (`unchanged`), and shared between every folder and whoever asks (that is its point: a copy of
 * the folder finds it).
 */
const kept = new Map<string, { bundle: Bundle; inputs: Inputs }[]>();
/** Files kept (each with up to VERSIONS_KEPT bundles): more than a config folder has. */
const FILES_KEPT = 64;
/** Versions kept of one file (its bytes, or those of a file it imports, differing): the site's, a publish's, an undo's. */
const VERSIONS_KEPT = 4;

/** Whether every file a bundle was made from reads the same bytes now in `root`, and every import finds the same file there. */
function unchanged({ files, imports }: Inputs, root: string): boolean {
  for (const [file, bytes] of files) {
    try {
      if (!readFileSync(path.join(root, file)).equals(bytes)) return false;
    } catch {
      return false;
    }
  }
  return imports.every(
    ({ spec, fromDir, found }) => resolveFile(spec, path.join(root, fromDir)) === (found === undefined ? undefined : path.join(root, found)),
  );
}

/** The inputs named inside `root`, as kept. */
function relativeTo(root: string, { files, imports }: Inputs): Inputs {
  return {
    files: new Map([...files].map(([file, bytes]) => [path.relative(root, file), bytes])),
    imports: imports.map(({ spec, fromDir, found }) => ({
      spec,
      fromDir: path.relative(root, fromDir),
      found: found === undefined ? undefined : path.relative(root, found),
    })),
  };
}

async function bundle(entry: string, configDir: string): Promise<Bundle> {
  const key = path.relative(configDir, entry);
  const versions = kept.get(key) ?? [];
  kept.delete(key);
  const last = versions.find(({ inputs }) => unchanged(inputs, configDir));
  const filename = `${entry}.bundle.js`;
  if (last) {
    kept.set(key, [last, ...versions.filter((v) => v !== last)]);
    return { ...last.bundle, filename };
  }
  const inputs = { files: new Map<string, Buffer>(), imports: [], keepable: true };
  const made = await bundleNow(entry, configDir, inputs);
  if (inputs.keepable) kept.set(key, [{ bundle: made, inputs: relativeTo(configDir, inputs) }, ...versions].slice(0, VERSIONS_KEPT));
  else if (versions.length > 0) kept.set(key, versions);
  while (kept.size > FILES_KEPT) kept.delete(kept.keys().next().value!);
  return made;
}

async function bundleNow(entry: string, configDir: string, inputs: Inputs & { keepable: boolean }): Promise<Bundle> {
  try {
    // esbuild is loaded at the first bundle, not when the server starts (an inbox without the editor never needs it).
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [entry],
      absWorkingDir: configDir,
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      sourcemap: 'external',
      outfile: `${entry}.bundle.js`,
      logLevel: 'silent',
      plugins: [configOnly(configDir, inputs)],
    });
    const code = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
    const map = JSON.parse(result.outputFiles.find((f) => f.path.endsWith('.map'))!.text) as RawSourceMap;
    return { code, map, filename: `${entry}.bundle.js` };
  } catch (error) {
    const messages = (error as { errors?: Message[] }).errors;
    if (messages?.[0]) throw fromMessage(messages[0], entry, configDir);
    throw error;
  }
}

/** The first place of the error's stack inside the bundle, mapped back to its config file. */
function placeOf(error: unknown, { map, filename }: Bundle, configDir: string): { file: string; line: number; column: number } | undefined {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const escaped = filename.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const frame = new RegExp(`${escaped}:(\\d+):(\\d+)`).exec(stack);
  if (!frame) return undefined;
  const original = new SourceMapConsumer(map).originalPositionFor({ line: Number(frame[1]), column: Number(frame[2]) - 1 });
  if (!original.source || original.line === null) return undefined;
  const file = path.resolve(path.dirname(filename), original.source);
  return inside(configDir, file) ? { file, line: original.line, column: original.column + 1 } : undefined;
}

export interface ConfigModules {
  /** A config file's exports (`default` among them), read now. Rejects with a ConfigModuleError. */
  load(file: string): Promise<Record<string, unknown>>;
}

/** A reader of the config files in `configDir`; each call of `load` reads the files as they are now. */
export function configModules(configDir: string): ConfigModules {
  const root = path.resolve(configDir);
  const load = async (file: string): Promise<Record<string, unknown>> => {
    const entry = path.resolve(file);
    if (!existsSync(entry)) throw new ConfigModuleError('missing-file', entry, `Cannot find module '${entry}'`);
    const compiled = await bundle(entry, root);
    const module = { exports: {} as Record<string, unknown> };
    // Every import is bundled but an import(), which stays a function nobody here calls: a require() that runs is a mistake.
    const requireNothing = (spec: string) => {
      throw new ConfigModuleError('outside', entry, `imports "${spec}" while it runs, which a config file cannot do`);
    };
    const run = compileFunction(compiled.code, ['module', 'exports', 'require'], { filename: compiled.filename });
    try {
      run(module, module.exports, requireNothing);
    } catch (error) {
      if (error instanceof ConfigModuleError) throw error;
      const place = placeOf(error, compiled, root);
      const message = error instanceof Error ? error.message : String(error);
      throw new ConfigModuleError('runtime', place?.file ?? entry, message, place ? { line: place.line, column: place.column } : {});
    }
    return module.exports;
  };
  return { load };
}
