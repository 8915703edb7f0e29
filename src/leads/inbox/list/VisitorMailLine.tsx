/**
 * The visitors' mails held back, and why (src/leads/server/notify/visitorMail.ts): those waiting for
 * the next day's count, the sign-ups whose confirmation waits for an owner (their network had its
 * share of the day), and today's leads that got no auto-reply for their network. Nothing when
 * nothing is held (or the server sends no mail to visitors).
 */
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import admin from '../../../../config/admin';
import server from '../../../../config/server';
import type { VisitorMailHeld } from '../../model/adminApi';
import { call } from '../../../platform/inbox/api';
import { fill, formatCount, formatDate } from '../../../platform/inbox/format';

const t = admin.list;

export function VisitorMailLine() {
  const [held, setHeld] = useState<VisitorMailHeld>(null);
  useEffect(() => {
    let current = true;
    call<VisitorMailHeld>('visitorMail').then(
      (got) => current && setHeld(got),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  if (!held) return null;
  const waiting = held.autoReplies + held.confirmations;
  const lines = [
    waiting > 0 && held.since !== null
      ? fill(t.visitorMailHeld, { count: formatCount(waiting), perDay: formatCount(server.notifications.autoReply.perDay), since: formatDate(held.since) })
      : '',
    held.forOwner > 0 ? fill(t.visitorMailForOwner, { count: formatCount(held.forOwner) }) : '',
    held.refusedToday > 0 ? fill(t.visitorMailRefused, { count: formatCount(held.refusedToday) }) : '',
  ].filter(Boolean);
  if (lines.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2, overflowWrap: 'anywhere' }} data-testid="visitor-mail-held">
      {lines.map((line) => (
        <Typography key={line} variant="body2">
          {line}
        </Typography>
      ))}
    </Alert>
  );
}
