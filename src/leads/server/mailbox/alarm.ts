/**
 * The mailbox's alarm by e-mail: once the agency's mailbox has failed for
 * `mailbox.alarm.afterMinutes` (config/server.ts), the reader (reader.ts) mails the
 * notification address (NOTIFY_TO) once for that outage, through the notifications' mail
 * settings (SMTP_URL, MAIL_FROM), in config's words. Its Message-ID is the outage's (the moment
 * it began): a mail sent twice (a restart between the send and its record) is one outage to a
 * mail program. It is marked `Auto-Submitted: auto-generated` (RFC 3834): no auto-responder
 * answers it.
 */
import nodemailer from 'nodemailer';
import server from '../../../../config/server';
import { ADMIN_PAGE } from '../../../schema/ownAddresses';
import { formatDate } from '../../../platform/received';
import { fill } from '../../../schema/text';
import { TIMEOUTS } from '../../../platform/server/mail/transport';
import type { MailSettings } from '../../../platform/server/mail/transport';

const words = server.mailbox.alarm;

export interface AlarmMail {
  /** The notifications' mail settings. */
  settings: MailSettings;
  /** The site's address as the agency reaches it (PUBLIC_URL): the link to the inbox. */
  publicUrl: string;
}

interface Outage {
  /** The mailbox's login and host, as the log names them. */
  user: string;
  host: string;
  /** Since when it fails (ms), and why. */
  since: number;
  error: string;
}

export interface AlarmMailer {
  send(outage: Outage): Promise<void>;
  close(): void;
}

export function alarmMailer({ settings, publicUrl }: AlarmMail): AlarmMailer {
  const transport = nodemailer.createTransport({ url: settings.smtpUrl, ...TIMEOUTS });
  const domain = settings.fromAddress.split('@')[1] ?? 'localhost';
  return {
    async send(outage) {
      await transport.sendMail({
        from: settings.from,
        to: settings.to,
        subject: words.subject,
        text: fill(words.text, {
          user: outage.user,
          host: outage.host,
          since: formatDate(outage.since),
          error: outage.error,
          link: `${publicUrl}${ADMIN_PAGE}`,
        }),
        messageId: `<mailbox-alarm-${outage.since}@${domain}>`,
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    },
    close() {
      transport.close();
    },
  };
}
