/**
 * The browser entry: the page is the HTML the build wrote, and this starts only what responds to
 * a visitor. The islands (src/islands/registry.ts) hydrate one by one, in tasks of their own;
 * the forms wait for the visitor to come near one (src/forms/ui/formsGate.ts); submissions that
 * could not be sent on an earlier visit are sent again; the copyright line shows this year.
 */
// First, before any styling library runs: the CSP nonce for the styles they add.
import './islands/styleNonce';
import { hasPending } from './forms/submit/outboxStorage';
import { formsWanted, watchForms } from './forms/ui/formsGate';
import { createEmotionCache } from './islands/emotionCache';
import { hydrateIslands } from './islands/hydrate';
import { sitePort } from './data/sitePort';

const cache = createEmotionCache();

async function start() {
  await hydrateIslands('load', cache);
  // The browser tests wait for this mark before they touch the page's islands.
  document.documentElement.dataset.app = 'started';
  watchForms();
  await formsWanted();
  await hydrateIslands('forms', cache);
}

// Submissions that could not be saved on an earlier visit wait in this browser: send them
// again once the page is up (the outbox's code loads only when something waits). Once
// started, the outbox listens for the connection's return itself.
const sendWaiting = () => {
  if (!hasPending()) return;
  window.removeEventListener('online', sendWaiting);
  import('./forms/submit/outbox').then(
    ({ startOutbox }) => startOutbox(sitePort()),
    // Its code could not load (offline, say): try again when the connection returns.
    () => window.addEventListener('online', sendWaiting),
  );
};
window.addEventListener('online', sendWaiting);
if (document.readyState === 'complete') setTimeout(sendWaiting, 0);
else window.addEventListener('load', () => setTimeout(sendWaiting, 0), { once: true });

// The page was built on some day: the copyright line says the year it is read in.
for (const year of document.querySelectorAll('[data-current-year]')) year.textContent = String(new Date().getFullYear());

void start();
