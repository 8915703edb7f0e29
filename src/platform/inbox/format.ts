/** How the inbox writes dates, sizes and visitors' addresses (config/admin.ts for the words). */
import admin from '../../../config/admin';
import { httpAddress } from '../../schema/links';
import { fill, fillCount, visible } from '../../schema/text';

/** Times in the agency's time zone (config/admin.ts timeZone), as the mail and the CSV write them. */
export { formatDate } from '../received';

const counting = new Intl.NumberFormat(admin.locale);

/** A count as the agency's language writes it (config/admin.ts locale): "65,334" in en-GB. Every count the inbox shows goes through it. */
export const formatCount = (count: number): string => counting.format(count);

/** A length of time as the agency's language writes it: "20 minutes", "5 hours", "3 days" (whole ones, the largest that fits, hours up to two days; a minute at least). */
function duration(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  const [value, unit] = minutes < 60 ? [minutes, 'minute'] : minutes < 48 * 60 ? [Math.floor(minutes / 60), 'hour'] : [Math.floor(minutes / (24 * 60)), 'day'];
  return new Intl.NumberFormat(admin.locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/**
 * A lead's wait in words, as its row and its page say it: "waiting 3 days" since `waitingSince`
 * (config/admin.ts list.waiting), or, when nobody waits, how long ago it was last active.
 */
export function attentionWords(lead: { waitingSince: string | null; activeAt: string }, now = Date.now()): string {
  return lead.waitingSince === null
    ? fill(admin.list.lastActivity, { time: duration(now - Date.parse(lead.activeAt)) })
    : fill(admin.list.waiting, { time: duration(now - Date.parse(lead.waitingSince)) });
}

export function formatSize(bytes: number): string {
  return bytes < 1000 ? `${bytes} B` : bytes < 1_000_000 ? `${Math.round(bytes / 1000)} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * A visitor's text as a link target, only when it is a web address (http: or https:).
 * Anything else (`javascript:alert(1)`, `data:…`, plain words) stays text.
 */
export const webAddress = (value: string): string | undefined => httpAddress(value)?.href;

export { fill, fillCount, visible };

/** A delivery's state in words: a pending one with an error is being retried (a resend clears the error). */
export const deliveryStateLabel = (delivery: { state: 'pending' | 'sent' | 'failed'; lastError: string | null }) =>
  delivery.state === 'pending' && delivery.lastError !== null ? admin.lead.deliveryStates.retrying : admin.lead.deliveryStates[delivery.state];

/**
 * A visitor's e-mail address or phone number as a mailto: or tel: link target, by its field's kind
 * in config/forms ('email', 'tel'). Only a plain address or number becomes one (no ?, &, / or
 * spaces that could add a subject, a body or another recipient); anything else stays text.
 */
export function contactAddress(kind: string | undefined, value: string): string | undefined {
  const text = value.trim();
  if (kind === 'email') return /^[^\s@<>"',;:?#&/\\%]+@[^\s@<>"',;:?#&/\\%]+\.[^\s@<>"',;:?#&/\\%]+$/.test(text) ? `mailto:${text}` : undefined;
  if (kind === 'tel') {
    const number = text.replace(/[\s().-]/g, '');
    return /^\+?\d{3,15}$/.test(number) ? `tel:${number}` : undefined;
  }
  return undefined;
}
