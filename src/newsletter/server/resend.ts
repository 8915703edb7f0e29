/**
 * An owner sends a waiting sign-up its confirmation mail again (Newsletter → Subscribers): one that
 * never got it (its network had its day's share, the mail failed) or lost it. The same mail as at
 * the sign-up (config/site.ts newsletter.confirmMail in the subscriber's language, a link signed for the sign-up's own time),
 * through the same limits but the network's: once a day per mailbox, and within the day's count
 * (held for the next day's when it is reached). A mail of the sign-up still held for a day's count
 * is replaced. Only a `waiting` subscriber: a confirmed one (or unsubscribed, bounced) is refused.
 */
import { api } from '../../platform/api';
import { dropHeldMails } from '../../leads/server/notify/visitorMail';
import type { Notifications } from '../../leads/server/notify';
import type { Store } from '../../platform/server/store/store';
import type { SubscriberSummary } from '../model/subscribers';
import { confirmationMail } from '.';
import type { NewsletterTokens } from './tokens';
import type { SiteIn } from './site';
import { holdConfirmation, subscriberById, subscriberLanguage, UNCONFIRMED_MS } from './subscribers';

/** What the owner's button did: the subscriber afterwards, or why nothing was sent. */
export type Resent = { subscriber: SubscriberSummary } | 'unknown' | 'notWaiting' | 'today' | 'off';

export function resendConfirmation(
  store: Store,
  notifications: Pick<Notifications, 'sendConfirmation'>,
  id: string,
  publicUrl: string,
  tokens: NewsletterTokens | undefined,
  served: SiteIn,
): Resent {
  if (!/^[1-9]\d{0,15}$/.test(id)) return 'unknown';
  const resend = store.db.transaction((): Resent => {
    const row = subscriberById(store.db, Number(id));
    const docId = row && (store.db.prepare('SELECT doc_id FROM subscribers WHERE id = ?').pluck().get(row.id) as string | null);
    if (!row || !docId) return 'unknown';
    if (row.state !== 'waiting') return 'notWaiting';
    if (!tokens) return 'off';
    const expiresAt = row.signedUpAt + UNCONFIRMED_MS;
    const link = `${publicUrl}${api.newsletterConfirm}?token=${tokens.confirm.make(row.id, expiresAt)}`;
    const held = store.db.prepare('SELECT count(*) FROM visitor_mails WHERE doc_id = ? AND held_for IS NOT NULL').pluck().get(docId) as number;
    dropHeldMails(store.db, docId);
    const sent = notifications.sendConfirmation(docId, row.email, confirmationMail(served, subscriberLanguage(store.db, row.id), link, expiresAt));
    // Nothing new queued: a mail held for the day's count stays as it was.
    if (sent === 'today' || sent === 'off') {
      if (held > 0) throw new KeptHeld(sent);
      return sent;
    }
    holdConfirmation(store.db, row.id, null);
    return { subscriber: subscriberById(store.db, row.id)! };
  });
  try {
    return resend();
  } catch (error) {
    if (error instanceof KeptHeld) return error.outcome;
    throw error;
  }
}

/** Undoes the transaction that dropped a held mail when nothing took its place. */
class KeptHeld extends Error {
  constructor(readonly outcome: 'today' | 'off') {
    super(outcome);
  }
}
