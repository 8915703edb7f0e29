/**
 * Clicks on an island before the islands' runtime has started: the page's loader
 * (src/render/pageDocument.ts) holds them under this name on `window`, and the runtime
 * (src/site/islands/triggers.ts) replays them once the island has hydrated. Only the name lives
 * here (the build writes it into the loader); the shape is the browser's, in triggers.ts.
 */
export const EARLY_CLICKS = '__earlyIslandClicks';
