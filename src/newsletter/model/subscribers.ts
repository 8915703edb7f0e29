/**
 * The newsletter's subscribers as the server, the inbox and the tests name them: their states
 * (src/newsletter/server/subscribers.ts keeps one row per person in one of them) and a
 * subscriber as the inbox's list shows it.
 *
 * - `waiting`: signed up in the newsletter box, the confirmation mail's button not pressed yet
 *   (dropped after config/server.ts newsletter.unconfirmedDays);
 * - `confirmed`: pressed it; the only ones a newsletter is sent to;
 * - `unsubscribed`: their own choice, a complaint, or an owner's by hand: never mailed again
 *   unless they sign up and confirm once more;
 * - `bounced`: a hard bounce: never mailed again.
 */
import { z } from 'zod/mini';
import { answers, type Contract } from '../../platform/contract';
export const SUBSCRIBER_STATES = ['waiting', 'confirmed', 'unsubscribed', 'bounced'] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

/** The order the inbox shows the states in (its first is the screen's default view). */
export const SUBSCRIBER_VIEWS: readonly SubscriberState[] = ['confirmed', 'waiting', 'unsubscribed', 'bounced'];

/** One subscriber as the inbox lists them, with the consent they gave. Times in milliseconds since 1970. */
export interface SubscriberSummary {
  id: number;
  /** The address as they last typed it. */
  email: string;
  state: SubscriberState;
  /** When they signed up (the newest sign-up while waiting). */
  signedUpAt: number;
  /** The page of the form they signed up on, when it was told. */
  page: string | null;
  /** The words shown next to the box when they signed up, as shown. */
  consentWords: string;
  /** Where their visit came from (src/site/model/attribution.ts sourceOf), '' for a direct visit. */
  source: string;
  campaign: string | null;
  confirmedAt: number | null;
  unsubscribedAt: number | null;
  bouncedAt: number | null;
  /** Where the confirmation mail of their last sign-up stands (while waiting). */
  confirmation: ConfirmationMail;
}

/**
 * The confirmation mail of a sign-up: `sent`; `pending` (queued, or retried); `failed` (every try
 * failed); `day` (held: the day's count of visitor mail was reached, it goes when the next day has
 * room); `owner` (not sent: too many sign-ups from its network that day; an owner may send it);
 * `none` (no mail: this mailbox had one that day already, or mail is not set up).
 */
export const CONFIRMATION_MAILS = ['sent', 'pending', 'failed', 'day', 'owner', 'none'] as const;
type ConfirmationMail = (typeof CONFIRMATION_MAILS)[number];

/** GET subscribers: one page of a state's subscribers (newest first), and how many each state has (with the same search). */
export interface SubscriberList {
  subscribers: SubscriberSummary[];
  offset: number;
  /** How many the view (its state and search) holds. */
  total: number;
  counts: Record<SubscriberState, number>;
  /** Whether this server sends the confirmation mails (its mail settings: SMTP_URL, MAIL_FROM, NOTIFY_TO). */
  mailOn: boolean;
}

/** The subscribers' routes in the inbox (src/platform/inboxRoutes.ts gathers them): owners only. */
/** The subscribers' view: a state's, and a part of the address (a query is text). */
const subscriberQuery = z.object({ state: z.optional(z.string()), q: z.optional(z.string()), page: z.optional(z.string()), pageSize: z.optional(z.string()) });

export const subscriberRoutes = {
  /** The newsletter's subscribers: one page of a state's, newest first, and each state's count (SubscriberList); query: state, q (a part of the address), page, pageSize. */
  subscribers: { method: 'GET', path: '/api/admin/subscribers', query: subscriberQuery, answer: answers<SubscriberList>() },
  /** The same view (state, q) as CSV, streamed, newest first. Asks for the password again. */
  subscribersExport: { method: 'GET', path: '/api/admin/subscribers/export', query: subscriberQuery },
  /** An owner unsubscribes someone by hand (waiting or confirmed); answers the subscriber (SubscriberSummary). */
  unsubscribe: { method: 'POST', path: '/api/admin/subscribers/:subscriberId/unsubscribe', answer: answers<SubscriberSummary>() },
  /** An owner sends a waiting subscriber the confirmation mail again (once a day per mailbox, rate-limited per account); answers the subscriber (SubscriberSummary). */
  resendConfirmation: { method: 'POST', path: '/api/admin/subscribers/:subscriberId/confirmation', answer: answers<SubscriberSummary>() },
} as const satisfies Record<string, Contract>;
