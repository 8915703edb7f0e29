/**
 * The Content-Security-Policy nonce placeholder of the inbox (admin.html): its build writes it
 * into every script and style tag (vite.admin.config.ts `html.cspNonce`) and our server
 * replaces it with a fresh random value per answer (src/apps/server/admin/page.ts). The public pages
 * have none: their policy names their inline code by hash (src/platform/headers.ts).
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';
