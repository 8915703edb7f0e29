/**
 * A signal that something may have changed (a mail taken, a reading done, a row written): whoever
 * waits on it looks again. The mailbox reader tells of its readings with one; the tests' receivers too.
 */
export class Changes {
  private readonly listeners = new Set<() => void>();

  /** Something changed: every waiter looks again. */
  readonly notify = (): void => {
    for (const listener of [...this.listeners]) listener();
  };

  /** Calls `listener` at each change until the returned function is called. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
