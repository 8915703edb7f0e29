/**
 * Imported first by src/main.tsx, before any styling library runs: notistack's styles
 * (goober) take their CSP nonce from window.__nonce__ when their first rules are made,
 * which happens as soon as notistack's module is evaluated.
 */
import { pageNonce } from './cspNonce';

(window as Window & { __nonce__?: string }).__nonce__ = pageNonce();
