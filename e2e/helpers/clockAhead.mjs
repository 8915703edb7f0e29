// Loaded first into a server a browser test starts (NODE_OPTIONS=--import=<this file>) when the
// test must find a moment come without waiting for it in real time: the server's clock (Date)
// runs CLOCK_AHEAD_MS ahead of the machine's. Its timers keep real time, so a moment set for a
// few seconds after the server's "now" fires a few seconds later (e2e/drafts.e2e.ts).
const ahead = Number(process.env.CLOCK_AHEAD_MS);
if (!Number.isFinite(ahead)) throw new Error(`CLOCK_AHEAD_MS must be a number of milliseconds, not ${process.env.CLOCK_AHEAD_MS}`);

const RealDate = globalThis.Date;
class AheadDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + ahead);
    else super(...args);
  }

  static now() {
    return RealDate.now() + ahead;
  }
}
globalThis.Date = AheadDate;
