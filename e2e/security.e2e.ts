/**
 * The Content-Security-Policy in a real browser: every page draws with it (the fixture fails
 * a test on any console error, CSP refusals included), its inline styles and scripts are
 * named by hash in its policy, and a script or style a visitor's text could smuggle in is refused.
 */
import { expect, test, visit } from './fixtures';
import { routes } from './helpers/content';

const mainPaths = [...new Set(routes.routes.map((r) => r.path))];

for (const path of mainPaths) {
  test(`${path} is served with the build's hash policy, which its own styles and scripts satisfy`, async ({ page }) => {
    const response = await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).not.toContain('nonce');
    expect(csp).toContain("frame-ancestors 'none'");
    const sources = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name)
        ?.slice(1) ?? [];
    expect(sources('script-src')).not.toContain("'unsafe-inline'");
    // Every inline script and style element of the page, as the browser holds it, is named by its hash.
    const inline = await page.evaluate(async () => {
      const hash = async (text: string) =>
        `'sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))))}'`;
      const elements = [...document.querySelectorAll('style, script:not([src])')];
      return Promise.all(elements.map(async (el) => ({ tag: el.localName, hash: await hash(el.textContent ?? '') })));
    });
    expect(inline.length).toBeGreaterThan(2);
    for (const { tag, hash } of inline) expect([tag, hash, sources(tag === 'script' ? 'script-src' : 'style-src').includes(hash)]).toEqual([tag, hash, true]);
  });
}

test.describe('what the policy refuses', () => {
  // The browser reports each refusal on the console: provoked on purpose here.
  test.use({ expectedConsoleErrors: /violates the following Content Security Policy directive/ });

  test('an inline script or style the build did not write is refused', async ({ page }) => {
    await visit(page, '/');
    const refused = await page.evaluate(
      () =>
        new Promise<{ seen: string[]; ran: boolean; red: boolean }>((resolve) => {
          const seen: string[] = [];
          let ran = false;
          let red = false;
          const done = () => resolve({ seen, ran, red });
          // The browser reports each refusal with an event: the answer once both are in.
          document.addEventListener('securitypolicyviolation', (e) => {
            seen.push(e.violatedDirective);
            if (seen.includes('script-src-elem') && seen.includes('style-src-elem')) done();
          });
          const script = document.createElement('script');
          script.textContent = 'window.__injected = true';
          document.body.append(script);
          const style = document.createElement('style');
          style.textContent = 'body { background: red }';
          document.head.append(style);
          // An inline script runs as it is added, and a style applies at once: either one let through needs no waiting for.
          ran = (window as unknown as { __injected?: boolean }).__injected === true;
          red = getComputedStyle(document.body).backgroundColor === 'rgb(255, 0, 0)';
          if (ran || red) done();
        }),
    );
    expect(refused.ran).toBe(false);
    expect(refused.red).toBe(false);
    expect(refused.seen).toEqual(expect.arrayContaining(['script-src-elem', 'style-src-elem']));
  });
});
