import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/App';
import { createEmotionCache } from './app/emotionCache';
import { createRoutes } from './app/routes';
import { createDataPort } from './data/select';
import { openFormsGate, watchForms } from './forms/formsGate';

// A prerendered page carries the router's data (window.__staticRouterHydrationData),
// which createBrowserRouter picks up, so the first page needs no loading at all.
const router = createBrowserRouter(createRoutes());
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no element with id "root"');

const app = (
  <StrictMode>
    <AppProviders cache={createEmotionCache()} port={createDataPort()}>
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
