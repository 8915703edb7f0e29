/**
 * Reading a screen's state again while it is changing on the server by itself (a newsletter being
 * sent): soon after it starts, then twice as late each time, at most `maxMilliseconds` apart, so a
 * short job shows its end at once and a long one is not asked about more than it needs. Stops
 * when `active` turns false or the screen goes.
 */
import { useEffect, useRef } from 'react';

export interface RefreshSettings {
  firstMilliseconds: number;
  maxMilliseconds: number;
}

export function useRefreshWhile(active: boolean, read: () => Promise<unknown>, { firstMilliseconds, maxMilliseconds }: RefreshSettings): void {
  // The newest `read` is called, without starting the timers again when it changes.
  const latest = useRef(read);
  latest.current = read;
  useEffect(() => {
    if (!active) return;
    let delay = firstMilliseconds;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const next = () => {
      timer = setTimeout(() => {
        void latest
          .current()
          .catch(() => undefined)
          .then(() => {
            if (stopped) return;
            delay = Math.min(delay * 2, maxMilliseconds);
            next();
          });
      }, delay);
    };
    next();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, firstMilliseconds, maxMilliseconds]);
}
