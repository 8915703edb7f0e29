/** Writes dist/code.json (codeBuild.ts) from vite's output, once per build. */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CODE_BUILD_FILE, type CodeBuild } from './codeBuild';
import { readTemplate } from './pageDocument';
import { chunkFiles, filesLoadedBy, HYDRATE_MODULE, ISLAND_REGISTRY, islandModules, type ViteManifest } from './viteManifest';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Reads vite's output in codeDir/client (removing vite's manifest, which is not part of the site) and writes codeDir/code.json. */
export function writeCodeBuild(root: string, codeDir: string, connectOrigins: string[]): CodeBuild {
  const clientDir = path.join(codeDir, 'client');
  const template = readTemplate(readFileSync(path.join(clientDir, 'index.html'), 'utf8'));
  const manifestDir = path.join(clientDir, '.vite');
  const manifest = JSON.parse(readFileSync(path.join(manifestDir, 'manifest.json'), 'utf8')) as ViteManifest;
  rmSync(manifestDir, { recursive: true, force: true });
  const appFiles = filesLoadedBy(
    manifest,
    template.scripts.map((src) => src.replace(/^\//, '')),
  );
  if (!manifest[HYDRATE_MODULE]?.isDynamicEntry) throw new Error(`${HYDRATE_MODULE} is not a chunk of its own: src/site/main.tsx must import it dynamically`);
  const islandFiles: Record<string, string[]> = {};
  for (const [name, module] of Object.entries(islandModules(root))) {
    if (!manifest[module]?.isDynamicEntry) throw new Error(`The island "${name}" is not a chunk of its own: see ${ISLAND_REGISTRY}`);
    islandFiles[name] = [...chunkFiles(manifest, module, appFiles)];
  }
  const code: CodeBuild = {
    template,
    hydrateFiles: [...chunkFiles(manifest, HYDRATE_MODULE, appFiles)],
    islandFiles,
    connectOrigins,
    // vite's index.html is the template, not a page: the render writes the home page there.
    files: filesUnder(clientDir).filter((file) => file !== 'index.html' && !file.startsWith('index.html.')),
  };
  writeFileSync(path.join(codeDir, CODE_BUILD_FILE), `${JSON.stringify(code, null, 2)}\n`);
  return code;
}
