/**
 * Money as the agency types and reads it (config/admin.ts locale and currency), in whole minor
 * units; and the agency's days and hours across its clock's changes (the follow-ups, the daily mail).
 */
import admin from '../../../config/admin';
import { formatMoney, MINOR_DIGITS, moneyCell, moneyText, parseMoney, VALUE_MAX } from './pipeline';
import { addDays, dayOf, hourOf, momentOf } from '../../platform/received';

const unit = 10 ** MINOR_DIGITS;
const parts = Object.fromEntries(new Intl.NumberFormat(admin.locale).formatToParts(12345.6).map((p) => [p.type, p.value]));

it('reads an amount as typed, grouped or not, with the currency or not; refuses what is no amount', () => {
  const amount = 12_500 * unit + (MINOR_DIGITS > 0 ? 5 * 10 ** (MINOR_DIGITS - 1) : 0);
  for (const minor of [0, 1, amount, VALUE_MAX]) {
    expect(parseMoney(formatMoney(minor))).toBe(minor);
    expect(parseMoney(moneyText(minor))).toBe(minor);
  }
  expect(parseMoney(`12${parts.group}500`)).toBe(12_500 * unit);
  expect(parseMoney(' 12500 ')).toBe(12_500 * unit);
  expect(parseMoney(`${admin.currency} 300`)).toBe(300 * unit);
  expect(parseMoney('')).toBeNull();
  expect(parseMoney('  ')).toBeNull();
  for (const wrong of ['-5', 'ten', '1e6', `12${parts.group}50`, `1${parts.decimal}${'5'.repeat(MINOR_DIGITS + 1)}`, '12 500 x', `${parts.decimal}5`])
    expect(parseMoney(wrong)).toBeUndefined();
  expect(parseMoney('9'.repeat(20))).toBeUndefined();
  // A spreadsheet's cell: the amount with a dot, whatever the language.
  expect(moneyCell(amount)).toBe((amount / unit).toFixed(MINOR_DIGITS));
  expect(moneyCell(null)).toBe('');
});

it("finds the moment an hour of the agency's day begins, its clock's changes included", () => {
  for (const day of ['2026-01-15', '2026-03-29', '2026-07-01', '2026-10-25']) {
    for (const hour of [0, 8, 23]) {
      const moment = momentOf(day, hour);
      expect([dayOf(moment), hourOf(moment)]).toEqual([day, hour]);
      // The hour has only just begun: a minute before, the clock showed another hour.
      expect(hourOf(moment - 60_000)).not.toBe(hour);
    }
  }
  expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
});
