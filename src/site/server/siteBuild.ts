/**
 * Which build our server serves, in one place: the built client folder (dist/client), its site
 * manifest, and every page answer read from it once, as the bytes the build wrote (identity,
 * brotli and gzip, each with its ETag). `createSiteBuilds` keeps the current one and can switch
 * to another folder at run time (a new build published): the new build is read and checked
 * completely first, then answers from the next request on; if it cannot be read, the current
 * one stays. Nothing else of the server holds on to a build folder.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { outcomeFromQuery, outcomeQuery } from '../forms/model/outcomes';
import { CACHE_CONTROL } from '../model/caching';
import { pagePolicy } from '../../platform/headers';
import { isPageAddress } from '../../schema/addresses';
import { siteRoutes } from '../model/routing';
import { movedAnswer, SITE_MANIFEST_FILE, type MovedAnswer, type SiteManifest } from '../model/siteManifest';
import type { Served } from './servedContent';
import type { FormLookups } from '../forms/model/registry';

type Encoding = 'br' | 'gzip' | 'identity';

/** One page file, as it is sent in one encoding: its bytes and the headers that describe them. */
export interface PageBytes {
  body: Buffer;
  etag: string;
  encoding: Encoding;
}

/** One page file in every encoding the build wrote it in. */
export type PageFile = Partial<Record<Encoding, PageBytes>> & { identity: PageBytes };

interface SiteBuild {
  /** The built client folder. */
  clientDir: string;
  manifest: SiteManifest;
  /** The page policy of this build, for an answer over HTTPS or not. */
  policy(https: boolean): string;
  /** The file for an address with its query: the page, its variant with a plain post's outcome, or the fallback page of its language (status 404). */
  pageFor(pathname: string, query: string): { file: PageFile; status: 200 | 404; cacheControl: string };
  /** The page answered (status 500) when the page asked for at this address cannot be sent: its language's error page. */
  errorPageFor(pathname: string): PageFile;
  /**
   * The page sent with a 410 at an address that was a page's, now gone: the page of its words (the
   * manifest's `gone`), or the fallback page of its language (marked noindex) where the build made none.
   */
  gonePageFor(pathname: string): PageFile;
  /** What an address that was a page's answers (config/moved.ts): a redirect, 410, or undefined for any other. */
  movedFor(pathname: string, query: string): MovedAnswer | undefined;
  /** The address whose page this file name is (`/Product.html` -> `/Product`), if it is one. */
  addressOfFile(pathname: string): string | undefined;
  /** Whether a path inside the folder (with "/" between folders) is a file served as it is (scripts, pictures, icons…). */
  isPlainFile(relativePath: string): boolean;
}

const PRECOMPRESSED: [Encoding, string][] = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

function readPageFile(clientDir: string, file: string): PageFile {
  const full = path.join(clientDir, file);
  const identity = readFileSync(full);
  // One tag per page content; each encoding of it is a representation of its own.
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  const page: PageFile = { identity: { body: identity, etag: `"${tag}"`, encoding: 'identity' } };
  for (const [encoding, suffix] of PRECOMPRESSED) {
    if (existsSync(full + suffix)) page[encoding] = { body: readFileSync(full + suffix), etag: `"${tag}-${encoding}"`, encoding };
  }
  return page;
}

/** Files served as they are: everything but the pages (answered by address), dot files and the compressed copies. */
function plainFiles(clientDir: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (relative.split('/').some((part) => part.startsWith('.')) || /\.(html|br|gz)$/.test(relative)) continue;
    files.add(relative);
  }
  return files;
}

const queryKey = (pathname: string, query: [string, string][]) => `${pathname}?${new URLSearchParams(query).toString()}`;

/** Reads a build folder completely (throws, naming what is missing, if it is not a whole build); a plain post's outcome names a form of `forms` (the server's). */
function loadSiteBuild(clientDir: string, forms: FormLookups): SiteBuild {
  const manifestFile = path.join(clientDir, SITE_MANIFEST_FILE);
  if (!existsSync(manifestFile)) throw new Error(`No site manifest at ${manifestFile}: run "npm run build" first.`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as SiteManifest;
  const files = new Map<string, PageFile>();
  const read = (file: string) => {
    let page = files.get(file);
    if (!page) files.set(file, (page = readPageFile(clientDir, file)));
    return page;
  };
  const byPath = new Map(manifest.pages.map((p) => [p.path, read(p.file)]));
  const goneByPath = new Map((manifest.gone ?? []).map((g) => [g.path, read(g.file)]));
  const outcomes = new Map(manifest.outcomes.map((o) => [queryKey(o.path, o.query), read(o.file)]));
  // The page for unknown addresses and the error page: each language's under its prefix, else the default language's.
  const errorPages = [
    ...(manifest.languageErrorPages ?? []).map((l) => ({ prefix: l.prefix, fallback: read(l.fallbackFile), error: read(l.errorFile) })),
    { prefix: '', fallback: read(manifest.fallbackFile), error: read(manifest.errorFile) },
  ];
  const errorPagesAt = (pathname: string) => errorPages.find((l) => l.prefix === '' || pathname === l.prefix || pathname.startsWith(`${l.prefix}/`))!;
  const policies = { true: pagePolicy(manifest, { https: true }), false: pagePolicy(manifest, { https: false }) };
  const plain = plainFiles(clientDir);
  // A page's file name leads to its address (301): only ever to a page's address on this site, never "//host" (src/schema/addresses.ts).
  const addressByFile = new Map(manifest.pages.filter((p) => isPageAddress(p.path)).map((p) => [`/${p.file}`, p.path]));
  const { resolvePath } = siteRoutes(manifest.content.routes);

  return {
    clientDir,
    manifest,
    policy: (https) => policies[`${https}`],
    errorPageFor: (pathname) => errorPagesAt(pathname).error,
    // Compared as movedAnswer compares: exact, one trailing slash ignored.
    gonePageFor: (pathname) => goneByPath.get(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname) ?? errorPagesAt(pathname).fallback,
    movedFor: (pathname, query) => movedAnswer(manifest.content.moved, pathname, query),
    isPlainFile: (relativePath) => plain.has(relativePath),
    addressOfFile: (pathname) => addressByFile.get(pathname),
    pageFor(pathname, query) {
      // A route's address, or an article's page (not a route: one of the manifest's pages all the same).
      const { path: address } = resolvePath(pathname);
      const page = byPath.get(address);
      if (!page) return { file: errorPagesAt(pathname).fallback, status: 404, cacheControl: CACHE_CONTROL.page };
      const outcome = query ? outcomeFromQuery(new URLSearchParams(query), forms) : null;
      const variant = outcome ? outcomes.get(queryKey(address, outcomeQuery(outcome))) : undefined;
      // After a plain (no-JavaScript) form post: the page with the outcome above it, never kept.
      if (variant) return { file: variant, status: 200, cacheControl: CACHE_CONTROL.pageWithOutcome };
      return { file: page, status: 200, cacheControl: CACHE_CONTROL.page };
    },
  };
}

/** The build being served, and the switch to another. */
export interface SiteBuilds {
  current(): SiteBuild;
  /** Reads the build in `clientDir` and serves it from the next request on; throws (and keeps the current one) if it cannot be read. */
  switchTo(clientDir: string): SiteBuild;
}

/** The builds served from `clientDir` on, each one's content taken by the server's `served` (servedContent.ts). */
export function createSiteBuilds(clientDir: string, served: Pick<Served, 'takeServedContent' | 'forms'>): SiteBuilds {
  let current = loadSiteBuild(clientDir, served.forms);
  // Posts are checked with the forms of the build served (a publish may have added an option).
  served.takeServedContent(current.manifest.content, current.manifest.pages);
  return {
    current: () => current,
    switchTo(next) {
      current = loadSiteBuild(next, served.forms);
      served.takeServedContent(current.manifest.content, current.manifest.pages);
      return current;
    },
  };
}

/** The encoding to send, from the browser's Accept-Encoding, among those the file has. */
export function chooseEncoding(file: PageFile, acceptEncoding: string | undefined): PageBytes {
  if (acceptEncoding) {
    if (file.br && /\bbr\b/.test(acceptEncoding)) return file.br;
    if (file.gzip && /\bgzip\b/.test(acceptEncoding)) return file.gzip;
  }
  return file.identity;
}
