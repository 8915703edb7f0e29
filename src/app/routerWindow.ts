/**
 * The window React Router works with (createBrowserRouter's `window` option): the page's own,
 * except for sessionStorage.
 *
 * When it starts, the router reads sessionStorage to restore the view transitions of earlier
 * visits. This site uses no view transitions, so there is never anything to restore; but a
 * page's first use of sessionStorage is a synchronous request to the browser process, and
 * during start-up, with the browser busy loading the page, that request blocked the main
 * thread for up to 80 ms on the 2-core development machine (usually 1-5 ms). So the router's
 * reads find nothing, and its writes (only ever made after a navigation with a view
 * transition) go to the real sessionStorage.
 */
export function windowForRouter(): Window {
  const storage: Pick<Storage, 'getItem' | 'setItem'> = {
    getItem: () => null,
    setItem: (key, value) => window.sessionStorage.setItem(key, value),
  };
  return new Proxy(window, {
    get(target, key) {
      if (key === 'sessionStorage') return storage;
      const value: unknown = Reflect.get(target, key, target);
      // Window methods (addEventListener, …) must be called on the window itself.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
