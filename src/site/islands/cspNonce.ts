/**
 * The page's Content-Security-Policy nonce, as our server filled it in for this answer
 * (src/platform/cspNonce.ts): only the inbox has one; styles added in its browser carry it too.
 * The public pages have none (their policy is by hash).
 */
/** This page's nonce, as the server filled it in (undefined if there is none, as in tests). */
export function pageNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide a nonce attribute's value from getAttribute once applied; the property keeps it.
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}
