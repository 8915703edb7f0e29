/**
 * The newsletter's API: the inbox's screens (src/newsletter/inbox) and our server
 * (src/newsletter/server/routes.ts), one table. adminApi.ts adds these routes to the inbox's
 * route table, so sessions, CSRF and the 401-without-session rule apply; every account may write
 * and preview, only an owner's sends (NEWSLETTER_OWNER_ROUTES). The unsubscribe link's page and
 * its one-click POST are outside /api/admin/: the link's signed token is their credential.
 */
import type { ArticleBlock } from '../../site/model/articleSchema';
import type { TranslationFile } from '../../site/model/translation';
import type { ImageConfig } from '../../schema/common';
import { z } from 'zod/mini';
import { answers, type Contract } from '../../platform/contract';

/** The unsubscribe link: GET shows a page with one button, POST (the button, or a mail program's one-click, RFC 8058) unsubscribes. */
export const UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';
const unsubscribeRoute = `${UNSUBSCRIBE_PATH}/:token`;

/**
 * The pictures uploaded for a newsletter's text (the content editor's uploads, named by the hash of
 * their bytes), as its readers' mail programs load them: the site serves an upload only once a
 * publish has put it in a build, a newsletter's from the moment it is written.
 */
export const NEWSLETTER_PICTURES = '/api/newsletter/pictures';

/**
 * A newsletter's body as it is written: its keys, each read and refused in its own words by the
 * server's code (src/newsletter/server/newsletters.ts), which a newsletter in the making may lack.
 */
const draftKeys = z.object({
  subject: z.optional(z.unknown()),
  name: z.optional(z.unknown()),
  body: z.optional(z.unknown()),
  /** A new draft from an article (ArticleForNewsletter). */
  fromArticle: z.optional(z.unknown()),
  /** A save: the revision the writer had. */
  revision: z.optional(z.unknown()),
});

/** The routes of the newsletter's links in its mails, outside the inbox: their signed token is their credential. */
export const newsletterLinkRoutes = {
  unsubscribeLinkPage: { method: 'GET', path: unsubscribeRoute },
  unsubscribeLink: { method: 'POST', path: unsubscribeRoute },
  /** A picture of a newsletter's text, by its upload's name. */
  newsletterPicture: { method: 'GET', path: `${NEWSLETTER_PICTURES}/:name` },
} as const satisfies Record<string, Contract>;

export const newsletterRoutes = {
  /** Every newsletter, newest first, with its figures, and whether sending is set up: NewsletterList. */
  newsletters: { method: 'GET', path: '/api/admin/newsletters', answer: answers<NewsletterList>() },
  /**
   * Body: NewsletterDraft, or { fromArticle: ArticleForNewsletter }. Answers the new draft's
   * NewsletterDetail; 409 { message } when the account has its most drafts, 429 (Retry-After) too many saves.
   */
  newsletterCreate: { method: 'POST', path: '/api/admin/newsletters', body: draftKeys, answer: answers<NewsletterDetail>() },
  newsletter: { method: 'GET', path: '/api/admin/newsletters/:id', answer: answers<NewsletterDetail>() },
  /** Body: any of NewsletterDraft's keys. A draft only (409 otherwise); 429 (Retry-After) too many saves. Answers NewsletterDetail. */
  newsletterSave: { method: 'PATCH', path: '/api/admin/newsletters/:id', body: draftKeys, answer: answers<NewsletterDetail>() },
  /** A draft only. */
  newsletterDelete: { method: 'DELETE', path: '/api/admin/newsletters/:id' },
  /**
   * Body: NewsletterDraft (as on screen, saved or not, finished or not), and optionally `language`
   * (a code of NewsletterList's `languages`) with `id` (the saved newsletter's, whose words in that
   * language it keeps). Answers the mail as readers (of that language) get it, or the text's problem: NewsletterPreview.
   */
  newsletterPreview: {
    method: 'POST',
    path: '/api/admin/newsletters/preview',
    body: z.object({ ...draftKeys.shape, language: z.optional(z.unknown()), id: z.optional(z.unknown()) }),
    answer: answers<NewsletterPreview>(),
  },
  /** Body (optional): { language }: sends the saved newsletter to the signed-in account's address, at once, marked as a test, as readers of that language get it (else the default's). 204. */
  newsletterTest: { method: 'POST', path: '/api/admin/newsletters/:id/test', body: z.optional(z.object({ language: z.optional(z.unknown()) })) },
  /**
   * Body: { revision, at?: ISO 8601 time }: the revision read (NewsletterDetail's), sent then, or
   * now without `at`, to every confirmed subscriber. Owners only. Answers NewsletterDetail; 409 {
   * message } when it was changed after that revision (nothing is sent).
   */
  newsletterSend: {
    method: 'POST',
    path: '/api/admin/newsletters/:id/send',
    body: z.object({ revision: z.optional(z.unknown()), at: z.optional(z.unknown()) }),
    answer: answers<NewsletterDetail>(),
  },
  /**
   * Body: { ready: boolean }: a draft marked ready for an owner to send (the owners' inbox lists it), or
   * taken back to a draft. Any account. A draft or a ready one only (409 otherwise). Answers NewsletterDetail.
   */
  newsletterReady: {
    method: 'POST',
    path: '/api/admin/newsletters/:id/ready',
    body: z.object({ ready: z.optional(z.unknown()) }),
    answer: answers<NewsletterDetail>(),
  },
  /** A scheduled newsletter back to draft (not sent at its time). Owners only. Answers NewsletterDetail. */
  newsletterUnschedule: { method: 'POST', path: '/api/admin/newsletters/:id/unschedule', answer: answers<NewsletterDetail>() },
} as const satisfies Record<string, Contract>;

export type NewsletterRoute = keyof typeof newsletterRoutes;

/** The routes only an owner's account may use: what mails the readers. */
export const NEWSLETTER_OWNER_ROUTES: readonly NewsletterRoute[] = ['newsletterSend', 'newsletterUnschedule'];

/**
 * Where a newsletter stands, the one notion every screen reads (the server works it out):
 * `draft` being written; `ready` written, and marked ready for an owner to send (still a draft:
 * it may be changed, and is sent as the owner read it); `scheduled`; `sending`; `sent`.
 */
export type NewsletterState = 'draft' | 'ready' | 'scheduled' | 'sending' | 'sent';

/** Whether a newsletter is still being written (a draft, ready or not): it may be changed, deleted, marked, sent. */
export const isDraft = (state: NewsletterState): boolean => state === 'draft' || state === 'ready';

/** A newsletter ready for an owner to send, as the owners' inbox lists it (Me's `newslettersReady`). */
export interface ReadyNewsletter {
  id: number;
  subject: string;
  /** The account that marked it ready. */
  readyBy: string;
}

/** What is written: its subject, its name (the utm_campaign of its links: letters, digits, dashes), its text as typed blocks. */
export interface NewsletterDraft {
  subject: string;
  name: string;
  body: ArticleBlock[];
}

/** An article of the site, sent as a newsletter: the draft starts from its title, cover, summary, text and a link to its page. */
export interface ArticleForNewsletter {
  /** Its file's name in config/articles. */
  id: string;
  title: string;
  summary: string;
  /** Its address under the articles' path. */
  address: string;
  /** The picture at its top: the newsletter's first picture (an upload of the office's). */
  cover?: ImageConfig;
  body: ArticleBlock[];
  /** Its translation files (config/translations/<code>/articles/<id>.ts), by language code: the newsletter's words in each language. */
  translations?: Readonly<Record<string, TranslationFile>>;
}

/**
 * A newsletter made from a translated article: for each other language (by its code), each text
 * and link of the draft as it was made, with the same in that language. The readers of that
 * language get each text of the newsletter that is still one of these in their language; a text
 * changed since (or a newsletter written in the inbox) goes in the default language.
 */
export type NewsletterTranslations = Readonly<Record<string, readonly (readonly [string, string])[]>>;

/** What a newsletter did: each reader once. Visits and leads are the site's, counted by its links' utm_campaign. */
export interface NewsletterFigures {
  /** Readers it was queued for when its sending started. */
  readers: number;
  sent: number;
  /** Still to send (waiting their turn, or a retry after a temporary refusal). */
  waiting: number;
  /** Refused for good, or every try failed. */
  failed: number;
  /** Delivery reports (soft or hard) and permanent refusals at sending. */
  bounced: number;
  /** Unsubscribed by this newsletter's link. */
  unsubscribed: number;
  /** Marked as spam by the reader (a feedback report): they are unsubscribed too. */
  complaints: number;
  /** Visits of the site by its links (utm_source=newsletter, utm_campaign=its name). */
  visits: number;
  /** Leads (not spam) whose visit came by its links, each person once. */
  leads: number;
}

export interface NewsletterSummary {
  id: number;
  name: string;
  subject: string;
  state: NewsletterState;
  /** The article it sends (its id), if it is one. */
  article: string | null;
  /** When it is to be sent (ms), when scheduled. */
  sendAt: number | null;
  /** Who marked it ready for an owner to send, and when (ms), while it is `ready`. */
  readyBy: string | null;
  readyAt: number | null;
  updatedAt: number;
  updatedBy: string;
  startedAt: number | null;
  finishedAt: number | null;
  sentBy: string | null;
  /** Counted up by each change of its text: Send names the one read. */
  revision: number;
  figures: NewsletterFigures;
}

/** A change of a newsletter: who made it, when, the revision it made (or was sent or scheduled at). */
export interface NewsletterChange {
  revision: number;
  kind: 'created' | 'edited' | 'scheduled' | 'unscheduled';
  by: string;
  at: number;
}

export interface NewsletterDetail extends NewsletterSummary {
  body: ArticleBlock[];
  createdBy: string;
  createdAt: number;
  /** Every change, oldest first. */
  changes: NewsletterChange[];
}

export interface NewsletterList {
  newsletters: NewsletterSummary[];
  /** Subscribers confirmed now: who a newsletter sent now would go to. */
  confirmed: number;
  /** Whether this server can send (SMTP_URL, MAIL_FROM), and whether it signs with a DKIM key. */
  mailOn: boolean;
  dkim: boolean;
  /** On a site in more than one language (config/site.ts `languages`): each, the default first, by its code and its own name; the preview and the test are made in any. Left out otherwise. */
  languages?: { code: string; name: string }[];
}

/** The mail as a reader gets it (their unsubscribe link a sample one), or, for a text the checks refuse, why (html and text empty). */
export interface NewsletterPreview {
  subject: string;
  html: string;
  text: string;
  problem?: string;
}
