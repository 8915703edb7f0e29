/**
 * The time the inbox tells its waits against ("waiting 3 minutes", "last active 2 hours ago"):
 * one clock for every screen of the inbox, moved every TICK_MS while something shows a wait, so
 * the words run on a tab left open, not only when something else on the page changes. No timer
 * runs while nothing listens.
 */
import { useSyncExternalStore } from 'react';

/** Half a minute: the words are in minutes at their finest. */
export const TICK_MS = 30_000;

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const tell of listeners) tell();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The inbox's clock now (milliseconds): a component that shows a wait draws again as it moves. */
export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}
