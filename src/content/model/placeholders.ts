/**
 * Settings still at their shipped example values: an address of a domain kept for examples
 * (example.com, example.org, example.net, anything.example), the shipped phone number (a
 * 555-01xx number, kept for fiction) or a postal address on an Example Street, in config/site.ts and in the mail settings of the
 * environment; and newsletters on (SMTP_URL and MAIL_FROM set) without a DKIM key. They are not mistakes the checker refuses (a site being set up has them), but
 * each one is a sentence saying what it affects: `npm run check` and the start print them, and
 * the inbox shows them to the owner until they are fixed.
 */

/** Domains kept for examples (RFC 2606): example.com, example.org, example.net, and the .example top level. */
const EXAMPLE_DOMAIN = /(^|[.@/])(example\.(com|org|net)|[a-z0-9-]+\.example)(?=$|[/:?#>\s"'])/i;
/** A North American number of the 555 area code, or 555-0100 to 555-0199: kept for fiction (the shipped +1 (555) 010-0199). */
const FICTIONAL_PHONE = /(^|\D)1?555(\d{7}|01\d\d)($|\D)/;

/** What each place affects, in words (the ones not listed: the pages show it to visitors). */
const AFFECTS: Readonly<Record<string, string>> = {
  'contact.email':
    "the site's replies and auto-replies carry it as Reply-To, so the visitors' answers go there, and the inbox reads its answers from the mailbox of this address",
  'contact.phone': "every page's contact bar and footer show it, and every WhatsApp link opens a chat with it",
  'contact.address': 'the privacy page names it as where the agency is, and every newsletter carries it at its foot (the law asks for a real postal address)',
  'brand.url': "the canonical links and the sitemap use it, and the notifications' links to the inbox unless PUBLIC_URL is set",
  MAIL_FROM: 'every e-mail of the site is From it (notifications, auto-replies, replies): mail servers refuse or bin mail from a domain that is not yours',
  NOTIFY_TO: 'the notifications of new leads go to it',
  PUBLIC_URL: "the notifications' links to the inbox start with it",
  IMAP_URL: 'the site reads the answers to its e-mails from this mailbox',
};

/** A street named Example (the shipped "100 Example Street, Springfield"): no real place is. */
const EXAMPLE_STREET = /\bExample\s+(Street|St\.?|Road|Rd\.?|Avenue|Ave\.?|Lane|Way|Square|Place)\b/i;

const isExample = (value: string) => EXAMPLE_DOMAIN.test(value) || FICTIONAL_PHONE.test(value.replace(/[\s().+-]/g, ''));

/** Every text of a piece of config, by its key path ("contact.email.href"). */
function* textsOf(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* textsOf(item, `${path}[${i}]`);
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) yield* textsOf(item, path ? `${path}.${key}` : key);
}

/** The place a sentence names: the link or group a text belongs to ("contact.email", not "contact.email.href"). */
const placeOf = (path: string) => path.replace(/\.(href|label|src)$/, '');

/**
 * One sentence for each setting still at its example value: config/site.ts's addresses, links and
 * numbers, then the environment's mail settings (their values never repeated when they hold a
 * password: IMAP_URL is named by its host only).
 */
export function placeholderWarnings(site: unknown, env: Readonly<Record<string, string | undefined>> = {}): string[] {
  const found = new Map<string, string>();
  for (const [path, text] of textsOf(site, '')) {
    // Links, addresses and numbers only, and the agency's postal address: a sentence of the copy may well say "example".
    const postal = path === 'contact.address' && EXAMPLE_STREET.test(text);
    if (!postal && (!/^(https?:|mailto:|tel:)|@|^\+?[\d\s().-]{7,}$/.test(text) || !isExample(text))) continue;
    const place = placeOf(path);
    if (!found.has(place)) found.set(place, text.replace(/^(mailto:|tel:)/, ''));
  }
  const sentences = [...found].map(
    ([place, value]) =>
      `config/site.ts: ${place} is still the example value ${value}: ${AFFECTS[place] ?? 'visitors see it on the pages'}. Write the agency's own.`,
  );
  for (const name of ['MAIL_FROM', 'NOTIFY_TO', 'PUBLIC_URL', 'IMAP_URL'] as const) {
    const value = env[name]?.trim();
    if (!value) continue;
    let shown = value;
    if (name === 'IMAP_URL') {
      try {
        shown = new URL(value).hostname;
      } catch {
        continue;
      }
    }
    if (isExample(shown)) sentences.push(`${name} is still an example value (${shown}): ${AFFECTS[name]}. Set the agency's own.`);
  }
  // The newsletter is sent (SMTP_URL and MAIL_FROM) unsigned: the big mailbox providers refuse or hide bulk mail without DKIM.
  if (env.SMTP_URL?.trim() && env.MAIL_FROM?.trim() && !env.DKIM_PRIVATE_KEY_FILE?.trim()) {
    sentences.push(
      'DKIM_PRIVATE_KEY_FILE is not set: the newsletter (and every mail of the site) goes out without a DKIM signature, and Gmail and Yahoo refuse or hide bulk mail without one. Make a key and publish it (docs/deploy-own-server.md "Mail that arrives").',
    );
  }
  return sentences;
}
