/**
 * What the server renderer (src/site/entry-server.tsx, bundled by the build into dist/ssr) gives
 * the render (src/render/render.ts) for one address of some content.
 */
import type { PictureSets } from './pictureSizes';
import type { SiteContent } from './siteContent';

export interface RenderedPage {
  /** The app's markup, for <div id="root">. */
  body: string;
  /** Title, meta and link tags, plus the page's critical CSS, for <head>. */
  head: string;
  status: number;
  /** The islands the page shows (src/site/islands/registry.ts): the browser loads their code, and nothing else of the page's. */
  islands: string[];
}

interface RenderOptions {
  /** The address of each form's description file, by form name (the form islands' data). */
  formFiles?: Readonly<Record<string, string>>;
  /** The address of each article's 1200×630 picture (made from its cover by the render), by article id. */
  socialPictures?: Readonly<Record<string, string>>;
  /** The sizes there are of each uploaded picture the content names, by its address (src/site/model/pictureSizes.ts): offered as srcset. */
  pictures?: PictureSets;
}

/** The server renderer's module, as the render loads it. */
export interface PageRenderer {
  renderPage(address: string, content: SiteContent, options?: RenderOptions): Promise<RenderedPage>;
}
