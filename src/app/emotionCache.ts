import createCache from '@emotion/cache';

import { pageNonce } from './cspNonce';

/**
 * A new emotion cache: one per browser page, one per server render. Its style tags carry
 * the page's CSP nonce (the prerenderer passes the placeholder the server fills in).
 */
export function createEmotionCache(nonce: string | undefined = pageNonce()) {
  return createCache({ key: 'css', prepend: true, ...(nonce ? { nonce } : {}) });
}
