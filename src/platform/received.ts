/**
 * "Received": when our server stored a lead (documents.created_at), written in the agency's
 * time zone and language (config/admin.ts timeZone and locale), whatever the visitor's clock
 * said. The one way the mail, the inbox and the CSV write it (and the inbox its other times).
 */
import admin from '../../config/admin';

const inZone = { timeZone: admin.timeZone } as const;
const dateTime = new Intl.DateTimeFormat(admin.locale, {
  ...inZone,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});
/** Parts of a spreadsheet's date: year, month, day, hour, minute, second, in the zone. */
const parts = new Intl.DateTimeFormat('en-US', {
  ...inZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const timeOfDay = new Intl.DateTimeFormat(admin.locale, { ...inZone, hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A time of today for a person: "16:20:05" (when a draft was last saved). */
export const formatTime = (at: string | number): string => timeOfDay.format(new Date(at));

/** A time for a person: "23 Nov 2026, 16:20 GMT". */
export const formatDate = (at: string | number): string => dateTime.format(new Date(at));

const wallClock = new Intl.DateTimeFormat(admin.locale, {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** What a browser's `Date.toString()` writes: "Fri Nov 27 2026 10:30:00 GMT+0100 (Central European Standard Time)". */
const BROWSER_DATE = /^[A-Z][a-z]{2} ([A-Z][a-z]{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):\d{2} GMT([+-])(\d{2})(\d{2})(?: \(([^()]{1,80})\))?$/;

/**
 * The time a visitor's browser wrote (the `Date` every form sends), for a person: the time on
 * their clock in the agency's way of writing dates ("27 Nov 2026, 10:30"), and their time zone
 * as their browser named it ("Central European Standard Time", or "GMT+01:00"). Undefined when
 * it is not what a browser writes.
 */
export function browserClock(written: unknown): { date: string; zone: string } | undefined {
  const match = typeof written === 'string' ? BROWSER_DATE.exec(written) : null;
  if (!match) return undefined;
  const [, month, day, year, hour, minute, sign, offsetHours, offsetMinutes, zoneName] = match;
  const monthIndex = MONTHS.indexOf(month!);
  const at = Date.UTC(Number(year), monthIndex, Number(day), Number(hour), Number(minute));
  if (monthIndex < 0 || Number.isNaN(at) || new Date(at).getUTCDate() !== Number(day)) return undefined;
  return { date: wallClock.format(at), zone: zoneName ?? `GMT${sign}${offsetHours}:${offsetMinutes}` };
}

const days = new Intl.DateTimeFormat(admin.locale, { ...inZone, day: 'numeric', month: 'short' });

/** The days from one time to another, for a person: "20–24 Nov" ("24 Nov" when they are one day). */
export const formatDayRange = (from: string | number, to: string | number): string => days.formatRange(new Date(from), new Date(to));

/** A time for a spreadsheet, in the zone: "2026-11-23 16:20:05" (sorts as text, read as a date). */
export function formatCellDate(at: string | number): string {
  const p = Object.fromEntries(parts.formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/*
 * Days in the agency's zone: a follow-up date is one (YYYY-MM-DD, no time), "today" is the
 * agency's today, and the daily mail goes at an hour of the agency's day.
 */
const dayParts = (at: number) => Object.fromEntries(parts.formatToParts(new Date(at)).map((part) => [part.type, part.value])) as Record<string, string>;

/** The agency's day of a moment: "2026-11-23". */
export function dayOf(at: number): string {
  const p = dayParts(at);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The hour (0 to 23) of a moment on the agency's clock. */
export const hourOf = (at: number): number => Number(dayParts(at).hour);

/** The day `days` after (or before) a day: "2026-11-23", 9 -> "2026-12-02". */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** How far the agency's clock is ahead of UTC at a moment, in ms. */
function offsetAt(at: number): number {
  const p = dayParts(at);
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - Math.floor(at / 1000) * 1000;
}

/**
 * The moment a day's hour begins on the agency's clock ("2026-03-29", 8 -> 07:00 UTC in London's
 * summer time). An hour the clock skips (a change to summer time) begins when the clock reaches
 * the hour after it.
 */
export function momentOf(day: string, hour: number): number {
  const wall = Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000;
  const first = wall - offsetAt(wall);
  const moment = wall - offsetAt(first);
  return hourOf(moment) === hour || moment >= first ? moment : first;
}

const dayWords = new Intl.DateTimeFormat(admin.locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

/** A day for a person: "2026-11-23" -> "23 Nov 2026". */
export const formatDay = (day: string): string => dayWords.format(new Date(`${day}T00:00:00Z`));
