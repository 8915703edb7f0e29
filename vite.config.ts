import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

/** The Firebase settings a build needs; with all of them present the build uses the Firebase adapter. */
export const firebaseKeys = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_STORAGE_BUCKET',
  'VITE_FIREBASE_MESSAGING_SENDER_ID',
  'VITE_FIREBASE_APP_ID',
] as const;

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env };
  const adapter = firebaseKeys.every((key) => env[key]) ? 'firebase' : 'local';
  return {
    plugins: [react()],
    define: { __DATA_ADAPTER__: JSON.stringify(adapter) },
    // Script and style tags get the nonce placeholder our server fills in per answer (src/app/cspNonce.ts).
    html: { cspNonce: '__CSP_NONCE__' },
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // What the first page load runs (src/main.tsx and everything it imports) stays one
              // file; lazy chunks (sections, forms, toasts) hold only what it does not have.
              { name: 'app', tags: ['$initial'], priority: 2 },
              // What several lazy chunks share (the section frame, pictures, buttons) is one small
              // file, not one request each.
              { name: 'shared', minShareCount: 2, priority: 1 },
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      // In development the forms talk to the site's own server (npm start, or PORT=3000 node dist/server/index.js).
      proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
    },
  };
});
