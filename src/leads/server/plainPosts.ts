/**
 * Forms sent by a browser without JavaScript (or before the page's form code has loaded):
 * a plain urlencoded POST to the same address. The document is built and checked here with
 * the same buildDocument and buildSchema; the visitor is sent back to the page with the
 * outcome in the address (`?sent=…`, `?invalid=…&check=…`, `?failed=…`), and that address
 * is answered with the page's prebuilt variant showing the outcome above it
 * (src/site/forms/model/outcomes.ts): the same words a scripted visitor would see.
 */
import { isUtf8 } from 'node:buffer';
import server from '../../../config/server';
import { buildDocument } from '../../site/forms/model/document';
import { validateValues, type FormValues } from '../../site/forms/model/buildSchema';
import type { FormConfig } from '../../site/forms/model/formSchema';
import { servedRoutes } from '../../site/server/servedContent';

/**
 * Where to send the visitor back to: the address of the page they posted from, when it is a
 * page of this site (config/routes.ts), else `/`. Only a known address ever reaches the
 * Location header: a Referer path such as `//evil.example/x` (or `/\evil.example`,
 * `/..//evil.example`, `/<TAB>/evil.example`, which URL parsing turns into it) would make the
 * browser leave the site.
 */
export function backTo(referer: string | undefined, host: string | undefined): string {
  if (!referer || !host) return '/';
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return '/';
  }
  if (url.host !== host) return '/';
  const page = servedRoutes().resolvePath(url.pathname);
  return page.matched ? page.path : '/';
}

/** Whether the hidden spam-trap field (config/server.ts `spamTrap`) was filled in. */
export function isSpam(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const value = (body as Record<string, unknown>)[server.spamTrap.name];
  return value !== undefined && value !== null && value !== '';
}

/** Where a refused plain post is sent back to: the form's failure outcome. */
export function failedQuery(form: FormConfig): string {
  return `?failed=${encodeURIComponent(form.collection)}`;
}

/** A parsed plain post: each name's value, or null where the bytes were not UTF-8 text. */
export type PostedBody = Record<string, string | null>;

/**
 * Reads a urlencoded body as browsers send it (UTF-8, %-escaped, "+" for spaces). Stricter
 * than URLSearchParams, which would quietly turn bytes that are not UTF-8 (or half of a
 * surrogate pair) into U+FFFD: such a value is null here, and the form refuses it.
 */
export function parseFormBody(bytes: Buffer): PostedBody {
  const utf8 = isUtf8(bytes);
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return null;
    }
  };
  const entries: [string, string | null][] = [];
  for (const pair of bytes.toString(utf8 ? 'utf8' : 'latin1').split('&')) {
    if (pair === '') continue;
    const cut = pair.indexOf('=');
    const name = decode(cut < 0 ? pair : pair.slice(0, cut));
    if (name !== null) entries.push([name, utf8 ? decode(cut < 0 ? '' : pair.slice(cut + 1)) : null]);
  }
  // fromEntries defines own properties: a "__proto__" name is just a name the form does not have.
  return Object.fromEntries(entries);
}

/** The form's values from a plain post: exactly its fields (missing ones empty, unreadable ones null). */
function valuesFromPost(form: FormConfig, body: PostedBody): Record<string, string | null> {
  return Object.fromEntries(form.fields.map((f) => [f.name, Object.hasOwn(body, f.name) ? (body[f.name] ?? null) : '']));
}

export async function handlePlainPost(form: FormConfig, body: PostedBody, save: (document: Record<string, unknown>) => Promise<unknown>): Promise<string> {
  const collection = encodeURIComponent(form.collection);
  const values = valuesFromPost(form, body);
  const failure = await validateValues(form, values);
  if (failure) return `?invalid=${collection}&check=${failure.check}`;
  try {
    // Stored all the same (the caller keeps a plain post in the Spam folder: it carries no solved puzzle).
    await save(buildDocument(form, values as FormValues));
    return `?sent=${collection}`;
  } catch {
    return failedQuery(form);
  }
}
