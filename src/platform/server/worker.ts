/**
 * The loop of a worker that does what a table says is due, in the server's own process (the
 * notifications' deliveries: src/leads/server/notify/worker.ts; the newsletter's send queue:
 * src/newsletter/server/queue.ts; the content's scheduled publishes: src/content/server/schedule.ts):
 * it runs a pass, then sleeps until the next row is due or it is woken. One pass at a time: a wake during a pass makes one more pass after it (what woke it
 * may have been written after the pass read the table), never a second pass beside it. Wakes
 * come after the caller's transaction (a new lead's, a newsletter sent), several at once as one.
 */
import { realTimers, type Timers } from './timers';

export interface WorkerLoopOptions {
  /** One pass: does everything due now (it may look at `stopped` between two things). */
  pass(): Promise<void>;
  /** A pass threw: the loop sleeps as after any pass and tries again then. */
  failed(error: unknown): void;
  /** After a pass: how long to sleep before the next (ms), or undefined to sleep until woken. */
  nextWait(): number | undefined;
  /** On stopping, a pass under way gets this long to finish (ms). */
  stopGraceMs: number;
  /** The sleep's timer (default: Node's, not keeping the process alive); tests fire it themselves. */
  timers?: Timers;
}

export class WorkerLoop {
  private readonly timers: Timers;
  private timer: unknown;
  private woken = false;
  private running: Promise<void> | undefined;
  private again = false;
  private stopping = false;

  constructor(private readonly options: WorkerLoopOptions) {
    this.timers = options.timers ?? realTimers;
  }

  /** Once stopped, no pass starts; a pass under way may read this to end early. */
  get stopped(): boolean {
    return this.stopping;
  }

  /** Look at the table soon: after the caller's transaction, and after what it answers. */
  wake(): void {
    if (this.stopping || this.woken) return;
    this.woken = true;
    setImmediate(() => {
      this.woken = false;
      void this.run();
    });
  }

  /**
   * What is due changed (a row added or taken away) without anything to do now: the sleep is set
   * again from `nextWait`, unless a pass is under way (it sleeps after it) or the loop stopped.
   */
  reschedule(): void {
    if (!this.running) this.sleep();
  }

  /** Resolves when no pass is under way. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    if (this.stopping) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.cancelSleep();
    this.running = (async () => {
      do {
        this.again = false;
        await this.options.pass();
      } while (this.again && !this.stopping);
    })().catch((error: unknown) => this.options.failed(error));
    await this.running;
    this.running = undefined;
    this.sleep();
  }

  private sleep(): void {
    if (this.stopping) return;
    const wait = this.options.nextWait();
    this.cancelSleep();
    if (wait !== undefined) this.timer = this.timers.set(() => void this.run(), wait);
  }

  private cancelSleep(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
  }

  /** Stops: no pass starts again; the one under way gets `stopGraceMs` to finish. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.cancelSleep();
    if (this.running) await Promise.race([this.running, new Promise((resolve) => setTimeout(resolve, this.options.stopGraceMs).unref())]);
  }
}
