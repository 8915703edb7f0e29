/**
 * The notification settings, read from the environment at start (docs/inbox.md "Notifications of
 * new leads"): e-mail through any SMTP server (SMTP_URL, MAIL_FROM, NOTIFY_TO), a webhook
 * (WEBHOOK_URL, WEBHOOK_SECRET), and the site's public address for the links (PUBLIC_URL). The
 * newsletter's sender is SMTP_URL and MAIL_FROM too, and every mail of the site is signed with
 * the agency's DKIM key when one is set (DKIM_PRIVATE_KEY_FILE, DKIM_SELECTOR, DKIM_DOMAIN:
 * docs/deploy-own-server.md "Mail that arrives"; read by src/platform/server/mail/settings.ts).
 *
 * None is required: without them the site works as before and tells nobody. A setting that
 * is there but wrong is one plain sentence (printed at start, never a stack trace); the
 * site starts all the same, and that channel's deliveries are kept, waiting, until it is
 * fixed and the site restarted. Values that may hold a password are never repeated.
 */
import { httpAddress } from '../../../schema/links';
import site from '../../../../config/site';
import { isSmtpAddress, mailboxList, mailboxOf, readSender } from '../../../platform/server/mail/settings';
import type { MailSettings, SenderSettings } from '../../../platform/server/mail/transport';

export type Channel = 'email' | 'webhook';
export const CHANNELS: readonly Channel[] = ['email', 'webhook'];

export interface WebhookSettings {
  url: string;
  /** The key of WEBHOOK_SECRET (the bytes after "whsec_"); without it the calls are not signed. */
  secret?: Buffer;
}

export interface NotifySettings {
  /** The site's address as the agency reaches it: links to the inbox and to CVs start with it. */
  publicUrl: string;
  email?: MailSettings;
  webhook?: WebhookSettings;
  /** SMTP_URL and MAIL_FROM, right, with the DKIM key when one is set: the newsletter is sent so (undefined: it is not sent). */
  sender?: SenderSettings;
  /** Channels set up but wrongly: their deliveries are written, and wait until the setting is fixed. */
  waiting: Channel[];
}

export type Environment = Readonly<Record<string, string | undefined>>;

const SMTP_EXAMPLE = 'smtp://user:password@mail.example.com:587';
const MAKE_SECRET = `node -e "console.log('whsec_' + require('crypto').randomBytes(32).toString('base64'))"`;

/** The key of a Standard Webhooks secret: "whsec_" and 24 to 64 bytes in base64. */
function webhookKey(value: string): Buffer | undefined {
  const encoded = value.startsWith('whsec_') ? value.slice('whsec_'.length) : undefined;
  if (!encoded || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return undefined;
  const key = Buffer.from(encoded, 'base64');
  return key.length >= 24 && key.length <= 64 ? key : undefined;
}

/**
 * Reads the settings. Returns them with one sentence for each setting that is wrong (empty
 * or missing settings are simply off). `defaultPublicUrl` is config/site.ts brand.url.
 */
export function readNotifySettings(env: Environment, defaultPublicUrl: string = site.brand.url): { settings: NotifySettings; problems: string[] } {
  const get = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const problems: string[] = [];
  const waiting: Channel[] = [];

  let publicUrl = defaultPublicUrl.replace(/\/+$/, '');
  const publicSetting = get('PUBLIC_URL');
  if (publicSetting !== undefined) {
    const url = httpAddress(publicSetting);
    if (url) publicUrl = url.href.replace(/\/+$/, '');
    else
      problems.push(
        `PUBLIC_URL is not an address like https://www.your-domain.example, so the links in notifications start with ${publicUrl} (config/site.ts brand.url) until it is fixed.`,
      );
  }

  let email: MailSettings | undefined;
  const [smtpUrl, from, to] = [get('SMTP_URL'), get('MAIL_FROM'), get('NOTIFY_TO')];
  if (smtpUrl !== undefined || from !== undefined || to !== undefined) {
    const mailWaits = 'so e-mails about new leads wait until it is fixed';
    const before = problems.length;
    if (smtpUrl === undefined)
      problems.push(
        `SMTP_URL is not set while ${from === undefined ? 'NOTIFY_TO' : 'MAIL_FROM'} is, ${mailWaits}: set it to your mail server, like ${SMTP_EXAMPLE}.`,
      );
    else if (!isSmtpAddress(smtpUrl)) problems.push(`SMTP_URL is not an SMTP address like ${SMTP_EXAMPLE} (or smtps://… for port 465), ${mailWaits}.`);
    const sender = from === undefined ? undefined : mailboxOf(from);
    if (from === undefined) problems.push(`MAIL_FROM is not set, ${mailWaits}: set it to the sender, like MAIL_FROM="Your Agency <site@your-domain.example>".`);
    else if (!sender) problems.push(`MAIL_FROM is not one e-mail address like "Your Agency <site@your-domain.example>", ${mailWaits}.`);
    const recipients = to === undefined ? undefined : mailboxList(to);
    if (to === undefined)
      problems.push(`NOTIFY_TO is not set, ${mailWaits}: set it to who gets them, like NOTIFY_TO=sales@your-domain.example,owner@your-domain.example.`);
    else if (!recipients)
      problems.push(`NOTIFY_TO is not a list of e-mail addresses separated by commas, like sales@your-domain.example,owner@your-domain.example, ${mailWaits}.`);
    if (problems.length === before && smtpUrl && from && sender && recipients) {
      email = { smtpUrl, from, fromAddress: sender.address, fromName: sender.name, to: recipients };
    } else waiting.push('email');
  }

  // The newsletter's sender: SMTP_URL and MAIL_FROM right (their problems are said above), signed when a DKIM key is set.
  const { sender, dkim, problem: dkimProblem } = readSender(get);
  if (dkimProblem) problems.push(dkimProblem);
  if (email && dkim) email.dkim = dkim;

  let webhook: WebhookSettings | undefined;
  const [hookUrl, secret] = [get('WEBHOOK_URL'), get('WEBHOOK_SECRET')];
  if (hookUrl !== undefined || secret !== undefined) {
    const hookWaits = 'so webhooks about new leads wait until it is fixed';
    const before = problems.length;
    if (hookUrl === undefined) problems.push(`WEBHOOK_URL is not set while WEBHOOK_SECRET is, ${hookWaits}: set it to the address that receives them.`);
    else if (!httpAddress(hookUrl)) problems.push(`WEBHOOK_URL is not an http:// or https:// address, ${hookWaits}.`);
    const key = secret === undefined ? undefined : webhookKey(secret);
    if (secret !== undefined && !key)
      problems.push(`WEBHOOK_SECRET is not "whsec_" followed by 24 to 64 bytes in base64 (make one with: ${MAKE_SECRET}), ${hookWaits}.`);
    if (problems.length === before && hookUrl) webhook = { url: hookUrl, ...(key ? { secret: key } : {}) };
    else waiting.push('webhook');
  }

  return { settings: { publicUrl, email, webhook, ...(sender ? { sender } : {}), waiting }, problems };
}

/** One line for the start-up log: which channels are on, without any secret. */
export function describeSettings(settings: NotifySettings): string {
  const on = [
    settings.email ? `e-mail to ${settings.email.to.join(', ')}` : undefined,
    settings.webhook
      ? `webhook to ${new URL(settings.webhook.url).host}${settings.webhook.secret ? ' (signed)' : ' (not signed: no WEBHOOK_SECRET)'}`
      : undefined,
  ].filter(Boolean);
  const waiting = settings.waiting.length > 0 ? `; waiting for a setting to be fixed: ${settings.waiting.join(', ')}` : '';
  return `Notifications of new leads: ${on.length > 0 ? on.join(' and ') : 'off'}${waiting}.`;
}
