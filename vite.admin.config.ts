/**
 * The agency's inbox (admin.html, src/admin) is built apart from the public pages, into the
 * same dist/client: its own chunks, which no public page ever loads, and the public build's
 * chunks and budgets untouched (one build with two entries would share chunks between them).
 * Everything else is the site's own configuration (vite.config.ts): plugins and
 * react-router's production build; the nonce placeholder is the inbox's own.
 *
 * `npx vite --config vite.admin.config.ts` serves the inbox in development at /admin (start
 * the site's server too: /api goes to it, as in vite.config.ts).
 */
import path from 'node:path';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { CSP_NONCE_PLACEHOLDER } from './src/shared/cspNonce.ts';
import siteConfig from './vite.config.ts';

const root = import.meta.dirname;

/** In development, /admin and every address under it answer admin.html, as our server does. */
function inboxAddresses(): Plugin {
  return {
    name: 'inbox-addresses',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /^\/admin(\/|\?|$)/.test(request.url)) request.url = '/admin.html';
        next();
      });
    },
  };
}

/**
 * The content editor's preview draws the site's layout in the browser: inlineSrc, which reads
 * public/ with node:fs when pages are built, is replaced by its browser twin there.
 */
function browserInlineSrc(): Plugin {
  const browser = path.join(root, 'src/ui/inlineSrc.browser.ts');
  return {
    name: 'inline-src-in-browser',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && /\/ui\/inlineSrc$/.test(source) && path.resolve(path.dirname(importer), source) === path.join(root, 'src/ui/inlineSrc')) return browser;
      return null;
    },
  };
}

export default defineConfig(async (env) => {
  const site = (await (typeof siteConfig === 'function' ? siteConfig(env) : siteConfig)) as UserConfig;
  return {
    ...site,
    plugins: [...(site.plugins ?? []), inboxAddresses(), browserInlineSrc()],
    // The inbox is no file for every visitor but one answer to a signed-in user: its script and
    // style tags get the nonce placeholder our server fills in per answer (src/server/admin/page.ts).
    html: { cspNonce: CSP_NONCE_PLACEHOLDER },
    build: {
      ...site.build,
      // After the public build, into the same folder: keep what it wrote.
      emptyOutDir: false,
      manifest: false,
      // Two chunks come near vite's 500 kB: the entry (React, MUI's core, the sign-in: 174 kB
      // gzipped) and the list's data grid, which loads with the list (src/admin/AdminApp.tsx).
      // Above 600 kB, one of them grew: look at what before raising this.
      chunkSizeWarningLimit: 600,
      rolldownOptions: { input: { admin: path.join(root, 'admin.html') } },
    },
  };
});
