/**
 * The mailbox reader's waits (src/leads/server/mailbox/reader.ts `wait`), moved by a test: `pass()`
 * ends the wait under way, or, when the reader is not waiting yet (still reading), the next one
 * it begins; `asked` holds each wait's length, in the order asked. A wake (a new mail, a lost
 * connection, a stop) ends a wait as the real timer's does.
 */
export function readerTime() {
  const pending: (() => void)[] = [];
  const asked: number[] = [];
  let passed = false;
  return {
    asked,
    wait(ms: number, woken: Promise<void>): Promise<void> {
      asked.push(ms);
      if (passed) {
        passed = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        pending.push(resolve);
        void woken.then(() => {
          const at = pending.indexOf(resolve);
          if (at !== -1) pending.splice(at, 1);
          resolve();
        });
      });
    },
    pass(): void {
      if (pending.length === 0) passed = true;
      for (const resolve of pending.splice(0)) resolve();
    },
  };
}
