/** The Firebase settings the build was given (the six VITE_FIREBASE_* of .env), read only by a Firebase build. */
import type { FirebaseOptions } from 'firebase/app';

export function firebaseSettingsFromBuild(): FirebaseOptions {
  const env = import.meta.env;
  return {
    apiKey: env.VITE_FIREBASE_API_KEY,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
    projectId: env.VITE_FIREBASE_PROJECT_ID,
    storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET,
    messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID,
    appId: env.VITE_FIREBASE_APP_ID,
  };
}
