/**
 * Reading the agency's mailbox (docs/inbox.md "Answers come back"): the settings, from the
 * environment at start, as the mail settings are (docs/deploy-own-server.md):
 *
 * - IMAP_URL: imaps://user:password@imap.host:993 (TLS from the start) or imap://…:143 (TLS when
 *   the server offers STARTTLS); the mailbox whose address the site's mails carry as Reply-To
 *   (config/site.ts contact.email);
 * - IMAP_SENT: the folder of mails sent from a mail program (default: the one the server marks
 *   \Sent), read too for the agency's own replies;
 * - IMAP_MOVE_TO: a folder to move each mail to once it is kept on its lead (default: none,
 *   nothing is moved, flagged or deleted).
 *
 * None is required: without IMAP_URL the mailbox is not read. A wrong one is one sentence at
 * start; the password is never repeated.
 */
import type { Environment } from '../notify/settings';

export interface MailboxSettings {
  host: string;
  port: number;
  /** TLS from the start (imaps://); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  password: string;
  /** The folder of sent mails, when set (else the server's \Sent folder, if it has one). */
  sentFolder?: string;
  /** Where kept mails are moved (else they stay where they are). */
  moveTo?: string;
}

const EXAMPLE = 'imaps://hello%40your-domain.example:app-password@imap.your-mail-host.example:993';

/** The settings, or a sentence for each that is wrong (no IMAP_URL: the mailbox is not read, and nothing is said). */
export function readMailboxSettings(env: Environment): { settings?: MailboxSettings; problems: string[] } {
  const get = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const raw = get('IMAP_URL');
  const problems: string[] = [];
  if (raw === undefined) {
    for (const name of ['IMAP_SENT', 'IMAP_MOVE_TO']) if (get(name) !== undefined) problems.push(`${name} is set but IMAP_URL is not, so the mailbox is not read: set IMAP_URL too, like ${EXAMPLE}.`);
    return { problems };
  }
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  const wrong = `IMAP_URL is not an IMAP address with a user and a password like ${EXAMPLE} (or imap://… for port 143), so the answers to the site's e-mails are not read until it is fixed.`;
  if (!url || (url.protocol !== 'imap:' && url.protocol !== 'imaps:') || url.hostname === '' || url.username === '' || url.password === '') return { problems: [wrong] };
  let user: string;
  let password: string;
  try {
    user = decodeURIComponent(url.username);
    password = decodeURIComponent(url.password);
  } catch {
    return { problems: [wrong] };
  }
  const secure = url.protocol === 'imaps:';
  const sentFolder = get('IMAP_SENT');
  const moveTo = get('IMAP_MOVE_TO');
  return {
    settings: {
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port === '' ? (secure ? 993 : 143) : Number(url.port),
      secure,
      user,
      password,
      ...(sentFolder ? { sentFolder } : {}),
      ...(moveTo ? { moveTo } : {}),
    },
    problems,
  };
}

/** One line for the start-up log, without the password. */
export function describeMailbox(settings: MailboxSettings | undefined): string {
  if (!settings) return 'Answers by e-mail: not read (no IMAP_URL).';
  return `Answers by e-mail: reading ${settings.user} at ${settings.host}:${settings.port}${settings.moveTo ? `, kept mails moved to ${settings.moveTo}` : ', nothing moved'}.`;
}
