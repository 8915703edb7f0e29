/**
 * The form code (react-hook-form, yup, the renderer and its fields, the descriptions of the
 * forms) is not part of the first page load. A page shows its forms as HTML straight away;
 * their code loads when the visitor comes near a form or touches it (openFormsGate), and the
 * form islands then hydrate (src/site/main.tsx).
 */
let open: () => void = () => undefined;
const gate = new Promise<void>((resolve) => {
  open = resolve;
});

function openFormsGate(): void {
  open();
}

/** Resolves once the forms are wanted (then the page's form islands hydrate: src/site/main.tsx). */
export function formsWanted(): Promise<void> {
  return gate;
}

/** How close (in px) a form may come to the screen before its code loads. */
const NEAR_PX = 300;

/**
 * Opens the gate when the visitor scrolls and a form ([data-island="form"]) is then on or near
 * the screen, or when the visitor focuses, clicks or types inside one. A form already on
 * screen when the page opens (the home page's) waits for that first scroll or touch, so the
 * first seconds belong to the page. Works on server-rendered markup before hydration. The
 * app's script arrives after the page has painted, so the visitor may already have scrolled
 * or be inside a form when this starts watching: that counts too. Returns a function that
 * stops watching.
 */
export function watchForms(slots: Element[] = [...document.querySelectorAll('[data-island="form"]')]): () => void {
  const stop: Array<() => void> = [];
  const near = (slot: Element) => {
    const box = slot.getBoundingClientRect();
    return box.top < window.innerHeight + NEAR_PX && box.bottom > -NEAR_PX;
  };
  let frame = 0;
  const onScroll = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      if (slots.some(near)) openFormsGate();
    });
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  stop.push(() => window.removeEventListener('scroll', onScroll));

  const onTouch = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('[data-island="form"]')) openFormsGate();
  };
  for (const type of ['focusin', 'pointerdown', 'keydown'] as const) {
    document.addEventListener(type, onTouch, true);
    stop.push(() => document.removeEventListener(type, onTouch, true));
  }
  const stopAll = () => stop.splice(0).forEach((s) => s());
  void gate.then(stopAll);

  const focused = document.activeElement;
  if ((focused instanceof Element && focused.closest('[data-island="form"]')) || (window.scrollY > 0 && slots.some(near))) openFormsGate();
  return stopAll;
}
