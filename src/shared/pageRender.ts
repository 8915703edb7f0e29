/**
 * What the server renderer (src/entry-server.tsx, bundled by the build into dist/ssr) gives
 * the build's prerenderer (src/build/prerender.ts) for one address.
 */
export interface RenderedPage {
  /** The app's markup, for <div id="root">. */
  body: string;
  /** Title, meta and link tags, plus the page's critical CSS, for <head>. */
  head: string;
  status: number;
  /** The islands the page shows (src/islands/registry.ts): the browser loads their code, and nothing else of the page's. */
  islands: string[];
}

/** The server renderer's module, as the prerenderer loads it. */
export interface PageRenderer {
  renderPage(address: string): Promise<RenderedPage>;
  /** The forms' config the pages were drawn with (config/forms, by name), for the site manifest. */
  forms?: Readonly<Record<string, unknown>>;
}
