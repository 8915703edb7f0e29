/**
 * The workers' loop (worker.ts): a wake while it sleeps runs a pass at once (its sleep cancelled),
 * a wake during a pass makes one more pass after it and never one beside it, a failed pass is
 * told and the loop goes on, and once stopped nothing runs again, the pass under way finished
 * first; rescheduled (what is due changed), it sleeps again for the new wait, running nothing. The sleep's timer is the test's own: it fires it, nothing waits for real time.
 */
import type { Timers } from './timers';
import { WorkerLoop } from './worker';

/** Timers the test fires itself: each set is kept until cleared or fired. */
function testTimers() {
  let next = 0;
  const set = new Map<number, { run: () => void; ms: number }>();
  const timers: Timers = {
    set: (run, ms) => {
      set.set(++next, { run, ms });
      return next;
    },
    clear: (handle) => void set.delete(handle as number),
  };
  return {
    timers,
    /** The sleeps now set, by their length. */
    pending: () => [...set.values()].map((t) => t.ms),
    /** Fires every sleep now set. */
    fire: () => {
      const due = [...set.entries()];
      set.clear();
      for (const [, t] of due) t.run();
    },
  };
}

/** A loop whose passes the test holds open and lets go of, one by one. */
function testLoop({ wait = 60_000 as number | 'until woken', failWith = undefined as Error | undefined } = {}) {
  const clock = testTimers();
  const failures: unknown[] = [];
  let passes = 0;
  let under = 0;
  let mostAtOnce = 0;
  let release: (() => void) | undefined;
  const started: (() => void)[] = [];
  const loop = new WorkerLoop({
    pass: async () => {
      passes++;
      under++;
      mostAtOnce = Math.max(mostAtOnce, under);
      for (const tell of started.splice(0)) tell();
      await new Promise<void>((resolve) => (release = resolve));
      under--;
      if (failWith) throw failWith;
    },
    failed: (error) => failures.push(error),
    nextWait: () => (wait === 'until woken' ? undefined : wait),
    stopGraceMs: 60_000,
    timers: clock.timers,
  });
  return {
    loop,
    clock,
    failures,
    passes: () => passes,
    mostAtOnce: () => mostAtOnce,
    /** Resolves when the next pass starts. */
    passStarts: () => new Promise<void>((resolve) => started.push(resolve)),
    /** Lets the pass under way end. */
    finishPass: () => release!(),
  };
}

test('a wake while it sleeps runs a pass now, and its sleep is cancelled and set again after', async () => {
  const t = testLoop();
  let starts = t.passStarts();
  t.loop.wake();
  await starts;
  t.finishPass();
  await t.loop.idle();
  expect(t.clock.pending()).toEqual([60_000]);

  starts = t.passStarts();
  t.loop.wake();
  await starts;
  expect(t.passes()).toBe(2);
  // Asleep no more while it runs: the timer is cleared, not left to run a pass beside this one.
  expect(t.clock.pending()).toEqual([]);
  t.finishPass();
  await t.loop.idle();
  expect(t.clock.pending()).toEqual([60_000]);
  await t.loop.stop();
});

test('the sleep ends in a pass; no wait asked, it sleeps until woken', async () => {
  const t = testLoop({ wait: 'until woken' });
  let starts = t.passStarts();
  t.loop.wake();
  await starts;
  t.finishPass();
  await t.loop.idle();
  expect(t.clock.pending()).toEqual([]);

  const timed = testLoop({ wait: 5 });
  starts = timed.passStarts();
  timed.loop.wake();
  await starts;
  timed.finishPass();
  await timed.loop.idle();
  starts = timed.passStarts();
  timed.clock.fire();
  await starts;
  expect(timed.passes()).toBe(2);
  timed.finishPass();
  await timed.loop.stop();
  await t.loop.stop();
});

test('woken during a pass, it runs one more pass after it, never one beside it; wakes together are one', async () => {
  const t = testLoop();
  let starts = t.passStarts();
  t.loop.wake();
  t.loop.wake();
  await starts;
  t.loop.wake();
  t.loop.wake();
  // The wakes reach the loop (after the caller's turn) while the first pass is still under way.
  await new Promise((resolve) => setImmediate(resolve));
  starts = t.passStarts();
  t.finishPass();
  await starts;
  expect(t.passes()).toBe(2);
  t.finishPass();
  await t.loop.idle();
  expect({ passes: t.passes(), mostAtOnce: t.mostAtOnce() }).toEqual({ passes: 2, mostAtOnce: 1 });
  await t.loop.stop();
});

test('a failed pass is told, and the loop sleeps and runs again', async () => {
  const failure = new Error('the table could not be read');
  const t = testLoop({ failWith: failure });
  let starts = t.passStarts();
  t.loop.wake();
  await starts;
  t.finishPass();
  await t.loop.idle();
  expect(t.failures).toEqual([failure]);
  expect(t.clock.pending()).toEqual([60_000]);
  starts = t.passStarts();
  t.clock.fire();
  await starts;
  t.finishPass();
  await t.loop.idle();
  expect(t.failures).toEqual([failure, failure]);
  await t.loop.stop();
});

test('stopped, it lets the pass under way finish and runs nothing again: no wake, no sleep', async () => {
  const t = testLoop();
  const starts = t.passStarts();
  t.loop.wake();
  await starts;
  t.loop.wake();
  await new Promise((resolve) => setImmediate(resolve));
  let stopped = false;
  const stopping = t.loop.stop().then(() => (stopped = true));
  expect(t.loop.stopped).toBe(true);
  // Stopping waits for the pass under way.
  await new Promise((resolve) => setImmediate(resolve));
  expect(stopped).toBe(false);
  t.finishPass();
  await stopping;
  // The wake asked during the pass runs nothing after a stop; nor does a wake or a sleep after it.
  t.loop.wake();
  await new Promise((resolve) => setImmediate(resolve));
  expect({ passes: t.passes(), sleeps: t.clock.pending() }).toEqual({ passes: 1, sleeps: [] });
});

test('a wake not yet run when it stops runs nothing', async () => {
  const t = testLoop();
  t.loop.wake();
  await t.loop.stop();
  await new Promise((resolve) => setImmediate(resolve));
  expect(t.passes()).toBe(0);
});

test('rescheduled, it sets its sleep again from nextWait without a pass; during a pass, or stopped, it sets none', async () => {
  let wait: number | undefined = 60_000;
  const clock = testTimers();
  let passes = 0;
  let release: (() => void) | undefined;
  const loop = new WorkerLoop({
    pass: async () => {
      passes++;
      await new Promise<void>((resolve) => (release = resolve));
    },
    failed: () => undefined,
    nextWait: () => wait,
    stopGraceMs: 60_000,
    timers: clock.timers,
  });
  loop.reschedule();
  expect({ passes, sleeps: clock.pending() }).toEqual({ passes: 0, sleeps: [60_000] });
  wait = 1_000;
  loop.reschedule();
  // The earlier sleep is cleared: one sleep, the new one.
  expect(clock.pending()).toEqual([1_000]);
  wait = undefined;
  loop.reschedule();
  expect(clock.pending()).toEqual([]);

  wait = 5;
  loop.reschedule();
  clock.fire();
  expect(passes).toBe(1);
  wait = 7;
  loop.reschedule();
  // A pass is under way: it sleeps after it, not now.
  expect(clock.pending()).toEqual([]);
  release!();
  await loop.idle();
  expect(clock.pending()).toEqual([7]);
  await loop.stop();
  loop.reschedule();
  expect({ passes, sleeps: clock.pending() }).toEqual({ passes: 1, sleeps: [] });
});
