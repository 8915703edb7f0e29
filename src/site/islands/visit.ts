/**
 * The visit, in the visitor's browser: on the first page of a visit (of this tab, or a campaign
 * link's page, which starts a new one: attribution.ts visitOnArrival) where it came
 * from (src/site/model/attribution.ts: landing page, referring site's origin, UTM parameters, which
 * click ids, device class) is kept in sessionStorage, which ends with the tab; no cookie, nothing
 * in localStorage. A form's post carries it beside its document (src/site/forms/submit/outbox.ts).
 * After the page has loaded (and only once it is shown: not while prerendered), one beacon of
 * well under 1 kB tells our server of the page view (src/leads/server/visits.ts), without cookies.
 */
import { api } from '../../platform/api';
import { attributionOfLanding, deviceOf, encodeAttribution, encodePageView, parseAttribution, visitOnArrival, type Attribution } from '../model/attribution';

const KEY = 'business-growth.visit';

function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // storage disabled
  }
}

/** This tab's visit, if one was recorded (a page may also be the first: see startVisit). */
let current: Attribution | undefined;

function readVisit(): Attribution | undefined {
  const stored = tabStorage()?.getItem(KEY);
  return stored ? parseAttribution(stored) : undefined;
}

/** Records the visit on its first page (or a campaign link's page: visitOnArrival); returns it and whether this page is the first. */
export function startVisit(): { visit: Attribution; landing: boolean } {
  const short = Math.min(screen.width, screen.height);
  const arriving = attributionOfLanding(location.href, document.referrer, deviceOf(short, matchMedia('(pointer: coarse)').matches));
  const { visit, landing } = visitOnArrival(current ?? readVisit(), arriving);
  current = visit;
  if (landing) {
    try {
      tabStorage()?.setItem(KEY, encodeAttribution(visit));
    } catch {
      // Full or refused: the visit is known on this page only.
    }
  }
  return { visit, landing };
}

/** Where a post from this page came from (the visit, and this page as the form's), encoded; empty when unknown. */
export function sourceOfPost(): string {
  const visit = current ?? readVisit();
  if (typeof location === 'undefined') return '';
  return encodeAttribution({ ...visit, formPage: location.pathname });
}

/** Once the page has loaded and is shown: one page view to our server, without cookies. */
export function sendPageView(visit: Attribution, landing: boolean): void {
  const send = () => {
    const body = encodePageView({ page: location.pathname, landing, attribution: visit });
    // fetch with keepalive, not navigator.sendBeacon: a beacon always carries the site's cookies
    // (the inbox's session cookie lives under /api/), this one carries none.
    void fetch(api.visits, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'text/plain' } }).catch(() => undefined);
  };
  const whenShown = () => {
    const doc = document as Document & { prerendering?: boolean };
    if (doc.prerendering) document.addEventListener('prerenderingchange', send, { once: true });
    else send();
  };
  if (document.readyState === 'complete') setTimeout(whenShown, 0);
  else window.addEventListener('load', () => setTimeout(whenShown, 0), { once: true });
}
