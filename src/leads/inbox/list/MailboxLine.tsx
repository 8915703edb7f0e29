/**
 * When the agency's mailbox was last read; its alarm once it has failed for longer than the
 * server's set time (a short failure says nothing); after such an outage, when it was (nothing
 * when the mailbox is not read).
 */
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import admin from '../../../../config/admin';
import type { MailboxStatus } from '../../model/adminApi';
import { call } from '../../../platform/inbox/api';
import { fill, formatDate } from '../../../platform/inbox/format';

const t = admin.list;

export function MailboxLine() {
  const [status, setStatus] = useState<MailboxStatus>(null);
  useEffect(() => {
    let current = true;
    call<MailboxStatus>('mailbox').then(
      (got) => current && setStatus(got),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  if (!status) return null;
  const { alarm, back, readAt } = status;
  const text = alarm
    ? fill(t.mailboxFailing, { since: formatDate(alarm.failingSince), error: alarm.error, next: alarm.nextTryAt ? formatDate(alarm.nextTryAt) : '' })
    : back && readAt !== null
      ? fill(t.mailboxBack, { from: formatDate(back.from), until: formatDate(back.until), at: formatDate(readAt) })
      : readAt !== null
        ? fill(t.mailboxRead, { at: formatDate(readAt) })
        : t.mailboxNever;
  return (
    <Typography
      variant="body2"
      color={alarm ? 'error' : 'text.secondary'}
      sx={{ mb: 2, overflowWrap: 'anywhere' }}
      data-testid="mailbox-status"
      {...(alarm ? { role: 'alert' } : {})}
    >
      {text}
    </Typography>
  );
}
