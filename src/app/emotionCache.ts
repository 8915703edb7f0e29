import createCache from '@emotion/cache';

/** A new emotion cache: one per browser page, one per server render. */
export function createEmotionCache(nonce?: string) {
  return createCache({ key: 'css', prepend: true, ...(nonce ? { nonce } : {}) });
}
