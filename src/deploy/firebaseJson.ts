/**
 * firebase.json for Firebase Hosting, made from config/routes.ts: every address is rewritten
 * to its prerendered HTML file (src/app/prerenderFiles.ts); Hosting answers any other address
 * with the fallback page, 404.html, and status 404; hashed assets are cached for a year, HTML is revalidated on every visit. It also names
 * the Firestore and Cloud Storage security rules files (written from config/forms by
 * firebaseRules.ts). `npm run firebase:config` writes all three files; a test checks the
 * committed files equal this output.
 */
import { htmlFileFor } from '../app/prerenderFiles';
import { pagePaths } from '../app/routing';
import server from '../../config/server';
import { commonHeaders, contentSecurityPolicy, pageFrameOrigins } from '../server/security';
import { FIRESTORE_RULES_FILE, STORAGE_RULES_FILE } from './firebaseRules';

/** Where the Firebase SDK sends documents and files from the browser. */
export const FIREBASE_ORIGINS = ['https://firestore.googleapis.com', 'https://firebasestorage.googleapis.com'];

/**
 * Hosting serves the same file to everyone, so it cannot give each answer a nonce as our
 * server does: its policy allows inline styles and scripts but keeps the rest (frames,
 * plugins, other sites' scripts, being framed) as strict.
 */
export async function firebaseJson() {
  const policy = contentSecurityPolicy(undefined, { frameOrigins: await pageFrameOrigins(), https: true, connectOrigins: FIREBASE_ORIGINS });
  return {
    hosting: {
      public: 'dist/client',
      ignore: ['firebase.json', '**/.*', '**/*.br', '**/*.gz'],
      trailingSlash: false,
      // No catch-all rewrite: Hosting then serves FALLBACK_FILE (404.html) with status 404.
      rewrites: pagePaths.filter((p) => p.path !== '/').map((p) => ({ source: p.path, destination: `/${htmlFileFor(p.path)}` })),
      headers: [
        { source: '/assets/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
        { source: '**/*.html', headers: [{ key: 'Cache-Control', value: 'no-cache' }] },
        { source: '/images/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=86400' }] },
        {
          source: '**',
          headers: [
            ...commonHeaders(server.headers, { https: true }).map(([key, value]) => ({ key, value })),
            { key: 'Content-Security-Policy', value: policy },
          ],
        },
      ],
    },
    firestore: { rules: FIRESTORE_RULES_FILE },
    storage: { rules: STORAGE_RULES_FILE },
  };
}

export async function firebaseJsonText(): Promise<string> {
  return `${JSON.stringify(await firebaseJson(), null, 2)}\n`;
}
