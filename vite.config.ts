import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';
import { dataAdapter } from './src/render/dataAdapter.ts';
import { HYDRATE_MODULE, islandModules, islandTriggers } from './src/render/viteManifest.ts';
import { SUPPORTED_BROWSERS } from './src/site/islands/prefixer.ts';
import { browserInlineSrc, compileHints, configCheck, contentOutOfTheCode, devEditor, devInbox, devPages } from './src/render/vitePlugins.ts';

const root = import.meta.dirname;

export default defineConfig(({ mode }) => {
  // The islands' registry is read as text (src/render/viteManifest.ts): importing it would bundle
  // every island's component, and all they import, into this config each time vite loads it.
  const triggers = islandTriggers(root);
  const adapter = dataAdapter(mode, process.cwd());
  return {
    plugins: [
      react(),
      // The visitors' code holds no content: the render draws it into the pages (and the inbox's build is left to itself).
      contentOutOfTheCode({ root }),
      // Compiled while they download: the chunks every page loads (the groups of codeSplitting
      // below, the runtime, React and the islands, fetched once the page has painted). The
      // forms' and toasts' code keeps the default: it loads when needed, and much of it may never run.
      compileHints({
        atLoadChunks: ['app', 'shared', 'rolldown-runtime'],
        atLoadModules: [
          HYDRATE_MODULE,
          ...Object.entries(islandModules(root))
            .filter(([name]) => triggers[name] !== undefined && triggers[name] !== 'forms')
            .map(([, file]) => file),
        ].map((file) => path.join(root, file)),
      }),
      configCheck({ root }),
      // The inbox and its content editor at /admin (admin.html; its build is vite.admin.config.ts).
      devInbox({ root }),
      { ...browserInlineSrc({ root }), apply: 'serve' },
      devPages({ root }),
      // The content editor's API over this checkout's files, without sign-in (src/apps/server/devEditor.ts, loaded when first asked).
      devEditor({ root }),
    ],
    // Pages are drawn by devPages (development) and the render (src/render/render.ts), not served as vite's index.html.
    appType: 'custom',
    define: { __DATA_ADAPTER__: JSON.stringify(adapter) },
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      // The browsers the site supports (vite's default, written out): the CSS's vendor prefixes follow the same list.
      target: SUPPORTED_BROWSERS,
      sourcemap: false,
      // Read by the build (src/render/codeBuild.ts: which chunks each island needs), which then removes it.
      manifest: true,
      rolldownOptions: {
        // No warning that a plugin took long: on a busy machine every build would print one (the
        // build's time is watched by its own measure, not by its output).
        checks: { bundlerTimings: false },
        output: {
          codeSplitting: {
            groups: [
              // What every page runs (src/site/main.tsx and everything it imports: React, emotion, the
              // islands' runtime) stays one file; lazy chunks (islands, forms, toasts) hold only
              // what it does not have.
              { name: 'app', tags: ['$initial'], priority: 2 },
              // What several lazy chunks share (emotion's styled, the collapse, the tokens) is one
              // small file, not one request each.
              { name: 'shared', minShareCount: 2, priority: 1 },
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      // In development the forms talk to the site's own server (npm start, or PORT=3000 node dist/server/index.js).
      proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
    },
  };
});
