/**
 * The unsubscribe link of every newsletter (`/api/newsletter/unsubscribe/<token>`, also in its
 * List-Unsubscribe header):
 *
 * - GET shows a page with one button and changes nothing: a link scanner (a mail provider's, an
 *   antivirus's) that follows the link unsubscribes nobody;
 * - POST unsubscribes: the page's button, and a mail program's one-click (RFC 8058: a POST with
 *   `List-Unsubscribe=One-Click`, from the mail provider's servers, without cookies). No session
 *   and no CSRF token: the signed token in the address is the credential (tokens.ts), and the
 *   body, whatever it is, is not read. Answering the same token again says the same.
 *
 * The page is drawn here, small and without script: the site's colours, config/site.ts
 * unsubscribePage's words in the language the subscriber signed up in, a policy that allows its one style element (by nonce) and nothing else.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import server from '../../../config/server';
import type { SiteConfig } from '../../site/model/siteSchema';
import { newsletterLinkRoutes } from '../model/newsletterApi';
import { escapeHtml, escapeHtmlText, fill } from '../../schema/text';
import { createLimiter } from '../../platform/server/rateLimit';
import { isHttps, newNonce } from '../../platform/server/security';
import { fallbackMarkOf, homeOf, htmlLangOf, newsletterSite, withFallbacksMarked, type SiteIn } from './site';
import { subscriberLanguage } from './subscribers';
import type { Store } from '../../platform/server/store/store';
import { unsubscribe } from './reports';
import type { UnsubscribeTokens } from './tokens';
import { routeOf, type RouteTypes } from '../../platform/server/contracts';

export interface UnsubscribeOptions {
  store: Store;
  /** The unsubscribe links' tokens (tokens.ts). */
  tokens: UnsubscribeTokens;
  clock: () => number;
  /** Tests and benchmarks raise the limit (RATE_LIMIT_FACTOR). */
  rateLimitFactor?: number;
}

type Page = 'ask' | 'done' | 'unknown';

/** The page in the subscriber's language: the brand, a heading, a sentence, and the button (when asking). */
function unsubscribePage(
  site: Pick<SiteConfig, 'brand' | 'unsubscribePage' | 'languages'>,
  page: Page,
  action: string,
  nonce: string,
  language: string | null,
  served: SiteIn,
): string {
  const words = site.unsubscribePage;
  const colors = site.brand.colors;
  const textOf = (w: SiteConfig['unsubscribePage']) => (page === 'ask' ? w.text : page === 'done' ? w.done : w.unknown);
  const text = textOf(words);
  /** Each text marked where it is not in the page's language (not translated yet): its element then says its own. */
  const markOf = (pick: (w: SiteConfig['unsubscribePage']) => string) => fallbackMarkOf(served, language, (s) => pick(s.unsubscribePage));
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(htmlLangOf(site, language))}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    '<meta name="robots" content="noindex, nofollow">',
    `<title>${escapeHtmlText(fill(words.title, { brand: site.brand.name }))}</title>`,
    `<style nonce="${nonce}">`,
    `body{margin:0;font-family:Arial,Helvetica,sans-serif;background:${colors.surface};color:${colors.text};line-height:1.5}`,
    'main{max-width:560px;margin:0 auto;padding:32px 16px}',
    `.card{background:${colors.background};border-radius:8px;padding:24px}`,
    `.brand{font-weight:700;font-size:20px;color:${colors.primaryDark};margin:0 0 16px}`,
    'h1{font-size:24px;margin:0 0 12px}',
    `button{font:inherit;font-weight:700;color:#fff;background:${colors.primaryDark};border:0;border-radius:6px;padding:12px 20px;min-height:44px;cursor:pointer}`,
    `button:focus-visible,a:focus-visible{outline:3px solid ${colors.secondary};outline-offset:2px}`,
    `a{color:${colors.primaryDark}}`,
    '</style></head><body><main><div class="card">',
    `<p class="brand">${escapeHtmlText(site.brand.name)}</p>`,
    `<h1>${markOf((w) => w.heading)(escapeHtmlText(words.heading))}</h1>`,
    `<p${page === 'ask' ? '' : ' role="status"'}>${markOf(textOf)(escapeHtmlText(text))}</p>`,
    page === 'ask'
      ? `<form method="post" action="${escapeHtml(action)}"><button type="submit">${markOf((w) => w.button)(escapeHtmlText(words.button))}</button></form>`
      : `<p><a href="${escapeHtml(homeOf(site, language))}">${markOf((w) => w.home)(escapeHtmlText(words.home))}</a></p>`,
    '</div></main></body></html>',
  ].join('\n');
  return withFallbacksMarked(html, served);
}

const policy = (nonce: string, https: boolean) =>
  [
    `default-src 'none'`,
    `style-src 'nonce-${nonce}'`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');

export async function registerUnsubscribe(app: FastifyInstance, { store, tokens, clock, rateLimitFactor = 1 }: UnsubscribeOptions): Promise<void> {
  const rate = server.newsletter.unsubscribeRate;
  const limiter = createLimiter({ requests: rate.requests * rateLimitFactor, perSeconds: rate.perSeconds }, clock);
  const send = (request: FastifyRequest, reply: FastifyReply, status: number, page: Page, language: string | null = null) => {
    const nonce = newNonce();
    return reply
      .code(status)
      .header('Content-Security-Policy', policy(nonce, isHttps(request)))
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex, nofollow')
      .header('Referrer-Policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(unsubscribePage(newsletterSite(app.served, language), page, request.url.split('?')[0]!, nonce, language, app.served));
  };
  await app.register(async (scope) => {
    // The body of a one-click POST (List-Unsubscribe=One-Click, as a form or multipart) is never read: any is taken, up to a few bytes.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));
    const limited = async (request: FastifyRequest, reply: FastifyReply) => {
      const wait = limiter.take(request.ip);
      if (wait === 0) return;
      reply.header('Retry-After', String(wait));
      return reply.code(429).type('application/json; charset=utf-8').send({ message: server.messages.tooManyRequests });
    };
    scope.route<RouteTypes<typeof newsletterLinkRoutes.unsubscribeLinkPage>>({
      ...routeOf(newsletterLinkRoutes.unsubscribeLinkPage),
      onRequest: limited,
      handler: async (request, reply) => {
        const facts = tokens.read(request.params.token);
        return facts ? send(request, reply, 200, 'ask', subscriberLanguage(store.db, facts.subscriberId)) : send(request, reply, 404, 'unknown');
      },
    });
    scope.route<RouteTypes<typeof newsletterLinkRoutes.unsubscribeLink>>({
      ...routeOf(newsletterLinkRoutes.unsubscribeLink),
      onRequest: limited,
      handler: async (request, reply) => {
        const facts = tokens.read(request.params.token);
        if (!facts) return send(request, reply, 404, 'unknown');
        // Subscriber 0: a test send's reader (the signed-in account); nobody to unsubscribe.
        if (facts.subscriberId > 0) unsubscribe(store.db, facts, clock());
        return send(request, reply, 200, 'done', subscriberLanguage(store.db, facts.subscriberId));
      },
    });
  });
}
