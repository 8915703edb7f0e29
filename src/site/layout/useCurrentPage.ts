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

/** The main address of the page being shown (an article's own), or undefined outside the site's pages (the error page). */
export function useCurrentAddress(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.canonical) return handle.canonical;
  }
  return undefined;
}
