/** Counts in the inbox are written as the agency's language writes numbers (config/admin.ts locale). */
import admin from '../../../config/admin';
import { attentionWords, fill, formatCount } from './format';

test('a count is grouped as the locale groups it, never the bare digits', () => {
  const locale = new Intl.NumberFormat(admin.locale);
  for (const count of [0, 7, 999, 1000, 65_334, 100_000, 1_234_567]) expect(formatCount(count)).toBe(locale.format(count));
  // A locale that groups thousands writes 65334 with a separator (en-GB: "65,334").
  if (locale.formatToParts(65_334).some((part) => part.type === 'group')) expect(formatCount(65_334)).not.toBe('65334');
});

test('a lead\u2019s wait is said in whole minutes, hours (up to two days) or days, in the locale\u2019s words; nobody waiting, how long ago it was last active', () => {
  const now = Date.parse('2026-06-10T12:00:00.000Z');
  const ago = (ms: number) => ({ waitingSince: new Date(now - ms).toISOString(), activeAt: '2026-06-01T09:00:00.000Z' });
  const unit = (unit: string, value: number) => new Intl.NumberFormat(admin.locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  expect(attentionWords(ago(20_000), now)).toBe(fill(admin.list.waiting, { time: unit('minute', 1) }));
  expect(attentionWords(ago(90_000), now)).toBe(fill(admin.list.waiting, { time: unit('minute', 1) }));
  expect(attentionWords(ago(59 * 60_000), now)).toBe(fill(admin.list.waiting, { time: unit('minute', 59) }));
  expect(attentionWords(ago(5 * 3600_000 + 59 * 60_000), now)).toBe(fill(admin.list.waiting, { time: unit('hour', 5) }));
  expect(attentionWords(ago(47 * 3600_000), now)).toBe(fill(admin.list.waiting, { time: unit('hour', 47) }));
  expect(attentionWords(ago(3 * 86_400_000 + 3600_000), now)).toBe(fill(admin.list.waiting, { time: unit('day', 3) }));
  expect(attentionWords({ waitingSince: null, activeAt: new Date(now - 2 * 86_400_000).toISOString() }, now)).toBe(
    fill(admin.list.lastActivity, { time: unit('day', 2) }),
  );
});
