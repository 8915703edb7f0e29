/**
 * The `test` every browser test uses: the base's (e2e/base.ts: local-only pages, console errors
 * fail a test) with one fixture of the worker's, `editorSite`, the content editor's site shared by
 * the files a worker runs (e2e/helpers/editorSite.ts), started the first time a test or hook asks
 * for it. It is defined here, for every file, so that every file runs in the same kind of worker:
 * a file with a worker fixture of its own would need workers of its own, started anew and
 * scheduled after all the others. The base's helpers come with it.
 */
import { test as base } from './base';
import type { EditorSite } from './helpers/editorSite';

export { animationsDone, asHtml, expect, fill, headlinePattern, nextFrames, NOT_FOUND_STATUS_MESSAGE, visit } from './base';

interface WorkerFixtures {
  /** The content editor's site, shared by the tests a worker runs (e2e/helpers/editorSite.ts). */
  editorSite: EditorSite;
}

export const test = base.extend<Record<never, never>, WorkerFixtures>({
  editorSite: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      // Loaded when first asked for: most files never start the editor's site.
      const { startEditorSite } = await import('./helpers/editorSite');
      const site = await startEditorSite();
      try {
        await use(site);
      } finally {
        await site.stop();
      }
    },
    // Started once per worker, on a shared 2-core machine.
    { scope: 'worker', timeout: 180_000 },
  ],
});
