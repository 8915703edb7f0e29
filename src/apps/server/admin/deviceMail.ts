/**
 * The mail with the code that confirms a new browser (src/platform/server/accounts/newDevice.ts):
 * sent through the site's sender (SMTP_URL, MAIL_FROM, signed with the DKIM key when one is set)
 * to the account's own address, in config's words (server.admin.newDeviceMail), marked
 * `Auto-Submitted: auto-generated` (RFC 3834): no auto-responder answers it.
 */
import type { FastifyRequest } from 'fastify';
import nodemailer from 'nodemailer';
import admin from '../../../../config/admin';
import server from '../../../../config/server';
import { ADMIN_PAGE } from '../../../schema/ownAddresses';
import { fill } from '../../../schema/text';
import { transportOptions } from '../../../platform/server/mail/transport';
import type { SenderSettings } from '../../../platform/server/mail/transport';

const settings = server.admin.signIn.newDevice;

/** What the mail says of the browser: its name, version and system in words, and the address it came from. */
export interface DeviceSeen {
  browser: string;
  ip: string;
}

// The common browsers and systems by the marks of their user agent, the more particular first
// (Edge and Opera also say Chrome; an iPad says "like Mac OS X", Android says Linux). Product names.
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\b(?:CriOS|HeadlessChrome|Chrome)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]*(?: Mobile\/\S+)? Safari\//, 'Safari'],
];
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The browser in the owner's words ("Chrome 131 on Windows"), or its own name for itself (cut) when it is not a common one. */
function browserInWords(userAgent: string): string {
  const own = userAgent.replace(/[\r\n]+/g, ' ').slice(0, 200);
  const browser = BROWSERS.map(([mark, name]) => [name, mark.exec(own)?.[1]] as const).find(([, version]) => version !== undefined);
  const system = SYSTEMS.find(([mark]) => mark.test(own))?.[1];
  if (!browser || !system) return own || '?';
  return fill(server.admin.newDeviceMail.browser, { name: browser[0], version: browser[1]!, system });
}

export const deviceSeenOf = (request: FastifyRequest): DeviceSeen => ({
  browser: browserInWords(request.headers['user-agent'] ?? ''),
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
        text: fill(words.text, {
          code,
          minutes: String(settings.minutes),
          browser: seen.browser,
          ip: seen.ip,
          link: `${publicUrl}${ADMIN_PAGE}`,
          signOutEverywhere: admin.nav.signOutEverywhere,
        }),
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    },
    close() {
      transport.close();
    },
  };
}
