/**
 * The real config, loaded the way tests need it: plain data to copy and break, and a
 * stand-in public/ folder holding an empty file for every picture the config names
 * (so checker tests do not depend on the drawings being finished).
 */
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import formsIndex from '../../config/forms';
import routesFile from '../../config/routes';
import siteFile from '../../config/site';
import { siteContentOf, type SiteContent } from '../site/model/siteContent';
import type { ServedContent } from '../site/model/siteManifest';

export type Json = Record<string, unknown>;

export interface RealConfig {
  site: Json;
  routes: Json;
  /** Page id -> the page's config: every file of config/pages, in the order config/routes.ts shows them (then by name). */
  pages: Record<string, Json>;
  forms: Record<string, Json>;
  /** Article id -> the article: every file of config/articles. */
  articles: Record<string, Json>;
}

// jest runs this as CommonJS (__dirname); the browser tests (ES modules) run from the project's folder.
export const projectDir = typeof __dirname === 'string' ? path.resolve(__dirname, '..', '..') : process.cwd();

/** The ids of the pages (the files of config/pages), in the order config/routes.ts shows them, then by name. */
export function realPageIds(): string[] {
  const routed = (routesFile as unknown as { routes: { page: string }[] }).routes.map((r) => r.page);
  const order = (id: string) => (routed.includes(id) ? routed.indexOf(id) : routed.length);
  return readdirSync(path.join(projectDir, 'config', 'pages'))
    .filter((name) => name.endsWith('.ts') && !name.startsWith('_') && name !== 'index.ts')
    .map((name) => name.slice(0, -3))
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b));
}

/** The ids of the articles (the files of config/articles), by name. */
function realArticleIds(): string[] {
  return readdirSync(path.join(projectDir, 'config', 'articles'))
    .filter((name) => name.endsWith('.ts') && !name.startsWith('_'))
    .map((name) => name.slice(0, -3))
    .sort();
}

export async function loadRealConfig(): Promise<RealConfig> {
  const pages: Record<string, Json> = {};
  for (const id of realPageIds()) pages[id] = ((await import(path.join(projectDir, 'config', 'pages', `${id}.ts`))) as { default: Json }).default;
  const articles: Record<string, Json> = {};
  for (const id of realArticleIds()) articles[id] = ((await import(path.join(projectDir, 'config', 'articles', `${id}.ts`))) as { default: Json }).default;
  return {
    site: siteFile as unknown as Json,
    routes: routesFile as unknown as Json,
    pages,
    forms: formsIndex as unknown as Record<string, Json>,
    articles,
  };
}

/**
 * The real content as the site reads it (src/content/server/configFolder.ts): what the pages are drawn from.
 * In jsdom (the *.test.tsx files), where esbuild does not run, the same files as jest imports them.
 */
export async function loadRealContent(): Promise<SiteContent> {
  if ('window' in globalThis) return siteContentOf(await loadRealConfig());
  // Loaded only here: esbuild, which it uses, does not even load in jsdom.
  const { readSiteContent } = await import('../content/server/configFolder');
  return readSiteContent(projectDir);
}

/** What our server serves of the real content (site, routes, forms), as the code's own config/ gives it. */
export const realServedContent = { site: siteFile, routes: routesFile, forms: formsIndex } as unknown as ServedContent;

/** Every "/..." file address (`src` keys) in a piece of config. */
function pictures(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => pictures(v, found));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'src' && typeof v === 'string' && v.startsWith('/')) found.add(v);
      else pictures(v, found);
    }
  }
  return found;
}

/** A temporary folder with an empty file for every picture `config` names. The caller deletes it. */
export function makePublicDir(config: RealConfig): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'check-public-'));
  for (const address of pictures(config)) {
    const file = path.join(dir, address);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '<svg xmlns="http://www.w3.org/2000/svg"/>');
  }
  return dir;
}
