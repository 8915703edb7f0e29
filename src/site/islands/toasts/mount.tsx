/** Draws the toast UI once, in a root of its own at the end of the page (notify.ts loads this on the first toast). */
import { CacheProvider } from '@emotion/react';
import { createRoot } from 'react-dom/client';
import { createEmotionCache } from '../emotionCache';
import Toasts from './Toasts';

let mounted = false;

export function mountToasts(): void {
  if (mounted) return;
  mounted = true;
  // Not a component: this runs once, in the browser, when the first toast is asked for.
  // eslint-disable-next-line no-restricted-syntax
  const host = document.createElement('div');
  host.dataset.toasts = '';
  document.body.append(host);
  createRoot(host).render(
    <CacheProvider value={createEmotionCache()}>
      <Toasts />
    </CacheProvider>,
  );
}
