import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Scrolls the view to the top whenever the page (not just the #hash) changes. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
