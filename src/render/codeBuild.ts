/**
 * What the render (render.ts) needs of the code build, written once by the build beside it
 * (dist/code.json), so that every later render (each publish) draws pages with the same code
 * without vite: the page template (vite's index.html without its scripts), which files hydrate
 * the islands and each island's chunks (from vite's manifest and the islands' registry), the
 * origins the pages' scripts send to, and every file of the built client folder (the code's
 * files, which a release links). writeCodeBuild.ts writes it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Template } from './pageDocument';

export interface CodeBuild {
  template: Template;
  /** What hydrates the islands (React with it), beyond what the page's script loads. */
  hydrateFiles: string[];
  /** Each island's chunks beyond what the page's script loads. */
  islandFiles: Record<string, string[]>;
  /** Origins the pages' scripts send to besides the site (the Firebase SDK's, in a Firebase build). */
  connectOrigins: string[];
  /** Every file of the built client folder (paths with "/"), compressed copies included. */
  files: string[];
}

export const CODE_BUILD_FILE = 'code.json';

export function readCodeBuild(codeDir: string): CodeBuild {
  return JSON.parse(readFileSync(path.join(codeDir, CODE_BUILD_FILE), 'utf8')) as CodeBuild;
}
