/**
 * Hydrates one island (src/site/islands/triggers.ts decides when): its component
 * (src/site/islands/registry.ts), its props from the page, and its slots as the HTML the server
 * wrote (Slot.tsx), in a React root of its own. React and emotion come with this module: a
 * page nobody touches never runs them.
 */
import { CacheProvider } from '@emotion/react';
import type { EmotionCache } from '@emotion/cache';
import { hydrateRoot } from 'react-dom/client';
import site from '../model/builtSettings';
import { createEmotionCache } from './emotionCache';
import { reportRecoverableError } from './hydrationErrors';
import { islands, isIslandName, type IslandEntry } from './registry';
import { slotsIn } from './Slot';
import { withTimeout } from './withTimeout';

let cache: EmotionCache | undefined;
/** The data files fetched (one request per file, whatever the islands that read it). */
const files = new Map<string, Promise<unknown>>();

function dataFile(src: string): Promise<unknown> {
  let file = files.get(src);
  if (!file) {
    file = fetch(src).then((answer) => {
      if (!answer.ok) throw new Error(`${src} answered ${answer.status}`);
      return answer.json() as Promise<unknown>;
    });
    // A failure is tried again at the next touch.
    file.catch(() => files.delete(src));
    files.set(src, file);
  }
  return file;
}

/** Hydrates the island drawn in `element`; resolves once React has it (at once if it already has). */
export async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? '';
  if (!isIslandName(name) || element.dataset.hydrated) return;
  element.dataset.hydrated = 'loading';
  const island: IslandEntry = islands[name];
  try {
    // Island scripts load on demand, within the specification's time limit for page scripts.
    const src = island.data ? element.dataset.src : undefined;
    const [{ default: Component }, data] = await withTimeout(
      Promise.all([island.load(), src ? dataFile(src) : undefined]),
      site.constants.pageLoadTimeoutMs,
      `The ${name} island`,
    );
    const props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>;
    if (island.data && src) props[island.data] = data;
    cache ??= createEmotionCache();
    hydrateRoot(
      element,
      <CacheProvider value={cache}>
        <Component {...props} slots={slotsIn(element)} instance={Number(element.dataset.instance ?? 0)} />
      </CacheProvider>,
      { onRecoverableError: reportRecoverableError },
    );
    element.dataset.hydrated = 'true';
  } catch (error) {
    // The part keeps working as plain HTML (links, the page's text); the next touch tries again.
    console.error(`Could not start the ${name} island:`, error);
    delete element.dataset.hydrated;
  }
}
