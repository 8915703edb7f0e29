/**
 * The Content-Security-Policy in a real browser: every page draws with it (the fixture fails
 * a test on any console error, CSP refusals included), its styles and scripts carry the
 * answer's nonce, and a script or style a visitor's text could smuggle in is refused.
 */
import { expect, routes, test, visit } from './fixtures';

const mainPaths = [...new Set(routes.routes.map((r) => r.path))];

for (const path of mainPaths) {
  test(`${path} is served with a nonce policy that its own styles and scripts satisfy`, async ({ page }) => {
    const response = await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const csp = response?.headers()['content-security-policy'] ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    // The browser hides nonce attributes; the property keeps the value.
    const nonces = await page.evaluate(() => [...document.querySelectorAll('style, script:not([type="application/ld+json"])')].map((el) => (el as HTMLElement).nonce));
    expect(nonces.length).toBeGreaterThan(2);
    expect(new Set(nonces)).toEqual(new Set([nonce]));
  });
}

test.describe('what the policy refuses', () => {
  // The browser reports each refusal on the console: provoked on purpose here.
  test.use({ expectedConsoleErrors: /violates the following Content Security Policy directive/ });

  test('an inline script or style without the nonce is refused', async ({ page }) => {
  await visit(page, '/');
  const refused = await page.evaluate(async () => {
    const seen: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.violatedDirective));
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    const style = document.createElement('style');
    style.textContent = 'body { background: red }';
    document.head.append(style);
    await new Promise((r) => setTimeout(r, 100));
    return { seen, ran: (window as unknown as { __injected?: boolean }).__injected === true, red: getComputedStyle(document.body).backgroundColor === 'rgb(255, 0, 0)' };
  });
  expect(refused.ran).toBe(false);
  expect(refused.red).toBe(false);
  expect(refused.seen).toEqual(expect.arrayContaining(['script-src-elem', 'style-src-elem']));
});
});
