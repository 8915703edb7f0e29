import createCache, { type StylisPlugin } from '@emotion/cache';

import { pageNonce } from './cspNonce';
import { prefixer } from './prefixer';

/**
 * The key of the style element that holds a prerendered page's styles
 * (src/site/entry-server.tsx). Not emotion's own "css ": emotion would move that element while the
 * page starts (taking it out of the page and back in), and the browser would then work out
 * the style of every element on the page again.
 */
export const PRERENDERED_STYLES_KEY = 'css-ssr';

/**
 * A new emotion cache: one per browser page, one per server render. Its style tags carry the
 * page's CSP nonce (the prerenderer passes the placeholder the server fills in). In the browser
 * it knows the styles already in the prerendered page, so it does not add them again, and it
 * adds new ones after them, as emotion does after hydrating its own elements. Its CSS carries the
 * vendor prefixes the supported browsers need, not those of emotion's default (./prefixer.ts):
 * the server's render and the browser's write the same CSS (`stylisPlugins`: SITE_STYLIS_PLUGINS
 * and what the server's render leaves out, src/site/entry-server.tsx).
 */
/**
 * The stylis plugins of the site's caches: one array for every cache, as emotion keeps the CSS
 * it has worked out per array (on the server, for every page a render draws).
 */
export const SITE_STYLIS_PLUGINS: StylisPlugin[] = [prefixer];

export function createEmotionCache(nonce: string | undefined = pageNonce(), stylisPlugins = SITE_STYLIS_PLUGINS) {
  const prerendered =
    typeof document === 'undefined' ? [] : [...document.querySelectorAll<HTMLStyleElement>(`style[data-emotion^="${PRERENDERED_STYLES_KEY} "]`)];
  const cache = createCache({
    key: 'css',
    prepend: true,
    stylisPlugins,
    ...(nonce ? { nonce } : {}),
    ...(prerendered.length ? { insertionPoint: prerendered[prerendered.length - 1] } : {}),
  });
  for (const element of prerendered) {
    for (const id of (element.dataset.emotion ?? '').split(' ').slice(1)) cache.inserted[id] = true;
  }
  return cache;
}
