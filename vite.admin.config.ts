/**
 * The agency's inbox (admin.html, src/admin) is built apart from the public pages, into the
 * same dist/client: its own chunks, which no public page ever loads, and the public build's
 * chunks and budgets untouched (one build with two entries would share chunks between them).
 * Everything else is the site's own configuration (vite.config.ts): plugins and
 * react-router's production build; the nonce placeholder is the inbox's own.
 *
 * In development `npm run dev` serves the inbox at /admin (src/render/vitePlugins.ts devInbox).
 */
import path from 'node:path';
import { defineConfig, type UserConfig } from 'vite';
import { CSP_NONCE_PLACEHOLDER } from './src/platform/cspNonce.ts';
import siteConfig from './vite.config.ts';
import { browserInlineSrc } from './src/render/vitePlugins.ts';

const root = import.meta.dirname;

export default defineConfig(async (env) => {
  const site = (await (typeof siteConfig === 'function' ? siteConfig(env) : siteConfig)) as UserConfig;
  return {
    ...site,
    // The site's plugins answer /admin in development (devInbox); the inbox's build draws the preview's layout with the browser's inlineSrc
    // and keeps the content its build was made with (it takes the forms served from the page our server answers: src/apps/server/admin/page.ts).
    plugins: [
      ...(site.plugins ?? []).filter((plugin) => !(plugin && typeof plugin === 'object' && 'name' in plugin && plugin.name === 'content-out-of-the-code')),
      browserInlineSrc({ root }),
    ],
    // The inbox is no file for every visitor but one answer to a signed-in user: its script and
    // style tags get the nonce placeholder our server fills in per answer (src/apps/server/admin/page.ts).
    html: { cspNonce: CSP_NONCE_PLACEHOLDER },
    build: {
      ...site.build,
      // After the public build, into the same folder: keep what it wrote.
      emptyOutDir: false,
      manifest: false,
      // The list's chunk with its data grid (loaded with the list: src/apps/inbox/SignedIn.tsx) comes
      // near vite's 500 kB (docs/performance.md). Above 600 kB, a chunk grew: look at what before raising this.
      chunkSizeWarningLimit: 600,
      rolldownOptions: { input: { admin: path.join(root, 'admin.html') } },
    },
  };
});
