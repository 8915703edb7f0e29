/**
 * Wrong passwords at the sign-in, counted per account from one client (the e-mail typed, whether
 * or not it has an account, so the answer says nothing about which exist, with the client's
 * address: an IPv6 /64 is one client) and per client across accounts, in the database (a restart
 * forgives no one). Never per account alone: a stranger's wrong passwords for the owner's
 * address slow and refuse the stranger, not the owner signing in from elsewhere. Past `slowAfter` failures in the window each answer
 * waits, twice as long each time; past `refuseAfter` every try is refused (429) until the
 * window since the first failure has passed. A try counts as failed from the moment it starts,
 * until its password proves right: tries sent all at once cannot slip past the count.
 * A known browser's tries (knownBrowser.ts) are counted per its cookie instead, with their own limits.
 */
import server from '../../../../config/server';
import { clientKey } from '../rateLimit';
import { lazyStatements, type HasDatabase } from '../statements';

const settings = server.admin.signIn;
const WINDOW_MS = settings.windowMinutes * 60 * 1000;

/** Refused, or let through after `delayMs`; `priorFailures`: the client's failures before this try. */
type Verdict = { refusedForSeconds: number } | { delayMs: number; priorFailures: number };

/** Who tries: a client at an address, or a known browser (knownBrowser.ts: the cookie's id). */
export interface Trier {
  account: string;
  address: string;
  knownBrowser?: string | undefined;
  /** The second step after a right password (secondFactor.ts): counted per account from anywhere, which no right password forgives. */
  secondStep?: true;
}

/** An address counts as its client, as in the forms' rate limits: an IPv6 network (a /64) is one client. */
const signInClient = (address: string) => clientKey(address, server.limits.ipv6ClientBits);

/** The counts a try adds to, with their limits, and what a right password does to each (forget it, or take this try off). */
function countsOf({
  account,
  address,
  knownBrowser,
  secondStep,
}: Trier): { key: string; limits: { slowAfter: number; refuseAfter: number }; onSuccess: 'forget' | 'uncount' }[] {
  // Whoever reaches the second step has the password: its codes are counted per account wherever they come from.
  if (secondStep)
    return [
      { key: `second:${account}`, limits: settings.secondFactor.perAccount, onSuccess: 'forget' },
      { key: `address:${signInClient(address)}`, limits: settings.perAddress, onSuccess: 'uncount' },
    ];
  // A known browser's tries count against its cookie alone: strangers' failures from its address do not refuse it.
  if (knownBrowser !== undefined) return [{ key: `browser:${knownBrowser}`, limits: settings.knownBrowser.perBrowser, onSuccess: 'forget' }];
  return [
    { key: `account:${signInClient(address)}:${account}`, limits: settings.perAccount, onSuccess: 'forget' },
    { key: `address:${signInClient(address)}`, limits: settings.perAddress, onSuccess: 'uncount' },
  ];
}

function delayFor(failures: number, { slowAfter }: { slowAfter: number }): number {
  if (failures < slowAfter) return 0;
  return Math.min(settings.maxDelaySeconds, settings.firstDelaySeconds * 2 ** (failures - slowAfter)) * 1000;
}

export function signInThrottle(store: HasDatabase, clock: () => number) {
  const q = lazyStatements(store, (db) => ({
    read: db.prepare('SELECT failures, first_at AS firstAt FROM sign_in_failures WHERE key = ?'),
    count: db.prepare('INSERT INTO sign_in_failures (key, failures, first_at) VALUES (?, 1, ?) ON CONFLICT (key) DO UPDATE SET failures = failures + 1'),
    forget: db.prepare('DELETE FROM sign_in_failures WHERE key = ?'),
    uncount: db.prepare('UPDATE sign_in_failures SET failures = failures - 1 WHERE key = ? AND failures > 0'),
  }));

  return {
    /** Before a password is checked: refused, or counted (as a failure until `succeeded`) with the delay to wait first. */
    begin(trier: Trier): Verdict {
      const { read, count } = q();
      return store.db.transaction((): Verdict => {
        const now = clock();
        sweepFailures(store, now);
        const counts = countsOf(trier).map((c) => ({ ...c, row: read.get(c.key) as { failures: number; firstAt: number } | undefined }));
        const refusedUntil = Math.max(0, ...counts.map(({ row, limits }) => (row && row.failures >= limits.refuseAfter ? row.firstAt + WINDOW_MS : 0)));
        if (refusedUntil > now) return { refusedForSeconds: Math.max(1, Math.ceil((refusedUntil - now) / 1000)) };
        for (const { key } of counts) count.run(key, now);
        return {
          delayMs: Math.max(...counts.map(({ row, limits }) => delayFor(row?.failures ?? 0, limits))),
          priorFailures: Math.max(...counts.map(({ row }) => row?.failures ?? 0)),
        };
      })();
    },
    /** The try was refused before its password was checked (too many waiting): it counts for nothing. */
    notTried(trier: Trier): void {
      for (const { key } of countsOf(trier)) q().uncount.run(key);
    },
    /** The password was right: the account's count from this client (or the browser's) starts again; the client's loses this try. */
    succeeded(trier: Trier): void {
      for (const { key, onSuccess } of countsOf(trier)) q()[onSuccess].run(key);
    },
  };
}

/** Deletes counts whose window has passed. */
export function sweepFailures(store: HasDatabase, now: number): void {
  store.db.prepare('DELETE FROM sign_in_failures WHERE first_at <= ?').run(now - WINDOW_MS);
}
