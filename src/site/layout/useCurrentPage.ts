import { useMatches } from 'react-router-dom';
import type { PageId, RouteHandle } from '../model/routing';

/** The page being shown (the same for a page's main path and its aliases). */
export function useCurrentPage(): PageId | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.page) return handle.page;
  }
  return undefined;
}
