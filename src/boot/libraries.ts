/**
 * React and React DOM, the largest part of the app's script, as a task of their own in the
 * browser's start-up (see src/main.tsx): src/main.tsx imports this module right after the first
 * pause, and the app's own modules run after the pause at the end of this one.
 */
export { StrictMode } from 'react';
export { createRoot, hydrateRoot } from 'react-dom/client';

await new Promise((resolve) => setTimeout(resolve, 0));
