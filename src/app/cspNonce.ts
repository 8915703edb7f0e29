/**
 * The Content-Security-Policy nonce. The build writes PLACEHOLDER into every inline style and
 * script of a page (and into `<meta property="csp-nonce">`, vite.config.ts `html.cspNonce`);
 * our server replaces it with a fresh random value per answer and names it in the policy
 * (src/server/security.ts). Styles emotion adds in the browser carry the same value.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** This page's nonce, as the server filled it in (undefined if there is none, as in tests). */
export function pageNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide a nonce attribute's value from getAttribute once applied; the property keeps it.
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}
