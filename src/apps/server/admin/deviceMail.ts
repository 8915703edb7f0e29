/**
 * The mail with the code that confirms a new browser (src/platform/server/accounts/newDevice.ts):
 * sent through the site's sender (SMTP_URL, MAIL_FROM, signed with the DKIM key when one is set)
 * to the account's own address, in config's words (server.admin.newDeviceMail), marked
 * `Auto-Submitted: auto-generated` (RFC 3834): no auto-responder answers it.
 */
import type { FastifyRequest } from 'fastify';
import nodemailer from 'nodemailer';
import server from '../../../../config/server';
import { ADMIN_PAGE } from '../../../schema/ownAddresses';
import { fill } from '../../../schema/text';
import { transportOptions } from '../../../platform/server/mail/transport';
import type { SenderSettings } from '../../../platform/server/mail/transport';

const settings = server.admin.signIn.newDevice;

/** What the mail says of the browser: its own name for itself (cut), and the address it came from. */
export interface DeviceSeen {
  browser: string;
  ip: string;
}

export const deviceSeenOf = (request: FastifyRequest): DeviceSeen => ({
  browser: (request.headers['user-agent'] ?? '').replace(/[\r\n]+/g, ' ').slice(0, 200) || '?',
  ip: request.ip,
});

export interface DeviceMailer {
  send(to: string, code: string, seen: DeviceSeen): Promise<void>;
  close(): void;
}

/** The code's mail, through the site's sender (SMTP_URL, MAIL_FROM, DKIM when set), to the account's own address. */
export function deviceMailer(sender: SenderSettings, publicUrl: string): DeviceMailer {
  const transport = nodemailer.createTransport(transportOptions(sender));
  const words = server.admin.newDeviceMail;
  return {
    async send(to, code, seen) {
      await transport.sendMail({
        from: sender.from,
        to,
        subject: fill(words.subject, { code }),
        text: fill(words.text, { code, minutes: String(settings.minutes), browser: seen.browser, ip: seen.ip, link: `${publicUrl}${ADMIN_PAGE}` }),
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    },
    close() {
      transport.close();
    },
  };
}
