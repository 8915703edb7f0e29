/**
 * How the site sends mail, whichever feature sends it (the notifications, the visitors' mails,
 * the owners' daily mail, the newsletter): through the SMTP server of SMTP_URL, from MAIL_FROM,
 * each mail signed with the agency's DKIM key when one is set (the settings are read at start:
 * src/leads/server/notify/settings.ts), every try bounded by the same timeouts. When a failed
 * try is made again: retry.ts.
 */

export interface MailSettings {
  /** smtp://user:password@host:port or smtps://… (nodemailer reads it). */
  smtpUrl: string;
  /** The sender, as written: "Business Growth <site@example.com>". */
  from: string;
  /** Its address alone (the Message-ID's domain comes from it). */
  fromAddress: string;
  /** Its name alone ("Business Growth"), empty when it has none. */
  fromName: string;
  /** Who gets the mails. */
  to: string[];
  /** The agency's DKIM key: every mail is signed with it. */
  dkim?: DkimSettings;
}

/** nodemailer's `dkim` option: the domain (d=), the selector (s=) and the private key (PEM). */
export interface DkimSettings {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** The sender of the site's mail to its readers (the newsletter): SMTP_URL and MAIL_FROM, whatever NOTIFY_TO says. */
export type SenderSettings = Omit<MailSettings, 'to'>;

/** How long one try may wait for the SMTP server (connecting, its greeting, each answer), in ms. */
export const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** What every transport of the site's mail is made with: SMTP_URL, the timeouts, and the DKIM key when one is set (each mail signed). */
export const transportOptions = (settings: Pick<MailSettings, 'smtpUrl' | 'dkim'>) => ({
  url: settings.smtpUrl,
  ...TIMEOUTS,
  ...(settings.dkim ? { dkim: settings.dkim } : {}),
});
