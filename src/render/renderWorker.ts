/**
 * The render (render.ts) in a thread of its own, for our server's publishes: the pages are drawn
 * there, so visitors' requests keep being answered while a publish renders, and the server
 * renderer is loaded once and kept (until the code build changes). The server starts it by its
 * file (dist/server/render-worker.js, bundled beside the server; from the sources through tsx),
 * sends one job at a time and gets the site manifest back, or the error's message (the messages:
 * src/content/model/renderJob.ts).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { RenderAnswer, RenderMessage } from '../content/model/renderJob';
import type { PageRenderer } from '../site/model/pageRender';
import { PUBLISH_BROTLI } from './compress';
import { loadRenderer, renderSite } from './render';

/** The server renderer of each code build, with the time its file was written (a new build is loaded again). */
const renderers = new Map<string, { written: number; renderer: Promise<PageRenderer> }>();

function rendererOf(codeDir: string): Promise<PageRenderer> {
  const file = path.join(codeDir, 'ssr', 'entry-server.js');
  const written = statSync(file).mtimeMs;
  const known = renderers.get(codeDir);
  if (known?.written === written) return known.renderer;
  // A new build's renderer: loaded under its own address (Node keeps a module it imported once).
  const renderer = loadRenderer(codeDir, `?v=${written}`);
  renderers.set(codeDir, { written, renderer });
  return renderer;
}

parentPort?.on('message', (job: RenderMessage) => {
  // The editor was opened: the renderer is loaded now, so the first publish does not wait for it.
  // A build not there (any more) is the render's to report, not the warm-up's.
  if ('warm' in job)
    return void Promise.resolve(job.warm)
      .then(rendererOf)
      .catch(() => undefined);
  void (async (): Promise<RenderAnswer> => {
    try {
      const { manifest } = await renderSite({ ...job, renderer: await rendererOf(job.codeDir), brotli: PUBLISH_BROTLI });
      return { id: job.id, ok: true, manifest };
    } catch (error) {
      return { id: job.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
  })().then((answer) => parentPort!.postMessage(answer));
});
