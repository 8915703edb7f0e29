/**
 * Writes real HTML for every address of config/routes.ts into the built client folder (after
 * vite's client build and the server renderer's bundle), the page for unknown addresses,
 * sitemap.xml, robots.txt and the site manifest our server reads.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import site from '../../config/site';
import { ERROR_FILE, ERROR_RENDER_PATH, FALLBACK_FILE, FALLBACK_RENDER_PATH, htmlFileFor } from '../shared/pageFiles';
import type { PageRenderer } from '../shared/pageRender';
import { pagePaths } from '../shared/routing';
import { SITE_MANIFEST_FILE, type OutcomePage } from '../shared/siteManifest';
import { robotsTxt, sitemapXml } from './crawlers';
import { loaderScript, pageDocument, readTemplate } from './pageDocument';
import { createHashCollector } from './inlineHashes';
import { writeOutcomePages } from './outcomePages';
import { siteManifest } from './siteManifest';
import { chunkFiles, filesLoadedBy, HYDRATE_MODULE, ISLAND_REGISTRY, islandModules, type ViteManifest } from './viteManifest';

export interface BuildFolders {
  /** The project (where src/ and config/ are). */
  root: string;
  /** vite's client build (dist/client). */
  clientDir: string;
  /** The server renderer's bundle (dist/ssr/entry-server.js). */
  rendererFile: string;
  /** Origins the pages' scripts send to besides the site (the Firebase SDK's, in a Firebase build). */
  connectOrigins?: string[];
}

export interface Prerendered {
  address: string;
  file: string;
  bytes: number;
}

export async function prerenderSite({ root, clientDir, rendererFile, connectOrigins = [] }: BuildFolders): Promise<Prerendered[]> {
  // The pages are rendered by the libraries' production builds, as in the browser: in
  // development mode MUI adds labels to its class names, and the browser would then find none
  // of the page's styles and insert every rule again while hydrating.
  process.env.NODE_ENV = 'production';
  // The renderer is built from the site's own folder: its forms are the ones the manifest carries.
  const { renderPage, forms } = (await import(pathToFileURL(rendererFile).href)) as PageRenderer;
  const template = readTemplate(readFileSync(path.join(clientDir, 'index.html'), 'utf8'));

  // Which files each island needs beyond what the page's script loads. vite's manifest is then
  // removed: it is not part of the site.
  const manifestDir = path.join(clientDir, '.vite');
  const manifest = JSON.parse(readFileSync(path.join(manifestDir, 'manifest.json'), 'utf8')) as ViteManifest;
  rmSync(manifestDir, { recursive: true, force: true });
  const appFiles = filesLoadedBy(manifest, template.scripts.map((src) => src.replace(/^\//, '')));
  const modules = islandModules(root);
  const islandFiles = (name: string): string[] => {
    const module = modules[name];
    if (!module || !manifest[module]?.isDynamicEntry) throw new Error(`The island "${name}" is not a chunk of its own: see ${ISLAND_REGISTRY}`);
    return [...chunkFiles(manifest, module, appFiles)];
  };

  if (!manifest[HYDRATE_MODULE]?.isDynamicEntry) throw new Error(`${HYDRATE_MODULE} is not a chunk of its own: src/main.tsx must import it dynamically`);
  const hydrateFiles = [...chunkFiles(manifest, HYDRATE_MODULE, appFiles)];

  // Every inline script and style element the pages hold, for the page policy; and the pages'
  // variants with a plain post's outcome (which hold the same ones).
  const hashes = createHashCollector();
  const outcomes: OutcomePage[] = [];
  const write = async (address: string, file: string, withOutcomes: boolean): Promise<Prerendered> => {
    const page = await renderPage(address);
    // Fetched (not run) once the page has painted, so the first touch is answered at once: the
    // page's islands and what hydrates them (React). The forms' code waits for the visitor
    // (src/forms/ui/formsGate.ts).
    const preload = [...new Set([...hydrateFiles, ...page.islands.filter((name) => name !== 'form').flatMap(islandFiles)])].map((f) => `/${f}`);
    const html = pageDocument(template, page, loaderScript(template.scripts, preload));
    writeFileSync(path.join(clientDir, file), html);
    hashes.add(html);
    if (withOutcomes) outcomes.push(...writeOutcomePages(clientDir, address, file, html));
    return { address, file, bytes: html.length };
  };

  const written: Prerendered[] = [];
  for (const { path: address } of pagePaths) written.push(await write(address, htmlFileFor(address), true));
  written.push(await write(FALLBACK_RENDER_PATH, FALLBACK_FILE, false));
  written.push(await write(ERROR_RENDER_PATH, ERROR_FILE, false));

  writeFileSync(path.join(clientDir, 'sitemap.xml'), sitemapXml(site.brand.url, pagePaths, new Date().toISOString().slice(0, 10)));
  writeFileSync(path.join(clientDir, 'robots.txt'), robotsTxt(site.brand.url));
  writeFileSync(path.join(clientDir, SITE_MANIFEST_FILE), `${JSON.stringify(await siteManifest({ inlineHashes: hashes.hashes(), outcomes, connectOrigins, ...(forms ? { forms: JSON.parse(JSON.stringify(forms)) as Record<string, unknown> } : {}) }), null, 2)}\n`);
  return written;
}
