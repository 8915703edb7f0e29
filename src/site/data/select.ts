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
    // The SDK and the settings load with the first save or file choice, never with the page.
    return lazyPort(() =>
      Promise.all([import('./firebase'), import('./firebaseEnv')]).then(([{ createFirebasePort }, { firebaseSettingsFromBuild }]) => createFirebasePort(firebaseSettingsFromBuild())),
    );
  }
  return createLocalPort();
}
