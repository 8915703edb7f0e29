/** Whether the small screens' menu is open: shared by its toggle and its panel (two islands, one header). */
const listeners = new Set<() => void>();
let open = false;

export const menuState = {
  get: () => open,
  set(next: boolean) {
    open = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
