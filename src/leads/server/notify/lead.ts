/**
 * A lead as the notifications tell it, built once for the mail and the webhook alike: the
 * subject (the form's notify.subject, filled in), the link to it in the inbox, every field
 * by its label with what the visitor typed, and who to reply to. Values stay plain text
 * here (hidden characters, such as a right-to-left override, shown by their code); each
 * channel escapes them for where they go. Only http: and https: addresses become links (the
 * portfolio field accepts any text, `javascript:…` included), and a CV is never linked by the
 * address the visitor's document holds: the lead's own upload (src/leads/server/cvFiles.ts, as the
 * inbox decides it) is a line linking to the lead in the inbox, behind the sign-in, where it
 * can be downloaded; anything else in the field (another lead's upload address included) is
 * only the text typed, as the inbox shows it.
 */
import server from '../../../../config/server';
import type { FormConfig } from '../../../site/forms/model/formSchema';
import { shownFields } from '../../../site/forms/model/conditions';
import { answerText } from '../../model/leadFields';
import { senderFields } from '../../../site/forms/model/registry';
import { formatDate } from '../../../platform/received';
import { httpAddress } from '../../../schema/links';
import { cutAtWord, fill, visible } from '../../../schema/text';
import { inboxLink } from '../leads';
import type { LeadSource } from '../sources';
import type { LeadLanguage } from '../../model/adminApi';
import { sourceTexts } from '../../model/sourceWords';
import { ATTRIBUTION_KEYS } from '../../../site/model/attribution';
import admin from '../../../../config/admin';
import { isPlainAddress } from '../../../platform/server/mail/settings';

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
  /** What the visitor sent, field by field. */
  lines: LeadLine[];
  /** What only the agency needs: when it arrived and where the visitor came from. */
  agencyLines: LeadLine[];
  /** The visitor's e-mail address (the form's e-mail field), for Reply-To. */
  replyTo?: { name: string; address: string };
  /** Where the lead came from (src/leads/server/sources.ts), when its post said: also lines of the mail. */
  source?: LeadSource;
  /** The language it was sent in, on a site in more than one (src/leads/server/leadLanguages.ts languageOfLead): also a line of the mail. */
  language?: LeadLanguage;
}

const wording = server.notifications.mail;
/** A value put into a one-line text (subject, summary) is cut here. */
const MAX_IN_LINE = 80;

const asText = (value: unknown) => (value === undefined || value === null ? '' : visible(String(value)));

/** One line of text, whatever the visitor typed: whitespace runs (line breaks too) become one space; cut at a word. */
const oneLine = (text: string, max = MAX_IN_LINE): string => cutAtWord(text.replace(/\s+/g, ' ').trim(), max);

/**
 * `receivedAt`: when our server stored the lead (the mail's "Received", in the agency's time zone:
 * never the visitor's clock); `language`: the language it was sent in, on a site in more than one; `ownsUpload`: whether a file field's value names an upload of this
 * lead's own (src/leads/server/cvFiles.ts ownsUpload).
 */
export function describeLead(
  form: FormConfig,
  docId: string,
  document: Record<string, unknown>,
  publicUrl: string,
  receivedAt: string | number,
  { source, language, ownsUpload }: { source?: LeadSource; language?: LeadLanguage; ownsUpload: (value: unknown) => boolean },
): Lead {
  const values = Object.fromEntries(form.fields.map((f) => [f.name, oneLine(visible(answerText(f, document[f.name], false)))]));
  const link = inboxLink(publicUrl, docId);
  // The fields shown for these answers (a field its answers hide is not listed).
  const shown = shownFields(form, document);
  const lines: LeadLine[] = form.fields
    .filter((field) => shown.has(field.name))
    .map((field) => {
      // A choice as the visitor read it, with the value stored when that differs; a ticked box in words.
      const value = visible(answerText(field, document[field.name]));
      if (value === '') return { label: field.label, value: wording.noValue };
      // The lead's own upload: the lead in the inbox. Anything else typed there (another lead's upload too) is only text.
      if (field.kind === 'file')
        return ownsUpload(document[field.name]) ? { label: field.label, value: wording.cvInInbox, href: link } : { label: field.label, value };
      const href = field.kind === 'url' ? httpAddress(value)?.href : undefined;
      return { label: field.label, value, ...(href ? { href } : {}) };
    });
  const agencyLines: LeadLine[] = [{ label: wording.received, value: formatDate(receivedAt) }];
  // Where it came from: what was recorded, by the inbox's labels (config/admin.ts sources).
  if (source) {
    const texts = sourceTexts(source);
    for (const key of ATTRIBUTION_KEYS) if (texts[key] !== '') agencyLines.push({ label: admin.sources.labels[key], value: asText(texts[key]) });
  }
  // The language it was sent in, by its own name, as the inbox names it (only on a site in more than one).
  if (language) agencyLines.push({ label: admin.languages.language, value: language.name });

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
    agencyLines,
    ...(replyTo ? { replyTo } : {}),
    ...(source ? { source } : {}),
    ...(language ? { language } : {}),
  };
}
