// First: the CSP nonce for styles made while other modules load (see the module).
import './app/styleNonce';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/App';
import { createEmotionCache } from './app/emotionCache';
import { createRoutes } from './app/routes';
import { createDataPort } from './data/select';
import { openFormsGate, watchForms } from './forms/formsGate';
import { hasPending } from './forms/outboxStorage';

// A prerendered page carries the router's data (window.__staticRouterHydrationData),
// which createBrowserRouter picks up, so the first page needs no loading at all.
const router = createBrowserRouter(createRoutes());
const port = createDataPort();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no element with id "root"');

const app = (
  <StrictMode>
    <AppProviders cache={createEmotionCache()} port={port}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

if (container.hasChildNodes()) {
  hydrateRoot(container, app);
  // The prerendered forms stay plain HTML until the visitor comes near one (src/forms/formsGate.ts);
  // a page reached by navigation loads its forms at once.
  watchForms();
  const stop = router.subscribe(() => {
    openFormsGate();
    stop();
  });
} else {
  // Not prerendered (the dev server): nothing to show before the code, so load forms at once.
  openFormsGate();
  createRoot(container).render(app);
}

// Submissions that could not be saved on an earlier visit wait in this browser: send them
// again once the page is up (the outbox's code loads only when something waits).
const sendWaiting = () => {
  if (hasPending()) void import('./forms/outbox').then(({ startOutbox }) => startOutbox(port));
};
window.addEventListener('online', sendWaiting);
if (document.readyState === 'complete') setTimeout(sendWaiting, 0);
else window.addEventListener('load', () => setTimeout(sendWaiting, 0), { once: true });
