/**
 * The browser's side of the islands: each [data-island] element of the page is hydrated with its
 * island's component (src/islands/registry.ts), its props from the page, and its slots as the
 * HTML the server wrote (Slot.tsx). Each is a React root of its own, hydrated in a task of its
 * own, so the page never waits on one long piece of script.
 */
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { hydrateRoot } from 'react-dom/client';
import site from '../../config/site';
import { reportRecoverableError } from './hydrationErrors';
import { islands, isIslandName, type IslandEntry } from './registry';
import { slotsIn } from './Slot';
import { withTimeout } from './withTimeout';

/** A pause in which the browser can handle input and paint. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Hydrates the page's islands that wait for `when` (each once); resolves when all are done. */
export async function hydrateIslands(when: 'load' | 'forms', cache: EmotionCache): Promise<void> {
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island ?? '';
    if (!isIslandName(name) || element.dataset.hydrated) continue;
    const island: IslandEntry = islands[name];
    if (island.when !== when) continue;
    element.dataset.hydrated = 'loading';
    try {
      // Island scripts load on demand, within the specification's time limit for page scripts.
      const { default: Component } = await withTimeout(island.load(), site.constants.pageLoadTimeoutMs, `The ${name} island`);
      const props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>;
      hydrateRoot(
        element,
        <CacheProvider value={cache}>
          <Component {...props} slots={slotsIn(element)} instance={Number(element.dataset.instance ?? 0)} />
        </CacheProvider>,
        { onRecoverableError: reportRecoverableError },
      );
      element.dataset.hydrated = 'true';
    } catch (error) {
      // The part keeps working as plain HTML (links, the page's text); the rest of the page goes on.
      console.error(`Could not start the ${name} island:`, error);
      delete element.dataset.hydrated;
    }
    await pause();
  }
}
