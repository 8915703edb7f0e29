/**
 * When a delivery that failed is tried again (config/server.ts notifications.retry): after
 * `first`, then twice as late each time, never more than `max` apart, until the waits add up
 * to `keepTrying`; the try after that is the last, and if it fails too the delivery is
 * marked failed. Counted in tries, not on the clock: a server that was stopped for a while
 * does not use up the time, so a receiver always gets at least `keepTrying` of chances.
 */
import server from '../../../../config/server';

export interface RetrySchedule {
  /** Wait before the first retry, in ms. */
  firstMs: number;
  /** Longest wait between two tries, in ms. */
  maxMs: number;
  /** How long to keep trying, in ms of waits added up. */
  keepTryingMs: number;
}

const { retry } = server.notifications;
export const RETRY_SCHEDULE: RetrySchedule = {
  firstMs: retry.firstSeconds * 1000,
  maxMs: retry.maxSeconds * 1000,
  keepTryingMs: retry.forDays * 86_400_000,
};

/**
 * What to do after try number `attempts` (1 for the first) failed: the wait before the next
 * try, in ms, or undefined when it was the last.
 */
export function nextRetry(attempts: number, schedule: RetrySchedule = RETRY_SCHEDULE): number | undefined {
  let waited = 0;
  let wait = schedule.firstMs;
  for (let n = 1; n < attempts; n++) {
    waited += wait;
    if (waited >= schedule.keepTryingMs) return undefined;
    wait = Math.min(wait * 2, schedule.maxMs);
  }
  return wait;
}
