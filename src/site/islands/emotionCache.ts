import createCache from '@emotion/cache';

import { pageNonce } from './cspNonce';

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
 * adds new ones after them, as emotion does after hydrating its own elements.
 */
export function createEmotionCache(nonce: string | undefined = pageNonce()) {
  const prerendered =
    typeof document === 'undefined' ? [] : [...document.querySelectorAll<HTMLStyleElement>(`style[data-emotion^="${PRERENDERED_STYLES_KEY} "]`)];
  const cache = createCache({
    key: 'css',
    prepend: true,
    ...(nonce ? { nonce } : {}),
    ...(prerendered.length ? { insertionPoint: prerendered[prerendered.length - 1] } : {}),
  });
  for (const element of prerendered) {
    for (const id of (element.dataset.emotion ?? '').split(' ').slice(1)) cache.inserted[id] = true;
  }
  return cache;
}
