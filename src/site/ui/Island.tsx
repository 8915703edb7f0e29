/**
 * Where a page places an island (src/site/islands/registry.ts) on the server: the island's own
 * component drawn inside an element that names it and carries its props as JSON, which the
 * browser hydrates (src/site/islands/hydrate.tsx). Slots are parts of the island drawn here only,
 * with MUI like the rest of the page (src/site/islands/Slot.tsx). The element itself is never drawn
 * again in the browser, so it may be styled with MUI's sx.
 */
import { CacheProvider, __unsafe_useEmotionCache as useEmotionCache, type EmotionCache } from '@emotion/react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { createContext, useContext, type ReactNode } from 'react';
import { loadedIsland } from '../islands/loaded';
import { islands, type IslandData, type IslandEntry, type IslandName, type IslandProps } from '../islands/registry';

/** The islands a page draws, counted by name (the server renderer gives each page its own). */
export const IslandsOnPage = createContext<Map<IslandName, number> | null>(null);

/**
 * The names of the emotion styles the islands' own code asks for while drawn (the server renderer
 * gives each page its own): the browser's code draws the same, so these are the only styles of
 * the page it could insert again, and the page lists them (src/site/entry-server.tsx).
 */
export const IslandStyles = createContext<Set<string> | null>(null);

/**
 * `cache` as the island's own code sees it: emotion asks whether a style is in the cache
 * (`inserted`) each time a component draws it, inserted before or not, and each name asked
 * for is noted in `asked`. Its writes go to `cache` itself.
 */
function askingCache(cache: EmotionCache, asked: Set<string>): EmotionCache {
  const inserted = new Proxy(cache.inserted, {
    get(target, name, receiver) {
      if (typeof name === 'string') asked.add(name);
      return Reflect.get(target, name, receiver) as unknown;
    },
  });
  return { ...cache, inserted };
}

export function Island<N extends IslandName>({
  name,
  props,
  data,
  slots = {},
  as = 'div',
  sx,
}: {
  name: N;
  props: IslandProps<N>;
  /** Its data (registry.ts `data`), for an island that takes some. */
  data?: IslandData<N>;
  slots?: Record<string, ReactNode>;
  /** 'span' inside text (a counter in a paragraph). */
  as?: 'div' | 'span';
  sx?: SxProps<Theme>;
}) {
  const counts = useContext(IslandsOnPage);
  const instance = counts?.get(name) ?? 0;
  counts?.set(name, instance + 1);
  const Component = loadedIsland(name);
  const entry: IslandEntry = islands[name];
  const withData = entry.data && data ? { [entry.data]: data.value } : {};
  // The island's code draws with a cache that notes the styles it asks for; its slots, drawn
  // here only, with the page's.
  const cache = useEmotionCache();
  const asked = useContext(IslandStyles);
  let island = <Component {...props} {...withData} slots={slots} instance={instance} />;
  if (cache && asked) {
    const pageSlots = Object.fromEntries(Object.entries(slots).map(([slot, content]) => [slot, <CacheProvider value={cache}>{content}</CacheProvider>]));
    island = (
      <CacheProvider value={askingCache(cache, asked)}>
        <Component {...props} {...withData} slots={pageSlots} instance={instance} />
      </CacheProvider>
    );
  }
  return (
    <Box component={as} data-island={name} data-when={entry.when} data-instance={instance} data-props={JSON.stringify(props)} data-src={data?.src} sx={sx}>
      {island}
    </Box>
  );
}
