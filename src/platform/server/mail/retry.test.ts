/** The real retry schedule of config/server.ts, in numbers: what the issue promises. */
import { nextRetry, RETRY_SCHEDULE } from './retry';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;

/** Every wait of the real schedule, in order, until it gives up. */
function waits(): number[] {
  const all: number[] = [];
  for (let attempts = 1; ; attempts++) {
    const wait = nextRetry(attempts);
    if (wait === undefined) return all;
    all.push(wait);
  }
}

test('the first retry comes within 30 s', () => {
  expect(nextRetry(1)).toBeLessThanOrEqual(30 * SECOND);
  expect(nextRetry(1)).toBe(15 * SECOND);
});

test('tries are never more than an hour apart, and back off: each wait at least the one before', () => {
  const all = waits();
  expect(Math.max(...all)).toBe(HOUR);
  all.slice(1).forEach((wait, i) => expect(wait).toBeGreaterThanOrEqual(all[i]!));
  expect(all.slice(0, 5)).toEqual([15, 30, 60, 120, 240].map((s) => s * SECOND));
});

test('it keeps trying for at least 3 days, then gives up (about 80 tries)', () => {
  const all = waits();
  const total = all.reduce((a, b) => a + b, 0);
  expect(total).toBeGreaterThanOrEqual(3 * DAY);
  // Not much longer either: the last wait is what carried it past 3 days.
  expect(total - all.at(-1)!).toBeLessThan(3 * DAY);
  expect(all.length + 1).toBe(80);
});

test('is read from config/server.ts', () => {
  expect(RETRY_SCHEDULE).toEqual({ firstMs: 15 * SECOND, maxMs: HOUR, keepTryingMs: 3 * DAY });
});

test('a short schedule (as tests use) follows the same rule', () => {
  const schedule = { firstMs: 100, maxMs: 300, keepTryingMs: 1000 };
  // 100, 200, 300, 300, 300 (sum 1200 >= 1000): the 6th try is the last.
  expect([1, 2, 3, 4, 5, 6].map((n) => nextRetry(n, schedule))).toEqual([100, 200, 300, 300, 300, undefined]);
});
