/**
 * The words of a mail to a visitor filled in the reader's language: each figure and date written
 * as that language writes them (Intl: "1.000" and "28. Dezember 2026" in German, "1,000" and
 * "28 December 2026" in British English), by its code (config/site.ts languages). The one way
 * every mail to a visitor (the auto-reply, the newsletter's confirmation, the newsletter) writes
 * a number or a date. A date is the day in the agency's time zone (config/admin.ts timeZone).
 */
import admin from '../../config/admin';
import { fill } from '../schema/text';

/** A value a mail's words may be filled with: words as they are, a figure, a day. */
type MailValue = string | number | Date;

/** A figure or a day as the language writes it; words as they are. */
function formatIn(language: string, value: MailValue): string {
  if (typeof value === 'number') return new Intl.NumberFormat(language).format(value);
  if (value instanceof Date) return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: admin.timeZone }).format(value);
  return value;
}

/** Fills a mail's words (schema/text.ts fill) with its values written in the language. */
export function fillIn(language: string, template: string, values: Readonly<Record<string, MailValue>>): string {
  return fill(template, Object.fromEntries(Object.entries(values).map(([key, value]) => [key, formatIn(language, value)])));
}
