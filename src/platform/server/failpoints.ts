/**
 * Failpoints: named places in the server's code where a test or a bench makes the process die
 * as a power cut would (SIGKILL: nothing flushed, no handler run), to prove what a crash right
 * there leaves behind. Off unless the environment variable FAILPOINTS names them (as fail-rs's
 * FAILPOINTS does), read once when the process starts:
 *
 *   FAILPOINTS='publish.written'               the first time a publish has written its files
 *   FAILPOINTS='newsletter.claimed=250'        the 250th time it is reached
 *   FAILPOINTS='publish.written;publish.recorded'   several, separated by ';'
 *
 * Every failpoint, and what a crash there proves, is in docs/failpoints.md (a test holds the list
 * to the code's calls).
 */

/** The failpoints a FAILPOINTS value turns on: each name, and at which time it is reached it fires (1: the first). */
export function parseFailpoints(value: string): Map<string, number> {
  const on = new Map<string, number>();
  for (const part of value.split(';')) {
    const entry = part.trim();
    if (entry === '') continue;
    const match = /^([a-z][A-Za-z]*(?:\.[a-z][A-Za-z]*)+)(?:=([1-9][0-9]*))?$/.exec(entry);
    if (!match) throw new Error(`FAILPOINTS: "${entry}" is not a failpoint's name (words joined by dots), with "=<n>" to fire at its n-th time.`);
    on.set(match[1]!, Number(match[2] ?? 1));
  }
  return on;
}

/** The failpoints of this process: counts each one's times, says when it fires. */
export class Failpoints {
  private readonly reached = new Map<string, number>();

  constructor(private readonly on: ReadonlyMap<string, number>) {}

  /** Counts one more time at `name`; true when this is the time it fires. */
  fires(name: string): boolean {
    const at = this.on.get(name);
    if (at === undefined) return false;
    const times = (this.reached.get(name) ?? 0) + 1;
    this.reached.set(name, times);
    return times === at;
  }
}

const processFailpoints = new Failpoints(parseFailpoints(process.env.FAILPOINTS ?? ''));

/** A place a crash is survived: the process kills itself here when FAILPOINTS turns `name` on. */
export function failpoint(name: string): void {
  if (processFailpoints.fires(name)) process.kill(process.pid, 'SIGKILL');
}
