import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/App';
import { createEmotionCache } from './app/emotionCache';
import { createRoutes } from './app/routes';
import { createDataPort } from './data/select';

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

if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
