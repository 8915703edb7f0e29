/**
 * A handler that keeps its identity across draws and calls the latest function given: for a part
 * drawn once (a memoised bar, a data grid's columns) whose handler changes with the view (a search
 * typed, the rows ticked), read when it is pressed, so that the part is never drawn anew under a click.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useStableHandler<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  }, [handler]);
  return useCallback((...args: A) => latest.current(...args), []);
}
