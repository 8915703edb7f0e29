/**
 * Which build the server serves, and the switch to a new one: the content editor's publish
 * builds the site into a folder of its own (dist/releases/<id>/client) and then switches to it
 * in one step (every page of the new build is read before the switch; a request answered
 * before it gets the whole old page, one after it the whole new page). Pictures, scripts and
 * styles of earlier builds stay reachable: a page loaded just before a switch still finds its
 * files. The live build is recorded in dist/releases/LIVE, so a restart serves it too.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CSP_NONCE_PLACEHOLDER } from '../shared/cspNonce';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../shared/siteManifest';

/** A page's HTML as UTF-8 bytes, split where the nonce goes (each answer joins them with a fresh one). */
export const pageParts = (html: string) => html.split(CSP_NONCE_PLACEHOLDER).map((part) => Buffer.from(part));

export interface Build {
  dir: string;
  manifest: SiteManifest;
  fileByPath: Map<string, string>;
  addressOfFile: Map<string, string>;
  /** The page's parts (read when first asked for, then kept; all of them for a build switched to). */
  page(file: string): Buffer[];
  errorPage: Buffer[];
}

export function readBuild(dir: string, { allPages = false } = {}): Build {
  const manifestFile = path.join(dir, SITE_MANIFEST_FILE);
  if (!existsSync(manifestFile)) throw new Error(`No site manifest at ${manifestFile}: run "npm run build" first.`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as SiteManifest;
  const pages = new Map<string, Buffer[]>();
  const page = (file: string) => {
    let parts = pages.get(file);
    if (!parts) pages.set(file, (parts = pageParts(readFileSync(path.join(dir, file), 'utf8'))));
    return parts;
  };
  if (allPages) for (const file of new Set([...manifest.pages.map((p) => p.file), manifest.fallbackFile])) page(file);
  return {
    dir,
    manifest,
    fileByPath: new Map(manifest.pages.map((p) => [p.path, p.file])),
    addressOfFile: new Map(manifest.pages.map((p) => [`/${p.file}`, p.path])),
    page,
    errorPage: page(manifest.errorFile),
  };
}

/** Where published builds go, beside the build `npm run build` made. */
export const releasesDir = (siteDir: string) => path.join(siteDir, 'dist', 'releases');
const LIVE_FILE = 'LIVE';
/** How many earlier builds are kept (their files stay reachable for pages loaded before a switch). */
const KEPT = 4;

/** The client folder to serve: the last published build when there is one, else the given one. */
export function liveClientDir(clientDir: string, siteDir: string): string {
  try {
    const id = readFileSync(path.join(releasesDir(siteDir), LIVE_FILE), 'utf8').trim();
    const dir = path.join(releasesDir(siteDir), id, 'client');
    if (id && existsSync(path.join(dir, SITE_MANIFEST_FILE))) return dir;
  } catch {
    // None published yet.
  }
  return clientDir;
}

export class LiveSite {
  private build: Build;
  /** Earlier builds' folders, newest first, for their files. */
  private earlier: string[] = [];

  constructor(
    readonly firstDir: string,
    private readonly siteDir?: string,
  ) {
    this.build = readBuild(firstDir);
  }

  current(): Build {
    return this.build;
  }

  /**
   * The folders files are looked for in, the live one first; last the site's public/ (pictures
   * uploaded in the editor are seen in its preview before they are published; public/ is what
   * every build copies anyway).
   */
  roots(): string[] {
    return [this.build.dir, ...this.earlier, ...(this.siteDir ? [path.join(this.siteDir, 'public')] : [])];
  }

  /** Serves the build in `dir` from now on (every page read first); records it as live. */
  switchTo(dir: string): void {
    const next = readBuild(dir, { allPages: true });
    const previous = this.build.dir;
    this.build = next;
    this.earlier = [previous, ...this.earlier.filter((d) => d !== previous && d !== dir)];
    if (this.siteDir) {
      const releases = releasesDir(this.siteDir);
      const id = path.relative(releases, path.dirname(dir));
      if (!id.startsWith('..')) {
        writeFileSync(path.join(releases, `${LIVE_FILE}.new`), id);
        renameSync(path.join(releases, `${LIVE_FILE}.new`), path.join(releases, LIVE_FILE));
      }
      this.prune(releases);
    }
  }

  /** Removes the published builds beyond the last few (never the live one or the first one served). */
  private prune(releases: string): void {
    const keep = new Set([this.build.dir, ...this.earlier.slice(0, KEPT)].map((d) => path.dirname(d)));
    keep.add(path.dirname(this.firstDir));
    const ids = readdirSync(releases).filter((name) => name !== LIVE_FILE && !name.endsWith('.new') && statSync(path.join(releases, name)).isDirectory());
    for (const id of ids) {
      const dir = path.join(releases, id);
      if (!keep.has(dir) && !this.earlier.slice(0, KEPT).some((d) => d.startsWith(dir + path.sep))) {
        rmSync(dir, { recursive: true, force: true });
        this.earlier = this.earlier.filter((d) => !d.startsWith(dir + path.sep));
      }
    }
  }
}
