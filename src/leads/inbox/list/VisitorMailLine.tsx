/**
 * The visitors' mails held back, and why (src/leads/server/notify/visitorMail.ts): those waiting for
 * the next day's count, the sign-ups whose confirmation waits for an owner (their network had its
 * share of the day), and today's leads that got no auto-reply for their network. Nothing when
 * nothing is held (or the server sends no mail to visitors).
 */
import admin from '../../../../config/admin';
import server from '../../../../config/server';
import type { VisitorMailHeld } from '../../model/adminApi';
import { fill, formatCount, formatDate } from '../../../platform/inbox/format';
import { StatusLine, type StatusSaid } from './StatusLine';

const t = admin.list;

function said(held: NonNullable<VisitorMailHeld>): StatusSaid {
  const waiting = held.autoReplies + held.confirmations;
  const lines = [
    waiting > 0 && held.since !== null
      ? fill(t.visitorMailHeld, { count: formatCount(waiting), perDay: formatCount(server.notifications.autoReply.perDay), since: formatDate(held.since) })
      : '',
    held.forOwner > 0 ? fill(t.visitorMailForOwner, { count: formatCount(held.forOwner) }) : '',
    held.refusedToday > 0 ? fill(t.visitorMailRefused, { count: formatCount(held.refusedToday) }) : '',
  ];
  return { lines, tone: 'warning' };
}

export const VisitorMailLine = () => <StatusLine route="visitorMail" say={said} testId="visitor-mail-held" />;
