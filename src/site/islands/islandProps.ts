import type { Slots } from './Slot';

/**
 * What every island component receives: its props, its slots, and which of the page's islands
 * of its kind it is (0, 1, …), for ids that must be unique on the page (islands use no useId:
 * the ids React makes depend on the whole page's tree, which the browser never draws).
 * Apart from the registry (registry.ts), which loads the components: they import this, not it.
 */
export type IslandComponentProps<P> = P & { slots: Slots; instance: number };
