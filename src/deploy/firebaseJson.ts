/**
 * firebase.json for Firebase Hosting, made from config/routes.ts: every address is rewritten
 * to its prerendered HTML file (src/app/prerenderFiles.ts), any other address to the fallback
 * page; hashed assets are cached for a year, HTML is revalidated on every visit. It also names
 * the Firestore and Cloud Storage security rules files (written from config/forms by
 * firebaseRules.ts). `npm run firebase:config` writes all three files; a test checks the
 * committed files equal this output.
 */
import { FALLBACK_FILE, htmlFileFor } from '../app/prerenderFiles';
import { pagePaths } from '../app/routing';
import { FIRESTORE_RULES_FILE, STORAGE_RULES_FILE } from './firebaseRules';

export function firebaseJson() {
  return {
    hosting: {
      public: 'dist/client',
      ignore: ['firebase.json', '**/.*', '**/*.br', '**/*.gz'],
      trailingSlash: false,
      rewrites: [
        ...pagePaths.filter((p) => p.path !== '/').map((p) => ({ source: p.path, destination: `/${htmlFileFor(p.path)}` })),
        { source: '**', destination: `/${FALLBACK_FILE}` },
      ],
      headers: [
        { source: '/assets/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
        { source: '**/*.html', headers: [{ key: 'Cache-Control', value: 'no-cache' }] },
        { source: '/images/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=86400' }] },
        {
          source: '**',
          headers: [
            { key: 'X-Content-Type-Options', value: 'nosniff' },
            { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          ],
        },
      ],
    },
    firestore: { rules: FIRESTORE_RULES_FILE },
    storage: { rules: STORAGE_RULES_FILE },
  };
}

export function firebaseJsonText(): string {
  return `${JSON.stringify(firebaseJson(), null, 2)}\n`;
}
