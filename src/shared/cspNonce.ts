/**
 * The Content-Security-Policy nonce placeholder. The build writes it into every inline style
 * and script of a page (emotion's critical CSS, the router's data, the loader; vite.config.ts
 * `html.cspNonce` for vite's own tags); our server replaces it with a fresh random value per
 * answer and names that value in the policy (src/server/security.ts). In the browser,
 * src/app/cspNonce.ts reads the value back for the styles added later.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';
