/**
 * A lead as the notifications tell it, built once for the mail and the webhook alike: the
 * subject (the form's notify.subject, filled in), the link to it in the inbox, every field
 * by its label with what the visitor typed, and who to reply to. Values stay plain text
 * here; each channel escapes them for where they go. Only http: and https: addresses
 * become links (the portfolio field accepts any text, `javascript:…` included).
 */
import server from '../../../config/server';
import type { FormConfig } from '../../forms/model/formSchema';
import { fill } from '../../shared/text';
import { ADMIN_PAGE } from '../../shared/adminApi';
import { isPlainAddress } from './settings';

export interface LeadLine {
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

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** One line of text, whatever the visitor typed: whitespace runs (line breaks too) become one space. */
export function oneLine(text: string, max = MAX_IN_LINE): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The address a value links to, if it is an http(s) address (a path of this site is made absolute). */
export function linkFor(value: string, publicUrl: string): string | undefined {
  try {
    const url = value.startsWith('/') && !value.startsWith('//') ? new URL(value, `${publicUrl}/`) : new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function inboxLink(publicUrl: string, docId: string): string {
  return `${publicUrl}${ADMIN_PAGE}/leads/${encodeURIComponent(docId)}`;
}

export function describeLead(form: FormConfig, docId: string, document: Record<string, unknown>, publicUrl: string): Lead {
  const values = Object.fromEntries(form.fields.map((f) => [f.name, oneLine(asText(document[f.name]))]));
  const lines: LeadLine[] = form.fields.map((field) => {
    const value = asText(document[field.name]);
    // Links only where an address belongs: the CV's download address, the portfolio's.
    const href = field.kind === 'file' || field.kind === 'url' ? linkFor(value, publicUrl) : undefined;
    // A CV is shown by its full download address (the stored one starts with /api/files/).
    const shown = value === '' ? wording.noValue : field.kind === 'file' && href ? href : value;
    return { label: field.label, value: shown, ...(href ? { href } : {}) };
  });
  lines.push({ label: wording.received, value: asText(document.Date) || wording.noValue });

  const emailField = form.fields.find((f) => f.kind === 'email');
  const nameField = form.fields.find((f) => f.autoComplete === 'name');
  const address = emailField ? asText(document[emailField.name]).trim() : '';
  const replyTo = isPlainAddress(address)
    ? { name: nameField ? oneLine(asText(document[nameField.name])) : '', address }
    : undefined;

  return {
    docId,
    collection: form.collection,
    document,
    subject: oneLine(fill(form.notify.subject, values), 200),
    link: inboxLink(publicUrl, docId),
    lines,
    ...(replyTo ? { replyTo } : {}),
  };
}
