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
import type { FieldConfig, FormConfig } from '../../site/forms/model/formSchema';
import { emptyValue, withHiddenEmptied, type FieldValue } from '../../site/forms/model/conditions';
import type { Served } from '../../site/server/servedContent';

/**
 * Where to send the visitor back to: the address of the page they posted from, when it is a
 * page of this site (config/routes.ts, or a page the served build wrote: an article, a page in
 * another language), else `/`. Only a known address ever reaches the
 * Location header: a Referer path such as `//evil.example/x` (or `/\evil.example`,
 * `/..//evil.example`, `/<TAB>/evil.example`, which URL parsing turns into it) would make the
 * browser leave the site.
 */
export function backTo(referer: string | undefined, host: string | undefined, served: Pick<Served, 'pageAddressOf'>): string {
  if (!referer || !host) return '/';
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return '/';
  }
  if (url.host !== host) return '/';
  return served.pageAddressOf(url.pathname) ?? '/';
}

/** Whether the hidden spam-trap field (config/server.ts `spamTrap`) was filled in. */
export function isSpam(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const posted = (body as Record<string, unknown>)[server.spamTrap.name];
  const values: unknown[] = Array.isArray(posted) ? posted : [posted];
  return values.some((value) => value !== undefined && value !== null && value !== '');
}

/** Where a refused plain post is sent back to: the form's failure outcome. */
export function failedQuery(form: FormConfig): string {
  return `?failed=${encodeURIComponent(form.collection)}`;
}

/**
 * A parsed plain post: each name's value, or null where the bytes were not UTF-8 text; a name
 * sent more than once (the ticked boxes of a checkboxes field) has the list of its values.
 */
export type PostedBody = Record<string, string | null | (string | null)[]>;

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
  // Own properties (defineProperty, as fromEntries): a "__proto__" name is just a name the form does not have.
  const body: PostedBody = {};
  for (const [name, value] of entries) {
    const before = Object.hasOwn(body, name) ? body[name] : undefined;
    Object.defineProperty(body, name, {
      value: before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return body;
}

const last = (value: PostedBody[string]) => (Array.isArray(value) ? (value[value.length - 1] ?? null) : value);

/**
 * A field's value as posted: checkboxes the list of ticked options, consent true when ticked,
 * other fields their text (the last one, when a name came twice). Missing: its empty answer.
 */
function postedValue(field: FieldConfig, body: PostedBody): FieldValue | null {
  if (!Object.hasOwn(body, field.name)) return emptyValue(field);
  const posted = body[field.name]!;
  if (field.kind === 'checkboxes') {
    const list = Array.isArray(posted) ? posted : [posted];
    return list.some((v) => v === null) ? null : (list as string[]);
  }
  if (field.kind === 'consent') return last(posted) === 'true' ? true : last(posted);
  return last(posted);
}

/** Whether a body is a plain post as parseFormBody reads it: each name's text (or texts), or null. */
const isPostedBody = (body: unknown): body is PostedBody =>
  typeof body === 'object' &&
  body !== null &&
  !Array.isArray(body) &&
  Object.values(body).every(
    (value) => value === null || typeof value === 'string' || (Array.isArray(value) && value.every((v) => v === null || typeof v === 'string')),
  );

/**
 * The form's values from a plain post: exactly its fields (missing ones empty, unreadable ones
 * null). Without JavaScript the visitor saw every field: an answer to one its condition hides
 * is dropped (emptied), not refused.
 */
function valuesFromPost(form: FormConfig, body: unknown): Record<string, FieldValue | null> {
  const posted: PostedBody = isPostedBody(body) ? body : {};
  return withHiddenEmptied(form, Object.fromEntries(form.fields.map((f) => [f.name, postedValue(f, posted)])));
}

export async function handlePlainPost(form: FormConfig, body: unknown, save: (document: Record<string, unknown>) => Promise<unknown>): Promise<string> {
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
