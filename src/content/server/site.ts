/**
 * The site folder the content editor works on (a checkout: config/, public/, and the code build
 * in dist/), its content read in this process as the checker reads it (src/content/server/configFolder.ts:
 * each read sees the files as they are now).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CheckOptions } from './checkConfig';
import { loadConfigFolder } from './configFolder';
import type { ContentFile } from '../model/contentApi';
import { MOVED_FILE } from '../model/contentSchemas';
import { TaskQueue } from './taskQueue';

export interface ContentSite {
  /** The checkout whose config/ and public/ are edited. */
  siteDir: string;
}

export interface LoadedContent {
  options: CheckOptions;
  /** Files that could not be read at all, one sentence each. */
  problems: string[];
}

/**
 * How many programs (git, tar) the content side runs at once, at most: the editor's opening, the
 * history's reads, a publish and the schedule take turns in one pool, so no number of drafts,
 * requests or revisions starts more processes than this (the server has 1 or 2 cores).
 */
export const MAX_CHILD_PROCESSES = 2;
const pool = new TaskQueue({ concurrent: MAX_CHILD_PROCESSES, waiting: Number.POSITIVE_INFINITY });

/** run's programs: how many started, how many are alive now (started, not exited yet), the most alive at once (tests set `peak` back). */
export const childProcesses = { started: 0, alive: 0, peak: 0 };

/**
 * Runs a program in its turn of the pool; resolves with its output, rejects with its error
 * output's last lines. `input` is written to its standard input.
 */
export async function run(
  program: string,
  args: string[],
  cwd: string,
  { timeoutMs = 120_000, env, input }: { timeoutMs?: number; env?: NodeJS.ProcessEnv; input?: string } = {},
): Promise<string> {
  return (await pool.run(
    () =>
      new Promise<string>((resolve, reject) => {
        const child = execFile(
          program,
          args,
          { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: timeoutMs, env: env ?? process.env },
          (error, stdout, stderr) => {
            if (error)
              reject(
                Object.assign(
                  new Error(`${path.basename(program)} ${args[0] ?? ''} failed: ${(stderr || error.message).trim().split('\n').slice(-8).join('\n')}`),
                  { stdout, stderr },
                ),
              );
            else resolve(stdout);
          },
        );
        if (child.pid !== undefined) {
          childProcesses.started++;
          childProcesses.peak = Math.max(childProcesses.peak, ++childProcesses.alive);
          child.once('exit', () => childProcesses.alive--);
        }
        if (input !== undefined) child.stdin?.end(input);
      }),
  ))!;
}

/** Every file of a config folder loaded, as checkConfig takes them (`configDir`: another folder than the site's own, e.g. a revision's). */
export async function loadContent(site: ContentSite, configDir = path.join(site.siteDir, 'config')): Promise<LoadedContent> {
  return loadConfigFolder({ configDir, publicDir: path.join(site.siteDir, 'public') });
}

/** The files the editor edits, as the person knows them ('config/pages/home.ts'), with their values. */
export function contentFiles({ options }: LoadedContent): ContentFile[] {
  const files: ContentFile[] = [];
  if (options.site !== undefined) files.push({ file: 'config/site.ts', value: options.site });
  if (options.routes !== undefined) files.push({ file: 'config/routes.ts', value: options.routes });
  for (const [id, value] of Object.entries(options.pages ?? {})) files.push({ file: options.pageFiles?.[id] ?? `config/pages/${id}.ts`, value });
  for (const [id, value] of Object.entries(options.forms ?? {})) files.push({ file: options.formFiles?.[id] ?? `config/forms/${id}.ts`, value });
  for (const [id, value] of Object.entries(options.articles ?? {})) files.push({ file: options.articleFiles?.[id] ?? `config/articles/${id}.ts`, value });
  for (const [file, value] of Object.entries(options.translations ?? {})) files.push({ file, value });
  return files;
}

/**
 * The files the editor's screens are given: those it edits, and config/moved.ts when there is one,
 * which each publish writes and the editor never does (a change to it is refused as a file not
 * edited here: checkChanges), but whose words the office translates (its translations are files
 * the editor edits).
 */
export function editorFiles(loaded: LoadedContent): ContentFile[] {
  const { moved } = loaded.options;
  return [...contentFiles(loaded), ...(moved === undefined ? [] : [{ file: MOVED_FILE, value: moved }])];
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

/** A hash of every file of a config folder: it changes whenever the content does. */
export function contentHash(site: ContentSite, configDir = path.join(site.siteDir, 'config')): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(configDir))
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(configDir, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}
