/**
 * The browser entry: the page is the HTML the build wrote, and this starts only what responds to
 * a visitor, when it is needed: each island (src/site/islands/registry.ts) hydrates on its trigger
 * (src/site/islands/triggers.ts), with React loaded then; the forms wait for the visitor to come near
 * one (src/site/forms/ui/formsGate.ts); submissions that could not be sent on an earlier visit are
 * sent again; the copyright line shows this year. No React runs until then.
 */
// First, before any styling library runs: where notistack's styles go (the page policy allows no new style texts).
import './islands/toastStyles';
import { hasPending } from './forms/submit/outboxStorage';
import { formsWanted, watchForms } from './forms/ui/formsGate';
import { watchIslands } from './islands/triggers';
import { sendPageView, startVisit } from './islands/visit';

declare const __DATA_ADAPTER__: 'local' | 'firebase';

watchIslands((element) => import('./islands/hydrate').then(({ hydrateIsland }) => hydrateIsland(element)), formsWanted());
watchForms();
// Where this tab's visit came from (kept for its forms' posts), and one page view counted after
// load, by our own server only (a Firebase build has no endpoint for it): src/site/islands/visit.ts.
if (__DATA_ADAPTER__ === 'local') {
  const { visit, landing } = startVisit();
  sendPageView(visit, landing);
}
// The browser tests wait for this mark before they touch the page (from here a click on an island is answered).
document.documentElement.dataset.app = 'started';

// Submissions that could not be saved on an earlier visit wait in this browser: send them
// again once the page is up (the outbox's code loads only when something waits). Once
// started, the outbox listens for the connection's return itself.
const sendWaiting = () => {
  if (!hasPending()) return;
  window.removeEventListener('online', sendWaiting);
  Promise.all([import('./forms/submit/outbox'), import('./data/sitePort')]).then(
    ([{ startOutbox }, { sitePort }]) => startOutbox(sitePort()),
    // Its code could not load (offline, say): try again when the connection returns.
    () => window.addEventListener('online', sendWaiting),
  );
};
window.addEventListener('online', sendWaiting);
if (document.readyState === 'complete') setTimeout(sendWaiting, 0);
else window.addEventListener('load', () => setTimeout(sendWaiting, 0), { once: true });

// The page was built on some day: the copyright line says the year it is read in.
for (const year of document.querySelectorAll('[data-current-year]')) year.textContent = String(new Date().getFullYear());
