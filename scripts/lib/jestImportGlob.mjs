// Jest's compiler of the code (jest.config.ts transform): SWC, as before, after vite's eager
// `import.meta.glob('./*/…', { eager: true })` is written out as vite writes it when it bundles:
// one `import * as` of each file the pattern finds, and the call an object of them by their
// relative path. So a module that finds its parts by a pattern (src/site/sections/registry.tsx,
// the section types' renderers) runs in jest as in the build. The files found are part of what
// Jest caches a compiled file by: a new file the pattern finds compiles the module again.
//
// Only the eager form with one pattern relative to the file, each part of its path a name with `*`
// (no `**`, no list, no negation), is written out: another form stays as it is, and fails where it
// runs (`import.meta` outside a module).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import swcJest from '@swc/jest';

const EAGER_GLOB = /import\.meta\.glob\(\s*(['"])(\.\/[^'"]*)\1\s*,\s*\{\s*eager:\s*true\s*,?\s*\}\s*\)/g;

/** The files under `dir` a pattern of `*`-names finds ('./*\/*Section.tsx'), as './a/ASection.tsx', in order. */
export function filesMatching(dir, pattern) {
  const parts = pattern.split('/').slice(1);
  if (parts.some((part) => part === '**' || part === '' || part === '..'))
    throw new Error(`${pattern}: only names with * are understood here, no ** and no ..`);
  const matcher = (part) => new RegExp(`^${part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}$`);
  let found = ['.'];
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    const name = matcher(part);
    found = found.flatMap((relative) =>
      readdirSync(path.join(dir, relative), { withFileTypes: true })
        .filter((entry) => (last ? entry.isFile() : entry.isDirectory()) && name.test(entry.name))
        .map((entry) => `${relative}/${entry.name}`),
    );
  }
  return found.sort();
}

/** The source with each eager glob written out as imports of the files it finds (appended, so that the lines stay where they were). */
export function expandImportGlobs(source, file) {
  if (!source.includes('import.meta.glob')) return source;
  const imports = [];
  const expanded = source.replace(EAGER_GLOB, (_call, _quote, pattern) => {
    const entries = filesMatching(path.dirname(file), pattern).map((match) => {
      const name = `__importGlob${imports.length}`;
      imports.push(`import * as ${name} from ${JSON.stringify(match)};`);
      return `${JSON.stringify(match)}: ${name}`;
    });
    return `{ ${entries.join(', ')} }`;
  });
  return imports.length === 0 ? expanded : `${expanded}\n${imports.join('\n')}\n`;
}

export default {
  createTransformer(options) {
    const swc = swcJest.createTransformer(options);
    return {
      canInstrument: swc.canInstrument,
      process: (source, file, jestOptions) => swc.process(expandImportGlobs(source, file), file, jestOptions),
      getCacheKey: (source, file, jestOptions) => swc.getCacheKey(expandImportGlobs(source, file), file, jestOptions),
    };
  },
};
