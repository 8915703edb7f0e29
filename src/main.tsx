/**
 * The browser entry. Starting up is a lot of script for a phone, so it runs as several tasks
 * with pauses between them, in which the browser can handle input and paint: what the browser
 * does to start a script (./boot/pause comes first), React and React DOM (./boot/libraries),
 * everything else the app is made of (the modules imported after those), then start() (a
 * timer). Each section then hydrates as a task of its own.
 */
import './boot/pause';
// The CSP nonce for styles made by libraries as they load (see the module).
import './app/styleNonce';
import { createRoot, hydrateRoot, StrictMode } from './boot/libraries';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/App';
import { createEmotionCache } from './app/emotionCache';
import { reportRecoverableError } from './app/hydrationErrors';
import { createRoutes } from './app/routes';
import { windowForRouter } from './app/routerWindow';
import { createDataPort } from './data/select';
import { openFormsGate, watchForms } from './forms/ui/formsGate';
import { hasPending } from './forms/submit/outboxStorage';
import { shownSections } from './pages/PageView';
import { preloadSections } from './sections/registry';

const port = createDataPort();

function start() {
  // A prerendered page carries the router's data (window.__staticRouterHydrationData),
  // which createBrowserRouter picks up, so the first page needs no loading at all.
  const router = createBrowserRouter(createRoutes(), { window: windowForRouter() });
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no element with id "root"');
  const prerendered = container.hasChildNodes();

  const app = (
    <StrictMode>
      <AppProviders cache={createEmotionCache()} port={port} prerendered={prerendered}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );

  if (!prerendered) {
    // Not prerendered (the dev server): nothing to show before the code, so load forms at once.
    openFormsGate();
    createRoot(container).render(app);
    return;
  }

  // The page's section renderers are chunks of their own, requested with the app's script (the
  // page's HTML lists them): with them in hand, every section hydrates in React's first pass, and
  // a click anywhere on the page is handled from the start. Should one fail to load, hydration
  // starts anyway and that section keeps its server HTML until it can.
  const hydrate = () => {
    hydrateRoot(container, app, { onRecoverableError: reportRecoverableError });
    // From here React handles the page's events (a click on a part still hydrating is replayed
    // once it is): the browser tests wait for this mark before they touch the page.
    document.documentElement.dataset.app = 'started';
    // The prerendered forms stay plain HTML until the visitor comes near one (src/forms/ui/formsGate.ts);
    // a page reached by navigation loads its forms at once.
    watchForms();
    const stop = router.subscribe(() => {
      openFormsGate();
      stop();
    });
  };
  preloadSections(shownSections(router.state.loaderData)).then(hydrate, hydrate);
}

// Submissions that could not be saved on an earlier visit wait in this browser: send them
// again once the page is up (the outbox's code loads only when something waits). Once
// started, the outbox listens for the connection's return itself.
const sendWaiting = () => {
  if (!hasPending()) return;
  window.removeEventListener('online', sendWaiting);
  import('./forms/submit/outbox').then(
    ({ startOutbox }) => startOutbox(port),
    // Its code could not load (offline, say): try again when the connection returns.
    () => window.addEventListener('online', sendWaiting),
  );
};
window.addEventListener('online', sendWaiting);
if (document.readyState === 'complete') setTimeout(sendWaiting, 0);
else window.addEventListener('load', () => setTimeout(sendWaiting, 0), { once: true });

// The last of the start-up tasks (see the top of this file).
setTimeout(start, 0);
