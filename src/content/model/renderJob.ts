/**
 * A render of some content, written once for both sides: what a publish asks of the render
 * (src/render/render.ts renderSite), sent by our server to its render thread
 * (src/content/server/renderer.ts) and drawn there (src/render/renderWorker.ts), and what the
 * thread answers.
 */
import type { SiteManifest } from '../../site/model/siteManifest';
import type { SiteContent } from '../../site/model/siteContent';

export interface RenderJob {
  content: SiteContent;
  /** The code build: dist/ (client/, ssr/entry-server.js, server/, code.json). */
  codeDir: string;
  /** Where to write: its client/ (and caddy/). The code build's own folder, or a release's. */
  outDir: string;
  /** A folder whose identical files' compressed copies are taken (the client folder served now). */
  earlierClientDir?: string;
  /**
   * The site's public/ folder, when its files may be newer than the code build's copy of it
   * (pictures uploaded in the editor and published since): those the build does not have are
   * linked in from there.
   */
  publicDir?: string;
  /** The moment the site is drawn for (the server's clock): articles that have expired by then are left out (default: now). */
  now?: Date;
}

/** What the server posts to its render thread: a job with its number, or the code build whose renderer to load ahead (the editor was opened). */
export type RenderMessage = (RenderJob & { id: number }) | { warm: string };

/** The thread's answer to a job: the site manifest it wrote, or the error's message. */
export type RenderAnswer = { id: number; ok: true; manifest: SiteManifest } | { id: number; ok: false; error: string };
