/**
 * axe-core on a page at rest, for every browser test that checks a screen: one line per rule
 * broken, with its elements, so that a failure says what to mend and where. It waits for the
 * page's transitions to end first (animationsDone): a menu still fading in has colours that are
 * not its own yet, which axe would report as too little contrast.
 *
 * Only the violations are reported in detail (axe's `resultTypes`): what passed or could not be
 * decided is counted, not described, which spares a few hundred milliseconds of a busy machine's
 * time per check and changes nothing of what is checked (every rule still runs on every element).
 *
 * axe runs in the page itself, its frames reached through axe's own messages (AxeBuilder's legacy
 * mode), rather than in each frame apart with the results put together in a blank page opened for
 * it (the default since @axe-core/playwright 4.5, made for frames of other sites). Each check
 * then costs one copy of axe and no extra page: 0.84 s of the machine's time instead of 1.4 s
 * (20 checks of the public pages, measured side by side). The findings are the same (every rule
 * on every page of the site and the inbox's first screen, and a frame of the page's own origin
 * with faults in it: the same violations, incomplete and passed rules). A frame of another site
 * would be left out: the browser tests' pages have none (every other host resolves to nothing).
 *
 * axe's source is put in a page once (putAxeIn): in the page itself and in the frames axe's run
 * reaches (the editor's preview frame, left out of its checks, is not one), and only where it is
 * not there yet. AxeBuilder puts it in every check, twice in the page (once before asking which
 * of its ways to run, once with the frames), and in every frame: about 0.05 s of the machine's
 * time each time again, 0.1 s the first time in a frame. A check of a page checked before runs
 * the axe already in it, as one injected anew would run (axe keeps nothing of a run for the
 * next: its caches are emptied at each run's end). The findings are the same as AxeBuilder's own
 * injection gave, word for word: a page with faults in it and in two frames, one inside the
 * other, with and without the frames left out, checked again after two faults mended and one
 * added, then another page. A run of ten loads of the public pages, each checked twice: 8.1 to
 * 8.3 s of the machine's time in all, against 9.5.
 */
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Frame, Page } from '@playwright/test';
import { animationsDone, expect } from '../base';

/** WCAG 2.1 A and AA, and axe's best practices: the public pages' and the inbox's rule set. */
export const WCAG21_AND_BEST_PRACTICE = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The content editor's screens: all of axe's rules, its preview frame left out (the site's own page, checked by e2e/a11y.e2e.ts). */
export const EDITOR_SCREEN: AxeScope = { exclude: ['iframe'] };

export interface AxeScope {
  /** Only the rules with one of these tags; every rule axe runs by default when not given. */
  tags?: string[];
  /** CSS selectors of what is left out (the editor's preview frame: the site's own page, checked by e2e/a11y.e2e.ts). */
  exclude?: string[];
}

/** axe-core's source: the copy AxeBuilder itself would put in the page. */
const AXE_SOURCE = (createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }).source;

/**
 * What AxeBuilder evaluates in the page, and in each frame, as axe's source: a check that axe is
 * there (putAxeIn put it), which fails the check in the page itself when it is not, and costs
 * nothing where it is. AxeBuilder then configures the axe of each frame and runs the page's.
 */
const AXE_IN_PLACE = 'if (typeof window.axe !== "object") throw new Error("axe is not in this frame")';

/** The axe-core of a page or frame's window (`axe.utils`: the frames a run reaches, and how to find them). */
interface AxeInPage {
  utils: {
    getFrameContexts(context: unknown): { frameSelector: unknown; frameContext: unknown }[];
    shadowSelect(selector: unknown): Element | null;
  };
}
declare global {
  interface Window {
    axe?: AxeInPage;
  }
}

/**
 * Puts axe's source in `frame` unless it is there already, then in each frame of it that a run of
 * `context` reaches (axe's own list of them, as AxeBuilder's runPartial mode finds them), and so on
 * down. A frame that cannot be reached (gone, or of another site) is left as AxeBuilder leaves it.
 */
async function putAxeIn(frame: Frame, context: unknown): Promise<void> {
  if (!(await frame.evaluate(() => typeof window.axe === 'object'))) await frame.evaluate(AXE_SOURCE);
  const inner = await frame.evaluate((c) => window.axe!.utils.getFrameContexts(c), context);
  for (const { frameSelector, frameContext } of inner) {
    try {
      const element = (await frame.evaluateHandle((selector) => window.axe!.utils.shadowSelect(selector), frameSelector)).asElement();
      const child = await element?.contentFrame();
      if (child) await putAxeIn(child, frameContext);
    } catch {
      // Not reached: axe's run finds no axe there, as when AxeBuilder's own injection fails.
    }
  }
}

/** What axe finds on the page once at rest: one line per rule broken (its id, impact and help), then its elements. */
async function axeFindings(page: Page, { tags, exclude = [] }: AxeScope = {}): Promise<string[]> {
  await animationsDone(page);
  // AxeBuilder's own context for axe.run (normalizeContext): what it includes, what it leaves out.
  await putAxeIn(page.mainFrame(), { include: [], exclude });
  let builder = new AxeBuilder({ page, axeSource: AXE_IN_PLACE }).options({ resultTypes: ['violations'] }).setLegacyMode();
  if (tags) builder = builder.withTags(tags);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) =>
      `${v.id} [${v.impact}] ${v.help} (${v.helpUrl})\n` +
      v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`).join('\n'),
  );
}

/**
 * Fails the test, naming `where`, with axe's findings when it finds anything on the page at rest.
 * A finding is asked again once, the page at rest again, before the test fails: the browser tests
 * share one server, and another test's change can reach a screen by its live updates while axe
 * reads it (a lead marked read elsewhere: its status chip fades from filled to outlined, and axe
 * met the dark text on the blue still fading out). What is still found on the page at rest is
 * reported; a real fault is found both times.
 */
export async function expectNoAxeFindings(page: Page, where: string, scope: AxeScope = {}): Promise<void> {
  const first = await axeFindings(page, scope);
  expect(first.length ? await axeFindings(page, scope) : first, `axe on ${where}`).toEqual([]);
}
