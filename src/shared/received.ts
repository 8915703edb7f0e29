/**
 * "Received": when our server stored a lead (documents.created_at), written in the agency's
 * time zone and language (config/admin.ts timeZone and locale), whatever the visitor's clock
 * said. The one way the mail, the inbox and the CSV write it (and the inbox its other times).
 */
import admin from '../../config/admin';

const inZone = { timeZone: admin.timeZone } as const;
const dateTime = new Intl.DateTimeFormat(admin.locale, { ...inZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
/** Parts of a spreadsheet's date: year, month, day, hour, minute, second, in the zone. */
const parts = new Intl.DateTimeFormat('en-US', { ...inZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

const timeOfDay = new Intl.DateTimeFormat(admin.locale, { ...inZone, hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A time of today for a person: "16:20:05" (when a draft was last saved). */
export const formatTime = (at: string | number): string => timeOfDay.format(new Date(at));

/** A time for a person: "23 Nov 2026, 16:20 GMT". */
export const formatDate = (at: string | number): string => dateTime.format(new Date(at));

const days = new Intl.DateTimeFormat(admin.locale, { ...inZone, day: 'numeric', month: 'short' });

/** The days from one time to another, for a person: "20–24 Nov" ("24 Nov" when they are one day). */
export const formatDayRange = (from: string | number, to: string | number): string => days.formatRange(new Date(from), new Date(to));

/** A time for a spreadsheet, in the zone: "2026-11-23 16:20:05" (sorts as text, read as a date). */
export function formatCellDate(at: string | number): string {
  const p = Object.fromEntries(parts.formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
