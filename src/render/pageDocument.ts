/**
 * A page's HTML file: vite's index.html with the page's rendered markup and head put in, and
 * vite's script tags replaced by a small loader that starts the islands' runtime after the page's paint.
 */
import { transformSync } from 'esbuild';
import { EARLY_CLICKS } from '../site/model/earlyClicks';
import { replaceOnce } from '../schema/text';

const SCRIPT_TAG = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const ROOT = '<div id="root"></div>';
/**
 * How long after the page's load the loader waits for the browser's first contentful paint
 * before it starts the scripts anyway (a browser may report no paint: a starved or throttled one).
 */
export const PAINT_WAIT_MS = 3000;

export interface Template {
  /** index.html without its module scripts. */
  html: string;
  /** The addresses of the module scripts vite wrote into index.html (the app's entry). */
  scripts: string[];
}

export function readTemplate(indexHtml: string): Template {
  if (!indexHtml.includes(ROOT)) throw new Error(`index.html has no empty ${ROOT}: is it vite's unrendered template?`);
  const scripts = [...indexHtml.matchAll(SCRIPT_TAG)].map((m) => m[1]!);
  if (scripts.length === 0) throw new Error('index.html has no module script: did vite change how it writes them?');
  return { html: indexHtml.replace(SCRIPT_TAG, ''), scripts };
}

/**
 * The page's loader. The page reads right without any script, so the page comes first: its
 * text, pictures and largest paint get the network and the main thread to themselves. Once the
 * page has loaded, a frame has been drawn after that, the browser has reported the first
 * contentful paint, two more frames have passed (a largest paint later than the first lands
 * there: fetching scripts before it made Lighthouse's LCP on / swing between 0.90 and 1.08 s)
 * and the browser is idle (PAINT_WAIT_MS after the load if no paint is reported; at once in a
 * tab that is not visible, and at the visitor's first touch, key or pointer if that comes
 * sooner), it preloads `preload` (the code of the page's
 * islands, and React) and imports the islands' runtime (src/site/main.tsx), which hydrates each
 * island when it is needed. A click on an island that answers clicks
 * (data-when="interaction") before then is held, and the runtime replays it
 * (src/site/islands/triggers.ts): nothing the visitor does is lost, and a click on anything else
 * (a link, a form's button) does what it does without script. Inline: the page policy names
 * its hash (src/render/inlineHashes.ts).
 */
export function loaderScript(scripts: readonly string[], preload: readonly string[]): string {
  const code = `
      const held = [];
      const hold = (event) => {
        if (!event.target.closest?.('[data-when="interaction"]')) return;
        event.preventDefault();
        event.stopPropagation();
        held.push(event.target);
      };
      addEventListener('click', hold, true);
      window.${EARLY_CLICKS} = { held, stop: () => removeEventListener('click', hold, true) };
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        for (const href of ${JSON.stringify(preload)}) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
        ${scripts.map((src) => `import(${JSON.stringify(src)});`).join(' ')}
      };
      for (const type of ['pointerdown', 'touchstart', 'keydown', 'focusin']) addEventListener(type, start, { capture: true, once: true, passive: true });
      addEventListener('visibilitychange', () => document.visibilityState !== 'visible' && start());
      const idle = () => (window.requestIdleCallback ? requestIdleCallback(start, { timeout: 1000 }) : setTimeout(start, 100));
      const whenIdle = () => requestAnimationFrame(() => requestAnimationFrame(idle));
      const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
      const afterPaint = () => {
        if (painted() || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return whenIdle();
        const observer = new PerformanceObserver(() => painted() && (observer.disconnect(), whenIdle()));
        observer.observe({ type: 'paint' });
        setTimeout(start, ${PAINT_WAIT_MS});
      };
      const afterLoad = () => requestAnimationFrame(() => setTimeout(afterPaint));
      if (document.visibilityState !== 'visible') start();
      else if (document.readyState === 'complete') afterLoad();
      else addEventListener('load', afterLoad, { once: true });
    `;
  // Minified like every other script: every page carries it to every visitor.
  const minified = transformSync(code, { minify: true, format: 'esm', target: 'es2020' }).code;
  return `<script type="module">${minified.trim()}</script>`;
}

/**
 * Moving to another page of the site is a new page load: browsers that read speculation rules
 * fetch a page the visitor is about to open (a pointer resting on its link, a touch starting)
 * before the click, so it shows at once. Every page is prerendered and cached briefly.
 */
export const SPECULATION_RULES = JSON.stringify({ prefetch: [{ source: 'document', where: { href_matches: '/*' }, eagerness: 'moderate' }] });

/**
 * The whole page: the template with the page's head tags, its loader, the speculation rules and
 * its markup. The page's parts hold the editor's texts (escaped for HTML by the renderer): they are
 * put in by slicing, never as a replacement string, where `$&`, `$'` or `` $` `` would paste
 * parts of the template instead.
 */
export function pageDocument(template: Template, page: { head: string; body: string }, loader: string): string {
  const rules = `<script type="speculationrules">${SPECULATION_RULES}</script>`;
  const headed = replaceOnce(template.html, '</head>', `${page.head}\n    ${loader}\n    ${rules}\n  </head>`);
  // The root is looked for after the head: a text in the head cannot be taken for it.
  const bodyFrom = headed.indexOf('</head>') + '</head>'.length;
  return headed.slice(0, bodyFrom) + replaceOnce(headed.slice(bodyFrom), ROOT, `<div id="root">${page.body}</div>`);
}
