/**
 * Where a page places an island (src/site/islands/registry.ts) on the server: the island's own
 * component drawn inside an element that names it and carries its props as JSON, which the
 * browser hydrates (src/site/islands/hydrate.tsx). Slots are parts of the island drawn here only,
 * with MUI like the rest of the page (src/site/islands/Slot.tsx). The element itself is never drawn
 * again in the browser, so it may be styled with MUI's sx.
 */
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { createContext, useContext, type ReactNode } from 'react';
import { loadedIsland } from '../islands/loaded';
import { islands, type IslandData, type IslandEntry, type IslandName, type IslandProps } from '../islands/registry';

/** The islands a page draws, counted by name (the server renderer gives each page its own). */
export const IslandsOnPage = createContext<Map<IslandName, number> | null>(null);

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
  return (
    <Box component={as} data-island={name} data-when={entry.when} data-instance={instance} data-props={JSON.stringify(props)} data-src={data?.src} sx={sx}>
      <Component {...props} {...withData} slots={slots} instance={instance} />
    </Box>
  );
}
