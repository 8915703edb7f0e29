/**
 * The pages the confirmation link opens, drawn by our server (they answer one token, so no
 * build writes them): a small HTML page in the site's look (its logo, colours and the system
 * fonts its pages use), its words from config/site.ts newsletter. Nothing runs in it; its one
 * style element carries the answer's nonce, and its policy allows that, the site's own pictures
 * and posting its form back to this server, nothing else. Never indexed, never kept by a cache
 * (the API's addresses: src/apps/server/app.ts), and no Referer (its address holds the token) leaves
 * for another site.
 */
import { escapeHtmlAttribute, escapeHtmlText } from '../../schema/text';
import type { SiteConfig } from '../../content/model/siteSchema';
import { api } from '../../platform/api';
import { newNonce } from '../../platform/server/security';

/** A page's words, and the confirmation's form (its token and button) on the page that asks for it. */
export interface PageWords {
  heading: string;
  text: string;
  form?: { token: string; button: string };
}

/** Paragraphs from a config text: an empty line between two. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => `<p>${escapeHtmlText(part).replace(/\n/g, '<br>')}</p>`)
    .join('\n      ');

/** The page's policy: its nonce'd style, the site's pictures, posting to itself; nothing else, no framing. */
export function confirmPagePolicy(nonce: string, https: boolean): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** The page as HTML, with the nonce its policy names. */
export function confirmPage(site: SiteConfig, words: PageWords): { html: string; nonce: string } {
  const nonce = newNonce();
  const c = site.brand.colors;
  const { logo } = site.brand;
  const style = `
      *, *::before, *::after { box-sizing: border-box; }
      html { color-scheme: light; }
      body { margin: 0; min-height: 100vh; display: flex; flex-direction: column; background: ${c.surface}; color: ${c.text};
        font: 400 1rem/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif; }
      header { background: ${c.background}; border-bottom: 1px solid rgba(15, 23, 42, 0.08); padding: 12px 20px; }
      header a { display: inline-block; border-radius: 6px; }
      header img { display: block; height: 44px; width: auto; }
      main { flex: 1; display: grid; place-items: start center; padding: 40px 16px 64px; }
      .card { width: 100%; max-width: 560px; background: ${c.background}; border-radius: 16px; padding: 32px 28px;
        box-shadow: 0 10px 30px rgba(15, 23, 42, 0.08); }
      h1 { margin: 0 0 12px; font-size: 1.75rem; line-height: 1.25; color: ${c.primaryDark}; }
      p { margin: 0 0 16px; color: ${c.mutedText}; overflow-wrap: anywhere; }
      form { margin: 24px 0 8px; }
      button { width: 100%; min-height: 48px; padding: 12px 20px; border: 0; border-radius: 999px; background: ${c.primary}; color: #ffffff;
        font-family: inherit; font-size: 1rem; font-weight: 700; line-height: 1.4; cursor: pointer; }
      button:hover { background: ${c.primaryDark}; }
      a { color: ${c.primary}; font-weight: 600; }
      a:focus-visible, button:focus-visible { outline: 3px solid ${c.secondary}; outline-offset: 3px; }
      .home { margin: 24px 0 0; }
      @media (min-width: 600px) { main { padding-top: 72px; } .card { padding: 40px; } h1 { font-size: 2rem; } }`;
  const form = words.form
    ? `<form method="post" action="${api.newsletterConfirm}">
        <input type="hidden" name="token" value="${escapeHtmlAttribute(words.form.token)}">
        <button type="submit">${escapeHtmlText(words.form.button)}</button>
      </form>`
    : '';
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex, nofollow">
    <meta name="referrer" content="same-origin">
    <title>${escapeHtmlText(words.heading)}</title>
    <style nonce="${nonce}">${style}
    </style>
  </head>
  <body>
    <header><a href="/"><img src="${escapeHtmlAttribute(logo.src)}" alt="${escapeHtmlAttribute(logo.alt)}" width="${logo.width}" height="${logo.height}"></a></header>
    <main>
      <div class="card">
      <h1>${escapeHtmlText(words.heading)}</h1>
      ${paragraphs(words.text)}
      ${form}
      <p class="home"><a href="/">${escapeHtmlText(site.newsletter.home)}</a></p>
      </div>
    </main>
  </body>
</html>
`;
  return { html, nonce };
}
