/**
 * Clicks on an island before the islands' runtime has started: the page's loader
 * (src/build/pageDocument.ts) holds them under this name on `window`, and the runtime
 * (src/islands/triggers.ts) replays them once the island has hydrated.
 */
export const EARLY_CLICKS = '__earlyIslandClicks';

export interface EarlyClicks {
  /** The elements clicked, in order. */
  held: Element[];
  /** Stops holding clicks (the runtime answers them from now on). */
  stop: () => void;
}
