/**
 * The newsletter on our server, both halves in one module: the double opt-in of its subscribers
 * (docs/inbox.md "Newsletter subscribers") and the newsletters written and sent to them ("The
 * newsletter"). What the rest of the server uses:
 *
 * - `createNewsletter({ store, notifications, dataDir, clock, publicUrl, siteDir })`, once per app (its plugin,
 *   plugin.ts, decorates the app with it: `app.newsletter`): the tokens of both of its links
 *   (tokens.ts: a key of the server's secret for each purpose, read once), the site's uploads
 *   folder (the pictures its texts may show), its send queue while it runs, the erasure of
 *   a person's subscription (src/leads/server/privacy.ts PersonTables: the subscriber row, and
 *   with it their rows of the send queue), and the store's insert hook of a sign-up:
 *   - a sign-up in the newsletter box (the form config/site.ts footer.newsletter shows) is stored as
 *     the specification stores it (a document of its collection: Email, id, Date) and, in the same
 *     transaction (the hook: src/apps/server/app.ts), its subscriber row with the consent
 *     (subscribers.ts): when, on which page, the words shown next to the box, where the visit came
 *     from. A sign-up caught by the spam trap makes none;
 *   - the site then sends ONE confirmation mail through the visitors' mail queue (at most one a day
 *     per person: src/leads/server/notify/visitorMail.ts), in config/site.ts newsletter's words in the
 *     language of the page it was made on (the subscriber's, kept in their row), with a
 *     link holding a signed token and nothing the visitor typed; its page (confirmPage.ts) confirms
 *     with one button, so a link scanner that follows the link confirms nobody;
 *   - the inbox's housekeeping deletes sign-ups never confirmed (subscribers.ts dropUnconfirmed);
 * - `registerNewsletter(app, …)`: the confirmation link's page and POST (confirmPage.ts), the
 *   unsubscribe link's page and one-click POST (unsubscribe.ts), and the pictures of the
 *   newsletters' texts;
 * - `startNewsletter(store, newsletter, …)`: the send queue's worker (queue.ts, as `newsletter.queue`), once the database is open
 *   (plugin.ts, the part of the server src/apps/server/app.ts registers, which stops it when the
 *   server closes), when the mail settings are there (SMTP_URL, MAIL_FROM); without them
 *   newsletters are written and previewed, and the inbox says that sending is not set up;
 * - the inbox's routes: `newsletterHandlers` (routes.ts: the newsletters) and admin.ts (the subscribers);
 * - `newsletterMailClaim(newsletter)` (reports.ts): the mailbox's reader (given it by src/apps/server/app.ts)
 *   hands over what is the newsletter's (reports on it, answers to it, mailto: unsubscribes).
 */
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import server from '../../../config/server';
import type { SiteConfig } from '../../site/model/siteSchema';
import { senderFields } from '../../site/forms/model/registry';
import { api } from '../../platform/api';
import { UPLOADS_PATH } from '../../platform/uploads';
import { sourceOf } from '../../site/model/attribution';
import { fill } from '../../schema/text';
import { sessionSecret } from '../../platform/server/accounts/secret';
import type { PersonTables } from '../../leads/server/privacy';
import type { Notifications } from '../../leads/server/notify';
import type { RequestLimits } from '../../platform/server/rateLimit';
import type { Inserted, Store } from '../../platform/server/store/store';
import { registerConfirm } from './confirmPage';
import { newsletterMailsOfPerson } from './newsletters';
import { registerNewsletterPictures } from './pictures';
import { NewsletterQueue, type QueueOptions } from './queue';
import { languageCodeOf, newsletterSite, type SiteIn } from './site';
import { fillIn } from '../../platform/inLanguage';
import { holdConfirmation, recordSignUp, subscriptionsOfPerson, UNCONFIRMED_MS, type Consent } from './subscribers';
import { newsletterTokens, type NewsletterTokens } from './tokens';
import type { Served } from '../../site/server/servedContent';
import { registerUnsubscribe } from './unsubscribe';

import { newsletterClaimOf, takeNewsletterMail, type NewsletterClaim } from './reports';
import type { MailClaim } from '../../leads/server/mailbox/reader';

/**
 * The words a person saw next to the newsletter box when they signed up, as shown: the box's
 * heading and text, and the note under every form (its link by its words).
 */
function consentWordsOf(site: SiteConfig): string {
  const { heading, text } = site.footer.newsletter;
  return [heading, text, fill(site.privacyNote.text, { link: site.privacyNote.link.label })].join('\n');
}

/**
 * The confirmation mail in the subscriber's language (their words of config/site.ts
 * newsletter.confirmMail; the default language's where not translated): config's words, the
 * button's words over the link, the words after it ({days} and {date}, the day the sign-up is
 * deleted unless confirmed, written as the language writes them).
 */
export function confirmationMail(served: SiteIn, language: string | null | undefined, link: string, expiresAt: number): { subject: string; text: string } {
  const site = newsletterSite(served, language);
  const words = site.newsletter.confirmMail;
  const after = fillIn(languageCodeOf(site, language), words.after, { days: server.newsletter.unconfirmedDays, date: new Date(expiresAt) });
  return { subject: words.subject, text: [words.text.trim(), `${words.button}\n${link}`, after.trim()].join('\n\n') };
}

/** The newsletter's claim on the mails the mailbox's reader reads (reports.ts), before the leads': unsubscribes checked with its tokens. */
export function newsletterMailClaim(newsletter: Newsletter): MailClaim<NonNullable<NewsletterClaim>> {
  return {
    claimOf: (headers) => newsletterClaimOf(headers),
    readWhole: (claim) => claim === 'maybeReport',
    take: (store, claim, email, mailId, now) => takeNewsletterMail(store.db, claim, email, mailId, newsletter.tokens.unsubscribe, now),
  };
}

export interface CreateOptions {
  store: Store;
  /** The notifications (app.notifications): a sign-up's confirmation mail is queued through them. */
  notifications: Pick<Notifications, 'sendConfirmation'>;
  /** The tables an erasure of a person deletes from (app.personTables): the subscribers and the send queue join them. */
  personTables: Pick<PersonTables, 'add'>;
  /** The content served (app.served): the site's words and languages the mails and pages take. */
  served: Served;
  /** The data folder: the server's secret (src/platform/server/accounts/secret.ts) signs the links. */
  dataDir: string;
  clock: () => number;
  /** The site's public address (PUBLIC_URL): the links start with it. */
  publicUrl: string;
  /** The site folder (SITE_DIR): the pictures of the newsletters' texts are its uploads. */
  siteDir?: string;
}

export interface Newsletter {
  /** The store's insert hook: a sign-up's subscriber row, and its confirmation mail. */
  signedUp(inserted: Inserted): void;
  /** The confirmation and unsubscribe links' tokens. */
  tokens: NewsletterTokens;
  /** The site's uploads folder (SITE_DIR's): the pictures the newsletters may show; none without a site folder. */
  uploads: string | undefined;
  /** The send queue, while it runs (startNewsletter: only when sending is set up). */
  queue: NewsletterQueue | undefined;
  /** The content served (app.served): the site's words and languages of the newsletters' mails. */
  served: Served;
}

export function createNewsletter({ store, notifications, personTables, served, dataDir, clock, publicUrl, siteDir }: CreateOptions): Newsletter {
  const tokens = newsletterTokens(sessionSecret(dataDir).secret);
  // An erasure of a person deletes their rows of the send queue, then their subscription.
  personTables.add(newsletterMailsOfPerson);
  personTables.add(subscriptionsOfPerson);
  return {
    tokens,
    uploads: siteDir ? path.join(siteDir, 'public', UPLOADS_PATH) : undefined,
    queue: undefined,
    served,
    signedUp({ docId, collection, document, spam, attribution, client, language }) {
      if (spam) return;
      // The words shown next to the box, and the mail, in the language of the page it was on.
      const site = newsletterSite(served, language);
      const form = served.forms.formNamed(site.footer.newsletter.form);
      if (!form || form.collection !== collection) return;
      const field = senderFields(form).emails[0];
      const email = field ? String(document[field.name] ?? '').trim() : '';
      if (email === '') return;
      const now = clock();
      const consent: Consent = {
        page: attribution?.formPage ?? null,
        words: consentWordsOf(site),
        source: sourceOf(attribution),
        campaign: attribution?.utmCampaign ?? null,
      };
      const row = recordSignUp(store.db, { docId, email, consent, now, language });
      if (!row.confirm) return;
      const link = `${publicUrl}${api.newsletterConfirm}?token=${tokens.confirm.make(row.id, now + UNCONFIRMED_MS)}`;
      const sent = notifications.sendConfirmation(docId, email, confirmationMail(served, language, link, now + UNCONFIRMED_MS), client);
      // From a network over its day's share: kept, its confirmation waiting for an owner (Subscribers).
      holdConfirmation(store.db, row.id, sent === 'owner' ? now : null);
    },
  };
}

export interface RegisterOptions {
  newsletter: Newsletter;
  store: Store;
  clock: () => number;
  /** The forms' rate limits, which the confirmation page shares. */
  limits: RequestLimits;
  /** Tests and benchmarks raise the unsubscribe link's limit (RATE_LIMIT_FACTOR). */
  rateLimitFactor?: number;
}

/** The confirmation link's page and POST, the unsubscribe link's page and one-click POST, and the pictures of the newsletters' texts. */
export async function registerNewsletter(app: FastifyInstance, { newsletter, store, clock, limits, rateLimitFactor }: RegisterOptions): Promise<void> {
  registerConfirm(app, { tokens: newsletter.tokens.confirm, store, clock, limits });
  await registerUnsubscribe(app, { store, tokens: newsletter.tokens.unsubscribe, clock, ...(rateLimitFactor === undefined ? {} : { rateLimitFactor }) });
  // The pictures of the newsletters' texts (pictures.ts): an upload a newsletter shows, by its name.
  registerNewsletterPictures(app, { store, clock, uploads: newsletter.uploads, ...(rateLimitFactor === undefined ? {} : { rateLimitFactor }) });
}

export type NewsletterOptions = Omit<QueueOptions, 'tokens' | 'served'>;

/** Starts the send queue's worker for this store (the sending a crash cut off goes on first), its links signed with the newsletter's tokens, as the newsletter's queue; answers its stop. */
export function startNewsletter(store: Store, newsletter: Newsletter, options: NewsletterOptions): () => Promise<void> {
  const queue = new NewsletterQueue(store, { ...options, tokens: newsletter.tokens.unsubscribe, served: newsletter.served });
  newsletter.queue = queue;
  queue.start();
  return async () => {
    await queue.stop();
    if (newsletter.queue === queue) newsletter.queue = undefined;
  };
}
