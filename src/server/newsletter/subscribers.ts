/**
 * The newsletter's subscribers: one row per person (src/shared/person.ts), beside the sign-up the
 * specification stores (a document of the collection subcribe: Email, id, Date). A sign-up starts
 * `waiting`; the confirmation mail's page makes it `confirmed`; only confirmed subscribers are
 * sent a newsletter. `unsubscribed` (their own choice, or a complaint) and `bounced` (a hard
 * bounce) are never mailed again. An erasure of the person deletes the row.
 */
export const SUBSCRIBER_STATES = ['waiting', 'confirmed', 'unsubscribed', 'bounced'] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];
