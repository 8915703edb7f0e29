/**
 * Timers that a test can fire itself (after moving its clock): the scheduled publishes
 * (src/content/server/schedule.ts) and the owners' daily mail (src/leads/server/notify/digest.ts)
 * wait on them.
 */
export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** Node's timers, not keeping the process alive. */
export const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
