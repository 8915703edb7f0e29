import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/App';
import { createEmotionCache } from './app/emotionCache';
import { createRoutes } from './app/routes';
import { createDataPort } from './data/select';

const router = createBrowserRouter(createRoutes());
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no element with id "root"');

createRoot(container).render(
  <StrictMode>
    <AppProviders cache={createEmotionCache()} port={createDataPort()}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
