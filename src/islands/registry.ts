/**
 * The islands: the only parts of a page that run in the browser. Everything else is the HTML
 * the build wrote. Each island is a chunk of its own, loaded only by pages that show it
 * (the build reads which from this object: src/build/prerender.ts), and drawn by the same
 * component on the server (inside the page) and in the browser (src/islands/hydrate.tsx).
 *
 * `when`: 'load' hydrates once the page has painted; 'forms' waits for the forms' gate (the
 * first scroll or touch near a form: src/forms/ui/formsGate.ts).
 */
import type { ComponentProps, ComponentType } from 'react';
import type { Slots } from './Slot';

export interface IslandEntry {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island's own props, typed below by IslandProps
  load: () => Promise<{ default: ComponentType<any> }>;
  when: 'load' | 'forms';
}

export const islands = {
  menuToggle: { load: () => import('./menu/MenuToggle'), when: 'load' },
  menuPanel: { load: () => import('./menu/MenuPanel'), when: 'load' },
  faq: { load: () => import('./faq/Faq'), when: 'load' },
  carousel: { load: () => import('./carousel/Carousel'), when: 'load' },
  counter: { load: () => import('./counter/Counter'), when: 'load' },
  readMore: { load: () => import('./readMore/ReadMore'), when: 'load' },
  map: { load: () => import('./map/MapFrame'), when: 'load' },
  form: { load: () => import('../forms/ui/FormIsland'), when: 'forms' },
} satisfies Record<string, IslandEntry>;

export type IslandName = keyof typeof islands;

type ComponentOf<N extends IslandName> = Awaited<ReturnType<(typeof islands)[N]['load']>>['default'];

/** What the page gives an island (besides its slots): small values only, written into the page as JSON. */
export type IslandProps<N extends IslandName> = Omit<ComponentProps<ComponentOf<N>>, 'slots' | 'instance'>;

/**
 * What every island component receives: its props, its slots, and which of the page's islands
 * of its kind it is (0, 1, …), for ids that must be unique on the page (islands use no useId:
 * the ids React makes depend on the whole page's tree, which the browser never draws).
 */
export type IslandComponentProps<P> = P & { slots: Slots; instance: number };

export function isIslandName(name: string): name is IslandName {
  return Object.hasOwn(islands, name);
}
