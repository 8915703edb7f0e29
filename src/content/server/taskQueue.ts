/**
 * Work that must not pile up: run one task at a time, let a few wait, and refuse the rest at once
 * (the caller answers 429 with Retry-After), so no number of requests can make the server start
 * more work than it finishes.
 */
export class TaskQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: { waiting: number; concurrent?: number }) {}

  /** The task's result, or undefined when it was refused (too many waiting already). */
  async run<T>(task: () => Promise<T>): Promise<T | undefined> {
    if (this.running >= (this.limits.concurrent ?? 1)) {
      if (this.waiting.length >= this.limits.waiting) return undefined;
      // The slot of the task that ends is handed over: nothing else starts in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
