/**
 * The Firebase settings a build needs (from .env or the environment, see docs/deploy-firebase.md); with all of
 * them present vite.config.ts builds the Firebase adapter (src/site/data/select.ts), and the build
 * leaves out the inbox, which needs our server (src/render/build.ts).
 */
export const firebaseKeys = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_STORAGE_BUCKET',
  'VITE_FIREBASE_MESSAGING_SENDER_ID',
  'VITE_FIREBASE_APP_ID',
] as const;

/** Whether these settings (a .env's, and the environment's over them) make a Firebase build. */
export function isFirebaseBuild(settings: Record<string, string | undefined>): boolean {
  return firebaseKeys.every((key) => settings[key]);
}

/** Where the Firebase SDK sends documents and files from the browser: a Firebase build's pages may connect there (connect-src). */
export const FIREBASE_CONNECT_ORIGINS = ['https://firestore.googleapis.com', 'https://firebasestorage.googleapis.com'];
