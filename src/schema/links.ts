/**
 * The one check of what may become a link: an http: or https: address. Anything else
 * (`javascript:alert(1)`, `data:…`, plain words) stays text. A path of this site ("/api/…")
 * is made absolute against `base` when one is given.
 */
export function httpAddress(value: string, base?: string): URL | undefined {
  const text = value.trim();
  try {
    const url = base !== undefined && text.startsWith('/') && !text.startsWith('//') ? new URL(text, `${base}/`) : new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A host name as the URL parser gives it (lower case, international names as xn--…): labels of
 * letters, digits and -, at least two, the last starting with a letter (no IP address, no
 * `;`, `{`, quote or space that a policy or a config file would read as something else).
 */
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Characters no address of another site is written with: spaces, line ends and other controls (the URL parser drops some silently). */
// eslint-disable-next-line no-control-regex -- controls are what is refused
const UNWRITTEN = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

/**
 * Why `value` is not the address of another site over HTTPS that the site may name (a link, an
 * embedded map, the site's own address), as the end of a sentence after it in quotes, or
 * undefined when it is one. The address is parsed (`new URL`), never matched: what the browser
 * will read is what is checked. `http`: a plain http: address is taken too (a link).
 */
export function httpsAddressProblem(value: string, { http = false }: { http?: boolean } = {}): string | undefined {
  const notAUrl = 'does not look like a valid URL. Make sure it starts with https://.';
  if (!(http ? /^https?:\/\//i : /^https:\/\//i).test(value)) return notAUrl;
  if (UNWRITTEN.test(value)) return 'has a space, a line break or another invisible character in it. Copy the address again, without them.';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return notAUrl;
  }
  if (url.username !== '' || url.password !== '') return 'has a name or a password before its host (…@). Write the address without them.';
  if (!HOST_NAME.test(url.hostname))
    return `has ${JSON.stringify(url.hostname)} as its host, which is not a host name (letters, digits, - and dots, like "www.openstreetmap.org"). Copy the address again from the site that gives it.`;
  return undefined;
}

/**
 * What the page policy names for an embedded page (a map): `https://host` or
 * `https://host:port`, nothing after it, or undefined for an address that is not one the
 * checker accepts (it then gets no frame permission at all).
 */
export function embedOrigin(src: string): string | undefined {
  if (httpsAddressProblem(src) !== undefined) return undefined;
  const { hostname, port } = new URL(src);
  return `https://${hostname}${port ? `:${port}` : ''}`;
}

/** A host source of a page policy (`https://host[:port]`), or undefined when the text is anything else: what goes into a policy's host list. */
export function policyHost(origin: string): string | undefined {
  return /^https:\/\/[a-z0-9.-]+(?::\d{1,5})?$/.test(origin) && embedOrigin(origin) === origin ? origin : undefined;
}

/** Why `value` is not the site's own address (`https://host`, nothing after it), as the end of a sentence, or undefined. */
export function siteAddressProblem(value: string): string | undefined {
  const problem = httpsAddressProblem(value);
  if (problem) return problem;
  const { origin } = new URL(value);
  return value === origin ? undefined : `should be the site's address alone, like ${JSON.stringify(origin)}: no path, query or anchor, and no / at the end.`;
}

/** A WhatsApp chat with a number (its digits: "+1 555 010 0199" is 15550100199), starting with `message` when one is given. */
export function whatsappHref(number: string, message?: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}${message ? `?text=${encodeURIComponent(message)}` : ''}`;
}

/**
 * Where one of the site's social links (or its chat button) leads: its own link, else a WhatsApp
 * chat with the site's one phone number (config/site.ts contact.phone, typed once: every
 * WhatsApp link follows it).
 */
export function chatHref(site: { contact: { phone: { href: string } } }, item: { label: string; href?: string | undefined }): string {
  return item.href ?? whatsappHref(site.contact.phone.href);
}
