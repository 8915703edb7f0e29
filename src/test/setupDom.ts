/**
 * Set-up for component tests (jsdom): Testing Library's matchers, and what jsdom lacks
 * but the code uses unguarded: TextEncoder/TextDecoder (react-router reads them when it
 * loads) and `window.matchMedia` (the team carousel asks how many slides fit).
 */
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  /** Answers (min-width: Npx) and (max-width: Npx) from the window's width; anything else does not match. */
  const evaluate = (query: string): boolean => {
    const width = window.innerWidth;
    const parts = [...query.matchAll(/\((min|max)-width:\s*(\d+)px\)/g)];
    if (parts.length === 0) return false;
    return parts.every(([, kind, px]) => (kind === 'min' ? width >= Number(px) : width <= Number(px)));
  };
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      media: query,
      matches: evaluate(query),
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// The build's choice of data adapter (vite.config.ts defines it): component tests use our own server's.
Object.assign(globalThis, { __DATA_ADAPTER__: 'local' });
