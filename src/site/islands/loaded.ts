/**
 * The island components once loaded, for drawing them inside a page on the server (and in
 * tests): the renderer loads them all first (loadIslands), then draws without waiting.
 */
import type { ComponentType } from 'react';
import { islands, type IslandName } from './registry';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry types each island's props
const loaded = new Map<IslandName, ComponentType<any>>();

export async function loadIslands(names: readonly IslandName[] = Object.keys(islands) as IslandName[]): Promise<void> {
  await Promise.all(names.map(async (name) => loaded.set(name, (await islands[name].load()).default)));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export function loadedIsland(name: IslandName): ComponentType<any> {
  const component = loaded.get(name);
  if (!component) throw new Error(`The island "${name}" was drawn before loadIslands() loaded it.`);
  return component;
}
