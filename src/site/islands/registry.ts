/**
 * The islands: the only parts of a page that run in the browser. Everything else is the HTML
 * the build wrote. Each island is a chunk of its own, loaded only by pages that show it
 * (the build reads which from this object: src/render/viteManifest.ts), and drawn by the same
 * component on the server (inside the page) and in the browser (src/site/islands/hydrate.tsx).
 *
 * An island's code runs only once the visitor needs it (src/site/islands/triggers.ts), so a page
 * that is only read runs almost no script at all. `when`:
 * - 'interaction': the first pointer over it, touch, focus or key inside it (a click that came
 *   before the code is replayed once it has hydrated);
 * - 'visible': when it comes near the screen (the carousel, the counters, the map);
 * - 'forms': when the forms' gate opens (the first scroll or touch near a form: src/site/forms/ui/formsGate.ts).
 * `with`: islands that must be hydrated first (the menu's panel, which its toggle opens).
 * `data`: the prop that takes content too large for the page (a form's description): the server
 * draws the island with it, and the browser fetches it from the file the page names
 * (data-src, a JSON file the render wrote beside the pages) before hydrating.
 */
import type { ComponentProps, ComponentType } from 'react';

export interface IslandEntry {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island's own props, typed below by IslandProps
  load: () => Promise<{ default: ComponentType<any> }>;
  when: 'interaction' | 'visible' | 'forms';
  with?: readonly string[];
  data?: string;
}

export const islands = {
  menuToggle: { load: () => import('./menu/MenuToggle'), when: 'interaction', with: ['menuPanel'] },
  // Hydrated by its toggle (nothing in it responds on its own: its links are plain links).
  menuPanel: { load: () => import('./menu/MenuPanel'), when: 'interaction' },
  faq: { load: () => import('./faq/Faq'), when: 'interaction' },
  readMore: { load: () => import('./readMore/ReadMore'), when: 'interaction' },
  carousel: { load: () => import('./carousel/Carousel'), when: 'visible' },
  counter: { load: () => import('./counter/Counter'), when: 'visible' },
  map: { load: () => import('./map/MapFrame'), when: 'visible' },
  form: { load: () => import('../forms/ui/FormIsland'), when: 'forms', data: 'form' },
} satisfies Record<string, IslandEntry>;

export type IslandName = keyof typeof islands;

type ComponentOf<N extends IslandName> = Awaited<ReturnType<(typeof islands)[N]['load']>>['default'];

/** The prop an island takes from a file of its own (its `data`), if any. */
type DataProp<N extends IslandName> = (typeof islands)[N] extends { data: infer D extends string } ? D : never;

/** What the page gives an island (besides its slots and its data): small values only, written into the page as JSON. */
export type IslandProps<N extends IslandName> = Omit<ComponentProps<ComponentOf<N>>, 'slots' | 'instance' | DataProp<N>>;

/** An island's data: its value (drawn on the server) and the file the browser reads it from. */
export type IslandData<N extends IslandName> = [DataProp<N>] extends [never]
  ? undefined
  : { src: string; value: ComponentProps<ComponentOf<N>>[DataProp<N> & keyof ComponentProps<ComponentOf<N>>] };

export function isIslandName(name: string): name is IslandName {
  return Object.hasOwn(islands, name);
}
