/**
 * Set-up for component tests (jsdom): Testing Library's matchers and waits, and what jsdom lacks
 * but the code uses unguarded: TextEncoder/TextDecoder (react-router reads them when it
 * loads) and `window.matchMedia` (the team carousel asks how many slides fit).
 */
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// findBy… and waitFor wait for the page to change (they look again on each change of the DOM):
// their bound only ends a wait for what never comes. Testing Library's 1 s is shorter than a
// busy machine takes to load a lazy part (the toast UI, a select's menu) and failed such tests.
// Jest's limit of a test (jest.config.ts) still stops what hangs.
configure({ asyncUtilTimeout: 30_000 });

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
