/**
 * What the platform's mail reads of its settings: a plain e-mail address, and the agency's DKIM
 * key (DKIM_PRIVATE_KEY_FILE, DKIM_SELECTOR, DKIM_DOMAIN: docs/deploy-own-server.md "Mail that
 * arrives"), with which every mail of the site is signed (transport.ts). The notifications'
 * settings (src/leads/server/notify/settings.ts) read the rest of the environment with them.
 */
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rules } from '../../rules';
import type { DkimSettings } from './transport';

/**
 * An e-mail address as the forms' own check has it (text, @, text, a dot, text, no spaces),
 * and nothing in it that means something else in a mail header (<>",;).
 */
export function isPlainAddress(text: string): boolean {
  return rules.email(text) && !/[<>",;]/.test(text);
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
export function readDkim(get: (name: string) => string | undefined, fromAddress: string | undefined): { dkim?: DkimSettings; problem?: string } {
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
