/**
 * The newsletter's double opt-in (docs/inbox.md "Newsletter subscribers", docs/endpoints.md):
 *
 * - a sign-up in the newsletter box (the form config/site.ts footer.newsletter shows) is stored as
 *   the specification stores it (a document of its collection: Email, id, Date) and, in the same
 *   transaction (a hook of the store: src/apps/server/app.ts), its subscriber row with the consent
 *   (subscribers.ts): when, on which page, the words shown next to the box, where the visit came
 *   from. A sign-up caught by the spam trap makes none;
 * - the site then sends ONE confirmation mail through the visitors' mail queue (at most one a day
 *   per person: src/leads/server/notify/visitorMail.ts), in config/site.ts newsletter's words, with a
 *   link holding a signed token (token.ts) and nothing the visitor typed;
 * - the link (GET) shows a page with one button and changes nothing: a link scanner that follows
 *   it confirms nobody. The button POSTs the token back; a waiting subscriber becomes confirmed;
 * - an erasure of the person deletes their row (src/leads/server/privacy.ts erasesWithPerson), and
 *   the inbox's housekeeping deletes sign-ups never confirmed (subscribers.ts dropUnconfirmed).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import server from '../../../config/server';
import codeSite from '../../../config/site';
import type { SiteConfig } from '../../content/model/siteSchema';
import { formNamed, senderFields } from '../../site/forms/model/registry';
import { api } from '../../platform/api';
import { sourceOf } from '../../leads/model/attribution';
import { fill } from '../../schema/text';
import { sessionSecret } from '../../platform/server/accounts/secret';
import { erasesWithPerson } from '../../leads/server/privacy';
import { sendConfirmation } from '../../leads/server/notify';
import type { RequestLimits } from '../../platform/server/rateLimit';
import { isHttps } from '../../platform/server/security';
import { servedSite } from '../../site/server/servedContent';
import type { Inserted, Store } from '../../leads/server/store';
import { confirmPage, confirmPagePolicy, type PageWords } from './confirmPage';
import { confirmSubscriber, recordSignUp, subscriberById, subscriptionsOfPerson, UNCONFIRMED_MS, type Consent } from './subscribers';
import { confirmTokens, type ConfirmTokens } from './token';

/**
 * The served site's content, with the newsletter's words of this code's config when the build
 * served predates them (a build published before this release: a sign-up must never fail on it).
 */
function siteServed(): SiteConfig {
  const served = servedSite();
  return served.newsletter ? served : { ...served, newsletter: codeSite.newsletter };
}

/**
 * The words a person saw next to the newsletter box when they signed up, as shown: the box's
 * heading and text, and the note under every form (its link by its words).
 */
export function consentWordsOf(site: SiteConfig): string {
  const { heading, text } = site.footer.newsletter;
  return [heading, text, fill(site.privacyNote.text, { link: site.privacyNote.link.label })].join('\n');
}

/** The confirmation mail's text: config's words, the button's words over the link, the words after it. */
export function confirmationText(site: SiteConfig, link: string): string {
  const words = site.newsletter.confirmMail;
  return [words.text.trim(), `${words.button}\n${link}`, fill(words.after, { days: server.newsletter.unconfirmedDays }).trim()].join('\n\n');
}

export interface NewsletterOptions {
  store: Store;
  /** The data folder: the server's secret (src/platform/server/accounts/secret.ts) signs the links. */
  dataDir: string;
  clock: () => number;
  /** The site's public address (PUBLIC_URL): the links start with it. */
  publicUrl: string;
}

export interface Newsletter {
  /** The store's insert hook: a sign-up's subscriber row, and its confirmation mail. */
  signedUp(inserted: Inserted): void;
  tokens: ConfirmTokens;
}

export function createNewsletter({ store, dataDir, clock, publicUrl }: NewsletterOptions): Newsletter {
  const tokens = confirmTokens(sessionSecret(dataDir).secret);
  erasesWithPerson(subscriptionsOfPerson);
  return {
    tokens,
    signedUp({ docId, collection, document, spam, attribution }) {
      if (spam) return;
      const site = siteServed();
      const form = formNamed(site.footer.newsletter.form);
      if (!form || form.collection !== collection) return;
      const field = senderFields(form).emails[0];
      const email = field ? String(document[field.name] ?? '').trim() : '';
      if (email === '') return;
      const now = clock();
      const consent: Consent = { page: attribution?.formPage ?? null, words: consentWordsOf(site), source: sourceOf(attribution), campaign: attribution?.utmCampaign ?? null };
      const row = recordSignUp(store.db, { docId, email, consent, now });
      if (!row.confirm) return;
      const link = `${publicUrl}${api.newsletterConfirm}?token=${tokens.make(row.id, now + UNCONFIRMED_MS)}`;
      sendConfirmation(store, docId, email, { subject: site.newsletter.confirmMail.subject, text: confirmationText(site, link) });
    },
  };
}

/** What a token opens: the button, the subscriber confirmed already, a link past its time, or a link that is not ours. */
type Found = { kind: 'ask'; id: number } | { kind: 'confirmed' } | { kind: 'expired' } | { kind: 'wrong' };

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

/** The confirmation page's routes (docs/endpoints.md): GET shows, POST confirms. */
export function registerNewsletter(app: FastifyInstance, { newsletter, store, clock, limits }: { newsletter: Newsletter; store: Store; clock: () => number; limits: RequestLimits }): void {
  const find = (token: unknown): Found => {
    const read = newsletter.tokens.read(token);
    if (!read) return { kind: 'wrong' };
    if (read.expiresAt <= clock()) return { kind: 'expired' };
    const row = subscriberById(store.db, read.subscriberId);
    if (row?.state === 'waiting') return { kind: 'ask', id: row.id };
    if (row?.state === 'confirmed') return { kind: 'confirmed' };
    // Dropped, erased, unsubscribed or bounced since: signing up again sends a new link.
    return { kind: 'expired' };
  };

  const page = (request: FastifyRequest, reply: FastifyReply, status: number, words: PageWords) => {
    const { html, nonce } = confirmPage(siteServed(), words);
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
    const words = siteServed().newsletter;
    const days = server.newsletter.unconfirmedDays;
    if (found.kind === 'ask') return page(request, reply, status ?? 200, { ...words.confirmPage, form: { token, button: words.confirmPage.button } });
    if (found.kind === 'confirmed') return page(request, reply, status ?? 200, words.confirmed);
    if (found.kind === 'expired') return page(request, reply, status ?? 410, { heading: words.expired.heading, text: fill(words.expired.text, { days }) });
    return page(request, reply, status ?? 400, words.wrongLink);
  };

  // Over the forms' rate limits (the same counters): a page saying so, with its Retry-After.
  const rateLimited = async (request: FastifyRequest, reply: FastifyReply) => {
    const wait = limits.check(request.ip);
    if (wait === 0) return;
    reply.header('Retry-After', String(wait));
    return page(request, reply, 429, { heading: server.messages.tooManyRequests, text: '' });
  };

  app.get<{ Querystring: { token?: unknown } }>(api.newsletterConfirm, { onRequest: rateLimited }, async (request, reply) => {
    const token = request.query.token;
    return answer(request, reply, find(token), typeof token === 'string' ? token : '');
  });

  app.post(api.newsletterConfirm, { onRequest: rateLimited, bodyLimit: 4096 }, async (request, reply) => {
    const body = request.body;
    const token = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).token : undefined;
    const found = find(token);
    // Posted from another site: nothing is confirmed; the page with its button, for the person to press.
    if (fromElsewhere(request)) return answer(request, reply, found, typeof token === 'string' ? token : '', 403);
    if (found.kind !== 'ask') return answer(request, reply, found, '');
    const row = confirmSubscriber(store.db, found.id, clock());
    return answer(request, reply, row?.state === 'confirmed' ? { kind: 'confirmed' } : { kind: 'expired' }, '');
  });
}
