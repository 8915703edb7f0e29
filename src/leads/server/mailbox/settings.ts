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
 *   nothing is moved, flagged or deleted);
 * - IMAP_TRUSTED_AUTHSERV: the authserv-id(s) of the server that receives the agency's mail, whose
 *   Authentication-Results (DMARC, DKIM, SPF, SMTP AUTH) prove that a mail from one of the agency's
 *   addresses is the agency's (sender.ts); IMAP_TRUSTED_RELAY: the IP addresses (or subnets) of a
 *   relay that carries only the agency's own mail, proof too when the mailbox's server received
 *   the mail from it. Without them only the Sent folder holds the agency's own mails.
 *
 * None is required: without IMAP_URL the mailbox is not read. A wrong one is one sentence at
 * start; the password is never repeated.
 */
import net from 'node:net';
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
  /** What proves a mail from one of the agency's addresses to be the agency's (sender.ts); empty lists: nothing but the Sent folder. */
  trust: Trust;
}

/** Whom the reader believes about a mail's sender. */
export interface Trust {
  /** Authserv-ids (lower case) whose Authentication-Results are believed. */
  authservIds: readonly string[];
  /** Addresses and subnets ("203.0.113.5", "2001:db8::/48") of relays that carry only the agency's own mail. */
  relays: readonly string[];
}

/** An authserv-id as mail servers write it: a host name (letters, digits, dots, hyphens). */
const AUTHSERV_ID = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i;

/** An IP address or a subnet ("203.0.113.0/24", "2001:db8::/32"). */
function isAddressOrSubnet(text: string): boolean {
  const [address = '', bits, ...rest] = text.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

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
    for (const name of ['IMAP_SENT', 'IMAP_MOVE_TO', 'IMAP_TRUSTED_AUTHSERV', 'IMAP_TRUSTED_RELAY'])
      if (get(name) !== undefined) problems.push(`${name} is set but IMAP_URL is not, so the mailbox is not read: set IMAP_URL too, like ${EXAMPLE}.`);
    return { problems };
  }
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  const wrong = `IMAP_URL is not an IMAP address with a user and a password like ${EXAMPLE} (or imap://… for port 143), so the answers to the site's e-mails are not read until it is fixed.`;
  if (!url || (url.protocol !== 'imap:' && url.protocol !== 'imaps:') || url.hostname === '' || url.username === '' || url.password === '')
    return { problems: [wrong] };
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
  // A wrong proof setting is left out (said once): the agency's mails then wait in the Sent folder, nothing is believed that should not be.
  const authservIds = listOf(get('IMAP_TRUSTED_AUTHSERV'));
  const relays = listOf(get('IMAP_TRUSTED_RELAY'));
  const wrongIds = authservIds.filter((id) => !AUTHSERV_ID.test(id));
  const wrongRelays = relays.filter((relay) => !isAddressOrSubnet(relay));
  if (wrongIds.length > 0)
    problems.push(
      `IMAP_TRUSTED_AUTHSERV should list the names the mailbox's server writes first in its Authentication-Results, like mx.your-mail-host.example, separated by commas; "${wrongIds[0]}" is not one, so no Authentication-Results are believed until it is fixed.`,
    );
  if (wrongRelays.length > 0)
    problems.push(
      `IMAP_TRUSTED_RELAY should list IP addresses or subnets, like 203.0.113.5 or 2001:db8::/48, separated by commas; "${wrongRelays[0]}" is not one, so no relay is believed until it is fixed.`,
    );
  return {
    settings: {
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port === '' ? (secure ? 993 : 143) : Number(url.port),
      secure,
      user,
      password,
      ...(sentFolder ? { sentFolder } : {}),
      ...(moveTo ? { moveTo } : {}),
      trust: { authservIds: wrongIds.length > 0 ? [] : authservIds.map((id) => id.toLowerCase()), relays: wrongRelays.length > 0 ? [] : relays },
    },
    problems,
  };
}

/** One line for the start-up log, without the password. */
export function describeMailbox(settings: MailboxSettings | undefined): string {
  if (!settings) return 'Answers by e-mail: not read (no IMAP_URL).';
  const { authservIds, relays } = settings.trust;
  const proofs = [
    ...(authservIds.length > 0 ? [`Authentication-Results of ${authservIds.join(', ')}`] : []),
    ...(relays.length > 0 ? [`the relay ${relays.join(', ')}`] : []),
  ];
  return `Answers by e-mail: reading ${settings.user} at ${settings.host}:${settings.port}${settings.moveTo ? `, kept mails moved to ${settings.moveTo}` : ', nothing moved'}; the agency's own mails ${proofs.length > 0 ? `proved by the Sent folder or ${proofs.join(' or ')}` : 'proved by the Sent folder only'}.`;
}
