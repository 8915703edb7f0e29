/**
 * When the agency's mailbox was last read; its alarm once it has failed for longer than the
 * server's set time (a short failure says nothing); after such an outage, when it was (nothing
 * when the mailbox is not read).
 */
import admin from '../../../../config/admin';
import type { MailboxStatus } from '../../model/adminApi';
import { fill, formatDate } from '../../../platform/inbox/format';
import { StatusLine, type StatusSaid } from './StatusLine';

const t = admin.list;

function said({ alarm, back, readAt }: NonNullable<MailboxStatus>): StatusSaid {
  const text = alarm
    ? fill(t.mailboxFailing, { since: formatDate(alarm.failingSince), error: alarm.error, next: alarm.nextTryAt ? formatDate(alarm.nextTryAt) : '' })
    : back && readAt !== null
      ? fill(t.mailboxBack, { from: formatDate(back.from), until: formatDate(back.until), at: formatDate(readAt) })
      : readAt !== null
        ? fill(t.mailboxRead, { at: formatDate(readAt) })
        : t.mailboxNever;
  return { lines: [text], tone: alarm ? 'alarm' : 'quiet' };
}

export const MailboxLine = () => <StatusLine route="mailbox" say={said} testId="mailbox-status" />;
