/**
 * Every page's islands hydrate without a mismatch. React recovers from a mismatch by redrawing
 * that island in the browser (a flash, and wasted work) and reports it through hydrateRoot's
 * onRecoverableError, which is logged as "Hydration problem: …" (src/site/islands/hydrationErrors.ts).
 * A page is hydrated completely (e2e/helpers/hydrate.ts): its islands (their code loads after
 * the page has painted), then its forms (their code loads on the first scroll). The same visit
 * checks that the browser refuses nothing of the page under its policy (CSP), with everything on
 * it hydrated (the islands' runtime styles, the toasts' included): how the policy is made is
 * e2e/pages-files.e2e.ts's.
 *
 * Each page's main address is hydrated in e2e/a11y.e2e.ts, in the visit that checks it with axe
 * at 1280 px. Its other addresses (config/routes.ts aliases) answer the same bytes, checked here
 * over HTTP; the unknown address's page is hydrated here.
 */
import type { Page } from '@playwright/test';
import { HYDRATION_ERROR_PREFIX } from '../src/site/islands/hydrationErrors';
import { animationsDone, expect, NOT_FOUND_STATUS_MESSAGE, test, visit } from './fixtures';
import { addresses, mainPaths } from './helpers/content';
import { field, formOf, messageOf, submitButton } from './helpers/forms';
import { hydrateFully, recordViolations } from './helpers/hydrate';

test("every other address of a page (an alias) answers its main address's bytes, which are hydrated in a11y.e2e.ts", async ({ request }) => {
  const aliases = addresses.filter((a) => !mainPaths.some((m) => m.path === a.path));
  expect(aliases.length).toBeGreaterThan(0);
  const body = async (path: string) => {
    const answer = await request.get(path, { maxRedirects: 0 });
    return { status: answer.status(), type: answer.headers()['content-type'], body: await answer.text() };
  };
  for (const alias of aliases) {
    const main = mainPaths.find((m) => m.page === alias.page)!;
    const [got, expected] = await Promise.all([body(alias.path), body(main.path)]);
    expect(expected.status, main.path).toBe(200);
    expect(got, `${alias.path} answers what ${main.path} answers`).toEqual(expected);
  }
});

test.describe('an unknown address', () => {
  // Answered with status 404 (the fallback page), which the browser notes in its console.
  test.use({ expectedConsoleErrors: NOT_FOUND_STATUS_MESSAGE });
  test('/no-such-page hydrates without a mismatch, and the browser refuses nothing of it', async ({ page }) => {
    const violations = await recordViolations(page);
    expect(await hydrateFully(page, '/no-such-page')).toEqual([]);
    expect(await violations()).toEqual([]);
  });
});

/** Holds back the scripts whose address matches until the returned function is called. */
async function holdScripts(page: Page, address: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(address, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('what a visitor typed into a form before its code arrived is kept (the browser and the server agree on the ids)', async ({ page }) => {
  // The form's code waits until the visitor has typed.
  const release = await holdScripts(page, /\/assets\/FormIsland-[^/]*\.js$/);
  await visit(page, '/Contact');
  const form = formOf(page, 'contact');
  await field(form, 'Fullname').fill('Typed Early');
  await expect(form).not.toHaveAttribute('data-interactive');
  release();
  await expect(form).toHaveAttribute('data-interactive', 'true');
  await expect(field(form, 'Fullname')).toHaveValue('Typed Early');
  // The form knows the name: its first failing check is no longer the name's.
  await submitButton(form).click();
  await expect(form.getByRole('alert')).toHaveCount(1);
  await expect(form.getByRole('alert')).not.toHaveText(messageOf('contact', 'Fullname'));
});

test("a visitor already typing in a form when the app starts gets the form's code without another touch", async ({ page }) => {
  // The page's script waits until the visitor is in the form (it arrives after the first paint).
  const release = await holdScripts(page, /\/assets\/index-[^/]*\.js$/);
  await page.goto('/Contact');
  const form = formOf(page, 'contact');
  await field(form, 'Fullname').fill('Early Bird');
  await expect(page.locator('html')).not.toHaveAttribute('data-app', 'started');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'started');
  // No scroll, click or key since: the focus alone opens the forms' code.
  await expect(form).toHaveAttribute('data-interactive', 'true');
  await expect(field(form, 'Fullname')).toHaveValue('Early Bird');
  await expect(field(form, 'Fullname')).toBeFocused();
});

test("a field's label rises in CSS alone before the form's code arrives, and nothing moves when the form hydrates", async ({ page }) => {
  const release = await holdScripts(page, /\/assets\/FormIsland-[^/]*\.js$/);
  await visit(page, '/Contact');
  const form = formOf(page, 'contact');
  const label = form.locator('label[for$="-Fullname"]');
  /** Where the label is and how it looks, once its move (a CSS transition) is over; and where the form's parts are. */
  const look = async () => {
    await animationsDone(page);
    return label.evaluate((element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      const form = element.closest('form')!;
      const parts = [...form.querySelectorAll('input:not([type=hidden]), textarea, select, label, fieldset, button')].map((part) => {
        const r = part.getBoundingClientRect();
        return [r.x, r.y, r.width, r.height].map(Math.round).join(',');
      });
      return { top: Math.round(box.top), height: Math.round(box.height), color: style.color, parts };
    });
  };
  const resting = await look();
  await field(form, 'Fullname').fill('Typed Early');
  const raised = await look();
  expect(raised.top, 'the label moved up into the outline').toBeLessThan(resting.top - 15);
  expect(raised.height, 'the label shrank').toBeLessThan(resting.height);
  expect(raised.color, 'the label of the focused field is in the primary colour').not.toBe(resting.color);
  await expect(form).not.toHaveAttribute('data-interactive');
  release();
  await expect(form).toHaveAttribute('data-interactive', 'true');
  expect(await look(), 'the same look once hydrated').toEqual(raised);
  // Filled but no longer focused: still raised, in the label's resting colour.
  await field(form, 'Company').focus();
  const filled = await look();
  expect(filled.top).toBe(raised.top);
  expect(filled.color).toBe(resting.color);
});

test.describe('the check itself', () => {
  test.use({ expectedConsoleErrors: new RegExp(`^${HYDRATION_ERROR_PREFIX}`) });

  test('an island whose HTML differs from what the browser draws is reported', async ({ page }) => {
    // The server's HTML with another number in the first counter (drawn by an island, from its target): React must notice.
    let target = '';
    await page.route('**/About-us', async (route) => {
      const response = await route.fetch();
      const served = await response.text();
      target = /data-target="(\d+)">\1/.exec(served)?.[1] ?? '';
      expect(target).not.toBe('');
      const html = served.replace(`data-target="${target}">${target}`, `data-target="${target}">${target}9`);
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !/^content-(encoding|length)$/i.test(name)));
      await route.fulfill({ response, body: html, headers });
    });
    const problems = await hydrateFully(page, '/About-us');
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/^Hydration problem: .*did not match/);
    // React redrew the island from its own code: the counter ends on its own number.
    await expect(page.getByTestId('counter').first()).toHaveText(new RegExp(`^${target}\\D*$`));
  });
});
