/** How the inbox writes dates, sizes and visitors' addresses (config/admin.ts for the words). */
import admin from '../../config/admin';
import { httpAddress } from '../shared/links';
import { fill, visible } from '../shared/text';

/** Times in the agency's time zone (config/admin.ts timeZone), as the mail and the CSV write them. */
export { formatDate } from '../shared/received';

export function formatSize(bytes: number): string {
  return bytes < 1000 ? `${bytes} B` : bytes < 1_000_000 ? `${Math.round(bytes / 1000)} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * A visitor's text as a link target, only when it is a web address (http: or https:).
 * Anything else (`javascript:alert(1)`, `data:…`, plain words) stays text.
 */
export const webAddress = (value: string): string | undefined => httpAddress(value)?.href;

/** The name a form goes by in the inbox. */
export const formLabel = (form: string) => admin.forms[form as keyof typeof admin.forms] ?? form;

export { fill, visible };
