/**
 * firebase.json for Firebase Hosting, made from the built site's manifest
 * (src/site/model/siteManifest.ts, what the build wrote): every address is rewritten to its
 * prerendered HTML file; Hosting answers any other address with the fallback page, 404.html,
 * and status 404, but under another language's prefix, where a rewrite shows that language's
 * fallback page (status 200, noindex: Hosting chooses no 404 page by address). A removed page's address shows the page of its words (status 200, noindex:
 * Hosting has no 410, and no 404 but 404.html). Caching is our server's (src/site/model/caching.ts): hashed assets for a year,
 * pages revalidated on every visit. The page policy is our server's and Caddy's
 * (src/platform/headers.ts pagePolicy): it names the hashes of the build's inline code, so the
 * file belongs to one build: a Firebase build writes it (src/render/build.ts), and
 * `npm run firebase:config` writes it again from dist/. It also names the Firestore and
 * Cloud Storage security rules files (written from config/forms by firebaseRules.ts, committed).
 * Before each part of a deploy, Firebase runs DEPLOY_CHECK_COMMAND, which refuses rules older
 * than config/ and a firebase.json that is not the one of the Firebase build in dist/
 * (src/deploy/deployFiles.ts).
 */
import server from '../../config/server';
import { CACHE_CONTROL } from '../site/model/caching';
import { UPLOADS_PATH } from '../platform/uploads';
import type { SiteManifest } from '../site/model/siteManifest';
import { commonHeaders, pagePolicy } from '../platform/headers';
import { FIRESTORE_RULES_FILE, STORAGE_RULES_FILE } from './firebaseRules';

/** The file's name at the project root. */
export const FIREBASE_JSON = 'firebase.json';

/** Run by `firebase deploy` before it sends anything (a predeploy hook): stops the deploy while a deploy file is not current. */
export const DEPLOY_CHECK_COMMAND = 'npm run firebase:config -- --check';

/** The pages' policy is the same file for every visitor on Hosting as on our server: one policy, by hash. */
export function firebaseJson(site: SiteManifest) {
  const policy = pagePolicy(site, { https: true });
  const gone = site.gone ?? [];
  const languages = site.languageErrorPages ?? [];
  return {
    hosting: {
      predeploy: [DEPLOY_CHECK_COMMAND],
      public: 'dist/client',
      // The pages' variants with a plain post's outcome: Hosting has no server to post to.
      ignore: ['firebase.json', '**/.*', '**/*.br', '**/*.gz', 'outcomes/**'],
      trailingSlash: false,
      // No catch-all rewrite: Hosting then serves FALLBACK_FILE (404.html) with status 404.
      // Addresses that were pages' (config/moved.ts): a permanent redirect to the page's address.
      redirects: (site.content.moved?.moved ?? []).map(({ from, to }) => ({ source: from, destination: to, type: 301 })),
      // Hosting answers neither 410 nor a 404 of another page than 404.html (a rewrite answers 200): a
      // removed page's address shows the page of its words, marked noindex (in the page, and in the
      // X-Robots-Tag header below), which search engines drop as they drop a 404.
      rewrites: [
        ...site.pages.filter((p) => p.path !== '/').map((p) => ({ source: p.path, destination: `/${p.file}` })),
        ...gone.map((g) => ({ source: g.path, destination: `/${g.file}` })),
        // Last (Hosting takes the first rewrite that matches): any other address under another language's prefix
        // shows that language's page for unknown addresses, as our server and Caddy do (they with status 404;
        // Hosting's only 404 is 404.html, so here with 200, the page marked noindex in its head).
        ...languages.map((l) => ({ source: `${l.prefix}/**`, destination: `/${l.fallbackFile}` })),
      ],
      headers: [
        // The same policies as our server's (src/site/model/caching.ts). Hosting matches the address
        // asked for, not the file a rewrite serves: each page's address is listed.
        { source: '/assets/**', headers: [{ key: 'Cache-Control', value: CACHE_CONTROL.hashed }] },
        // (Every address under another language's prefix too: its pages, and its page for unknown addresses.)
        ...['**/*.html', ...new Set(site.pages.map((p) => p.path)), ...languages.map((l) => `${l.prefix}/**`)].map((source) => ({
          source,
          headers: [{ key: 'Cache-Control', value: CACHE_CONTROL.page }],
        })),
        { source: '/images/**', headers: [{ key: 'Cache-Control', value: CACHE_CONTROL.images }] },
        // After the rule above, which it overrides (Hosting applies the last rule that sets a header).
        { source: `${UPLOADS_PATH}**`, headers: [{ key: 'Cache-Control', value: CACHE_CONTROL.uploads }] },
        // A removed page's address (never under /images/): revalidated as a page, and kept out of search results.
        ...gone.map((g) => ({ source: g.path, headers: [{ key: 'Cache-Control', value: CACHE_CONTROL.page }, { key: 'X-Robots-Tag', value: 'noindex' }] })),
        {
          source: '**',
          headers: [
            ...commonHeaders(server.headers, { https: true }).map(([key, value]) => ({ key, value })),
            { key: 'Content-Security-Policy', value: policy },
          ],
        },
      ],
    },
    firestore: { predeploy: [DEPLOY_CHECK_COMMAND], rules: FIRESTORE_RULES_FILE },
    storage: { predeploy: [DEPLOY_CHECK_COMMAND], rules: STORAGE_RULES_FILE },
  };
}

export function firebaseJsonText(site: SiteManifest): string {
  return `${JSON.stringify(firebaseJson(site), null, 2)}\n`;
}
