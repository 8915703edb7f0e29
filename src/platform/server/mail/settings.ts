/**
 * What the platform's mail reads of its settings: a plain e-mail address, a mailbox or a list of
 * them (MAIL_FROM, NOTIFY_TO), the SMTP server's address (SMTP_URL), the agency's address, and the
 * agency's DKIM key (DKIM_PRIVATE_KEY_FILE, DKIM_SELECTOR, DKIM_DOMAIN: docs/deploy-own-server.md
 * "Mail that arrives"), with which every mail of the site is signed (transport.ts): together, the
 * site's sender (readSender). The notifications' settings (src/leads/server/notify/settings.ts)
 * read the rest of the environment with them and say what is wrong.
 */
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rules } from '../../rules';
import type { DkimSettings, SenderSettings } from './transport';

/**
 * An e-mail address as the forms' own check has it (text, @, text, a dot, text, no spaces),
 * and nothing in it that means something else in a mail header (<>",;).
 */
export function isPlainAddress(text: string): boolean {
  return rules.email(text) && !/[<>",;]/.test(text);
}

/** One mailbox: "site@example.com" or "Business Growth <site@example.com>". */
export function mailboxOf(text: string): { name: string; address: string } | undefined {
  const value = text.trim();
  if (/[\r\n]/.test(value)) return undefined;
  if (isPlainAddress(value)) return { name: '', address: value };
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(value);
  return named && isPlainAddress(named[2]!) ? { name: named[1]!.replace(/^"(.*)"$/, '$1').trim(), address: named[2]! } : undefined;
}

/** The addresses of a comma-separated list, or undefined if any entry is not one. */
export function mailboxList(value: string): string[] | undefined {
  const entries = value
    .split(',')
    .filter((part) => part.trim() !== '')
    .map(mailboxOf);
  return entries.length > 0 && entries.every((e) => e !== undefined) ? entries.map((e) => e!.address) : undefined;
}

/** Whether SMTP_URL is an SMTP address: smtp:// or smtps:// and a host. */
export function isSmtpAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The agency's own address of a `mailto:` link (config/site.ts contact.email), when it is a plain address. */
export function agencyAddressOf(mailto: string): string | undefined {
  const address = mailto.replace(/^mailto:/i, '').split('?')[0]!;
  return isPlainAddress(address) ? address : undefined;
}

/**
 * The site's sender: SMTP_URL and MAIL_FROM right, signed with the DKIM key when one is set
 * (undefined when either is missing or wrong, or the DKIM key is set wrongly: `problem` says why
 * of the key; the notifications' settings say the others), with the DKIM key alone (`dkim`).
 */
export function readSender(get: (name: string) => string | undefined): { sender?: SenderSettings; dkim?: DkimSettings; problem?: string } {
  const [smtpUrl, from] = [get('SMTP_URL'), get('MAIL_FROM')];
  const mailFrom = from === undefined ? undefined : mailboxOf(from);
  const { dkim, problem } = readDkim(get, mailFrom?.address);
  const sender: SenderSettings | undefined =
    smtpUrl && isSmtpAddress(smtpUrl) && from && mailFrom && !problem
      ? { smtpUrl, from, fromAddress: mailFrom.address, fromName: mailFrom.name, ...(dkim ? { dkim } : {}) }
      : undefined;
  return { ...(sender ? { sender } : {}), ...(dkim ? { dkim } : {}), ...(problem ? { problem } : {}) };
}

const MAKE_DKIM_KEY = 'openssl genrsa -out dkim-private.pem 2048';
/** A DNS label or a dotted run of them (a selector, a domain). */
const DNS_NAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?)*$/i;

/**
 * The DKIM key of DKIM_PRIVATE_KEY_FILE (a PEM file: RSA of 1024 bits or more, or Ed25519), its
 * selector (DKIM_SELECTOR) and domain (DKIM_DOMAIN, else MAIL_FROM's): the domain must be
 * MAIL_FROM's or one it is under, or DMARC does not count the signature as the sender's.
 * Undefined when none is set; a problem's sentence when one is set wrongly.
 */
function readDkim(get: (name: string) => string | undefined, fromAddress: string | undefined): { dkim?: DkimSettings; problem?: string } {
  const [file, selector, domainSetting] = [get('DKIM_PRIVATE_KEY_FILE'), get('DKIM_SELECTOR'), get('DKIM_DOMAIN')];
  if (file === undefined && selector === undefined && domainSetting === undefined) return {};
  const unsigned = 'so the newsletter is not sent until it is fixed (docs/deploy-own-server.md "Mail that arrives")';
  if (file === undefined)
    return {
      problem: `DKIM_PRIVATE_KEY_FILE is not set while DKIM_SELECTOR or DKIM_DOMAIN is, ${unsigned}: make a key with ${MAKE_DKIM_KEY} and name its file.`,
    };
  let privateKey: string;
  try {
    privateKey = readFileSync(file, 'utf8');
    const key = createPrivateKey(privateKey);
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (!(key.asymmetricKeyType === 'ed25519' || (key.asymmetricKeyType === 'rsa' && bits >= 1024))) {
      return {
        problem: `DKIM_PRIVATE_KEY_FILE (${file}) is not an RSA key of 1024 bits or more (2048 is usual), ${unsigned}: make one with ${MAKE_DKIM_KEY}.`,
      };
    }
  } catch (error) {
    const why =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'does not exist'
        : (error as NodeJS.ErrnoException).code === 'EACCES'
          ? 'cannot be read by the site'
          : 'is not a private key in PEM form';
    return { problem: `DKIM_PRIVATE_KEY_FILE (${file}) ${why}, ${unsigned}: make one with ${MAKE_DKIM_KEY}.` };
  }
  if (selector === undefined || !DNS_NAME.test(selector)) {
    return {
      problem: `DKIM_SELECTOR is ${selector === undefined ? 'not set' : 'not a DNS name like "site2026"'}, ${unsigned}: set it to the name of the DNS record of the key (<selector>._domainkey.<domain>).`,
    };
  }
  const fromDomain = fromAddress?.split('@')[1]?.toLowerCase();
  const domainName = (domainSetting ?? fromDomain ?? '').toLowerCase();
  if (!DNS_NAME.test(domainName) || !fromDomain || !(fromDomain === domainName || fromDomain.endsWith(`.${domainName}`))) {
    return {
      problem: `DKIM_DOMAIN (${domainName || 'not set'}) is not MAIL_FROM's domain (${fromDomain ?? 'not set'}) or one it is under, so DMARC would not count the signature as yours, ${unsigned}.`,
    };
  }
  return { dkim: { domainName, keySelector: selector, privateKey } };
}
