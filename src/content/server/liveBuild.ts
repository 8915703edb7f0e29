/**
 * The content editor's side of switching builds (the switch itself is siteBuild.ts): a publish
 * draws the site into a folder of its own (dist/releases/<id>/client) and switches to it;
 * this records it as live (dist/releases/LIVE, so a restart serves it too), keeps the files of
 * the last few builds reachable (a page loaded just before a switch still finds its scripts and
 * pictures) and removes older ones. Where Caddy sends the files itself, it points
 * dist/caddy/live.caddy at the new build and has Caddy load it (caddyAdmin.ts).
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LIVE_CADDY_FILE, writeLiveCaddy } from '../../deploy/caddy';
import { SITE_MANIFEST_FILE } from '../../site/model/siteManifest';
import type { SiteBuilds } from '../../site/server/siteBuild';

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

/** Records a release (dist/releases/<id>) as the one served, for our server's next start and Caddy's pointer. */
export function setLiveRelease(siteDir: string, id: string): void {
  const releases = releasesDir(siteDir);
  writeFileSync(path.join(releases, `${LIVE_FILE}.new`), id);
  renameSync(path.join(releases, `${LIVE_FILE}.new`), path.join(releases, LIVE_FILE));
  const dist = path.dirname(releases);
  if (existsSync(path.join(dist, LIVE_CADDY_FILE))) writeLiveCaddy(dist, path.join(releases, id));
}

/**
 * After `npm run build` (or `npm start`'s own build) in the site folder: that build holds every
 * committed edit, so it is served from the next start on, not the last publish's.
 */
export function forgetPublishedBuild(siteDir: string): void {
  rmSync(path.join(releasesDir(siteDir), LIVE_FILE), { force: true });
}

/** The server in front (Caddy) did not take a new build: the site was put back as it was. */
export class FrontRefused extends Error {}

export class LiveSite {
  /** Earlier builds' folders, newest first, for their files. */
  private earlier: string[] = [];
  private readonly firstDir: string;

  constructor(
    private readonly builds: SiteBuilds,
    private readonly siteDir?: string,
    /** Tells the server in front (Caddy serving the files itself) that the live build changed. */
    private readonly tellFront?: () => Promise<void>,
  ) {
    this.firstDir = builds.current().clientDir;
  }

  /** The client folder served now. */
  clientDir(): string {
    return this.builds.current().clientDir;
  }

  /**
   * The folders files no longer in the live build are looked for in: the earlier builds, newest
   * first. Never the site's public/: a picture uploaded in the editor is public once a publish
   * puts it in a build (the editor's preview reads it through its own signed-in route).
   */
  roots(): string[] {
    return [...this.earlier];
  }

  /**
   * Serves the build in `dir` from the next request on (siteBuild.ts reads it whole first, and
   * throws if it cannot), records it as live, and tells the server in front, if any. Resolves
   * once both serve it. When the server in front does not take it (FrontRefused), or the
   * pointers cannot be written, everything is put back as it was (the previous build served,
   * recorded and pointed at for Caddy, no build removed) and it rejects: the site never stays
   * half switched, and the build Caddy still serves is never pruned.
   */
  async switchTo(dir: string): Promise<void> {
    const previous = this.clientDir();
    try {
      this.point(dir);
      await this.tellFront?.().catch((error: unknown) => {
        throw new FrontRefused(error instanceof Error ? error.message : String(error), { cause: error });
      });
    } catch (error) {
      // Caddy refused, or the pointers could not be written (a full disk): the previous build, everywhere.
      this.point(previous);
      throw error;
    }
    this.earlier = [previous, ...this.earlier.filter((d) => d !== previous && d !== dir)];
    if (this.siteDir) this.prune(releasesDir(this.siteDir), dir);
  }

  /** Our server serves `dir`; a restart and Caddy's pointer (dist/caddy/live.caddy, where the build wrote one) name it too. */
  private point(dir: string): void {
    this.builds.switchTo(dir);
    if (!this.siteDir) return;
    const releases = releasesDir(this.siteDir);
    const id = path.relative(releases, path.dirname(dir));
    if (!id.startsWith('..')) return setLiveRelease(this.siteDir, id);
    forgetPublishedBuild(this.siteDir);
    const dist = path.dirname(releases);
    if (existsSync(path.join(dist, LIVE_CADDY_FILE))) writeLiveCaddy(dist, path.dirname(dir));
  }

  /** Removes the published builds beyond the last few (never the live one or the first one served). */
  private prune(releases: string, live: string): void {
    const kept = this.earlier.slice(0, KEPT);
    const keep = new Set([live, this.firstDir, ...kept].map((d) => path.dirname(d)));
    for (const id of readdirSync(releases)) {
      const dir = path.join(releases, id);
      if (id === LIVE_FILE || id.endsWith('.new') || !statSync(dir).isDirectory() || keep.has(dir)) continue;
      rmSync(dir, { recursive: true, force: true });
    }
    this.earlier = kept;
  }
}
