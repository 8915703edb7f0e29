/**
 * When each island of the page hydrates (its `when` in src/site/islands/registry.ts). This runs with
 * the page and loads no React: the island's code, and React with it, load on the trigger.
 */
import { EARLY_CLICKS } from '../model/earlyClicks';
import { islands, isIslandName, type IslandEntry } from './registry';

/** How close (in px) an island that waits to be seen may come to the screen before it starts. */
const NEAR_PX = 300;

/** What the page's loader holds under EARLY_CLICKS on `window`. */
interface EarlyClicks {
  /** The elements clicked, in order. */
  held: Element[];
  /** Stops holding clicks (the runtime answers them from now on). */
  stop: () => void;
}

type Hydrate = (element: HTMLElement) => Promise<void>;

const entryOf = (element: HTMLElement): IslandEntry | undefined => {
  const name = element.dataset.island ?? '';
  return isIslandName(name) ? islands[name] : undefined;
};

const islandElements = (name?: string) => [...document.querySelectorAll<HTMLElement>(name ? `[data-island="${name}"]` : '[data-island]')];

/** Hydrates an island, after the islands it needs (`with`). */
function starter(hydrate: Hydrate) {
  const started = new Map<HTMLElement, Promise<void>>();
  const start = (element: HTMLElement): Promise<void> => {
    let running = started.get(element);
    if (!running) {
      const needed = (entryOf(element)?.with ?? []).flatMap((name) => islandElements(name));
      running = Promise.all(needed.map(start)).then(() => hydrate(element));
      started.set(element, running);
    }
    return running;
  };
  return start;
}

/** The same click again, on the element clicked (an icon inside a button, say), once React listens. */
const replayClick = (target: Element) => target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));

/** The first touch, pointer, focus or key inside: hydrate. A click before then is held and replayed after. */
function onInteraction(element: HTMLElement, start: (element: HTMLElement) => Promise<void>) {
  const triggers = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
  const begin = () => void start(element).then(stop);
  const holdClick = (event: Event) => {
    if (element.dataset.hydrated === 'true') return;
    event.preventDefault();
    event.stopPropagation();
    const target = event.target instanceof Element ? event.target : element;
    void start(element).then(() => replayClick(target));
  };
  const stop = () => {
    for (const type of triggers) element.removeEventListener(type, begin, true);
    element.removeEventListener('click', holdClick, true);
  };
  for (const type of triggers) element.addEventListener(type, begin, { capture: true, passive: true });
  element.addEventListener('click', holdClick, true);
}

/** Starts watching every island of the page; `formsWanted` resolves when the forms' gate opens. */
export function watchIslands(hydrate: Hydrate, formsWanted: Promise<void>): void {
  const start = starter(hydrate);
  const near =
    typeof IntersectionObserver === 'undefined'
      ? undefined
      : new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              near?.unobserve(entry.target);
              void start(entry.target as HTMLElement);
            }
          },
          { rootMargin: `${NEAR_PX}px` },
        );
  const forms: HTMLElement[] = [];
  for (const element of islandElements()) {
    const when = entryOf(element)?.when;
    if (when === 'interaction') onInteraction(element, start);
    else if (when === 'visible') {
      if (near) near.observe(element);
      else void start(element);
    } else if (when === 'forms') forms.push(element);
  }
  void formsWanted.then(() => forms.reduce((done, element) => done.then(() => start(element)), Promise.resolve()));

  // Clicks the page's loader held before this ran (src/render/pageDocument.ts): answered now.
  const early = (window as unknown as Record<string, EarlyClicks | undefined>)[EARLY_CLICKS];
  early?.stop();
  for (const target of early?.held.splice(0) ?? []) {
    const island = target.closest<HTMLElement>('[data-island]');
    if (island) void start(island).then(() => replayClick(target));
  }
}
