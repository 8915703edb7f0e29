import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { firebaseKeys } from './src/data/firebaseSettings';
import { CSP_NONCE_PLACEHOLDER } from './src/shared/cspNonce';


/**
 * Chrome (136 and later) compiles every function of a script that starts with this comment on
 * a background thread while it downloads, instead of on the main thread when each function is
 * first called. For the scripts a page runs while it starts (the app, its sections), that took
 * a large part of the start-up work off the main thread (each task after the first went under
 * 12 ms on the development machine). The forms' and toasts' scripts keep the
 * default: they load when needed, and much of them may never run.
 */
function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    // Once the files are written: vite adds its own line to the top of the entry chunk after
    // every other hook has run, and the comment must be the first line.
    writeBundle(options, bundle) {
      if (this.environment.name !== 'client') return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        // The entry, the groups of codeSplitting below, the runtime, the section renderers.
        const atLoad = chunk.isEntry || ['app', 'shared', 'rolldown-runtime'].includes(chunk.name) || Boolean(chunk.facadeModuleId?.includes('/src/sections/'));
        if (!atLoad) continue;
        const file = path.join(options.dir ?? '', chunk.fileName);
        writeFileSync(file, `//# allFunctionsCalledOnLoad\n${readFileSync(file, 'utf8')}`);
      }
    },
  };
}

export default defineConfig(({ mode, isSsrBuild }) => {
  const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env };
  const adapter = firebaseKeys.every((key) => env[key]) ? 'firebase' : 'local';
  return {
    plugins: [react(), compileHints()],
    define: { __DATA_ADAPTER__: JSON.stringify(adapter) },
    // Script and style tags get the nonce placeholder our server fills in per answer.
    html: { cspNonce: CSP_NONCE_PLACEHOLDER },
    resolve: {
      // react-router's package exports only its development build (remix-run/react-router#12532,
      // #14102): its development warnings would ship to visitors. The production build is the
      // same code without them.
      alias:
        mode === 'production' && !isSsrBuild
          ? [
              { find: /^react-router$/, replacement: path.resolve('node_modules/react-router/dist/production/index.mjs') },
              { find: /^react-router\/dom$/, replacement: path.resolve('node_modules/react-router/dist/production/dom-export.mjs') },
            ]
          : [],
    },
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      sourcemap: false,
      // Read by scripts/prerender.mjs (which chunks each section type needs), which then removes it.
      manifest: true,
      // The app's one start-up file is about 560 kB before compression, on purpose (one request,
      // compiled while it downloads). What counts is kept by e2e/budgets.e2e.ts: the gzipped
      // bytes each page loads. Vite warns above 500 kB; warn only well beyond today's size.
      chunkSizeWarningLimit: 700,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // What the first page load runs (src/main.tsx and everything it imports) stays one
              // file; lazy chunks (sections, forms, toasts) hold only what it does not have.
              { name: 'app', tags: ['$initial'], priority: 2 },
              // What several lazy chunks share (the section frame, pictures, buttons) is one small
              // file, not one request each.
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
