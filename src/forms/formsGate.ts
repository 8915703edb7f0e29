/**
 * The form code (react-hook-form, yup, the renderer and its fields) is not part of the first
 * page load. A prerendered page shows its forms as HTML straight away; their code loads when
 * the visitor comes near a form or touches it (openFormsGate), and React then hydrates them.
 */
let open: () => void = () => undefined;
const gate = new Promise<void>((resolve) => {
  open = resolve;
});

export function openFormsGate(): void {
  open();
}

export function loadFormRenderer() {
  return gate.then(() => import('./FormRenderer')).then((module) => ({ default: module.FormRenderer }));
}

/** How close (in px) a form may come to the screen before its code loads. */
const NEAR = '300px';

/**
 * Opens the gate when an element holding a form ([data-form-slot]) comes near the screen
 * as the visitor scrolls, or when the visitor focuses, clicks or types inside one. Works on server-rendered markup
 * before hydration. Returns a function that stops watching.
 */
export function watchForms(slots: Element[] = [...document.querySelectorAll('[data-form-slot]')]): () => void {
  const stop: Array<() => void> = [];
  if (typeof IntersectionObserver !== 'undefined' && slots.length > 0) {
    // A form already on screen when the page opens (the home page's) loads when touched, so
    // the first seconds belong to the page; a form the visitor scrolls towards loads on its way.
    const onScreenAtStart = new Set<Element>();
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (first && entry.isIntersecting) onScreenAtStart.add(entry.target);
          else if (entry.isIntersecting && !onScreenAtStart.has(entry.target)) openFormsGate();
        }
        first = false;
      },
      { rootMargin: NEAR },
    );
    slots.forEach((slot) => observer.observe(slot));
    stop.push(() => observer.disconnect());
  }
  const onTouch = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('[data-form-slot]')) openFormsGate();
  };
  for (const type of ['focusin', 'pointerdown', 'keydown'] as const) {
    document.addEventListener(type, onTouch, true);
    stop.push(() => document.removeEventListener(type, onTouch, true));
  }
  const stopAll = () => stop.splice(0).forEach((s) => s());
  void gate.then(stopAll);
  return stopAll;
}
