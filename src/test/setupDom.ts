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

// Component tests render forms directly: their code is available at once, as on a server.
// (In the browser it loads when the visitor nears a form: src/forms/ui/formsGate.ts.)
import { openFormsGate } from '../forms/ui/formsGate';

openFormsGate();
