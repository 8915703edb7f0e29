/** Counts in the inbox are written as the agency's language writes numbers (config/admin.ts locale). */
import admin from '../../../config/admin';
import { formatCount } from './format';

test('a count is grouped as the locale groups it, never the bare digits', () => {
  const locale = new Intl.NumberFormat(admin.locale);
  for (const count of [0, 7, 999, 1000, 65_334, 100_000, 1_234_567]) expect(formatCount(count)).toBe(locale.format(count));
  // A locale that groups thousands writes 65334 with a separator (en-GB: "65,334").
  if (locale.formatToParts(65_334).some((part) => part.type === 'group')) expect(formatCount(65_334)).not.toBe('65334');
});
