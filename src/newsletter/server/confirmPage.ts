/**
 * The confirmation link's routes (docs/endpoints.md) and the pages they answer with.
 *
 * The link (GET) shows a page with one button and changes nothing: a link scanner that follows it
 * confirms nobody. The button POSTs the token back (tokens.ts: its only credential); a waiting
 * subscriber becomes confirmed. A post another site made confirms nobody.
 *
 * The pages are drawn by our server (they answer one token, so no build writes them): a small HTML page in the site's look (its logo, colours and the system
 * fonts its pages use), its words from config/site.ts newsletter in the language the subscriber signed
 * up in (its `lang`, its links home to that language's home page). Nothing runs in it; its one
 * style element carries the answer's nonce, and its policy allows that, the site's own pictures
 * and posting its form back to this server, nothing else. Never indexed, never kept by a cache
 * (the API's addresses: src/apps/server/app.ts), and no Referer (its address holds the token) leaves
 * for another site.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import server from '../../../config/server';
import type { SiteConfig } from '../../site/model/siteSchema';
import { api } from '../../platform/api';
import { escapeHtmlAttribute, escapeHtmlText } from '../../schema/text';
import type { RequestLimits } from '../../platform/server/rateLimit';
import { isHttps, newNonce } from '../../platform/server/security';
import type { Store } from '../../platform/server/store/store';
import { fallbackMarkOf, homeOf, htmlLangOf, languageCodeOf, newsletterSite, withFallbacksMarked, type SiteIn } from './site';
import { fillIn } from '../../platform/inLanguage';
import { confirmSubscriber, subscriberById, subscriberLanguage } from './subscribers';
import type { NewsletterTokens } from './tokens';
import { publicRoutes } from '../../platform/publicRoutes';
import { routeOf, type RouteTypes } from '../../platform/server/contracts';

/** A page's words, and the confirmation's form (its token and button) on the page that asks for it. */
interface PageWords {
  heading: string;
  text: string;
  form?: { token: string; button: string };
}

/** Paragraphs from a config text: an empty line between two (`mark`: each one's words marked, when the text is not the page's language). */
const paragraphs = (text: string, mark = (words: string) => words) =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => `<p>${mark(escapeHtmlText(part).replace(/\n/g, '<br>'))}</p>`)
    .join('\n      ');

/** The page's policy: its nonce'd style, the site's pictures, posting to itself; nothing else, no framing. */
function confirmPagePolicy(nonce: string, https: boolean): string {
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

/**
 * The page as HTML in the subscriber's language (its code, and its home page's address), with the
 * nonce its policy names. `wordsIn` gives the page's words from the site in a language: a text
 * still in the default language (not translated yet) says so with its own `lang`.
 */
function confirmPage(site: SiteConfig, wordsIn: (site: SiteConfig) => PageWords, language: string | null, served: SiteIn): { html: string; nonce: string } {
  const nonce = newNonce();
  const words = wordsIn(site);
  const markOf = (pick: (words: PageWords) => string | undefined) => fallbackMarkOf(served, language, (s) => pick(wordsIn(s)) ?? '');
  const home = homeOf(site, language);
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
        <button type="submit">${markOf((w) => w.form?.button)(escapeHtmlText(words.form.button))}</button>
      </form>`
    : '';
  const html = `<!doctype html>
<html lang="${escapeHtmlAttribute(htmlLangOf(site, language))}">
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
    <header><a href="${escapeHtmlAttribute(home)}"><img src="${escapeHtmlAttribute(logo.src)}" alt="${escapeHtmlAttribute(logo.alt)}" width="${logo.width}" height="${logo.height}"></a></header>
    <main>
      <div class="card">
      <h1>${markOf((w) => w.heading)(escapeHtmlText(words.heading))}</h1>
      ${paragraphs(
        words.text,
        markOf((w) => w.text),
      )}
      ${form}
      <p class="home"><a href="${escapeHtmlAttribute(home)}">${fallbackMarkOf(served, language, (s) => s.newsletter.home)(escapeHtmlText(site.newsletter.home))}</a></p>
      </div>
    </main>
  </body>
</html>
`;
  return { html: withFallbacksMarked(html, served), nonce };
}

/**
 * What a token opens: the button, the subscriber confirmed already, a link past its time, or a
 * link that is not ours; with the language the subscriber signed up in (null: the default one).
 */
type Found = ({ kind: 'ask'; id: number } | { kind: 'confirmed' } | { kind: 'expired' } | { kind: 'wrong' }) & { language: string | null };

/**
 * A request the browser says came from another site (its Sec-Fetch-Site; a form posted from
 * elsewhere), or, from a browser that does not say, with another site's Origin.
 */
function fromElsewhere(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return origin === 'null' || new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

/** The confirmation page's routes: GET shows, POST confirms. */
export function registerConfirm(
  app: FastifyInstance,
  { tokens, store, clock, limits }: { tokens: NewsletterTokens['confirm']; store: Store; clock: () => number; limits: RequestLimits },
): void {
  const find = (token: unknown): Found => {
    const read = tokens.read(token);
    if (!read) return { kind: 'wrong', language: null };
    const language = subscriberLanguage(store.db, read.subscriberId);
    if (read.expiresAt <= clock()) return { kind: 'expired', language };
    const row = subscriberById(store.db, read.subscriberId);
    if (row?.state === 'waiting') return { kind: 'ask', id: row.id, language };
    if (row?.state === 'confirmed') return { kind: 'confirmed', language };
    // Dropped, erased, unsubscribed or bounced since: signing up again sends a new link.
    return { kind: 'expired', language };
  };

  const page = (request: FastifyRequest, reply: FastifyReply, status: number, wordsIn: (site: SiteConfig) => PageWords, language: string | null = null) => {
    const { html, nonce } = confirmPage(newsletterSite(app.served, language), wordsIn, language, app.served);
    return reply
      .code(status)
      .header('Content-Security-Policy', confirmPagePolicy(nonce, isHttps(request)))
      .header('X-Robots-Tag', 'noindex, nofollow')
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  /** The page for what a token opens (`token` goes into the button's form). */
  const answer = (request: FastifyRequest, reply: FastifyReply, found: Found, token: string, status?: number) => {
    const { language } = found;
    const days = server.newsletter.unconfirmedDays;
    if (found.kind === 'ask')
      return page(
        request,
        reply,
        status ?? 200,
        (site) => ({ ...site.newsletter.confirmPage, form: { token, button: site.newsletter.confirmPage.button } }),
        language,
      );
    if (found.kind === 'confirmed') return page(request, reply, status ?? 200, (site) => site.newsletter.confirmed, language);
    if (found.kind === 'expired')
      return page(
        request,
        reply,
        status ?? 410,
        (site) => ({ heading: site.newsletter.expired.heading, text: fillIn(languageCodeOf(site, language), site.newsletter.expired.text, { days }) }),
        language,
      );
    return page(request, reply, status ?? 400, (site) => site.newsletter.wrongLink, language);
  };

  // Over the forms' rate limits (the same counters): a page saying so, with its Retry-After.
  const rateLimited = async (request: FastifyRequest, reply: FastifyReply) => {
    const wait = limits.check(request.ip);
    if (wait === 0) return;
    reply.header('Retry-After', String(wait));
    return page(request, reply, 429, () => ({ heading: server.messages.tooManyRequests, text: '' }));
  };

  app.route<RouteTypes<typeof publicRoutes.newsletterConfirmPage>>({
    ...routeOf(publicRoutes.newsletterConfirmPage),
    onRequest: rateLimited,
    handler: async (request, reply) => {
      const token = request.query.token;
      return answer(request, reply, find(token), typeof token === 'string' ? token : '');
    },
  });

  app.route<RouteTypes<typeof publicRoutes.newsletterConfirm>>({
    ...routeOf(publicRoutes.newsletterConfirm),
    onRequest: rateLimited,
    bodyLimit: 4096,
    handler: async (request, reply) => {
      const body = request.body;
      const token = typeof body === 'object' && body !== null && 'token' in body ? body.token : undefined;
      const found = find(token);
      // Posted from another site: nothing is confirmed; the page with its button, for the person to press.
      if (fromElsewhere(request)) return answer(request, reply, found, typeof token === 'string' ? token : '', 403);
      if (found.kind !== 'ask') return answer(request, reply, found, '');
      const row = confirmSubscriber(store.db, found.id, clock());
      return answer(request, reply, { kind: row?.state === 'confirmed' ? 'confirmed' : 'expired', language: found.language }, '');
    },
  });
}
