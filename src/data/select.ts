/**
 * Picks the adapter at build time. vite.config.ts defines __DATA_ADAPTER__ as "firebase"
 * when the VITE_FIREBASE_* settings are present, else "local"; the unused branch (and, for
 * local builds, every byte of the Firebase SDK) is dropped from the bundle.
 */
import { createLocalPort } from './local';
import { lazyPort, type DataPort } from './port';

declare const __DATA_ADAPTER__: 'local' | 'firebase';

export function createDataPort(): DataPort {
  if (__DATA_ADAPTER__ === 'firebase') {
    const env = import.meta.env;
    return lazyPort(() =>
      import('./firebase').then(({ createFirebasePort }) =>
        createFirebasePort({
          apiKey: env.VITE_FIREBASE_API_KEY,
          authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
          projectId: env.VITE_FIREBASE_PROJECT_ID,
          storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET,
          messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID,
          appId: env.VITE_FIREBASE_APP_ID,
        }),
      ),
    );
  }
  return createLocalPort();
}
