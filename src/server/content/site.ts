/**
 * The site folder the content editor works on (a checkout: config/, public/, src/, and its
 * node_modules), read through scripts/content.ts in a process of its own: the config files are
 * TypeScript, and each read must see the files as they are now (Node keeps a module it imported).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CheckOptions } from '../../config/check';
import type { ContentFile } from '../../shared/contentApi';

export interface ContentSite {
  /** The checkout whose config/ and public/ are edited. */
  siteDir: string;
  /** Where scripts/content.ts and node_modules/.bin/tsx are (default: siteDir). */
  toolsDir?: string;
}

export interface LoadedContent {
  options: CheckOptions;
  /** Files that could not be read at all, one sentence each. */
  problems: string[];
}

/** Runs a program; resolves with its output, rejects with its error output's last lines. */
export function run(program: string, args: string[], cwd: string, { timeoutMs = 120_000, env }: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(program, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: timeoutMs, env: env ?? process.env }, (error, stdout, stderr) => {
      if (error) reject(Object.assign(new Error(`${path.basename(program)} ${args[0] ?? ''} failed: ${(stderr || error.message).trim().split('\n').slice(-8).join('\n')}`), { stdout, stderr }));
      else resolve(stdout);
    }),
  );
}

export const toolsOf = (site: ContentSite) => site.toolsDir ?? site.siteDir;
export const tsxOf = (site: ContentSite) => path.join(toolsOf(site), 'node_modules', '.bin', 'tsx');
export const contentScriptOf = (site: ContentSite) => path.join(toolsOf(site), 'scripts', 'content.ts');

/**
 * Builds the site into outDir (client/, ssr/, server/), as `npm run build` does, in a process of
 * its own; given the served build's client folder, the compressed copies of unchanged files are taken from it.
 */
export async function buildInto(site: ContentSite, outDir: string, earlierClientDir?: string): Promise<void> {
  const args = [contentScriptOf(site), 'build', site.siteDir, outDir, ...(earlierClientDir ? [earlierClientDir] : [])];
  await run(tsxOf(site), args, site.siteDir, { timeoutMs: 600_000, env: { ...process.env, NODE_ENV: 'production' } });
}

/** Every file of config/ loaded, as checkConfig takes them. */
export async function loadContent(site: ContentSite): Promise<LoadedContent> {
  return JSON.parse(await run(tsxOf(site), [contentScriptOf(site), 'read', site.siteDir], site.siteDir)) as LoadedContent;
}

/** The files the editor edits, as the person knows them ('config/pages/home.ts'), with their values. */
export function contentFiles({ options }: LoadedContent): ContentFile[] {
  const files: ContentFile[] = [];
  if (options.site !== undefined) files.push({ file: 'config/site.ts', value: options.site });
  if (options.routes !== undefined) files.push({ file: 'config/routes.ts', value: options.routes });
  for (const [id, value] of Object.entries(options.pages ?? {})) files.push({ file: options.pageFiles?.[id] ?? `config/pages/${id}.ts`, value });
  for (const [id, value] of Object.entries(options.forms ?? {})) files.push({ file: options.formFiles?.[id] ?? `config/forms/${id}.ts`, value });
  return files;
}

function filesUnder(dir: string, prefix = ''): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    if (name.startsWith('.')) return [];
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, `${prefix}/${name}`) : [`${prefix}/${name}`];
  });
}

/** Address paths of the files in public/ ('/images/team/anna.webp'). */
export const publicFiles = (site: ContentSite) => filesUnder(path.join(site.siteDir, 'public'));

/** A hash of every file of config/: it changes whenever the content does. */
export function contentHash(site: ContentSite): string {
  const hash = createHash('sha256');
  const configDir = path.join(site.siteDir, 'config');
  for (const file of filesUnder(configDir)) hash.update(`${file}\0`).update(readFileSync(path.join(configDir, file))).update('\0');
  return hash.digest('hex').slice(0, 16);
}
