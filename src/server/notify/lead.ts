/**
 * A lead as the notifications tell it, built once for the mail and the webhook alike: the
 * subject (the form's notify.subject, filled in), the link to it in the inbox, every field
 * by its label with what the visitor typed, and who to reply to. Values stay plain text
 * here (hidden characters, such as a right-to-left override, shown by their code); each
 * channel escapes them for where they go. Only http: and https: addresses become links (the
 * portfolio field accepts any text, `javascript:…` included), and a CV is never linked by the
 * address the visitor's document holds: its line links to the lead in the inbox, behind the
 * sign-in, where the lead's own upload (and only that) can be downloaded.
 */
import server from '../../../config/server';
import type { FormConfig } from '../../forms/model/formSchema';
import { pickedOf, pickedText } from '../../forms/model/choices';
import { senderFields } from '../../forms/model/registry';
import { formatDate } from '../../shared/received';
import { httpAddress } from '../../shared/links';
import { fill, visible } from '../../shared/text';
import { uploadNamedBy } from '../cvFiles';
import { inboxLink } from '../leads';
import { isPlainAddress } from './settings';

interface LeadLine {
  label: string;
  /** What the visitor sent, as text (may span lines). */
  value: string;
  /** An http(s) address to link the value to (a CV's download address is made absolute). */
  href?: string;
}

export interface Lead {
  docId: string;
  collection: string;
  document: Record<string, unknown>;
  /** One line: the form's notify.subject with the visitor's words in it. */
  subject: string;
  /** The lead in the inbox: <PUBLIC_URL>/admin/leads/<docId>. */
  link: string;
  lines: LeadLine[];
  /** The visitor's e-mail address (the form's e-mail field), for Reply-To. */
  replyTo?: { name: string; address: string };
}

const wording = server.notifications.mail;
/** A value put into a one-line text (subject, summary) is cut here. */
const MAX_IN_LINE = 80;

const asText = (value: unknown) => (value === undefined || value === null ? '' : visible(String(value)));

/** One line of text, whatever the visitor typed: whitespace runs (line breaks too) become one space. */
function oneLine(text: string, max = MAX_IN_LINE): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** `receivedAt`: when our server stored the lead (the mail's "Received", in the agency's time zone: never the visitor's clock). */
export function describeLead(form: FormConfig, docId: string, document: Record<string, unknown>, publicUrl: string, receivedAt: string | number): Lead {
  const values = Object.fromEntries(form.fields.map((f) => [f.name, oneLine(visible(pickedOf(f, document[f.name]).label))]));
  const link = inboxLink(publicUrl, docId);
  const lines: LeadLine[] = form.fields.map((field) => {
    // A choice as the visitor read it, with the value stored when that differs.
    const value = visible(pickedText(pickedOf(field, document[field.name])));
    if (value === '') return { label: field.label, value: wording.noValue };
    // An upload's address: the lead in the inbox. Anything else typed there is only text.
    if (field.kind === 'file') return uploadNamedBy(document[field.name]) ? { label: field.label, value: wording.cvInInbox, href: link } : { label: field.label, value };
    const href = field.kind === 'url' ? httpAddress(value)?.href : undefined;
    return { label: field.label, value, ...(href ? { href } : {}) };
  });
  lines.push({ label: wording.received, value: formatDate(receivedAt) });

  const { name, emails } = senderFields(form);
  const address = emails[0] ? String(document[emails[0].name] ?? '').trim() : '';
  const replyTo = isPlainAddress(address) ? { name: name ? oneLine(asText(document[name.name])) : '', address } : undefined;

  return {
    docId,
    collection: form.collection,
    document,
    subject: oneLine(fill(form.notify.subject, values), 200),
    link,
    lines,
    ...(replyTo ? { replyTo } : {}),
  };
}
