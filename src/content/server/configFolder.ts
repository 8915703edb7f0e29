/**
 * The config checker over the files of a config folder: reads every file of config/ one by
 * one (a file that cannot be read at all, say a missing comma, becomes one sentence and the
 * other files are still checked) and runs checkConfig (checkConfig.ts) over what loaded.
 * src/render/checkProject.ts adds the check of what is made from it (the Firebase rules).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { siteContentOf, type SiteContent } from '../../site/model/siteContent';
import { checkConfig, type CheckOptions, type CheckResult } from './checkConfig';
import { routeTable } from '../../site/model/routeTable';
import { ConfigModuleError, configModules, type ConfigModules } from './configModules';
import { defaultFolders, projectDir, type Folders } from './folders';
import { slipSentence } from './slips';

export { defaultFolders, type Folders } from './folders';
export { report } from './slips';

/** Loads config files and turns load failures into sentences (one per broken file). */
class Loader {
  readonly problems: string[] = [];
  private readonly reported = new Set<string>();
  private readonly modules: ConfigModules;

  constructor(private readonly configDir: string) {
    this.modules = configModules(configDir);
  }

  /** The name a person knows a file by: config/pages/blog.ts. */
  displayName(file: string): string {
    const inConfig = path.relative(this.configDir, file);
    if (!inConfig.startsWith('..') && !path.isAbsolute(inConfig)) return ['config', ...inConfig.split(path.sep)].join('/');
    const inProject = path.relative(projectDir, file);
    if (!inProject.startsWith('..') && !path.isAbsolute(inProject)) return inProject.split(path.sep).join('/');
    return file;
  }

  file(...parts: string[]): string {
    return path.join(this.configDir, ...parts);
  }

  /** The module's default export, or undefined after reporting why it could not be read. */
  async load(file: string): Promise<unknown> {
    try {
      return this.defaultOf(file, await this.modules.load(file));
    } catch (error) {
      this.reportLoadError(file, error);
      return undefined;
    }
  }

  /** Loads a module without reporting anything (to find out which file is broken). */
  async tryLoad(file: string): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
    try {
      const module = await this.modules.load(file);
      return { ok: true, value: module.default };
    } catch (error) {
      return { ok: false, error };
    }
  }

  private defaultOf(file: string, module: unknown): unknown {
    const value = (module as { default?: unknown } | undefined)?.default;
    if (value === undefined) {
      this.report(
        file,
        `${this.displayName(file)} could not be read: it has no "export default". Put "export default" back in front of its opening curly brace.`,
      );
    }
    return value;
  }

  report(file: string, sentence: string): void {
    const key = path.resolve(file);
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.problems.push(sentence);
  }

  reportLoadError(file: string, error: unknown, listedIn?: string): void {
    const { where, sentence } = this.describeLoadError(file, error, listedIn);
    this.report(where, sentence);
  }

  private describeLoadError(file: string, error: unknown, listedIn?: string): { where: string; sentence: string } {
    if (!(error instanceof ConfigModuleError)) {
      const firstLine = trimPeriod(
        (error instanceof Error ? error.message : String(error))
          .split('\n')
          .find((l) => l.trim() !== '')
          ?.trim() ?? 'unknown error',
      );
      return { where: file, sentence: `${this.displayName(file)} could not be read: ${firstLine}. Undo the last change to this file.` };
    }
    const { kind, details } = error;
    const at = details.line !== undefined ? ` on line ${details.line}${details.column !== undefined ? `, column ${details.column}` : ''}` : '';
    switch (kind) {
      case 'missing-file': {
        const from = listedIn ?? (details.importer && path.resolve(details.importer) !== path.resolve(error.file) ? details.importer : undefined);
        return {
          where: error.file,
          sentence: `${this.displayName(error.file)} could not be read: there is no such file. ${from ? `Create it, or fix its name in ${this.displayName(from)}.` : 'Create it, or fix its name where it is used.'}`,
        };
      }
      case 'missing-export': {
        const target = details.from ?? error.file;
        if (details.name === 'default') {
          return {
            where: target,
            sentence: `${this.displayName(target)} could not be read: it has no "export default". Put "export default" back in front of its opening curly brace.`,
          };
        }
        return {
          where: error.file,
          sentence: `${this.displayName(error.file)} could not be read: it uses "${details.name}" from ${this.displayName(target)}, which has nothing by that name. Check the spelling, or undo the last change to this file.`,
        };
      }
      case 'syntax': {
        // A slip (a missing comma, quote or bracket, a stray character): its line and what is wrong there, in words (slips.ts).
        const source = readTextOf(error.file);
        if (source !== undefined && details.line !== undefined) {
          return {
            where: error.file,
            sentence: slipSentence(this.displayName(error.file), source, { text: error.message, line: details.line, column: (details.column ?? 1) - 1 }),
          };
        }
        return {
          where: error.file,
          sentence: `${this.displayName(error.file)} could not be read: ${trimPeriod(error.message)}${at}. Check for a missing comma, quote or bracket near that place.`,
        };
      }
      case 'outside':
        return {
          where: error.file,
          sentence: `${this.displayName(error.file)} could not be read: it ${trimPeriod(error.message)}${at}. A config file may import only other files of config/ (and types).`,
        };
      case 'runtime':
        return {
          where: error.file,
          sentence: `${this.displayName(error.file)} could not be read: ${trimPeriod(error.message.split('\n')[0] ?? '')}${at}. Check the spelling of the names used near that place, or undo the last change to this file.`,
        };
    }
  }
}

/** A file's text, or undefined when it cannot be read. */
function readTextOf(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function trimPeriod(text: string): string {
  return text.trim().replace(/\.$/, '');
}

/** Files whose name starts with _ hold pieces shared by other files (config/forms/_messages.ts), not a page or a form. */
function isHelper(file: string): boolean {
  return path.basename(file).startsWith('_');
}

/** The .ts files of a config folder, without index.ts (a list of the folder's files, as config/forms/index.ts). */
function tsFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.ts') && name !== 'index.ts' && !name.endsWith('.d.ts'))
      .sort()
      .map((name) => path.join(dir, name));
  } catch {
    return [];
  }
}

/**
 * The pages: every file of config/pages (but _helpers), its name the page's id, in the order
 * config/routes.ts shows them (then the others by name). A new page is a new file, nothing else.
 */
async function loadPages(loader: Loader, options: CheckOptions): Promise<void> {
  const dir = loader.file('pages');
  const routed = routeTable(options.routes).map((row) => row.page);
  const order = (id: string) => (routed.includes(id) ? routed.indexOf(id) : routed.length);
  const files = tsFiles(dir)
    .filter((file) => !isHelper(file))
    .sort((a, b) => order(path.basename(a, '.ts')) - order(path.basename(b, '.ts')) || a.localeCompare(b));
  const pages: Record<string, unknown> = {};
  const pageFiles: Record<string, string> = {};
  for (const file of files) {
    const id = path.basename(file, '.ts');
    pageFiles[id] = loader.displayName(file);
    const value = await loader.load(file);
    if (value !== undefined) pages[id] = value;
  }
  Object.assign(options, { pages, pageIds: files.map((file) => path.basename(file, '.ts')), pageFiles });
}

/** The articles: every file of config/articles (but _helpers), its name the article's id. */
async function loadArticles(loader: Loader, options: CheckOptions): Promise<void> {
  const articles: Record<string, unknown> = {};
  const articleFiles: Record<string, string> = {};
  for (const file of tsFiles(loader.file('articles')).filter((f) => !isHelper(f))) {
    const id = path.basename(file, '.ts');
    articleFiles[id] = loader.displayName(file);
    const value = await loader.load(file);
    if (value !== undefined) articles[id] = value;
  }
  Object.assign(options, { articles, articleFiles });
}

/**
 * The translation files: every .ts file under config/translations/<code>/, by its name
 * ("config/translations/<code>/pages/contact.ts"), each checked against the file it translates.
 */
async function loadTranslations(loader: Loader, options: CheckOptions): Promise<void> {
  const root = loader.file('translations');
  if (!existsSync(root)) return;
  const translations: Record<string, unknown> = {};
  const walk = async (dir: string): Promise<void> => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        const value = await loader.load(file);
        if (value !== undefined) translations[loader.displayName(file)] = value;
      }
    }
  };
  await walk(root);
  options.translations = translations;
}

async function loadForms(loader: Loader, options: CheckOptions): Promise<void> {
  const dir = loader.file('forms');
  const indexFile = path.join(dir, 'index.ts');
  const files = tsFiles(dir);
  const index = await loader.tryLoad(indexFile);
  const forms: Record<string, unknown> = {};
  const formFiles: Record<string, string> = {};

  if (index.ok && typeof index.value === 'object' && index.value !== null) {
    Object.assign(forms, index.value);
    // Name each form by the file it comes from (the index imports them by name).
    for (const file of files) {
      const loaded = await loader.tryLoad(file);
      if (!loaded.ok) continue;
      const id = Object.keys(forms).find((key) => forms[key] === loaded.value);
      if (id) formFiles[id] = loader.displayName(file);
    }
    Object.assign(options, { forms, formFiles });
    return;
  }

  // The index could not be read: find out whether one of the form files is the cause.
  let brokenForm = false;
  for (const file of files) {
    const id = path.basename(file, '.ts');
    const value = await loader.load(file);
    if (value === undefined) brokenForm = true;
    else if (!isHelper(file)) forms[id] = value;
    formFiles[id] = loader.displayName(file);
  }
  if (!index.ok && !brokenForm) loader.reportLoadError(indexFile, index.error);
  if (index.ok && !brokenForm) {
    loader.report(
      indexFile,
      `${loader.displayName(indexFile)} could not be read: it has no "export default". Put "export default" back in front of its opening curly brace.`,
    );
  }
  // Pages may still name any form that has a file.
  Object.assign(options, { forms, formFiles, formIds: files.filter((f) => !isHelper(f)).map((f) => path.basename(f, '.ts')) });
}

/**
 * Every problem of the config folder, one plain sentence each; none when all is good.
 * `afterwards` adds checks that need a valid config (the Firebase rules are made from the forms).
 */
export async function checkConfigFolder(
  folders: Folders = defaultFolders,
  afterwards?: (config: { rootDir: string; forms: unknown }) => string[],
): Promise<string[]> {
  return checkLoadedFolder(folders, await loadConfigFolder(folders), afterwards).problems;
}

/**
 * checkConfigFolder's check of a folder already loaded (loadConfigFolder): every sentence, and
 * the checker's problems among them with their file and key apart (`found`). The content
 * editor's publish runs it (through checkProject's) on the files it is about to write.
 */
export function checkLoadedFolder(
  folders: Folders,
  { options, problems: loadProblems }: { options: CheckOptions; problems: readonly string[] },
  afterwards?: (config: { rootDir: string; forms: unknown }) => string[],
): { problems: string[]; found: CheckResult['found'] } {
  const { problems: checked, found } = checkConfig(options);
  const problems = [...loadProblems, ...checked];
  // What is made from the config (the Firebase rules) is checked only once it is valid: fix the rest first.
  if (problems.length === 0 && afterwards) problems.push(...afterwards({ rootDir: path.dirname(folders.configDir), forms: options.forms ?? {} }));
  return { problems, found };
}

/**
 * Every file of a config folder, loaded as checkConfig takes them (the content editor's server
 * reads the site's content this way), and a sentence for each file that could not be read.
 */
export async function loadConfigFolder({ configDir, publicDir }: Folders = defaultFolders): Promise<{ options: CheckOptions; problems: string[] }> {
  const loader = new Loader(configDir);
  const options: CheckOptions = { publicDir };

  const site = await loader.load(loader.file('site.ts'));
  if (site !== undefined) options.site = site;
  const server = await loader.load(loader.file('server.ts'));
  if (server !== undefined) options.server = server;
  const admin = await loader.load(loader.file('admin.ts'));
  if (admin !== undefined) options.admin = admin;
  const routes = await loader.load(loader.file('routes.ts'));
  if (routes !== undefined) options.routes = routes;
  // config/moved.ts is written by the first publish that moves or removes a page: none before it.
  if (existsSync(loader.file('moved.ts'))) {
    const moved = await loader.load(loader.file('moved.ts'));
    if (moved !== undefined) options.moved = moved;
  }
  await loadForms(loader, options);
  await loadPages(loader, options);
  await loadArticles(loader, options);
  await loadTranslations(loader, options);
  return { options, problems: loader.problems };
}

/** The content of a site folder's config/ as data (what the pages are drawn from); throws with the sentences if a file cannot be read. */
export async function readSiteContent(siteDir: string): Promise<SiteContent> {
  const { options, problems } = await loadConfigFolder({ configDir: path.join(siteDir, 'config'), publicDir: path.join(siteDir, 'public') });
  if (problems.length > 0) throw new Error(`config/ could not be read:\n${problems.join('\n')}`);
  return siteContentOf(options);
}
