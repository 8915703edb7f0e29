/**
 * What a lead's page says of a lead in the Spam folder: the truth about what already went out
 * before it was put there. A lead the spam trap caught was never notified; one the owner marked as
 * spam may have been (its notifications sent, the visitor's auto-reply sent): then the page says
 * so, naming the channels (config/admin.ts lead.spamNotice…), and that nothing more is sent.
 */
import admin from '../../config/admin';
import type { LeadDetail } from '../shared/adminApi';
import { fill } from './format';

const t = admin.lead;

export function spamNoticeOf(lead: Pick<LeadDetail, 'deliveries' | 'mails' | 'docId'>): string {
  const channels = [...new Set(lead.deliveries.filter((delivery) => delivery.state === 'sent').map((delivery) => delivery.channel))];
  const named = channels.map((channel) => t.channels[channel as keyof typeof t.channels] ?? channel).join(', ');
  // This lead's own auto-reply (the person's mails of their other leads are theirs).
  const autoReplied = lead.mails.some((mail) => mail.kind === 'autoReply' && mail.docId === lead.docId && mail.state === 'sent');
  if (channels.length > 0 && autoReplied) return fill(t.spamNoticeBoth, { channels: named });
  if (channels.length > 0) return fill(t.spamNoticeNotified, { channels: named });
  if (autoReplied) return t.spamNoticeAutoReplied;
  return t.spamNotice;
}
