/**
 * firebase.json for Firebase Hosting, made from the site manifest (src/shared/siteManifest.ts,
 * what the build knows of the site): every address is rewritten to its prerendered HTML
 * file; Hosting answers any other address
 * with the fallback page, 404.html, and status 404. Caching is our server's
 * (src/shared/caching.ts): hashed assets for a year, pages revalidated on every visit. It
 * also names the Firestore and Cloud Storage security rules files (written from config/forms
 * by firebaseRules.ts). The build writes all three files (src/deploy/deployFiles.ts); before
 * each part of a deploy, Firebase runs DEPLOY_CHECK_COMMAND, which refuses files older than config/.
 */
import server from '../../config/server';
import { CACHE_CONTROL } from '../shared/caching';
import type { SiteManifest } from '../shared/siteManifest';
import { commonHeaders, contentSecurityPolicy } from '../shared/headers';
import { FIRESTORE_RULES_FILE, STORAGE_RULES_FILE } from './firebaseRules';

/** Run by `firebase deploy` before it sends anything (a predeploy hook): stops the deploy while a deploy file is not current. */
export const DEPLOY_CHECK_COMMAND = 'npm run firebase:config -- --check';

/** Where the Firebase SDK sends documents and files from the browser. */
const FIREBASE_ORIGINS = ['https://firestore.googleapis.com', 'https://firebasestorage.googleapis.com'];

/**
 * Hosting serves the same file to everyone, so it cannot give each answer a nonce as our
 * server does: its policy allows inline styles and scripts but keeps the rest (frames,
 * plugins, other sites' scripts, being framed) as strict.
 */
export function firebaseJson(site: SiteManifest) {
  const policy = contentSecurityPolicy(undefined, { frameOrigins: site.frameOrigins, https: true, connectOrigins: FIREBASE_ORIGINS });
  return {
    hosting: {
      predeploy: [DEPLOY_CHECK_COMMAND],
      public: 'dist/client',
      ignore: ['firebase.json', '**/.*', '**/*.br', '**/*.gz'],
      trailingSlash: false,
      // No catch-all rewrite: Hosting then serves FALLBACK_FILE (404.html) with status 404.
      rewrites: site.pages.filter((p) => p.path !== '/').map((p) => ({ source: p.path, destination: `/${p.file}` })),
      headers: [
        // The same policies as our server's (src/shared/caching.ts). Hosting matches the address
        // asked for, not the file a rewrite serves: each page's address is listed.
        { source: '/assets/**', headers: [{ key: 'Cache-Control', value: CACHE_CONTROL.hashed }] },
        ...['**/*.html', ...new Set(site.pages.map((p) => p.path))].map((source) => ({ source, headers: [{ key: 'Cache-Control', value: CACHE_CONTROL.page }] })),
        { source: '/images/**', headers: [{ key: 'Cache-Control', value: CACHE_CONTROL.images }] },
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
